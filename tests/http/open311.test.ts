// Open311 GeoReport v2 at /open311/v2 (docs/decisions/057-reclamos.md): the standard's contract for
// each endpoint in JSON and in XML (every field of its lists, with its type; XML read back with
// fast-xml-parser), hidden reports never listed nor found, the reporter never exposed, the filters
// and pages of GET requests, CORS and cache headers, and hostile parameters answered 400 or 404 in
// the standard's error form, never a 500. Categories and reports are inserted here through drizzle.
import { XMLParser } from 'fast-xml-parser';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import {
  areasMunicipales,
  categoriasReclamo,
  clavesOpen311,
  documentos,
  fotosReclamo,
  historialReclamos,
  organismosReclamo,
  reclamos,
} from '#db/schema/index.ts';
import { LIMITE_CLAVE_OPEN311, consumirLimiteClave } from '#domain/reclamos/open311-queries.ts';
import { hashToken } from '#domain/usuarios/tokens.ts';
import { type TestApp, TEST_SITE_URL, createTestApp } from '#tests/setup/app.ts';
import { engines } from '#tests/setup/database.ts';

const DIA_MS = 86_400_000;
const FECHA = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}-03:00$/;
const parser = new XMLParser({ parseTagValue: false, isArray: (nombre) => ['service', 'request', 'attribute', 'value', 'error'].includes(nombre) });

/** The standard's fields and their JSON types (GeoReport v2: GET services, GET service definition, GET service requests). */
const CAMPOS_SERVICIO = {
  service_code: 'string',
  service_name: 'string',
  description: 'string',
  metadata: 'boolean',
  type: 'string',
  keywords: 'string',
  group: 'string',
};
const CAMPOS_ATRIBUTO = {
  variable: 'boolean',
  code: 'string',
  datatype: 'string',
  required: 'boolean',
  datatype_description: 'string',
  order: 'number',
  description: 'string',
};
const CAMPOS_SOLICITUD = {
  service_request_id: 'string',
  status: 'string',
  status_notes: 'string',
  service_name: 'string',
  service_code: 'string',
  description: 'string',
  agency_responsible: 'string',
  service_notice: 'string',
  requested_datetime: 'string',
  updated_datetime: 'string',
  expected_datetime: 'string',
  address: 'string',
  address_id: 'string',
  zipcode: 'string',
  lat: 'number',
  long: 'number',
  media_url: 'string',
};

function cumple(objeto: Record<string, unknown>, campos: Record<string, string>) {
  for (const [campo, tipo] of Object.entries(campos)) expect(typeof objeto[campo], campo).toBe(tipo);
}
/** In XML every field is an element with text (or empty). */
function cumpleXml(objeto: Record<string, unknown>, campos: Record<string, string>) {
  for (const campo of Object.keys(campos)) expect(typeof objeto[campo], campo).toBe('string');
}

const codigo = (i: number) => `RC-2026-PRB-TST-${String.fromCharCode(65 + Math.floor(i / 26))}${String.fromCharCode(65 + (i % 26))}Z`;

describe.each(engines)('Open311 GeoReport v2 (%s)', (engine) => {
  let t: TestApp;
  const get = (url: string, headers: Record<string, string> = {}) => t.app.inject({ url: `/open311/v2/${url}`, headers });
  const ids = async (query: string) => ((await get(`requests.json?${query}`)).json() as { service_request_id: string }[]).map((s) => s.service_request_id);

  // RC-…-AAZ recibido with a photo (2 days old), ABZ derivado with an answer (3 days), ACZ resuelto
  // (10 days, luminaria), ADZ hidden, AEZ 120 days old, AFZ…: ten more luminaria reports for the pages.
  beforeAll(async () => {
    t = await createTestApp(engine);
    const db = t.database.db;
    const ahora = Date.now();
    const [area] = await db.insert(areasMunicipales).values({ nombre: 'Obras Públicas (prueba)' }).returning();
    const [organismo] = await db.insert(organismosReclamo).values({ nombre: 'Vialidad Nacional (prueba)', email: 'vialidad@example.com' }).returning();
    const [bache, luminaria] = await db
      .insert(categoriasReclamo)
      .values([
        {
          codigo: 'bache-prueba',
          nombre: 'Bache de prueba',
          descripcion: 'Pozos en la calzada.',
          grupo: 'Calles',
          aviso: 'Si hay peligro, llamá al 103.',
          areaId: area!.id,
          preguntas: [
            {
              codigo: 'tamano',
              etiqueta: '¿Qué tamaño tiene?',
              tipo: 'opcion',
              requerida: true,
              opciones: [
                { clave: 'chico', nombre: 'Chico' },
                { clave: 'grande', nombre: 'Grande' },
              ],
            },
            { codigo: 'peligro', etiqueta: '¿Es peligroso?', tipo: 'si_no', requerida: false },
          ],
        },
        { codigo: 'luminaria-prueba', nombre: 'Luminaria de prueba', grupo: 'Alumbrado' },
        { codigo: 'vieja-prueba', nombre: 'Categoría inactiva', activa: false },
      ])
      .returning();
    const base = (i: number, dias: number, extra: Partial<typeof reclamos.$inferInsert> = {}): typeof reclamos.$inferInsert => ({
      codigo: codigo(i),
      categoriaId: luminaria!.id,
      descripcion: `Reclamo ${i} <b>&</b>`,
      latitud: -40.76 - i / 1000,
      longitud: -71.64,
      direccion: `Av. Arrayanes ${100 + i}`,
      venceEl: '2026-12-31',
      // The reporter, as the commands store it: never part of an answer.
      email: t.context.cipher.encrypt(`vecina${i}@example.com`),
      nombre: t.context.cipher.encrypt('Ana Pérez'),
      createdAt: new Date(ahora - dias * DIA_MS),
      updatedAt: new Date(ahora - dias * DIA_MS + 3_600_000),
      ...extra,
    });
    const filas = await db
      .insert(reclamos)
      .values([
        base(0, 2, { categoriaId: bache!.id }),
        base(1, 3, { categoriaId: bache!.id, estado: 'derivado', organismoId: organismo!.id }),
        base(2, 10, { estado: 'resuelto' }),
        base(3, 1, { categoriaId: bache!.id, ocultoEn: new Date(), ocultoMotivo: 'Datos personales en la descripción' }),
        base(4, 120),
        ...Array.from({ length: 10 }, (_, k) => base(5 + k, 20 + k)),
      ])
      .returning({ id: reclamos.id });
    await db.insert(historialReclamos).values([
      {
        reclamoId: filas[1]!.id,
        estado: 'derivado',
        respuesta: 'Lo pasamos a Vialidad Nacional.',
        nota: 'Nota interna que nadie ve',
        fecha: new Date(ahora - DIA_MS),
      },
      { reclamoId: filas[1]!.id, estado: 'recibido', respuesta: 'Respuesta vieja', fecha: new Date(ahora - 2 * DIA_MS) },
    ]);
    const [foto] = await db
      .insert(documentos)
      .values({
        nombreArchivo: 'foto.webp',
        tipoContenido: 'image/webp',
        tamano: 10,
        sha256: '0'.repeat(64),
        clave: `open311-prueba-${engine}`,
        claveWeb: `open311-prueba-${engine}-web`,
      })
      .returning();
    await db.insert(fotosReclamo).values({ reclamoId: filas[0]!.id, orden: 1, documentoId: foto!.id });
  });
  afterAll(() => t?.close());

  it('services.json: las categorías activas con los campos del estándar, CORS y caché', async () => {
    const res = await get('services.json');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/json; charset=utf-8');
    expect(res.headers['access-control-allow-origin']).toBe('*');
    expect(res.headers['cache-control']).toBe('public, max-age=60');
    const servicios = res.json() as Record<string, unknown>[];
    const codigos = servicios.map((s) => s.service_code);
    expect(codigos).toEqual(expect.arrayContaining(['bache-prueba', 'luminaria-prueba']));
    expect(codigos).not.toContain('vieja-prueba');
    for (const s of servicios) {
      cumple(s, CAMPOS_SERVICIO);
      expect(['realtime', 'batch', 'blackbox']).toContain(s.type);
    }
    expect(servicios.find((s) => s.service_code === 'bache-prueba')).toMatchObject({ metadata: true, group: 'Calles', service_name: 'Bache de prueba' });
    expect(servicios.find((s) => s.service_code === 'luminaria-prueba')).toMatchObject({ metadata: false });
  });

  it('services.xml: services/service con los mismos datos', async () => {
    const res = await get('services.xml');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/xml; charset=utf-8');
    expect(res.body.startsWith('<?xml version="1.0" encoding="utf-8"?><services>')).toBe(true);
    const { services } = parser.parse(res.body) as { services: { service: Record<string, string>[] } };
    const bache = services.service.find((s) => s.service_code === 'bache-prueba')!;
    cumpleXml(bache, CAMPOS_SERVICIO);
    expect(bache).toMatchObject({ metadata: 'true', type: 'realtime', group: 'Calles' });
  });

  it('services/{code}: la definición con sus atributos, en JSON y XML; una inactiva o desconocida, 404', async () => {
    const res = await get('services/bache-prueba.json');
    expect(res.statusCode).toBe(200);
    const d = res.json() as { service_code: string; attributes: Record<string, unknown>[] };
    expect(d.service_code).toBe('bache-prueba');
    expect(d.attributes).toHaveLength(2);
    for (const a of d.attributes) {
      cumple(a, CAMPOS_ATRIBUTO);
      expect(['string', 'number', 'datetime', 'text', 'singlevaluelist', 'multivaluelist']).toContain(a.datatype);
    }
    expect(d.attributes[0]).toMatchObject({
      code: 'tamano',
      datatype: 'singlevaluelist',
      required: true,
      order: 1,
      values: [
        { key: 'chico', name: 'Chico' },
        { key: 'grande', name: 'Grande' },
      ],
    });
    expect(d.attributes[1]).toMatchObject({
      code: 'peligro',
      required: false,
      values: [
        { key: 'si', name: 'Sí' },
        { key: 'no', name: 'No' },
      ],
    });

    const xml = await get('services/bache-prueba.xml');
    expect(xml.statusCode).toBe(200);
    const leido = parser.parse(xml.body) as {
      service_definition: {
        service_code: string;
        attributes: { attribute: (Record<string, string> & { values: { value: { key: string; name: string }[] } })[] };
      };
    };
    expect(leido.service_definition.service_code).toBe('bache-prueba');
    const [tamano] = leido.service_definition.attributes.attribute;
    cumpleXml(tamano!, CAMPOS_ATRIBUTO);
    expect(tamano!.values.value).toEqual([
      { key: 'chico', name: 'Chico' },
      { key: 'grande', name: 'Grande' },
    ]);

    for (const url of ['services/vieja-prueba.json', 'services/no-existe.json']) {
      const r = await get(url);
      expect(r.statusCode, url).toBe(404);
      expect(r.json()).toEqual([{ code: 404, description: 'No hay un servicio con ese código: ver la lista en services.json.' }]);
    }
    const r = await get('services/no-existe.xml');
    expect(r.statusCode).toBe(404);
    expect(parser.parse(r.body)).toEqual({
      '?xml': '',
      errors: { error: [{ code: '404', description: 'No hay un servicio con ese código: ver la lista en services.json.' }] },
    });
  });

  it('requests.json: los de los últimos 90 días, del más nuevo al más viejo, con cada campo del estándar', async () => {
    const res = await get('requests.json?page_size=100');
    expect(res.statusCode).toBe(200);
    expect(res.headers['access-control-allow-origin']).toBe('*');
    const solicitudes = res.json() as Record<string, unknown>[];
    const nuestros = solicitudes.filter((s) => String(s.service_request_id).startsWith('RC-2026-PRB-TST-'));
    // Newest first; the hidden one (ADZ) never, the one of 120 days ago (AEZ) outside the default window.
    expect(nuestros.map((s) => s.service_request_id)).toEqual([codigo(0), codigo(1), codigo(2), ...Array.from({ length: 10 }, (_, k) => codigo(5 + k))]);
    for (const s of solicitudes) {
      cumple(s, CAMPOS_SOLICITUD);
      expect(['open', 'closed']).toContain(s.status);
      expect(s.requested_datetime).toMatch(FECHA);
      expect(s.updated_datetime).toMatch(FECHA);
    }
    const [recibido, derivado, resuelto] = nuestros;
    expect(recibido).toMatchObject({
      status: 'open',
      status_notes: 'Recibido',
      service_code: 'bache-prueba',
      service_name: 'Bache de prueba',
      agency_responsible: 'Obras Públicas (prueba)',
      service_notice: 'Si hay peligro, llamá al 103.',
      description: 'Reclamo 0 <b>&</b>',
      address: 'Av. Arrayanes 100',
      expected_datetime: '2026-12-31T23:59:59-03:00',
      zipcode: '8407',
      lat: -40.76,
      long: -71.64,
    });
    expect(recibido!.media_url).toMatch(new RegExp(`^${TEST_SITE_URL}/api/v1/documentos/\\d+\\?tamano=web$`));
    expect(derivado).toMatchObject({
      status: 'open',
      status_notes: 'Derivado a otro organismo. Lo pasamos a Vialidad Nacional.',
      agency_responsible: 'Vialidad Nacional (prueba)',
      media_url: '',
    });
    expect(resuelto).toMatchObject({
      status: 'closed',
      status_notes: 'Resuelto',
      expected_datetime: '',
      agency_responsible: 'Municipalidad de Villa La Angostura',
    });
    // Neither the reporter nor staff's notes.
    expect(res.body).not.toMatch(/vecina|Ana Pérez|Nota interna|Datos personales/);
  });

  it('requests.xml: service_requests/request, el texto escapado y leído de vuelta', async () => {
    const res = await get(`requests.xml?service_request_id=${codigo(0)},${codigo(1)}`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/xml; charset=utf-8');
    expect(res.body).toContain('Reclamo 0 &lt;b&gt;&amp;&lt;/b&gt;');
    const { service_requests } = parser.parse(res.body) as { service_requests: { request: Record<string, string>[] } };
    expect(service_requests.request.map((r) => r.service_request_id)).toEqual([codigo(0), codigo(1)]);
    for (const r of service_requests.request) cumpleXml(r, CAMPOS_SOLICITUD);
    expect(service_requests.request[0]).toMatchObject({ description: 'Reclamo 0 <b>&</b>', lat: '-40.76', status: 'open', zipcode: '8407' });
    const vacio = await get('requests.xml?service_request_id=RC-2026-NAD-AAA-AAA');
    expect(parser.parse(vacio.body)).toEqual({ '?xml': '', service_requests: '' });
  });

  it('filtros: códigos de servicio, estado, fechas; service_request_id manda y no encuentra ocultos', async () => {
    expect(await ids('service_code=bache-prueba')).toEqual([codigo(0), codigo(1)]);
    expect(await ids('service_code=bache-prueba&status=closed')).toEqual([]);
    expect((await ids('service_code=luminaria-prueba&status=closed')).slice(0, 1)).toEqual([codigo(2)]);
    expect(await ids('service_code=luminaria-prueba,bache-prueba&status=open&page_size=3')).toEqual([codigo(0), codigo(1), codigo(5)]);
    const desde = new Date(Date.now() - 130 * DIA_MS).toISOString();
    const hasta = new Date(Date.now() - 100 * DIA_MS).toISOString();
    expect(await ids(`start_date=${desde}&end_date=${hasta}`)).toEqual([codigo(4)]);
    expect(await ids(`service_request_id=${codigo(3)},${codigo(4)},${codigo(0).toLowerCase()}&status=closed`)).toEqual([codigo(4), codigo(0)]);
  });

  it('páginas: page y page_size, con el enlace a la siguiente', async () => {
    const q = 'service_code=luminaria-prueba&page_size=4';
    const primera = await get(`requests.json?${q}`);
    expect((primera.json() as { service_request_id: string }[]).map((s) => s.service_request_id)).toEqual([codigo(2), codigo(5), codigo(6), codigo(7)]);
    expect(primera.headers.link).toBe(`<${TEST_SITE_URL}/open311/v2/requests.json?service_code=luminaria-prueba&page_size=4&page=2>; rel="next"`);
    expect(await ids(`${q}&page=3`)).toEqual([codigo(12), codigo(13), codigo(14)]);
    expect((await get(`requests.json?${q}&page=3`)).headers.link).toBeUndefined();
    expect(await ids(`${q}&page=99`)).toEqual([]);
    // Fifty by default.
    expect((await ids('')).length).toBeLessThanOrEqual(50);
  });

  it('requests/{id}: uno, en JSON y XML; oculto, desconocido o mal escrito, 404', async () => {
    const res = await get(`requests/${codigo(1)}.json`);
    expect(res.statusCode).toBe(200);
    const [s] = res.json() as Record<string, unknown>[];
    cumple(s!, CAMPOS_SOLICITUD);
    expect(s!.service_request_id).toBe(codigo(1));
    const xml = await get(`requests/${codigo(1).toLowerCase()}.xml`);
    const { service_requests } = parser.parse(xml.body) as { service_requests: { request: Record<string, string>[] } };
    expect(service_requests.request[0]!.agency_responsible).toBe('Vialidad Nacional (prueba)');
    for (const url of [`requests/${codigo(3)}.json`, 'requests/RC-2026-NAD-AAA-AAA.json', "requests/1' or '1'='1.json"]) {
      const r = await get(url);
      expect(r.statusCode, url).toBe(404);
      expect(r.json()).toEqual([{ code: 404, description: 'No hay un reclamo con ese código.' }]);
    }
  });

  it('tokens/{token}: el código es el token y responde service_request_id', async () => {
    const res = await get(`tokens/${codigo(0)}.json`);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual([{ service_request_id: codigo(0), token: codigo(0) }]);
    const xml = await get(`tokens/${codigo(0)}.xml`);
    expect(parser.parse(xml.body)).toEqual({ '?xml': '', service_requests: { request: [{ service_request_id: codigo(0), token: codigo(0) }] } });
    expect((await get(`tokens/${codigo(3)}.json`)).statusCode).toBe(404);
  });

  it('el documento OpenAPI describe cada operación de Open311 y /data.json la lista', async () => {
    const doc = (await t.app.inject({ url: '/api/docs.json' })).json() as { paths: Record<string, Record<string, unknown>> };
    const operaciones = Object.entries(doc.paths)
      .filter(([ruta]) => ruta.startsWith('/open311/v2/'))
      .flatMap(([ruta, metodos]) => Object.keys(metodos).map((m) => `${m.toUpperCase()} ${ruta}`));
    expect(operaciones.sort()).toEqual(
      [
        'GET /open311/v2/requests.{formato}',
        'GET /open311/v2/requests/{service_request_id}.{formato}',
        'GET /open311/v2/services.{formato}',
        'GET /open311/v2/services/{service_code}.{formato}',
        'GET /open311/v2/tokens/{token}.{formato}',
        'POST /open311/v2/requests.{formato}',
      ].sort(),
    );
    const catalogo = (await t.app.inject({ url: '/data.json' })).json() as { dataset: { identifier: string; distribution: { downloadURL: string }[] }[] };
    const reclamosDataset = catalogo.dataset.find((d) => d.identifier === 'reclamos');
    expect(reclamosDataset?.distribution.map((d) => d.downloadURL)).toEqual([
      `${TEST_SITE_URL}/open311/v2/requests.json`,
      `${TEST_SITE_URL}/open311/v2/services.json`,
    ]);
  });

  it('parámetros hostiles: 400 o 404 en la forma del estándar, nunca 500', async () => {
    const casos: [string, number, RegExp][] = [
      ["requests.json?service_code=' OR 1=1--", 400, /service_code/],
      ['requests.json?service_request_id=1;drop table reclamos', 400, /códigos de reclamo/],
      ['requests.json?page_size=1000000', 400, /page_size/],
      ['requests.json?page_size=abc', 400, /page_size/],
      ['requests.json?page=0', 400, /page/],
      ['requests.json?start_date=ayer', 400, /start_date/],
      ['requests.json?end_date=2026-02-30T00:00:00Z', 400, /end_date/],
      ['requests.json?status=abierto', 400, /status/],
      ['requests.json?status=open&status=closed', 400, /una sola vez/],
      [`requests.json?service_code=${'x'.repeat(5000)}`, 400, /service_code/],
      ['services.html', 400, /\.json o en \.xml/],
      ['requests', 400, /\.json o en \.xml/],
      [`requests/${codigo(0)}.html`, 400, /\.json o en \.xml/],
      ['nada.json', 404, /services y requests/],
      [`requests/${'A'.repeat(500)}.json`, 404, /Open311/],
      ['requests/a/b/c.json', 404, /Open311/],
    ];
    for (const [url, estado, mensaje] of casos) {
      const res = await get(url);
      expect(res.statusCode, url).toBe(estado);
      expect(res.headers['content-type'], url).toBe('application/json; charset=utf-8');
      expect(Array.isArray(res.json()), `${url}: ${res.body}`).toBe(true);
      const [error] = res.json() as { code: number; description: string }[];
      expect(error, url).toMatchObject({ code: estado });
      expect(error!.description, url).toMatch(mensaje);
    }
    // A malformed address is refused before routing, by the site's own 400 (server/errors.ts).
    const malCodificada = await get('requests/%E0%A4%A.json');
    expect(malCodificada.statusCode).toBe(400);
    expect(malCodificada.json()).toEqual({ error: 'La dirección tiene caracteres mal codificados.' });
    // The same errors in XML when the address asks for XML.
    const xml = await get('requests.xml?page_size=500');
    expect(xml.statusCode).toBe(400);
    const leido = parser.parse(xml.body) as { errors: { error: { code: string; description: string }[] } };
    expect(leido.errors.error[0]).toEqual({ code: '400', description: 'El parámetro page_size tiene que ser un número entero entre 1 y 100.' });
  });

  describe('POST requests', () => {
    const CLAVE = 'vla311_clave-de-prueba';
    const REVOCADA = 'vla311_revocada';
    const AGOTADA = 'vla311_agotada';
    let claveId = 0;
    const post = (url: string, payload: string | Record<string, unknown>, headers: Record<string, string> = {}) =>
      t.app.inject({
        method: 'POST',
        url: `/open311/v2/${url}`,
        payload,
        headers: typeof payload === 'string' ? { 'content-type': 'application/x-www-form-urlencoded', ...headers } : headers,
      });
    const formulario = (campos: Record<string, string>) => new URLSearchParams(campos).toString();
    const valido = {
      service_code: 'bache-prueba',
      lat: '-40.7626',
      long: '-71.6458',
      description: 'Un pozo grande frente a la escuela.',
      email: 'vecina.open311@example.com',
      first_name: 'Ana',
      last_name: 'Pérez',
      'attribute[tamano]': 'grande',
    };

    beforeAll(async () => {
      const filas = await t.database.db
        .insert(clavesOpen311)
        .values([
          { nombre: 'App de prueba', claveHash: hashToken(CLAVE) },
          { nombre: 'Revocada', claveHash: hashToken(REVOCADA), revocadaEn: new Date() },
          { nombre: 'Agotada', claveHash: hashToken(AGOTADA) },
        ])
        .returning();
      claveId = filas[0]!.id;
      for (let i = 0; i < LIMITE_CLAVE_OPEN311.max; i++) await consumirLimiteClave(t.context, filas[2]!.id);
    });

    it('sin clave, con una equivocada o revocada: 403 en la forma del estándar, y nada se guarda', async () => {
      const antes = (await t.database.db.select({ id: reclamos.id }).from(reclamos)).length;
      for (const api_key of [undefined, 'no-es-una-clave', REVOCADA]) {
        const res = await post('requests.json', formulario({ ...valido, ...(api_key ? { api_key } : {}) }));
        expect(res.statusCode, api_key).toBe(403);
        expect(res.json()).toEqual([{ code: 403, description: 'Falta api_key o no es una clave vigente: pedila a la Municipalidad.' }]);
      }
      const xml = await post('requests.xml', { ...valido });
      expect(xml.statusCode).toBe(403);
      expect(parser.parse(xml.body)).toMatchObject({ errors: { error: [{ code: '403' }] } });
      expect((await t.database.db.select({ id: reclamos.id }).from(reclamos)).length).toBe(antes);
    });

    it('con una clave vigente: el reclamo, de origen open311, con sus respuestas; la respuesta del estándar', async () => {
      const res = await post('requests.json', formulario({ ...valido, api_key: CLAVE }));
      expect(res.statusCode, res.body).toBe(201);
      expect(res.headers['access-control-allow-origin']).toBe('*');
      const [creado] = res.json() as { service_request_id: string; token: string; service_notice: string }[];
      expect(creado!.service_request_id).toMatch(/^RC-\d{4}-[0-9A-Z]{3}-[0-9A-Z]{3}-[0-9A-Z]{3}$/);
      expect(creado).toEqual({
        service_request_id: creado!.service_request_id,
        token: creado!.service_request_id,
        service_notice: 'Si hay peligro, llamá al 103.',
      });
      const [fila] = await t.database.db.select().from(reclamos).where(eq(reclamos.codigo, creado!.service_request_id));
      expect(fila).toMatchObject({ origen: 'open311', claveOpen311Id: claveId, latitud: -40.7626, longitud: -71.6458 });
      expect(fila!.respuestas).toMatchObject({ tamano: 'grande' });
      const [clave] = await t.database.db.select().from(clavesOpen311).where(eq(clavesOpen311.id, claveId));
      expect(clave!.ultimoUso).not.toBeNull();
      // Readable at once, without the reporter.
      const leido = await get(`requests/${creado!.service_request_id}.json`);
      expect(leido.statusCode).toBe(200);
      expect(leido.body).not.toMatch(/vecina|Ana|Pérez/);
    });

    it('JSON con attribute como objeto y sólo la dirección: el índice de calles la ubica', async () => {
      const { lat: _lat, long: _long, 'attribute[tamano]': _t, ...resto } = valido;
      const res = await post('requests.xml', { ...resto, api_key: CLAVE, address_string: 'Av. Arrayanes 250', attribute: { tamano: 'chico' } });
      expect(res.statusCode, res.body).toBe(201);
      const { service_requests } = parser.parse(res.body) as { service_requests: { request: { service_request_id: string }[] } };
      const [fila] = await t.database.db.select().from(reclamos).where(eq(reclamos.codigo, service_requests.request[0]!.service_request_id));
      expect(fila!.latitud).toBeCloseTo(-40.76, 1);
      expect(fila!.respuestas).toMatchObject({ tamano: 'chico' });
    });

    it('datos que no sirven: 400 con el nombre del campo del estándar', async () => {
      const { lat: _lat, long: _long, ...sinLugar } = valido;
      let res = await post('requests.json', formulario({ ...sinLugar, api_key: CLAVE }));
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual([{ code: 400, description: 'Falta el lugar: enviá lat y long, o address_string con la calle y la altura.' }]);
      res = await post('requests.json', formulario({ ...sinLugar, api_key: CLAVE, address_string: 'Calle Que No Existe 123' }));
      expect(res.statusCode).toBe(400);
      expect((res.json() as { description: string }[])[0]!.description).toMatch(/^address_string: No encontramos esa calle/);
      res = await post('requests.json', formulario({ ...valido, api_key: CLAVE, description: '', email: 'no-es-un-correo' }));
      expect(res.statusCode).toBe(400);
      const descripciones = (res.json() as { code: number; description: string }[]).map((e) => e.description);
      expect(descripciones.some((d) => d.startsWith('description: '))).toBe(true);
      expect(descripciones.some((d) => d.startsWith('email: '))).toBe(true);
      res = await post('requests.json', formulario({ ...valido, api_key: CLAVE, lat: "-40' or 1=1", service_code: 'no-existe' }));
      expect(res.statusCode).toBe(400);
      // A multipart body, one too large: the standard's form too.
      res = await post('requests.json', 'x', { 'content-type': 'multipart/form-data; boundary=x' });
      expect(res.statusCode).toBe(415);
      expect((res.json() as { code: number }[])[0]!.code).toBe(415);
      res = await post('requests.json', formulario({ ...valido, api_key: CLAVE, description: 'x'.repeat(70_000) }));
      expect(res.statusCode).toBe(413);
      expect((res.json() as { code: number }[])[0]!.code).toBe(413);
      expect((await post('services.json', formulario({ api_key: CLAVE }))).statusCode).toBe(404);
    });

    it('una clave que ya envió su cupo de la hora: 429 con Retry-After', async () => {
      const res = await post('requests.json', formulario({ ...valido, api_key: AGOTADA }));
      expect(res.statusCode).toBe(429);
      expect(Number(res.headers['retry-after'])).toBeGreaterThan(0);
      expect((res.json() as { code: number; description: string }[])[0]).toEqual({
        code: 429,
        description: `Esta clave ya envió ${LIMITE_CLAVE_OPEN311.max} reclamos en la última hora: probá más tarde.`,
      });
    });
  });
});
