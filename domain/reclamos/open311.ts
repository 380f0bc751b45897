/**
 * Open311 GeoReport v2 (docs/decisions/057-reclamos.md): how categories read as `services` and
 * their `service_definition`, how reports read as `service_requests`, the query parameters of
 * GET requests and the two formats of every answer (JSON, and XML with the standard's element
 * names). Pure: the reads are in open311-queries.ts, the routes in server/api/open311.ts.
 */
import { XMLBuilder } from 'fast-xml-parser';
import type { EstadoReclamo, PreguntaCategoria } from '#db/schema/index.ts';
import { ETIQUETAS_ESTADO, estaAbierto } from './etiquetas.ts';

/** Villa La Angostura's postal code (the standard's `zipcode`). */
export const CODIGO_POSTAL = '8407';
/** Who answers when a report has no area of its own. */
export const AGENCIA_POR_DEFECTO = 'Municipalidad de Villa La Angostura';
/** The standard's default window for GET requests without dates: the last 90 days. */
export const DIAS_POR_DEFECTO = 90;
export const PAGINA_TAMANO_POR_DEFECTO = 50;
export const PAGINA_TAMANO_MAXIMO = 100;
/** At most this many codes in one service_request_id list. */
export const MAXIMO_IDS = 100;

export type Formato = 'json' | 'xml';

// ---------------------------------------------------------------------------------------------
// Services and service definitions

export type CategoriaOpen311 = { codigo: string; nombre: string; descripcion: string; grupo: string; preguntas: PreguntaCategoria[] };

export type Servicio = {
  service_code: string;
  service_name: string;
  description: string;
  metadata: boolean;
  type: 'realtime';
  keywords: string;
  group: string;
};

/** Words people may look a category up by: those of its name and group, without short ones or repeats. */
function palabrasClave(categoria: CategoriaOpen311): string {
  const palabras = `${categoria.nombre} ${categoria.grupo}`
    .toLocaleLowerCase('es-AR')
    .split(/[^\p{L}\p{N}]+/u)
    .filter((p) => p.length > 3);
  return [...new Set(palabras)].join(', ');
}

export function aServicio(categoria: CategoriaOpen311): Servicio {
  return {
    service_code: categoria.codigo,
    service_name: categoria.nombre,
    description: categoria.descripcion,
    metadata: categoria.preguntas.length > 0,
    // Every report is stored at once and gets its code in the answer.
    type: 'realtime',
    keywords: palabrasClave(categoria),
    group: categoria.grupo,
  };
}

export type Atributo = {
  variable: boolean;
  code: string;
  datatype: 'string' | 'number' | 'singlevaluelist';
  required: boolean;
  datatype_description: string;
  order: number;
  description: string;
  values?: { key: string; name: string }[];
};

export type DefinicionServicio = { service_code: string; attributes: Atributo[] };

const SI_NO = [
  { key: 'si', name: 'Sí' },
  { key: 'no', name: 'No' },
];

const DESCRIPCION_TIPO: Record<PreguntaCategoria['tipo'], string> = {
  texto: 'Texto libre.',
  numero: 'Un número (punto decimal).',
  opcion: 'Una de las claves de `values`.',
  si_no: '«si» o «no».',
};

export function aDefinicion(categoria: CategoriaOpen311): DefinicionServicio {
  return {
    service_code: categoria.codigo,
    attributes: categoria.preguntas.map((p, i) => ({
      variable: true,
      code: p.codigo,
      datatype: p.tipo === 'numero' ? 'number' : p.tipo === 'texto' ? 'string' : 'singlevaluelist',
      required: p.requerida,
      datatype_description: DESCRIPCION_TIPO[p.tipo],
      order: i + 1,
      description: p.etiqueta,
      ...(p.tipo === 'opcion' ? { values: (p.opciones ?? []).map((o) => ({ key: o.clave, name: o.nombre })) } : {}),
      ...(p.tipo === 'si_no' ? { values: SI_NO } : {}),
    })),
  };
}

// ---------------------------------------------------------------------------------------------
// Service requests

/** A report as the reads give it: public fields only, never the reporter. */
export type ReclamoOpen311 = {
  codigo: string;
  estado: EstadoReclamo;
  descripcion: string;
  latitud: number;
  longitud: number;
  direccion: string;
  venceEl: string;
  createdAt: Date;
  updatedAt: Date;
  categoria: { codigo: string; nombre: string; aviso: string };
  /** The body it was sent to, when derivado. */
  organismo: string | null;
  /** The report's area, or its category's. */
  area: string | null;
  /** The newest public answer, '' if none. */
  ultimaRespuesta: string;
  /** The site path of the first photo, or null. */
  foto: string | null;
};

export type SolicitudServicio = {
  service_request_id: string;
  status: 'open' | 'closed';
  status_notes: string;
  service_name: string;
  service_code: string;
  description: string;
  agency_responsible: string;
  service_notice: string;
  requested_datetime: string;
  updated_datetime: string;
  expected_datetime: string;
  address: string;
  address_id: string;
  zipcode: string;
  lat: number;
  long: number;
  media_url: string;
};

const HORA_MS = 3_600_000;

/**
 * An instant as ISO 8601 with Argentina's offset (UTC-3 all year since 2009, domain/shared/fechas.ts):
 * 2026-03-27T12:30:00Z → 2026-03-27T09:30:00-03:00.
 */
export function isoArgentina(instante: Date): string {
  return `${new Date(instante.getTime() - 3 * HORA_MS).toISOString().slice(0, 19)}-03:00`;
}

/** The end of a calendar day in Argentina: the service level's deadline. */
export const finDelDia = (fecha: string): string => `${fecha}T23:59:59-03:00`;

export function aSolicitud(r: ReclamoOpen311, url: (path: string) => string): SolicitudServicio {
  const estado = ETIQUETAS_ESTADO[r.estado];
  return {
    service_request_id: r.codigo,
    status: estaAbierto(r.estado) ? 'open' : 'closed',
    status_notes: r.ultimaRespuesta ? `${estado}. ${r.ultimaRespuesta}` : estado,
    service_name: r.categoria.nombre,
    service_code: r.categoria.codigo,
    description: r.descripcion,
    agency_responsible: (r.estado === 'derivado' && r.organismo) || r.area || AGENCIA_POR_DEFECTO,
    service_notice: r.categoria.aviso,
    requested_datetime: isoArgentina(r.createdAt),
    updated_datetime: isoArgentina(r.updatedAt),
    // Only while the clock runs: a closed report expects nothing.
    expected_datetime: estaAbierto(r.estado) ? finDelDia(r.venceEl) : '',
    address: r.direccion,
    address_id: '',
    zipcode: CODIGO_POSTAL,
    lat: r.latitud,
    long: r.longitud,
    media_url: r.foto ? url(r.foto) : '',
  };
}

// ---------------------------------------------------------------------------------------------
// Query parameters of GET requests

export type FiltrosSolicitudes =
  | { tipo: 'ids'; codigos: string[] }
  | {
      tipo: 'filtros';
      servicios: string[];
      estados: EstadoReclamo[] | undefined;
      desde: Date;
      hasta: Date;
      pagina: number;
      porPagina: number;
    };

export type ErrorOpen311 = { code: number; description: string };
export type Lectura<T> = { ok: true; valor: T } | { ok: false; error: ErrorOpen311 };

const ESTADOS_CERRADOS: EstadoReclamo[] = ['resuelto', 'no_corresponde', 'duplicado'];
const ESTADOS_ABIERTOS_: EstadoReclamo[] = ['recibido', 'en_curso', 'derivado'];

/** An RC code, as domain/reclamos writes them (RC-2026-XXX-XXX-XXX); case is forgiven. */
const CODIGO = /^RC-\d{4}(?:-[0-9A-Z]{3}){3}$/;
const CODIGO_SERVICIO = /^[a-z0-9][a-z0-9_-]{0,59}$/i;
/** ISO 8601: a date, or a date and time with seconds (and fraction) optional, and Z or an offset optional. */
const FECHA_ISO = /^(\d{4}-\d{2}-\d{2})(?:[T ](\d{2}):(\d{2})(?::(\d{2})(?:\.\d{1,9})?)?(Z|[+-]\d{2}:?\d{2})?)?$/;

const malo = (description: string): { ok: false; error: ErrorOpen311 } => ({ ok: false, error: { code: 400, description } });

/** One value of a parameter: repeated parameters (?a=1&a=2) and arrays are refused. */
function unico(query: Record<string, unknown>, nombre: string): Lectura<string | undefined> {
  const valor = query[nombre];
  if (valor === undefined) return { ok: true, valor: undefined };
  if (typeof valor !== 'string') return malo(`El parámetro ${nombre} va una sola vez.`);
  if (valor.length > 2000) return malo(`El parámetro ${nombre} es demasiado largo.`);
  return { ok: true, valor: valor.trim() };
}

/**
 * An ISO 8601 instant: with its offset as given, without one in Argentina's time, a bare date at
 * its start. Undefined when it cannot be read or the date does not exist.
 */
export function leerFechaIso(texto: string): Date | undefined {
  const m = FECHA_ISO.exec(texto);
  if (!m) return undefined;
  const [, fecha, hora = '00', minuto = '00', segundo = '00', zona] = m;
  const d = new Date(`${fecha}T00:00:00Z`);
  if (Number.isNaN(d.getTime()) || d.toISOString().slice(0, 10) !== fecha) return undefined;
  if (Number(hora) > 23 || Number(minuto) > 59 || Number(segundo) > 59) return undefined;
  const offset = zona === undefined ? '-03:00' : zona === 'Z' ? 'Z' : zona.includes(':') ? zona : `${zona.slice(0, 3)}:${zona.slice(3)}`;
  const fraccion = /\.\d+/.exec(texto.slice(fecha!.length))?.[0].slice(0, 4) ?? '';
  const instante = new Date(`${fecha}T${hora}:${minuto}:${segundo}${fraccion}${offset}`);
  return Number.isNaN(instante.getTime()) ? undefined : instante;
}

function entero(texto: string | undefined, nombre: string, minimo: number, maximo: number, porDefecto: number): Lectura<number> {
  if (texto === undefined || texto === '') return { ok: true, valor: porDefecto };
  if (!/^\d{1,6}$/.test(texto)) return malo(`El parámetro ${nombre} tiene que ser un número entero entre ${minimo} y ${maximo}.`);
  const n = Number(texto);
  if (n < minimo || n > maximo) return malo(`El parámetro ${nombre} tiene que ser un número entero entre ${minimo} y ${maximo}.`);
  return { ok: true, valor: n };
}

/** A comma-separated list: its non-empty items. */
const lista = (texto: string) =>
  texto
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);

/**
 * The query of GET requests. service_request_id (a list of codes) wins over every other parameter,
 * as the standard says. Otherwise service_code (a list), status (open, closed or both), start_date
 * and end_date (ISO 8601; by default the 90 days before end_date, or before now), page and page_size.
 */
export function leerFiltros(query: Record<string, unknown>, ahora: Date): Lectura<FiltrosSolicitudes> {
  const leidos: Record<string, string | undefined> = {};
  for (const nombre of ['service_request_id', 'service_code', 'status', 'start_date', 'end_date', 'page', 'page_size']) {
    const r = unico(query, nombre);
    if (!r.ok) return r;
    leidos[nombre] = r.valor;
  }
  if (leidos.service_request_id !== undefined) {
    const codigos = lista(leidos.service_request_id).map((c) => c.toUpperCase());
    if (codigos.length === 0) return malo('El parámetro service_request_id está vacío: escribí uno o más códigos separados por comas.');
    if (codigos.length > MAXIMO_IDS) return malo(`Pedí hasta ${MAXIMO_IDS} códigos por vez en service_request_id.`);
    const malos = codigos.filter((c) => !CODIGO.test(c));
    if (malos.length > 0) return malo('service_request_id lleva códigos de reclamo separados por comas, como RC-2026-7KQ-3XM-9PK.');
    return { ok: true, valor: { tipo: 'ids', codigos: [...new Set(codigos)] } };
  }
  const servicios = leidos.service_code === undefined ? [] : lista(leidos.service_code);
  if (servicios.length > MAXIMO_IDS || servicios.some((s) => !CODIGO_SERVICIO.test(s)))
    return malo('service_code lleva códigos de servicio (letras, números, guiones) separados por comas: ver /open311/v2/services.json.');
  let estados: EstadoReclamo[] | undefined;
  if (leidos.status !== undefined) {
    const pedidos = new Set(lista(leidos.status).map((s) => s.toLowerCase()));
    if (pedidos.size === 0 || [...pedidos].some((s) => s !== 'open' && s !== 'closed')) return malo('status tiene que ser open, closed o open,closed.');
    estados = [...(pedidos.has('open') ? ESTADOS_ABIERTOS_ : []), ...(pedidos.has('closed') ? ESTADOS_CERRADOS : [])];
  }
  let hasta = ahora;
  if (leidos.end_date) {
    const d = leerFechaIso(leidos.end_date);
    if (!d) return malo('end_date tiene que ser una fecha ISO 8601, como 2026-03-27T00:00:00-03:00.');
    hasta = d;
  }
  let desde = new Date(hasta.getTime() - DIAS_POR_DEFECTO * 24 * HORA_MS);
  if (leidos.start_date) {
    const d = leerFechaIso(leidos.start_date);
    if (!d) return malo('start_date tiene que ser una fecha ISO 8601, como 2026-03-01T00:00:00-03:00.');
    desde = d;
  }
  if (desde.getTime() > hasta.getTime()) return malo('start_date tiene que ser anterior a end_date.');
  const pagina = entero(leidos.page, 'page', 1, 100_000, 1);
  if (!pagina.ok) return pagina;
  const porPagina = entero(leidos.page_size, 'page_size', 1, PAGINA_TAMANO_MAXIMO, PAGINA_TAMANO_POR_DEFECTO);
  if (!porPagina.ok) return porPagina;
  return { ok: true, valor: { tipo: 'filtros', servicios, estados, desde, hasta, pagina: pagina.valor, porPagina: porPagina.valor } };
}

/** A report's code as typed in a path or a token: normalized, or undefined if it cannot be one. */
export function leerCodigo(texto: string): string | undefined {
  const codigo = texto.trim().toUpperCase();
  return CODIGO.test(codigo) ? codigo : undefined;
}

/** A service code as typed in a path: undefined if it cannot be one. */
export const leerCodigoServicio = (texto: string): string | undefined => (CODIGO_SERVICIO.test(texto) ? texto : undefined);

/**
 * `services.json`, `RC-2026-ABC-DEF-GHI.xml`: the name and the format. Undefined format when the
 * extension is missing or is not one of the two.
 */
export function leerArchivo(archivo: string): { nombre: string; formato: Formato | undefined } {
  const punto = archivo.lastIndexOf('.');
  if (punto < 0) return { nombre: archivo, formato: undefined };
  const extension = archivo.slice(punto + 1).toLowerCase();
  return { nombre: archivo.slice(0, punto), formato: extension === 'json' || extension === 'xml' ? extension : undefined };
}

// ---------------------------------------------------------------------------------------------
// XML

const builder = new XMLBuilder({ ignoreAttributes: true, format: false, suppressEmptyNode: false, processEntities: true });
const DECLARACION = '<?xml version="1.0" encoding="utf-8"?>';

/** Values as XML text: booleans as true/false, numbers as written, nested objects kept. */
function aXml(valor: unknown): unknown {
  if (Array.isArray(valor)) return valor.map(aXml);
  if (valor && typeof valor === 'object') return Object.fromEntries(Object.entries(valor).map(([k, v]) => [k, aXml(v)]));
  if (typeof valor === 'boolean' || typeof valor === 'number') return String(valor);
  return valor ?? '';
}

const xml = (raiz: Record<string, unknown>) => `${DECLARACION}${builder.build(aXml(raiz)) as string}`;

export const serviciosXml = (servicios: Servicio[]) => xml({ services: { service: servicios } });

export const definicionXml = (d: DefinicionServicio) =>
  xml({
    service_definition: {
      service_code: d.service_code,
      attributes: {
        attribute: d.attributes.map(({ values, ...a }) => ({ ...a, ...(values ? { values: { value: values } } : {}) })),
      },
    },
  });

/** GET requests, a request, tokens and POST requests: `service_requests/request`. */
export const solicitudesXml = (solicitudes: object[]) => xml({ service_requests: { request: solicitudes } });

export const erroresXml = (errores: ErrorOpen311[]) => xml({ errors: { error: errores } });

// ---------------------------------------------------------------------------------------------
// POST requests

/** The contract's fields (domain/reclamos/commands.ts) by the standard's names, for the errors. */
const CAMPOS_OPEN311: Record<string, string> = {
  categoria: 'service_code',
  latitud: 'lat',
  longitud: 'long',
  direccion: 'address_string',
  descripcion: 'description',
  email: 'email',
  nombre: 'first_name',
  fotos: 'media',
};

const comoTexto = (v: unknown): string | undefined => (typeof v === 'string' ? v : typeof v === 'number' && Number.isFinite(v) ? String(v) : undefined);
const CODIGO_PREGUNTA = /^[\w-]{1,60}$/;

/**
 * A POST's fields as crearReclamo's input: service_code, lat, long, address_string, description,
 * email, first_name and last_name (one name), and each `attribute[code]` (a form) or `attribute`
 * object (JSON) as `pregunta_<code>`. Anything else is left out.
 */
export function entradaDeOpen311(cuerpo: Record<string, unknown>): Record<string, string> {
  const nombre = [comoTexto(cuerpo.first_name), comoTexto(cuerpo.last_name)].filter(Boolean).join(' ').trim();
  const entrada: Record<string, string> = {
    categoria: comoTexto(cuerpo.service_code) ?? '',
    latitud: comoTexto(cuerpo.lat) ?? '',
    longitud: comoTexto(cuerpo.long) ?? '',
    direccion: comoTexto(cuerpo.address_string) ?? '',
    descripcion: comoTexto(cuerpo.description) ?? '',
    email: comoTexto(cuerpo.email) ?? '',
    ...(nombre ? { nombre } : {}),
  };
  for (const [clave, valor] of Object.entries(cuerpo)) {
    const m = /^attribute\[([^\]]*)\]$/.exec(clave);
    const texto = comoTexto(valor);
    if (m && CODIGO_PREGUNTA.test(m[1]!) && texto !== undefined) entrada[`pregunta_${m[1]}`] = texto;
  }
  const atributos = cuerpo.attribute;
  if (atributos && typeof atributos === 'object' && !Array.isArray(atributos))
    for (const [codigo, valor] of Object.entries(atributos)) {
      const texto = comoTexto(valor);
      if (CODIGO_PREGUNTA.test(codigo) && texto !== undefined) entrada[`pregunta_${codigo}`] = texto;
    }
  return entrada;
}

/** crearReclamo's field errors as the standard's list, each naming the field as the client sent it. */
export function erroresDeOpen311(errores: Record<string, string | undefined>): ErrorOpen311[] {
  return Object.entries(errores).flatMap(([campo, mensaje]) =>
    mensaje
      ? [{ code: 400, description: `${campo.startsWith('pregunta_') ? `attribute[${campo.slice(9)}]` : (CAMPOS_OPEN311[campo] ?? campo)}: ${mensaje}` }]
      : [],
  );
}
