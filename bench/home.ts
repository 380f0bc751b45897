import zlib from 'node:zlib';
import { javascriptOf } from './javascript.ts';
import { loadTest } from './load.ts';
import type { BenchServer } from './server.ts';

const kb = (bytes: number) => (bytes / 1024).toFixed(1);

async function gzipSize(url: string): Promise<number> {
  const response = await fetch(url, { headers: { 'accept-encoding': 'identity' } });
  const body = Buffer.from(await response.arrayBuffer());
  return zlib.gzipSync(body, { level: 9 }).length;
}

/** What a first visit to /home downloads, gzip-compressed, and how fast the server renders it. */
export async function benchHome(server: BenchServer): Promise<void> {
  const html = await (await fetch(`${server.url}/home`)).text();
  // Every script file the page loads, preloaded or not (the application's start after the load
  // event names them only in its module script, docs/decisions/010-lighthouse.md).
  const scripts = new Set(await javascriptOf(server.url, '/home'));
  const styles = new Set<string>();
  const images = new Set<string>();
  for (const match of html.matchAll(/<link\b[^>]*?href="(\/[^"]+)"[^>]*>/g)) {
    if (match[0].includes('stylesheet')) styles.add(match[1]!);
  }
  for (const match of html.matchAll(/<img\b[^>]*\bsrc="(\/[^"]+)"/g)) images.add(match[1]!);

  const htmlSize = zlib.gzipSync(Buffer.from(html), { level: 9 }).length;
  let js = 0;
  for (const src of scripts) js += await gzipSize(server.url + src);
  let css = 0;
  for (const href of styles) css += await gzipSize(server.url + href);
  let img = 0;
  for (const src of images) img += await gzipSize(server.url + src);

  console.log('\n## Página de inicio (/home)');
  console.log(`JavaScript:       ${kb(js)} KB gzip en ${scripts.size} archivos (objetivo: ≤ 120 KB)`);
  console.log(`CSS:              ${kb(css)} KB gzip`);
  console.log(`HTML:             ${kb(htmlSize)} KB gzip`);
  console.log(`Imágenes:         ${kb(img)} KB gzip`);
  console.log(`Transferencia:    ${kb(js + css + htmlSize + img)} KB gzip en total`);

  await loadTest(`${server.url}/home`, { seconds: 2 }); // warm-up
  const load = await loadTest(`${server.url}/home`);
  console.log(
    `Rendimiento:      ${load.requestsPerSecond.toFixed(0)} solicitudes/s, p50 ${load.p50} ms, p99 ${load.p99} ms (loopback, 20 conexiones, ${load.errors} errores, ${load.non2xx} no-2xx)`,
  );
}
