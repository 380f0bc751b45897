import { wireBytes } from './load.ts';
import type { BenchServer } from './server.ts';

/**
 * Pages whose content is static: they must load no JavaScript at all (docs/architecture.md,
 * "JavaScript sólo donde hace falta"). The ordinance's own page is added once its address is known.
 */
const STATIC_PAGES = [
  '/areas',
  '/ejecutivo',
  '/concejo-deliverante',
  '/plan-estrategico',
  '/estados-contables',
  '/sueldos',
  '/boletines-oficiales',
  '/solicitud-decretos/estado',
  '/unauthorized',
  '/notfound',
];
/** Pages with behaviour: they hydrate, and should stay under this many bytes of brotli. */
const SCRIPTED_PAGES = ['/', '/consulta-ordenanzas', '/solicitud-decretos', '/seguimiento-vehiculos', '/observatorio-vial', '/login', '/sign-out'];
/**
 * The vehicle map's Leaflet and the code that drives it: a chunk the page imports from an effect,
 * after hydration (docs/architecture.md, "Seguimiento de vehículos: el mapa"), so not in the page's
 * first-visit figure above; measured on a line of its own, with whatever it imports that the page
 * did not load already.
 */
const MAP_PAGE = '/seguimiento-vehiculos';
const MAP_CHUNK = /["'`]\.\/(mapa-leaflet-[\w-]+\.js)["'`]/;
const SCRIPTED_BUDGET_BR = 110 * 1024;

const kb = (bytes: number) => (bytes / 1024).toFixed(1);

/**
 * Every JavaScript file a first visit loads: `<script src>`, `<link rel="modulepreload">`, the
 * modules React Router's inline script imports, and everything those import statically.
 */
export async function javascriptOf(base: string, path: string): Promise<string[]> {
  const html = await (await fetch(base + path)).text();
  const files = new Set<string>();
  for (const match of html.matchAll(/<(script|link)\b[^>]*>/g)) {
    const tag = match[0];
    const src = /\b(?:src|href)="([^"]+)"/.exec(tag)?.[1];
    if (!src) continue;
    if (match[1] === 'script' || /\brel="modulepreload"/.test(tag)) files.add(new URL(src, base).pathname);
  }
  for (const inline of html.matchAll(/<script\b[^>]*>([\s\S]*?)<\/script>/g)) {
    for (const m of inline[1]!.matchAll(/import\s*(?:[^'"()]*?from\s*)?\(?\s*["']([^"']+\.js)["']/g)) files.add(new URL(m[1]!, base).pathname);
  }
  const pending = [...files];
  while (pending.length > 0) {
    const file = pending.pop()!;
    const code = await (await fetch(base + file)).text();
    for (const m of code.matchAll(/(?:from|import)\s*["'](\.{1,2}\/[^"']+\.js)["']/g)) {
      const imported = new URL(m[1]!, base + file).pathname;
      if (!files.has(imported)) {
        files.add(imported);
        pending.push(imported);
      }
    }
  }
  return [...files].sort();
}

type PageJavaScript = { path: string; files: number; raw: number; gzip: number; brotli: number };

async function measure(base: string, path: string): Promise<PageJavaScript> {
  const files = await javascriptOf(base, path);
  const result: PageJavaScript = { path, files: files.length, raw: 0, gzip: 0, brotli: 0 };
  for (const file of files) {
    result.raw += (await wireBytes(base + file, 'identity')).length;
    result.gzip += (await wireBytes(base + file, 'gzip')).length;
    result.brotli += (await wireBytes(base + file, 'br')).length;
  }
  return result;
}

/** The JavaScript each public page loads on a first visit, as the server sends it. */
export async function benchJavaScript(server: BenchServer): Promise<void> {
  const consulta = await (await fetch(`${server.url}/consulta-ordenanzas`)).text();
  const ordenanza = /href="(\/consulta-ordenanzas\/\d+\/\d+)"/.exec(consulta)?.[1];
  const staticPages = ordenanza ? [...STATIC_PAGES, ordenanza] : STATIC_PAGES;

  console.log('\n## JavaScript por página (primera visita; archivos precomprimidos tal como se envían)');
  console.log('Página                              archivos   sin comprimir     gzip   brotli');
  const row = (p: PageJavaScript, note: string) =>
    console.log(
      `${p.path.padEnd(36)}${String(p.files).padStart(8)}${`${kb(p.raw)} KB`.padStart(16)}${`${kb(p.gzip)} KB`.padStart(9)}${`${kb(p.brotli)} KB`.padStart(9)}${note}`,
    );
  for (const path of staticPages) {
    const page = await measure(server.url, path);
    row(page, page.brotli === 0 ? '' : '  <- objetivo: 0 (página estática)');
  }
  for (const path of SCRIPTED_PAGES) {
    const page = await measure(server.url, path);
    // The budget holds for every page with behaviour but the map (docs/decisions/010-lighthouse.md); the map's first visit is still listed against it.
    const fuera =
      path === MAP_PAGE
        ? `  (el mapa no tiene ese objetivo: ≤ ${kb(SCRIPTED_BUDGET_BR)} KB es para las demás)`
        : `  <- objetivo: ≤ ${kb(SCRIPTED_BUDGET_BR)} KB brotli`;
    row(page, page.brotli <= SCRIPTED_BUDGET_BR ? '' : fuera);
    if (path === MAP_PAGE) row(await measureMapChunk(server.url, path), '  (el mapa, al hidratarse)');
  }
}

/** The map page's lazily imported chunk: the files it brings that the page's first visit did not. */
async function measureMapChunk(base: string, path: string): Promise<PageJavaScript> {
  const loaded = new Set(await javascriptOf(base, path));
  const result: PageJavaScript = { path: `${path} + mapa`, files: 0, raw: 0, gzip: 0, brotli: 0 };
  const pending: string[] = [];
  for (const file of loaded) {
    const chunk = MAP_CHUNK.exec(await (await fetch(base + file)).text())?.[1];
    if (chunk) pending.push(new URL(chunk, base + file).pathname);
  }
  while (pending.length > 0) {
    const file = pending.pop()!;
    if (loaded.has(file)) continue;
    loaded.add(file);
    result.files++;
    result.raw += (await wireBytes(base + file, 'identity')).length;
    result.gzip += (await wireBytes(base + file, 'gzip')).length;
    result.brotli += (await wireBytes(base + file, 'br')).length;
    const code = await (await fetch(base + file)).text();
    for (const m of code.matchAll(/(?:from|import)\s*["'](\.{1,2}\/[^"']+\.js)["']/g)) pending.push(new URL(m[1]!, base + file).pathname);
  }
  return result;
}
