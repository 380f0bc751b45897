// Hostile input on the pages added lately (the site search and its OpenSearch description, the
// back-office search and its «búsquedas sin resultados», the alerts' form in the site's frame, the
// printable personal-data export): NUL bytes, broken UTF-8, 5,000 characters, markup. Each answers
// a page in Spanish (a 4xx when the input cannot be used), never a 5xx and never markup of the
// input's. With the database not answering, /buscar says so in Spanish with a 503; a form body
// trickled past the request timeout is cut with a 408.
import type net from 'node:net';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { suscripcionesAlertas } from '#db/schema/index.ts';
import { type TestApp, createTestApp } from '#tests/setup/app.ts';
import { engines } from '#tests/setup/database.ts';
import { bodyOf, slowClient, statusOf } from '#tests/setup/cliente-lento.ts';
import { ADMIN, EDITOR, enviar, ingresar, textoDe, ver } from '#tests/setup/panel.ts';

const LARGO = 'a'.repeat(5_000);
/** What the site answers, with a 400, to a request with a NUL byte or broken UTF-8 anywhere (before any page reads it). */
const GUARDIA = /tiene caracteres de control \(por ejemplo, bytes nulos\) que no se aceptan|tiene caracteres que no son texto UTF-8 válido/;
const atajada = (crudo: string) => /%00|%C3%28|%FF|%E2%82(?!%)/.test(crudo);
/** Raw query strings, as a client may send them: a NUL byte, broken UTF-8, very long, markup. */
const CONSULTAS = ['%00', 'agua%00', '%C3%28', '%FF%FE', '%E2%82', LARGO, '%3Cscript%3Ealert(1)%3C%2Fscript%3E', '%', '%%', '%u0041'];

/** A page in Spanish: the site's own markup (lang es-AR), not a framework's error. */
function enCastellano(body: string, donde: string) {
  expect(body, donde).toContain('lang="es-AR"');
  expect(body, donde).not.toContain('<script>alert(1)');
  expect(body, donde).not.toMatch(/Unexpected Server Error|Internal Server Error|stack|at [A-Za-z]+ \(/);
}

describe.each(engines)('entradas hostiles en las páginas nuevas (%s)', (engine) => {
  let t: TestApp;
  let admin: string;
  let editor: string;
  beforeAll(async () => {
    t = await createTestApp(engine);
    [admin, editor] = await Promise.all([ingresar(t, ADMIN), ingresar(t, EDITOR)]);
  });
  afterAll(() => t?.close());

  it('/buscar: NUL, UTF-8 roto, 5.000 caracteres y <script>, 200 o 400 en castellano, con lo escrito escapado', async () => {
    for (const q of CONSULTAS) {
      const res = await t.app.inject({ url: `/buscar?q=${q}` });
      expect([200, 400], q.slice(0, 20)).toContain(res.statusCode);
      enCastellano(res.body, q.slice(0, 20));
    }
    const largo = await t.app.inject({ url: `/buscar?q=${LARGO}` });
    expect(largo.statusCode).toBe(400);
    expect(textoDe(largo.body)).toContain('La búsqueda puede tener hasta 200 caracteres');
    const nul = await t.app.inject({ url: '/buscar?q=agua%00' });
    expect(nul.statusCode).toBe(400);
    expect(nul.body).not.toContain('\u0000');
    const script = await t.app.inject({ url: '/buscar?q=%3Cscript%3Ealert(1)%3C%2Fscript%3E' });
    expect(script.body).toContain('&lt;script&gt;alert(1)&lt;/script&gt;');
    // Repeated parameters and a page that is not a number.
    for (const url of ['/buscar?q=a&q=b', '/buscar?q=agua&pagina=%00', `/buscar?q=agua&pagina=${'9'.repeat(400)}`, '/buscar?q[]=x']) {
      const res = await t.app.inject({ url });
      expect(res.statusCode, url).toBeLessThan(500);
      enCastellano(res.body, url);
    }
  });

  it('/opensearch.xml: con una consulta hostil es el mismo documento; otro método, 404 o 405, nunca 5xx', async () => {
    const limpio = await t.app.inject({ url: '/opensearch.xml' });
    for (const q of CONSULTAS) {
      const res = await t.app.inject({ url: `/opensearch.xml?q=${q}` });
      // A NUL byte or broken UTF-8 anywhere in a request is the site's 400 (GUARDIA); anything else, the same description.
      if (atajada(q)) {
        expect(res.statusCode, q).toBe(400);
        expect(textoDe(res.body), q).toMatch(GUARDIA);
      } else if (res.statusCode === 400) {
        // A lone «%» is not a URL: Fastify's 400, answered in Spanish.
        expect(q, res.body).toMatch(/^%/);
        expect(res.body, q).toMatch(/[Ll]a dirección/);
      } else {
        expect(res.statusCode, q.slice(0, 20)).toBe(200);
        expect(res.body).toBe(limpio.body);
      }
    }
    const post = await t.app.inject({ method: 'POST', url: '/opensearch.xml', payload: '<x/>', headers: { 'content-type': 'application/xml' } });
    expect(post.statusCode).toBeGreaterThanOrEqual(400);
    expect(post.statusCode).toBeLessThan(500);
  });

  it('/admin/buscar y /admin/busquedas: NUL, UTF-8 roto, 5.000 caracteres y <script>, nunca 5xx', async () => {
    for (const q of CONSULTAS) {
      const res = await ver(t, `/admin/buscar?q=${q}`, editor);
      expect([200, 400], q.slice(0, 20)).toContain(res.statusCode);
      enCastellano(res.body, q.slice(0, 20));
    }
    const largo = await ver(t, `/admin/buscar?q=${LARGO}`, editor);
    expect(largo.statusCode).toBe(400);
    expect(textoDe(largo.body)).toContain('Escribí hasta 100 caracteres');
    for (const q of CONSULTAS) {
      for (const url of [`/admin/busquedas?pagina=${q}`, `/admin/busquedas?desde=${q}`, `/admin/busquedas?q=${q}`]) {
        const res = await ver(t, url, admin);
        expect([200, 400], url.slice(0, 40)).toContain(res.statusCode);
        enCastellano(res.body, url.slice(0, 40));
      }
    }
  });

  it('/alertas (en el marco del sitio): un correo con NUL, UTF-8 roto o 5.000 caracteres, 400 en castellano y nada guardado', async () => {
    const guardadas = async () => (await t.database.db.select({ n: sql<number>`count(*)`.mapWith(Number) }).from(suscripcionesAlertas))[0]!.n;
    const antes = await guardadas();
    let ip = 1;
    for (const email of ['%00', 'vecina%00%40correo.test', '%C3%28%40correo.test', `${LARGO}%40correo.test`, '%3Cscript%3Ealert(1)%3C%2Fscript%3E']) {
      const res = await t.app.inject({
        method: 'POST',
        url: '/alertas',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        payload: `tipo=ordenanzas&frecuencia=inmediata&email=${email}`,
        remoteAddress: `198.51.100.${ip++}`,
      });
      expect(res.statusCode, email.slice(0, 20)).toBe(400);
      enCastellano(res.body, email.slice(0, 20));
      expect(textoDe(res.body)).toMatch(atajada(email) ? GUARDIA : /Ingresá un email válido|El email puede tener hasta 254 caracteres/);
    }
    expect(await guardadas()).toBe(antes);
    for (const q of CONSULTAS) {
      const res = await t.app.inject({ url: `/alertas?tipo=${q}&pattern=${q}` });
      expect(res.statusCode, q.slice(0, 20)).toBeLessThan(500);
      enCastellano(res.body, q.slice(0, 20));
    }
  });

  it('la exportación para imprimir de datos personales: un DNI hostil es 400 en castellano junto al campo, ningún archivo', async () => {
    for (const dni of ['%00', '12345678%00', '%C3%28', LARGO, '%3Cscript%3Ealert(1)%3C%2Fscript%3E', '12.345.678%0D%0AX-Otra%3A%201']) {
      const res = await enviar(t, '/admin/datos-personales', admin, `intent=exportar-html&dni=${dni}`);
      expect(res.statusCode, dni.slice(0, 20)).toBe(400);
      expect(res.headers['content-disposition'], dni.slice(0, 20)).toBeUndefined();
      enCastellano(res.body, dni.slice(0, 20));
      expect(textoDe(res.body)).toMatch(atajada(dni) ? GUARDIA : /DNI/);
    }
  });
});

describe('la búsqueda sin base y un formulario nuevo enviado despacio', () => {
  let t: TestApp;
  let port: number;
  beforeAll(async () => {
    t = await createTestApp('pglite', { env: { REQUEST_TIMEOUT_MS: '1000', DB_CONNECT_TIMEOUT_MS: '300' } });
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    port = (t.app.server.address() as net.AddressInfo).port;
  });
  afterAll(() => t?.close());

  it('/buscar con la base que no atiende: 503 en castellano en menos de dos segundos; después, la búsqueda de nuevo', async () => {
    // A transaction holds the embedded database's only connection for 2 s; the bound is 300 ms.
    let tomada!: () => void;
    const empezo = new Promise<void>((resolve) => (tomada = resolve));
    const ocupada = t.database.db.transaction(async (tx) => {
      await tx.execute(sql`select 1`);
      tomada();
      await new Promise((r) => setTimeout(r, 2_000));
    });
    await empezo;
    const inicio = Date.now();
    const res = await t.app.inject({ url: '/buscar?q=turismo' });
    expect(Date.now() - inicio).toBeLessThan(1_900);
    expect(res.statusCode).toBe(503);
    enCastellano(res.body, '503');
    expect(textoDe(res.body)).toMatch(/no está disponible|No pudimos/);
    await ocupada;
    expect((await t.app.inject({ url: '/buscar?q=turismo' })).statusCode).toBe(200);
  });

  it('el formulario de alertas enviado de a un byte: 408 en castellano, sin esperar al cuerpo entero', async () => {
    const cuerpo = 'tipo=ordenanzas&frecuencia=inmediata&email=vecina%40correo.test';
    const cabeza = `POST /alertas HTTP/1.1\r\nHost: localhost\r\nContent-Type: application/x-www-form-urlencoded\r\nContent-Length: ${cuerpo.length}\r\n\r\n`;
    // One byte every 300 ms: the whole body would take ~20 s.
    const { answer, ms } = await slowClient(port, [cabeza, ...cuerpo.split('')], 300);
    expect(statusOf(answer)).toBe(408);
    expect(bodyOf(answer)).toContain('tardó demasiado');
    expect(ms).toBeLessThan(5_000);
  });
});
