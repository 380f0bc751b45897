// `npm start` on S3_* settings (docs/decisions/016-almacenamiento-s3.md): a bucket the server does
// not have stops the start with a Spanish message naming the setting; a store that does not answer
// is logged without secrets and the site starts, its readiness answering 503 until the store is back.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freePort } from '#scripts/free-port.ts';
import { createServerDataDir } from '#tests/setup/database.ts';
import { type Run, startServer, waitFor } from '#tests/setup/proceso.ts';
import { type ServidorS3, iniciarMudo, iniciarS3 } from '#tests/setup/s3.ts';

describe('arranque con almacenamiento S3', () => {
  let s3: ServidorS3;
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'vla-arranque-s3-'));
  const started: Run[] = [];
  beforeAll(async () => {
    // A copy of this run's migrated empty database, without its files: the storage is under test, not a migration.
    await createServerDataDir('pglite', dataDir, 'empty');
    s3 = await iniciarS3();
  });
  afterAll(async () => {
    for (const run of started) run.child.kill('SIGKILL');
    await s3?.cerrar();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  it('un bucket que no existe detiene el arranque con un mensaje que nombra S3_BUCKET', { timeout: 120_000 }, async () => {
    const run = startServer({ ...s3.env(), S3_BUCKET: 'bucket-inexistente', DATA_DIR: dataDir, PORT: String(await freePort()), SEED_DEMO: 'false' });
    started.push(run);
    expect(await run.exited).toBe(1);
    expect(run.output()).toContain('Configuración inválida:\n  S3_BUCKET: el bucket «bucket-inexistente» no existe en el servidor de S3');
    expect(run.output()).not.toContain('S3RVER');
  });

  it('un almacenamiento que no responde se anota sin secretos y el sitio arranca; /health/ready responde 503', { timeout: 120_000 }, async () => {
    const mudo = await iniciarMudo();
    const port = await freePort();
    const secreto = 'secreto-de-prueba-que-no-se-registra';
    const run = startServer({
      ...s3.env(),
      S3_ENDPOINT: mudo.endpoint,
      S3_SECRET_ACCESS_KEY: secreto,
      S3_TIMEOUT_MS: '500',
      DATA_DIR: dataDir,
      PORT: String(port),
      SEED_DEMO: 'false',
    });
    started.push(run);
    try {
      await waitFor(() => run.output().includes(`http://127.0.0.1:${port}`), 'el servidor', 100_000);
      expect(run.output()).toContain('el almacenamiento de archivos (S3) no responde');
      expect(run.output()).not.toContain(secreto);
      const listo = await fetch(`http://127.0.0.1:${port}/health/ready`);
      expect(listo.status).toBe(503);
      expect(listo.headers.get('retry-after')).toBe('30');
      expect(await listo.json()).toMatchObject({ status: 'almacenamiento inaccesible', almacenamiento: 's3' });
      expect(run.output()).not.toContain(secreto);
      run.child.kill('SIGTERM');
      expect(await run.exited).toBe(0);
      expect(fs.existsSync(path.join(dataDir, 'archivos'))).toBe(false);
    } finally {
      await mudo.cerrar();
    }
  });
});
