import { type ChildProcess, spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { PGLITE_SETTINGS, PGLITE_THREAD_LIMITS, PgliteThread } from '#db/pglite-thread.ts';
import { freePort } from '#scripts/free-port.ts';
import { createServerDataDir } from '#tests/setup/database.ts';
import { waitFor } from '#tests/setup/proceso.ts';

/** The processes `npm start` started (its own, then the server): their ids, from /proc. */
function childrenOf(pid: number): number[] {
  const file = `/proc/${pid}/task/${pid}/children`;
  return fs.existsSync(file) ? fs.readFileSync(file, 'utf8').trim().split(/\s+/).filter(Boolean).map(Number) : [];
}

/** A process's environment (/proc/PID/environ) as a map. */
function environment(pid: number): Map<string, string> {
  const entries = fs.readFileSync(`/proc/${pid}/environ`, 'utf8').split('\0').filter(Boolean);
  return new Map(entries.map((entry) => [entry.slice(0, entry.indexOf('=')), entry.slice(entry.indexOf('=') + 1)]));
}

describe('memoria acotada (docs/decisions/034-memoria.md)', () => {
  const dataDirs: string[] = [];
  const started: number[] = [];
  afterAll(() => {
    for (const pid of started) {
      try {
        process.kill(pid, 'SIGKILL');
      } catch {
        // ended already
      }
    }
    for (const dir of dataDirs) fs.rmSync(dir, { recursive: true, force: true });
  });

  it('la base embebida arranca con sus ajustes de memoria y su hilo con la generación joven acotada', { timeout: 120_000 }, async () => {
    // No migrations (an empty journal): only the settings are under test, and migrating takes seconds.
    const migrations = fs.mkdtempSync(path.join(os.tmpdir(), 'vla-memoria-migraciones-'));
    dataDirs.push(migrations);
    fs.mkdirSync(path.join(migrations, 'meta'));
    fs.writeFileSync(path.join(migrations, 'meta', '_journal.json'), JSON.stringify({ version: '7', dialect: 'postgresql', entries: [] }));
    const thread = await PgliteThread.start({ dataDir: undefined, loadDataDir: undefined, migrationsFolder: migrations, waitMs: 5_000 });
    try {
      expect(thread.resourceLimits?.maxYoungGenerationSizeMb).toBe(PGLITE_THREAD_LIMITS.maxYoungGenerationSizeMb);
      expect(PGLITE_THREAD_LIMITS.maxYoungGenerationSizeMb).toBeLessThanOrEqual(16);
      const { rows } = await thread.query<{ name: string; setting: string; unit: string | null }>(
        'select name, setting, unit from pg_settings where name = any($1)',
        [Object.keys(PGLITE_SETTINGS)],
      );
      const shown = Object.fromEntries(rows.map((row) => [row.name, row.setting]));
      // pg_settings in its units: shared_buffers in 8 kB pages, the others in kB.
      expect(shown).toEqual({
        shared_buffers: String((32 * 1024) / 8),
        max_connections: '5',
        work_mem: '2048',
        maintenance_work_mem: String(16 * 1024),
        temp_buffers: String((2 * 1024) / 8),
      });
    } finally {
      await thread.close();
    }
  });

  /** `npm start` on a copy of this run's migrated empty PGlite database, without the demo, and the server process it started. */
  async function npmStart(): Promise<{ start: ChildProcess; server: number; exited: Promise<number | null>; output: () => string; port: number }> {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'vla-memoria-'));
    dataDirs.push(dataDir);
    await createServerDataDir('pglite', dataDir, 'empty');
    const port = await freePort();
    const env: NodeJS.ProcessEnv = { ...process.env };
    delete env.MALLOC_ARENA_MAX;
    const start = spawn(process.execPath, ['scripts/start.ts'], {
      env: { ...env, HOST: '127.0.0.1', PORT: String(port), DATA_DIR: dataDir, SEED_DEMO: 'false', LOG_LEVEL: 'warn' },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    started.push(start.pid!);
    let output = '';
    start.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()));
    start.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
    const exited = new Promise<number | null>((resolve) => start.on('exit', (code) => resolve(code)));
    // Between fork and exec the child still has its parent's command line and environment.
    const isServer = (pid: number) => fs.readFileSync(`/proc/${pid}/cmdline`, 'utf8').split('\0').includes('server/index.ts');
    await waitFor(() => childrenOf(start.pid!).some(isServer), 'el proceso del servidor');
    const [server] = childrenOf(start.pid!);
    started.push(server!);
    return { start, server: server!, exited, output: () => output, port };
  }

  it('npm start sirve en un proceso hijo con MALLOC_ARENA_MAX=2 y V8 en modo memoria, y le pasa SIGTERM', { timeout: 180_000 }, async () => {
    const run = await npmStart();
    expect(environment(run.server).get('MALLOC_ARENA_MAX')).toBe('2');
    expect(fs.readFileSync(`/proc/${run.server}/cmdline`, 'utf8').split('\0')).toContain('--optimize-for-size');
    await waitFor(() => run.output().includes(`http://127.0.0.1:${run.port}`), 'el servidor de npm start', 150_000);
    run.start.kill('SIGTERM');
    expect(await run.exited).toBe(0);
    // The server itself closed, not left behind by the process that started it.
    expect(fs.existsSync(`/proc/${run.server}`)).toBe(false);
  });

  it('npm start rechaza en castellano un SERVER_V8_FLAGS que no es una opción de V8, sin arrancar nada', async () => {
    const start = spawn(process.execPath, ['scripts/start.ts'], {
      env: { ...process.env, SERVER_V8_FLAGS: '--optimize-for-size otro.js' },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    start.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
    const code = await new Promise<number | null>((resolve) => start.on('exit', resolve));
    expect(code).toBe(1);
    expect(output).toContain('SERVER_V8_FLAGS tiene «otro.js», que no es una opción de V8');
  });

  // A guard against a hang, like the test above: starting npm start took over 30 s on a busy machine.
  it('npm start termina con el código de salida del servidor', { timeout: 180_000 }, async () => {
    const run = await npmStart();
    process.kill(run.server, 'SIGKILL');
    expect(await run.exited).toBe(128 + os.constants.signals.SIGKILL);
  });
});
