import { loadTest } from './load.ts';
import { startBenchServer } from './server.ts';

/** Pages that ask the database on every request: the search as a citizen types it, a word in every ordinance, the table, the API and /home. */
const PAGES = [
  '/consulta-ordenanzas?pattern=agua',
  '/consulta-ordenanzas?pattern=ordenanza',
  '/consulta-ordenanzas?anio=2020',
  '/api/v1/ordenanzas?pattern=agua',
  '/home',
];

/**
 * The pages that query the database, with the render cache off, under 20 connections on the
 * embedded database: PGlite answers on its own thread (docs/decisions/009-pglite-en-su-hilo.md),
 * so a query in progress does not hold up the rendering of other requests. Goal: the search
 * page's p99 under 150 ms.
 */
export async function benchCarga(): Promise<void> {
  const seconds = Number(process.env.BENCH_SEGUNDOS ?? 4);
  // Pages alone: the demo fleet's simulator writes a batch every 5 s (about a sixth of the cached
  // pages' throughput); the ingest has its own section (bench/vehiculos.ts).
  const server = await startBenchServer({ RENDER_CACHE: 'false', SIMULADOR_VEHICULOS: 'false' });
  try {
    console.log(`\n## Páginas que consultan la base, sin caché, en PGlite (${seconds} s por página, 20 conexiones)`);
    console.log('| página | req/s | p50 ms | p99 ms | errores | objetivo |');
    console.log('| --- | ---: | ---: | ---: | ---: | --- |');
    let generador = '';
    for (const page of PAGES) {
      await loadTest(server.url + page, { seconds: 3 }); // warm-up: the compiler has seen the page
      const load = await loadTest(server.url + page, { seconds });
      generador = load.generador;
      const objetivo = page.startsWith('/consulta-ordenanzas?pattern') ? (load.p99 < 150 ? 'p99 < 150 ms: sí' : 'p99 < 150 ms: NO') : '';
      console.log(`| ${page} | ${load.requestsPerSecond.toFixed(0)} | ${load.p50} | ${load.p99} | ${load.errors + load.non2xx} | ${objetivo} |`);
    }
    console.log(
      `Generador de carga: ${generador}${generador === 'wrk' ? '' : ' (instalá wrk, apt-get install wrk: autocannon usa casi tanta CPU como el servidor)'}`,
    );
  } finally {
    await server.stop();
  }
}
