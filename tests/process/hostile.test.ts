// No request can crash the site, hang it, or show it in English. The built server runs in
// its own process, as `npm start` runs it, and receives a corpus of hostile and malformed requests
// generated from tables (route × category), sent byte for byte over a raw socket.
import { type ChildProcess, spawn } from 'node:child_process';
import { randomBytes, randomInt } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freePort } from '#scripts/free-port.ts';
import { PAGINAS_PUBLICAS } from '#server/feeds.ts';
import { createServerDataDir, engines } from '#tests/setup/database.ts';
import { type Bytes, HangError, type RawRequest, type RawResponse, rawRequest } from '#tests/setup/raw-http.ts';

const CONCURRENCIA = 8;
const ESPERA_MS = 10_000;

// ---------------------------------------------------------------------------------------------
// What every answer must satisfy
// ---------------------------------------------------------------------------------------------

/** Exact statuses, or "anything below 500" (the route's own answer), or "any 4xx". */
type Esperado = number[] | 'menor500' | '4xx';

type Caso = {
  nombre: string;
  pedido: RawRequest;
  esperado: Esperado;
  /** The unique string this case put in its query string: it must never reach the log. */
  marca?: string;
  /** A hostile string that must not come back verbatim in an HTML answer. */
  inyeccion?: string;
  /** Text that must not appear in the body at all (files outside the site). */
  prohibido?: string[];
};

/** SQL quoted by a driver error; `<select` (the form element) is not SQL. */
const SQL = [/(?<![<\w/])select\s/i, /\binsert\s+into\b/i, /Failed query/i, /\bparams:/];
const TRAZAS = ['    at ', '.ts:', '.js:', 'node_modules', 'file://', process.cwd()];
/** Framework and protocol English that must never reach a citizen (case-sensitive, as they are written). */
const INGLES = [
  'Bad Request',
  'Not Found',
  'Internal Server Error',
  'Method Not Allowed',
  'Unsupported Media Type',
  'Client Error',
  'Payload Too Large',
  'Content Too Large',
  'URI Too Long',
  'Request Header Fields Too Large',
  'Range Not Satisfiable',
  'Too Many Requests',
  'statusCode',
  'Route ',
  'Body cannot',
  'Unexpected token',
  'Invalid URL',
  'is unsupported',
];
/** The spec's fixed English headings: allowed only inside an element marked lang="en". */
const TITULOS_EN = ['404 - Ooops, Something Went Wrong', 'Unexpected Application Error!', '403 - You Shall Not Pass'];
const ELEMENTO_EN = /<([a-z][a-z0-9]*)\b[^>]*\blang="en"[^>]*>[\s\S]*?<\/\1>/gi;

function extracto(texto: string, largo = 220): string {
  const plano = texto.replace(/\s+/g, ' ').trim();
  return JSON.stringify(plano.length > largo ? `${plano.slice(0, largo)}…` : plano);
}

/** What a person would read on the page: the text of <main> (or the body), without scripts or tags. */
function textoVisible(html: string): string {
  const desde = html.search(/<main\b/i);
  return html
    .slice(desde >= 0 ? desde : 0)
    .replace(/<(script|style|head)\b[\s\S]*?<\/\1>/gi, ' ')
    .replace(/<[^>]+>/g, ' ');
}

function describirEsperado(esperado: Esperado): string {
  if (esperado === 'menor500') return 'con un estado menor que 500';
  if (esperado === '4xx') return 'con un error 4xx';
  return esperado.join(' o ');
}

/** Every rule an answer breaks, as readable lines (empty when the answer is right). */
function problemas(caso: Pick<Caso, 'esperado' | 'inyeccion' | 'prohibido'>, respuesta: RawResponse, rutasPrivadas: string[]): string[] {
  const { status, text } = respuesta;
  const tipo = respuesta.headers['content-type'] ?? '';
  const lista: string[] = [];
  const { esperado } = caso;
  const estadoBien = esperado === 'menor500' ? status < 500 : esperado === '4xx' ? status >= 400 && status < 500 : esperado.includes(status);
  if (!estadoBien || status >= 500) {
    lista.push(
      `estado ${status} (se esperaba ${describirEsperado(esperado)}): ${tipo || 'sin Content-Type'} ${extracto(/html/.test(tipo) ? textoVisible(text) : text)}`,
    );
  }

  // Files served as they are (scripts, styles, images, documents) are not messages to check.
  const archivo = status < 400 && /javascript|text\/css|^image\/|application\/pdf|octet-stream/.test(tipo);
  if (!archivo) {
    for (const patron of SQL) {
      const m = patron.exec(text);
      if (m) lista.push(`el cuerpo muestra SQL (${JSON.stringify(m[0])}): ${extracto(text.slice(Math.max(0, m.index - 60)))}`);
    }
    for (const traza of [...TRAZAS, ...rutasPrivadas]) {
      const i = text.indexOf(traza);
      if (i >= 0) lista.push(`el cuerpo muestra una traza o una ruta (${JSON.stringify(traza)}): ${extracto(text.slice(Math.max(0, i - 60)))}`);
    }
  }

  if (status >= 400) {
    const sinIngles = text.replace(ELEMENTO_EN, '');
    for (const frase of [...INGLES, ...TITULOS_EN]) {
      const i = sinIngles.indexOf(frase);
      if (i >= 0) lista.push(`error en inglés (${JSON.stringify(frase)}): ${extracto(sinIngles.slice(Math.max(0, i - 80)))}`);
    }
    if (text.trim() === '' && status !== 416 && respuesta.headers['content-range'] === undefined) {
      lista.push(`error ${status} sin cuerpo: debe explicar el problema en castellano`);
    }
    if (/json/.test(tipo) && text.trim() !== '') {
      let cuerpo: unknown;
      try {
        cuerpo = JSON.parse(text);
      } catch {
        cuerpo = undefined;
      }
      const error = cuerpo && typeof cuerpo === 'object' ? (cuerpo as { error?: unknown }).error : undefined;
      if (typeof error !== 'string' || error.trim() === '')
        lista.push(`el JSON de error no tiene la forma {"error": "<texto en castellano>"}: ${extracto(text)}`);
    }
  }

  if (caso.inyeccion && /[<>]/.test(caso.inyeccion) && /html/.test(tipo)) {
    const i = text.indexOf(caso.inyeccion);
    if (i >= 0) lista.push(`el HTML devuelve la cadena hostil sin escapar: ${extracto(text.slice(Math.max(0, i - 60)))}`);
  }
  for (const texto of caso.prohibido ?? []) {
    if (text.includes(texto)) lista.push(`el cuerpo contiene ${JSON.stringify(texto)}`);
  }
  return lista;
}

// ---------------------------------------------------------------------------------------------
// The corpus: tables of routes, parameters, byte sequences and payloads
// ---------------------------------------------------------------------------------------------

const CORRIDA = randomBytes(3).toString('hex');
/** Markers are letters and digits only, so they read the same percent-encoded or not. */
const PREFIJO_MARCA = `hq${CORRIDA}m`;
let siguienteMarca = 0;
const nuevaMarca = () => `${PREFIJO_MARCA}${siguienteMarca++}z`;

/** The DNI and e-mail every POST sends: neither may ever reach the log. */
const DNI = String(30_000_000 + randomInt(0, 9_999_999));
const PREFIJO_EMAIL = `hostil.${CORRIDA}`;
let siguienteSolicitud = 1;

/** Placeholders resolved once the server is up: {doc} a stored document, {ordenanza} an ordinance ID, {anio}/{numero} its permalink, {asset} a built script. */
type Contexto = Record<'doc' | 'ordenanza' | 'anio' | 'numero' | 'asset', string>;

// The sitemap's public pages and every other page route, with its templates filled in later.
const PAGINAS = [
  ...PAGINAS_PUBLICAS,
  '/home',
  '/consulta-ordenanzas/{anio}/{numero}',
  '/solicitud-decretos/ordenanzas',
  '/login',
  '/reservas',
  '/sign-out',
  '/unauthorized',
  '/notfound',
  '/acceso-empleados',
  '/no-existe/en-el-sitio',
];
const API = [
  '/api/docs',
  '/api/v1/ordenanzas',
  '/api/v1/ordenanzas/{ordenanza}',
  '/api/v1/boletin-vigente',
  '/api/v1/boletin-vigente/ordenanzas',
  '/api/v1/boletin-vigente/decretos',
  '/api/v1/boletines-oficiales',
  '/api/v1/areas',
  '/api/v1/ejecutivo',
  '/api/v1/secretarias',
  '/api/v1/concejo-deliberante',
  '/api/v1/observatorio-vial',
  '/api/v1/observatorio-vial/galeria',
  '/api/v1/observatorio-vial/movimiento-terminal',
  '/api/v1/observatorio-vial/informes-estadisticos',
  '/api/v1/estados-contables',
  '/api/v1/sueldos',
  '/api/v1/plan-estrategico',
  '/api/v1/solicitudes-decreto',
  '/api/v1/solicitudes-decreto/SD-2026-000001',
  '/api/v1/documentos/{doc}',
  '/api/v1/no-existe',
];
const OTRAS = [
  '/Ordenanzas/',
  '/Ordenanzas',
  '/downloadArchivoAppTurismo',
  '/feeds/boletines.xml',
  '/feeds/ordenanzas.xml',
  '/sitemap.xml',
  '/robots.txt',
  '/data.json',
  '/datos/autoridades.csv',
  '/health/live',
  '/health/ready',
  '{asset}',
  '/favicon.svg',
  '/recoleccion/centro.ics',
  '/recoleccion/centro/humedos.ics',
  '/recoleccion/zonas.geojson',
  '/mi-calle/avisos/gestion',
];

/** The API routes that answer a list, as JSON or CSV. */
const API_LISTAS = [
  '/api/v1/ordenanzas',
  '/api/v1/boletin-vigente/ordenanzas',
  '/api/v1/boletin-vigente/decretos',
  '/api/v1/boletines-oficiales',
  '/api/v1/areas',
  '/api/v1/secretarias',
  '/api/v1/observatorio-vial/movimiento-terminal',
  '/api/v1/observatorio-vial/informes-estadisticos',
  '/api/v1/estados-contables',
  '/api/v1/sueldos',
  '/api/v1/plan-estrategico',
];

/** The query parameters each route reads. */
const PARAMETROS: [string, string[]][] = [
  ['/consulta-ordenanzas', ['pattern', 'estado', 'numero', 'anio', 'pagina']],
  ['/api/v1/ordenanzas', ['pattern', 'estado', 'numero', 'anio', 'pagina', 'porPagina', 'formato']],
  ['/api/v1/ordenanzas?formato=csv', ['pattern']],
  ['/feeds/ordenanzas.xml', ['pattern', 'anio']],
  ['/solicitud-decretos/ordenanzas', ['q']],
  ['/solicitud-decretos/estado', ['codigo']],
  ['/Ordenanzas/', ['estado', 'numero', 'anio', 'tag', 'palabra', 'idOrdenanza']],
  ['/downloadArchivoAppTurismo', ['id']],
  ['/api/v1/observatorio-vial/galeria', ['gallery']],
  ['/api/v1/boletin-vigente/ordenanzas', ['pattern', 'formato']],
  ['/api/v1/boletin-vigente/decretos', ['pattern']],
  ['/api/v1/areas', ['pattern', 'formato']],
  ['/api/v1/secretarias', ['pattern']],
  ['/acceso-empleados', ['destino']],
  ['/mi-calle', ['q', 'lat', 'lon', 'zona']],
  ['/mi-calle/avisos', ['zona', 'lat', 'lon']],
  ['/recoleccion/centro', ['mes']],
];
/** Parameters whose every byte sequence is tried (the others get a rotating share). */
const PARAMETROS_COMPLETOS = new Set([
  '/consulta-ordenanzas pattern',
  '/api/v1/ordenanzas pattern',
  '/api/v1/ordenanzas?formato=csv pattern',
  '/Ordenanzas/ palabra',
  '/solicitud-decretos/ordenanzas q',
  '/mi-calle q',
]);

/** Bytes no text a citizen types can hold: NUL, invalid UTF-8, lone surrogates, control characters. */
const SECUENCIAS: [string, string][] = [
  ['NUL (%00)', '%00'],
  ['el byte inválido %FF', '%FF'],
  ['UTF-8 mal formado %C3%28', '%C3%28'],
  ['UTF-8 truncado %E2%82', '%E2%82'],
  ['UTF-8 sobrelargo %C0%AF', '%C0%AF'],
  ['un surrogate suelto %ED%A0%80', '%ED%A0%80'],
  ['el control %01', '%01'],
  ['ESC (%1B)', '%1B'],
  ['DEL (%7F)', '%7F'],
  ['el control C1 %C2%85', '%C2%85'],
];
const crudo = (secuencia: string) => Buffer.from(secuencia.replace(/%/g, ''), 'hex');

/** The same sequences written as JSON escapes (raw control characters are not JSON at all). */
const ESCAPES_JSON: [string, string][] = [
  ['NUL (\\u0000)', '\\u0000'],
  ['un surrogate alto suelto (\\ud800)', '\\ud800'],
  ['un surrogate bajo suelto (\\udfff)', '\\udfff'],
  ['el control \\u0001', '\\u0001'],
  ['ESC (\\u001b)', '\\u001b'],
  ['DEL (\\u007f)', '\\u007f'],
  ['el control C1 \\u0085', '\\u0085'],
];

const INYECCIONES: [string, string][] = [
  ['una etiqueta <script>', '<script>alert(1)</script>'],
  ['un atributo cerrado con <svg onload>', '"><svg onload=alert(1)>'],
  ["la inyección SQL ' or 1=1--", "' or 1=1--"],
  ['un drop table', "%' ; drop table ordenanzas; --"],
  ['la plantilla ${{7*7}}', '${{7*7}}'],
  ['una palabra de 2.000 caracteres', 'x'.repeat(2000)],
];

/** `cantidad` items of `lista`, starting at `desde` and wrapping around: every item gets its turn across rows. */
function rotar<T>(lista: T[], cantidad: number, desde: number): T[] {
  return Array.from({ length: Math.min(cantidad, lista.length) }, (_, i) => lista[(desde + i) % lista.length]!);
}

/** A target with the case's marker as one more parameter, after the query under test. */
function conMarca(ruta: string, query: string, marca: string): string {
  const separador = ruta.includes('?') ? '&' : '?';
  return `${ruta}${separador}${query}${query ? '&' : ''}ref=${marca}`;
}

function baseSolicitud(): Record<string, string> {
  const n = siguienteSolicitud++;
  return {
    nombre: 'Lucía Fernández',
    dni: DNI,
    email: `${PREFIJO_EMAIL}.${n}@correo.com.ar`,
    numero: `${n}/2025`,
    ordenanza: '',
    aclaraciones: 'Copia para un trámite.',
  };
}

/** An urlencoded form; `crudoDe` appends raw, already-encoded text to one field (or its name). */
function formulario(campos: Record<string, string>, crudoDe?: { campo: string; sufijo: string; enNombre?: boolean }): string {
  return Object.entries(campos)
    .map(([clave, valor]) => {
      const propio = crudoDe?.campo === clave;
      const nombre = encodeURIComponent(clave) + (propio && crudoDe.enNombre ? crudoDe.sufijo : '');
      return `${nombre}=${encodeURIComponent(valor)}${propio && !crudoDe.enNombre ? crudoDe.sufijo : ''}`;
    })
    .join('&');
}

const FORM = 'application/x-www-form-urlencoded';
const JSON_TIPO = 'application/json';
const ENVIO_FORM = (cuerpo: Bytes, tipo: string | null = FORM): RawRequest => ({
  method: 'POST',
  target: '/solicitud-decretos',
  headers: tipo === null ? [] : [['Content-Type', tipo]],
  body: cuerpo,
});
const ENVIO_API = (cuerpo: Bytes, tipo: string | null = JSON_TIPO, extra: [string, Bytes][] = []): RawRequest => ({
  method: 'POST',
  target: '/api/v1/solicitudes-decreto',
  headers: [...(tipo === null ? [] : ([['Content-Type', tipo]] as [string, Bytes][])), ...extra],
  body: cuerpo,
});

/** A JSON body whose text holds `insertar` (raw JSON text or raw bytes) where the marker ⟦X⟧ is. */
function jsonCon(objeto: Record<string, string>, insertar: Bytes): Buffer {
  const [antes, despues] = JSON.stringify(objeto).split('⟦X⟧') as [string, string];
  return Buffer.concat([Buffer.from(antes), typeof insertar === 'string' ? Buffer.from(insertar) : insertar, Buffer.from(despues)]);
}

function construirCorpus(): Caso[] {
  const casos: Caso[] = [];
  const agregar = (caso: Caso) => casos.push(caso);
  const get = (nombre: string, ruta: string, query: string, esperado: Esperado, extra: Partial<Caso> & { headers?: [string, Bytes][] } = {}) => {
    const marca = nuevaMarca();
    const { headers, ...resto } = extra;
    agregar({ nombre, pedido: { target: conMarca(ruta, query, marca), headers }, esperado, marca, ...resto });
  };

  // 1. Invalid bytes in a query parameter: the known ones of each route, and an unknown one elsewhere.
  PARAMETROS.forEach(([ruta, params], fila) => {
    params.forEach((param, columna) => {
      const todas = PARAMETROS_COMPLETOS.has(`${ruta} ${param}`);
      for (const [descripcion, secuencia] of todas ? SECUENCIAS : rotar(SECUENCIAS, 4, fila * 3 + columna * 4)) {
        get(`GET ${ruta} con ${descripcion} en el parámetro ${param} responde 400`, ruta, `${param}=${secuencia}`, [400]);
      }
    });
  });
  const conParametros = new Set(PARAMETROS.map(([ruta]) => ruta));
  [...PAGINAS, ...API, ...OTRAS]
    .filter((ruta) => !conParametros.has(ruta))
    .forEach((ruta, fila) => {
      for (const [descripcion, secuencia] of rotar(SECUENCIAS, 2, fila * 2)) {
        get(`GET ${ruta} con ${descripcion} en un parámetro desconocido responde 400`, ruta, `x=${secuencia}`, [400]);
      }
    });

  // 2. The same bytes raw on the wire, in the query and in the path.
  const RUTAS_CRUDAS = ['/consulta-ordenanzas?pattern=', '/api/v1/ordenanzas?pattern=', '/Ordenanzas/?palabra=', '/health/live?x='];
  const CAMINOS_CRUDOS = ['/', '/consulta-ordenanzas/', '/api/v1/ordenanzas/', '/assets/'];
  SECUENCIAS.forEach(([descripcion, secuencia], i) => {
    const ruta = RUTAS_CRUDAS[i % RUTAS_CRUDAS.length]!;
    agregar({
      nombre: `GET ${ruta}… con ${descripcion} sin codificar en la consulta responde 400`,
      pedido: { target: Buffer.concat([Buffer.from(ruta), crudo(secuencia)]) },
      esperado: [400],
    });
    const camino = CAMINOS_CRUDOS[i % CAMINOS_CRUDOS.length]!;
    agregar({
      nombre: `GET ${camino}… con ${descripcion} sin codificar en la ruta responde 400`,
      pedido: { target: Buffer.concat([Buffer.from(camino), crudo(secuencia), Buffer.from('x')]) },
      esperado: [400],
    });
  });

  // 3. Invalid bytes in a path segment.
  const SEGMENTOS = [
    '/consulta-ordenanzas/{s}/1',
    '/consulta-ordenanzas/2026/{s}',
    '/api/v1/ordenanzas/{s}',
    '/api/v1/documentos/{s}',
    '/api/v1/solicitudes-decreto/SD-2026-{s}',
    '/{s}',
    '/areas/{s}',
    '/assets/{s}.js',
    '/feeds/{s}.xml',
    '/api/v1/{s}',
    '/recoleccion/{s}',
    '/recoleccion/{s}.ics',
    '/recoleccion/centro/{s}.ics',
  ];
  SEGMENTOS.forEach((plantilla, fila) => {
    for (const [descripcion, secuencia] of rotar(SECUENCIAS, 4, fila * 3)) {
      agregar({
        nombre: `GET ${plantilla} con ${descripcion} en el segmento responde 400`,
        pedido: { target: plantilla.replace('{s}', `a${secuencia}`) },
        esperado: [400],
      });
    }
  });

  // 4. Path traversal and encoded slashes: never a file outside the site.
  const FUERA = ['"name": "municipalidad-vla"', 'DATABASE_URL', 'root:x:0:0'];
  for (const [descripcion, target] of [
    ['../ codificado', '/assets/..%2F..%2Fpackage.json'],
    ['..%5C codificado', '/assets/..%5C..%5Cpackage.json'],
    ['../ doblemente codificado', '/assets/%252e%252e%252fpackage.json'],
    ['/etc/passwd', '/assets/..%2F..%2F..%2F..%2F..%2F..%2Fetc%2Fpasswd'],
    ['un punto sobrelargo', '/assets/%C0%AE%C0%AE/package.json'],
  ] as const) {
    agregar({ nombre: `GET ${target} (${descripcion}) responde con un error 4xx sin mostrar archivos`, pedido: { target }, esperado: '4xx', prohibido: FUERA });
  }

  // 5. Form fields of POST /solicitud-decretos.
  const CAMPOS_FORM = ['nombre', 'dni', 'email', 'numero', 'ordenanza', 'ordenanzaNumero', 'aclaraciones'];
  CAMPOS_FORM.forEach((campo, fila) => {
    const secuencias = campo === 'nombre' || campo === 'aclaraciones' ? SECUENCIAS : rotar(SECUENCIAS, 4, fila * 3);
    for (const [descripcion, secuencia] of secuencias) {
      const campos = { ...baseSolicitud(), ordenanzaNumero: '' };
      agregar({
        nombre: `POST /solicitud-decretos con ${descripcion} en el campo ${campo} responde 400`,
        pedido: ENVIO_FORM(formulario(campos, { campo, sufijo: secuencia })),
        esperado: [400],
      });
    }
  });
  for (const [descripcion, secuencia] of [SECUENCIAS[0]!, SECUENCIAS[1]!, SECUENCIAS[5]!]) {
    agregar({
      nombre: `POST /solicitud-decretos con ${descripcion} en el nombre de un campo responde 400`,
      pedido: ENVIO_FORM(formulario(baseSolicitud(), { campo: 'nombre', sufijo: secuencia, enNombre: true })),
      esperado: [400],
    });
  }

  // 5b. Form fields of POST /mi-calle/avisos (Mi calle's notices).
  const AVISOS = {
    zona: 'centro',
    servicios: '1',
    recordatorio: 'on',
    email: `${PREFIJO_EMAIL}.avisos@correo.com.ar`,
    lat: '-40.7612',
    lon: '-71.6388',
    radio: '300',
  };
  Object.keys(AVISOS).forEach((campo, fila) => {
    for (const [descripcion, secuencia] of rotar(SECUENCIAS, 4, fila * 3)) {
      agregar({
        nombre: `POST /mi-calle/avisos con ${descripcion} en el campo ${campo} responde 400`,
        pedido: { ...ENVIO_FORM(formulario(AVISOS, { campo, sufijo: secuencia })), target: '/mi-calle/avisos' },
        esperado: [400],
      });
    }
  });

  // 6. JSON of POST /api/v1/solicitudes-decreto: escapes and raw bytes in values and keys.
  const CAMPOS_JSON = ['nombre', 'dni', 'email', 'numero', 'aclaraciones'];
  ESCAPES_JSON.forEach(([descripcion, escape], fila) => {
    for (const campo of rotar(CAMPOS_JSON, 2, fila * 2)) {
      const objeto = baseSolicitud();
      objeto[campo] = `${objeto[campo]}⟦X⟧`;
      agregar({
        nombre: `POST /api/v1/solicitudes-decreto con ${descripcion} en el valor de ${campo} responde 400`,
        pedido: ENVIO_API(jsonCon(objeto, escape)),
        esperado: [400],
      });
    }
    const objeto = { ...baseSolicitud(), 'extra⟦X⟧': 'x' };
    agregar({
      nombre: `POST /api/v1/solicitudes-decreto con ${descripcion} en una clave responde 400`,
      pedido: ENVIO_API(jsonCon(objeto, escape)),
      esperado: [400],
    });
  });
  [...SECUENCIAS.slice(0, 8), SECUENCIAS[9]!].forEach(([descripcion, secuencia], i) => {
    const campo = CAMPOS_JSON[i % CAMPOS_JSON.length]!;
    const objeto = baseSolicitud();
    objeto[campo] = `${objeto[campo]}⟦X⟧`;
    agregar({
      nombre: `POST /api/v1/solicitudes-decreto con ${descripcion} sin escapar en el valor de ${campo} responde 400`,
      pedido: ENVIO_API(jsonCon(objeto, crudo(secuencia))),
      esperado: [400],
    });
  });
  for (const [descripcion, secuencia] of [SECUENCIAS[1]!, SECUENCIAS[5]!]) {
    agregar({
      nombre: `POST /api/v1/solicitudes-decreto con ${descripcion} sin escapar en una clave responde 400`,
      pedido: ENVIO_API(jsonCon({ ...baseSolicitud(), 'extra⟦X⟧': 'x' }, crudo(secuencia))),
      esperado: [400],
    });
  }

  // 7. Header values, raw (HTTP does not percent-decode them).
  const CABECERAS: [string, string][] = [
    ['User-Agent', 'Mozilla/5.0 '],
    ['Accept', 'text/html'],
    ['Accept-Language', 'es-AR'],
    ['Referer', 'http://127.0.0.1/'],
    ['Cookie', 'preferencia='],
    ['If-None-Match', '"abc'],
    ['Range', 'bytes=0-'],
    ['X-Forwarded-For', '203.0.113.'],
  ];
  const RUTAS_CABECERAS = [
    '/',
    '/consulta-ordenanzas',
    '/api/v1/ordenanzas',
    '/api/v1/documentos/{doc}',
    '/Ordenanzas/',
    '/sitemap.xml',
    '/health/live',
    '{asset}',
  ];
  CABECERAS.forEach(([cabecera, base], fila) => {
    rotar(SECUENCIAS, 4, fila * 3).forEach(([descripcion, secuencia], columna) => {
      const ruta = RUTAS_CABECERAS[(fila + columna) % RUTAS_CABECERAS.length]!;
      agregar({
        nombre: `GET ${ruta} con ${descripcion} sin codificar en la cabecera ${cabecera} responde 400`,
        pedido: { target: ruta, headers: [[cabecera, Buffer.concat([Buffer.from(base), crudo(secuencia)])]] },
        esperado: [400],
      });
    });
  });

  // 8. Methods the site does not serve.
  const METODOS = ['TRACE', 'PROPFIND', 'MKCOL', 'COPY', 'LOCK', 'SEARCH'];
  const RUTAS_METODOS = [
    '/',
    '/consulta-ordenanzas',
    '/solicitud-decretos',
    '/areas',
    '/api/v1/ordenanzas',
    '/api/v1/solicitudes-decreto',
    '/api/v1/documentos/{doc}',
    '/api/docs',
    '/Ordenanzas/',
    '/downloadArchivoAppTurismo?id={doc}',
    '/feeds/ordenanzas.xml',
    '/sitemap.xml',
    '/health/ready',
    '{asset}',
  ];
  RUTAS_METODOS.forEach((ruta, fila) => {
    for (const metodo of rotar(METODOS, 3, fila * 2))
      agregar({ nombre: `${metodo} ${ruta} responde 405`, pedido: { method: metodo, target: ruta }, esperado: [405] });
  });
  const PAGINAS_METODOS = [
    '/',
    '/home',
    '/consulta-ordenanzas',
    '/consulta-ordenanzas/{anio}/{numero}',
    '/solicitud-decretos',
    '/solicitud-decretos/estado',
    '/boletines-oficiales',
    '/login',
    '/sign-out',
  ];
  PAGINAS_METODOS.forEach((ruta, fila) => {
    agregar({
      nombre: `PATCH ${ruta} responde 405`,
      pedido: { method: 'PATCH', target: ruta, headers: [['Content-Type', FORM]], body: 'a=1' },
      esperado: [405],
    });
    const otro = fila % 2 === 0 ? 'PUT' : 'DELETE';
    agregar({ nombre: `${otro} ${ruta} responde 405`, pedido: { method: otro, target: ruta }, esperado: [405] });
  });
  for (const ruta of ['/notfound', '/no-existe/en-el-sitio']) {
    agregar({
      nombre: `PATCH ${ruta} responde 404 o 405`,
      pedido: { method: 'PATCH', target: ruta, headers: [['Content-Type', FORM]], body: 'a=1' },
      esperado: [404, 405],
    });
  }
  for (const [metodo, ruta] of [
    ['HACKEAR', '/'],
    ['FOOBAR', '/api/v1/ordenanzas'],
    ['PURGE', '/consulta-ordenanzas'],
    ['BREW', '/health/live'],
  ]) {
    agregar({ nombre: `el método desconocido ${metodo} en ${ruta} responde 405 o 400`, pedido: { method: metodo!, target: ruta! }, esperado: [400, 405] });
  }

  // 9. Host: absent, or not a host[:port].
  const HOSTS: [string, Partial<RawRequest>][] = [
    ['HTTP/1.0 sin Host', { version: 'HTTP/1.0', host: null }],
    ['HTTP/1.1 sin Host', { host: null }],
    ['Host con una barra y una etiqueta', { host: 'evil.com/<script>' }],
    ['Host con un espacio', { host: 'a b' }],
    ['Host partido por un espacio', { host: 'exa mple.com' }],
    ['Host con el puerto fuera de rango', { host: 'x:99999' }],
    ['Host vacío', { host: '' }],
    ['Host con un puerto no numérico', { host: 'ejemplo.com:abc' }],
    ['Host con un corchete sin cerrar', { host: '[::1' }],
    ['Host con credenciales', { host: 'usuario@evil.com' }],
    ['Host con NUL codificado', { host: 'ev%00il.com' }],
  ];
  const RUTAS_HOST = ['/', '/consulta-ordenanzas', '/api/v1/ordenanzas', '/sitemap.xml', '/robots.txt', '/feeds/ordenanzas.xml', '/api/docs', '/health/live'];
  HOSTS.forEach(([descripcion, cambios], fila) => {
    for (const ruta of rotar(RUTAS_HOST, 3, fila * 3))
      agregar({ nombre: `GET ${ruta} con ${descripcion} responde 400`, pedido: { target: ruta, ...cambios }, esperado: [400] });
  });

  // 10. Bodies: media types, malformed JSON, sizes, framing.
  const formValido = () => formulario(baseSolicitud());
  for (const tipo of ['text/plain', 'application/json', 'application/xml', null]) {
    agregar({ nombre: `POST /solicitud-decretos con Content-Type ${tipo ?? 'ausente'} responde 415`, pedido: ENVIO_FORM(formValido(), tipo), esperado: [415] });
  }
  const boundary = `----limite${CORRIDA}`;
  const multipart = `--${boundary}\r\nContent-Disposition: form-data; name="nombre"\r\n\r\nLucía\r\n--${boundary}--\r\n`;
  for (const [tipo, cuerpo] of [
    ['text/plain', JSON.stringify(baseSolicitud())],
    [FORM, formValido()],
    [`multipart/form-data; boundary=${boundary}`, multipart],
    ['application/xml', '<solicitud><nombre>Lucía</nombre></solicitud>'],
    [null, JSON.stringify(baseSolicitud())],
  ] as const) {
    agregar({
      nombre: `POST /api/v1/solicitudes-decreto con Content-Type ${tipo?.split(';')[0] ?? 'ausente'} responde 415`,
      pedido: ENVIO_API(cuerpo, tipo),
      esperado: [415],
    });
  }
  for (const [descripcion, cuerpo] of [
    ['un objeto sin terminar', '{"nombre":'],
    ['una llave sin cerrar', '['],
    ['claves sin comillas', '{nombre: "Lucía"}'],
    ['una llave de más', '{"nombre":"Lucía"}}'],
    ['el cuerpo vacío', ''],
    ['null', 'null'],
    ['un texto suelto', '"Lucía"'],
    ['un número', '42'],
    ['un __proto__', `{"__proto__":{"admin":true},"nombre":"Lucía","dni":"${DNI}"}`],
    ['un constructor.prototype', '{"constructor":{"prototype":{"admin":true}}}'],
    // Deep, but under the 16 KiB limit, so the parser itself meets them.
    ['2.000 objetos anidados sin cerrar', '{"a":'.repeat(2000)],
    ['7.000 listas anidadas', `${'['.repeat(7000)}${']'.repeat(7000)}`],
    ['una comilla simple', "{'nombre':'Lucía'}"],
  ] as const) {
    agregar({ nombre: `POST /api/v1/solicitudes-decreto con JSON mal formado (${descripcion}) responde 400`, pedido: ENVIO_API(cuerpo), esperado: [400] });
  }
  agregar({
    nombre: 'POST /api/v1/solicitudes-decreto con un cuerpo de 20 KB responde 413',
    pedido: ENVIO_API(JSON.stringify({ ...baseSolicitud(), aclaraciones: 'x'.repeat(20_000) })),
    esperado: [413],
  });
  const grande = JSON.stringify({ ...baseSolicitud(), aclaraciones: 'x'.repeat(20_000) });
  agregar({
    nombre: 'POST /api/v1/solicitudes-decreto con un cuerpo chunked de 20 KB responde 413',
    pedido: {
      ...ENVIO_API(`${Buffer.byteLength(grande).toString(16)}\r\n${grande}\r\n0\r\n\r\n`, JSON_TIPO, [['Transfer-Encoding', 'chunked']]),
      contentLength: false,
    },
    esperado: [413],
  });
  agregar({
    nombre: 'POST /solicitud-decretos con un formulario de 1,1 MB responde 413',
    pedido: ENVIO_FORM(formulario({ ...baseSolicitud(), aclaraciones: 'x'.repeat(1_150_000) })),
    esperado: [413],
  });
  for (const [descripcion, pedido] of [
    [
      'Content-Length y Transfer-Encoding a la vez',
      {
        ...ENVIO_API('5\r\n{"a":\r\n0\r\n\r\n', JSON_TIPO, [
          ['Transfer-Encoding', 'chunked'],
          ['Content-Length', '13'],
        ]),
        contentLength: false,
      },
    ],
    ['Content-Length no numérico', { ...ENVIO_API('{}', JSON_TIPO, [['Content-Length', 'abc']]), contentLength: false }],
    [
      'Content-Length negativo',
      {
        ...ENVIO_FORM('a=1', FORM),
        headers: [
          ['Content-Type', FORM],
          ['Content-Length', '-1'],
        ] as [string, Bytes][],
        contentLength: false,
      },
    ],
    [
      'un chunk de tamaño ilegible',
      {
        ...ENVIO_FORM('zz\r\nhola\r\n0\r\n\r\n', FORM),
        headers: [
          ['Content-Type', FORM],
          ['Transfer-Encoding', 'chunked'],
        ] as [string, Bytes][],
        contentLength: false,
      },
    ],
  ] as [string, RawRequest][]) {
    agregar({ nombre: `POST ${String(pedido.target)} con ${descripcion} responde 400`, pedido, esperado: [400] });
  }

  // 11. Over-long URLs and headers.
  const largo = 'a'.repeat(10_000);
  for (const ruta of ['/consulta-ordenanzas', '/api/v1/ordenanzas', '/Ordenanzas/', '/health/live', '{asset}', '/sitemap.xml']) {
    get(`GET ${ruta} con una consulta de 10.000 caracteres responde 414`, ruta, `pattern=${largo}`, [414]);
  }
  agregar({ nombre: 'GET de una ruta de 10.000 caracteres responde 414', pedido: { target: `/${largo}` }, esperado: [414] });
  for (const ruta of ['/', '/api/v1/ordenanzas']) {
    agregar({
      nombre: `GET ${ruta} con una consulta de 100 KiB responde con un error 4xx`,
      pedido: { target: `${ruta}?x=${'a'.repeat(100 * 1024)}` },
      esperado: '4xx',
    });
  }
  agregar({
    nombre: 'GET / con una cookie de 20 KB responde con un error 4xx',
    pedido: { target: '/', headers: [['Cookie', `a=${'b'.repeat(20_000)}`]] },
    esperado: '4xx',
  });

  // 12. Values out of range and of the wrong type where routes parse them: the route's own answer.
  const VALORES: [string, string][] = [
    ['/consulta-ordenanzas', 'pagina=999999'],
    ['/consulta-ordenanzas', 'pagina=-1'],
    ['/consulta-ordenanzas', 'pagina=0'],
    ['/consulta-ordenanzas', 'pagina=1.5'],
    ['/consulta-ordenanzas', 'anio=99999999999999999999'],
    ['/consulta-ordenanzas', 'numero=1e309'],
    ['/consulta-ordenanzas', 'estado=[]'],
    ['/consulta-ordenanzas', 'estado=99'],
    ['/consulta-ordenanzas', 'anio=2024&anio=abc'],
    ['/consulta-ordenanzas', 'pattern=%20%20%20&estado=&anio=&numero='],
    ['/consulta-ordenanzas', 'pattern=residuos&pagina=99999'],
    ['/api/v1/ordenanzas', 'pagina=999999'],
    ['/api/v1/ordenanzas', 'pagina=-1'],
    ['/api/v1/ordenanzas', 'porPagina=abc'],
    ['/api/v1/ordenanzas', 'porPagina=-5'],
    ['/api/v1/ordenanzas', 'porPagina=1e309'],
    ['/api/v1/ordenanzas', 'porPagina=999999'],
    ['/api/v1/ordenanzas', 'anio=99999999999999999999'],
    ['/api/v1/ordenanzas', 'numero=1e309'],
    ['/api/v1/ordenanzas', 'estado=[]'],
    ['/api/v1/ordenanzas', 'pattern[]=x&estado[0]=1'],
    ['/api/v1/ordenanzas', 'formato=xml'],
    ['/api/v1/ordenanzas', 'formato=csv&anio=abc'],
    ['/api/v1/ordenanzas', 'formato=csv&pagina=-1'],
    ['/api/v1/ordenanzas', 'formato=csv&numero=1e309'],
    ['/api/v1/ordenanzas', 'formato=csv&estado=[]'],
    ['/api/v1/ordenanzas/-1', ''],
    ['/api/v1/ordenanzas/1.5', ''],
    ['/api/v1/ordenanzas/99999999999999999999', ''],
    ['/api/v1/ordenanzas/0', ''],
    ['/api/v1/documentos/-1', ''],
    ['/api/v1/documentos/1.5', ''],
    ['/api/v1/documentos/99999999999999999999', ''],
    ['/api/v1/documentos/0', ''],
    ['/downloadArchivoAppTurismo', 'id=-1'],
    ['/downloadArchivoAppTurismo', 'id=1.5'],
    ['/downloadArchivoAppTurismo', 'id=99999999999999999999'],
    ['/downloadArchivoAppTurismo', 'id=abc'],
    ['/downloadArchivoAppTurismo', 'id='],
    ['/Ordenanzas/', 'idOrdenanza=-1'],
    ['/Ordenanzas/', 'idOrdenanza=1.5'],
    ['/Ordenanzas/', 'idOrdenanza=99999999999999999999'],
    ['/Ordenanzas/', 'anio=99999999999999999999'],
    ['/Ordenanzas/', 'numero=1e309'],
    ['/Ordenanzas/', 'estado=[]'],
    ['/consulta-ordenanzas/99999999999999999999/1', ''],
    ['/consulta-ordenanzas/2026/1e309', ''],
    ['/consulta-ordenanzas/-1/-1', ''],
    ['/solicitud-decretos/estado', 'codigo=SD-9999-99999999999999999999'],
    ['/solicitud-decretos/ordenanzas', 'q=99999999999999999999'],
    ['/solicitud-decretos/ordenanzas', 'q=999999999/99999'],
    ['/api/v1/solicitudes-decreto/SD-2026-999999999999', ''],
    [`/api/v1/solicitudes-decreto/${'X'.repeat(41)}`, ''],
    ['/api/v1/observatorio-vial/galeria', ''],
    ['/api/v1/observatorio-vial/galeria', 'gallery=no-existe'],
    ['/acceso-empleados', 'destino=javascript:alert(1)'],
    ['/mi-calle', 'lat=91&lon=-71.6'],
    ['/mi-calle', 'lat=NaN&lon=Infinity'],
    ['/mi-calle', 'lat=-4.07e1&lon=-7.16e1'],
    ['/mi-calle', 'lat=1e309&lon=0x1A'],
    ['/mi-calle', `lat=-40.7&lon=${'9'.repeat(400)}`],
    ['/mi-calle', 'zona=no-existe'],
    ['/mi-calle', 'q=Los%20Notros%2099999999999999999999'],
    ['/mi-calle', 'q=Av.%20Arrayanes%20250&q=x&lat=1&zona=centro'],
    ['/mi-calle/avisos', 'zona=centro&lat=1e309&lon=NaN'],
    ['/mi-calle/avisos', `zona=${'a'.repeat(2000)}`],
    ['/recoleccion/centro', 'mes=99999-99'],
    ['/recoleccion/centro', 'mes=2026-12&mes=2027-01'],
    ['/recoleccion/no-existe.ics', ''],
    ['/recoleccion/centro/no-existe.ics', ''],
    ['/recoleccion/CENTRO', ''],
  ];
  for (const [ruta, query] of VALORES) {
    get(`GET ${ruta}${query ? `?${query}` : ''} responde con un estado menor que 500`, ruta, query, 'menor500');
  }
  const CABECERAS_RARAS: [string, string, [string, string][]][] = [
    ['/api/v1/documentos/{doc}', 'Range: bytes=999999999-', [['Range', 'bytes=999999999-']]],
    ['/downloadArchivoAppTurismo?id={doc}', 'Range: bytes=999999999-', [['Range', 'bytes=999999999-']]],
    ['/api/v1/documentos/{doc}', 'Range: bytes=abc', [['Range', 'bytes=abc']]],
    ['/api/v1/documentos/{doc}', 'Range: bytes=5-1', [['Range', 'bytes=5-1']]],
    ['/api/v1/documentos/{doc}', 'Range: bytes=-0', [['Range', 'bytes=-0']]],
    ['/api/v1/documentos/{doc}', 'Range con dos rangos', [['Range', 'bytes=0-0,2-3']]],
    ['/api/v1/documentos/{doc}', 'Range: bytes=0-99999999999999999999', [['Range', 'bytes=0-99999999999999999999']]],
    ['/api/v1/documentos/{doc}', 'If-Modified-Since: basura', [['If-Modified-Since', 'basura']]],
    ['/api/v1/documentos/{doc}', 'If-None-Match: basura', [['If-None-Match', 'basura']]],
    [
      '/api/v1/documentos/{doc}',
      'If-Range: basura con Range',
      [
        ['If-Range', 'basura'],
        ['Range', 'bytes=0-10'],
      ],
    ],
    ['/consulta-ordenanzas', 'If-Modified-Since: basura', [['If-Modified-Since', 'basura']]],
    ['/api/v1/ordenanzas', 'If-Modified-Since: basura', [['If-Modified-Since', 'basura']]],
    ['/consulta-ordenanzas', 'Range: bytes=999999999-', [['Range', 'bytes=999999999-']]],
    ['{asset}', 'Range: bytes=999999999-', [['Range', 'bytes=999999999-']]],
    ['/', 'Accept: */*;q=abc', [['Accept', '*/*;q=abc']]],
    ['/consulta-ordenanzas', 'Accept-Language: *;q=2', [['Accept-Language', '*;q=2']]],
    ['/api/v1/ordenanzas?anio=abc', 'Accept: text/csv', [['Accept', 'text/csv']]],
    ['/api/v1/ordenanzas/{ordenanza}', 'Accept: text/csv', [['Accept', 'text/csv']]],
    ['/api/v1/ejecutivo', 'Accept: text/csv', [['Accept', 'text/csv']]],
    ...API_LISTAS.map((ruta): [string, string, [string, string][]] => [ruta, 'Accept: text/csv', [['Accept', 'text/csv']]]),
  ];
  for (const [ruta, descripcion, headers] of CABECERAS_RARAS) {
    agregar({ nombre: `GET ${ruta} con ${descripcion} responde con un estado menor que 500`, pedido: { target: ruta, headers }, esperado: 'menor500' });
  }

  // 13. Injection payloads in every text parameter, path segment and form field.
  PARAMETROS.forEach(([ruta, params], fila) => {
    const esPagina = !ruta.startsWith('/api/') && !ruta.startsWith('/Ordenanzas') && !ruta.startsWith('/download');
    params.forEach((param, columna) => {
      for (const [descripcion, carga] of esPagina ? INYECCIONES : rotar(INYECCIONES, 3, fila + columna * 2)) {
        get(
          `GET ${ruta} con ${descripcion} en el parámetro ${param} responde con un estado menor que 500`,
          ruta,
          `${param}=${encodeURIComponent(carga)}`,
          'menor500',
          { inyeccion: carga },
        );
      }
    });
  });
  for (const plantilla of ['/consulta-ordenanzas/{s}/1', '/api/v1/ordenanzas/{s}', '/api/v1/solicitudes-decreto/{s}', '/{s}']) {
    for (const [descripcion, carga] of INYECCIONES) {
      agregar({
        nombre: `GET ${plantilla} con ${descripcion} en el segmento responde con un estado menor que 500`,
        pedido: { target: plantilla.replace('{s}', encodeURIComponent(carga)) },
        esperado: 'menor500',
        inyeccion: carga,
      });
    }
  }
  for (const campo of CAMPOS_FORM) {
    for (const [descripcion, carga] of INYECCIONES) {
      const campos = { ...baseSolicitud(), ordenanzaNumero: '', [campo]: carga };
      agregar({
        nombre: `POST /solicitud-decretos con ${descripcion} en el campo ${campo} responde con un estado menor que 500`,
        pedido: ENVIO_FORM(formulario(campos)),
        esperado: 'menor500',
        inyeccion: carga,
      });
    }
  }
  CAMPOS_JSON.forEach((campo, fila) => {
    for (const [descripcion, carga] of rotar(INYECCIONES, 3, fila)) {
      agregar({
        nombre: `POST /api/v1/solicitudes-decreto con ${descripcion} en ${campo} responde con un estado menor que 500`,
        pedido: ENVIO_API(JSON.stringify({ ...baseSolicitud(), [campo]: carga })),
        esperado: 'menor500',
        inyeccion: carga,
      });
    }
  });

  const nombres = new Set<string>();
  for (const caso of casos) {
    if (nombres.has(caso.nombre)) throw new Error(`caso repetido en el corpus: ${caso.nombre}`);
    nombres.add(caso.nombre);
  }
  return casos;
}

const CORPUS = construirCorpus();

// ---------------------------------------------------------------------------------------------
// The server process, watched: a crash is recorded and, so the rest of the corpus still tells
// its own story, the server is started again on the same data.
// ---------------------------------------------------------------------------------------------

/** An unexpected exit: its code or signal, the crash message it printed, and the request that caused it once known. */
type Salida = { codigo: number | null; senal: NodeJS.Signals | null; motivo: string; culpable?: string };

/**
 * The error a crashing process printed last (Node ends a crash report with its version line):
 * the first error line after the source excerpt's caret, and where an 'error' event came from.
 */
function motivoDelCierre(texto: string): string {
  const fin = texto.lastIndexOf('\nNode.js v');
  const lineas = texto.slice(0, fin >= 0 ? fin : undefined).split('\n');
  const caret = lineas.findLastIndex((linea) => /^\s*\^\s*$/.test(linea));
  const bloque = lineas.slice(caret + 1).filter((linea) => linea.trim() !== '' && !linea.startsWith('{'));
  const error = bloque.find((linea) => /^\w*Error\b/.test(linea)) ?? bloque[0] ?? '(sin mensaje)';
  const emitido = bloque.find((linea) => linea.startsWith('Emitted '));
  return [error, emitido].filter(Boolean).join(' / ');
}

class Servidor {
  readonly env: Record<string, string>;
  readonly port: number;
  child: ChildProcess | undefined;
  vivo = false;
  salida = '';
  readonly salidas: Salida[] = [];
  private deteniendo = false;
  private arranque: Promise<void> | undefined;
  private terminado: Promise<void> = Promise.resolve();

  constructor(port: number, env: Record<string, string>) {
    this.port = port;
    this.env = env;
  }

  /** Starts the process and waits for the address it prints. */
  iniciar(): Promise<void> {
    this.arranque ??= (async () => {
      const desde = this.salida.length;
      const child = spawn(process.execPath, ['server/index.ts'], { env: { ...process.env, ...this.env }, stdio: ['ignore', 'pipe', 'pipe'] });
      this.child = child;
      for (const flujo of [child.stdout, child.stderr]) {
        flujo?.setEncoding('utf8');
        flujo?.on('data', (texto: string) => (this.salida += texto));
      }
      this.terminado = new Promise((resolve) =>
        child.on('exit', (codigo, senal) => {
          this.vivo = false;
          if (!this.deteniendo) this.salidas.push({ codigo, senal, motivo: motivoDelCierre(this.salida.slice(desde)) });
          resolve();
        }),
      );
      const direccion = `http://127.0.0.1:${this.port}`;
      // Generous: a restart after a crash recovers the database, on two cores shared with other work.
      const hasta = Date.now() + 120_000;
      while (!this.salida.slice(desde).includes(direccion)) {
        if (child.exitCode !== null) throw new Error(`el servidor terminó al arrancar:\n${this.salida.slice(desde)}`);
        if (Date.now() > hasta) throw new Error(`el servidor no arrancó en 120 s:\n${this.salida.slice(desde)}`);
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
      this.vivo = true;
    })().finally(() => {
      this.arranque = undefined;
    });
    return this.arranque;
  }

  /** Started again if it died (one restart shared by everyone waiting). */
  async asegurar(): Promise<void> {
    if (this.arranque) return this.arranque;
    if (!this.vivo) return this.iniciar();
  }

  /** True when the process has exited, waiting up to `ms` for it to do so. */
  async murio(ms: number): Promise<boolean> {
    const hasta = Date.now() + ms;
    while (this.vivo && Date.now() < hasta) await new Promise((resolve) => setTimeout(resolve, 50));
    return !this.vivo;
  }

  /**
   * After a lost connection: did the process die? A dying process may take seconds to print its
   * error and exit on a busy machine, so ask /health/live; only if that fails too, wait for the exit.
   */
  async cayo(): Promise<boolean> {
    if (!this.vivo) return true;
    try {
      await rawRequest(this.port, { target: '/health/live' }, ESPERA_MS);
      return !this.vivo;
    } catch {
      return this.murio(ESPERA_MS);
    }
  }

  async detener(): Promise<void> {
    this.deteniendo = true;
    const child = this.child;
    if (!child || child.exitCode !== null || child.signalCode !== null) return;
    child.kill('SIGTERM');
    const muerto = await Promise.race([this.terminado.then(() => true), new Promise<boolean>((resolve) => setTimeout(() => resolve(false), 10_000))]);
    if (!muerto) {
      child.kill('SIGKILL');
      await this.terminado;
    }
  }
}

type Resultado = { respuesta: RawResponse } | { error: string };

function resolver(pedido: RawRequest, contexto: Contexto): RawRequest {
  const reemplazar = (texto: string) => texto.replace(/\{(doc|ordenanza|anio|numero|asset)\}/g, (_m, clave: keyof Contexto) => contexto[clave]);
  const bytes = (valor: Bytes): Bytes => (typeof valor === 'string' ? reemplazar(valor) : Buffer.from(reemplazar(valor.toString('latin1')), 'latin1'));
  return { ...pedido, target: bytes(pedido.target), headers: pedido.headers?.map(([nombre, valor]) => [nombre, bytes(valor)]) };
}

async function enviar(servidor: Servidor, caso: Caso, contexto: Contexto): Promise<Resultado> {
  try {
    return { respuesta: await rawRequest(servidor.port, resolver(caso.pedido, contexto), ESPERA_MS) };
  } catch (error) {
    const mensaje = error instanceof Error ? error.message : String(error);
    return { error: error instanceof HangError ? `el servidor se colgó: ${mensaje}` : `sin respuesta: ${mensaje}` };
  }
}

/**
 * Sends the corpus CONCURRENCIA at a time. A request that loses its connection because the process
 * died is sent again, alone, after a restart: the one that kills it again is the culprit.
 */
async function correrCorpus(servidor: Servidor, contexto: Contexto): Promise<Map<string, Resultado>> {
  const resultados = new Map<string, Resultado>();
  /** Cases whose connection was lost when the process died, with the exit that cut it. */
  const sospechosos: { caso: Caso; salida: Salida | undefined }[] = [];
  let siguiente = 0;
  const trabajador = async () => {
    while (siguiente < CORPUS.length) {
      const caso = CORPUS[siguiente++]!;
      await servidor.asegurar();
      const resultado = await enviar(servidor, caso, contexto);
      if ('error' in resultado && resultado.error.startsWith('sin respuesta') && (await servidor.cayo()))
        sospechosos.push({ caso, salida: servidor.salidas.at(-1) });
      else resultados.set(caso.nombre, resultado);
    }
  };
  await Promise.all(Array.from({ length: CONCURRENCIA }, trabajador));
  for (const { caso, salida: primera } of sospechosos) {
    await servidor.asegurar();
    const resultado = await enviar(servidor, caso, contexto);
    if ('error' in resultado && (await servidor.cayo())) {
      const salida = servidor.salidas.at(-1);
      if (salida) salida.culpable = caso.nombre;
      if (primera) primera.culpable ??= caso.nombre;
      resultados.set(caso.nombre, { error: `el proceso terminó al atender este pedido (código ${salida?.codigo}): ${salida?.motivo}` });
    } else {
      resultados.set(caso.nombre, resultado);
    }
  }
  return resultados;
}

function primerAsset(): string {
  const dir = path.resolve('build/client/assets');
  const nombre = fs.readdirSync(dir).find((archivo) => archivo.endsWith('.js'));
  if (!nombre) throw new Error('no hay scripts en build/client/assets');
  return `/assets/${nombre}`;
}

async function leerContexto(port: number): Promise<Contexto> {
  const base = `http://127.0.0.1:${port}`;
  const ordenanzas = (await (await fetch(`${base}/api/v1/ordenanzas?porPagina=1`)).json()) as { items: { ID: number; Numero: number; Anio: number }[] };
  const boletines = (await (await fetch(`${base}/api/v1/boletines-oficiales`)).json()) as { documento: { id: number } }[];
  const ordenanza = ordenanzas.items[0];
  const boletin = boletines[0];
  if (!ordenanza || !boletin) throw new Error('el contenido de demostración no tiene ordenanzas o boletines');
  return {
    doc: String(boletin.documento.id),
    ordenanza: String(ordenanza.ID),
    anio: String(ordenanza.Anio),
    numero: String(ordenanza.Numero),
    asset: primerAsset(),
  };
}

// ---------------------------------------------------------------------------------------------
// The tests, per engine
// ---------------------------------------------------------------------------------------------

describe.each(engines)('pedidos hostiles al servidor compilado con %s', (engine) => {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'vla-hostil-'));
  const rutasPrivadas = [dataDir, fs.realpathSync(dataDir)];
  let servidor: Servidor;
  let contexto: Contexto;
  let baseDeDatos: Awaited<ReturnType<typeof createServerDataDir>> | undefined;

  beforeAll(async () => {
    // The demo copied from this run's template: the process finds it and does not seed it again.
    baseDeDatos = await createServerDataDir(engine, dataDir);
    const databaseUrl = baseDeDatos.databaseUrl;
    const port = await freePort();
    servidor = new Servidor(port, {
      HOST: '127.0.0.1',
      PORT: String(port),
      DATA_DIR: dataDir,
      LOG_LEVEL: 'info',
      SEED_DEMO: 'true',
      DATABASE_URL: databaseUrl,
      DATA_KEY: randomBytes(32).toString('hex'),
      // Every valid request goes all the way to the database insert, instead of stopping at the per-IP limit.
      SOLICITUDES_POR_IP: '1000000',
    });
    await servidor.iniciar();
    contexto = await leerContexto(servidor.port);
  }, 180_000);

  afterAll(async () => {
    await servidor?.detener();
    fs.rmSync(dataDir, { recursive: true, force: true });
    await baseDeDatos?.drop();
  }, 30_000);

  it('GET /api/v1/ordenanzas?pattern=%00&formato=csv (el pedido de la revisión de entradas hostiles) responde 400 y el proceso sigue vivo y atendiendo', async () => {
    const caso: Caso = {
      nombre: 'pedido de la revisión de entradas hostiles',
      pedido: { target: '/api/v1/ordenanzas?pattern=%00&formato=csv' },
      esperado: [400],
    };
    const resultado = await enviar(servidor, caso, contexto);
    const murio = 'error' in resultado ? await servidor.cayo() : await servidor.murio(1000);
    const fallas = 'error' in resultado ? [resultado.error] : problemas(caso, resultado.respuesta, rutasPrivadas);
    const salida = servidor.salidas.at(-1);
    if (murio && salida) {
      salida.culpable = caso.nombre;
      fallas.push(`el proceso terminó (código ${salida.codigo}): ${salida.motivo}`);
    } else {
      const listo = await rawRequest(servidor.port, { target: '/health/ready' });
      if (listo.status !== 200) fallas.push(`/health/ready respondió ${listo.status} después del pedido`);
      const pagina = await rawRequest(servidor.port, { target: '/consulta-ordenanzas?pattern=residuos' });
      if (pagina.status !== 200) fallas.push(`/consulta-ordenanzas?pattern=residuos respondió ${pagina.status} después del pedido`);
    }
    expect(fallas, fallas.join('\n')).toEqual([]);
  });

  describe(`un corpus de ${CORPUS.length} pedidos hostiles`, () => {
    let resultados: Map<string, Resultado>;
    beforeAll(async () => {
      await servidor.asegurar();
      resultados = await correrCorpus(servidor, contexto);
    }, 600_000);

    for (const caso of CORPUS) {
      it(caso.nombre, () => {
        const resultado = resultados.get(caso.nombre);
        if (!resultado) throw new Error('el corpus no llegó a enviar este pedido');
        const fallas = 'error' in resultado ? [resultado.error] : problemas(caso, resultado.respuesta, rutasPrivadas);
        expect(fallas, fallas.join('\n')).toEqual([]);
      });
    }
  });

  it('el proceso no terminó en ningún momento', () => {
    const resumen = servidor.salidas.map(
      (s) => `${s.culpable ?? 'un pedido del corpus'} terminó el proceso (código ${s.codigo}, señal ${s.senal}): ${s.motivo}`,
    );
    expect(resumen, resumen.join('\n')).toEqual([]);
  });

  it('después del corpus /health/ready responde 200 y una búsqueda normal responde 200 con resultados', async () => {
    expect(servidor.vivo).toBe(true);
    const listo = await rawRequest(servidor.port, { target: '/health/ready' });
    expect(listo.status).toBe(200);
    const pagina = await rawRequest(servidor.port, { target: '/consulta-ordenanzas?pattern=residuos' });
    expect(pagina.status).toBe(200);
    expect(pagina.text).toContain('Consulta de Ordenanzas');
    // The drop-table payloads dropped nothing.
    const api = await rawRequest(servidor.port, { target: '/api/v1/ordenanzas?porPagina=1' });
    expect((JSON.parse(api.text) as { total: number }).total).toBeGreaterThan(0);
  });

  it('el registro del proceso no guarda parámetros de consulta, DNI ni correos electrónicos', () => {
    const salida = servidor.salida;
    const filtrados = CORPUS.filter((caso) => caso.marca && salida.includes(caso.marca));
    const fugas: string[] = [];
    if (filtrados.length > 0) {
      const i = salida.indexOf(filtrados[0]!.marca!);
      const linea = salida.slice(salida.lastIndexOf('\n', i) + 1, salida.indexOf('\n', i));
      fugas.push(
        `${filtrados.length} de ${CORPUS.filter((caso) => caso.marca).length} consultas quedaron en el registro, por ejemplo: ${extracto(linea, 300)}`,
      );
    }
    if (new RegExp(`(?<!\\d)${DNI}(?!\\d)`).test(salida)) fugas.push('el DNI enviado en los formularios está en el registro');
    if (salida.includes(PREFIJO_EMAIL)) fugas.push('un correo electrónico enviado en los formularios está en el registro');
    expect(fugas, fugas.join('\n')).toEqual([]);
  });
});
