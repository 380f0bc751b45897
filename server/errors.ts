import type { Socket } from 'node:net';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { describeDatabaseError, isDatabaseUnavailable } from '#db/errors.ts';
import { httpErrorMessage } from '#domain/shared/http-errors.ts';
import { ocultarDatos } from '#domain/shared/ocultar.ts';
import { formatNumber } from '#domain/shared/formato.ts';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** The route renders pages (React Router): its errors are answered as HTML. */
    page?: boolean;
    /** A catch-all that only answers 404 (the API's): it allows no method of its own. */
    notFound?: boolean;
    /** What a body over the route's own limit is told (413), instead of the general sentence: a page's upload says what it takes. */
    bodyTooLarge?: string;
  }
}

/** A request refused for what it is (its method, bytes, size, type): a 4xx with a Spanish message. */
export class RequestRejection extends Error {
  readonly statusCode: number;
  readonly headers: Record<string, string>;
  constructor(statusCode: number, message: string, headers: Record<string, string> = {}) {
    super(message);
    this.statusCode = statusCode;
    this.headers = headers;
  }
}

const SITE = 'Municipalidad de Villa La Angostura';
const escapeHtml = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

/**
 * Pages answer errors as HTML, everything else (API, feeds, documents, health) as JSON
 * `{ error }`. A request that reached no route is a page request when it asks for HTML outside /api.
 */
function wantsHtml(request: FastifyRequest): boolean {
  if (request.routeOptions.config?.page) return true;
  if (request.routeOptions.url !== undefined) return false;
  const path = request.url;
  return !path.startsWith('/api/') && (request.headers.accept ?? '').includes('text/html');
}

/** A self-contained page: the error happened before (or instead of) the site's own renderer. */
export function errorPage(status: number, message: string, reference: string | undefined): string {
  const title = `Error ${status}`;
  return [
    '<!DOCTYPE html>',
    '<html lang="es-AR"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">',
    `<title>${title} | ${SITE}</title><meta name="robots" content="noindex"></head>`,
    `<body><main><h1>${title}</h1><p>${escapeHtml(message)}</p>`,
    reference ? `<p>Si el problema sigue, escribinos indicando este código de referencia: <code>${escapeHtml(reference)}</code>.</p>` : '',
    `<p><a href="/">Volver al inicio del sitio de la ${SITE}</a></p></main></body></html>`,
  ].join('');
}

export function sendError(request: FastifyRequest, reply: FastifyReply, status: number, message: string, headers: Record<string, string> = {}): FastifyReply {
  // A 5xx carries the request id, so a citizen can quote it and staff can find the log line.
  const reference = status >= 500 ? request.id : undefined;
  reply.status(status).headers({ 'cache-control': 'no-store', ...headers });
  if (wantsHtml(request)) return reply.type('text/html; charset=utf-8').send(errorPage(status, message, reference));
  return reply.type('application/json; charset=utf-8').send(JSON.stringify(reference ? { error: message, referencia: reference } : { error: message }));
}

const size = (bytes: number) => (bytes >= 1024 * 1024 ? `${formatNumber(bytes / 1024 / 1024)} MB` : `${formatNumber(Math.round(bytes / 1024))} KB`);

/** Fastify's own 4xx errors, each in Spanish with what to do instead. */
function fastifyMessage(error: FastifyError, request: FastifyRequest): string | undefined {
  switch (error.code) {
    case 'FST_ERR_CTP_BODY_TOO_LARGE':
      return (
        request.routeOptions.config?.bodyTooLarge ?? `El cuerpo de la solicitud supera el máximo de ${size(request.routeOptions.bodyLimit ?? 1024 * 1024)}.`
      );
    case 'FST_ERR_CTP_INVALID_MEDIA_TYPE':
      return request.routeOptions.config?.page
        ? 'Enviá el formulario desde la página: sólo se aceptan formularios (application/x-www-form-urlencoded o multipart/form-data).'
        : 'Enviá la solicitud como JSON (Content-Type: application/json).';
    case 'FST_ERR_CTP_EMPTY_JSON_BODY':
      return 'El cuerpo de la solicitud está vacío: enviá un objeto JSON.';
    case 'FST_ERR_CTP_INVALID_CONTENT_LENGTH':
      return 'La longitud declarada del contenido no coincide con lo enviado.';
    case 'FST_ERR_CTP_INVALID_JSON_BODY':
    case 'FST_ERR_CTP_INVALID_CONTENT_TYPE':
      return 'El cuerpo de la solicitud no es JSON válido.';
    case 'FST_ERR_BAD_URL':
      return 'La dirección tiene caracteres mal codificados.';
    default:
      // JSON syntax errors and prototype-poisoning attempts come from the JSON parser as 400s.
      if (error instanceof SyntaxError || /prototype|constructor/i.test(error.message)) return 'El cuerpo de la solicitud no es JSON válido.';
      return undefined;
  }
}

/** Status of an error: 4xx of the request as it was, 503 when the database cannot answer, else 500. */
function statusOf(error: unknown): number {
  if (error instanceof RequestRejection) return error.statusCode;
  const e = error as { code?: unknown; statusCode?: unknown };
  if (e?.code === 'FST_ERR_HANDLER_TIMEOUT' || isDatabaseUnavailable(error)) return 503;
  if (typeof e?.statusCode === 'number' && e.statusCode >= 400 && e.statusCode < 500) return e.statusCode;
  return 500;
}

/**
 * Errors as logs may hold them: the type, codes and stack frames; never a database error's
 * parameters (a DNI, an e-mail, a visitor's search) nor its message.
 */
export function serializeError(error: unknown): { type: string; message: string; stack: string; [key: string]: unknown } {
  if (!(error instanceof Error)) return { type: typeof error, message: '', stack: '' };
  const database = describeDatabaseError(error);
  const e = error as Error & { code?: unknown };
  const frames = (error.stack ?? '').split('\n').filter((line) => line.trimStart().startsWith('at '));
  return {
    type: error.constructor.name,
    code: typeof e.code === 'string' ? e.code : undefined,
    message: database ? 'Failed query' : ocultarDatos(error.message).slice(0, 300),
    ...database,
    stack: frames.slice(0, 12).join('\n'),
  };
}

/** The one error handler and not-found handler of the app, and the answer to unparseable requests. */
export function registerErrorHandling(app: FastifyInstance): void {
  // Route patterns by method, to tell "no such address" (404) from "not with this method" (405).
  // A wildcard (the pages' /*) counts only where no specific route matches, as in routing.
  // A not-found route (the API's /api/*) claims its prefix: there the pages' wildcard does not count.
  const routes: { pattern: RegExp; wildcard: boolean; methods: string[] }[] = [];
  const claimed: RegExp[] = [];
  app.addHook('onRoute', (route) => {
    const source = route.url
      .replace(/[.+?^${}()|[\]\\]/g, '\\$&')
      .replace(/:[^/]+/g, '[^/]+')
      .replace(/\*/g, '.*');
    const pattern = new RegExp(`^${source}$`);
    if (route.config?.notFound) claimed.push(pattern);
    else routes.push({ pattern, wildcard: route.url.includes('*'), methods: [route.method].flat() });
  });
  const allowedMethods = (path: string) => {
    const inClaimed = claimed.some((c) => c.test(path));
    const matching = routes.filter((r) => r.pattern.test(path) && !(inClaimed && r.wildcard));
    const specific = matching.filter((r) => !r.wildcard);
    const methods = new Set((specific.length > 0 ? specific : matching).flatMap((r) => r.methods));
    return METHOD_ORDER.filter((m) => methods.has(m));
  };

  app.setErrorHandler((error: FastifyError, request, reply) => {
    // The connection went away while its body was still arriving (the client left, or the close
    // at shutdown cut it): nobody to answer and no fault of ours or of the database.
    if (error.message === 'aborted' && request.raw.readableAborted) {
      request.log.info({ err: error }, 'la conexión se cortó antes de recibir el pedido completo');
      return reply.status(400).send();
    }
    const status = statusOf(error);
    if (status >= 500) {
      request.log.error({ err: error }, status === 503 ? 'servicio no disponible' : 'error inesperado');
      return sendError(request, reply, status, httpErrorMessage(status), status === 503 ? { 'retry-after': '30' } : {});
    }
    const message = error instanceof RequestRejection ? error.message : (fastifyMessage(error, request) ?? httpErrorMessage(status));
    return sendError(request, reply, status, message, error instanceof RequestRejection ? error.headers : {});
  });

  const notFound = (request: FastifyRequest, reply: FastifyReply) => {
    const path = request.url.split('?')[0] ?? '/';
    const allowed = allowedMethods(path);
    // A route that takes this method and still found nothing (an unknown id, say) is a 404.
    if (allowed.length > 0 && !allowed.includes(request.method)) {
      const allow = allowed.join(', ');
      if (request.method === 'OPTIONS') return reply.status(204).header('allow', allow).send();
      return sendError(request, reply, 405, `Esta dirección no acepta el método ${request.method}. Métodos permitidos: ${allow}.`, { allow });
    }
    return sendError(request, reply, 404, path.startsWith('/api/') ? 'No existe ese recurso en la API.' : httpErrorMessage(404));
  };
  app.setNotFoundHandler(notFound);
  app.decorate('answerNotFound', notFound);
}

const METHOD_ORDER = ['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE'];

declare module 'fastify' {
  interface FastifyInstance {
    /** 404, or 405 with Allow when the address exists with other methods. */
    answerNotFound(request: FastifyRequest, reply: FastifyReply): FastifyReply;
  }
}

/** Status and message for requests Node's parser refuses before Fastify sees them. */
function clientErrorAnswer(code: string | undefined): [number, string] {
  switch (code) {
    case 'ERR_HTTP_REQUEST_TIMEOUT':
      return [408, 'La solicitud tardó demasiado en llegar completa. Probá de nuevo.'];
    case 'HPE_HEADER_OVERFLOW':
      return [431, 'La dirección o las cabeceras de la solicitud son demasiado largas.'];
    case 'HPE_INVALID_METHOD':
      return [405, 'Ese método HTTP no está permitido en este sitio.'];
    default:
      return [400, 'La solicitud está mal formada y no se puede atender.'];
  }
}

/** Fastify's `clientErrorHandler`: a Spanish answer, then the connection is closed. */
export function handleClientError(error: NodeJS.ErrnoException, socket: Socket): void {
  if (error.code === 'ECONNRESET' || socket.destroyed) return;
  if (!socket.writable) {
    socket.destroy();
    return;
  }
  const [status, message] = clientErrorAnswer(error.code);
  const body = JSON.stringify({ error: message });
  const reason = { 400: 'Bad Request', 405: 'Method Not Allowed', 408: 'Request Timeout', 431: 'Request Header Fields Too Large' }[status];
  socket.end(
    `HTTP/1.1 ${status} ${reason}\r\nContent-Type: application/json; charset=utf-8\r\nContent-Length: ${Buffer.byteLength(body)}\r\nCache-Control: no-store\r\nConnection: close\r\n\r\n${body}`,
  );
}

/** Errors found while routing (a path Fastify cannot decode): the same Spanish answer. */
export function frameworkErrors(error: FastifyError, request: FastifyRequest, reply: FastifyReply): void {
  sendError(request, reply, 400, error.code === 'FST_ERR_BAD_URL' ? 'La dirección tiene caracteres mal codificados.' : httpErrorMessage(400));
}
