import { execFile } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { type LoadResult, loadTest } from './load.ts';
import { startBenchServer } from './server.ts';

const run = promisify(execFile);

/** The last commit before the render cache and the speed work: its /home served 574 req/s on the machine that measured it (docs/benchmarks.md). */
const ANTES_DE_LA_CACHE = 'eeba2b4';

/** Uncached pages of several weights, for the compressed rounds. */
const PAGINAS_COMPRIMIDAS = ['/home', '/consulta-ordenanzas', '/boletines', '/finanzas/estados-contables'];

/** A plain GET, as it was first measured: wrk without Accept-Encoding. */
async function plano(url: string, seconds: number): Promise<LoadResult> {
  return loadTest(url, { seconds, encoding: 'identity' });
}

/**
 * `/home` without the render cache, this checkout against the code before the speed work, side by
 * side on this machine: absolute figures change from one machine (or one day) to the next, the
 * ratio does not. The old code is checked out in a temporary worktree, installed and built
 * (a minute or two); `BENCH_ANTES` names another commit.
 */
export async function benchAntes(): Promise<void> {
  const commit = process.env.BENCH_ANTES ?? ANTES_DE_LA_CACHE;
  const seconds = Number(process.env.BENCH_SEGUNDOS ?? 5);
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'vla-antes-'));
  console.log(`\n## /home sin caché: esta versión frente a ${commit} (wrk, 20 conexiones, sin compresión, ${seconds} s por ronda)`);
  try {
    await run('git', ['worktree', 'add', '--detach', dir, commit]);
    await run('npm', ['ci', '--no-audit', '--no-fund', '--prefer-offline'], { cwd: dir, maxBuffer: 64 * 1024 * 1024 });
    await run(process.execPath, ['scripts/build.ts'], { cwd: dir, maxBuffer: 64 * 1024 * 1024 });
  } catch (error) {
    console.log(`no se pudo preparar ${commit}: ${(error as Error).message.split('\n')[0]}`);
    await run('git', ['worktree', 'remove', '--force', dir]).catch(() => {});
    return;
  }
  // The demo fleet's simulator did not exist then: off in both, so both serve pages only.
  const env = { RENDER_CACHE: 'false', SIMULADOR_VEHICULOS: 'false' };
  const antes = await startBenchServer(env, dir);
  const ahora = await startBenchServer(env);
  try {
    await plano(`${antes.url}/home`, 3);
    await plano(`${ahora.url}/home`, 3);
    console.log(`| ronda | ${commit} req/s | p99 ms | esta versión req/s | p99 ms | × |`);
    console.log('| ---: | ---: | ---: | ---: | ---: | ---: |');
    const proporciones: number[] = [];
    for (let ronda = 1; ronda <= 3; ronda++) {
      const a = await plano(`${antes.url}/home`, seconds);
      const b = await plano(`${ahora.url}/home`, seconds);
      proporciones.push(b.requestsPerSecond / a.requestsPerSecond);
      console.log(
        `| ${ronda} | ${a.requestsPerSecond.toFixed(0)} | ${a.p99} | ${b.requestsPerSecond.toFixed(0)} | ${b.p99} | ${proporciones.at(-1)!.toFixed(2)} |`,
      );
    }
    const min = Math.min(...proporciones);
    console.log(`Proporción más baja: ${min.toFixed(2)} (objetivo: ≥ 1,5): ${min >= 1.5 ? 'sí' : 'NO'}`);
    // As a browser asks: compressed (brotli), where compressing each page is part of its cost.
    console.log(`\n### Páginas sin caché, comprimidas (Accept-Encoding: br, gzip), mediana de 3 rondas de ${seconds} s`);
    console.log(`| página | ${commit} req/s | esta versión req/s | × |`);
    console.log('| --- | ---: | ---: | ---: |');
    const mediana = (v: number[]) => [...v].sort((x, y) => x - y)[1]!;
    for (const pagina of PAGINAS_COMPRIMIDAS) {
      const a: number[] = [];
      const b: number[] = [];
      for (let ronda = 0; ronda < 3; ronda++) {
        a.push((await loadTest(`${antes.url}${pagina}`, { seconds })).requestsPerSecond);
        b.push((await loadTest(`${ahora.url}${pagina}`, { seconds })).requestsPerSecond);
      }
      console.log(`| ${pagina} | ${mediana(a).toFixed(0)} | ${mediana(b).toFixed(0)} | ${(mediana(b) / mediana(a)).toFixed(2)} |`);
    }
  } finally {
    await antes.stop();
    await ahora.stop();
    await run('git', ['worktree', 'remove', '--force', dir]).catch(() => {});
  }
}
