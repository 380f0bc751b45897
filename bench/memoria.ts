import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { PAGINAS_PUBLICAS } from '#server/feeds.ts';
import { serverEnv, serverNodeFlags } from '#scripts/server-process.ts';
import { loadTest } from './load.ts';
import { scratchDatabases } from './postgres.ts';
import { type BenchServer, startBenchServer } from './server.ts';

/** Public pages and two searches: what the load rotates through, a few seconds each. */
const PAGES = [...PAGINAS_PUBLICAS, '/consulta-ordenanzas?anio=2020', '/consulta-ordenanzas?pattern=transito'];

/** Resident memory of a process in MB (VmRSS), or of a field of its smaps_rollup (`Anonymous`, `Rss`…). */
function residentMb(pid: number, field = 'VmRSS'): number {
  const file = field === 'VmRSS' ? `/proc/${pid}/status` : `/proc/${pid}/smaps_rollup`;
  const match = new RegExp(`^${field}:\\s+(\\d+) kB`, 'm').exec(fs.readFileSync(file, 'utf8'));
  return match ? Number(match[1]) / 1024 : NaN;
}

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const mb = (value: number) => value.toFixed(0);

/** Runs `work` while sampling the process's VmRSS every 250 ms; answers the highest seen. */
async function peakDuring(pid: number, work: () => Promise<void>): Promise<number> {
  let peak = residentMb(pid);
  const timer = setInterval(() => (peak = Math.max(peak, residentMb(pid))), 250);
  try {
    await work();
  } finally {
    clearInterval(timer);
  }
  return Math.max(peak, residentMb(pid));
}

/** The mixed load: every page in turn, `seconds` each, 20 connections; answers failed or non-2xx answers and the mean rate. */
async function mixedLoad(server: BenchServer, seconds: number): Promise<{ bad: number; perSecond: number }> {
  let bad = 0;
  let rates = 0;
  for (const page of PAGES) {
    const result = await loadTest(server.url + page, { seconds });
    bad += result.errors + result.non2xx;
    rates += result.requestsPerSecond;
  }
  return { bad, perSecond: rates / PAGES.length };
}

type Setup = { name: string; env: Record<string, string>; flags: string[] };

/**
 * As `npm start` runs the server (scripts/server-process.ts), with the flags README suggests for a
 * server with memory to spare, and without any process-level bound.
 */
function setups(): Setup[] {
  const bounded = { MALLOC_ARENA_MAX: serverEnv({}).MALLOC_ARENA_MAX! };
  return [
    { name: 'como npm start', env: bounded, flags: serverNodeFlags({}) },
    { name: 'SERVER_V8_FLAGS=--max-semi-space-size=8', env: bounded, flags: serverNodeFlags({ SERVER_V8_FLAGS: '--max-semi-space-size=8' }) },
    // glibc's default: up to 8 arenas per core.
    { name: 'sin MALLOC_ARENA_MAX ni opciones de V8', env: { MALLOC_ARENA_MAX: '0' }, flags: [] },
  ];
}

async function measure(engine: string, env: Record<string, string>, setup: Setup, cache: boolean, seconds: number): Promise<void> {
  const server = await startBenchServer({ SIMULADOR_VEHICULOS: 'false', RENDER_CACHE: String(cache), ...env, ...setup.env }, undefined, setup.flags);
  try {
    const ready = residentMb(server.pid);
    await pause(10_000);
    const idle = residentMb(server.pid);
    let perSecond = 0;
    const peak = await peakDuring(server.pid, async () => void ({ perSecond } = await mixedLoad(server, seconds)));
    await pause(10_000);
    const after = residentMb(server.pid);
    // What one visitor waits for a search page, once the load has passed.
    const single = await loadTest(`${server.url}/consulta-ordenanzas?pattern=transito`, { seconds: 3, connections: 1 });
    const anon = residentMb(server.pid, 'Anonymous');
    console.log(
      `| ${engine} | ${setup.name} | ${cache ? 'sí' : 'no'} | ${mb(ready)} | ${mb(idle)} | ${mb(peak)} | ${mb(after)} | ${mb(anon)} | ${perSecond.toFixed(0)} | ${single.p50} |`,
    );
  } finally {
    await server.stop();
  }
}

/** The soak: the mixed load without pause, VmRSS printed every minute, and its trend. */
async function soak(engine: string, env: Record<string, string>, minutes: number): Promise<void> {
  const server = await startBenchServer(
    { SIMULADOR_VEHICULOS: 'true', RENDER_CACHE: 'true', ...env, ...serverEnv({}) } as Record<string, string>,
    undefined,
    serverNodeFlags({}),
  );
  const samples: number[] = [];
  let bad = 0;
  try {
    const until = Date.now() + minutes * 60_000;
    let next = Date.now() + 60_000;
    while (Date.now() < until) {
      bad += (await mixedLoad(server, 2)).bad;
      if (Date.now() >= next) {
        samples.push(residentMb(server.pid));
        next += 60_000;
      }
    }
    samples.push(residentMb(server.pid));
  } finally {
    await server.stop();
  }
  const half = Math.max(1, Math.floor(samples.length / 2));
  const first = samples.slice(0, half);
  const second = samples.slice(half);
  const average = (values: number[]) => values.reduce((a, b) => a + b, 0) / Math.max(1, values.length);
  console.log(`${engine}, ${minutes} min con caché y simulador de vehículos: VmRSS por minuto ${samples.map(mb).join(', ')} MB`);
  console.log(
    `  tendencia: primera mitad ${mb(average(first))} MB, segunda mitad ${mb(second.length ? average(second) : NaN)} MB, máximo ${mb(Math.max(...samples))} MB${bad ? `; ${bad} errores o no-2xx` : ''}`,
  );
}

/**
 * Resident memory of one instance (docs/decisions/034-memoria.md): right after start (PGlite
 * seeds the demo before it is ready; «reiniciada»: started again on a seeded folder), idle 10 s later, the peak under the mixed load, and 10 s
 * after it, with the render cache off and on as `npm start` runs the server, and with the cache off
 * without its process-level bounds; then a soak (BENCH_MEMORIA_MINUTOS, 2 by default; 30 for the full one).
 */
export async function benchMemoria(postgresUrl: string | undefined): Promise<void> {
  const seconds = Number(process.env.BENCH_SEGUNDOS ?? 3);
  const minutes = Number(process.env.BENCH_MEMORIA_MINUTOS ?? 2);
  const scratch = postgresUrl ? await scratchDatabases(postgresUrl) : undefined;
  const folders: string[] = [];
  // A server restarted on its folder, as a town hall's runs every day after the first: the demo is
  // loaded once, and each measure starts on a copy of that folder.
  let seeded: string | undefined;
  const restarted = async () => {
    if (!seeded) {
      folders.push((seeded = fs.mkdtempSync(path.join(os.tmpdir(), 'vla-bench-memoria-'))));
      await (await startBenchServer({ DATA_DIR: seeded, SIMULADOR_VEHICULOS: 'false' })).stop();
    }
    const copy = fs.mkdtempSync(path.join(os.tmpdir(), 'vla-bench-memoria-'));
    folders.push(copy);
    fs.cpSync(seeded, copy, { recursive: true });
    return { DATA_DIR: copy };
  };
  try {
    // PGlite: a new folder (the demo is loaded before the server is ready), and restarted on one.
    const all: [string, () => Promise<Record<string, string>>][] = [
      ['PGlite', async () => ({})],
      ['PGlite reiniciada', restarted],
    ];
    if (scratch) all.push(['PostgreSQL', async () => ({ DATABASE_URL: await scratch.create(), SEED_DEMO: 'true', DATA_KEY: 'ab'.repeat(32) })]);
    // BENCH_MEMORIA_BASES=PostgreSQL (or PGlite) measures one engine only.
    const only = process.env.BENCH_MEMORIA_BASES?.toLowerCase().split(',');
    const engines = all.filter(([name]) => !only || only.includes(name.toLowerCase().split(' ')[0]!));
    // BENCH_MEMORIA_TABLA=false: the soak only.
    const table = process.env.BENCH_MEMORIA_TABLA !== 'false';
    if (table) {
      console.log(`\n## Memoria residente de una instancia (VmRSS, MB; carga: ${PAGES.length} páginas, ${seconds} s cada una, 20 conexiones)`);
      console.log(
        '| base | proceso | caché | al estar lista | en reposo | pico con carga | 10 s después | anónima (smaps) | pedidos/s | búsqueda, 1 conexión, p50 ms |',
      );
      console.log('| --- | --- | --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: |');
    }
    for (const [engine, env] of table ? engines : []) {
      const [bounded, speed, unbounded] = setups();
      if (env === restarted) {
        await measure(engine, await env(), bounded!, false, seconds);
        await measure(engine, await env(), bounded!, true, seconds);
        continue;
      }
      for (const setup of [bounded!, speed!]) {
        await measure(engine, await env(), setup, false, seconds);
        await measure(engine, await env(), setup, true, seconds);
      }
      // What the process-level bounds save, with the cache off (where memory grows most).
      await measure(engine, await env(), unbounded!, false, seconds);
    }
    console.log(`\n## Memoria en una carga sostenida (${minutes} min; BENCH_MEMORIA_MINUTOS=30 para la completa)`);
    for (const [engine, env] of engines) if (env !== restarted) await soak(engine, await env(), minutes);
  } finally {
    for (const folder of folders) fs.rmSync(folder, { recursive: true, force: true });
    await scratch?.drop();
  }
}
