import { randomBytes } from 'node:crypto';
import { parse } from 'csv-parse/sync';
import { type SQL, sql } from 'drizzle-orm';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PAGINAS_PUBLICAS } from '#server/feeds.ts';
import { solicitudValida } from '#tests/factories/decretos.ts';
import { TEST_SITE_URL, type TestApp, createTestApp, loadBuiltApp } from '#tests/setup/app.ts';
import { engines } from '#tests/setup/database.ts';

/**
 * Absolute links never come from the request. Whatever Host, X-Forwarded-Host,
 * X-Forwarded-Proto or Forwarded a client sends, with or without TRUST_PROXY, every absolute link
 * to the site starts with SITE_URL and the chosen host appears nowhere: not in the sitemap, feeds,
 * robots.txt, exports, the API description, the pages, or the mails the outbox will send.
 */
const MALO = 'evil.example';
const DATA_KEY = randomBytes(32).toString('hex');
const FORM = { 'content-type': 'application/x-www-form-urlencoded' };
const form = (campos: Record<string, unknown>) => new URLSearchParams(Object.entries(campos).map(([k, v]) => [k, String(v)])).toString();

/** Hosts a link must never point at: the one the client named, or the server's own listening address. */
const PROHIBIDOS = new Set([MALO, 'localhost', '127.0.0.1', '0.0.0.0', '[::1]']);

/** Every absolute address in a text: http(s) URLs, and protocol-relative ones in attributes. */
function absolutas(texto: string): string[] {
  const urls = [...texto.matchAll(/https?:\/\/[^\s"'<>(),\\]+/gi)].map((m) => m[0]);
  const relativas = [...texto.matchAll(/(?:href|src|action|content)="(\/\/[^"]+)"/gi)].map((m) => `https:${m[1]}`);
  return [...urls, ...relativas];
}

/** No trace of the chosen host; no absolute address to a forbidden host; links to our host start with SITE_URL. */
function sinHostAjeno(texto: string, donde: string): void {
  expect(texto.toLowerCase().includes(MALO), `${donde} menciona ${MALO}`).toBe(false);
  const propio = new URL(TEST_SITE_URL).host;
  for (const url of absolutas(texto)) {
    const host = (/^https?:\/\/([^/?#]*)/i.exec(url)?.[1] ?? '').toLowerCase();
    expect(PROHIBIDOS.has(host.replace(/:\d+$/, '')), `${donde}: ${url}`).toBe(false);
    if (host === propio) expect(url.startsWith(`${TEST_SITE_URL}/`) || url === TEST_SITE_URL, `${donde}: ${url}`).toBe(true);
  }
}

describe.each(engines)('enlaces absolutos sólo desde SITE_URL (%s)', (engine) => {
  let t: TestApp;
  /** The same site and database behind a proxy (TRUST_PROXY=1): forwarded headers are read for the client address only. */
  let conProxy: FastifyInstance;

  beforeAll(async () => {
    t = await createTestApp(engine, { env: { DATA_KEY, SOLICITUDES_POR_IP: '10000' } });
    const mod = await loadBuiltApp();
    const config = mod.loadConfig({
      NODE_ENV: 'production',
      SITE_URL: TEST_SITE_URL,
      DATA_KEY,
      LOG_LEVEL: 'silent',
      TRUST_PROXY: '1',
      SOLICITUDES_POR_IP: '10000',
    });
    conProxy = await mod.buildApp({ config, database: t.database, storage: t.storage, logger: false });
    await conProxy.ready();
    // Demo content (about 300 ordinances with their PDFs) takes a while on a busy machine.
  }, 180_000);
  afterAll(async () => {
    await conProxy?.close();
    await t?.close();
  });

  /** Each way a client can name a host, on the app that would read it. */
  const variantes = () =>
    [
      { nombre: `Host: ${MALO}`, app: t.app, headers: { host: MALO } },
      {
        nombre: `Host: ${MALO}:8443 y X-Forwarded-* sin TRUST_PROXY`,
        app: t.app,
        headers: { host: `${MALO}:8443`, 'x-forwarded-host': MALO, 'x-forwarded-proto': 'http' },
      },
      {
        nombre: 'X-Forwarded-Host y X-Forwarded-Proto con TRUST_PROXY=1',
        app: conProxy,
        headers: {
          host: MALO,
          'x-forwarded-host': MALO,
          'x-forwarded-proto': 'http',
          'x-forwarded-port': '8080',
          'x-forwarded-for': '203.0.113.5',
          forwarded: `for=203.0.113.5;host=${MALO};proto=http`,
        },
      },
    ] as const;

  /** The same GET in every variant, each answer labelled with the variant. */
  async function pedir(url: string, extra: Record<string, string> = {}) {
    const respuestas = [];
    for (const v of variantes()) {
      const res = await v.app.inject({ url, headers: { ...v.headers, ...extra }, remoteAddress: '10.0.0.1' });
      respuestas.push({ donde: `${url} (${v.nombre})`, statusCode: res.statusCode, headers: res.headers, body: res.body });
    }
    return respuestas;
  }

  it('sitemap.xml y robots.txt', async () => {
    for (const res of await pedir('/sitemap.xml')) {
      expect(res.statusCode, res.donde).toBe(200);
      sinHostAjeno(res.body, res.donde);
      const locs = [...res.body.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => m[1]!);
      expect(locs.length).toBeGreaterThan(PAGINAS_PUBLICAS.length);
      for (const loc of locs) expect(loc.startsWith(`${TEST_SITE_URL}/`), `${res.donde}: ${loc}`).toBe(true);
    }
    for (const res of await pedir('/robots.txt')) {
      sinHostAjeno(res.body, res.donde);
      expect(res.body).toContain(`\nSitemap: ${TEST_SITE_URL}/sitemap.xml\n`);
    }
  });

  it('cada feed Atom: id, enlaces y entradas', async () => {
    for (const feed of ['/feeds/boletines.xml', '/feeds/ordenanzas.xml']) {
      for (const res of await pedir(feed)) {
        expect(res.statusCode, res.donde).toBe(200);
        sinHostAjeno(res.body, res.donde);
        const ids = [...res.body.matchAll(/<id>([^<]+)<\/id>/g)].map((m) => m[1]!);
        const hrefs = [...res.body.matchAll(/<link[^>]*href="([^"]+)"/g)].map((m) => m[1]!);
        expect(ids.length, res.donde).toBeGreaterThan(1);
        expect(hrefs.length, res.donde).toBeGreaterThan(1);
        for (const url of [...ids, ...hrefs]) expect(url.startsWith(`${TEST_SITE_URL}/`), `${res.donde}: ${url}`).toBe(true);
      }
    }
  });

  it('las exportaciones CSV: cada documento con la dirección de SITE_URL', async () => {
    const exportaciones = [
      ['/api/v1/ordenanzas?formato=csv', 'DocumentoURL'],
      ['/api/v1/boletines-oficiales?formato=csv', 'documentoURL'],
      ['/api/v1/observatorio-vial/movimiento-terminal?formato=csv', 'documentoURL'],
      ['/api/v1/observatorio-vial/informes-estadisticos?formato=csv', 'documentoURL'],
      ['/api/v1/estados-contables?formato=csv', 'documentoURL'],
      ['/api/v1/sueldos?formato=csv', 'documentoURL'],
    ] as const;
    for (const [url, columna] of exportaciones) {
      for (const accept of [{}, { accept: 'text/csv' }] as Record<string, string>[]) {
        const ruta = accept.accept ? url.replace(/[?&]formato=csv/, '') : url;
        for (const res of await pedir(ruta, accept)) {
          expect(res.statusCode, res.donde).toBe(200);
          expect(res.headers['content-type'], res.donde).toMatch(/^text\/csv/);
          sinHostAjeno(res.body, res.donde);
          const filas = parse(res.body, { bom: true, columns: true }) as Record<string, string>[];
          const enlaces = filas.map((f) => f[columna]!).filter(Boolean);
          expect(enlaces.length, res.donde).toBeGreaterThan(0);
          for (const enlace of enlaces) expect(enlace, res.donde).toMatch(new RegExp(`^${TEST_SITE_URL.replaceAll('.', '\\.')}/api/v1/documentos/\\d+$`));
        }
      }
    }
    // The other lists export too; none carries the chosen host.
    for (const url of ['/api/v1/areas?formato=csv', '/api/v1/plan-estrategico?formato=csv', '/api/v1/boletin-vigente/ordenanzas?formato=csv']) {
      for (const res of await pedir(url)) sinHostAjeno(res.body, res.donde);
    }
  });

  it('la API: /api/docs declara SITE_URL como servidor; ninguna respuesta JSON nombra el host recibido', async () => {
    for (const res of await pedir('/api/docs')) {
      expect(res.statusCode, res.donde).toBe(200);
      sinHostAjeno(res.body, res.donde);
      expect((JSON.parse(res.body) as { servers: { url: string }[] }).servers).toEqual([{ url: TEST_SITE_URL }]);
    }
    const { items } = (await t.app.inject({ url: '/api/v1/ordenanzas?porPagina=1' })).json() as { items: { ID: number }[] };
    const urls = [
      '/api/v1/ordenanzas',
      `/api/v1/ordenanzas/${items[0]!.ID}`,
      '/api/v1/boletines-oficiales',
      '/api/v1/boletin-vigente',
      '/api/v1/estados-contables',
      '/api/v1/sueldos',
      '/api/v1/observatorio-vial',
      '/api/v1/plan-estrategico',
      '/Ordenanzas/?palabra=agua',
      '/api/v1/no-existe',
    ];
    for (const url of urls) for (const res of await pedir(url)) sinHostAjeno(res.body, res.donde);
  });

  it('las páginas: enlace canónico con SITE_URL y ningún enlace absoluto al host recibido', async () => {
    const { items } = (await t.app.inject({ url: '/api/v1/ordenanzas?porPagina=1' })).json() as { items: { Numero: number; Anio: number }[] };
    const ficha = `/consulta-ordenanzas/${items[0]!.Anio}/${items[0]!.Numero}`;
    for (const res of await pedir(ficha)) {
      expect(res.statusCode, res.donde).toBe(200);
      sinHostAjeno(res.body, res.donde);
      expect(res.body, res.donde).toContain(`<link rel="canonical" href="${TEST_SITE_URL}${ficha}"/>`);
    }
    for (const pagina of [...PAGINAS_PUBLICAS, '/home', '/login', '/consulta-ordenanzas?pattern=agua', '/no-existe']) {
      for (const res of await pedir(pagina)) {
        expect(res.statusCode, res.donde).toBeLessThan(500);
        sinHostAjeno(res.body, res.donde);
        for (const [nombre, valor] of Object.entries(res.headers)) sinHostAjeno(String(valor), `${res.donde}, cabecera ${nombre}`);
      }
    }
  });

  /** The rows the outbox holds (its mails' text and headers, decrypted), as JSON text. */
  async function outboxDesde(id: number): Promise<{ id: number; fila: string }[]> {
    return (await correosGuardados(t, sql`where id > ${id}`)).map((fila) => ({ id: fila.id, fila: JSON.stringify(fila) }));
  }
  async function ultimoId(): Promise<number> {
    const resultado = (await t.database.db.execute(sql`select coalesce(max(id), 0)::int as n from outbox`)) as unknown as { rows: { n: number | string }[] };
    return Number(resultado.rows[0]!.n);
  }

  it('los correos de una solicitud de decreto (formulario y API) enlazan el estado con SITE_URL', async () => {
    const envios: { nombre: string; enviar: () => Promise<LightMyRequestResponse> }[] = [];
    for (const v of variantes()) {
      envios.push({
        nombre: `formulario, ${v.nombre}`,
        enviar: () =>
          v.app.inject({
            method: 'POST',
            url: '/solicitud-decretos',
            headers: { ...v.headers, ...FORM },
            payload: form(solicitudValida()),
            remoteAddress: '10.0.0.1',
          }),
      });
      envios.push({
        nombre: `API, ${v.nombre}`,
        enviar: () =>
          v.app.inject({ method: 'POST', url: '/api/v1/solicitudes-decreto', headers: v.headers, payload: solicitudValida(), remoteAddress: '10.0.0.1' }),
      });
    }
    // Every status link, its code replaced: the page and the API must write the very same one.
    const enlaces = new Set<string>();
    for (const envio of envios) {
      const desde = await ultimoId();
      const res = await envio.enviar();
      expect(res.statusCode, `${envio.nombre}: ${res.body.slice(0, 200)}`).toBeLessThan(400);
      sinHostAjeno(res.body, envio.nombre);
      const filas = await outboxDesde(desde);
      // The acknowledgement to the citizen and the notice to the desk.
      expect(filas, envio.nombre).toHaveLength(2);
      for (const { fila } of filas) {
        sinHostAjeno(fila, `outbox, ${envio.nombre}`);
        expect(fila, envio.nombre).toMatch(
          new RegExp(
            `${TEST_SITE_URL.replaceAll('.', '\\.')}/solicitud-decretos/estado\\?codigo=SD-\\d{4}-[2-9A-HJ-NP-Z]{3}-[2-9A-HJ-NP-Z]{3}-[2-9A-HJ-NP-Z]{3}`,
          ),
        );
        for (const [enlace] of fila.matchAll(/https?:\/\/[^\s"\\]+\/solicitud-decretos\/estado\?codigo=SD-[0-9A-Z-]+/g))
          enlaces.add(enlace.replace(/codigo=.*/, 'codigo=CODIGO'));
      }
    }
    expect([...enlaces]).toEqual([`${TEST_SITE_URL}/solicitud-decretos/estado?codigo=CODIGO`]);
  });

  it('un formulario enviado desde otro sitio recibe 403 en castellano; desde SITE_URL o desde el Host al que se conectó el navegador, se acepta', async () => {
    const enviar = (headers: Record<string, string>) =>
      t.app.inject({
        method: 'POST',
        url: '/solicitud-decretos',
        headers: { ...FORM, ...headers },
        payload: form(solicitudValida()),
        remoteAddress: '10.0.0.2',
      });
    for (const origin of [`https://${MALO}`, 'null', 'no-es-una-direccion', `${TEST_SITE_URL}.${MALO}`]) {
      const res = await enviar({ origin });
      expect(res.statusCode, origin).toBe(403);
      expect(res.body, origin).toContain('sólo se puede enviar desde las páginas del sitio');
    }
    // Host is the one the browser connected to, so a foreign Origin matching it is still foreign.
    expect((await enviar({ host: 'sitio.prueba.villalaangostura.gob.ar', origin: `https://${MALO}` })).statusCode).toBe(403);
    expect((await enviar({ origin: TEST_SITE_URL })).statusCode).toBe(200);
    // `npm start` on 127.0.0.1 while SITE_URL defaults to http://localhost:PORT.
    expect((await enviar({ host: '127.0.0.1:3000', origin: 'http://127.0.0.1:3000' })).statusCode).toBe(200);
  });
});

/** The outbox's rows with recipient, reply-to and body opened with the app's key. */
async function correosGuardados(t: TestApp, donde: SQL): Promise<(Record<string, unknown> & { id: number })[]> {
  const resultado = (await t.database.db.execute(sql`select * from outbox ${donde} order by id`)) as unknown as { rows: Record<string, unknown>[] };
  const abrir = (valor: unknown) => (typeof valor === 'string' ? t.context.cipher.open(valor) : valor);
  return resultado.rows.map((fila) => ({
    ...fila,
    id: Number(fila.id),
    destinatario: abrir(fila.destinatario),
    responder_a: abrir(fila.responder_a),
    texto: abrir(fila.texto),
  }));
}

describe('sin SITE_URL, fuera de producción: la dirección en que escucha, nunca el Host recibido', () => {
  let t: TestApp;
  const LOCAL = 'http://localhost:3000';
  beforeAll(async () => {
    t = await createTestApp('pglite', { seed: false, env: { NODE_ENV: 'test', SITE_URL: '', PORT: '3000', SOLICITUDES_POR_IP: '10000' } });
  });
  afterAll(() => t?.close());

  it('sitemap, robots.txt, feeds, /api/docs y los correos usan http://localhost:3000', async () => {
    const headers = { host: MALO, 'x-forwarded-host': MALO, 'x-forwarded-proto': 'https' };
    const get = async (url: string) => {
      const res = await t.app.inject({ url, headers });
      expect(res.statusCode, url).toBe(200);
      expect(res.body.includes(MALO), url).toBe(false);
      return res.body;
    };
    const locs = [...(await get('/sitemap.xml')).matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => m[1]!);
    expect(locs).toContain(`${LOCAL}/consulta-ordenanzas`);
    for (const loc of locs) expect(loc.startsWith(`${LOCAL}/`), loc).toBe(true);
    expect(await get('/robots.txt')).toContain(`Sitemap: ${LOCAL}/sitemap.xml`);
    expect(await get('/feeds/ordenanzas.xml')).toContain(`<id>${LOCAL}/consulta-ordenanzas</id>`);
    expect(JSON.parse(await get('/api/docs'))).toMatchObject({ servers: [{ url: LOCAL }] });

    const res = await t.app.inject({ method: 'POST', url: '/api/v1/solicitudes-decreto', headers, payload: solicitudValida() });
    expect(res.statusCode).toBe(201);
    const { codigo } = res.json() as { codigo: string };
    const rows = (await correosGuardados(t, sql``)).map((fila) => ({ fila: JSON.stringify(fila) }));
    expect(rows).toHaveLength(2);
    for (const { fila } of rows) {
      expect(fila.includes(MALO)).toBe(false);
      expect(fila).toContain(`${LOCAL}/solicitud-decretos/estado?codigo=${codigo}`);
    }
  });
});
