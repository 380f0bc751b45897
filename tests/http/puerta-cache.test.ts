import net, { type AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { insertEnlacePlan } from '#tests/factories/gobierno.ts';
import { type TestApp, createTestApp } from '#tests/setup/app.ts';
import { type RawRequest, rawRequest } from '#tests/setup/raw-http.ts';

/**
 * The render cache's front door (server/render-cache.ts, serveRaw; docs/decisions/007): hits are
 * answered from Node's request event, before Fastify. `inject` never reaches it, so these tests
 * talk to a listening server over a socket, byte for byte.
 */
describe('la puerta de la caché de páginas', () => {
  let t: TestApp;
  let port: number;
  const send = (request: Partial<RawRequest> & { target: string }) => rawRequest(port, request);
  const frontDoorHits = () => t.app.renderCache!.stats().frontDoorHits;
  /** Headers that differ between any two answers: the time, and whether this one was the first. */
  const comparable = (headers: Record<string, string>) => {
    const { date: _date, 'x-cache': _cache, ...rest } = headers;
    return rest;
  };

  beforeAll(async () => {
    t = await createTestApp('pglite');
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    port = (t.app.server.address() as AddressInfo).port;
  });
  afterAll(() => t.close());

  it('la segunda visita sale por la puerta con los mismos bytes y cabeceras que Fastify le da a un acierto', async () => {
    for (const encoding of ['br', 'gzip', undefined]) {
      const headers: [string, string][] = encoding ? [['accept-encoding', encoding]] : [];
      // The first render (a miss) and a hit through Fastify while the variant is being made.
      const primera = await send({ target: '/areas', headers });
      expect(primera.status).toBe(200);
      let porFastify = primera;
      const antes = frontDoorHits();
      let porLaPuerta = await send({ target: '/areas', headers });
      // The compressed variant is made off the main thread: until it is ready, Fastify answers.
      for (let i = 0; i < 50 && frontDoorHits() === antes; i++) {
        porFastify = porLaPuerta;
        porLaPuerta = await send({ target: '/areas', headers });
      }
      expect(frontDoorHits(), `la puerta respondió con ${encoding ?? 'identity'}`).toBe(antes + 1);
      expect(porLaPuerta.headers['x-cache']).toBe('hit');
      expect(porLaPuerta.headers['content-encoding']).toBe(encoding);
      expect(porLaPuerta.headers['content-security-policy']).not.toMatch(/nonce-/);
      expect(porLaPuerta.headers['x-frame-options']).toBe('DENY');
      expect(Number(porLaPuerta.headers['content-length'])).toBe(porLaPuerta.body.length);
      if (porFastify !== primera) {
        // The same answer the other way, once the variant was made (its best form may replace it later).
        expect(comparable(porLaPuerta.headers)).toEqual(comparable(porFastify.headers));
      }
      const { etag: _etag, 'content-length': _length, ...sinVariante } = comparable(porLaPuerta.headers);
      const { etag: _e, 'content-length': _l, ...deLaPrimera } = comparable(primera.headers);
      expect(sinVariante).toEqual(deLaPrimera);
    }
  });

  it('If-None-Match da 304 sin cuerpo; HEAD da las cabeceras sin cuerpo', async () => {
    await send({ target: '/ejecutivo' });
    const guardada = await send({ target: '/ejecutivo' });
    const antes = frontDoorHits();
    const noModificada = await send({ target: '/ejecutivo', headers: [['if-none-match', guardada.headers.etag!]] });
    expect(noModificada.status).toBe(304);
    expect(noModificada.body.length).toBe(0);
    expect(noModificada.headers.etag).toBe(guardada.headers.etag);
    const cabeza = await send({ method: 'HEAD', target: '/ejecutivo' });
    expect(cabeza.status).toBe(200);
    expect(cabeza.body.length).toBe(0);
    expect(cabeza.headers['content-length']).toBe(guardada.headers['content-length']);
    expect(frontDoorHits()).toBe(antes + 2);
  });

  it('lo que la guardia rechaza lo rechaza también con la página guardada: Host inválido o ausente, bytes que no son UTF-8', async () => {
    await send({ target: '/sueldos' });
    await send({ target: '/sueldos' });
    const antes = frontDoorHits();
    const sinHost = await send({ target: '/sueldos', host: null });
    expect(sinHost.status).toBe(400);
    expect(sinHost.text).toContain('Host');
    const hostMalo = await send({ target: '/sueldos', host: 'no es un host' });
    expect(hostMalo.status).toBe(400);
    // Node's parser takes a byte that is not UTF-8 in a header value; the guard does not.
    const latin1 = await send({ target: '/sueldos', headers: [['x-algo', Buffer.from([0x61, 0xe9, 0x62])]] });
    expect(latin1.status).toBe(400);
    expect(latin1.text).toContain('UTF-8');
    expect(frontDoorHits()).toBe(antes);
  });

  it('con sesión, un POST o una dirección que no es la clave exacta pasan por Fastify', async () => {
    await send({ target: '/plan-estrategico' });
    await send({ target: '/plan-estrategico' });
    const antes = frontDoorHits();
    const conSesion = await send({ target: '/plan-estrategico', headers: [['cookie', 'vla_sesion=algo']] });
    expect(conSesion.headers['x-cache']).toBe('bypass');
    const post = await send({
      method: 'POST',
      target: '/plan-estrategico',
      headers: [['content-type', 'application/x-www-form-urlencoded']],
      body: 'a=1',
    });
    expect(post.headers['x-cache']).not.toBe('hit');
    // Another spelling of the same page: Fastify normalises it to the kept one and answers the hit.
    const otra = await send({ target: '/plan-estrategico?' });
    expect(otra.headers['x-cache']).toBe('hit');
    expect(frontDoorHits()).toBe(antes);
  });

  it('una escritura del contenido cierra la puerta a la página vieja: la próxima visita se renderiza de nuevo', async () => {
    await send({ target: '/plan-estrategico' });
    const vieja = await send({ target: '/plan-estrategico' });
    expect(vieja.headers['x-cache']).toBe('hit');
    await insertEnlacePlan(t.context, {
      titulo: 'Enlace nuevo de la puerta',
      descripcion: 'Para probar la puerta',
      url: 'https://villalaangostura.gob.ar/puerta',
    });
    const nueva = await send({ target: '/plan-estrategico' });
    expect(nueva.headers['x-cache']).toBe('miss');
    expect(nueva.text).toContain('Enlace nuevo de la puerta');
  });

  it('al cerrar, un pedido ya aceptado sale igual por la puerta, con Connection: close y sin 503', async () => {
    const otra = await createTestApp('pglite');
    await otra.app.listen({ port: 0, host: '127.0.0.1' });
    const suyo = (otra.app.server.address() as AddressInfo).port;
    await rawRequest(suyo, { target: '/areas' });
    expect((await rawRequest(suyo, { target: '/areas' })).headers['x-cache']).toBe('hit');
    const antes = otra.app.renderCache!.stats().frontDoorHits;
    // Headers half sent when the close starts: the connection is busy, not idle, so the close waits
    // for it and its request reaches a closing server (docs/decisions/028-cierre-ordenado.md).
    const socket = net.connect(suyo, '127.0.0.1');
    await new Promise((resolve) => socket.once('connect', resolve));
    let respuesta = '';
    socket.on('data', (trozo: Buffer) => (respuesta += trozo.toString('latin1')));
    const terminada = new Promise((resolve) => socket.once('close', resolve));
    socket.write(`GET /areas HTTP/1.1\r\nHost: 127.0.0.1:${suyo}\r\n`);
    await new Promise((resolve) => setTimeout(resolve, 50));
    const cerrando = otra.close();
    await vi.waitFor(() => expect(otra.app.server.listening).toBe(false));
    socket.write('\r\n');
    await terminada;
    await cerrando;
    expect(respuesta).toMatch(/^HTTP\/1\.1 200 /);
    expect(respuesta).toMatch(/\r\nconnection: close\r\n/i);
    expect(respuesta).toMatch(/\r\nx-cache: hit\r\n/i);
    expect(otra.app.renderCache!.stats().frontDoorHits).toBe(antes + 1);
  });
});
