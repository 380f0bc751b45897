import net from 'node:net';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '#db/client.ts';
import { addressKey } from '#domain/shared/addresses.ts';
import { solicitudValida } from '#tests/factories/decretos.ts';
import { TEST_SITE_URL, loadBuiltApp } from '#tests/setup/app.ts';
import { createTestDatabase } from '#tests/setup/database.ts';
import { createTestStorage } from '#tests/setup/storage.ts';

/**
 * The client's address behind proxies. TRUST_PROXY takes a hop count or the proxies'
 * addresses; the client is the first untrusted address from the right of X-Forwarded-For, never
 * the leftmost entry, which the client writes itself. Without TRUST_PROXY the header is ignored.
 */
describe('la dirección del cliente detrás de proxies', () => {
  let database: Database;
  let storage: ReturnType<typeof createTestStorage>;
  const apps: Record<string, FastifyInstance> = {};

  /** The built app with one test-only route that shows what Fastify took as the client, and its key. */
  async function app(trustProxy: string | undefined): Promise<FastifyInstance> {
    const mod = await loadBuiltApp();
    const config = mod.loadConfig({
      NODE_ENV: 'production',
      SITE_URL: TEST_SITE_URL,
      DATA_KEY: 'cd'.repeat(32),
      LOG_LEVEL: 'silent',
      SOLICITUDES_POR_IP: '1',
      MAX_CONNECTIONS_PER_IP: '2',
      ...(trustProxy === undefined ? {} : { TRUST_PROXY: trustProxy }),
    });
    const instance = await mod.buildApp({ config, database, storage, logger: false });
    instance.get('/prueba/cliente', async (request) => ({ ip: request.ip, clave: addressKey(request.ip) }));
    await instance.ready();
    return instance;
  }

  beforeAll(async () => {
    const mod = await loadBuiltApp();
    database = await createTestDatabase('pglite', mod);
    storage = createTestStorage(mod.createLocalStorage);
    // Several instances of the site over one database, as behind a load balancer.
    apps.sinProxy = await app(undefined);
    apps.unSalto = await app('1');
    apps.dosSaltos = await app('2');
    apps.rango = await app('10.0.0.0/8');
  });
  afterAll(async () => {
    for (const instance of Object.values(apps)) await instance.close();
    await database?.close();
    storage?.remove();
  });

  const cliente = async (cual: string, remoteAddress: string, xff?: string) => {
    const res = await apps[cual]!.inject({ url: '/prueba/cliente', remoteAddress, headers: xff === undefined ? {} : { 'x-forwarded-for': xff } });
    expect(res.statusCode).toBe(200);
    return res.json() as { ip: string; clave: string };
  };

  it('TRUST_PROXY=1: el cliente es la última dirección que agregó el proxy; la de la izquierda, escrita por el cliente, no cuenta', async () => {
    expect(await cliente('unSalto', '10.0.0.1', '6.6.6.6, 203.0.113.9')).toEqual({ ip: '203.0.113.9', clave: '203.0.113.9' });
    expect(await cliente('unSalto', '10.0.0.1', '203.0.113.9')).toEqual({ ip: '203.0.113.9', clave: '203.0.113.9' });
    expect(await cliente('unSalto', '10.0.0.1', '6.6.6.6, 2001:DB8:1:2::7')).toEqual({ ip: '2001:DB8:1:2::7', clave: '2001:0db8:0001:0002::/64' });
    // Without the header, the proxy's own address.
    expect((await cliente('unSalto', '10.0.0.1')).ip).toBe('10.0.0.1');
  });

  it('TRUST_PROXY=2: dos proxies en cadena', async () => {
    expect((await cliente('dosSaltos', '10.0.0.1', '6.6.6.6, 198.51.100.4, 10.0.0.2')).ip).toBe('198.51.100.4');
  });

  it('TRUST_PROXY=10.0.0.0/8: la primera dirección que no es de un proxy, contando desde la derecha', async () => {
    expect((await cliente('rango', '10.0.0.1', '6.6.6.6, 198.51.100.4, 10.0.0.2')).ip).toBe('198.51.100.4');
    expect((await cliente('rango', '::ffff:10.0.0.1', '6.6.6.6, 198.51.100.4, 10.0.0.2')).ip).toBe('198.51.100.4');
    // A peer that is not one of the proxies is the client, whatever it writes.
    expect((await cliente('rango', '203.0.113.50', '6.6.6.6, 10.0.0.2')).ip).toBe('203.0.113.50');
  });

  it('sin TRUST_PROXY, X-Forwarded-For no cuenta: el cliente es quien se conecta', async () => {
    expect(await cliente('sinProxy', '203.0.113.7', '6.6.6.6, 198.51.100.4')).toEqual({ ip: '203.0.113.7', clave: '203.0.113.7' });
    expect(await cliente('sinProxy', '::ffff:203.0.113.7')).toMatchObject({ clave: '203.0.113.7' });
    expect(await cliente('sinProxy', '2001:db8:a:b:1::1')).toMatchObject({ clave: '2001:0db8:000a:000b::/64' });
  });

  const solicitud = (cual: string, remoteAddress: string, xff?: string) =>
    apps[cual]!.inject({
      method: 'POST',
      url: '/api/v1/solicitudes-decreto',
      payload: solicitudValida(),
      remoteAddress,
      headers: xff === undefined ? {} : { 'x-forwarded-for': xff },
    });

  it('el límite de solicitudes de decretos (SOLICITUDES_POR_IP=1) cuenta al cliente real, no lo que escribió', async () => {
    expect((await solicitud('unSalto', '10.0.0.1', '6.6.6.6, 203.0.113.20')).statusCode).toBe(201);
    // Another leftmost entry is the same client: limited.
    expect((await solicitud('unSalto', '10.0.0.1', '7.7.7.7, 203.0.113.20')).statusCode).toBe(429);
    // The same leftmost entry from another client is another client.
    expect((await solicitud('unSalto', '10.0.0.1', '6.6.6.6, 203.0.113.21')).statusCode).toBe(201);

    expect((await solicitud('sinProxy', '203.0.113.30', '6.6.6.6')).statusCode).toBe(201);
    expect((await solicitud('sinProxy', '203.0.113.30', '7.7.7.7')).statusCode).toBe(429);
    expect((await solicitud('sinProxy', '203.0.113.31', '7.7.7.7')).statusCode).toBe(201);
  });

  it('el límite de solicitudes cuenta un cliente IPv6 por su /64: otra dirección del mismo bloque no lo evita', async () => {
    expect((await solicitud('sinProxy', '2001:db8:77:1::1')).statusCode).toBe(201);
    expect((await solicitud('sinProxy', '2001:db8:77:1:ffff:ffff:ffff:fffe')).statusCode).toBe(429);
    expect((await solicitud('sinProxy', '2001:0DB8:0077:0001:0:0:0:abcd')).statusCode).toBe(429);
    expect((await solicitud('sinProxy', '2001:db8:77:2::1')).statusCode).toBe(201);
    // Behind a proxy the same rule applies to the client it reports.
    expect((await solicitud('unSalto', '10.0.0.1', '2001:db8:88:1::1')).statusCode).toBe(201);
    expect((await solicitud('unSalto', '10.0.0.1', '2001:db8:88:1::2')).statusCode).toBe(429);
  });

  /** Holds `n` open connections to the app, then asks /health/live on one more. */
  async function conexionExtra(instance: FastifyInstance, n: number): Promise<number> {
    await instance.listen({ port: 0, host: '127.0.0.1' });
    const port = (instance.server.address() as net.AddressInfo).port;
    const abiertas = await Promise.all(
      Array.from(
        { length: n },
        () =>
          new Promise<net.Socket>((resolve) => {
            const s = net.connect(port, '127.0.0.1', () => resolve(s));
            s.on('error', () => {});
          }),
      ),
    );
    try {
      const status = await new Promise<number>((resolve) => {
        const s = net.connect(port, '127.0.0.1', () => s.write('GET /health/live HTTP/1.1\r\nHost: localhost\r\nConnection: close\r\n\r\n'));
        let respuesta = '';
        s.on('data', (chunk) => (respuesta += chunk.toString()));
        s.on('error', () => {});
        s.on('close', () => resolve(Number(/^HTTP\/1\.1 (\d{3})/.exec(respuesta)?.[1] ?? 0)));
      });
      return status;
    } finally {
      for (const s of abiertas) s.destroy();
    }
  }

  it('el límite de conexiones por dirección rige sin proxy y se apaga con TRUST_PROXY (todas llegan desde el proxy)', async () => {
    expect(await conexionExtra(apps.sinProxy!, 2)).toBe(429);
    expect(await conexionExtra(apps.unSalto!, 2)).toBe(200);
  });
});
