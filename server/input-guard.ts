import type { IncomingHttpHeaders } from 'node:http';
import type { FastifyInstance } from 'fastify';
import { RequestRejection } from './errors.ts';
import { formatNumber } from '#domain/shared/formato.ts';

/**
 * The one gate every request passes before any route, query or renderer sees it: the
 * method, the Host, the length and bytes of the URL, the header values, and then the body, whatever
 * its kind. Text must be well-formed UTF-8 without control characters; anything else is answered
 * 400 in Spanish here, so no route has to think about NUL bytes or lone surrogates, and PostgreSQL
 * (which refuses NUL in text) never sees them.
 */

/** Methods the site answers at all; anything else is 405 before routing. */
const KNOWN_METHODS = new Set(['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS']);

const utf8 = new TextDecoder('utf-8', { fatal: true });

/**
 * C0 controls but tab, line feed and carriage return (a textarea sends CRLF), DEL and the C1 range.
 * Paths and header values refuse the three as well.
 */
// eslint-disable-next-line no-control-regex -- finding control characters is the point
const CONTROL_IN_TEXT = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f-\u009f]/;
// eslint-disable-next-line no-control-regex -- finding control characters is the point
const CONTROL_IN_LINE = /[\u0000-\u0008\u000a-\u001f\u007f-\u009f]/;
/** Plain printable ASCII needs no decoding at all: the fast path of almost every request. */
const PLAIN_ASCII = /^[\u0021-\u007e]*$/;
const HEX = /^[0-9a-fA-F]{2}$/;

export type TextProblem = 'encoding' | 'control';

/** Why a text value is refused, or undefined when it is acceptable. */
function textProblem(value: string, line = false): TextProblem | undefined {
  if (!value.isWellFormed()) return 'encoding';
  return (line ? CONTROL_IN_LINE : CONTROL_IN_TEXT).test(value) ? 'control' : undefined;
}

/**
 * Percent-decodes one URL component into bytes and then strictly as UTF-8. Node hands the request
 * line over as latin1, so a raw byte above 0x7f arrives as one character of that code and is taken
 * back as that byte. Malformed escapes (`%zz`, a lone `%`) are refused as encoding errors.
 */
function decodeComponent(raw: string, plusIsSpace: boolean): string | TextProblem {
  if (PLAIN_ASCII.test(raw) && !raw.includes('%') && !(plusIsSpace && raw.includes('+'))) return raw;
  const bytes = new Uint8Array(raw.length);
  let n = 0;
  for (let i = 0; i < raw.length; i++) {
    const code = raw.charCodeAt(i);
    if (code === 0x25) {
      const hex = raw.slice(i + 1, i + 3);
      if (!HEX.test(hex)) return 'encoding';
      bytes[n++] = Number.parseInt(hex, 16);
      i += 2;
    } else if (code === 0x2b && plusIsSpace) {
      bytes[n++] = 0x20;
    } else if (code > 0xff) {
      return 'encoding';
    } else {
      bytes[n++] = code;
    }
  }
  try {
    return utf8.decode(bytes.subarray(0, n));
  } catch {
    return 'encoding';
  }
}

/** Checks the path and every query (or form) field of a raw URL; the first problem found, if any. */
export function urlProblem(rawUrl: string): TextProblem | undefined {
  const question = rawUrl.indexOf('?');
  const path = question === -1 ? rawUrl : rawUrl.slice(0, question);
  const decodedPath = decodeComponent(path, false);
  if (decodedPath === 'encoding' || decodedPath === 'control') return decodedPath;
  const pathProblem = textProblem(decodedPath, true);
  if (pathProblem) return pathProblem;
  return question === -1 ? undefined : formProblem(rawUrl.slice(question + 1));
}

/** Checks an application/x-www-form-urlencoded text: a query string or a form body. */
export function formProblem(encoded: string): TextProblem | undefined {
  if (encoded === '') return undefined;
  for (const pair of encoded.split('&')) {
    for (const part of pair.split('=')) {
      const decoded = decodeComponent(part, true);
      if (decoded === 'encoding' || decoded === 'control') return decoded;
      const problem = textProblem(decoded);
      if (problem) return problem;
    }
  }
  return undefined;
}

/** Walks a parsed JSON value: every key and every string, at any depth. */
export function jsonProblem(value: unknown, depth = 0): TextProblem | undefined {
  if (depth > 64) return 'encoding';
  if (typeof value === 'string') return textProblem(value);
  if (Array.isArray(value)) {
    for (const item of value) {
      const problem = jsonProblem(item, depth + 1);
      if (problem) return problem;
    }
  } else if (value && typeof value === 'object') {
    for (const [key, item] of Object.entries(value)) {
      const problem = textProblem(key) ?? jsonProblem(item, depth + 1);
      if (problem) return problem;
    }
  }
  return undefined;
}

/**
 * Header values arrive as latin1 text: bytes above 0x7f must together be valid UTF-8 (browsers send
 * UTF-8 in a Referer, for example), and no value may hold a control character. Node's parser already
 * refuses NUL, CR and LF inside a value.
 */
export function headerProblem(value: string): TextProblem | undefined {
  if (PLAIN_ASCII.test(value.replaceAll(' ', '').replaceAll('\t', ''))) return undefined;
  let text = value;
  if ([...value].some((c) => c.charCodeAt(0) > 0x7e)) {
    if ([...value].some((c) => c.charCodeAt(0) > 0xff)) return 'encoding';
    try {
      text = utf8.decode(Buffer.from(value, 'latin1'));
    } catch {
      return 'encoding';
    }
  }
  return CONTROL_IN_LINE.test(text.replaceAll('\t', ' ')) ? 'control' : undefined;
}

/** A DNS name, IPv4 or bracketed IPv6 address, with an optional port: what a Host header may say. */
const HOST =
  /^(?:\[[0-9a-fA-F:.]+\]|[A-Za-z0-9_](?:[A-Za-z0-9_-]{0,61}[A-Za-z0-9_])?(?:\.[A-Za-z0-9_](?:[A-Za-z0-9_-]{0,61}[A-Za-z0-9_])?)*\.?)(?::(\d{1,5}))?$/;

export function validHost(value: string | undefined): boolean {
  if (!value || value.length > 260) return false;
  const match = HOST.exec(value);
  return match !== null && (match[1] === undefined || Number(match[1]) <= 65535);
}

const rejection = (problem: TextProblem, where: string) =>
  new RequestRejection(
    400,
    problem === 'encoding'
      ? `${where} tiene caracteres que no son texto UTF-8 válido. Revisá lo que escribiste o copiaste.`
      : `${where} tiene caracteres de control (por ejemplo, bytes nulos) que no se aceptan. Revisá lo que escribiste o copiaste.`,
  );

type GuardOptions = { maxUrlLength: number; trustProxy: boolean };

/**
 * Refuses a request whose headers the site does not take: a missing or invalid Host (or
 * X-Forwarded-Host behind a proxy), a header value with control characters or invalid UTF-8.
 * Also run by the render cache's front door (server/render-cache.ts) before it answers from memory.
 */
export function checkHeaders(headers: IncomingHttpHeaders, options: Pick<GuardOptions, 'trustProxy'>): void {
  const host = headers.host;
  if (!validHost(host)) throw new RequestRejection(400, 'Falta la cabecera Host o no es un nombre de servidor válido.');
  const forwardedHost = headers['x-forwarded-host'];
  if (options.trustProxy && forwardedHost !== undefined && !validHost(String(forwardedHost).split(',')[0]?.trim())) {
    throw new RequestRejection(400, 'La cabecera X-Forwarded-Host no es un nombre de servidor válido.');
  }
  for (const [name, value] of Object.entries(headers)) {
    for (const item of Array.isArray(value) ? value : [value ?? '']) {
      const problem = headerProblem(item);
      if (problem) throw rejection(problem, `La cabecera ${name}`);
    }
  }
}

/**
 * The body, once parsed: a Buffer for pages (a urlencoded or multipart form), a parsed JSON value
 * for the API. Multipart text fields are read with the platform's own form parser, files are left
 * to the route that takes them (uploads are checked by content there).
 */
export async function bodyProblem(body: unknown, contentType: string | undefined): Promise<TextProblem | undefined> {
  if (body === undefined || body === null) return undefined;
  if (!Buffer.isBuffer(body)) return jsonProblem(body);
  const type = (contentType ?? '').toLowerCase();
  if (type.startsWith('multipart/form-data')) {
    let form: FormData;
    try {
      form = await new Response(new Uint8Array(body), { headers: { 'content-type': contentType ?? '' } }).formData();
    } catch {
      return 'encoding';
    }
    for (const [key, value] of form) {
      const problem = textProblem(key) ?? (typeof value === 'string' ? textProblem(value) : textProblem(value.name, true));
      if (problem) return problem;
    }
    return undefined;
  }
  let text: string;
  try {
    text = utf8.decode(body);
  } catch {
    return 'encoding';
  }
  return formProblem(text);
}

export function registerInputGuard(app: FastifyInstance, options: GuardOptions): void {
  app.addHook('onRequest', async (request) => {
    if (!KNOWN_METHODS.has(request.method)) throw new RequestRejection(405, 'Ese método HTTP no está permitido en este sitio.');
    const rawUrl = request.raw.url ?? '/';
    if (rawUrl.length > options.maxUrlLength) {
      throw new RequestRejection(414, `La dirección es demasiado larga: puede tener hasta ${formatNumber(options.maxUrlLength)} caracteres.`);
    }
    checkHeaders(request.headers, options);
    const problem = urlProblem(rawUrl);
    if (problem) throw rejection(problem, 'La dirección');
  });

  app.addHook('preValidation', async (request) => {
    const problem = await bodyProblem(request.body, request.headers['content-type']);
    if (problem) throw rejection(problem, 'El contenido enviado');
  });
}
