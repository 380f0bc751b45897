import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { DEFAULT_DATABASE_LIMITS, type Database, openPglite, openPostgres } from '#db/client.ts';
import { vehiculos } from '#db/schema/index.ts';
import { ultimaPasada } from '#domain/vehiculos/pasadas.ts';
import { createRandom } from '#server/demo/random.ts';
import { scratchDatabases } from './postgres.ts';

/**
 * «¿Cuándo pasó?» over a month of positions (docs/architecture.md, «Cobertura y retención de
 * posiciones»; goal: p95 ≤ 200 ms on PostgreSQL with 20 vehicles every 5 s for 30 days, about
 * 10 million rows). The positions are written by `generate_series` straight into the table (the
 * ingest would take a day to store a month): each vehicle wanders over the town, public from 06:00
 * to 22:00 and private at night, half of the fleet collection and half road machines. Then
 * `ultimaPasada` for random points of the town, today and this week, 100 m.
 * BENCH_CUANDO_PASO_CONSULTAS changes how many look-ups (200).
 */
const VEHICULOS = 20;
const DIAS = 30;
const CONSULTAS = Number(process.env.BENCH_CUANDO_PASO_CONSULTAS ?? 200);
/** The town's box, where the vehicles wander and the points fall. */
const CENTRO = { latitud: -40.762, longitud: -71.646 };
const AHORA = new Date('2026-11-27T15:00:00-03:00');
const DIA_MS = 86_400_000;
/** A month's statements and the index build take minutes: no pool bound on them. */
const SIN_APURO = { ...DEFAULT_DATABASE_LIMITS, statementTimeoutMs: 60 * 60_000, connectTimeoutMs: 60 * 60_000 };

function percentil(valores: number[], p: number): number {
  const ordenados = [...valores].sort((a, b) => a - b);
  return ordenados[Math.min(ordenados.length - 1, Math.floor((p / 100) * ordenados.length))] ?? Number.NaN;
}

/**
 * A month of positions every `cadaSegundos` for the fleet, one statement per day, without the
 * live-map trigger (a scratch database: nobody listens). The cell index is dropped first and built
 * after, timed: what the migration costs on a table this size.
 */
async function cargar(database: Database, cadaSegundos: number): Promise<void> {
  const { db } = database;
  await db.insert(vehiculos).values(
    Array.from({ length: VEHICULOS }, (_, i) => ({
      alias: `Vehículo ${i + 1}`,
      icono: i % 2 === 0 ? ('recolector' as const) : ('motoniveladora' as const),
      servicio: i % 2 === 0 ? ('recoleccion' as const) : ('vialidad' as const),
      dispositivo: `bench-cuando-paso-${i}`,
    })),
  );
  await db.execute(sql`alter table posiciones_vehiculo disable trigger posiciones_vehiculo_aviso`);
  await db.execute(sql`drop index posiciones_vehiculo_celda_idx`);
  const porDia = DIA_MS / 1000 / cadaSegundos;
  const inicio = performance.now();
  for (let d = DIAS; d > 0; d--) {
    const desde = new Date(AHORA.getTime() - d * DIA_MS).toISOString();
    // Each vehicle drifts over the town on two slow waves of its own; public from 06:00 to 22:00.
    await db.execute(sql`
      insert into posiciones_vehiculo (vehiculo_id, latitud, longitud, hora_dispositivo, recibida_en, publica)
      select v.id,
             ${CENTRO.latitud}::float8 + 0.025 * sin(n / 700.0 + v.id * 1.7) * cos(n / 3100.0 + v.id),
             ${CENTRO.longitud}::float8 + 0.04 * cos(n / 900.0 + v.id * 2.3) * sin(n / 2300.0 + v.id * 0.7),
             h, h,
             extract(hour from h at time zone 'America/Argentina/Buenos_Aires') between 6 and 21
        from vehiculos v,
             generate_series(0, ${porDia - 1}) as s(n),
             lateral (select ${desde}::timestamptz + make_interval(secs => n * ${cadaSegundos} + v.id * 0.2) as h) t
       where v.dispositivo like 'bench-cuando-paso-%'`);
  }
  const cargadas = performance.now() - inicio;
  const t0 = performance.now();
  const migracion = fs
    .readFileSync(path.resolve('db/migrations/0025_posiciones_por_celda.sql'), 'utf8')
    .split('--> statement-breakpoint')
    .find((s) => s.includes('posiciones_vehiculo_celda_idx'))!;
  await db.execute(sql.raw(migracion));
  const indice = performance.now() - t0;
  await db.execute(sql`alter table posiciones_vehiculo enable trigger posiciones_vehiculo_aviso`);
  await db.execute(sql`vacuum analyze posiciones_vehiculo`);
  const total = await contar(database);
  console.log(
    `posiciones: ${total.toLocaleString('es-AR')} (cargadas en ${(cargadas / 1000).toFixed(0)} s); índice por celda armado en ${(indice / 1000).toFixed(1)} s`,
  );
}

async function contar(database: Database): Promise<number> {
  const resultado = (await database.db.execute(sql`select count(*)::integer as n from posiciones_vehiculo`)) as unknown as { rows: { n: number | string }[] };
  return Number(resultado.rows[0]?.n ?? 0);
}

/** `ultimaPasada` for random points of the town: this week (Monday on) and today, collection and road machines. */
async function latencias(database: Database, cadaSegundos: number): Promise<void> {
  const azar = createRandom(56).siguiente;
  const hoy = new Date('2026-11-27T00:00:00-03:00');
  const semana = new Date(hoy.getTime() - 4 * DIA_MS);
  const medidas: Record<'hoy' | 'semana', number[]> = { hoy: [], semana: [] };
  let encontradas = 0;
  // Warm-up: the first look-ups read the index from disk.
  for (let i = 0; i < 10; i++) await ultimaPasada(database.db, CENTRO, { servicio: 'recoleccion', radioM: 100, desde: semana, hasta: AHORA });
  for (let i = 0; i < CONSULTAS; i++) {
    // Half anywhere in town (mostly no pass: the whole week of the cells is read), half within
    // about 30 m of a vehicle's route (the same waves as `cargar`; ids 1 to 20).
    const v = 1 + Math.floor(azar() * VEHICULOS);
    // Each day's statement numbers its steps from 0: the same route every day.
    const enRuta = Math.floor(azar() * (DIA_MS / 1000 / cadaSegundos));
    const punto =
      i % 4 < 2
        ? { latitud: CENTRO.latitud + (azar() - 0.5) * 0.05, longitud: CENTRO.longitud + (azar() - 0.5) * 0.08 }
        : {
            latitud: CENTRO.latitud + 0.025 * Math.sin(enRuta / 700 + v * 1.7) * Math.cos(enRuta / 3100 + v) + (azar() - 0.5) * 0.0005,
            longitud: CENTRO.longitud + 0.04 * Math.cos(enRuta / 900 + v * 2.3) * Math.sin(enRuta / 2300 + v * 0.7) + (azar() - 0.5) * 0.0005,
          };
    const servicio = i % 2 === 0 ? ('recoleccion' as const) : ('vialidad' as const);
    for (const [clave, desde] of [
      ['hoy', hoy],
      ['semana', semana],
    ] as const) {
      const t0 = performance.now();
      const pasada = await ultimaPasada(database.db, punto, { servicio, radioM: 100, desde, hasta: AHORA });
      medidas[clave].push(performance.now() - t0);
      if (pasada) encontradas++;
    }
  }
  for (const clave of ['hoy', 'semana'] as const) {
    const m = medidas[clave];
    console.log(
      `${clave.padEnd(7)} ${CONSULTAS} consultas  p50 ${percentil(m, 50).toFixed(1)} ms  p95 ${percentil(m, 95).toFixed(1)} ms  máx ${Math.max(...m).toFixed(1)} ms`,
    );
  }
  console.log(`con pasada: ${encontradas} de ${CONSULTAS * 2}`);
}

/** PGlite: the same month with a position every 100 s (about half a million rows). */
export async function benchCuandoPasoPglite(): Promise<void> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'vla-bench-cuando-paso-'));
  try {
    console.log(`\n## «¿Cuándo pasó?» en PGlite (${VEHICULOS} vehículos, ${DIAS} días, una posición cada 100 s)`);
    const database = await openPglite(dataDir, SIN_APURO);
    try {
      await cargar(database, 100);
      await latencias(database, 100);
    } finally {
      await database.close();
    }
  } finally {
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

/** PostgreSQL: 20 vehicles every 5 s for 30 days, about 10 million rows (goal: p95 ≤ 200 ms). */
export async function benchCuandoPasoPostgres(url: string): Promise<void> {
  const bases = await scratchDatabases(url);
  try {
    console.log(`\n## «¿Cuándo pasó?» en PostgreSQL (${VEHICULOS} vehículos, ${DIAS} días, una posición cada 5 s; objetivo p95 ≤ 200 ms)`);
    const database = await openPostgres(await bases.create(), SIN_APURO);
    try {
      await cargar(database, 5);
      await latencias(database, 5);
    } finally {
      await database.close();
    }
  } finally {
    await bases.drop();
  }
}
