import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { freePort } from '#scripts/free-port.ts';
import { type Run, startServer, waitFor } from '#tests/setup/proceso.ts';

describe('ciclo de vida del proceso con PGlite', () => {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'vla-lifecycle-'));
  const started: Run[] = [];
  afterAll(() => {
    for (const run of started) run.child.kill('SIGKILL');
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  // Three starts, the first loading the demo into a new folder (25 s on two quiet cores, over 100 s
  // while the rest of the suite runs beside it): a limit of its own, a guard against a hang.
  it('imprime la dirección, rechaza un segundo proceso sobre la misma carpeta y se cierra limpio con SIGTERM', { timeout: 300_000 }, async () => {
    const port = await freePort();
    const first = startServer({ DATA_DIR: dataDir, PORT: String(port) });
    started.push(first);
    await waitFor(() => first.output().includes(`http://127.0.0.1:${port}`), 'el primer servidor', 240_000);
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
    await waitFor(() => third.output().includes(`http://127.0.0.1:${port}`), 'el tercer servidor', 90_000);
    expect(third.output()).not.toContain('Contenido de demostración cargado');
    third.child.kill('SIGTERM');
    expect(await third.exited).toBe(0);
  });

  it('toma el bloqueo que dejó un proceso muerto', { timeout: 120_000 }, async () => {
    fs.writeFileSync(path.join(dataDir, 'municipalidad.lock'), '999999');
    const port = await freePort();
    const run = startServer({ DATA_DIR: dataDir, PORT: String(port) });
    started.push(run);
    await waitFor(() => run.output().includes(`http://127.0.0.1:${port}`), 'el servidor', 90_000);
    run.child.kill('SIGTERM');
    expect(await run.exited).toBe(0);
  });
});
