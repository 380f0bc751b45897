import { ACTOR_SISTEMA } from '#domain/shared/actor.ts';
import { type Fecha, fechaEnArgentina, sumarDias } from '#domain/shared/fechas.ts';
import { createCambio, createServicio, createZona } from '#domain/recoleccion/commands.ts';
import { diasDeLaRegla } from '#domain/recoleccion/calendario.ts';
import { feriadosConNombre, type Servicio } from '#domain/recoleccion/queries.ts';
import type { Db } from '#db/client.ts';
import type { Seeder } from './seeder.ts';

/** A closed ring from [latitude, longitude] points (as the vehicle routes are written), in GeoJSON order. */
const anillo = (puntos: readonly (readonly [number, number])[]) => {
  const ring = puntos.map(([latitud, longitud]) => [longitud, latitud]);
  return [...ring, ring[0]!];
};

type ServicioDemo = Record<string, string>;

/** What every zone has: the four services, with the zone's days for húmedos and secos. */
const servicios = (humedos: string, secos: string, feriadoHumedos: 'guardia' | 'dia_habil_siguiente' | 'sin_servicio'): ServicioDemo[] => [
  {
    nombre: 'Húmedos',
    slug: 'humedos',
    frecuencia: 'semanal',
    dias: humedos,
    horaDesde: '07:00',
    horaHasta: '11:00',
    feriado: feriadoHumedos,
    guardia: feriadoHumedos === 'guardia' ? 'Recorrido de guardia de feriados' : '',
    supervisorEmail: 'recoleccion@villalaangostura.gob.ar',
  },
  {
    nombre: 'Secos y reciclables',
    slug: 'secos',
    frecuencia: 'semanal',
    dias: secos,
    horaDesde: '14:00',
    horaHasta: '18:00',
    feriado: 'dia_habil_siguiente',
    supervisorEmail: 'recoleccion@villalaangostura.gob.ar',
  },
  { nombre: 'Poda y ramas', slug: 'poda', frecuencia: 'quincenal', dias: 'TH', feriado: 'sin_servicio', servicioVehiculo: 'vialidad' },
  { nombre: 'Voluminosos', slug: 'voluminosos', regla: 'FREQ=MONTHLY;BYDAY=1MO', feriado: 'dia_habil_siguiente', horaDesde: '08:00', horaHasta: '13:00' },
];

/**
 * Four fictitious zones over the town (Villa La Angostura, around latitude -40.762, longitude
 * -71.646) covering the demo trucks' routes, each with its services; the shapes are plausible, not
 * the municipality's.
 */
const ZONAS = [
  {
    nombre: 'Centro',
    slug: 'centro',
    descripcion: 'Av. Arrayanes entre Las Fucsias y Cerro Belvedere, y las calles del centro comercial.',
    puntos: [
      [-40.7555, -71.6455],
      [-40.7555, -71.6315],
      [-40.7615, -71.6285],
      [-40.7685, -71.6305],
      [-40.7675, -71.6455],
    ],
    servicios: servicios('MO,WE,FR', 'TU', 'guardia'),
  },
  {
    nombre: 'El Cruce',
    slug: 'el-cruce',
    descripcion: 'El Cruce y los barrios al oeste de Av. Arrayanes, hasta el camino al Cerro Bayo.',
    puntos: [
      [-40.7535, -71.6625],
      [-40.7535, -71.6455],
      [-40.7675, -71.6455],
      [-40.7655, -71.6625],
    ],
    servicios: servicios('TU,TH,SA', 'WE', 'dia_habil_siguiente'),
  },
  {
    nombre: 'Las Balsas',
    slug: 'las-balsas',
    descripcion: 'Bv. Nahuel Huapi hasta La Villa y el lago, con el barrio Las Balsas.',
    puntos: [
      [-40.7675, -71.6625],
      [-40.7675, -71.6385],
      [-40.779, -71.6365],
      [-40.786, -71.642],
      [-40.785, -71.66],
    ],
    servicios: servicios('MO,WE,FR', 'TH', 'sin_servicio'),
  },
  {
    nombre: 'Puerto Manzano',
    slug: 'puerto-manzano',
    descripcion: 'Puerto Manzano y la costa de la ruta 231 hacia el este.',
    puntos: [
      [-40.77, -71.615],
      [-40.768, -71.595],
      [-40.779, -71.585],
      [-40.788, -71.595],
      [-40.785, -71.614],
    ],
    servicios: servicios('TU,FR', 'MO', 'dia_habil_siguiente'),
  },
] as const;

/**
 * The snow cancellation's day: the first day of `servicio` (Puerto Manzano's húmedos) from two days
 * on that is not a holiday, so the demo's notice always cancels a pass that every page shows.
 */
async function diaDeLaNevada(db: Db, servicio: Servicio, hoy: Fecha): Promise<Fecha> {
  const desde = sumarDias(hoy, 2);
  // A month ahead holds several of its days, never all of them holidays.
  const hasta = sumarDias(desde, 31);
  const feriados = await feriadosConNombre(db, desde, hasta);
  const dia = diasDeLaRegla(servicio, desde, hasta).find((fecha) => !feriados.has(fecha));
  if (!dia) throw new Error(`El servicio de demostración «${servicio.nombre}» no pasa en el mes que viene`);
  return dia;
}

/**
 * "Mi calle"'s demo (docs/decisions/056-mi-calle.md): the zones, their services from the first
 * Monday of 2026, and a snow cancellation of a coming húmedos day in Puerto Manzano, all through
 * the commands staff use (docs/decisions/047-carga-historica.md).
 */
export const seedRecoleccion: Seeder = {
  nombre: 'recoleccion',
  async run({ db, clock }) {
    for (const datos of ZONAS) {
      const zona = await createZona(db, ACTOR_SISTEMA, {
        nombre: datos.nombre,
        slug: datos.slug,
        descripcion: datos.descripcion,
        geometria: JSON.stringify({ type: 'Polygon', coordinates: [anillo(datos.puntos)] }),
      });
      if (zona.tipo !== 'guardado') throw new Error(`La zona de demostración «${datos.nombre}» no se guardó: ${JSON.stringify(zona)}`);
      let humedos: Servicio | undefined;
      for (const servicio of datos.servicios) {
        const r = await createServicio(db, ACTOR_SISTEMA, zona.zona.id, { desde: '2026-01-05', ...servicio });
        if (r.tipo !== 'guardado') throw new Error(`El servicio de demostración «${servicio.nombre}» no se guardó: ${JSON.stringify(r)}`);
        if (r.servicio.slug === 'humedos') humedos = r.servicio;
      }
      if (datos.slug === 'puerto-manzano') {
        const r = await createCambio(db, ACTOR_SISTEMA, {
          zonaId: zona.zona.id,
          fecha: await diaDeLaNevada(db, humedos!, fechaEnArgentina(clock?.now() ?? new Date())),
          tipo: 'suspendido',
          motivo: 'No hay recolección por nevada: la costa de la ruta 231 está cortada.',
        });
        if (r.tipo !== 'guardado') throw new Error(`El cambio de demostración no se guardó: ${JSON.stringify(r)}`);
      }
    }
  },
};
