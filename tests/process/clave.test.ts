// A wrong DATA_KEY stops the real process at start (docs/decisions/004-datos-personales.md), before
// it writes a row that nobody could read; the right key starts it again.
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freePort } from '#scripts/free-port.ts';
import { createServerDataDir } from '#tests/setup/database.ts';
import { type Run, startServer, waitFor } from '#tests/setup/proceso.ts';

describe('la clave de los datos personales al arrancar', () => {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'vla-clave-'));
  const runs: Run[] = [];
  // A copy of this run's migrated empty database, without a key yet: the first start stores its key's check.
  beforeAll(() => createServerDataDir('pglite', dataDir, 'empty'));
  afterAll(() => {
    for (const run of runs) run.child.kill('SIGKILL');
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  it('con otra DATA_KEY el proceso no arranca (sale con 1 y lo explica); con la suya, sí', async () => {
    const clave = randomBytes(32).toString('hex');
    const arrancar = async (dataKey: string) => {
      const run = startServer({ DATA_DIR: dataDir, PORT: String(await freePort()), DATA_KEY: dataKey, SEED_DEMO: 'false' });
      runs.push(run);
      return run;
    };

    const primera = await arrancar(clave);
    await waitFor(() => primera.output().includes('Sitio de la Municipalidad'), 'el primer arranque');
    primera.child.kill('SIGTERM');
    expect(await primera.exited).toBe(0);

    const ajena = await arrancar(randomBytes(32).toString('hex'));
    expect(await ajena.exited).toBe(1);
    expect(ajena.output()).toContain('DATA_KEY no es la clave con la que se cifraron los datos personales de esta base');
    expect(ajena.output()).not.toContain('Sitio de la Municipalidad');

    const otraVez = await arrancar(clave);
    await waitFor(() => otraVez.output().includes('Sitio de la Municipalidad'), 'el arranque con la clave correcta');
    otraVez.child.kill('SIGTERM');
    expect(await otraVez.exited).toBe(0);
  }, 120_000);
});
