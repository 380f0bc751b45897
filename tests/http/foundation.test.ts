import zlib from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type TestApp, createTestApp } from '#tests/setup/app.ts';
import { engines } from '#tests/setup/database.ts';

describe.each(engines)('servidor (%s)', (engine) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(engine);
  });
  afterAll(() => t.close());

  const securityHeaders = (headers: Record<string, unknown>) => {
    const csp = String(headers['content-security-policy']);
    const scriptSrc = csp.split(';').find((d) => d.trim().startsWith('script-src')) ?? '';
    // Rendered for this request: its nonce; from the render cache: the hashes of its inline scripts
    // (docs/decisions/007-cache-de-paginas.md, tests/http/render-cache.test.ts).
    expect(scriptSrc).toMatch(/^ script-src 'self' (?:'nonce-[A-Za-z0-9+/=]{20,}'|'sha256-[A-Za-z0-9+/=]{44}'(?: 'sha256-[A-Za-z0-9+/=]{44}')*)$/);
    expect(scriptSrc).not.toContain('unsafe-inline');
    expect(csp).toContain("frame-ancestors 'none'");
    expect(headers['x-content-type-options']).toBe('nosniff');
    expect(headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
    expect(headers['x-frame-options']).toBe('DENY');
    expect(headers['cross-origin-opener-policy']).toBe('same-origin');
    expect(headers['cross-origin-resource-policy']).toBe('same-origin');
    expect(headers['permissions-policy']).toContain('camera=()');
    // The tests' SITE_URL is https: browsers are told to keep to it.
    expect(headers['strict-transport-security']).toBe('max-age=31536000; includeSubDomains');
  };

  it('sirve /home renderizada en el servidor, con cabeceras de seguridad', async () => {
    const res = await t.app.inject({ url: '/home' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('text/html');
    expect(res.body).toContain('<html lang="es-AR"');
    securityHeaders(res.headers);
  });

  it('pone el nonce de la CSP en cada script en línea y en ningún otro lugar', async () => {
    // A page rendered for each request (the status page is never cached).
    const res = await t.app.inject({ url: '/solicitud-decretos/estado' });
    const nonce = /'nonce-([^']+)'/.exec(String(res.headers['content-security-policy']))?.[1];
    // Data blocks (the breadcrumbs' JSON-LD) run nothing: the CSP does not apply to them.
    const scripts = [...res.body.matchAll(/<script\b[^>]*>/g)].map((m) => m[0]).filter((tag) => !tag.includes('type="application/ld+json"'));
    expect(scripts.length).toBeGreaterThan(0);
    for (const tag of scripts) expect(tag).toContain(`nonce="${nonce}"`);
    // Each response has its own nonce.
    const again = await t.app.inject({ url: '/solicitud-decretos/estado' });
    expect(again.headers['content-security-policy']).not.toBe(res.headers['content-security-policy']);
  });

  it('una página estática no lleva archivos de JavaScript ni precargas; su línea en la página lleva el nonce o su hash', async () => {
    for (const url of ['/areas', '/no-such-page', '/unauthorized', '/areas']) {
      const res = await t.app.inject({ url });
      const nonce = /'nonce-([^']+)'/.exec(String(res.headers['content-security-policy']))?.[1];
      expect(res.body, url).not.toMatch(/<script\b[^>]*\bsrc=/);
      expect(res.body, url).not.toContain('modulepreload');
      expect(res.body, url).not.toContain('__reactRouterContext');
      const scripts = [...res.body.matchAll(/<script\b[^>]*>/g)].map((m) => m[0]).filter((tag) => !tag.includes('type="application/ld+json"'));
      expect(scripts.length, url).toBeGreaterThan(0);
      // A page from the render cache names its inline script by hash instead (docs/decisions/007-cache-de-paginas.md).
      const cacheada = res.headers['x-cache'] === 'hit' || res.headers['x-cache'] === 'miss';
      for (const tag of scripts) expect(tag, url).toBe(cacheada ? '<script>' : `<script nonce="${nonce}">`);
      if (cacheada) expect(String(res.headers['content-security-policy']), url).toMatch(/script-src 'self' 'sha256-/);
      // The stylesheet is still there, first in the head after the image the first paint needs.
      expect(res.body.indexOf('rel="stylesheet"'), url).toBeLessThan(res.body.indexOf('<title>'));
    }
  });

  it('responde 404 real (sin redirección) a una ruta desconocida', async () => {
    const res = await t.app.inject({ url: '/no-such-page' });
    expect(res.statusCode).toBe(404);
    expect(res.headers.location).toBeUndefined();
    expect(res.body).toContain('404 - Ooops, Something Went Wrong');
    securityHeaders(res.headers);
    const head = await t.app.inject({ method: 'HEAD', url: '/no-such-page' });
    expect(head.statusCode).toBe(404);
  });

  it('sirve los assets con hash como inmutables, precomprimidos', async () => {
    const home = await t.app.inject({ url: '/home' });
    // Named in React Router's module script, which the page runs after its load event (docs/decisions/010-lighthouse.md).
    const asset = /import\("(\/assets\/entry\.client-[^"]+\.js)"\)/.exec(home.body)?.[1];
    expect(asset).toBeDefined();
    const res = await t.app.inject({ url: asset!, headers: { 'accept-encoding': 'br, gzip' } });
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(res.headers['content-encoding']).toBe('br');
    expect(zlib.brotliDecompressSync(res.rawPayload).toString()).toContain('import');
    securityHeaders(res.headers);
  });

  it('comprime las páginas cuando el cliente lo acepta', async () => {
    const res = await t.app.inject({ url: '/home', headers: { 'accept-encoding': 'gzip' } });
    expect(res.headers['content-encoding']).toBe('gzip');
    expect(zlib.gunzipSync(res.rawPayload).toString()).toContain('</html>');
  });

  it('una página sin caché se comprime fuera del hilo principal, con la negociación y las reglas de siempre', async () => {
    const sinCompresion = await t.app.inject({ url: '/login' });
    expect(sinCompresion.headers['content-encoding']).toBeUndefined();
    const largo = sinCompresion.rawPayload.length;
    expect(largo).toBeGreaterThan(1024);
    const casos: [Record<string, string>, string | undefined][] = [
      [{ 'accept-encoding': 'br, gzip' }, 'br'],
      [{ 'accept-encoding': 'gzip, deflate' }, 'gzip'],
      [{ 'accept-encoding': 'br;q=0, gzip' }, 'gzip'],
      [{ 'accept-encoding': '*' }, 'gzip'],
      [{ 'accept-encoding': 'identity' }, undefined],
      [{ 'accept-encoding': 'compress, zstd;q=0.5' }, undefined],
      [{ 'accept-encoding': 'br', 'x-no-compression': '1' }, undefined],
    ];
    for (const [headers, esperada] of casos) {
      const res = await t.app.inject({ url: '/login', headers });
      const caso = JSON.stringify(headers);
      expect(res.statusCode, caso).toBe(200);
      expect(res.headers['content-encoding'], caso).toBe(esperada);
      const html = esperada === 'br' ? zlib.brotliDecompressSync(res.rawPayload) : esperada === 'gzip' ? zlib.gunzipSync(res.rawPayload) : res.rawPayload;
      expect(html.toString(), caso).toMatch(/^<!DOCTYPE html>[\s\S]*<\/html>$/);
      // Only the nonces differ between two renders of the page.
      expect(Math.abs(html.length - largo), caso).toBeLessThan(100);
      if (esperada) {
        expect(res.headers.vary, caso).toMatch(/Accept-Encoding/i);
        expect(Number(res.headers['content-length']), caso).toBe(res.rawPayload.length);
        expect(res.rawPayload.length, caso).toBeLessThan(largo / 2);
      }
      securityHeaders(res.headers);
    }
    // A route's data (.data) is compressed the same way; a tiny one goes as it is.
    const datos = await t.app.inject({ url: '/consulta-ordenanzas.data', headers: { 'accept-encoding': 'br' } });
    expect(datos.statusCode).toBe(200);
    expect(datos.headers['content-encoding']).toBe('br');
    expect(zlib.brotliDecompressSync(datos.rawPayload).length).toBeGreaterThan(1024);
    const chico = await t.app.inject({ url: '/login.data', headers: { 'accept-encoding': 'br' } });
    expect(chico.headers['content-encoding']).toBeUndefined();
    expect(chico.rawPayload.length).toBeLessThan(1024);
  });

  it('informa versión, build y fecha en /health/live', async () => {
    const res = await t.app.inject({ url: '/health/live' });
    expect(res.statusCode).toBe(200);
    const body = res.json() as { version: string; build: string; date: string };
    expect(body.version).toBe('0.1.33');
    expect(body.build).toMatch(/^\d+$/);
    expect(Number.isNaN(Date.parse(body.date))).toBe(false);
    securityHeaders(res.headers);
  });

  it('está listo cuando la base responde y las migraciones están aplicadas', async () => {
    const res = await t.app.inject({ url: '/health/ready' });
    expect(res.statusCode).toBe(200);
    // Also the free space of the data folder (docs/operacion.md): a number of MB, judged against the minimum.
    expect(res.json()).toEqual({ status: 'ok', database: engine, almacenamiento: 'local', espacio: 'ok', libreMb: expect.any(Number) });
  });

  it('rechaza con 413 un formulario de más de 1 MiB', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/home',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: `a=${'x'.repeat(1024 * 1024 + 10)}`,
    });
    expect(res.statusCode).toBe(413);
  });

  it('los rechazos de la puerta de entrada y los errores también llevan las cabeceras de seguridad', async () => {
    const rechazos = [
      { method: 'TRACE' as const, url: '/home', status: 405 },
      { url: '/home', headers: { host: 'no es un host' }, status: 400 },
      { url: `/consulta-ordenanzas?pattern=${'a'.repeat(9000)}`, status: 414 },
      { url: '/consulta-ordenanzas?pattern=%00', status: 400 },
      // Under /api/ an unknown address is a 404 for any method, never the pages' methods.
      { url: '/api/v1/no-existe', status: 404 },
      { method: 'DELETE' as const, url: '/api/v1/nada/mas', status: 404 },
      { method: 'DELETE' as const, url: '/api/v1/areas', status: 405 },
      { method: 'POST' as const, url: '/home', headers: { 'content-type': 'text/plain' }, payload: 'x', status: 415 },
    ];
    for (const { status, ...pedido } of rechazos) {
      const res = await t.app.inject(pedido);
      expect(res.statusCode, `${pedido.method ?? 'GET'} ${pedido.url.slice(0, 40)}`).toBe(status);
      securityHeaders(res.headers);
    }
  });
});
