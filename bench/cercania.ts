import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { type Database, openPglite, openPostgres } from '#db/client.ts';
import { crearCercania } from '#domain/recoleccion/cercania.ts';
import { createServicio, createZona } from '#domain/recoleccion/commands.ts';
import { suscribirAvisos } from '#domain/recoleccion/suscripciones.ts';
import { ACTOR_SISTEMA } from '#domain/shared/actor.ts';
import { createCipher } from '#domain/shared/cipher.ts';
import { type AppContext, createAppContext } from '#domain/shared/context.ts';
import { minutoDelDiaEnArgentina } from '#domain/shared/fechas.ts';
import { defaultSiteSettings, writeSiteSettings } from '#domain/sitio/settings.ts';
import { createVehiculo } from '#domain/vehiculos/admin.ts';
import { distanciaMetros } from '#domain/vehiculos/privacidad.ts';
import { type NavegadorDePrueba, iniciarServicioPush, navegadorDePrueba } from '#tests/setup/push.ts';
import { scratchDatabases } from './postgres.ts';
import { startBenchServer } from './server.ts';

/**
 * «El camión está cerca» under load (docs/architecture.md, «Mi calle: avisos»): 20 trucks sweep a
 * grid of 2,000 push subscribers (100 m apart, radius 300 m) reporting through the ingest every
 * second (time compressed: a fleet reports every 5 s), on one instance. Each subscriber follows a
 * service that passes today (all day) and one whose window is not now. Measured: from the report
 * that first brings a truck within a subscriber's radius being sent, to that subscriber's push
 * arriving at the loopback push service; and every push decrypted, to count those outside the
 * window (the other service) and second ones the same day (goal: p95 ≤ 60 s, 0 and 0).
 * BENCH_CERCANIA_SEGUNDOS changes how long the trucks drive (90 s).
 */
const VEHICULOS = 20;
const FILAS = 50;
const COLUMNAS = 40;
const PASO_M = 100;
const RADIO_M = 300;
const DATA_KEY = 'cd'.repeat(32);
const ORIGEN = { latitud: -40.755, longitud: -71.7 };
const M_LAT = 1 / 111_320;
const M_LON = 1 / (111_320 * Math.cos((ORIGEN.latitud * Math.PI) / 180));
const punto = (norteM: number, esteM: number) => ({ latitud: ORIGEN.latitud + norteM * M_LAT, longitud: ORIGEN.longitud + esteM * M_LON });

function percentil(valores: number[], p: number): number {
  if (valores.length === 0) return Number.NaN;
  const ordenados = [...valores].sort((a, b) => a - b);
  return ordenados[Math.min(ordenados.length - 1, Math.floor((p / 100) * ordenados.length))]!;
}

const hhmm = (minuto: number) => `${String(Math.floor(minuto / 60)).padStart(2, '0')}:${String(minuto % 60).padStart(2, '0')}`;

type Motor = { nombre: string; open: () => Promise<Database>; env: Record<string, string> };

async function benchCercaniaEn(motor: Motor): Promise<void> {
  const servicioPush = await iniciarServicioPush();
  const database = await motor.open();
  const ctx: AppContext = createAppContext({
    db: database.db,
    storage: undefined as unknown as AppContext['storage'],
    log: { info() {}, warn() {}, error() {} },
    cipher: createCipher(Buffer.from(DATA_KEY, 'hex')),
    mailer: { wake() {} },
    config: {
      siteUrl: 'http://127.0.0.1',
      mapTileUrl: '',
      solicitudes: { porDireccion: 1, porPersona: 1, consultasPorMinuto: 1 },
      pushServiciosLocales: true,
    },
  });
  // Positions are public at any hour here, so the run does not depend on when it starts.
  await writeSiteSettings(database.db, { vehiculos: { ...defaultSiteSettings.vehiculos, horario: { desde: '00:00', hasta: '00:00' } } });
  const esquina = punto(FILAS * PASO_M + 500, COLUMNAS * PASO_M + 500);
  const sur = punto(-500, -500);
  const zona = await createZona(database.db, ACTOR_SISTEMA, {
    nombre: 'Zona del benchmark',
    geometria: JSON.stringify({
      type: 'Polygon',
      coordinates: [
        [
          [sur.longitud, sur.latitud],
          [esquina.longitud, sur.latitud],
          [esquina.longitud, esquina.latitud],
          [sur.longitud, esquina.latitud],
          [sur.longitud, sur.latitud],
        ],
      ],
    }),
  });
  if (zona.tipo !== 'guardado') throw new Error(`zona: ${JSON.stringify(zona)}`);
  const hoy = await createServicio(database.db, ACTOR_SISTEMA, zona.zona.id, {
    nombre: 'Húmedos',
    regla: 'FREQ=DAILY',
    desde: '2026-01-01',
    feriado: 'guardia',
    guardia: 'Recorrido de guardia',
    servicioVehiculo: 'recoleccion',
  });
  // A window of an hour that is not now (nor in the next hours the run may take).
  const ahora = minutoDelDiaEnArgentina(new Date());
  const desde = ahora >= 12 * 60 ? 60 : 22 * 60;
  const fuera = await createServicio(database.db, ACTOR_SISTEMA, zona.zona.id, {
    nombre: 'Secos',
    regla: 'FREQ=DAILY',
    desde: '2026-01-01',
    horaDesde: hhmm(desde),
    horaHasta: hhmm(desde + 60),
    feriado: 'guardia',
    guardia: 'Recorrido de guardia',
    servicioVehiculo: 'recoleccion',
  });
  if (hoy.tipo !== 'guardado' || fuera.tipo !== 'guardado') throw new Error('servicios del benchmark');
  const dispositivos: string[] = [];
  for (let i = 0; i < VEHICULOS; i++) {
    const v = await createVehiculo(database.db, ACTOR_SISTEMA, {
      alias: `Camión ${i + 1}`,
      icono: 'recolector',
      servicio: 'recoleccion',
      dispositivo: `bench-cerca-${i}`,
    });
    if (v.tipo !== 'guardado') throw new Error(`vehículo: ${JSON.stringify(v)}`);
    dispositivos.push(v.vehiculo.dispositivo);
  }
  type Vecino = { punto: { latitud: number; longitud: number }; navegador: NavegadorDePrueba; cruce?: number; llegadas: number[]; titulos: string[] };
  const vecinos = new Map<string, Vecino>();
  const altaInicio = performance.now();
  for (let f = 0; f < FILAS; f++) {
    for (let c = 0; c < COLUMNAS; c++) {
      const p = punto(f * PASO_M, c * PASO_M);
      const navegador = navegadorDePrueba(servicioPush, `/push/${f}-${c}`);
      const r = await suscribirAvisos(ctx, {
        zona: zona.zona.slug,
        servicios: `${hoy.servicio.id},${fuera.servicio.id}`,
        cercania: 'on',
        radio: String(RADIO_M),
        lat: p.latitud.toFixed(7),
        lon: p.longitud.toFixed(7),
        push: JSON.stringify(navegador.suscripcion),
      });
      if (r.tipo !== 'activa') throw new Error(`suscripción: ${JSON.stringify(r)}`);
      vecinos.set(`/push/${f}-${c}`, { punto: p, navegador, llegadas: [], titulos: [] });
    }
  }
  const altaMs = performance.now() - altaInicio;

  // The listener's reading of the subscriptions, in this process: the first position reads today's
  // windows and every subscription; after one more subscription (a change of this instance) the
  // next position reads them again. A report far from everyone: nobody is notified.
  const cercania = crearCercania(ctx);
  const lejos = punto(-3000, -3000);
  const oir = async () => {
    const inicio = performance.now();
    await cercania.alPosicion({
      id: 0,
      publica: true,
      activo: true,
      vehiculo: { id: 0, alias: 'Camión', icono: 'recolector', servicio: 'recoleccion', ...lejos, velocidadKmh: 0, rumbo: 0, vistoEn: new Date() },
    });
    return performance.now() - inicio;
  };
  const primeraMs = await oir();
  const relecturas: number[] = [];
  for (let i = 0; i < 10; i++) {
    // Out of every truck's way (the south-west corner of the zone): its pushes, if any, would be nobody's.
    const extra = punto(-450, -450);
    const r = await suscribirAvisos(ctx, {
      zona: zona.zona.slug,
      servicios: String(hoy.servicio.id),
      cercania: 'on',
      lat: extra.latitud.toFixed(7),
      lon: extra.longitud.toFixed(7),
      push: JSON.stringify(navegadorDePrueba(servicioPush, `/extra/${i}`).suscripcion),
    });
    if (r.tipo !== 'activa') throw new Error(`suscripción: ${JSON.stringify(r)}`);
    relecturas.push(await oir());
  }
  cercania.detener();
  await database.close();

  servicioPush.alRecibir = (m) => {
    const v = vecinos.get(m.ruta);
    if (!v) return;
    v.llegadas.push(m.recibidoEn);
    v.titulos.push((JSON.parse(v.navegador.descifrar(m.cuerpo)) as { titulo: string }).titulo);
  };
  const server = await startBenchServer({ ...motor.env, SIMULADOR_VEHICULOS: 'false', SEED_DEMO: 'false', PUSH_SERVICIOS_LOCALES: 'true', DATA_KEY });
  const segundos = Number(process.env.BENCH_CERCANIA_SEGUNDOS ?? 90);
  const agent = new http.Agent({ keepAlive: true, maxSockets: 20 });
  const respuestas = new Map<number, number>();
  try {
    // Each truck drives east along its own band of rows, 50 m a report, and back.
    const ancho = COLUMNAS * PASO_M;
    for (let s = 0; s < segundos; s++) {
      const tick = performance.now();
      await Promise.all(
        dispositivos.map(async (dispositivo, i) => {
          const norte = (i + 0.5) * ((FILAS * PASO_M) / VEHICULOS);
          const recorrido = (s * 50) % (2 * ancho);
          const este = recorrido < ancho ? recorrido : 2 * ancho - recorrido;
          const p = punto(norte, este);
          const enviado = performance.now();
          for (const v of vecinos.values()) if (v.cruce === undefined && distanciaMetros(v.punto, p) <= RADIO_M) v.cruce = enviado;
          const ruta = `/api/v1/posiciones?id=${dispositivo}&lat=${p.latitud.toFixed(6)}&lon=${p.longitud.toFixed(6)}&timestamp=${Date.now()}&speed=36&bearing=90`;
          const estado = await new Promise<number>((listo) => {
            http
              .get(server.url + ruta, { agent }, (res) => {
                res.resume();
                res.on('end', () => listo(res.statusCode ?? 0));
              })
              .on('error', () => listo(0));
          });
          respuestas.set(estado, (respuestas.get(estado) ?? 0) + 1);
        }),
      );
      await new Promise((r) => setTimeout(r, Math.max(0, 1000 - (performance.now() - tick))));
    }
    // The last crossings' pushes: up to a minute more.
    const limite = performance.now() + 60_000;
    while (performance.now() < limite && [...vecinos.values()].some((v) => v.cruce !== undefined && v.llegadas.length === 0)) {
      await new Promise((r) => setTimeout(r, 250));
    }
    await new Promise((r) => setTimeout(r, 2000));
  } finally {
    agent.destroy();
    await server.stop();
    await servicioPush.cerrar();
  }
  const cruzados = [...vecinos.values()].filter((v) => v.cruce !== undefined);
  const latencias = cruzados.filter((v) => v.llegadas.length > 0).map((v) => (v.llegadas[0]! - v.cruce!) / 1000);
  const sinAviso = cruzados.filter((v) => v.llegadas.length === 0).length;
  const dobles = [...vecinos.values()].filter((v) => v.llegadas.length > 1).length;
  const fueraDeVentana = [...vecinos.values()].reduce((n, v) => n + v.titulos.filter((t) => t.startsWith('Secos')).length, 0);
  const sinCruce = [...vecinos.values()].filter((v) => v.cruce === undefined && v.llegadas.length > 0).length;
  console.log(`\n## «El camión está cerca» en ${motor.nombre} (${VEHICULOS} camiones, ${vecinos.size} suscriptores push, radio ${RADIO_M} m, ${segundos} s)`);
  console.log(`Alta de ${vecinos.size} suscripciones por el comando: ${(altaMs / 1000).toFixed(1)} s.`);
  console.log(`Respuestas de la ingesta: ${[...respuestas].map(([estado, n]) => `${estado} × ${n}`).join(', ')}.`);
  console.log(
    `Suscriptores alcanzados por un camión: ${cruzados.length}; con su notificación: ${latencias.length}; sin ella: ${sinAviso}; avisados sin que pasara un camión: ${sinCruce}.`,
  );
  console.log(
    `Del reporte que entra en el radio a la notificación entregada al servicio push: p50 ${percentil(latencias, 50).toFixed(2)} s, p95 ${percentil(latencias, 95).toFixed(2)} s, máx ${Math.max(0, ...latencias).toFixed(2)} s (objetivo: p95 ≤ 60 s).`,
  );
  console.log(`Notificaciones fuera de la ventana: ${fueraDeVentana}; suscriptores con dos o más el mismo día: ${dobles} (objetivo: 0 y 0).`);
  console.log(
    `El oyente en este proceso: primera posición (ventanas y ${vecinos.size} suscripciones) ${primeraMs.toFixed(0)} ms; después de un alta, mediana ${percentil(relecturas, 50).toFixed(1)} ms, máx ${Math.max(...relecturas).toFixed(1)} ms.`,
  );
  // A figure is no use if the rules broke or nothing was measured: those fail the run.
  const fallas = [
    latencias.length === 0 ? 'ninguna notificación llegó al servicio push' : '',
    fueraDeVentana > 0 ? `${fueraDeVentana} notificaciones fuera de la ventana` : '',
    dobles > 0 ? `${dobles} suscriptores con dos o más notificaciones el mismo día` : '',
    sinCruce > 0 ? `${sinCruce} suscriptores avisados sin que pasara un camión` : '',
  ].filter(Boolean);
  if (fallas.length > 0) throw new Error(`«El camión está cerca» en ${motor.nombre}: ${fallas.join('; ')}.`);
}

export async function benchCercaniaPglite(): Promise<void> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'vla-bench-cerca-'));
  try {
    await benchCercaniaEn({ nombre: 'PGlite', open: () => openPglite(dataDir), env: { DATA_DIR: dataDir } });
  } finally {
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

/** The same on a scratch database of the PostgreSQL server at `url`, dropped at the end. */
export async function benchCercaniaPostgres(url: string): Promise<void> {
  const bases = await scratchDatabases(url);
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'vla-bench-cerca-'));
  try {
    const scratch = await bases.create();
    await benchCercaniaEn({ nombre: 'PostgreSQL', open: () => openPostgres(scratch), env: { DATABASE_URL: scratch, DATA_DIR: dataDir } });
  } finally {
    fs.rmSync(dataDir, { recursive: true, force: true });
    await bases.drop();
  }
}
