import { randomBytes } from 'node:crypto';
import { ACTOR_SISTEMA } from '#domain/shared/actor.ts';
import { diaDeLaSemana, fechaEnArgentina, instanteEnArgentina, sumarDias } from '#domain/shared/fechas.ts';
import { createCipher } from '#domain/shared/cipher.ts';
import { defaultSiteSettings, writeSiteSettings } from '#domain/sitio/settings.ts';
import { createVehiculo } from '#domain/vehiculos/admin.ts';
import type { IconoVehiculo, ServicioVehiculo } from '#domain/vehiculos/campos.ts';
import { type PosicionARegistrar, registrarPosiciones } from '#domain/vehiculos/commands.ts';
import type { Seeder } from './seeder.ts';

/** A route along the town's streets: [latitude, longitude] points, driven there and back. */
export type Ruta = readonly (readonly [number, number])[];

export type VehiculoDemo = { alias: string; icono: IconoVehiculo; servicio: ServicioVehiculo; dispositivo: string; ruta: Ruta };

/**
 * The demo fleet and the streets each one drives, approximately. The two collection trucks drive
 * the streets of the demo's street index (./calles-demo.csv) in the zones they serve
 * (./recoleccion.ts): Recolector 1 Las Retamas, Cerro Inacayal and Av. Arrayanes through El Cruce
 * and the centre; Recolector 2 Los Notros south of Av. Arrayanes into Las Balsas and back up Bv.
 * Nahuel Huapi. So «¿Cuándo pasó?» has something to say for the README's «Av. Arrayanes 250». The
 * road machines drive the gravel streets north and north-west of the centre and the road to Cerro
 * Bayo, away from the trucks and from each other: no two markers cover each other at the map's
 * zooms, whatever the hour (./vehiculos.test.ts). The simulator (server/demo/simulador.ts) drives them
 * through the ingest path; the seed leaves each one's recent past so the map has something at once.
 */
export const VEHICULOS_DEMO: readonly VehiculoDemo[] = [
  {
    alias: 'Recolector 1',
    icono: 'recolector',
    servicio: 'recoleccion',
    dispositivo: 'vla-recolector-1',
    ruta: [
      [-40.764, -71.648],
      [-40.764, -71.656],
      [-40.7603, -71.656],
      [-40.761, -71.646],
      [-40.761, -71.645],
      [-40.7614, -71.64],
      [-40.762, -71.632],
    ],
  },
  {
    alias: 'Recolector 2',
    icono: 'recolector',
    servicio: 'recoleccion',
    dispositivo: 'vla-recolector-2',
    ruta: [
      [-40.7614, -71.64],
      [-40.7665, -71.64],
      [-40.769, -71.641],
      [-40.78, -71.642],
      [-40.782, -71.645],
      [-40.77, -71.658],
    ],
  },
  {
    alias: 'Motoniveladora 1',
    icono: 'motoniveladora',
    servicio: 'vialidad',
    dispositivo: 'vla-motoniveladora-1',
    ruta: [
      [-40.756, -71.648],
      [-40.754, -71.644],
      [-40.7525, -71.64],
      [-40.7545, -71.637],
    ],
  },
  {
    alias: 'Pala cargadora',
    icono: 'pala_cargadora',
    servicio: 'vialidad',
    dispositivo: 'vla-pala-1',
    ruta: [
      [-40.7565, -71.6585],
      [-40.7545, -71.6555],
      [-40.752, -71.654],
    ],
  },
  {
    alias: 'Camión de vialidad',
    icono: 'camion',
    servicio: 'vialidad',
    dispositivo: 'vla-camion-vial-1',
    ruta: [
      [-40.758, -71.638],
      [-40.756, -71.63],
      [-40.754, -71.62],
    ],
  },
];

/**
 * The point at `fraccion` (0..1) of a trip along the route and back: 0 and 1 are its start, 0.5
 * its end. Straight lines between the route's points, each stretch by its length.
 */
export function puntoEnRuta(ruta: Ruta, fraccion: number): [number, number] {
  const ida = (((fraccion % 1) + 1) % 1) * 2;
  const f = ida <= 1 ? ida : 2 - ida;
  const largos = ruta.slice(1).map((p, i) => Math.hypot(p[0] - ruta[i]![0], p[1] - ruta[i]![1]));
  const total = largos.reduce((a, b) => a + b, 0);
  let resto = f * total;
  for (const [i, largo] of largos.entries()) {
    if (resto <= largo || i === largos.length - 1) {
      const t = largo === 0 ? 0 : Math.min(1, resto / largo);
      const [a, b] = [ruta[i]!, ruta[i + 1]!];
      return [a[0] + (b[0] - a[0]) * t, a[1] + (b[1] - a[1]) * t];
    }
    resto -= largo;
  }
  return [ruta[0]![0], ruta[0]![1]];
}

/** How long a demo vehicle takes to drive its route there and back. */
export const VUELTA_DEMO_MS = 40 * 60_000;

/** Where a demo vehicle is at an instant: each one on its own phase of its round trip. */
export function posicionDemo(indice: number, instante: Date): [number, number] {
  const vehiculo = VEHICULOS_DEMO[indice]!;
  return puntoEnRuta(vehiculo.ruta, instante.getTime() / VUELTA_DEMO_MS + indice / VEHICULOS_DEMO.length);
}

/** The hours the demo's collection trucks worked on the past days: the windows of húmedos and secos in ./recoleccion.ts. */
const JORNADAS_RECOLECCION = [
  ['07:00', '11:00'],
  ['14:00', '18:00'],
] as const;
/** How many days back the seed leaves the trucks' work: the week «¿Cuándo pasó?» reads, and yesterday for the coverage. */
const DIAS_DE_RECOLECCION = 7;
/**
 * A collection truck's report every 30 s on the seeded days: at its 11 to 12 km/h, a point every
 * 100 m or less, so every house on its streets has one within the 100 m of «¿Cuándo pasó?».
 */
const PASO_RECOLECCION_MS = 30_000;

/**
 * When a demo collection truck reported on the seeded days, oldest first: Monday to Saturday, in
 * the collection windows of the last DIAS_DE_RECOLECCION days up to `ahora`, and its whole last
 * round trip before `ahora` (the simulator drives all day, and the demo's service hours are the
 * whole day), so its route was driven this last hour whatever the hour.
 */
function horasDeRecoleccionDemo(ahora: Date): Date[] {
  const horas = new Set<number>();
  const hoy = fechaEnArgentina(ahora);
  for (let atras = DIAS_DE_RECOLECCION; atras >= 0; atras--) {
    const fecha = sumarDias(hoy, -atras);
    if (diaDeLaSemana(fecha) === 0) continue;
    for (const [desde, hasta] of JORNADAS_RECOLECCION) {
      const inicio = instanteEnArgentina(`${fecha}T${desde}`)!.getTime();
      const fin = Math.min(instanteEnArgentina(`${fecha}T${hasta}`)!.getTime(), ahora.getTime());
      for (let t = inicio; t < fin; t += PASO_RECOLECCION_MS) horas.add(t);
    }
  }
  for (let t = ahora.getTime() - VUELTA_DEMO_MS; t < ahora.getTime(); t += PASO_RECOLECCION_MS) horas.add(t);
  return [...horas].sort((a, b) => a - b).map((t) => new Date(t));
}

/** Positions written per statement by the seed. */
const LOTE_DEMO = 500;

/**
 * The demo fleet with the last two hours of each road machine's trail (a point every 2 minutes)
 * and each collection truck's work of the last week (`horasDeRecoleccionDemo`), so the map shows
 * vehicles and streets attended before the simulator's first report, and «¿Cuándo pasó?» and the
 * coverage of collection have passes to find. Every position is public: the demo's service hours
 * are the whole day (desde = hasta), and the routes keep well away from the depot. A real
 * installation sets its own hours. The vehicles are added by the command staff use; their past
 * positions arrive through the ingest's command, each at the time it was taken
 * (docs/decisions/047-carga-historica.md).
 */
export const seedVehiculos: Seeder = {
  nombre: 'vehiculos',
  run: async ({ db, clock }) => {
    // No staff form sets the map's settings yet: written as they are (docs/decisions/047-carga-historica.md, «Excepciones»).
    await writeSiteSettings(db, { vehiculos: { ...defaultSiteSettings.vehiculos, horario: { desde: '00:00', hasta: '00:00' } } });
    const ahora = (clock?.now() ?? new Date()).getTime();
    const posiciones: PosicionARegistrar[] = [];
    const recoleccion = horasDeRecoleccionDemo(new Date(ahora));
    for (const [indice, v] of VEHICULOS_DEMO.entries()) {
      const alta = await createVehiculo(db, ACTOR_SISTEMA, { alias: v.alias, icono: v.icono, servicio: v.servicio, dispositivo: v.dispositivo });
      if (alta.tipo !== 'guardado') throw new Error(`vehículo de demostración ${v.alias}: ${JSON.stringify(alta)}`);
      const horas = v.servicio === 'vialidad' ? Array.from({ length: 60 }, (_, i) => new Date(ahora - (120 - i * 2) * 60_000)) : recoleccion;
      for (const hora of horas) {
        const [latitud, longitud] = posicionDemo(indice, hora);
        const posicion = {
          dispositivo: v.dispositivo,
          latitud,
          longitud,
          velocidadKmh: 15,
          rumbo: null,
          altitud: null,
          precisionM: null,
          bateria: 80,
          horaDispositivo: hora,
        };
        // Arrived when it was taken, as the simulator's reports do: a point every 30 s is far within the device's rate.
        posiciones.push({ posicion, llegada: hora });
      }
    }
    // Reports from no address: the ingest hashes none, so a key of the moment serves. In batches of the
    // size a busy ingest writes: one statement of the whole week ran past the statement timeout on a busy machine.
    const ctx = { db, clock: { now: () => new Date(ahora) }, cipher: createCipher(randomBytes(32)) };
    for (let inicio = 0; inicio < posiciones.length; inicio += LOTE_DEMO) {
      const resultados = await registrarPosiciones(ctx, posiciones.slice(inicio, inicio + LOTE_DEMO));
      const rechazada = resultados.find((r) => r.tipo !== 'registrada');
      if (rechazada) throw new Error(`posición de demostración: ${JSON.stringify(rechazada)}`);
    }
  },
};
