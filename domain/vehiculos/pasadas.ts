/*
 * «¿Cuándo pasó?» (docs/decisions/056-mi-calle.md): when a vehicle of a service last passed near a
 * point, from the stored positions. Only public positions count: never one inside the depot or
 * outside service hours (domain/vehiculos/privacidad.ts), which the public never sees.
 */
import { type SQL, sql } from 'drizzle-orm';
import { type Db, queryRows } from '#db/client.ts';
import type { ServicioVehiculo } from './campos.ts';

export type Punto = { latitud: number; longitud: number };

export type Pasada = { vehiculoId: number; alias: string; hora: Date; distanciaM: number };

const METROS_POR_GRADO_LATITUD = 111_320;

/**
 * Cells per degree of the grid the positions index is keyed by (migration 0025): a cell is 1/500
 * of a degree, about 220 m north to south and 170 m east to west here, so the box of a 100 m circle
 * touches four to six cells. The same expression, written the same way, in the index and in every
 * query that wants it used.
 */
const CELDAS_POR_GRADO = 500;
const CELDA_DE_LA_FILA = sql.raw(`(floor(p.latitud * ${CELDAS_POR_GRADO}) * 1000000 + floor(p.longitud * ${CELDAS_POR_GRADO}))::bigint`);

/** The haversine distance in metres from `punto` to the row `p`, as `distanciaMetros` computes it. */
const distanciaSql = (punto: Punto): SQL =>
  sql`2 * 6371008.8 * asin(least(1, sqrt(
        power(sin(radians(p.latitud - ${punto.latitud}::float8) / 2), 2)
        + cos(radians(${punto.latitud}::float8)) * cos(radians(p.latitud)) * power(sin(radians(p.longitud - ${punto.longitud}::float8) / 2), 2))))`;

/**
 * The box around `punto` that holds its circle of `radioM` metres: the rows the database reads, which
 * the exact distance then filters.
 */
function cajaAlrededor(punto: Punto, radioM: number): Caja {
  const dLat = radioM / METROS_POR_GRADO_LATITUD;
  const dLon = radioM / (METROS_POR_GRADO_LATITUD * Math.max(0.01, Math.cos((punto.latitud * Math.PI) / 180)));
  return { minLat: punto.latitud - dLat, maxLat: punto.latitud + dLat, minLon: punto.longitud - dLon, maxLon: punto.longitud + dLon };
}

type Caja = { minLat: number; maxLat: number; minLon: number; maxLon: number };

/** The cells of the grid that `caja` touches, as a set-returning SQL expression (`celdas(celda)`). */
const celdasDeLaCaja = (caja: Caja): SQL =>
  sql`(select (a::bigint * 1000000 + o::bigint) as celda
         from generate_series(floor(${caja.minLat}::float8 * ${CELDAS_POR_GRADO})::integer, floor(${caja.maxLat}::float8 * ${CELDAS_POR_GRADO})::integer) a,
              generate_series(floor(${caja.minLon}::float8 * ${CELDAS_POR_GRADO})::integer, floor(${caja.maxLon}::float8 * ${CELDAS_POR_GRADO})::integer) o) celdas`;

/**
 * The last public position of an active vehicle of `servicio` within `radioM` metres of `punto`
 * taken from `desde` (included) to `hasta` (excluded), with the vehicle's name; null when none.
 *
 * Each grid cell the circle's box touches is read newest first through the partial index of
 * migration 0025 (public positions by cell and time, with vehicle and coordinates in the index),
 * stopping at its first position of the service inside the circle; the newest of those is the answer.
 * The distance is exact (haversine, in SQL), so a busy corner of the box never hides a pass.
 */
export async function ultimaPasada(
  db: Db,
  punto: Punto,
  opciones: { servicio: ServicioVehiculo; radioM: number; desde: Date; hasta: Date },
): Promise<Pasada | null> {
  const caja = cajaAlrededor(punto, opciones.radioM);
  const [fila] = await queryRows<{ vehiculo_id: number; alias: string; hora: Date | string; distancia: number }>(
    db,
    sql`select c.vehiculo_id, v.alias, c.hora, c.distancia
          from ${celdasDeLaCaja(caja)}
          cross join lateral (
            select p.vehiculo_id, p.hora_dispositivo as hora, ${distanciaSql(punto)} as distancia
              from posiciones_vehiculo p
             where p.publica and ${CELDA_DE_LA_FILA} = celdas.celda
               and p.hora_dispositivo >= ${opciones.desde.toISOString()}::timestamptz and p.hora_dispositivo < ${opciones.hasta.toISOString()}::timestamptz
               and p.latitud between ${caja.minLat}::float8 and ${caja.maxLat}::float8 and p.longitud between ${caja.minLon}::float8 and ${caja.maxLon}::float8
               and ${distanciaSql(punto)} <= ${opciones.radioM}::float8
               and p.vehiculo_id in (select id from vehiculos where servicio = ${opciones.servicio} and activo)
             order by p.hora_dispositivo desc
             limit 1) c
          join vehiculos v on v.id = c.vehiculo_id
         order by c.hora desc
         limit 1`,
  );
  if (!fila) return null;
  return { vehiculoId: Number(fila.vehiculo_id), alias: fila.alias, hora: new Date(fila.hora), distanciaM: Math.round(Number(fila.distancia)) };
}

/** A public position, as the coverage reads them. */
type PosicionDePasada = { vehiculoId: number; latitud: number; longitud: number; hora: Date };

/**
 * The public positions of the active vehicles of `servicio` inside `caja` taken from `desde`
 * (included) to `hasta` (excluded), oldest first: what the coverage of a zone tests against its
 * polygon (domain/recoleccion/cobertura.ts). Read by vehicle and time (the unique index of
 * migration 0012): a window of a few hours of a fleet is a few tens of thousands of rows at most.
 */
export async function listPosicionesEnCaja(
  db: Db,
  opciones: { servicio: ServicioVehiculo; caja: Caja; desde: Date; hasta: Date },
): Promise<PosicionDePasada[]> {
  const { caja } = opciones;
  const filas = await queryRows<{ vehiculo_id: number; latitud: number; longitud: number; hora: Date | string }>(
    db,
    sql`select p.vehiculo_id, p.latitud, p.longitud, p.hora_dispositivo as hora
          from posiciones_vehiculo p
         where p.vehiculo_id in (select id from vehiculos where servicio = ${opciones.servicio} and activo)
           and p.publica
           and p.hora_dispositivo >= ${opciones.desde.toISOString()}::timestamptz and p.hora_dispositivo < ${opciones.hasta.toISOString()}::timestamptz
           and p.latitud between ${caja.minLat}::float8 and ${caja.maxLat}::float8 and p.longitud between ${caja.minLon}::float8 and ${caja.maxLon}::float8
         order by p.hora_dispositivo, p.vehiculo_id`,
  );
  return filas.map((f) => ({ vehiculoId: Number(f.vehiculo_id), latitud: Number(f.latitud), longitud: Number(f.longitud), hora: new Date(f.hora) }));
}

/** Positions of one vehicle closer in time than this are one pass. */
const SEPARACION_ENTRE_PASADAS_MS = 30 * 60_000;

/**
 * Every pass of an active vehicle of `servicio` within `radioM` metres of `punto` from `desde`
 * (included) to `hasta` (excluded), newest first: the proof of service of a citizen report
 * (docs/decisions/057-reclamos.md). The same public positions, cells and exact distance as
 * `ultimaPasada`; the positions of one vehicle less than half an hour apart are one pass, told by
 * its position nearest to the point.
 */
export async function listPasadas(db: Db, punto: Punto, opciones: { servicio: ServicioVehiculo; radioM: number; desde: Date; hasta: Date }): Promise<Pasada[]> {
  const caja = cajaAlrededor(punto, opciones.radioM);
  const filas = await queryRows<{ vehiculo_id: number; alias: string; hora: Date | string; distancia: number }>(
    db,
    sql`select c.vehiculo_id, v.alias, c.hora, c.distancia
          from ${celdasDeLaCaja(caja)}
          join lateral (
            select p.vehiculo_id, p.hora_dispositivo as hora, ${distanciaSql(punto)} as distancia
              from posiciones_vehiculo p
             where p.publica and ${CELDA_DE_LA_FILA} = celdas.celda
               and p.hora_dispositivo >= ${opciones.desde.toISOString()}::timestamptz and p.hora_dispositivo < ${opciones.hasta.toISOString()}::timestamptz
               and p.latitud between ${caja.minLat}::float8 and ${caja.maxLat}::float8 and p.longitud between ${caja.minLon}::float8 and ${caja.maxLon}::float8
               and ${distanciaSql(punto)} <= ${opciones.radioM}::float8
               and p.vehiculo_id in (select id from vehiculos where servicio = ${opciones.servicio} and activo)) c on true
          join vehiculos v on v.id = c.vehiculo_id
         order by c.vehiculo_id, c.hora`,
  );
  const pasadas: (Pasada & { ultima: number })[] = [];
  let actual: (Pasada & { ultima: number }) | undefined;
  for (const f of filas) {
    const vehiculoId = Number(f.vehiculo_id);
    const hora = new Date(f.hora);
    const distanciaM = Math.round(Number(f.distancia));
    if (!actual || actual.vehiculoId !== vehiculoId || hora.getTime() - actual.ultima > SEPARACION_ENTRE_PASADAS_MS) {
      actual = { vehiculoId, alias: f.alias, hora, distanciaM, ultima: hora.getTime() };
      pasadas.push(actual);
      continue;
    }
    actual.ultima = hora.getTime();
    if (distanciaM < actual.distanciaM) Object.assign(actual, { hora, distanciaM });
  }
  return pasadas.map(({ ultima: _, ...p }) => p).sort((a, b) => b.hora.getTime() - a.hora.getTime());
}
