import { type ChildProcess, spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { freePort } from '#scripts/free-port.ts';

export type BenchServer = {
  url: string;
  dataDir: string;
  /** The server process's id (its /proc/PID/status). */
  pid: number;
  /** SIGTERM; answers how long the process took to exit, and its exit code. */
  stop(): Promise<{ ms: number; code: number | null }>;
};

/** The built site, as `npm start` runs it, in its own process on a free loopback port; `cwd`: another checkout's. */
export async function startBenchServer(env: Record<string, string> = {}, cwd?: string, nodeFlags: string[] = []): Promise<BenchServer> {
  const port = await freePort();
  const dataDir = env.DATA_DIR ?? fs.mkdtempSync(path.join(os.tmpdir(), 'vla-bench-'));
  const child: ChildProcess = spawn(process.execPath, [...nodeFlags, 'server/index.ts'], {
    ...(cwd ? { cwd } : {}),
    env: { ...process.env, PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dataDir, LOG_LEVEL: 'warn', ...env },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const url = `http://127.0.0.1:${port}`;
  // Loading the demo into a new PGlite folder takes over a minute on two busy cores.
  const until = Date.now() + 180_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error('el servidor terminó antes de estar listo');
    try {
      if ((await fetch(`${url}/health/ready`)).ok) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > until) {
      child.kill('SIGKILL');
      throw new Error('el servidor no estuvo listo en 180 s');
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  return {
    url,
    dataDir,
    pid: child.pid!,
    stop: async () => {
      const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
      const start = performance.now();
      child.kill('SIGTERM');
      const code = await exited;
      const ms = performance.now() - start;
      if (!env.DATA_DIR) fs.rmSync(dataDir, { recursive: true, force: true });
      return { ms, code };
    },
  };
}
