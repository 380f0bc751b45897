import { type ChildProcess, spawn } from 'node:child_process';

export type Run = { child: ChildProcess; output: () => string; exited: Promise<number | null> };

/**
 * The built server as `npm start` runs it, in its own process, on 127.0.0.1. `inherit: false`
 * gives it exactly the settings passed (and PATH), nothing else from this environment.
 */
export function startServer(env: Record<string, string>, options: { inherit?: boolean } = {}): Run {
  const base = options.inherit === false ? { PATH: process.env.PATH ?? '', TZ: 'America/Argentina/Buenos_Aires' } : process.env;
  const child = spawn(process.execPath, ['server/index.ts'], {
    env: { ...base, HOST: '127.0.0.1', LOG_LEVEL: 'warn', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  return { child, output: () => output, exited };
}

/** Waits until `check` holds, polling every 100 ms; fails after `ms` naming what it waited for. */
export async function waitFor(check: () => boolean, what: string, ms = 40_000): Promise<void> {
  const until = Date.now() + ms;
  while (!check()) {
    if (Date.now() > until) throw new Error(`tiempo agotado esperando ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}
