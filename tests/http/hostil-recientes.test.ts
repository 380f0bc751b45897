// Hostile input on the pages added lately (the site search and its OpenSearch description, the
// back-office search and its «búsquedas sin resultados», the alerts' form in the site's frame, the
// printable personal-data export, Mi calle with its notices, calendars, zones and back-office):
// NUL bytes, broken UTF-8, 5,000 characters, markup, coordinates that are not numbers in range,
// zones that do not exist. Each answers a page in Spanish (a 4xx when the input cannot be used),
// never a 5xx and never markup of the input's. With the database not answering, /buscar and Mi
// calle say so in Spanish with a 503; a form body trickled past the request timeout is cut with a 408.
import type net from 'node:net';
import { count, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { suscripcionesAlertas, suscripcionesRecoleccion, zonasRecoleccion } from '#db/schema/index.ts';
import { getZona } from '#domain/recoleccion/queries.ts';
import { TEST_SITE_URL, type TestApp, createTestApp } from '#tests/setup/app.ts';
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

/** An error in Spanish as the site answers one that is not a page (a calendar file, the GeoJSON): its error page or `{"error": "…"}`. */
function errorEnCastellano(res: { body: string; headers: Record<string, unknown> }, donde: string) {
  if (/html/.test(String(res.headers['content-type']))) {
    // What a person reads: the router's own copy of a thrown answer, in a script, is not.
    expect(res.body, donde).toContain('lang="es-AR"');
    expect(res.body, donde).not.toContain('<script>alert(1)');
    expect(textoDe(res.body), donde).not.toMatch(/Unexpected Server Error|Internal Server Error|stack|at [A-Za-z]+ \(/);
    return;
  }
  const error = (JSON.parse(res.body) as { error?: unknown }).error;
  expect(typeof error === 'string' && /[áéíóúñ]|[Ll]a |[Ee]l /.test(error), `${donde}: ${res.body.slice(0, 200)}`).toBe(true);
}

/** Coordinates that are not a point: out of range, not numbers, exponents, hexadecimal, absurdly long. */
const COORDENADAS_MALAS = [
  '91',
  '-90.5',
  '181',
  'NaN',
  'Infinity',
  '-Infinity',
  '-4.07e1',
  '-7.16E1',
  '1e309',
  '0x1A',
  '--40.7',
  '-40.7.1',
  ' ',
  '9'.repeat(400),
  '%D9%A1%D9%A2',
];
/** Out of range for a latitude, a longitude all the same. */
const LATITUDES_SOLAMENTE = ['91', '-90.5'];
/** Zone addresses nobody has: unknown, in capitals, quoted, very long, a path, markup. */
const ZONAS_DESCONOCIDAS = ['no-existe', 'CENTRO', 'centro%27', LARGO, '..%2F..%2Fetc%2Fpasswd', '%3Cscript%3Ealert(1)%3C%2Fscript%3E', 'centro-', '-centro'];

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

  it('/mi-calle: UTF-8 roto, 5.000 caracteres, coordenadas malas y zonas desconocidas: 4xx en castellano, nunca 5xx', async () => {
    let ip = 1;
    // Each look-up from an address of its own: the limit per address is not the subject here.
    const pedir = (query: string) => t.app.inject({ url: `/mi-calle?${query}`, remoteAddress: `198.18.${Math.floor(ip / 250)}.${(ip++ % 250) + 1}` });
    for (const valor of CONSULTAS) {
      for (const campo of ['q', 'lat', 'lon', 'zona']) {
        const res = await pedir(`${campo}=${valor}`);
        expect([200, 400, 404], `${campo}=${valor.slice(0, 20)}`).toContain(res.statusCode);
        enCastellano(res.body, `${campo}=${valor.slice(0, 20)}`);
        if (atajada(valor)) expect(textoDe(res.body)).toMatch(GUARDIA);
      }
    }
    const larga = await pedir(`q=${LARGO}%20250`);
    expect(larga.statusCode).toBe(400);
    expect(textoDe(larga.body)).toContain('Escribí sólo la calle y la altura');
    for (const malo of COORDENADAS_MALAS) {
      for (const [consulta, campo] of [
        [`lat=${malo}&lon=-71.6462`, 'Latitud'],
        ...(LATITUDES_SOLAMENTE.includes(malo) ? [] : [[`lat=-40.7621&lon=${malo}`, 'Longitud'] as const]),
      ] as const) {
        const res = await pedir(consulta);
        expect(res.statusCode, consulta.slice(0, 40)).toBe(400);
        enCastellano(res.body, consulta.slice(0, 40));
        expect(textoDe(res.body), consulta.slice(0, 40)).toContain(`${campo}: Escribí la ${campo.toLowerCase()} en grados`);
      }
    }
    // A decimal comma is a coordinate, as people write it here.
    expect(textoDe((await pedir('lat=-40,7612&lon=-71,6388')).body)).toContain('está en la zona');
    for (const zona of ZONAS_DESCONOCIDAS) {
      const res = await pedir(`zona=${zona}`);
      expect(res.statusCode, zona.slice(0, 20)).toBe(404);
      enCastellano(res.body, zona.slice(0, 20));
      expect(textoDe(res.body)).toContain('No encontramos esa zona de recolección');
    }
  });

  it('/mi-calle/avisos: UTF-8 roto y 5.000 caracteres en la consulta y en el formulario, coordenadas malas, zonas desconocidas: 4xx en castellano, nada guardado', async () => {
    const guardadas = async () => (await t.database.db.select({ n: count() }).from(suscripcionesRecoleccion))[0]!.n;
    const antes = await guardadas();
    for (const valor of CONSULTAS) {
      for (const query of [`zona=${valor}`, `zona=centro&lat=${valor}&lon=-71.6`, `zona=centro&lat=-40.76&lon=${valor}`]) {
        const res = await t.app.inject({ url: `/mi-calle/avisos?${query}` });
        expect([200, 400, 404], query.slice(0, 40)).toContain(res.statusCode);
        enCastellano(res.body, query.slice(0, 40));
      }
    }
    for (const zona of ZONAS_DESCONOCIDAS) {
      const res = await t.app.inject({ url: `/mi-calle/avisos?zona=${zona}` });
      expect(res.statusCode, zona.slice(0, 20)).toBe(404);
      expect(textoDe(res.body)).toContain('No encontramos esa zona');
    }
    // A point that is not one is dropped: no notice in the browser is offered for it.
    for (const malo of COORDENADAS_MALAS) {
      const res = await t.app.inject({ url: `/mi-calle/avisos?zona=centro&lat=${malo}&lon=-71.6462` });
      expect(res.statusCode, malo.slice(0, 20)).toBe(200);
      expect(res.body, malo.slice(0, 20)).not.toContain('name="cercania"');
    }
    const centro = (await getZona(t.database.db, 'centro'))!;
    const humedos = String(centro.servicios[0]!.id);
    let ip = 1;
    const suscribir = (cuerpo: string) =>
      t.app.inject({
        method: 'POST',
        url: '/mi-calle/avisos?zona=centro',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        payload: cuerpo,
        remoteAddress: `198.19.0.${ip++}`,
      });
    const base = `zona=centro&servicios=${humedos}&recordatorio=on`;
    for (const valor of ['%00', '%C3%28', '%FF%FE', '%E2%82']) {
      for (const cuerpo of [
        `${base}&email=vecina${valor}%40correo.test`,
        `zona=centro${valor}&servicios=${humedos}&recordatorio=on&email=vecina%40correo.test`,
        `zona=centro&servicios=${humedos}${valor}&recordatorio=on&email=vecina%40correo.test`,
        `${base}&email=vecina%40correo.test&lat=-40.76${valor}&lon=-71.64`,
        `${base}&email=vecina%40correo.test&radio${valor}=300`,
      ]) {
        const res = await suscribir(cuerpo);
        expect(res.statusCode, cuerpo).toBe(400);
        enCastellano(res.body, cuerpo);
        expect(textoDe(res.body), cuerpo).toMatch(GUARDIA);
      }
    }
    const casos: [string, string][] = [
      [`${base}&email=${LARGO}%40correo.test`, 'El email puede tener hasta 254 caracteres.'],
      [`zona=${LARGO}&servicios=${humedos}&recordatorio=on&email=vecina%40correo.test`, 'Elegí tu zona.'],
      [`zona=no-existe&servicios=${humedos}&recordatorio=on&email=vecina%40correo.test`, 'Esa zona no existe: elegila de la lista.'],
      [`zona=centro&servicios=${'9'.repeat(500)}&recordatorio=on&email=vecina%40correo.test`, 'Elegí al menos un servicio.'],
      [`zona=centro&servicios=1e3&recordatorio=on&email=vecina%40correo.test`, 'Elegí servicios de la lista de tu zona.'],
      [`${base}&email=vecina%40correo.test&radio=1e3`, 'La distancia va en metros, entre 50 y 2000.'],
      [`${base}&email=vecina%40correo.test&radio=${'9'.repeat(400)}`, 'La distancia va en metros, entre 50 y 2000.'],
      [`${base}&email=vecina%40correo.test&push=${'x'.repeat(3000)}`, 'Tu navegador no nos dio una suscripción válida'],
      ...COORDENADAS_MALAS.filter((m) => m.trim() !== '').flatMap((malo): [string, string][] => [
        [`${base}&email=vecina%40correo.test&lat=${malo}&lon=-71.64`, 'El punto del mapa no es válido'],
        ...(LATITUDES_SOLAMENTE.includes(malo)
          ? []
          : [[`${base}&email=vecina%40correo.test&lat=-40.76&lon=${malo}`, 'El punto del mapa no es válido'] as [string, string]]),
      ]),
    ];
    for (const [cuerpo, mensaje] of casos) {
      const res = await suscribir(cuerpo);
      expect(res.statusCode, cuerpo.slice(0, 80)).toBe(400);
      enCastellano(res.body, cuerpo.slice(0, 80));
      expect(textoDe(res.body), cuerpo.slice(0, 80)).toContain(mensaje);
      // What was typed comes back (cut to what the form keeps).
      if (cuerpo.includes('vecina%40correo.test')) expect(res.body, cuerpo.slice(0, 80)).toContain('value="vecina@correo.test"');
    }
    expect(await guardadas()).toBe(antes);
    // The links' pages with a hostile secret: the guard's 400, or the page saying the link is not valid.
    for (const pagina of ['confirmar', 'gestion', 'baja']) {
      for (const token of CONSULTAS) {
        const res = await t.app.inject({ url: `/mi-calle/avisos/${pagina}?token=${token}` });
        expect(res.statusCode, `${pagina} ${token.slice(0, 20)}`).toBeLessThan(500);
        enCastellano(res.body, `${pagina} ${token.slice(0, 20)}`);
      }
      const post = await t.app.inject({
        method: 'POST',
        url: `/mi-calle/avisos/${pagina}?token=${LARGO}`,
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        payload: `token=${LARGO}`,
      });
      expect(post.statusCode, pagina).toBeLessThan(500);
    }
  });

  it('/recoleccion: el mes, los .ics y el GeoJSON con UTF-8 roto, zonas y servicios desconocidos: 4xx en castellano, nunca 5xx', async () => {
    for (const valor of CONSULTAS) {
      for (const url of [`/recoleccion/centro?mes=${valor}`, `/recoleccion/centro.ics?x=${valor}`, `/recoleccion/zonas.geojson?x=${valor}`]) {
        const res = await t.app.inject({ url, headers: { accept: 'text/html' } });
        expect(res.statusCode, url.slice(0, 50)).toBeLessThan(500);
        if (atajada(valor)) expect([res.statusCode, textoDe(res.body)], url.slice(0, 50)).toEqual([400, expect.stringMatching(GUARDIA)]);
        if (res.statusCode >= 400) errorEnCastellano(res, url.slice(0, 50));
      }
    }
    for (const zona of ZONAS_DESCONOCIDAS) {
      for (const url of [`/recoleccion/${zona}`, `/recoleccion/${zona}.ics`, `/recoleccion/centro/${zona}.ics`, `/recoleccion/${zona}/humedos.ics`]) {
        for (const accept of ['text/html', 'text/calendar']) {
          const res = await t.app.inject({ url, headers: { accept } });
          expect([400, 404], `${url.slice(0, 50)} ${accept}`).toContain(res.statusCode);
          errorEnCastellano(res, `${url.slice(0, 50)} ${accept}`);
        }
      }
    }
    // The zones as they are: nothing of the hostile requests changed them.
    expect((await t.database.db.select({ n: count() }).from(zonasRecoleccion))[0]!.n).toBe(4);
  });

  it('el panel de Mi calle: UTF-8 roto y 5.000 caracteres en filtros, direcciones y formularios: 4xx en castellano, nada guardado', async () => {
    const zonas = async () => (await t.database.db.select({ n: count() }).from(zonasRecoleccion))[0]!.n;
    const antes = await zonas();
    for (const valor of CONSULTAS) {
      for (const url of [
        `/admin/recoleccion?q=${valor}`,
        `/admin/recoleccion/zonas/${valor}`,
        `/admin/recoleccion/zonas/centro?paso=${valor}`,
        `/admin/recoleccion/zonas/centro?borrar-cambio=${valor}`,
        `/admin/recoleccion/zonas/centro/servicios/${valor}`,
        `/admin/recoleccion/calles?pagina=${valor}`,
        `/admin/recoleccion/cobertura?fecha=${valor}&zona=${valor}`,
      ]) {
        const res = await ver(t, url, editor);
        // Two 5,000-character values make an address past the server's 10,000: its 414.
        expect([200, 400, 404, 414], url.slice(0, 60)).toContain(res.statusCode);
        // Without an Accept header, an address the server cannot read is answered in JSON: Spanish all the same.
        errorEnCastellano(res, url.slice(0, 60));
      }
    }
    for (const valor of ['%00', '%C3%28', '%FF']) {
      const res = await enviar(t, '/admin/recoleccion', editor, `intent=crear&nombre=Zona${valor}&descripcion=&geometria=`);
      expect(res.statusCode, valor).toBe(400);
      expect(textoDe(res.body)).toMatch(GUARDIA);
    }
    for (const cuerpo of [`intent=crear&nombre=${LARGO}&descripcion=&geometria=`, `intent=crear&nombre=Zona&descripcion=${LARGO}${LARGO}&geometria=${LARGO}`]) {
      const res = await enviar(t, '/admin/recoleccion', editor, cuerpo);
      expect(res.statusCode, cuerpo.slice(0, 40)).toBe(400);
      enCastellano(res.body, cuerpo.slice(0, 40));
    }
    expect(await zonas()).toBe(antes);
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

describe('la búsqueda sin base y formularios nuevos enviados despacio', () => {
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

  it('el formulario de avisos de Mi calle enviado de a un byte, y una consulta cuyo pedido llega de a un byte: 408 en castellano', async () => {
    const cuerpo = 'zona=centro&servicios=1&recordatorio=on&email=vecina%40correo.test';
    const cabeza = `POST /mi-calle/avisos HTTP/1.1\r\nHost: localhost\r\nContent-Type: application/x-www-form-urlencoded\r\nContent-Length: ${cuerpo.length}\r\n\r\n`;
    const pedidos = [[cabeza, ...cuerpo.split('')], 'GET /mi-calle?q=Av.%20Arrayanes%20250 HTTP/1.1\r\nHost: localhost\r\nAccept: text/html\r\n\r\n'.split('')];
    // One byte every 300 ms: either would take more than 20 s. Both at once, as a slow attack would.
    const respuestas = await Promise.all(pedidos.map((trozos) => slowClient(port, trozos, 300)));
    for (const { answer, ms } of respuestas) {
      expect(statusOf(answer), answer.slice(0, 200)).toBe(408);
      expect(bodyOf(answer)).toContain('tardó demasiado');
      expect(ms).toBeLessThan(5_000);
    }
    // Meanwhile the site answers everyone else.
    expect((await t.app.inject({ url: '/mi-calle?zona=centro' })).statusCode).toBe(200);
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

// Mi calle with the database gone (its connections closed, as when the server stops answering):
// every page, file and form answers a Spanish 503 with Retry-After, never a 500 nor a stack trace.
describe.each(engines)('Mi calle sin base de datos (%s)', (engine) => {
  let t: TestApp;
  let editor: string;
  beforeAll(async () => {
    t = await createTestApp(engine);
    editor = await ingresar(t, EDITOR);
    await t.database.close();
  });
  afterAll(async () => {
    await t?.app.close();
    t?.storage.remove();
  });

  it('las páginas, los calendarios, el GeoJSON, el formulario de avisos y el panel responden 503 en castellano', async () => {
    const pedidos: { url: string; method?: 'GET' | 'POST'; payload?: string; sesion?: string; accept?: string }[] = [
      { url: '/mi-calle?q=Av.%20Arrayanes%20250' },
      { url: '/mi-calle?lat=-40.7612&lon=-71.6388' },
      { url: '/mi-calle?zona=centro' },
      { url: '/mi-calle' },
      { url: '/mi-calle/avisos?zona=centro&lat=-40.7612&lon=-71.6388' },
      { url: '/mi-calle/avisos', method: 'POST', payload: 'zona=centro&servicios=1&recordatorio=on&email=vecina%40correo.test' },
      { url: '/mi-calle/avisos/gestion?token=mc_abcdefghijklmnopqrstuvwxyz' },
      { url: '/recoleccion/centro?mes=2026-12' },
      { url: '/recoleccion/centro.ics', accept: 'text/calendar' },
      { url: '/recoleccion/centro/humedos.ics', accept: 'text/calendar' },
      { url: '/recoleccion/zonas.geojson', accept: 'application/geo+json' },
      { url: '/admin/recoleccion', sesion: editor },
      { url: '/admin/recoleccion/zonas/centro', sesion: editor },
      { url: '/admin/recoleccion/cobertura', sesion: editor },
      { url: '/admin/recoleccion/calles', sesion: editor },
    ];
    const fallas: string[] = [];
    for (const { url, method = 'GET', payload, sesion, accept = 'text/html' } of pedidos) {
      const res = await t.app.inject({
        method,
        url,
        payload,
        headers: {
          accept,
          ...(payload ? { 'content-type': 'application/x-www-form-urlencoded', origin: TEST_SITE_URL } : {}),
          ...(sesion ? { cookie: `__Host-vla_sesion=${sesion}` } : {}),
        },
      });
      const donde = `${method} ${url}`;
      const texto = /html/.test(String(res.headers['content-type'])) ? textoDe(res.body) : res.body;
      if (res.statusCode !== 503) fallas.push(`${donde}: ${res.statusCode} ${texto.slice(0, 200)}`);
      else if (res.headers['retry-after'] === undefined) fallas.push(`${donde}: sin Retry-After`);
      else if (!/no está disponible|No pudimos/.test(texto))
        fallas.push(`${donde}: no dice en castellano que el servicio no está disponible: ${texto.slice(0, 300)}`);
      else if (/Failed query|PGlite|pool|ECONNREFUSED|Unexpected Server Error|Internal Server Error|Código del error: 500| {4}at /.test(res.body))
        fallas.push(`${donde}: muestra un error interno o un 500: ${res.body.slice(0, 300)}`);
      else if (/html/.test(String(res.headers['content-type']))) {
        if (!res.body.includes('lang="es-AR"')) fallas.push(`${donde}: la página no es del sitio`);
      }
    }
    expect(fallas, fallas.join('\n')).toEqual([]);
  });
});
