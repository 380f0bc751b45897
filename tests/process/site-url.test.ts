import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freePort } from '#scripts/free-port.ts';
import { createServerDataDir } from '#tests/setup/database.ts';
import { type Run, startServer, waitFor } from '#tests/setup/proceso.ts';

/** A GET with headers fetch would not send as given (Host). */
function get(port: number, url: string, headers: Record<string, string>): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    const request = http.request({ host: '127.0.0.1', port, path: url, headers }, (response) => {
      let body = '';
      response.setEncoding('utf8');
      response.on('data', (chunk: string) => (body += chunk));
      response.on('end', () => resolve({ status: response.statusCode ?? 0, body }));
    });
    request.on('error', reject);
    request.end();
  });
}

describe('SITE_URL en producción', () => {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'vla-site-url-'));
  const started: Run[] = [];
  // A copy of this run's migrated empty database: the start is under test, not a migration.
  beforeAll(() => createServerDataDir('pglite', dataDir, 'empty'));
  afterAll(() => {
    for (const run of started) if (run.child.exitCode === null) run.child.kill('SIGKILL');
    fs.rmSync(dataDir, { recursive: true, force: true });
  });
  const deployment = { NODE_ENV: 'production', DATA_DIR: dataDir, DATA_KEY: randomBytes(32).toString('hex') };

  it('con NODE_ENV=production y sin SITE_URL el proceso no arranca: sale con 1 y explica qué falta', async () => {
    const run = startServer({ ...deployment, PORT: String(await freePort()) }, { inherit: false });
    started.push(run);
    expect(await run.exited).toBe(1);
    const output = run.output();
    expect(output).toContain('SITE_URL: en producción (NODE_ENV=production) es obligatoria');
    expect(output).toContain('https://www.villalaangostura.gob.ar');
    // Only SITE_URL was missing, it never listened, and the message is not a stack trace.
    expect(output).not.toContain('DATA_KEY');
    expect(output).not.toContain('Sitio de la Municipalidad de Villa La Angostura en');
    expect(output).not.toMatch(/^\s+at /m);
    // An empty value is missing too.
    const vacia = startServer({ ...deployment, SITE_URL: '  ', PORT: String(await freePort()) }, { inherit: false });
    started.push(vacia);
    expect(await vacia.exited).toBe(1);
    expect(vacia.output()).toContain('SITE_URL: en producción');
  });

  it('con SITE_URL arranca, y sus enlaces salen de SITE_URL aunque el pedido nombre otro host', { timeout: 90_000 }, async () => {
    const port = await freePort();
    const run = startServer(
      {
        ...deployment,
        SITE_URL: 'https://www.villalaangostura.gob.ar',
        TRUST_PROXY: '127.0.0.1',
        SEED_DEMO: 'false',
        SHUTDOWN_DELAY_MS: '0',
        PORT: String(port),
      },
      { inherit: false },
    );
    started.push(run);
    await waitFor(() => run.output().includes(`http://127.0.0.1:${port}`) || run.child.exitCode !== null, 'el servidor', 80_000);
    expect(run.child.exitCode, run.output()).toBeNull();
    const headers = { host: 'evil.example', 'x-forwarded-host': 'evil.example', 'x-forwarded-proto': 'http' };
    const sitemap = await get(port, '/sitemap.xml', headers);
    expect(sitemap.status).toBe(200);
    expect(sitemap.body).toContain('<loc>https://www.villalaangostura.gob.ar/consulta-ordenanzas</loc>');
    expect(sitemap.body).not.toContain('evil.example');
    const robots = await get(port, '/robots.txt', headers);
    expect(robots.body).toContain('Sitemap: https://www.villalaangostura.gob.ar/sitemap.xml');
    run.child.kill('SIGTERM');
    expect(await run.exited).toBe(0);
  });
});
