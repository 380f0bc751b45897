import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { DEFAULT_DATABASE_LIMITS, type Database, openPglite, openPostgres } from '#db/client.ts';
import { categoriasReclamo } from '#db/schema/index.ts';
import { buscarDuplicados } from '#domain/reclamos/queries.ts';
import { createRandom } from '#server/demo/random.ts';
import { scratchDatabases } from './postgres.ts';

/**
 * The duplicate search of a citizen report (docs/decisions/057-reclamos.md, «Duplicados sin
 * PostGIS»; goal: p95 ≤ 300 ms on both engines) over 50,000 reports spread over the town in 12
 * categories, about 60 % of them open and a few hidden. Then `buscarDuplicados` for random points
 * and categories at the category's radius (50 m) and at 300 m. BENCH_RECLAMOS changes how many
 * reports (50,000), BENCH_RECLAMOS_CONSULTAS how many look-ups (300).
 */
const RECLAMOS = Number(process.env.BENCH_RECLAMOS ?? 50_000);
const CONSULTAS = Number(process.env.BENCH_RECLAMOS_CONSULTAS ?? 300);
const CATEGORIAS = 12;
const CENTRO = { latitud: -40.762, longitud: -71.646 };
const SIN_APURO = { ...DEFAULT_DATABASE_LIMITS, statementTimeoutMs: 60 * 60_000, connectTimeoutMs: 60 * 60_000 };

function percentil(valores: number[], p: number): number {
  const ordenados = [...valores].sort((a, b) => a - b);
  return ordenados[Math.min(ordenados.length - 1, Math.floor((p / 100) * ordenados.length))] ?? Number.NaN;
}

/** The categories and the reports, by `generate_series` in one statement (the form would take an hour). */
async function cargar(database: Database): Promise<number[]> {
  const { db } = database;
  const categorias = await db
    .insert(categoriasReclamo)
    .values(Array.from({ length: CATEGORIAS }, (_, i) => ({ codigo: `bench-${i + 1}`, nombre: `Categoría ${i + 1}`, radioDuplicadosM: 50 })))
    .returning({ id: categoriasReclamo.id });
  const ids = categorias.map((c) => c.id);
  const t0 = performance.now();
  // Points over a box of about 5.5 × 6.8 km around the centre; 60 % open; one report in 50 hidden.
  await db.execute(sql`
    insert into reclamos (codigo, categoria_id, estado, descripcion, latitud, longitud, direccion, vence_el, oculto_en)
    select 'RC-BENCH-' || n,
           (${sql.raw(`array[${ids.map(Number).join(',')}]`)})[1 + (n % ${CATEGORIAS})],
           (array['recibido', 'en_curso', 'derivado', 'resuelto', 'no_corresponde'])[1 + ((n / ${CATEGORIAS}) % 5)],
           'Reclamo de prueba número ' || n,
           ${CENTRO.latitud}::float8 + (random() - 0.5) * 0.05,
           ${CENTRO.longitud}::float8 + (random() - 0.5) * 0.08,
           'Calle ' || (n % 300),
           date '2026-12-15',
           case when n % 50 = 0 then now() end
      from generate_series(1, ${RECLAMOS}::integer) as s(n)`);
  await db.execute(sql`analyze reclamos`);
  console.log(`reclamos: ${RECLAMOS.toLocaleString('es-AR')} cargados en ${((performance.now() - t0) / 1000).toFixed(1)} s`);
  return ids;
}

async function latencias(database: Database, categorias: number[]): Promise<void> {
  const azar = createRandom(57).siguiente;
  const punto = () => ({ latitud: CENTRO.latitud + (azar() - 0.5) * 0.05, longitud: CENTRO.longitud + (azar() - 0.5) * 0.08 });
  // Warm-up: the first look-ups read the index from disk.
  for (let i = 0; i < 10; i++) await buscarDuplicados(database.db, { categoriaId: categorias[0]!, ...punto() });
  for (const radioM of [undefined, 300] as const) {
    const medidas: number[] = [];
    let ofrecidos = 0;
    for (let i = 0; i < CONSULTAS; i++) {
      const categoriaId = categorias[Math.floor(azar() * categorias.length)]!;
      const t0 = performance.now();
      const encontrados = await buscarDuplicados(database.db, { categoriaId, ...punto(), ...(radioM === undefined ? {} : { radioM }) });
      medidas.push(performance.now() - t0);
      ofrecidos += encontrados.length;
    }
    console.log(
      `radio ${radioM === undefined ? 'de la categoría (50 m)' : `${radioM} m`}: ${CONSULTAS} consultas  p50 ${percentil(medidas, 50).toFixed(1)} ms  p95 ${percentil(medidas, 95).toFixed(1)} ms  máx ${Math.max(...medidas).toFixed(1)} ms  (${(ofrecidos / CONSULTAS).toFixed(2)} ofrecidos por consulta)`,
    );
  }
}

export async function benchReclamosDuplicadosPglite(): Promise<void> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'vla-bench-reclamos-'));
  try {
    console.log(`\n## Duplicados de reclamos en PGlite (${RECLAMOS.toLocaleString('es-AR')} reclamos; objetivo p95 ≤ 300 ms)`);
    const database = await openPglite(dataDir, SIN_APURO);
    try {
      await latencias(database, await cargar(database));
    } finally {
      await database.close();
    }
  } finally {
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

export async function benchReclamosDuplicadosPostgres(url: string): Promise<void> {
  const bases = await scratchDatabases(url);
  try {
    console.log(`\n## Duplicados de reclamos en PostgreSQL (${RECLAMOS.toLocaleString('es-AR')} reclamos; objetivo p95 ≤ 300 ms)`);
    const database = await openPostgres(await bases.create(), SIN_APURO);
    try {
      await latencias(database, await cargar(database));
    } finally {
      await database.close();
    }
  } finally {
    await bases.drop();
  }
}
