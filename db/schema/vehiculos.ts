import { sql } from 'drizzle-orm';
import { bigserial, boolean, check, doublePrecision, index, integer, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';

/**
 * The icons a vehicle may have on the public map: one SVG each in the page's icon set.
 * The ids are the identifiers; the Spanish labels live in domain/vehiculos/campos.ts.
 */
export const ICONOS_VEHICULO = ['recolector', 'motoniveladora', 'camion', 'pala_cargadora', 'barredora', 'camioneta'] as const;

/**
 * The services whose vehicles the public map shows (the spec: waste collection, and road machines
 * assigned to street repair). Only `vialidad` draws the trail of streets attended.
 */
export const SERVICIOS_VEHICULO = ['recoleccion', 'vialidad'] as const;

/**
 * Municipal vehicles tracked on /seguimiento-vehiculos. `dispositivo` is the identifier
 * the tracker or phone sends (OsmAnd `id`/`deviceid`, Traccar Client's `device_id`, a Traccar
 * server's `uniqueId`): unique, compared as written. A deactivated vehicle keeps its history but
 * its reports are refused and the map leaves it out.
 *
 * No page the render cache keeps shows vehicles or positions: /seguimiento-vehiculos is live and
 * never cached, so neither table bumps the content version (docs/decisions/007-cache-de-paginas.md);
 * a position every few seconds per vehicle would otherwise empty the cache of every page.
 */
export const vehiculos = pgTable(
  'vehiculos',
  {
    id: serial('id').primaryKey(),
    alias: text('alias').notNull(),
    icono: text('icono', { enum: ICONOS_VEHICULO }).notNull(),
    servicio: text('servicio', { enum: SERVICIOS_VEHICULO }).notNull(),
    dispositivo: text('dispositivo').notNull().unique(),
    activo: boolean('activo').notNull().default(true),
    /**
     * The ingest's rate limit per device (docs/decisions/015-seguimiento-de-vehiculos.md), a GCRA
     * in the row itself: the theoretical time of the next report. A report is accepted while this
     * is at most (burst - 1) intervals ahead of now, and moves it one interval on; null before the
     * first. Kept here, in the database, so every instance counts alike, and the same row lock
     * that reads the vehicle orders its reports.
     */
    proximoReporte: timestamp('proximo_reporte', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check('vehiculos_alias', sql`btrim(${t.alias}) <> '' and length(${t.alias}) <= 80`),
    check('vehiculos_dispositivo', sql`btrim(${t.dispositivo}) <> '' and length(${t.dispositivo}) <= 100`),
    check('vehiculos_icono', sql`${t.icono} in ('recolector', 'motoniveladora', 'camion', 'pala_cargadora', 'barredora', 'camioneta')`),
    check('vehiculos_servicio', sql`${t.servicio} in ('recoleccion', 'vialidad')`),
  ],
);

/**
 * The NOTIFY channel of new positions: a trigger on posiciones_vehiculo (migrations 0011 and 0012) announces
 * every stored position, public or not, with its vehicle, as JSON (domain/vehiculos/avisos.ts).
 * Whoever listens must drop the private ones before anything leaves the server.
 */
export const POSICIONES_VEHICULO_CHANNEL = 'posiciones_vehiculo';

/**
 * Every position a vehicle reported, in one unit: degrees (WGS 84), km/h, degrees from
 * north, metres, battery percent. `horaDispositivo` is when the device took it; `recibidaEn`, when
 * the site stored it. `publica` is decided when it arrives: false inside the depot or outside
 * service hours (site settings), so the public never sees it; staff do.
 */
export const posicionesVehiculo = pgTable(
  'posiciones_vehiculo',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    vehiculoId: integer('vehiculo_id')
      .notNull()
      .references(() => vehiculos.id, { onDelete: 'cascade' }),
    latitud: doublePrecision('latitud').notNull(),
    longitud: doublePrecision('longitud').notNull(),
    velocidadKmh: doublePrecision('velocidad_kmh'),
    rumbo: doublePrecision('rumbo'),
    altitud: doublePrecision('altitud'),
    precisionM: doublePrecision('precision_m'),
    bateria: doublePrecision('bateria'),
    horaDispositivo: timestamp('hora_dispositivo', { withTimezone: true }).notNull(),
    recibidaEn: timestamp('recibida_en', { withTimezone: true }).notNull().defaultNow(),
    publica: boolean('publica').notNull(),
  },
  (t) => [
    // Unique (migration 0012): one position per vehicle and device time, so a retry, or the same
    // report in two batches at once, is stored once (`on conflict do nothing` in the command).
    uniqueIndex('posiciones_vehiculo_hora_idx').on(t.vehiculoId, t.horaDispositivo.desc()),
    index('posiciones_vehiculo_recibida_idx').on(t.recibidaEn),
    check('posiciones_vehiculo_latitud', sql`${t.latitud} between -90 and 90`),
    check('posiciones_vehiculo_longitud', sql`${t.longitud} between -180 and 180`),
    check('posiciones_vehiculo_velocidad', sql`${t.velocidadKmh} is null or ${t.velocidadKmh} >= 0`),
    check('posiciones_vehiculo_rumbo', sql`${t.rumbo} is null or (${t.rumbo} >= 0 and ${t.rumbo} < 360)`),
    check('posiciones_vehiculo_bateria', sql`${t.bateria} is null or (${t.bateria} >= 0 and ${t.bateria} <= 100)`),
  ],
);
