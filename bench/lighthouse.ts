import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { launch } from 'chrome-launcher';
import lighthouse, { type Result } from 'lighthouse';
import { PAGINAS_PUBLICAS } from '#server/feeds.ts';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { generarPng } from '#db/factories/imagen.ts';
import { startBenchServer } from './server.ts';

/**
 * A tile server on loopback for the vehicle map: one 256 px landscape PNG with detail (about the
 * weight of a real map tile), for every z/x/y, so the map loads real tiles as it would in town
 * instead of failing on a machine without internet (MAP_TILE_URL points here).
 */
async function startTileServer(): Promise<{ url: string; close: () => Promise<void> }> {
  const tesela = Buffer.from(generarPng({ ancho: 256, alto: 256, cielo: [170, 211, 223], montana: [110, 160, 90], lago: [60, 120, 170], semilla: 7 }));
  const server = http.createServer((_request, response) => {
    response.writeHead(200, { 'content-type': 'image/png', 'content-length': tesela.length, 'cache-control': 'max-age=3600' });
    response.end(tesela);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return { url: `http://127.0.0.1:${port}/{z}/{x}/{y}.png`, close: () => new Promise((resolve) => server.close(() => resolve())) };
}

/** Debian's Chromium (`apt-get install -y chromium`), the one the e2e tests drive; skipped without it. */
const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
/** Runs per page: Lighthouse's variance guidance is to take the median of several. */
const RUNS = Number(process.env.BENCH_LIGHTHOUSE_VECES ?? 3);
/** Every public page of the sitemap, or the comma-separated ones in BENCH_LIGHTHOUSE_PAGINAS. */
const PAGES = process.env.BENCH_LIGHTHOUSE_PAGINAS?.split(',') ?? PAGINAS_PUBLICAS;
const CATEGORIES = ['performance', 'accessibility', 'best-practices', 'seo'] as const;
/** The vehicle map loads Leaflet and its tiles: its goal is lower. */
const MAPA = '/seguimiento-vehiculos';

type Goal = { performance: number; lcpMs?: number };
const goalOf = (page: string): Goal => (page === MAPA ? { performance: 95 } : { performance: 99, lcpMs: 1300 });

const score = (lhr: Result, category: string) => Math.round((lhr.categories[category]?.score ?? 0) * 100);
const metric = (lhr: Result, audit: string) => lhr.audits[audit]?.numericValue ?? Number.NaN;
const meets = (page: string, lhr: Result) => {
  const goal = goalOf(page);
  return score(lhr, 'performance') >= goal.performance && (goal.lcpMs === undefined || metric(lhr, 'largest-contentful-paint') <= goal.lcpMs);
};

/** Why a page misses: the metrics that lose points and the LCP element with its parts. */
function explain(lhr: Result): string[] {
  const lines: string[] = [];
  const metrics = ['first-contentful-paint', 'speed-index', 'largest-contentful-paint', 'total-blocking-time', 'cumulative-layout-shift'];
  const losing = metrics
    .map((id) => lhr.audits[id]!)
    .filter((a) => a.score !== null && a.score < 1)
    .map((a) => `${a.title} ${a.displayValue ?? ''} (${Math.round((a.score ?? 0) * 100)})`);
  if (losing.length > 0) lines.push(`pierden puntos: ${losing.join('; ')}`);
  const breakdown = lhr.audits['lcp-breakdown-insight']?.details;
  if (breakdown?.type === 'list') {
    for (const item of breakdown.items) {
      if (item.type === 'node') lines.push(`elemento LCP: ${item.selector ?? ''} ${JSON.stringify(item.snippet ?? '')}`);
      if (item.type === 'table') {
        const parts = item.items.map((p) => `${String(p.label ?? p.subpart)} ${Math.round(Number(p.duration))} ms`);
        lines.push(`LCP por partes: ${parts.join(', ')}`);
      }
    }
  }
  const failing = Object.values(lhr.audits)
    .filter((a) => a.id.endsWith('-insight') && a.score !== null && a.score < 1 && a.scoreDisplayMode === 'metricSavings')
    .map((a) => `${a.title}${a.displayValue ? ` (${a.displayValue})` : ''}`);
  if (failing.length > 0) lines.push(`diagnósticos: ${failing.join('; ')}`);
  return lines;
}

/**
 * Lighthouse's default mobile configuration (simulated throttling: slow 4G and a 4× slower CPU, as
 * PageSpeed Insights) in Debian's headless Chromium, against every public page of the built site
 * with the render cache on and the demo content. Each page runs RUNS times and the run with the
 * median performance score is reported. BENCH_LIGHTHOUSE_INFORMES=folder keeps those runs' JSON.
 */
export async function benchLighthouse(): Promise<void> {
  console.log(`\n## Lighthouse móvil (configuración por defecto, throttling simulado; mediana de ${RUNS} corridas por su rendimiento)`);
  if (!fs.existsSync(CHROMIUM)) {
    console.log(`Chromium no está instalado (apt-get install -y chromium, o CHROMIUM_PATH): se omite Lighthouse.`);
    return;
  }
  const reports = process.env.BENCH_LIGHTHOUSE_INFORMES;
  if (reports) fs.mkdirSync(reports, { recursive: true });
  const teselas = await startTileServer();
  const server = await startBenchServer({ MAP_TILE_URL: teselas.url });
  const chrome = await launch({
    chromePath: CHROMIUM,
    // As root Chromium refuses to start with its sandbox (the containers this runs in).
    chromeFlags: ['--headless=new', ...(process.getuid?.() === 0 ? ['--no-sandbox'] : [])],
    logLevel: 'silent',
  });
  const rows: { page: string; lhr: Result }[] = [];
  try {
    for (const page of PAGES) {
      await fetch(server.url + page); // the render cache keeps the page: every run measures the cached copy
      const runs: Result[] = [];
      for (let failures = 0; runs.length < RUNS;) {
        const result = await lighthouse(server.url + page, { port: chrome.port, output: 'json', logLevel: 'silent', onlyCategories: [...CATEGORIES] });
        const error = result ? result.lhr.runtimeError : { message: 'sin resultado' };
        if (!error) {
          runs.push(result!.lhr);
        } else if (++failures > 2) {
          // A trace Chromium did not finish recording (NO_NAVSTART, NO_FCP) happens on a busy machine: run again.
          throw new Error(`Lighthouse en ${page}: ${error.message}`);
        }
      }
      runs.sort((a, b) => score(a, 'performance') - score(b, 'performance'));
      const lhr = runs[Math.floor(runs.length / 2)]!;
      rows.push({ page, lhr });
      if (reports) fs.writeFileSync(path.join(reports, `${page.slice(1).replace(/\W+/g, '_') || 'inicio'}.json`), JSON.stringify(lhr));
    }
  } finally {
    chrome.kill();
    await server.stop();
    await teselas.close();
  }
  console.log('Objetivo: rendimiento ≥ 99 y LCP ≤ 1,3 s en toda página pública salvo el mapa de vehículos (≥ 95).');
  console.log('| página | rendimiento | accesibilidad | buenas prácticas | SEO | LCP s | TBT ms | CLS | objetivo |');
  console.log('| --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: | --- |');
  for (const { page, lhr } of rows) {
    const [performance, accessibility, practices, seo] = CATEGORIES.map((c) => score(lhr, c));
    const lcp = (metric(lhr, 'largest-contentful-paint') / 1000).toFixed(2);
    const tbt = metric(lhr, 'total-blocking-time').toFixed(0);
    const cls = metric(lhr, 'cumulative-layout-shift').toFixed(3);
    console.log(`| ${page} | ${performance} | ${accessibility} | ${practices} | ${seo} | ${lcp} | ${tbt} | ${cls} | ${meets(page, lhr) ? 'sí' : 'no'} |`);
  }
  for (const { page, lhr } of rows.filter((r) => !meets(r.page, r.lhr))) {
    console.log(`${page}:`);
    for (const line of explain(lhr)) console.log(`  ${line}`);
  }
  // The 4× CPU slowdown assumes a desktop of benchmarkIndex 1500-2000 (Lighthouse's docs/throttling.md); below
  // that, and on a machine busy with other work, long tasks and TBT come out longer than PageSpeed's.
  const indexes = rows.map((r) => Math.round(r.lhr.environment.benchmarkIndex));
  if (rows.length > 0)
    console.log(
      `Lighthouse ${rows[0]!.lhr.lighthouseVersion}; benchmarkIndex ${Math.min(...indexes)}-${Math.max(...indexes)}; carga media de la máquina ${os.loadavg()[0]!.toFixed(1)} en ${os.availableParallelism()} núcleos`,
    );
}
