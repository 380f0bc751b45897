import { loadTest } from './load.ts';
import { startBenchServer } from './server.ts';

/** The public pages, one of each kind; the ordinance search with a filter as well. */
const PAGES = [
  '/home',
  '/consulta-ordenanzas',
  '/consulta-ordenanzas?anio=2020',
  '/solicitud-decretos',
  '/boletines-oficiales',
  '/areas',
  '/ejecutivo',
  '/concejo-deliverante',
  '/observatorio-vial',
  '/plan-estrategico',
  '/estados-contables',
  '/sueldos',
];

type Row = { page: string; off: Awaited<ReturnType<typeof loadTest>>; on: Awaited<ReturnType<typeof loadTest>> };

async function measure(cache: boolean, seconds: number): Promise<Map<string, Awaited<ReturnType<typeof loadTest>>>> {
  const server = await startBenchServer({ RENDER_CACHE: String(cache) });
  const results = new Map<string, Awaited<ReturnType<typeof loadTest>>>();
  try {
    for (const page of PAGES) {
      await loadTest(server.url + page, { seconds: 1 }); // warm-up (and, with the cache, its one render)
      results.set(page, await loadTest(server.url + page, { seconds }));
    }
  } finally {
    await server.stop();
  }
  return results;
}

/**
 * Each public page under the same bounded load (20 connections on loopback, brotli accepted) with
 * the render cache off and on, one server each on the demo content (docs/decisions/007-cache-de-paginas.md).
 */
export async function benchRenderCache(): Promise<void> {
  const seconds = Number(process.env.BENCH_SEGUNDOS ?? 4);
  const off = await measure(false, seconds);
  const on = await measure(true, seconds);
  const rows: Row[] = PAGES.map((page) => ({ page, off: off.get(page)!, on: on.get(page)! }));
  console.log(`\n## Caché de páginas (RENDER_CACHE=false / true; ${seconds} s por página, 20 conexiones)`);
  console.log('| página | sin caché req/s | p99 ms | con caché req/s | p99 ms | × |');
  console.log('| --- | ---: | ---: | ---: | ---: | ---: |');
  for (const { page, off: a, on: b } of rows) {
    const ratio = a.requestsPerSecond > 0 ? (b.requestsPerSecond / a.requestsPerSecond).toFixed(1) : '—';
    const bad = a.errors + a.non2xx + b.errors + b.non2xx;
    console.log(
      `| ${page} | ${a.requestsPerSecond.toFixed(0)} | ${a.p99} | ${b.requestsPerSecond.toFixed(0)} | ${b.p99} | ${ratio} |${bad > 0 ? ` ${bad} errores o no-2xx` : ''}`,
    );
  }
}
