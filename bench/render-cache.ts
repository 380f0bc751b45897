import { PAGINAS_PUBLICAS } from '#server/feeds.ts';
import { loadTest, wireBytes } from './load.ts';
import { startStaticCopy } from './nginx.ts';
import { startBenchServer } from './server.ts';

/** Every public page of the sitemap, and the ordinance search with a filter as well. */
const PAGES = [...PAGINAS_PUBLICAS, '/consulta-ordenanzas?anio=2020'];

type Load = Awaited<ReturnType<typeof loadTest>>;
type Row = { page: string; off: Load; on: Load; nginx?: Load };

/** Each page under load; with the cache on, also the brotli bytes it ends up serving. */
async function measure(cache: boolean, seconds: number): Promise<{ results: Map<string, Load>; bytes: Map<string, Uint8Array> }> {
  // Pages alone: the demo fleet's simulator writes a batch every 5 s (about a sixth of the cached
  // pages' throughput); the ingest has its own section (bench/vehiculos.ts).
  const server = await startBenchServer({ RENDER_CACHE: String(cache), SIMULADOR_VEHICULOS: 'false' });
  const results = new Map<string, Load>();
  const bytes = new Map<string, Uint8Array>();
  try {
    for (const page of PAGES) {
      await loadTest(server.url + page, { seconds: 1 }); // warm-up (and, with the cache, its one render)
      results.set(page, await loadTest(server.url + page, { seconds }));
      if (cache) {
        bytes.set(page, await wireBytes(server.url + page, 'br'));
      }
    }
  } finally {
    await server.stop();
  }
  return { results, bytes };
}

/**
 * Each public page under the same bounded load (20 connections on loopback, brotli accepted) with
 * the render cache off and on, one server each on the demo content (docs/decisions/007-cache-de-paginas.md).
 */
export async function benchRenderCache(): Promise<void> {
  const seconds = Number(process.env.BENCH_SEGUNDOS ?? 4);
  const off = await measure(false, seconds);
  const on = await measure(true, seconds);
  // nginx serving the same bytes as files: how close a cached page comes to the static-file limit.
  const nginx = new Map<string, Load>();
  const copia = await startStaticCopy(on.bytes);
  if (copia) {
    try {
      for (const page of PAGES) {
        await loadTest(copia.url(page), { seconds: 1 });
        nginx.set(page, await loadTest(copia.url(page), { seconds }));
      }
    } finally {
      await copia.stop();
    }
  }
  const rows: Row[] = PAGES.map((page) => ({ page, off: off.results.get(page)!, on: on.results.get(page)!, nginx: nginx.get(page) }));
  console.log(`\n## Caché de páginas (RENDER_CACHE=false / true; ${seconds} s por página, 20 conexiones)`);
  if (!copia) console.log('nginx no está instalado (apt-get install -y nginx-light): sin la comparación con el archivo estático.');
  console.log('| página | sin caché req/s | p99 ms | con caché req/s | p99 ms | × | nginx req/s | con caché / nginx |');
  console.log('| --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: |');
  for (const { page, off: a, on: b, nginx: n } of rows) {
    const ratio = a.requestsPerSecond > 0 ? (b.requestsPerSecond / a.requestsPerSecond).toFixed(1) : '—';
    const frente = n && n.requestsPerSecond > 0 ? (b.requestsPerSecond / n.requestsPerSecond).toFixed(2) : '—';
    const bad = a.errors + a.non2xx + b.errors + b.non2xx + (n ? n.errors + n.non2xx : 0);
    console.log(
      `| ${page} | ${a.requestsPerSecond.toFixed(0)} | ${a.p99} | ${b.requestsPerSecond.toFixed(0)} | ${b.p99} | ${ratio} | ${n ? n.requestsPerSecond.toFixed(0) : '—'} | ${frente} |${bad > 0 ? ` ${bad} errores o no-2xx` : ''}`,
    );
  }
}
