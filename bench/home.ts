import zlib from 'node:zlib';
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
  const scripts = new Set<string>();
  const styles = new Set<string>();
  const images = new Set<string>();
  for (const match of html.matchAll(/<(?:script|link)\b[^>]*?(?:src|href)="(\/[^"]+)"[^>]*>/g)) {
    const tag = match[0];
    const href = match[1]!;
    if (/\.js$/.test(href) && (tag.startsWith('<script') || tag.includes('modulepreload'))) scripts.add(href);
    else if (tag.includes('stylesheet')) styles.add(href);
  }
  for (const match of html.matchAll(/<img\b[^>]*\bsrc="(\/[^"]+)"/g)) images.add(match[1]!);
  // Imports inside the inline module script (the route manifest and entry).
  for (const match of html.matchAll(/import "(\/assets\/[^"]+\.js)"/g)) scripts.add(match[1]!);

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
