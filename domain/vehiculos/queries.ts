import { and, asc, desc, eq, gte } from 'drizzle-orm';
import type { Db } from '#db/client.ts';
import { posicionesVehiculo, vehiculos } from '#db/schema/index.ts';
import type { IconoVehiculo, ServicioVehiculo } from './campos.ts';

/** What the public may see of a vehicle on the map: its last public position and when it was taken. */
export type VehiculoEnMapa = {
  id: number;
  alias: string;
  icono: IconoVehiculo;
  servicio: ServicioVehiculo;
  latitud: number;
  longitud: number;
  velocidadKmh: number | null;
  rumbo: number | null;
  /** When the device took the position. */
  vistoEn: Date;
};

/**
 * Active vehicles whose last public position is at most `minutos` old at `ahora`: the
 * map and `GET /api/v1/vehiculos`. Positions inside the depot or outside service hours are never
 * public (decided when they arrive), so a vehicle at the depot is simply not on the map.
 */
export async function listVehiculosEnMapa(db: Db, ahora: Date, minutos: number): Promise<VehiculoEnMapa[]> {
  const desde = new Date(ahora.getTime() - minutos * 60_000);
  const filas = await db
    .selectDistinctOn([posicionesVehiculo.vehiculoId], {
      id: vehiculos.id,
      alias: vehiculos.alias,
      icono: vehiculos.icono,
      servicio: vehiculos.servicio,
      latitud: posicionesVehiculo.latitud,
      longitud: posicionesVehiculo.longitud,
      velocidadKmh: posicionesVehiculo.velocidadKmh,
      rumbo: posicionesVehiculo.rumbo,
      vistoEn: posicionesVehiculo.horaDispositivo,
    })
    .from(posicionesVehiculo)
    .innerJoin(vehiculos, eq(vehiculos.id, posicionesVehiculo.vehiculoId))
    .where(and(eq(vehiculos.activo, true), eq(posicionesVehiculo.publica, true), gte(posicionesVehiculo.horaDispositivo, desde)))
    .orderBy(posicionesVehiculo.vehiculoId, desc(posicionesVehiculo.horaDispositivo));
  return filas.sort((a, b) => a.alias.localeCompare(b.alias, 'es'));
}

/** One point of a trail: where and when. */
export type PuntoRecorrido = { latitud: number; longitud: number; hora: Date };

/** At most this many points per vehicle: a report every 5 s for 12 h is 8,640. */
export const MAXIMO_PUNTOS_RECORRIDO = 2_000;

/**
 * The trails of the road machines (service `vialidad`) over the last `horas`, oldest point first,
 * public positions only: the streets graded or ploughed, which the page colours by age. Each
 * trail is thinned evenly to at most MAXIMO_PUNTOS_RECORRIDO points, keeping the last one.
 */
export async function listRecorridosVialidad(db: Db, ahora: Date, horas: number): Promise<Map<number, PuntoRecorrido[]>> {
  const desde = new Date(ahora.getTime() - horas * 3_600_000);
  const filas = await db
    .select({
      vehiculoId: posicionesVehiculo.vehiculoId,
      latitud: posicionesVehiculo.latitud,
      longitud: posicionesVehiculo.longitud,
      hora: posicionesVehiculo.horaDispositivo,
    })
    .from(posicionesVehiculo)
    .innerJoin(vehiculos, eq(vehiculos.id, posicionesVehiculo.vehiculoId))
    .where(
      and(eq(vehiculos.activo, true), eq(vehiculos.servicio, 'vialidad'), eq(posicionesVehiculo.publica, true), gte(posicionesVehiculo.horaDispositivo, desde)),
    )
    .orderBy(posicionesVehiculo.vehiculoId, asc(posicionesVehiculo.horaDispositivo));
  const recorridos = new Map<number, PuntoRecorrido[]>();
  for (const { vehiculoId, ...punto } of filas) {
    const lista = recorridos.get(vehiculoId) ?? [];
    lista.push(punto);
    recorridos.set(vehiculoId, lista);
  }
  for (const [id, puntos] of recorridos) {
    if (puntos.length <= MAXIMO_PUNTOS_RECORRIDO) continue;
    const paso = puntos.length / (MAXIMO_PUNTOS_RECORRIDO - 1);
    const elegidos = Array.from({ length: MAXIMO_PUNTOS_RECORRIDO - 1 }, (_, i) => puntos[Math.floor(i * paso)]!);
    elegidos.push(puntos.at(-1)!);
    recorridos.set(id, elegidos);
  }
  return recorridos;
}
