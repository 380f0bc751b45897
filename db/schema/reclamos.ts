import { sql } from 'drizzle-orm';
import {
  type AnyPgColumn,
  boolean,
  check,
  date,
  doublePrecision,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { documentos } from './documentos.ts';
import { areasMunicipales } from './gobierno.ts';
import { usuarios } from './usuarios.ts';
import { SERVICIOS_VEHICULO } from './vehiculos.ts';

/**
 * Citizen reports (docs/decisions/057-reclamos.md): a problem on the map, answered in public, and
 * reachable through Open311 GeoReport v2. The states and their Open311 status (open/closed).
 */
export const ESTADOS_RECLAMO = ['recibido', 'en_curso', 'derivado', 'resuelto', 'no_corresponde', 'duplicado'] as const;
export type EstadoReclamo = (typeof ESTADOS_RECLAMO)[number];

/** An extra question of a category (Open311 `attributes`): its code, label, kind, whether it is required and its choices. */
export type PreguntaCategoria = {
  codigo: string;
  etiqueta: string;
  tipo: 'texto' | 'numero' | 'opcion' | 'si_no';
  requerida: boolean;
  opciones?: { clave: string; nombre: string }[];
};

/**
 * A kind of problem staff define (Open311 `service`): `codigo` is the public service_code. `aviso` is
 * shown before the form («si es una emergencia llamá al 103»); `radioDuplicadosM` is how close an
 * open report of the same category must be to be offered as the same one; `plazoDiasHabiles` the
 * service level, counted in business days with the holidays; `servicioVehiculo` ties the category to
 * a vehicle service (recolección, barrido, nieve) for the proof of service.
 */
export const categoriasReclamo = pgTable(
  'categorias_reclamo',
  {
    id: serial('id').primaryKey(),
    codigo: text('codigo').notNull().unique(),
    nombre: text('nombre').notNull(),
    descripcion: text('descripcion').notNull().default(''),
    grupo: text('grupo').notNull().default(''),
    aviso: text('aviso').notNull().default(''),
    preguntas: jsonb('preguntas').$type<PreguntaCategoria[]>().notNull().default([]),
    radioDuplicadosM: integer('radio_duplicados_m').notNull().default(50),
    plazoDiasHabiles: integer('plazo_dias_habiles').notNull().default(10),
    areaId: integer('area_id').references(() => areasMunicipales.id, { onDelete: 'set null' }),
    servicioVehiculo: text('servicio_vehiculo', { enum: SERVICIOS_VEHICULO }),
    activa: boolean('activa').notNull().default(true),
    orden: integer('orden').notNull().default(0),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check('categorias_reclamo_radio', sql`${t.radioDuplicadosM} between 5 and 1000`),
    check('categorias_reclamo_servicio', sql`${t.servicioVehiculo} in ('recoleccion', 'vialidad')`),
    check('categorias_reclamo_plazo', sql`${t.plazoDiasHabiles} between 1 and 365`),
  ],
);

/** Bodies outside the municipality a report can be sent to (Vialidad Nacional, the national park, the utilities). */
export const organismosReclamo = pgTable('organismos_reclamo', {
  id: serial('id').primaryKey(),
  nombre: text('nombre').notNull().unique(),
  email: text('email').notNull(),
  activo: boolean('activo').notNull().default(true),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/** Open311 API keys issued in the back-office: the SHA-256 of the key, never the key. */
export const clavesOpen311 = pgTable('claves_open311', {
  id: serial('id').primaryKey(),
  nombre: text('nombre').notNull(),
  claveHash: text('clave_hash').notNull().unique(),
  creadaPor: integer('creada_por').references(() => usuarios.id, { onDelete: 'set null' }),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  ultimoUso: timestamp('ultimo_uso', { withTimezone: true }),
  revocadaEn: timestamp('revocada_en', { withTimezone: true }),
});

/**
 * A report. The place and the description are public; the reporter is not: `email` and `nombre` hold
 * ciphertext (docs/decisions/004-datos-personales.md), `emailHuella` the keyed hash for the limits,
 * `tokenHash` the SHA-256 of the secret in the reporter's mails (follow-up, unsubscribe, «¿se resolvió?»).
 * `celda` is the 1/500-degree grid cell of the point, for the duplicate search.
 */
export const reclamos = pgTable(
  'reclamos',
  {
    id: serial('id').primaryKey(),
    codigo: text('codigo').notNull().unique(),
    categoriaId: integer('categoria_id')
      .notNull()
      .references(() => categoriasReclamo.id, { onDelete: 'restrict' }),
    estado: text('estado', { enum: ESTADOS_RECLAMO }).notNull().default('recibido'),
    descripcion: text('descripcion').notNull(),
    latitud: doublePrecision('latitud').notNull(),
    longitud: doublePrecision('longitud').notNull(),
    direccion: text('direccion').notNull().default(''),
    barrio: text('barrio').notNull().default(''),
    respuestas: jsonb('respuestas').$type<Record<string, string>>().notNull().default({}),
    email: text('email'),
    emailHuella: text('email_huella'),
    nombre: text('nombre'),
    token: text('token'),
    tokenHash: text('token_hash').unique(),
    /** The reporter still wants each change by mail (one-click unsubscribe sets false). */
    seguir: boolean('seguir').notNull().default(true),
    areaId: integer('area_id').references(() => areasMunicipales.id, { onDelete: 'set null' }),
    asignadoA: integer('asignado_a').references(() => usuarios.id, { onDelete: 'set null' }),
    organismoId: integer('organismo_id').references(() => organismosReclamo.id, { onDelete: 'set null' }),
    derivadoEn: timestamp('derivado_en', { withTimezone: true }),
    duplicadoDe: integer('duplicado_de').references((): AnyPgColumn => reclamos.id, { onDelete: 'set null' }),
    venceEl: date('vence_el', { mode: 'string' }).notNull(),
    resueltoEn: timestamp('resuelto_en', { withTimezone: true }),
    /** The «¿se resolvió?» mail four weeks after resuelto. */
    consultaEnviadaEn: timestamp('consulta_enviada_en', { withTimezone: true }),
    ocultoEn: timestamp('oculto_en', { withTimezone: true }),
    ocultoMotivo: text('oculto_motivo'),
    /** web, open311 */
    origen: text('origen').notNull().default('web'),
    /** The Open311 key it came through. */
    claveOpen311Id: integer('clave_open311_id').references(() => clavesOpen311.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('reclamos_cercanos_idx')
      .on(t.categoriaId, t.latitud, t.longitud)
      .where(sql`${t.estado} in ('recibido', 'en_curso', 'derivado') and ${t.ocultoEn} is null`),
    index('reclamos_estado_idx').on(t.estado, t.createdAt),
    index('reclamos_categoria_idx').on(t.categoriaId, t.createdAt),
    index('reclamos_email_idx').on(t.emailHuella),
    check('reclamos_estado', sql`${t.estado} in (${sql.raw(ESTADOS_RECLAMO.map((e) => `'${e}'`).join(', '))})`),
    check('reclamos_origen', sql`${t.origen} in ('web', 'open311')`),
    check('reclamos_latitud', sql`${t.latitud} between -90 and 90`),
    check('reclamos_longitud', sql`${t.longitud} between -180 and 180`),
  ],
);

/** Up to three photos a report, stored through the upload pipeline with every metadata field removed. */
export const fotosReclamo = pgTable(
  'fotos_reclamo',
  {
    reclamoId: integer('reclamo_id')
      .notNull()
      .references(() => reclamos.id, { onDelete: 'cascade' }),
    orden: integer('orden').notNull(),
    documentoId: integer('documento_id')
      .notNull()
      .references(() => documentos.id, { onDelete: 'restrict' }),
  },
  (t) => [primaryKey({ columns: [t.reclamoId, t.orden] }), check('fotos_reclamo_orden', sql`${t.orden} between 1 and 3`)],
);

/**
 * Every state a report went through, with its date, who set it, the public answer (shown on its page)
 * and the staff's own note (never public).
 */
export const historialReclamos = pgTable(
  'historial_reclamos',
  {
    id: serial('id').primaryKey(),
    reclamoId: integer('reclamo_id')
      .notNull()
      .references(() => reclamos.id, { onDelete: 'cascade' }),
    estado: text('estado', { enum: ESTADOS_RECLAMO }).notNull(),
    fecha: timestamp('fecha', { withTimezone: true }).notNull().defaultNow(),
    usuarioId: integer('usuario_id'),
    respuesta: text('respuesta').notNull().default(''),
    nota: text('nota').notNull().default(''),
    organismoId: integer('organismo_id'),
  },
  (t) => [
    index('historial_reclamos_reclamo_idx').on(t.reclamoId, t.fecha),
    check('historial_reclamos_estado', sql`${t.estado} in (${sql.raw(ESTADOS_RECLAMO.map((e) => `'${e}'`).join(', '))})`),
  ],
);

/** Staff's answer templates per state, with placeholders ({codigo}, {categoria}, {direccion}, {organismo}, {fecha}). */
export const plantillasReclamo = pgTable(
  'plantillas_reclamo',
  {
    id: serial('id').primaryKey(),
    estado: text('estado', { enum: ESTADOS_RECLAMO }).notNull(),
    nombre: text('nombre').notNull(),
    texto: text('texto').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('plantillas_reclamo_nombre_idx').on(t.estado, t.nombre),
    check('plantillas_reclamo_estado', sql`${t.estado} in (${sql.raw(ESTADOS_RECLAMO.map((e) => `'${e}'`).join(', '))})`),
  ],
);
