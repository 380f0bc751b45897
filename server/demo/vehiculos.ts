import { randomBytes } from 'node:crypto';
import { ACTOR_SISTEMA } from '#domain/shared/actor.ts';
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
 * The demo fleet and the streets each one drives, approximately: Av. Arrayanes through
 * El Cruce, Bv. Nahuel Huapi down to La Villa, Av. Siete Lagos, the gravel streets north of the
 * centre and the road to Cerro Bayo. The simulator (server/demo/simulador.ts) drives them through
 * the ingest path; the seed leaves each one's recent past so the map has something at once.
 */
export const VEHICULOS_DEMO: readonly VehiculoDemo[] = [
  {
    alias: 'Recolector 1',
    icono: 'recolector',
    servicio: 'recoleccion',
    dispositivo: 'vla-recolector-1',
    ruta: [
      [-40.7595, -71.656],
      [-40.761, -71.65],
      [-40.762, -71.6447],
      [-40.7632, -71.639],
      [-40.765, -71.633],
    ],
  },
  {
    alias: 'Recolector 2',
    icono: 'recolector',
    servicio: 'recoleccion',
    dispositivo: 'vla-recolector-2',
    ruta: [
      [-40.7625, -71.6445],
      [-40.767, -71.6452],
      [-40.772, -71.646],
      [-40.777, -71.647],
      [-40.781, -71.6475],
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
      [-40.76, -71.642],
      [-40.757, -71.639],
      [-40.754, -71.636],
      [-40.75, -71.633],
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

/**
 * The demo fleet with the last two hours of each road machine's trail (a point every 2 minutes)
 * and each collection truck's last minute, so the map shows vehicles and streets attended before
 * the simulator's first report. The demo's service hours are the whole day (desde = hasta): it
 * runs at any hour; a real installation sets its own. The vehicles are added by the command staff
 * use; their past positions arrive through the ingest's command, each at the time it was taken
 * (docs/decisions/047-carga-historica.md).
 */
export const seedVehiculos: Seeder = {
  nombre: 'vehiculos',
  run: async ({ db }) => {
    // No staff form sets the map's settings yet: written as they are (docs/decisions/047-carga-historica.md, «Excepciones»).
    await writeSiteSettings(db, { vehiculos: { ...defaultSiteSettings.vehiculos, horario: { desde: '00:00', hasta: '00:00' } } });
    const ahora = Date.now();
    const posiciones: PosicionARegistrar[] = [];
    for (const [indice, v] of VEHICULOS_DEMO.entries()) {
      const alta = await createVehiculo(db, ACTOR_SISTEMA, { alias: v.alias, icono: v.icono, servicio: v.servicio, dispositivo: v.dispositivo });
      if (alta.tipo !== 'guardado') throw new Error(`vehículo de demostración ${v.alias}: ${JSON.stringify(alta)}`);
      const minutos = v.servicio === 'vialidad' ? Array.from({ length: 60 }, (_, i) => 120 - i * 2) : [1];
      for (const m of minutos) {
        const hora = new Date(ahora - m * 60_000);
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
        // Arrived when it was taken, as the simulator's reports do: a point every 2 minutes is far within the device's rate.
        posiciones.push({ posicion, llegada: hora });
      }
    }
    // Reports from no address: the ingest hashes none, so a key of the moment serves.
    const resultados = await registrarPosiciones({ db, clock: { now: () => new Date(ahora) }, cipher: createCipher(randomBytes(32)) }, posiciones);
    const rechazada = resultados.find((r) => r.tipo !== 'registrada');
    if (rechazada) throw new Error(`posición de demostración: ${JSON.stringify(rechazada)}`);
  },
};
