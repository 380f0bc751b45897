import { sql } from 'drizzle-orm';
import { boolean, check, date, doublePrecision, index, integer, jsonb, pgTable, primaryKey, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { usuarios } from './usuarios.ts';
import { vehiculos } from './vehiculos.ts';

/**
 * "Mi calle" (docs/decisions/056-mi-calle.md): collection zones, the services that pass in each
 * with their days, one-off changes, the town's street index, and the residents' subscriptions.
 */

/** What a service does on a holiday of the `feriados` table. */
export const REGLAS_FERIADO = ['sin_servicio', 'dia_habil_siguiente', 'guardia'] as const;

/** A one-off change for a date: the service does not pass, or passes on a day it does not usually. */
export const TIPOS_CAMBIO_RECOLECCION = ['suspendido', 'pasada_extra'] as const;

/**
 * Which house numbers of its range a street's stretch carries: all, or one side of the street (the
 * even or the odd numbers), whose line may fall in another zone than the other side's.
 */
export const PARIDADES_CALLE = ['todos', 'pares', 'impares'] as const;
export type ParidadCalle = (typeof PARIDADES_CALLE)[number];

/** A GeoJSON MultiPolygon's coordinates ([longitude, latitude], WGS 84): a zone is always stored as one. */
export type MultiPoligono = [number, number][][][];

/** A GeoJSON LineString's coordinates ([longitude, latitude], WGS 84): a street's stretch. */
export type Linea = [number, number][];

/**
 * A collection zone: its area as a MultiPolygon and the box around it (to look a point up without
 * reading every polygon). `slug` names it in addresses (/recoleccion/{slug}.ics) and never changes
 * once calendars are subscribed to it.
 */
export const zonasRecoleccion = pgTable(
  'zonas_recoleccion',
  {
    id: serial('id').primaryKey(),
    slug: text('slug').notNull().unique(),
    nombre: text('nombre').notNull(),
    descripcion: text('descripcion').notNull().default(''),
    geometria: jsonb('geometria').$type<MultiPoligono>().notNull(),
    minLatitud: doublePrecision('min_latitud').notNull(),
    maxLatitud: doublePrecision('max_latitud').notNull(),
    minLongitud: doublePrecision('min_longitud').notNull(),
    maxLongitud: doublePrecision('max_longitud').notNull(),
    orden: integer('orden').notNull().default(0),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check('zonas_recoleccion_slug', sql`${t.slug} ~ '^[a-z0-9]+(-[a-z0-9]+)*$' and length(${t.slug}) <= 60`),
    check('zonas_recoleccion_nombre', sql`btrim(${t.nombre}) <> '' and length(${t.nombre}) <= 80`),
    check('zonas_recoleccion_caja', sql`${t.minLatitud} <= ${t.maxLatitud} and ${t.minLongitud} <= ${t.maxLongitud}`),
  ],
);

/**
 * A service that passes in a zone (húmedos, secos, poda y ramas, voluminosos…): its days as an
 * iCalendar RRULE (RFC 5545 §3.3.10, without DTSTART: it counts from `desde`), its time window
 * (both null: all day), what it does on a holiday, and which vehicles do it (`servicioVehiculo`,
 * the vehicles' own service) for «¿Cuándo pasó?» and the coverage.
 */
export const serviciosRecoleccion = pgTable(
  'servicios_recoleccion',
  {
    id: serial('id').primaryKey(),
    zonaId: integer('zona_id')
      .notNull()
      .references(() => zonasRecoleccion.id, { onDelete: 'cascade' }),
    slug: text('slug').notNull(),
    nombre: text('nombre').notNull(),
    regla: text('regla').notNull(),
    desde: date('desde', { mode: 'string' }).notNull(),
    /** HH:MM in Argentina's time; both or neither. */
    horaDesde: text('hora_desde'),
    horaHasta: text('hora_hasta'),
    feriado: text('feriado', { enum: REGLAS_FERIADO }).notNull().default('sin_servicio'),
    /** The name of the holiday round ("Recorrido de guardia") when `feriado` is 'guardia'. */
    guardia: text('guardia'),
    servicioVehiculo: text('servicio_vehiculo').notNull().default('recoleccion'),
    /** Who gets the daily coverage summary of this service (staff, not a resident: kept plain). */
    supervisorEmail: text('supervisor_email'),
    orden: integer('orden').notNull().default(0),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('servicios_recoleccion_slug_idx').on(t.zonaId, t.slug),
    check('servicios_recoleccion_slug', sql`${t.slug} ~ '^[a-z0-9]+(-[a-z0-9]+)*$' and length(${t.slug}) <= 60`),
    check('servicios_recoleccion_nombre', sql`btrim(${t.nombre}) <> '' and length(${t.nombre}) <= 80`),
    check('servicios_recoleccion_feriado', sql`${t.feriado} in ('sin_servicio', 'dia_habil_siguiente', 'guardia')`),
    check('servicios_recoleccion_ventana', sql`(${t.horaDesde} is null) = (${t.horaHasta} is null)`),
    check('servicios_recoleccion_vehiculo', sql`${t.servicioVehiculo} in ('recoleccion', 'vialidad')`),
  ],
);

/**
 * A one-off change for a date in a zone ("mañana no hay recolección por nevada", an extra pass),
 * for one service or, with `servicioId` null, every service of the zone. `avisadoEn` is when the
 * subscribers of the zone were mailed about it (null: not yet).
 */
export const cambiosRecoleccion = pgTable(
  'cambios_recoleccion',
  {
    id: serial('id').primaryKey(),
    zonaId: integer('zona_id')
      .notNull()
      .references(() => zonasRecoleccion.id, { onDelete: 'cascade' }),
    servicioId: integer('servicio_id').references(() => serviciosRecoleccion.id, { onDelete: 'cascade' }),
    fecha: date('fecha', { mode: 'string' }).notNull(),
    tipo: text('tipo', { enum: TIPOS_CAMBIO_RECOLECCION }).notNull(),
    motivo: text('motivo').notNull(),
    horaDesde: text('hora_desde'),
    horaHasta: text('hora_hasta'),
    /** The staff user who added it, shown only in the back-office (null: the site itself, or an account since deleted). */
    creadoPor: integer('creado_por').references(() => usuarios.id, { onDelete: 'set null' }),
    avisadoEn: timestamp('avisado_en', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('cambios_recoleccion_zona_idx').on(t.zonaId, t.fecha),
    index('cambios_recoleccion_sin_aviso_idx')
      .on(t.createdAt)
      .where(sql`${t.avisadoEn} is null`),
    check('cambios_recoleccion_tipo', sql`${t.tipo} in ('suspendido', 'pasada_extra')`),
    check('cambios_recoleccion_motivo', sql`btrim(${t.motivo}) <> '' and length(${t.motivo}) <= 300`),
    check('cambios_recoleccion_ventana', sql`(${t.horaDesde} is null) = (${t.horaHasta} is null)`),
  ],
);

/**
 * The town's street index: one row per stretch of a street with its number range, loaded by staff
 * from a CSV or GeoJSON. An address's point is interpolated along the stretch's line.
 * `nombreNormalizado` is the name without accents, case or abbreviations, for look-ups; `paridad`
 * says whether the stretch holds every number of its range or only one side's (even or odd).
 */
export const callesRecoleccion = pgTable(
  'calles_recoleccion',
  {
    id: serial('id').primaryKey(),
    nombre: text('nombre').notNull(),
    nombreNormalizado: text('nombre_normalizado').notNull(),
    desde: integer('desde').notNull(),
    hasta: integer('hasta').notNull(),
    paridad: text('paridad', { enum: PARIDADES_CALLE }).notNull().default('todos'),
    geometria: jsonb('geometria').$type<Linea>().notNull(),
  },
  (t) => [
    index('calles_recoleccion_nombre_idx').on(t.nombreNormalizado),
    check('calles_recoleccion_numeros', sql`${t.desde} >= 0 and ${t.desde} <= ${t.hasta}`),
    check('calles_recoleccion_paridad', sql`${t.paridad} in ('todos', 'pares', 'impares')`),
  ],
);

/**
 * A resident's subscription to a zone's collection (double opt-in, like the alerts,
 * docs/decisions/024-alertas.md). `email`, `punto` and `push` hold ciphertext; `emailHuella` and
 * `pushHuella` keyed hashes for look-ups; `tokenHash` the SHA-256 of the secret in the links.
 * `servicios` are the services it follows (ids of `servicios_recoleccion`).
 */
export const suscripcionesRecoleccion = pgTable(
  'suscripciones_recoleccion',
  {
    id: serial('id').primaryKey(),
    zonaId: integer('zona_id')
      .notNull()
      .references(() => zonasRecoleccion.id, { onDelete: 'cascade' }),
    servicios: jsonb('servicios').$type<number[]>().notNull(),
    email: text('email'),
    emailHuella: text('email_huella'),
    punto: text('punto').notNull(),
    radioM: integer('radio_m').notNull().default(300),
    recordatorio: boolean('recordatorio').notNull().default(false),
    cambios: boolean('cambios').notNull().default(false),
    push: text('push'),
    pushHuella: text('push_huella'),
    /** pendiente (until confirmed), activa, baja */
    estado: text('estado').notNull().default('pendiente'),
    token: text('token').notNull(),
    tokenHash: text('token_hash').notNull().unique(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    confirmadaEn: timestamp('confirmada_en', { withTimezone: true }),
    bajaEn: timestamp('baja_en', { withTimezone: true }),
  },
  (t) => [
    index('suscripciones_recoleccion_zona_idx')
      .on(t.zonaId)
      .where(sql`${t.estado} = 'activa'`),
    index('suscripciones_recoleccion_email_idx').on(t.emailHuella),
    uniqueIndex('suscripciones_recoleccion_push_idx').on(t.pushHuella),
    check('suscripciones_recoleccion_estado', sql`${t.estado} in ('pendiente', 'activa', 'baja')`),
    check('suscripciones_recoleccion_radio', sql`${t.radioM} between 50 and 2000`),
    check('suscripciones_recoleccion_canal', sql`${t.email} is not null or ${t.push} is not null`),
  ],
);

/**
 * What was sent to a subscription, once: `clase` is 'recordatorio' (the evening before), 'cercania'
 * (the truck is near; at most one per service and day) or 'cambio-{id}' (a one-off change).
 */
export const avisosRecoleccion = pgTable(
  'avisos_recoleccion',
  {
    suscripcionId: integer('suscripcion_id')
      .notNull()
      .references(() => suscripcionesRecoleccion.id, { onDelete: 'cascade' }),
    servicioId: integer('servicio_id')
      .notNull()
      .references(() => serviciosRecoleccion.id, { onDelete: 'cascade' }),
    fecha: date('fecha', { mode: 'string' }).notNull(),
    clase: text('clase').notNull(),
    enviadoEn: timestamp('enviado_en', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.suscripcionId, t.servicioId, t.fecha, t.clase] }), index('avisos_recoleccion_fecha_idx').on(t.fecha)],
);

/**
 * Whether a vehicle of the service passed through the zone during the scheduled window of a day:
 * computed from the positions, and kept after the positions themselves are gone.
 */
export const coberturaRecoleccion = pgTable(
  'cobertura_recoleccion',
  {
    servicioId: integer('servicio_id')
      .notNull()
      .references(() => serviciosRecoleccion.id, { onDelete: 'cascade' }),
    fecha: date('fecha', { mode: 'string' }).notNull(),
    cubierta: boolean('cubierta').notNull(),
    posiciones: integer('posiciones').notNull().default(0),
    vehiculoId: integer('vehiculo_id').references(() => vehiculos.id, { onDelete: 'set null' }),
    primera: timestamp('primera', { withTimezone: true }),
    ultima: timestamp('ultima', { withTimezone: true }),
    calculadaEn: timestamp('calculada_en', { withTimezone: true }).notNull().defaultNow(),
    /** When a day not covered went in the supervisor's daily summary (null: not yet, or covered). */
    avisadaEn: timestamp('avisada_en', { withTimezone: true }),
  },
  (t) => [primaryKey({ columns: [t.servicioId, t.fecha] })],
);
