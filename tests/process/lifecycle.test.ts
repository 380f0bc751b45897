import { type ChildProcess, spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { freePort } from '../../scripts/free-port.ts';

type Run = { child: ChildProcess; output: () => string; exited: Promise<number | null> };

/** The built server as `npm start` runs it, in its own process. */
function startServer(env: Record<string, string>): Run {
  const child = spawn(process.execPath, ['server/index.ts'], {
    env: { ...process.env, HOST: '127.0.0.1', LOG_LEVEL: 'warn', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  return { child, output: () => output, exited };
}

async function waitFor(check: () => boolean, what: string, ms = 40_000): Promise<void> {
  const until = Date.now() + ms;
  while (!check()) {
    if (Date.now() > until) throw new Error(`tiempo agotado esperando ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

describe('ciclo de vida del proceso con PGlite', () => {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'vla-lifecycle-'));
  const started: Run[] = [];
  afterAll(() => {
    for (const run of started) run.child.kill('SIGKILL');
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  it('imprime la dirección, rechaza un segundo proceso sobre la misma carpeta y se cierra limpio con SIGTERM', async () => {
    const port = await freePort();
    const first = startServer({ DATA_DIR: dataDir, PORT: String(port) });
    started.push(first);
    await waitFor(() => first.output().includes(`http://127.0.0.1:${port}`), 'el primer servidor');
    expect(first.output()).toContain('Contenido de demostración cargado');
    expect(fs.existsSync(path.join(dataDir, 'municipalidad.lock'))).toBe(true);

    const second = startServer({ DATA_DIR: dataDir, PORT: String(await freePort()) });
    started.push(second);
    expect(await second.exited).toBe(1);
    expect(second.output()).toContain('ya está abierta por otro proceso');

    const ready = await fetch(`http://127.0.0.1:${port}/health/ready`);
    expect(ready.status).toBe(200);

    first.child.kill('SIGTERM');
    expect(await first.exited).toBe(0);
    expect(fs.existsSync(path.join(dataDir, 'municipalidad.lock'))).toBe(false);

    // The data survived, and demo content is not loaded twice.
    const third = startServer({ DATA_DIR: dataDir, PORT: String(port) });
    started.push(third);
    await waitFor(() => third.output().includes(`http://127.0.0.1:${port}`), 'el tercer servidor');
    expect(third.output()).not.toContain('Contenido de demostración cargado');
    third.child.kill('SIGTERM');
    expect(await third.exited).toBe(0);
  });

  it('toma el bloqueo que dejó un proceso muerto', async () => {
    fs.writeFileSync(path.join(dataDir, 'municipalidad.lock'), '999999');
    const port = await freePort();
    const run = startServer({ DATA_DIR: dataDir, PORT: String(port) });
    started.push(run);
    await waitFor(() => run.output().includes(`http://127.0.0.1:${port}`), 'el servidor');
    run.child.kill('SIGTERM');
    expect(await run.exited).toBe(0);
  });
});
