import net from 'node:net';
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TEST_SITE_URL, type TestApp, createTestApp, loadBuiltApp } from '#tests/setup/app.ts';
import { createTestStorage } from '#tests/setup/storage.ts';
import { bodyOf, slowClient, statusOf } from '#tests/setup/cliente-lento.ts';

describe('límites de cada solicitud', () => {
  let t: TestApp;
  let port: number;
  beforeAll(async () => {
    t = await createTestApp('pglite', { seed: false, env: { REQUEST_TIMEOUT_MS: '1000', MAX_CONNECTIONS_PER_IP: '4', DB_CONNECT_TIMEOUT_MS: '300' } });
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    port = (t.app.server.address() as net.AddressInfo).port;
  });
  afterAll(() => t.close());

  it('corta con 408 en castellano un cuerpo que llega demasiado lento', async () => {
    const body = JSON.stringify({ nombre: 'Ana', dni: '12345678', email: 'ana@example.com', numero: '1/2024' });
    const head = `POST /api/v1/solicitudes-decreto HTTP/1.1\r\nHost: localhost\r\nContent-Type: application/json\r\nContent-Length: ${body.length}\r\n\r\n`;
    // One byte every 300 ms: the whole body would take ~20 s.
    const { answer, ms } = await slowClient(port, [head, ...body.split('')], 300);
    expect(statusOf(answer)).toBe(408);
    expect(bodyOf(answer)).toContain('tardó demasiado');
    expect(ms).toBeLessThan(5_000);
  });

  it('corta cabeceras que nunca terminan (slowloris)', async () => {
    const lines = ['GET /home HTTP/1.1\r\n', 'Host: localhost\r\n', ...Array.from({ length: 40 }, (_, i) => `X-Lento-${i}: a\r\n`)];
    const { answer, ms } = await slowClient(port, lines, 300);
    expect(statusOf(answer)).toBe(408);
    expect(ms).toBeLessThan(5_000);
  });

  it('limita las conexiones abiertas por dirección: la que sobra recibe 429 y las demás siguen', async () => {
    const held = await Promise.all(
      Array.from(
        { length: 4 },
        () =>
          new Promise<net.Socket>((resolve) => {
            const s = net.connect(port, '127.0.0.1', () => resolve(s));
            s.on('error', () => {});
          }),
      ),
    );
    try {
      const { answer } = await slowClient(port, ['GET /health/live HTTP/1.1\r\nHost: localhost\r\n\r\n'], 10);
      expect(statusOf(answer)).toBe(429);
      expect(bodyOf(answer)).toContain('demasiadas conexiones');
    } finally {
      for (const s of held) s.destroy();
    }
    // The server frees the slots as it sees the sockets close: wait for that, not a fixed pause.
    await expect.poll(async () => (await fetch(`http://127.0.0.1:${port}/health/live`)).status, { timeout: 5_000 }).toBe(200);
  });

  it('PGlite: si la base no atiende a tiempo, la página responde 503 en castellano y después se recupera sola', async () => {
    // A transaction holds the embedded database's only connection for 2 s; the bound is 300 ms.
    let held!: () => void;
    const holdingStarted = new Promise<void>((resolve) => (held = resolve));
    const holding = t.database.db.transaction(async (tx) => {
      await tx.execute(sql`select 1`);
      held();
      await new Promise((r) => setTimeout(r, 2_000));
    });
    await holdingStarted;
    const started = Date.now();
    const [page, api, ready] = await Promise.all([
      t.app.inject({ url: '/consulta-ordenanzas?pattern=agua' }),
      t.app.inject({ url: '/api/v1/ordenanzas?pattern=agua' }),
      t.app.inject({ url: '/health/ready' }),
    ]);
    expect(Date.now() - started).toBeLessThan(1_900);
    expect(page.statusCode).toBe(503);
    expect(page.body).toContain('No pudimos completar la búsqueda');
    expect(api.statusCode).toBe(503);
    expect(api.json()).toMatchObject({ error: expect.stringContaining('no está disponible') });
    expect(ready.statusCode).toBe(503);
    await holding;
    expect((await t.app.inject({ url: '/consulta-ordenanzas?pattern=agua' })).statusCode).toBe(200);
    expect((await t.app.inject({ url: '/health/ready' })).statusCode).toBe(200);
  });
});

/**
 * A TCP relay in front of PostgreSQL that can be frozen: while frozen it forwards nothing, as a
 * server that hangs (or a network that drops packets) would behave.
 */
async function freezableRelay(target: URL): Promise<{ port: number; freeze(): void; thaw(): void; close(): Promise<void> }> {
  let frozen = false;
  const sockets = new Set<net.Socket>();
  const server = net.createServer((client) => {
    const upstream = net.connect(Number(target.port || 5432), target.hostname);
    for (const s of [client, upstream]) {
      sockets.add(s);
      s.on('error', () => {});
      s.on('close', () => {
        sockets.delete(s);
        client.destroy();
        upstream.destroy();
      });
      if (frozen) s.pause();
    }
    client.pipe(upstream);
    upstream.pipe(client);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    port: (server.address() as net.AddressInfo).port,
    freeze: () => {
      frozen = true;
      for (const s of sockets) s.pause();
    },
    thaw: () => {
      frozen = false;
      for (const s of sockets) s.resume();
    },
    close: async () => {
      for (const s of sockets) s.destroy();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

const adminUrl = process.env.TEST_DATABASE_URL;

describe.runIf(adminUrl)('PostgreSQL congelado o bloqueado', () => {
  const name = `vla_test_${randomBytes(6).toString('hex')}`;
  let relay: Awaited<ReturnType<typeof freezableRelay>>;
  let close: () => Promise<void>;
  let app: TestApp['app'];
  let direct: string;

  beforeAll(async () => {
    const admin = new pg.Client({ connectionString: adminUrl });
    await admin.connect();
    await admin.query(`create database ${name}`);
    await admin.end();
    const url = new URL(adminUrl!);
    url.pathname = `/${name}`;
    direct = url.toString();
    relay = await freezableRelay(url);
    const viaRelay = new URL(direct);
    viaRelay.hostname = '127.0.0.1';
    viaRelay.port = String(relay.port);

    const mod = await loadBuiltApp();
    const config = mod.loadConfig({
      NODE_ENV: 'production',
      SITE_URL: TEST_SITE_URL,
      DATA_KEY: 'ab'.repeat(32),
      LOG_LEVEL: 'silent',
      DB_CONNECT_TIMEOUT_MS: '1000',
      DB_STATEMENT_TIMEOUT_MS: '1000',
      SOLICITUDES_POR_IP: '10000',
      // What is tested here is every request that reaches the database; the render cache would
      // answer the pages it already holds (tests/http/render-cache.test.ts).
      RENDER_CACHE: 'false',
    });
    const database = await mod.openPostgres(viaRelay.toString(), config.database);
    const storage = createTestStorage(mod.createLocalStorage);
    app = await mod.buildApp({ config, database, storage, logger: false });
    await app.ready();
    close = async () => {
      await app.close();
      relay.thaw();
      await database.close();
      await relay.close();
      storage.remove();
      const dropper = new pg.Client({ connectionString: adminUrl });
      await dropper.connect();
      await dropper.query(`drop database if exists ${name} with (force)`);
      await dropper.end();
    };
  });
  afterAll(() => close());

  const solicitud = 'nombre=Ana&dni=12345678&email=ana%40example.com&numero=10%2F2024&ordenanza=&aclaraciones=';
  /** Every kind of request the site serves from the database, and the status each gets. */
  async function statuses(): Promise<Record<string, number>> {
    const [pagina, seccion, post, api, apiPost, ready] = await Promise.all([
      app.inject({ url: '/consulta-ordenanzas?pattern=agua' }),
      app.inject({ url: '/areas' }),
      app.inject({ method: 'POST', url: '/solicitud-decretos', headers: { 'content-type': 'application/x-www-form-urlencoded' }, payload: solicitud }),
      app.inject({ url: '/api/v1/ordenanzas' }),
      app.inject({
        method: 'POST',
        url: '/api/v1/solicitudes-decreto',
        payload: { nombre: 'Ana', dni: '12345678', email: 'ana@example.com', numero: '11/2024' },
      }),
      app.inject({ url: '/health/ready' }),
    ]);
    for (const res of [pagina, seccion, post, api, apiPost, ready]) {
      // SQL, driver messages or parameters never reach an answer (the form's own <select> does).
      expect(res.body).not.toMatch(/\bselect\b[^<>]*\bfrom\b|Failed query|params:|timeout exceeded|Query read timeout/i);
    }
    if (post.statusCode === 503) expect(post.body).toContain('Ana');
    return {
      pagina: pagina.statusCode,
      seccion: seccion.statusCode,
      post: post.statusCode,
      api: api.statusCode,
      apiPost: apiPost.statusCode,
      ready: ready.statusCode,
    };
  }

  async function recovers(expected: Record<string, number>): Promise<void> {
    const until = Date.now() + 20_000;
    let last: Record<string, number> = {};
    while (Date.now() < until) {
      last = await statuses();
      if (JSON.stringify(last) === JSON.stringify(expected)) return;
      await new Promise((r) => setTimeout(r, 250));
    }
    expect(last).toEqual(expected);
  }

  it('con la base congelada, páginas, formularios, API y /health/ready responden 503 en pocos segundos; al volver la base, se recupera sin reiniciar', async () => {
    expect(await statuses()).toEqual({ pagina: 200, seccion: 200, post: 200, api: 200, apiPost: 201, ready: 200 });
    relay.freeze();
    const started = Date.now();
    expect(await statuses()).toEqual({ pagina: 503, seccion: 503, post: 503, api: 503, apiPost: 503, ready: 503 });
    expect(Date.now() - started).toBeLessThan(5_000);
    relay.thaw();
    await recovers({ pagina: 200, seccion: 200, post: 200, api: 200, apiPost: 201, ready: 200 });
  });

  it('con la base congelada, un formulario espera a la base una sola vez (la acción, no también la página) y los 503 de página dicen Retry-After', async () => {
    relay.freeze();
    try {
      // Nothing else waits on the database: the form post alone, its action and then its page.
      const inicio = Date.now();
      const post = await app.inject({
        method: 'POST',
        url: '/solicitud-decretos',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        payload: solicitud,
      });
      const ms = Date.now() - inicio;
      expect(post.statusCode).toBe(503);
      expect(post.body).toContain('Ana');
      expect(post.headers['retry-after']).toBe('30');
      // One statement timeout (1 s here) and its margin; waiting twice took two.
      expect(ms).toBeLessThan(1_800);
      const pagina = await app.inject({ url: '/areas' });
      expect(pagina.statusCode).toBe(503);
      expect(pagina.headers['retry-after']).toBe('30');
    } finally {
      relay.thaw();
    }
    await recovers({ pagina: 200, seccion: 200, post: 200, api: 200, apiPost: 201, ready: 200 });
  });

  it('una conexión que retiene un bloqueo no cuelga a nadie: 503 rápido, y al soltarlo todo responde', async () => {
    const holder = new pg.Client({ connectionString: direct });
    await holder.connect();
    await holder.query('begin');
    await holder.query('lock table ordenanzas, areas_municipales, solicitudes_decreto in access exclusive mode');
    try {
      const started = Date.now();
      const res = await Promise.all([
        app.inject({ url: '/consulta-ordenanzas?pattern=agua' }),
        app.inject({ url: '/areas' }),
        app.inject({ url: '/api/v1/ordenanzas' }),
      ]);
      expect(res.map((r) => r.statusCode)).toEqual([503, 503, 503]);
      expect(Date.now() - started).toBeLessThan(5_000);
    } finally {
      await holder.query('rollback');
      await holder.end();
    }
    expect((await app.inject({ url: '/consulta-ordenanzas?pattern=agua' })).statusCode).toBe(200);
    expect((await app.inject({ url: '/areas' })).statusCode).toBe(200);
  });
});
