import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { type Database, openPglite, openPostgres } from '#db/client.ts';
import { ordenanzas } from '#db/schema/index.ts';
import { searchOrdenanzas } from '#domain/ordenanzas/queries.ts';
import { parseFiltrosOrdenanzas } from '#domain/ordenanzas/schemas.ts';
import { createRandom } from '#server/demo/random.ts';
import { temaAleatorio } from '#server/demo/ordenanzas-datos.ts';
import { loadTest } from './load.ts';
import { scratchDatabases } from './postgres.ts';
import { startBenchServer } from './server.ts';

export const CANTIDAD = Number(process.env.BENCH_ORDENANZAS ?? 100_000);

/** Representative searches: words, number, year, status, combined, and paging far. */
export const CONSULTAS: Record<string, string> = {
  'palabras (habilitacion comercial)': 'pattern=habilitacion+comercial',
  'palabras (residuos)': 'pattern=residuos',
  'palabra frecuente (ordenanza)': 'pattern=ordenanza',
  'prefijo mientras se escribe (bomb)': 'pattern=bomb',
  número: 'numero=48213',
  año: 'anio=2019',
  'estado (Derogada)': 'estado=3',
  'combinada (estado + año + palabras)': 'estado=2&anio=2015&pattern=transito',
  'sin filtros, página 40': 'pagina=40',
};

/**
 * 100,000 plausible ordinances in batches; descriptions and document text from the demo themes.
 * Numbered from `primerNumero`: past the demo's own when added to it (bench/respaldo.ts).
 */
export async function llenar(database: Database, primerNumero = 1): Promise<void> {
  const r = createRandom(42);
  const lote = 2000;
  for (let inicio = 0; inicio < CANTIDAD; inicio += lote) {
    const filas = [];
    for (let i = inicio; i < Math.min(CANTIDAD, inicio + lote); i++) {
      const anio = 1985 + (i % 42);
      const tema = temaAleatorio(r, anio);
      filas.push({
        numero: primerNumero + i,
        anio,
        estado: r.elegir([1, 2, 2, 2, 2, 2, 3, 3, 4, 9]),
        fechaEmision: `${anio}-${String(r.entero(1, 12)).padStart(2, '0')}-${String(r.entero(1, 28)).padStart(2, '0')}`,
        descripcion: tema.descripcion,
        expediente: r.probabilidad(0.8) ? `${r.entero(100, 9999)}-HCD-${anio}` : null,
        textoDocumento: `ORDENANZA N° ${primerNumero + i}/${anio}. EL CONCEJO DELIBERANTE SANCIONA CON FUERZA DE ORDENANZA: ${tema.articulos.map((a, n) => `Artículo ${n + 1}°: ${a}`).join(' ')} Comuníquese, publíquese y archívese.`,
      });
    }
    await database.db.insert(ordenanzas).values(filas);
  }
  // What autovacuum does after a bulk load: statistics, and the visibility map for index-only counts.
  await database.db.execute(sql`vacuum analyze ordenanzas`);
}

function percentil(valores: number[], p: number): number {
  const ordenados = [...valores].sort((a, b) => a - b);
  return ordenados[Math.min(ordenados.length - 1, Math.floor((p / 100) * ordenados.length))]!;
}

async function latencias(database: Database, repeticiones: number): Promise<void> {
  console.log(`${'consulta'.padEnd(40)} ${'p50'.padStart(8)} ${'p95'.padStart(8)} ${'p99'.padStart(8)}  resultados`);
  for (const [nombre, query] of Object.entries(CONSULTAS)) {
    const parsed = parseFiltrosOrdenanzas(new URLSearchParams(query));
    if (!parsed.ok) throw new Error(`consulta inválida: ${query}`);
    let total = '';
    for (let i = 0; i < 5; i++) {
      const pagina = await searchOrdenanzas(database.db, parsed.filtros); // warm-up
      total = pagina.totalExacto ? String(pagina.total) : `más de ${pagina.total}`;
    }
    const tiempos: number[] = [];
    for (let i = 0; i < repeticiones; i++) {
      const inicio = performance.now();
      await searchOrdenanzas(database.db, parsed.filtros);
      tiempos.push(performance.now() - inicio);
    }
    const ms = (v: number) => `${v.toFixed(1)} ms`.padStart(8);
    console.log(`${nombre.padEnd(40)} ${ms(percentil(tiempos, 50))} ${ms(percentil(tiempos, 95))} ${ms(percentil(tiempos, 99))}  ${total}`);
  }
}

/** The search page, served by the built app on the filled database, under load on loopback. */
async function cargaDeLaPagina(env: Record<string, string>): Promise<void> {
  const server = await startBenchServer(env);
  try {
    for (const query of ['pattern=habilitacion+comercial', 'estado=3&anio=2019']) {
      const url = `${server.url}/consulta-ordenanzas?${query}`;
      await loadTest(url, { seconds: 2 });
      const load = await loadTest(url, { seconds: 6 });
      console.log(
        `Página /consulta-ordenanzas?${query}: ${load.requestsPerSecond.toFixed(0)} solicitudes/s, p50 ${load.p50} ms, p99 ${load.p99} ms (${load.non2xx} no-2xx)`,
      );
    }
  } finally {
    await server.stop();
  }
}

export async function benchOrdenanzasPglite(): Promise<void> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'vla-bench-ord-'));
  try {
    console.log(`\n## Búsqueda de ordenanzas en PGlite (${CANTIDAD.toLocaleString('es-AR')} ordenanzas)`);
    let database = await openPglite(dataDir);
    const inicio = performance.now();
    await llenar(database);
    console.log(`Carga: ${((performance.now() - inicio) / 1000).toFixed(1)} s`);
    await database.close();
    database = await openPglite(dataDir);
    await latencias(database, 100);
    await database.close();

    await cargaDeLaPagina({ DATA_DIR: dataDir, SEED_DEMO: 'false' });
  } finally {
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

export async function benchOrdenanzasPostgres(url: string): Promise<void> {
  const bases = await scratchDatabases(url);
  try {
    const scratch = await bases.create();
    console.log(`\n## Búsqueda de ordenanzas en PostgreSQL (${CANTIDAD.toLocaleString('es-AR')} ordenanzas, objetivo p95 ≤ 20 ms)`);
    const database = await openPostgres(scratch);
    const inicio = performance.now();
    await llenar(database);
    console.log(`Carga: ${((performance.now() - inicio) / 1000).toFixed(1)} s`);
    await latencias(database, 200);
    await database.close();

    await cargaDeLaPagina({ DATABASE_URL: scratch, DATA_KEY: 'ab'.repeat(32), SEED_DEMO: 'false' });
  } finally {
    await bases.drop();
  }
}
