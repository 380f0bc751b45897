import { Ajv2020 } from 'ajv/dist/2020.js';
import type { InjectOptions, LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { categoriasReclamo, clavesOpen311, reclamos } from '#db/schema/index.ts';
import { retirarContenido } from '#domain/sitio/retirados.ts';
import { createTokenApi } from '#domain/usuarios/tokens-api.ts';
import { hashToken } from '#domain/usuarios/tokens.ts';
import { solicitudValida } from '#tests/factories/decretos.ts';
import { insertarUsuario } from '#tests/factories/usuarios.ts';
import { TEST_SITE_URL, type TestApp, createTestApp } from '#tests/setup/app.ts';
import { engines } from '#tests/setup/database.ts';

type Esquema = Record<string, unknown>;
type Operacion = {
  parameters?: { name: string; in: 'query' | 'path'; required?: boolean }[];
  requestBody?: unknown;
  responses: Record<string, { content?: Record<string, { schema?: Esquema }> }>;
};
type Documento = {
  openapi: string;
  servers: { url: string }[];
  paths: Record<string, Record<string, Operacion>>;
  components: { schemas: Record<string, Esquema> };
};

/**
 * Error responses the test does not provoke, and why. Every other documented (route, status) pair
 * with a JSON body is exercised below and its real body validated against the document.
 */
const NO_PROVOCADAS: Record<string, string> = {
  // Needs the database down mid-request: tests/http/decretos.test.ts covers the 503 itself.
  'POST /api/v1/solicitudes-decreto 503': 'base caída',
  // A failed batch or a full queue: tests/http/ingesta-lotes.test.ts covers the 503 itself.
  'GET /api/v1/posiciones 503': 'lote fallido',
  'POST /api/v1/posiciones 503': 'lote fallido',
  // Needs object storage down: tests/http/almacenamiento-s3.test.ts covers the 503 itself.
  'GET /api/v1/documentos/{id} 503': 'almacenamiento caído',
  // The demo always loads the Executive and the Observatory.
  'GET /api/v1/ejecutivo 404': 'sin datos',
  'GET /api/v1/observatorio-vial 404': 'sin datos',
  // Sixty reports of one key within the hour: tests/http/open311.test.ts covers the 429 itself.
  'POST /open311/v2/requests.{formato} 429': 'límite por clave',
  // Needs the database down: tests/http/reclamos-sin-base.test.ts covers each Open311 503 in the standard's form.
  'GET /open311/v2/services.{formato} 503': 'base caída',
  'GET /open311/v2/services/{service_code}.{formato} 503': 'base caída',
  'GET /open311/v2/requests.{formato} 503': 'base caída',
  'POST /open311/v2/requests.{formato} 503': 'base caída',
  'GET /open311/v2/requests/{service_request_id}.{formato} 503': 'base caída',
  'GET /open311/v2/tokens/{token}.{formato} 503': 'base caída',
};

let ipSiguiente = 1;
const ipNueva = () => `10.77.${Math.floor(ipSiguiente / 250)}.${(ipSiguiente++ % 250) + 1}`;

describe.each(engines)('el documento OpenAPI y las respuestas reales (%s)', (engine) => {
  let t: TestApp;
  let doc: Documento;
  const ajv = new Ajv2020({ strict: false, allErrors: true });

  beforeAll(async () => {
    // Low limits, so the 429s the document promises can be provoked with a few requests.
    t = await createTestApp(engine, { env: { SOLICITUDES_POR_IP: '2', CONSULTAS_ESTADO_POR_MINUTO: '4', MAX_STREAMS: '2', MAX_STREAMS_PER_IP: '1' } });
    doc = (await t.app.inject({ url: '/api/docs.json' })).json() as Documento;
  });
  afterAll(() => t?.close());

  /** Validates a real response against the document's schema for its route, status and type. */
  function validar(ruta: string, metodo: string, res: LightMyRequestResponse) {
    const donde = `${metodo.toUpperCase()} ${ruta} ${res.statusCode}`;
    const respuesta = doc.paths[ruta]![metodo]!.responses[String(res.statusCode)];
    // A live stream (payloadAsStream) has no body to quote.
    const cuerpo = String(res.headers['content-type']).startsWith('text/event-stream') ? '(stream)' : res.body.slice(0, 200);
    expect(respuesta, `${donde}: estado no documentado (${cuerpo})`).toBeDefined();
    const tipo = String(res.headers['content-type'] ?? '').split(';')[0]!;
    const contenido = respuesta!.content;
    if (!contenido) return;
    expect(Object.keys(contenido), `${donde}: tipo ${tipo}`).toContain(tipo);
    if (tipo !== 'application/json') return;
    const validate = ajv.compile({ ...contenido[tipo]!.schema, components: doc.components });
    expect(validate(res.json()) ? [] : validate.errors, donde).toEqual([]);
  }

  it('es OpenAPI 3.1, generado, con SITE_URL como servidor y un esquema de respuesta en cada operación', () => {
    expect(doc.openapi).toBe('3.1.0');
    expect(doc.servers).toEqual([{ url: TEST_SITE_URL }]);
    for (const [ruta, metodos] of Object.entries(doc.paths)) {
      expect(ruta).toMatch(/^\/(api\/v1|open311\/v2)\//);
      for (const [metodo, op] of Object.entries(metodos)) {
        const ok = Object.entries(op.responses).filter(([estado]) => estado.startsWith('2'));
        expect(ok.length, `${metodo} ${ruta}`).toBeGreaterThan(0);
        for (const [, r] of ok)
          expect(
            Object.values(r.content ?? {}).every((c) => c.schema),
            `${metodo} ${ruta}`,
          ).toBe(true);
        for (const nombre of ruta.match(/\{(\w+)\}/g) ?? []) {
          expect(
            op.parameters?.some((p) => p.in === 'path' && `{${p.name}}` === nombre && p.required),
            `${ruta} ${nombre}`,
          ).toBe(true);
        }
      }
    }
  });

  it('cada ruta /api/v1 que Fastify tiene está en el documento, y nada más', () => {
    const arbol = t.app.printRoutes({ commonPrefix: false, includeHooks: false });
    // The tree prints each node under its parent, four columns deeper; a node's path is the sum.
    const registradas = new Set<string>();
    const pila: string[] = [];
    for (const linea of arbol.split('\n')) {
      const m = /^((?:│ {3}| {4})*)[├└]── (.+?)(?: \(([^)]+)\))?$/.exec(linea);
      if (!m) continue;
      const nivel = m[1]!.length / 4;
      pila.length = nivel;
      pila.push(`${pila[nivel - 1] ?? ''}${m[2]}`);
      const ruta = pila[nivel]!.replace(/:(\w+)/g, '{$1}');
      if (!ruta.startsWith('/api/v1/') || !m[3]) continue;
      for (const metodo of m[3].split(', ')) if (metodo !== 'HEAD') registradas.add(`${metodo} ${ruta}`);
    }
    // Open311's routes (one handler per segment, by format) are compared in tests/http/open311.test.ts.
    const documentadas = new Set(
      Object.entries(doc.paths)
        .filter(([ruta]) => ruta.startsWith('/api/v1/'))
        .flatMap(([ruta, metodos]) => Object.keys(metodos).map((m) => `${m.toUpperCase()} ${ruta}`)),
    );
    expect(registradas.size).toBeGreaterThan(15);
    expect([...registradas].sort()).toEqual([...documentadas].sort());
  });

  it('la respuesta real de cada ruta, de éxito y de error, cumple su esquema del documento', async () => {
    const { items } = (await t.app.inject({ url: '/api/v1/ordenanzas?porPagina=50' })).json() as { items: { ID: number; DocumentoID: number | null }[] };
    const ordenanza = items.find((o) => o.DocumentoID !== null)!;
    const galeria = ((await t.app.inject({ url: '/api/v1/observatorio-vial' })).json() as { galeria: { nombre: string } }).galeria.nombre;
    const creada = await t.app.inject({ method: 'POST', url: '/api/v1/solicitudes-decreto', payload: solicitudValida(), remoteAddress: ipNueva() });
    const codigo = (creada.json() as { codigo: string }).codigo;
    // Routes for staff take a personal token (Aero-Token); every request here carries one.
    const persona = await insertarUsuario(t.database.db, { rol: 'editor' });
    const { token } = await createTokenApi(t.context, persona.actor, 'OpenAPI');

    // A category and a report for Open311's reads (docs/decisions/057-reclamos.md).
    const [categoria] = await t.database.db.insert(categoriasReclamo).values({ codigo: 'openapi-prueba', nombre: 'Prueba del documento' }).returning();
    const reclamo = 'RC-2026-PRB-OPN-API';
    const claveOpen311 = 'vla311_clave-del-documento';
    await t.database.db.insert(clavesOpen311).values({ nombre: 'Documento OpenAPI', claveHash: hashToken(claveOpen311) });
    await t.database.db
      .insert(reclamos)
      .values({ codigo: reclamo, categoriaId: categoria!.id, descripcion: 'Prueba', latitud: -40.76, longitud: -71.64, venceEl: '2026-12-31' });

    /** The happy request of each operation: path parameters from the demo data, required query parameters filled. */
    const valores: Record<string, string> = {
      id: String(ordenanza.ID),
      codigo,
      gallery: galeria,
      formato: 'json',
      service_code: 'openapi-prueba',
      service_request_id: reclamo,
      token: reclamo,
    };
    const vistos = new Set<string>();
    const pedir = async (ruta: string, metodo: string, opciones: Omit<InjectOptions, 'url' | 'method'> & { url?: string } = {}) => {
      const url =
        opciones.url ??
        ruta.replace(/\{(\w+)\}/g, (_, nombre: string) => (ruta.startsWith('/api/v1/documentos') ? String(ordenanza.DocumentoID) : valores[nombre]!));
      const res = await t.app.inject({
        remoteAddress: ipNueva(),
        ...opciones,
        headers: { 'aero-token': token, ...opciones.headers },
        method: metodo.toUpperCase() as 'GET',
        url,
      });
      validar(ruta, metodo, res);
      vistos.add(`${metodo.toUpperCase()} ${ruta} ${res.statusCode}`);
      return res;
    };

    // Operations whose happy request is not the generic one: a tracker's report of a demo vehicle
    // (the live stream is opened below, it never ends by itself).
    const ahora = () => Math.floor(Date.now() / 1000);
    const felices: Record<string, () => Omit<InjectOptions, 'method' | 'url'> & { url: string }> = {
      'GET /api/v1/posiciones': () => ({ url: `/api/v1/posiciones?id=vla-recolector-2&lat=-40.77&lon=-71.646&timestamp=${ahora() - 2}&speed=8` }),
      'POST /api/v1/posiciones': () => ({
        url: '/api/v1/posiciones',
        payload: { device_id: 'vla-recolector-2', location: { timestamp: new Date().toISOString(), coords: { latitude: -40.771, longitude: -71.646 } } },
      }),
    };
    felices['POST /open311/v2/requests.{formato}'] = () => ({
      url: '/open311/v2/requests.json',
      payload: {
        api_key: claveOpen311,
        service_code: 'openapi-prueba',
        lat: -40.7626,
        long: -71.6458,
        description: 'Un pozo grande frente a la escuela.',
        email: 'vecina@example.com',
      },
    });
    const streams: AbortController[] = [];
    const abrirStream = async (remoteAddress: string) => {
      const control = new AbortController();
      streams.push(control);
      return pedir('/api/v1/vehiculos/stream', 'get', { remoteAddress, payloadAsStream: true, signal: control.signal });
    };

    for (const [ruta, metodos] of Object.entries(doc.paths)) {
      for (const [metodo, op] of Object.entries(metodos)) {
        const feliz = felices[`${metodo.toUpperCase()} ${ruta}`];
        if (feliz) {
          const res = await pedir(ruta, metodo, feliz());
          expect(res.statusCode, `${metodo} ${ruta}: ${res.body}`).toBeLessThan(300);
          continue;
        }
        if (ruta === '/api/v1/vehiculos/stream') {
          expect((await abrirStream('10.78.0.1')).statusCode).toBe(200);
          continue;
        }
        const query = (op.parameters ?? []).filter((p) => p.in === 'query' && p.required).map((p) => `${p.name}=${encodeURIComponent(valores[p.name]!)}`);
        const url = ruta.replace(/\{(\w+)\}/g, (_, nombre: string) =>
          ruta.startsWith('/api/v1/documentos') ? String(ordenanza.DocumentoID) : valores[nombre]!,
        );
        const res = await pedir(ruta, metodo, {
          url: query.length ? `${url}?${query.join('&')}` : url,
          ...(op.requestBody ? { payload: solicitudValida({ dni: '30111222' }) } : {}),
        });
        expect(res.statusCode, `${metodo} ${ruta}`).toBeLessThan(300);
        // Where CSV is an alternative, it answers too.
        if (op.responses['200']?.content?.['text/csv']) {
          const csv = await pedir(ruta, metodo, { url: `${url}${query.length ? `?${query.join('&')}&` : '?'}formato=csv` });
          expect(csv.headers['content-type']).toBe('text/csv; charset=utf-8');
        }
      }
    }

    // The errors the document promises.
    await pedir('/api/v1/ordenanzas', 'get', { url: '/api/v1/ordenanzas?anio=dos-mil' });
    await pedir('/api/v1/ordenanzas/{id}', 'get', { url: '/api/v1/ordenanzas/999999999' });
    await pedir('/api/v1/documentos/{id}', 'get', { url: '/api/v1/documentos/0' });
    // A document staff withdrew: 410.
    await retirarContenido(t.database.db, { ruta: '/api/v1/documentos/999998', titulo: 'PDF de prueba', actor: null });
    await pedir('/api/v1/documentos/{id}', 'get', { url: '/api/v1/documentos/999998' });
    await pedir('/api/v1/observatorio-vial/galeria', 'get', { url: '/api/v1/observatorio-vial/galeria' });
    await pedir('/api/v1/solicitudes-decreto', 'post', { payload: { nombre: 5, dni: '12.34', email: 'no' } });
    await pedir('/api/v1/solicitudes-decreto', 'post', { payload: solicitudValida({ aclaraciones: 'x'.repeat(20_000) }) });
    await pedir('/api/v1/solicitudes-decreto/{codigo}', 'get', { url: '/api/v1/solicitudes-decreto/SD-2026-000999' });
    await pedir('/api/v1/sesion', 'get', { headers: { 'aero-token': 'vla_revocado-o-inexistente' } });
    const ip = ipNueva();
    for (let i = 0; i < 3; i++)
      await pedir('/api/v1/solicitudes-decreto', 'post', {
        payload: solicitudValida({ dni: `2000000${i}`, email: `limite${i}@example.com` }),
        remoteAddress: ip,
      });
    for (let i = 0; i < 5; i++) await pedir('/api/v1/solicitudes-decreto/{codigo}', 'get', { remoteAddress: ip });
    // The ingest's refusals: invalid data, an unknown device, a body too large, too many reports.
    await pedir('/api/v1/posiciones', 'get', { url: '/api/v1/posiciones?id=vla-recolector-2&lat=-95&lon=-71&timestamp=1' });
    await pedir('/api/v1/posiciones', 'post', { payload: { location: { coords: { latitude: -40.77, longitude: -71.646 } } } });
    await pedir('/api/v1/posiciones', 'get', { url: `/api/v1/posiciones?id=no-existe&lat=-40.77&lon=-71.646&timestamp=${ahora()}` });
    await pedir('/api/v1/posiciones', 'post', {
      payload: { device_id: 'no-existe', location: { timestamp: new Date().toISOString(), coords: { latitude: -40.7, longitude: -71.6 } } },
    });
    await pedir('/api/v1/posiciones', 'post', { payload: { device_id: 'x', relleno: 'x'.repeat(20_000) } });
    // One a second with a burst: within a hundred quick reports, some are refused (however slow the machine).
    for (const metodo of ['get', 'post'] as const) {
      let estado = 0;
      for (let i = 0; i < 100 && estado !== 429; i++) {
        const hora = ahora() - 200 + i;
        const res =
          metodo === 'get'
            ? await pedir('/api/v1/posiciones', 'get', { url: `/api/v1/posiciones?id=vla-pala-1&lat=-40.757&lon=-71.639&timestamp=${hora}` })
            : await pedir('/api/v1/posiciones', 'post', {
                payload: {
                  device_id: 'vla-pala-1',
                  location: { timestamp: new Date(hora * 1000 + 500).toISOString(), coords: { latitude: -40.757, longitude: -71.639 } },
                },
              });
        estado = res.statusCode;
      }
      expect(estado, `${metodo} /api/v1/posiciones`).toBe(429);
    }
    // The live stream's bounds: one per address, two in all (this test's settings), from three networks.
    await pedir('/api/v1/vehiculos/stream', 'get', { remoteAddress: '10.78.0.1' });
    expect((await abrirStream('10.79.0.2')).statusCode).toBe(200);
    await pedir('/api/v1/vehiculos/stream', 'get', { remoteAddress: '10.80.0.3' });
    for (const control of streams) control.abort();

    // Open311's errors, in its own form.
    for (const ruta of [
      'services.{formato}',
      'services/{service_code}.{formato}',
      'requests.{formato}',
      'requests/{service_request_id}.{formato}',
      'tokens/{token}.{formato}',
    ])
      await pedir(`/open311/v2/${ruta}`, 'get', {
        url: `/open311/v2/${ruta.replace(/\{(\w+)\}/g, (_, nombre: string) => (nombre === 'formato' ? 'html' : valores[nombre]!))}`,
      });
    await pedir('/open311/v2/requests.{formato}', 'get', { url: '/open311/v2/requests.json?page_size=1000' });
    await pedir('/open311/v2/services/{service_code}.{formato}', 'get', { url: '/open311/v2/services/no-existe.json' });
    await pedir('/open311/v2/requests/{service_request_id}.{formato}', 'get', { url: '/open311/v2/requests/RC-2026-NAD-AAA-AAA.json' });
    await pedir('/open311/v2/tokens/{token}.{formato}', 'get', { url: '/open311/v2/tokens/RC-2026-NAD-AAA-AAA.json' });
    await pedir('/open311/v2/requests.{formato}', 'post', { url: '/open311/v2/requests.json', payload: { service_code: 'openapi-prueba' } });
    await pedir('/open311/v2/requests.{formato}', 'post', {
      url: '/open311/v2/requests.json',
      payload: { api_key: claveOpen311, service_code: 'openapi-prueba' },
    });

    // Byte ranges and revalidation of a document.
    const doc200 = await pedir('/api/v1/documentos/{id}', 'get');
    await pedir('/api/v1/documentos/{id}', 'get', { headers: { range: 'bytes=0-9' } });
    await pedir('/api/v1/documentos/{id}', 'get', { headers: { 'if-none-match': String(doc200.headers.etag) } });
    await pedir('/api/v1/documentos/{id}', 'get', { headers: { range: 'bytes=999999999-' } });

    const documentadas = Object.entries(doc.paths).flatMap(([ruta, metodos]) =>
      Object.entries(metodos).flatMap(([metodo, op]) => Object.keys(op.responses).map((estado) => `${metodo.toUpperCase()} ${ruta} ${estado}`)),
    );
    const faltan = documentadas.filter((clave) => !vistos.has(clave) && !(clave in NO_PROVOCADAS));
    expect(faltan).toEqual([]);
  });

  it('ningún campo que el esquema no nombra sale en una respuesta', async () => {
    const res = await t.app.inject({ url: '/api/v1/boletines-oficiales' });
    const [boletin] = res.json() as { documento: Record<string, unknown> }[];
    // The domain's document reference carries size and type for the pages; the API names only the id.
    expect(Object.keys(boletin!.documento)).toEqual(['id']);
  });

  it('/api/docs: JSON para programas, una página para personas', async () => {
    const json = await t.app.inject({ url: '/api/docs', headers: { accept: 'application/json' } });
    expect(json.headers['content-type']).toMatch(/^application\/json/);
    expect(json.json()).toEqual(doc);
    expect((await t.app.inject({ url: '/api/docs' })).json()).toEqual(doc);
    const pagina = await t.app.inject({ url: '/api/docs', headers: { accept: 'text/html,application/xhtml+xml,*/*;q=0.8' } });
    expect(pagina.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(pagina.headers.vary).toMatch(/Accept/);
    expect(pagina.body).toContain('<script src="/api/docs/swagger-ui-bundle.js"');
    for (const archivo of ['/api/docs/swagger-ui-bundle.js', '/api/docs/swagger-ui.css', '/api/docs/iniciar.js']) {
      const res = await t.app.inject({ url: archivo });
      expect(res.statusCode, archivo).toBe(200);
      expect(res.body.length, archivo).toBeGreaterThan(100);
    }
  });
});
