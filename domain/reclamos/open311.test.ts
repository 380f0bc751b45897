// Open311 GeoReport v2's mapping (domain/reclamos/open311.ts): categories as services and service
// definitions, reports as service requests (status, dates with Argentina's offset, who answers),
// the GET requests parameters with their errors, and the XML read back with fast-xml-parser.
import { XMLParser } from 'fast-xml-parser';
import { describe, expect, it } from 'vitest';
import {
  type CategoriaOpen311,
  type ReclamoOpen311,
  aDefinicion,
  aServicio,
  aSolicitud,
  definicionXml,
  entradaDeOpen311,
  erroresDeOpen311,
  erroresXml,
  isoArgentina,
  leerArchivo,
  leerCodigo,
  leerFechaIso,
  leerFiltros,
  serviciosXml,
  solicitudesXml,
} from './open311.ts';

const url = (p: string) => `https://sitio.prueba${p}`;
const CATEGORIA: CategoriaOpen311 = {
  codigo: 'bache',
  nombre: 'Bache en la calzada',
  descripcion: 'Pozos en calles asfaltadas o de ripio.',
  grupo: 'Calles',
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
    { codigo: 'profundidad', etiqueta: 'Profundidad en cm', tipo: 'numero', requerida: false },
    { codigo: 'peligro', etiqueta: '¿Es peligroso?', tipo: 'si_no', requerida: false },
    { codigo: 'nota', etiqueta: 'Algo más', tipo: 'texto', requerida: false },
  ],
};
const RECLAMO: ReclamoOpen311 = {
  codigo: 'RC-2026-7KQ-3XM-9PK',
  estado: 'derivado',
  descripcion: 'Pozo <grande> & profundo',
  latitud: -40.7626,
  longitud: -71.6458,
  direccion: 'Av. Arrayanes 250',
  venceEl: '2026-12-10',
  createdAt: new Date('2026-11-20T12:30:00Z'),
  updatedAt: new Date('2026-11-21T02:15:00Z'),
  categoria: { codigo: 'bache', nombre: 'Bache en la calzada', aviso: 'Si es urgente, llamá al 103.' },
  organismo: 'Vialidad Nacional',
  area: 'Obras Públicas',
  ultimaRespuesta: 'Lo pasamos a Vialidad Nacional.',
  foto: '/api/v1/documentos/7?tamano=web',
};
const parser = new XMLParser({ parseTagValue: false, isArray: (nombre) => ['service', 'request', 'attribute', 'value', 'error'].includes(nombre) });

describe('servicios', () => {
  it('una categoría es un servicio realtime, con metadata si tiene preguntas', () => {
    expect(aServicio(CATEGORIA)).toEqual({
      service_code: 'bache',
      service_name: 'Bache en la calzada',
      description: 'Pozos en calles asfaltadas o de ripio.',
      metadata: true,
      type: 'realtime',
      keywords: 'bache, calzada, calles',
      group: 'Calles',
    });
    expect(aServicio({ ...CATEGORIA, preguntas: [] }).metadata).toBe(false);
  });

  it('las preguntas son atributos, con su tipo, su orden y sus valores', () => {
    const d = aDefinicion(CATEGORIA);
    expect(d.service_code).toBe('bache');
    expect(d.attributes.map((a) => [a.code, a.datatype, a.required, a.order])).toEqual([
      ['tamano', 'singlevaluelist', true, 1],
      ['profundidad', 'number', false, 2],
      ['peligro', 'singlevaluelist', false, 3],
      ['nota', 'string', false, 4],
    ]);
    expect(d.attributes[0]!.values).toEqual([
      { key: 'chico', name: 'Chico' },
      { key: 'grande', name: 'Grande' },
    ]);
    expect(d.attributes[2]!.values?.map((v) => v.key)).toEqual(['si', 'no']);
    expect(d.attributes[1]!.values).toBeUndefined();
    expect(d.attributes.every((a) => a.variable && a.description && a.datatype_description)).toBe(true);
  });

  it('en XML: services/service y service_definition/attributes/attribute/values/value', () => {
    const s = parser.parse(serviciosXml([aServicio(CATEGORIA)])) as { services: { service: Record<string, string>[] } };
    expect(s.services.service[0]).toMatchObject({ service_code: 'bache', metadata: 'true', type: 'realtime', group: 'Calles' });
    const d = parser.parse(definicionXml(aDefinicion(CATEGORIA))) as {
      service_definition: { service_code: string; attributes: { attribute: { code: string; values?: { value: { key: string }[] } }[] } };
    };
    expect(d.service_definition.service_code).toBe('bache');
    expect(d.service_definition.attributes.attribute.map((a) => a.code)).toEqual(['tamano', 'profundidad', 'peligro', 'nota']);
    expect(d.service_definition.attributes.attribute[0]!.values!.value.map((v) => v.key)).toEqual(['chico', 'grande']);
  });
});

describe('solicitudes', () => {
  it('un reclamo derivado: abierto, el organismo responde, con la última respuesta y su vencimiento', () => {
    expect(aSolicitud(RECLAMO, url)).toEqual({
      service_request_id: 'RC-2026-7KQ-3XM-9PK',
      status: 'open',
      status_notes: 'Derivado a otro organismo. Lo pasamos a Vialidad Nacional.',
      service_name: 'Bache en la calzada',
      service_code: 'bache',
      description: 'Pozo <grande> & profundo',
      agency_responsible: 'Vialidad Nacional',
      service_notice: 'Si es urgente, llamá al 103.',
      requested_datetime: '2026-11-20T09:30:00-03:00',
      updated_datetime: '2026-11-20T23:15:00-03:00',
      expected_datetime: '2026-12-10T23:59:59-03:00',
      address: 'Av. Arrayanes 250',
      address_id: '',
      zipcode: '8407',
      lat: -40.7626,
      long: -71.6458,
      media_url: 'https://sitio.prueba/api/v1/documentos/7?tamano=web',
    });
  });

  it('cerrado: resuelto, no corresponde y duplicado; el área responde si no está derivado', () => {
    for (const estado of ['resuelto', 'no_corresponde', 'duplicado'] as const) {
      const s = aSolicitud({ ...RECLAMO, estado, ultimaRespuesta: '', foto: null }, url);
      expect(s.status).toBe('closed');
      expect(s.expected_datetime).toBe('');
      expect(s.agency_responsible).toBe('Obras Públicas');
      expect(s.media_url).toBe('');
    }
    expect(aSolicitud({ ...RECLAMO, estado: 'en_curso' }, url)).toMatchObject({ status: 'open', status_notes: 'En curso. Lo pasamos a Vialidad Nacional.' });
    expect(aSolicitud({ ...RECLAMO, estado: 'recibido', area: null }, url).agency_responsible).toBe('Municipalidad de Villa La Angostura');
  });

  it('XML: service_requests/request, el texto escapado y leído de vuelta igual', () => {
    const x = solicitudesXml([aSolicitud(RECLAMO, url)]);
    expect(x).toContain('&lt;grande&gt; &amp; profundo');
    const leido = parser.parse(x) as { service_requests: { request: Record<string, string>[] } };
    expect(leido.service_requests.request[0]).toMatchObject({
      service_request_id: 'RC-2026-7KQ-3XM-9PK',
      description: 'Pozo <grande> & profundo',
      lat: '-40.7626',
      zipcode: '8407',
    });
    const vacio = parser.parse(solicitudesXml([])) as { service_requests: unknown };
    expect(vacio.service_requests).toBe('');
    const e = parser.parse(erroresXml([{ code: 404, description: 'No existe.' }])) as { errors: { error: { code: string; description: string }[] } };
    expect(e.errors.error).toEqual([{ code: '404', description: 'No existe.' }]);
  });

  it('las fechas llevan el desfase de Argentina', () => {
    expect(isoArgentina(new Date('2026-01-01T02:00:00Z'))).toBe('2025-12-31T23:00:00-03:00');
  });
});

describe('parámetros', () => {
  const AHORA = new Date('2026-11-29T15:00:00Z');
  const leer = (q: Record<string, unknown>) => leerFiltros(q, AHORA);
  const error = (q: Record<string, unknown>) => {
    const r = leer(q);
    if (r.ok) throw new Error('se esperaba un error');
    expect(r.error.code).toBe(400);
    return r.error.description;
  };

  it('sin parámetros: los últimos 90 días, página 1 de 50', () => {
    const r = leer({});
    expect(r).toEqual({
      ok: true,
      valor: { tipo: 'filtros', servicios: [], estados: undefined, desde: new Date('2026-08-31T15:00:00Z'), hasta: AHORA, pagina: 1, porPagina: 50 },
    });
  });

  it('service_request_id manda sobre lo demás', () => {
    expect(leer({ service_request_id: 'rc-2026-7kq-3xm-9pk, RC-2026-AAA-BBB-CCC', status: 'nada' })).toEqual({
      ok: true,
      valor: { tipo: 'ids', codigos: ['RC-2026-7KQ-3XM-9PK', 'RC-2026-AAA-BBB-CCC'] },
    });
    expect(error({ service_request_id: "1' or '1'='1" })).toMatch(/códigos de reclamo/);
    expect(error({ service_request_id: ',' })).toMatch(/vacío/);
  });

  it('filtros: servicios, estados, fechas y página', () => {
    const r = leer({
      service_code: 'bache,luminaria',
      status: 'closed',
      start_date: '2026-11-01',
      end_date: '2026-11-15T12:00:00Z',
      page: '2',
      page_size: '10',
    });
    expect(r).toEqual({
      ok: true,
      valor: {
        tipo: 'filtros',
        servicios: ['bache', 'luminaria'],
        estados: ['resuelto', 'no_corresponde', 'duplicado'],
        desde: new Date('2026-11-01T03:00:00Z'),
        hasta: new Date('2026-11-15T12:00:00Z'),
        pagina: 2,
        porPagina: 10,
      },
    });
    expect(leer({ status: 'open,closed' })).toMatchObject({
      valor: { estados: ['recibido', 'en_curso', 'derivado', 'resuelto', 'no_corresponde', 'duplicado'] },
    });
  });

  it('errores claros para lo que no se puede leer', () => {
    expect(error({ status: 'abierto' })).toMatch(/open, closed/);
    expect(error({ start_date: '2026-02-30' })).toMatch(/start_date/);
    expect(error({ end_date: 'ayer' })).toMatch(/end_date/);
    expect(error({ start_date: '2026-11-20', end_date: '2026-11-10' })).toMatch(/anterior/);
    expect(error({ page_size: '1000000' })).toMatch(/page_size.*1 y 100/);
    expect(error({ page_size: '0' })).toMatch(/page_size/);
    expect(error({ page: '-1' })).toMatch(/page/);
    expect(error({ service_code: "x'; drop table reclamos;--" })).toMatch(/service_code/);
    expect(error({ status: ['open', 'closed'] })).toMatch(/una sola vez/);
  });

  it('fechas ISO 8601 con y sin zona', () => {
    expect(leerFechaIso('2026-03-27T09:30:00-03:00')).toEqual(new Date('2026-03-27T12:30:00Z'));
    expect(leerFechaIso('2026-03-27T09:30:00.5+0000')).toEqual(new Date('2026-03-27T09:30:00.500Z'));
    expect(leerFechaIso('2026-03-27T09:30')).toEqual(new Date('2026-03-27T12:30:00Z'));
    expect(leerFechaIso('2026-13-01')).toBeUndefined();
    expect(leerFechaIso('2026-03-27T25:00:00Z')).toBeUndefined();
  });

  it('archivos y códigos', () => {
    expect(leerArchivo('services.json')).toEqual({ nombre: 'services', formato: 'json' });
    expect(leerArchivo('RC-2026-7KQ-3XM-9PK.XML')).toEqual({ nombre: 'RC-2026-7KQ-3XM-9PK', formato: 'xml' });
    expect(leerArchivo('services.html').formato).toBeUndefined();
    expect(leerArchivo('services').formato).toBeUndefined();
    expect(leerCodigo('rc-2026-7kq-3xm-9pk')).toBe('RC-2026-7KQ-3XM-9PK');
    expect(leerCodigo('1 or 1=1')).toBeUndefined();
  });
});

describe('POST requests', () => {
  it('los campos del estándar como la entrada de crearReclamo, con los atributos de formulario o de JSON', () => {
    expect(
      entradaDeOpen311({
        service_code: 'bache',
        lat: -40.7,
        long: '-71.6',
        address_string: 'Av. Arrayanes 250',
        description: 'Pozo',
        email: 'a@example.com',
        first_name: 'Ana',
        last_name: 'Pérez',
        'attribute[tamano]': 'grande',
        'attribute[../x]': 'no',
        attribute: { peligro: 'si', otro: { anidado: true } },
        api_key: 'secreta',
        sitio_web: 'relleno',
      }),
    ).toEqual({
      categoria: 'bache',
      latitud: '-40.7',
      longitud: '-71.6',
      direccion: 'Av. Arrayanes 250',
      descripcion: 'Pozo',
      email: 'a@example.com',
      nombre: 'Ana Pérez',
      pregunta_tamano: 'grande',
      pregunta_peligro: 'si',
    });
    expect(entradaDeOpen311({ lat: ['1', '2'], description: { $ne: '' } })).toEqual({
      categoria: '',
      latitud: '',
      longitud: '',
      direccion: '',
      descripcion: '',
      email: '',
    });
  });

  it('los errores de crearReclamo con los nombres del estándar', () => {
    expect(erroresDeOpen311({ descripcion: 'Contá qué pasa.', latitud: 'Marcá el lugar.', pregunta_tamano: 'Elegí un tamaño.', email: undefined })).toEqual([
      { code: 400, description: 'description: Contá qué pasa.' },
      { code: 400, description: 'lat: Marcá el lugar.' },
      { code: 400, description: 'attribute[tamano]: Elegí un tamaño.' },
    ]);
  });
});
