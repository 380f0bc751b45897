/**
 * What the vehicle map page knows and shows, without React, Leaflet or Intl: which
 * vehicles are on the map and how each is said ("visto hace 3 min", "sin reportar hace 7 min"),
 * the positions the live stream sends, and the road machines' trails cut by age. The server
 * render, the browser and the tests use the same functions.
 *
 * Nothing here may import domain/vehiculos/campos.ts at run time: it imports the database schema,
 * which would bring drizzle into the browser. The labels arrive with the loader's data.
 */

/** The site settings this page uses (domain/sitio/settings.ts, `vehiculos`). */
export type AjustesMapa = {
  /** Past this many minutes without a report, a vehicle leaves the map and the list. */
  minutosRecientes: number;
  /** From this many minutes without a report, a vehicle is drawn grey and said to be silent. */
  minutosGris: number;
  /** How far back a road machine's trail goes. */
  horasRecorrido: number;
};

/** A vehicle on the page: its last public position and when the device took it. */
export type VehiculoVivo = {
  id: number;
  alias: string;
  icono: string;
  servicio: string;
  latitud: number;
  longitud: number;
  /** ISO 8601, when the device took the position. */
  vistoEn: string;
  /** That instant's time of day in Argentina ('14:32'), for the list and the popup. */
  horaTexto: string;
};

/** One point of a trail: latitude, longitude and the instant in milliseconds. Compact, since a trail may have 2,000. */
export type PuntoRecorrido = [number, number, number];

/** A road machine's trail, oldest point first (it may outlast the vehicle on the map: streets stay attended). */
export type RecorridoVivo = { id: number; puntos: PuntoRecorrido[] };

export type EstadoVehiculo = 'reciente' | 'gris' | 'fuera';

const MINUTO = 60_000;

/** Whole minutes since the position (a device clock slightly ahead counts as now). */
export function minutosSinReportar(vistoEn: string, ahora: number): number {
  return Math.max(0, Math.floor((ahora - Date.parse(vistoEn)) / MINUTO));
}

export function estadoVehiculo(vistoEn: string, ahora: number, ajustes: Pick<AjustesMapa, 'minutosGris' | 'minutosRecientes'>): EstadoVehiculo {
  const edad = ahora - Date.parse(vistoEn);
  if (edad >= ajustes.minutosRecientes * MINUTO) return 'fuera';
  if (edad >= ajustes.minutosGris * MINUTO) return 'gris';
  return 'reciente';
}

/** 3 → '3 min'; 75 → '1 h 15 min'; 120 → '2 h'. */
function duracion(minutos: number): string {
  if (minutos < 60) return `${minutos} min`;
  const horas = Math.floor(minutos / 60);
  const resto = minutos % 60;
  return resto === 0 ? `${horas} h` : `${horas} h ${resto} min`;
}

/** 'visto hace 3 min', or for a grey vehicle 'sin reportar hace 7 min'. */
export function textoUltimoReporte(vistoEn: string, ahora: number, estado: EstadoVehiculo): string {
  const minutos = minutosSinReportar(vistoEn, ahora);
  if (estado !== 'reciente') return `sin reportar hace ${duracion(minutos)}`;
  return minutos === 0 ? 'visto hace menos de 1 min' : `visto hace ${duracion(minutos)}`;
}

export type VehiculoMostrado = VehiculoVivo & { estado: Exclude<EstadoVehiculo, 'fuera'>; texto: string };

/** The vehicles to show now, in the order given (by alias), each with its state and its words. */
export function vehiculosMostrados(vehiculos: readonly VehiculoVivo[], ahora: number, ajustes: AjustesMapa): VehiculoMostrado[] {
  const mostrados: VehiculoMostrado[] = [];
  for (const v of vehiculos) {
    const estado = estadoVehiculo(v.vistoEn, ahora, ajustes);
    if (estado === 'fuera') continue;
    mostrados.push({ ...v, estado, texto: textoUltimoReporte(v.vistoEn, ahora, estado) });
  }
  return mostrados;
}

/** A copy with item i replaced (Array.prototype.with is too new for some phones still in use). */
function reemplazar<T>(lista: readonly T[], i: number, item: T): T[] {
  const copia = [...lista];
  copia[i] = item;
  return copia;
}

/** A position as the live stream sends it (event `posicion`), checked; the page adds its time of day. */
export type PosicionEnVivo = Omit<VehiculoVivo, 'horaTexto'>;

/**
 * The vehicles after a live position (with its time of day already written): the vehicle's entry
 * replaced in place, or a new vehicle added in alias order (the only time the browser compares
 * aliases: the server sent them sorted, and comparing loads Intl's data,
 * docs/decisions/010-lighthouse.md). A position older than the one shown (out of order) changes
 * nothing: the same array comes back.
 */
export function aplicarPosicion(vehiculos: readonly VehiculoVivo[], nuevo: VehiculoVivo): readonly VehiculoVivo[] {
  const i = vehiculos.findIndex((v) => v.id === nuevo.id);
  if (i >= 0 && Date.parse(vehiculos[i]!.vistoEn) > Date.parse(nuevo.vistoEn)) return vehiculos;
  if (i >= 0) return reemplazar(vehiculos, i, nuevo);
  return [...vehiculos, nuevo].sort((a, b) => a.alias.localeCompare(b.alias, 'es'));
}

/** A road machine's trail after a live position: the point added at its end, unless it is not newer. */
export function extenderRecorrido(recorridos: readonly RecorridoVivo[], p: PosicionEnVivo): readonly RecorridoVivo[] {
  const punto: PuntoRecorrido = [p.latitud, p.longitud, Date.parse(p.vistoEn)];
  const i = recorridos.findIndex((r) => r.id === p.id);
  if (i < 0) return [...recorridos, { id: p.id, puntos: [punto] }];
  const r = recorridos[i]!;
  const ultimo = r.puntos.at(-1);
  if (ultimo && ultimo[2] >= punto[2]) return recorridos;
  return reemplazar(recorridos, i, { ...r, puntos: [...r.puntos, punto] });
}

/** An age band of the trails: up to `minutos` old, with its words for the legend. */
export type BandaRecorrido = { minutos: number; texto: string };

function ultimos(minutos: number): string {
  if (minutos % 60 !== 0) return `los últimos ${minutos} minutos`;
  const horas = minutos / 60;
  return horas === 1 ? 'la última hora' : `las últimas ${horas} horas`;
}

/**
 * The three age bands of the trails: a quarter, half and all of `horasRecorrido` (with the
 * default 12: 3, 6 and 12 hours), newest first; 'Calles atendidas en las últimas 3 horas'…
 */
export function bandasRecorrido(horasRecorrido: number): BandaRecorrido[] {
  const total = horasRecorrido * 60;
  return [total / 4, total / 2, total].map((minutos) => ({ minutos, texto: `Calles atendidas en ${ultimos(minutos)}` }));
}

const RUMBOS = ['norte', 'noreste', 'este', 'sureste', 'sur', 'suroeste', 'oeste', 'noroeste'];

/**
 * Where a vehicle is, in words, from the town centre of the settings: 'a 1,2 km al noreste del
 * centro', 'a 300 m al sur del centro', 'en el centro' (under 100 m). The list's alternative to the
 * map, with no service to ask for street names; a flat-earth approximation, exact enough at a few km.
 */
export function ubicacionRelativa(latitud: number, longitud: number, centro: { latitud: number; longitud: number }): string {
  const metrosPorGrado = 111_320;
  const norte = (latitud - centro.latitud) * metrosPorGrado;
  const este = (longitud - centro.longitud) * metrosPorGrado * Math.cos((centro.latitud * Math.PI) / 180);
  const distancia = Math.hypot(norte, este);
  if (distancia < 100) return 'en el centro';
  const angulo = (Math.atan2(este, norte) * 180) / Math.PI;
  const rumbo = RUMBOS[Math.round(((angulo + 360) % 360) / 45) % 8]!;
  const cientos = Math.round(distancia / 100);
  const cuanto = cientos < 10 ? `${cientos * 100} m` : `${(cientos / 10).toFixed(1).replace('.', ',').replace(/,0$/, '')} km`;
  return `a ${cuanto} al ${rumbo} del centro`;
}
