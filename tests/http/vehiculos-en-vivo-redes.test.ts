import type { Readable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type TestApp, createTestApp } from '#tests/setup/app.ts';
import { engines } from '#tests/setup/database.ts';

/*
 * The live map's places (docs/decisions/036-ingesta-de-rastreadores.md): no single network (an
 * IPv4 /24, an IPv6 /64) takes more than its share, and with every place taken a visitor from a
 * quieter network takes the place of the oldest stream of the busiest one. Six places here, two
 * per address, four per network; the client addresses are the sockets' (inject's remoteAddress).
 */
describe.each(engines)('los lugares del mapa en vivo por red (%s)', (engine) => {
  let t: TestApp;
  const abiertos: AbortController[] = [];

  beforeAll(async () => {
    t = await createTestApp(engine, {
      seed: false,
      env: { MAX_STREAMS: '6', MAX_STREAMS_PER_IP: '2', MAX_STREAMS_PER_NETWORK: '4' },
    });
  });
  afterAll(async () => {
    for (const control of abiertos) control.abort();
    await t?.close();
  });

  async function abrir(remoteAddress: string) {
    const control = new AbortController();
    abiertos.push(control);
    const res = await t.app.inject({ url: '/api/v1/vehiculos/stream', remoteAddress, payloadAsStream: true, signal: control.signal });
    if (res.statusCode !== 200) {
      const texto = await new Response(res.stream() as unknown as ReadableStream).text();
      return { status: res.statusCode, error: (JSON.parse(texto) as { error: string }).error, terminado: Promise.resolve('') };
    }
    // Read to its end: an open stream never ends by itself within the test.
    const terminado = (async () => {
      let texto = '';
      try {
        for await (const parte of res.stream() as Readable) texto += String(parte);
      } catch {
        // Aborted at the end of the test.
      }
      return texto;
    })();
    return { status: 200, error: undefined, terminado };
  }

  /** Resolves with what the stream said if it ended within `ms`, else undefined. */
  const terminoEn = (p: Promise<string>, ms = 1_000) => Promise.race([p, new Promise<undefined>((r) => setTimeout(r, ms))]);

  it('una red no toma más que su parte, y con todo ocupado una red más tranquila toma el lugar del stream más viejo de la más ocupada', async () => {
    // One /24: two addresses take two places each; a third address of that /24 is told its network has its share.
    const primero = await abrir('192.0.2.10');
    expect(primero.status).toBe(200);
    for (const direccion of ['192.0.2.10', '192.0.2.11', '192.0.2.11']) expect((await abrir(direccion)).status).toBe(200);
    const tercera = await abrir('192.0.2.12');
    expect(tercera.status).toBe(429);
    expect(tercera.error).toMatch(/demasiados mapas en vivo abiertos desde tu red \(hasta 4\)/);
    // IPv6: two addresses of one /64 are one address and one network.
    expect((await abrir('2001:db8:1:1::a')).status).toBe(200);
    const mismaRed = await abrir('2001:db8:1:1:ffff::b');
    expect(mismaRed.status).toBe(200);
    expect(t.app.vehiculosEnVivo.abiertas()).toBe(6);

    // Full. A visitor from a network with none: the oldest stream of the busiest network (the /24 with 4) gives its place.
    const nuevo = await abrir('198.51.100.7');
    expect(nuevo.status).toBe(200);
    expect(await terminoEn(primero.terminado)).toMatch(/cedió su lugar a otra red/);
    expect(t.app.vehiculosEnVivo.abiertas()).toBe(6);

    // The busiest network (3 now) takes nothing from a network as busy as itself: 503.
    const deLaMasOcupada = await abrir('192.0.2.10');
    expect(deLaMasOcupada.status).toBe(503);
    expect(deLaMasOcupada.error).toMatch(/demasiadas conexiones abiertas/);
    // The /64 counts as one address: its third stream is a 429.
    expect((await abrir('2001:db8:1:1::c')).status).toBe(429);
    // A second visitor of the quieter network (1) still takes a place from the busiest (3): now two each.
    expect((await abrir('198.51.100.8')).status).toBe(200);
    expect(t.app.vehiculosEnVivo.abiertas()).toBe(6);
    // Three networks of two: none takes from another as busy as itself.
    expect(await abrir('198.51.100.9')).toMatchObject({ status: 503 });
    expect(await abrir('2001:db8:1:2::1')).toMatchObject({ status: 200 });
  });
});
