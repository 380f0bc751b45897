import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { count, eq, like } from 'drizzle-orm';
import { type Database, openPglite, openPostgres } from '#db/client.ts';
import { posicionesVehiculo, vehiculos } from '#db/schema/index.ts';
import { scratchDatabases } from './postgres.ts';
import { startBenchServer } from './server.ts';

/**
 * Devices registered for the benchmark: enough for the highest rate (5,000 reports a second) at one
 * a second each, within the rate every device is allowed (with fewer, the highest rates are 429s).
 */
const DISPOSITIVOS = 5_000;
/**
 * The load generator's connections: under the server's limit of connections per address
 * (MAX_CONNECTIONS_PER_IP, 100), with a margin for sockets the server has not yet seen close.
 */
const CONEXIONES = 90;
const dispositivo = (i: number) => `bench-${String(i).padStart(4, '0')}`;

let ultimaHora = 0;
/**
 * A device time in milliseconds, near now and never repeated in the run: two reports of a device
 * with the same time would be one retry (acknowledged, stored once), and the stored count would
 * not match the answers.
 */
const horaUnica = () => (ultimaHora = Math.max(ultimaHora + 1, Date.now()));

type Fase = {
  enviadas: number;
  guardadas: number;
  rechazadas: number;
  errores: number;
  latencias: number[];
  /** What was not a 200, by status and reason, or by connection error ("ECONNRESET"…). */
  motivos: Map<string, number>;
};

function percentil(valores: number[], p: number): number {
  if (valores.length === 0) return Number.NaN;
  const ordenados = [...valores].sort((a, b) => a - b);
  return ordenados[Math.min(ordenados.length - 1, Math.floor((p / 100) * ordenados.length))]!;
}

/**
 * Reports sent open loop, as trackers do: `porSegundo` a second for `segundos`, spread evenly in
 * ticks of 10 ms, each device in turn (of the first `dispositivos`), an OsmAnd GET with a time of
 * its own in milliseconds. Answers 200 are stored positions (the ingest answers 200 only then).
 */
async function fase(url: string, opciones: { porSegundo: number; segundos: number; dispositivos: number }): Promise<Fase> {
  // One address stands for the whole fleet here: its connections stay within the server's limit
  // per address, and a report waits for a free one (counted in its time).
  const agent = new http.Agent({ keepAlive: true, maxSockets: CONEXIONES });
  const r: Fase = { enviadas: 0, guardadas: 0, rechazadas: 0, errores: 0, latencias: [], motivos: new Map() };
  const contar = (motivo: string) => r.motivos.set(motivo, (r.motivos.get(motivo) ?? 0) + 1);
  const pendientes: Promise<void>[] = [];
  const inicio = performance.now();
  const total = opciones.porSegundo * opciones.segundos;
  let siguiente = 0;
  await new Promise<void>((resolve) => {
    const tick = setInterval(() => {
      const debidas = Math.min(total, Math.floor(((performance.now() - inicio) / 1000) * opciones.porSegundo));
      for (; siguiente < debidas; siguiente++) {
        const i = siguiente % opciones.dispositivos;
        const lat = -40.762 + ((i % 50) - 25) / 2000;
        const lon = -71.646 + (Math.floor(i / 50) % 40) / 2000;
        const ruta = `/api/v1/posiciones?id=${dispositivo(i)}&lat=${lat.toFixed(6)}&lon=${lon.toFixed(6)}&timestamp=${horaUnica()}&speed=12&bearing=90&batt=80`;
        const t0 = performance.now();
        r.enviadas++;
        pendientes.push(
          new Promise<void>((listo) => {
            const req = http.get(url + ruta, { agent }, (res) => {
              let cuerpo = '';
              res.setEncoding('utf8');
              res.on('data', (parte: string) => (cuerpo += parte));
              res.on('end', () => {
                r.latencias.push(performance.now() - t0);
                if (res.statusCode === 200) r.guardadas++;
                else {
                  r.rechazadas++;
                  // The status and the start of the Spanish reason: which limit, which failure.
                  contar(`${res.statusCode} «${/"error":"([^"]{0,40})/.exec(cuerpo)?.[1] ?? ''}…»`);
                }
                listo();
              });
            });
            req.on('error', (error: NodeJS.ErrnoException) => {
              r.errores++;
              contar(error.code ?? error.message);
              listo();
            });
          }),
        );
      }
      if (siguiente >= total) {
        clearInterval(tick);
        resolve();
      }
    }, 10);
  });
  await Promise.all(pendientes);
  agent.destroy();
  return r;
}

const linea = (nombre: string, f: Fase) =>
  `${nombre.padEnd(40)} ${String(f.enviadas).padStart(7)} ${String(f.guardadas).padStart(9)} ${String(f.rechazadas + f.errores).padStart(10)} ${percentil(f.latencias, 50).toFixed(1).padStart(7)} ${percentil(f.latencias, 99).toFixed(1).padStart(7)}`;

/** Where the benchmark's server keeps its data: a PGlite folder, or a scratch PostgreSQL database. */
type Motor = {
  nombre: string;
  open(): Promise<Database>;
  env: Record<string, string>;
};

/**
 * Vehicle ingest on the built app: 200 devices every 5 s for 60 s, as a fleet reports;
 * then rising rates over 5,000 devices, each after a second of warm-up at that rate (shown, not
 * judged), to find the most positions a second one instance stores with p99 under 50 ms, at that
 * rate and every lower one (the goal: 2,000, every one stored). The stored count is read from the
 * database after the server stops. BENCH_VEHICULOS_SEGUNDOS shortens the first part.
 */
async function benchVehiculosEn(motor: Motor): Promise<void> {
  let database = await motor.open();
  await database.db.insert(vehiculos).values(
    Array.from({ length: DISPOSITIVOS }, (_, i) => ({
      alias: `Vehículo ${i}`,
      icono: 'camion' as const,
      servicio: 'recoleccion' as const,
      dispositivo: dispositivo(i),
    })),
  );
  await database.close();
  const server = await startBenchServer({ ...motor.env, SIMULADOR_VEHICULOS: 'false' });
  // `ritmo`: a rate judged for the verdict (the fleet's part and the warm-ups are shown, not judged).
  const fases: { nombre: string; f: Fase; ritmo?: number }[] = [];
  try {
    const segundos = Number(process.env.BENCH_VEHICULOS_SEGUNDOS ?? 60);
    fases.push({ nombre: `200 equipos cada 5 s, ${segundos} s`, f: await fase(server.url, { porSegundo: 40, segundos, dispositivos: 200 }) });
    for (const porSegundo of [500, 1000, 2000, 3000, 4000, 5000]) {
      // A second at the new rate first, shown but not judged: the step up from the rate before
      // opens the generator's connections and grows the server's memory, a jump no fleet makes.
      const calentamiento = await fase(server.url, { porSegundo, segundos: 1, dispositivos: DISPOSITIVOS });
      fases.push({ nombre: `${porSegundo} por segundo, 1 s (calentamiento)`, f: calentamiento });
      fases.push({
        nombre: `${porSegundo} por segundo, 5 s`,
        f: await fase(server.url, { porSegundo, segundos: 5, dispositivos: DISPOSITIVOS }),
        ritmo: porSegundo,
      });
    }
  } finally {
    await server.stop();
  }
  database = await motor.open();
  // Only the benchmark's devices: the demo content (when the server loads it) has positions of its own.
  const [fila] = await database.db
    .select({ n: count() })
    .from(posicionesVehiculo)
    .innerJoin(vehiculos, eq(vehiculos.id, posicionesVehiculo.vehiculoId))
    .where(like(vehiculos.dispositivo, 'bench-%'));
  await database.close();

  console.log(`\n## Ingesta de posiciones en ${motor.nombre} (OsmAnd por HTTP, loopback)`);
  console.log(
    `${'carga'.padEnd(40)} ${'enviadas'.padStart(7)} ${'guardadas'.padStart(9)} ${'rechazadas'.padStart(10)} ${'p50 ms'.padStart(7)} ${'p99 ms'.padStart(7)}`,
  );
  for (const { nombre, f } of fases) console.log(linea(nombre, f));
  for (const { nombre, f } of fases) {
    if (f.motivos.size > 0) console.log(`Rechazadas en «${nombre}»: ${[...f.motivos].map(([motivo, n]) => `${motivo} × ${n}`).join(', ')}.`);
  }
  const respondidas = fases.reduce((n, { f }) => n + f.guardadas, 0);
  console.log(`En la base: ${fila?.n ?? 0} posiciones de los equipos del benchmark; respondidas como guardadas: ${respondidas}.`);
  // The highest rate that passed with every rate below it: a lucky run of a higher one does not count.
  const juzgadas = fases.filter((x) => x.ritmo !== undefined);
  const primeraQueFalla = juzgadas.findIndex(({ f }) => percentil(f.latencias, 99) >= 50 || f.guardadas !== f.enviadas);
  const mejor = (primeraQueFalla === -1 ? juzgadas : juzgadas.slice(0, primeraQueFalla)).at(-1)?.ritmo ?? 0;
  console.log(
    `Lo más que guarda una instancia con p99 < 50 ms y todas guardadas, en esa carga y en las menores: ${mejor > 0 ? `${mejor} por segundo` : 'menos de 500 por segundo'} (objetivo: 2.000).`,
  );
}

export async function benchVehiculosPglite(): Promise<void> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'vla-bench-veh-'));
  try {
    await benchVehiculosEn({ nombre: 'PGlite', open: () => openPglite(dataDir), env: { DATA_DIR: dataDir } });
  } finally {
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

/** The same on a scratch database of the PostgreSQL server at `url`, dropped at the end. */
export async function benchVehiculosPostgres(url: string): Promise<void> {
  const bases = await scratchDatabases(url);
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'vla-bench-veh-'));
  try {
    const scratch = await bases.create();
    await benchVehiculosEn({
      nombre: 'PostgreSQL',
      open: () => openPostgres(scratch),
      env: { DATABASE_URL: scratch, DATA_DIR: dataDir, DATA_KEY: 'ab'.repeat(32) },
    });
  } finally {
    fs.rmSync(dataDir, { recursive: true, force: true });
    await bases.drop();
  }
}
