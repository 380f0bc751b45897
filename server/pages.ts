import { Readable } from 'node:stream';
import type { ReadableStream as NodeReadableStream } from 'node:stream/web';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { RouterContextProvider, createRequestHandler, type ServerBuild } from 'react-router';
import { appContext } from '#app/context.ts';
import { nombreCookieSesion, valorDeCookie } from '#app/lib/sesion.server.ts';
import { type Seccion, rutaCompleta } from '#app/features/admin/secciones.ts';
import { limiteDeSeccion } from '#app/features/boletines/limite.server.ts';
import type { Rol } from '#domain/shared/actor.ts';
import type { Db } from '#db/client.ts';
import type { AppConfig, AppContext } from '#domain/shared/context.ts';
import { readSesion } from '#domain/usuarios/sesiones.ts';
import { FOTO_MAX_BYTES, MAX_FOTOS } from '#domain/reclamos/fotos.ts';
import { clientKey } from './client-address.ts';
import { sendCompressed } from './compresion.ts';
import { RequestRejection } from './errors.ts';
import type { RenderCache } from './render-cache.ts';

const PAGE_BODY_LIMIT = 1024 * 1024;

/**
 * Page routes whose form uploads a file, each with a body limit of its own; every other page keeps
 * PAGE_BODY_LIMIT. They are the pages a section of the back-office marks `subida`
 * (app/features/admin/secciones.ts): the limit is the section's `maxBytes` (UPLOAD_MAX_BYTES when
 * not set) plus 64 KiB for the form's other fields and the multipart framing, and a larger body
 * gets 413 with the section's words or the upload pipeline's (docs/decisions/017-subidas.md), cut
 * off while it streams: a declared length over the limit before anything of it is read, a chunked
 * body as soon as it passes it. Nothing of it reaches the route, so nothing is stored. The larger
 * allowance is only for the section's signed-in roles: a body over PAGE_BODY_LIMIT (or of unknown
 * length) from anyone else gets 403 with the section's `prohibido` before it is read; smaller ones
 * go on as on any page (the back-office's guard sends a signed-out person to /login). A pattern with
 * a parameter (`:codigo`) also takes React Router's `.data` twin.
 */
type PageUpload = { url: string; roles: readonly Rol[]; forbidden: string; bodyLimit: number; tooLarge: string };

function pageUploads(secciones: readonly Seccion[], config: AppConfig): PageUpload[] {
  return secciones.flatMap(({ roles, paginas, subidas }) =>
    subidas
      ? paginas
          .filter((pagina) => pagina.subida)
          .map((pagina) => {
            const limite = limiteDeSeccion({ subidas }, config);
            return {
              url: rutaCompleta(pagina),
              roles,
              forbidden: subidas.prohibido,
              bodyLimit: limite.maxBytes + UPLOAD_FORM_ALLOWANCE,
              tooLarge: limite.mensajeGrande,
            };
          })
      : [],
  );
}
/**
 * A section declared outside app/ (a test's own, docs/decisions/044-secciones-del-panel.md), with
 * the route module of each of its pages by the page's `archivo`.
 */
export type SeccionAgregada = { seccion: Seccion; modulos: Readonly<Record<string, ModuloDeRuta>> };
type ModuloDeRuta = NonNullable<ServerBuild['routes'][string]>['module'];

/**
 * The build with the pages of `agregadas` as children of the back-office's layout, as if
 * app/routes.ts had listed them: the same guard, menu and upload limits apply. They have no
 * browser module: they render on the server and are never hydrated.
 */
export function agregarSecciones(build: ServerBuild, agregadas: readonly SeccionAgregada[]): ServerBuild {
  if (agregadas.length === 0) return build;
  const routes = { ...build.routes };
  const manifiesto = { ...build.assets.routes };
  for (const { seccion, modulos } of agregadas) {
    for (const pagina of seccion.paginas) {
      const module = modulos[pagina.archivo];
      if (!module) throw new Error(`La sección ${seccion.id} no trae el módulo de ${pagina.archivo}.`);
      const id = pagina.id ?? pagina.archivo;
      const ruta = { id, parentId: 'admin', ...(pagina.ruta === '' ? { index: true } : { path: pagina.ruta }) };
      routes[id] = { ...ruta, module };
      manifiesto[id] = {
        ...ruta,
        module: `/assets/sin-modulo-de-navegador/${encodeURIComponent(id)}.js`,
        hasAction: module.action !== undefined,
        hasLoader: module.loader !== undefined,
        hasClientAction: false,
        hasClientLoader: false,
        hasClientMiddleware: false,
        hasErrorBoundary: module.ErrorBoundary !== undefined,
        clientActionModule: undefined,
        clientLoaderModule: undefined,
        clientMiddlewareModule: undefined,
        hydrateFallbackModule: undefined,
      };
    }
  }
  return { ...build, routes, assets: { ...build.assets, routes: manifiesto } };
}

/** The other fields of an upload form and the multipart framing, over the file's own limit. */
const UPLOAD_FORM_ALLOWANCE = 64 * 1024;
/** Pages up to this size are read whole before they are compressed and sent. */
const PAGE_BUFFER_LIMIT = 2 * 1024 * 1024;

type PagesOptions = {
  build: ServerBuild | (() => Promise<ServerBuild>);
  mode: string;
  /** The application context; its SITE_URL is the origin of every page's Request URL, whatever Host was sent. */
  context: AppContext;
  /** The render cache for anonymous GETs of public pages (docs/decisions/007-cache-de-paginas.md); none with RENDER_CACHE=false. */
  cache?: RenderCache | undefined;
  /**
   * The server's bounds (REQUEST_TIMEOUT_MS, HANDLER_TIMEOUT_MS). Fastify's handler timeout runs
   * from the request's arrival, its body included: an upload route gets both, so a body that
   * arrives within the request timeout still has the usual time to be answered.
   */
  limits?: { requestTimeoutMs: number; handlerTimeoutMs: number };
  /** The back-office's sections: the guard and the menu read them, and their upload pages get their limits here. */
  secciones: readonly Seccion[];
};

/**
 * Whether a form post's Origin is this site (CSRF): SITE_URL's origin, or the Host the browser
 * connected to (with `npm start`, http://127.0.0.1:3000 while SITE_URL defaults to
 * http://localhost:3000: a same-origin post all the same). Host is only compared here, never used
 * in a link (docs/architecture.md).
 */
function isOwnOrigin(origin: string, request: { host: string | undefined; protocol: string }, siteUrl: string): boolean {
  try {
    const url = new URL(origin);
    if (url.origin === new URL(siteUrl).origin) return true;
    // Scheme, host and port, as browsers compare origins: http://host is not https://host.
    return request.host !== undefined && url.origin === new URL(`${request.protocol}://${request.host}`).origin;
  } catch {
    return false;
  }
}

function toWebRequest(request: FastifyRequest, reply: FastifyReply, origin: string, path?: string): Request {
  const headers = new Headers();
  for (const [name, value] of Object.entries(request.headers)) {
    if (value === undefined) continue;
    for (const item of Array.isArray(value) ? value : [value]) headers.append(name, item);
  }
  const hasBody = request.method !== 'GET' && request.method !== 'HEAD';
  // React Router refuses an action whose Origin is not the Request URL's origin, always SITE_URL
  // here; foreign Origins were already refused (registerPages), so what is left is ours.
  if (hasBody && headers.has('origin')) headers.set('origin', origin);
  const controller = new AbortController();
  // Only a visitor who left before the answer ended aborts the render: an abort builds an error
  // object with its stack, a cost every finished request would otherwise pay.
  reply.raw.on('close', () => {
    if (!reply.raw.writableFinished) controller.abort();
  });
  // The origin is always ours: an absolute-form target (`GET http://other.host/path`) keeps only its
  // path, and a path is appended, never resolved (`//other.host/x` would otherwise change the host).
  // A page rendered for the cache is rendered at its key, the path and sorted query string.
  const target = path ?? (request.url.startsWith('/') ? request.url : new URL(request.url).pathname + new URL(request.url).search);
  return new Request(new URL(origin + target), {
    method: request.method,
    headers,
    body: hasBody && Buffer.isBuffer(request.body) ? new Uint8Array(request.body) : undefined,
    signal: controller.signal,
  });
}

/**
 * Where a post changes who is signed in or what staff can do: sign-in, sign-out and the whole
 * back-office (with React Router's `.data` twins). These posts must say where they come from
 * (Origin, or Referer when a browser leaves Origin out) and it must be this site: a post without
 * either is refused too (docs/decisions/012-sesiones-y-roles.md). The session cookie is
 * SameSite=Lax as well; this check does not rely on it.
 */
const SENSITIVE_POST = /^\/(?:admin(?:\/|\.data$|$)|login(?:\.data)?$|sign-out(?:\.data)?$)/;

/**
 * The path a request's target reaches, as the router matches it: percent-decoded, dot segments
 * resolved, repeated slashes collapsed and lower-cased (routes are not case-sensitive), so
 * `/ADMIN/USUARIOS`, `/%61dmin/usuarios` and `//admin/./usuarios` are judged as /admin/usuarios.
 */
function routedPath(url: string): string {
  const raw = url.split('?')[0]!.split('#')[0]!;
  let decoded = raw;
  try {
    decoded = decodeURIComponent(raw);
  } catch {
    // Broken percent-encoding: judged as sent (the input guard answers 400 before any page).
  }
  const collapsed = `/${decoded.replace(/\\/g, '/').replace(/^\/+/, '')}`.replace(/\/{2,}/g, '/');
  try {
    return new URL(collapsed, 'http://ruta.invalida').pathname.toLowerCase();
  } catch {
    return collapsed.toLowerCase();
  }
}

export function isSensitivePost(url: string): boolean {
  return SENSITIVE_POST.test(routedPath(url));
}

/**
 * The one-click unsubscribe of alert, Mi calle and citizen-report mails (RFC 8058, docs/decisions/024-alertas.md): mail
 * providers POST `List-Unsubscribe=One-Click` from their servers, with their own Origin or none.
 * Only this path skips the Origin check: it changes nothing but ending the subscription its secret
 * names, and needs no session.
 */
const ONE_CLICK_UNSUBSCRIBE = /^\/(?:alertas|mi-calle\/avisos|reclamos)\/baja(?:\?|$)/;

/** Pages take forms only: what a browser sends from a `<form>`. */
const FORM_TYPES = ['application/x-www-form-urlencoded', 'multipart/form-data'];

/**
 * Every path that no other route claims goes to React Router, with GET, HEAD or POST (other methods
 * get 405). In this scope the form parsers buffer the body up to 1 MiB, or an upload route's own
 * limit (pageUploads; Fastify has no urlencoded parser; streaming the raw request would bypass
 * the limit) and anything that is not a form gets 415; the Web Response is sent back as a Node
 * stream so compression applies.
 */
export async function registerPages(app: FastifyInstance, options: PagesOptions): Promise<void> {
  const handle = createRequestHandler(options.build, options.mode);
  const { siteUrl } = options.context.config;
  await app.register(async (scope) => {
    scope.removeAllContentTypeParsers();
    scope.addContentTypeParser(FORM_TYPES, { parseAs: 'buffer', bodyLimit: PAGE_BODY_LIMIT }, (_request, body, done) => {
      done(null, body);
    });
    // A POST without a body has no parser to refuse it: its type is checked here, and a browser's
    // post from another site (its Origin) is refused in Spanish before React Router sees it.
    scope.addHook('onRequest', async (request) => {
      if (request.method !== 'POST') return;
      const type = (request.headers['content-type'] ?? '').toLowerCase();
      if (!FORM_TYPES.some((form) => type.startsWith(form))) {
        throw new RequestRejection(
          415,
          'Enviá el formulario desde la página: sólo se aceptan formularios (application/x-www-form-urlencoded o multipart/form-data).',
        );
      }
      if (ONE_CLICK_UNSUBSCRIBE.test(request.url)) return;
      const origin = request.headers.origin;
      const foreign = 'Este formulario sólo se puede enviar desde las páginas del sitio: abrilo desde el sitio y envialo de nuevo.';
      const connection = { host: request.headers.host, protocol: request.protocol };
      if (origin !== undefined && !isOwnOrigin(origin, connection, siteUrl)) throw new RequestRejection(403, foreign);
      if (origin === undefined && isSensitivePost(request.url)) {
        const referer = request.headers.referer;
        if (referer === undefined || !isOwnOrigin(referer, connection, siteUrl)) throw new RequestRejection(403, foreign);
      }
    });
    const handler = async (request: FastifyRequest, reply: FastifyReply) => {
      const contexto = (db: Db): RouterContextProvider => {
        const context = new RouterContextProvider();
        context.set(appContext, {
          ...options.context,
          db,
          nonce: reply.cspNonce,
          direccion: clientKey(request),
          respuesta: { baseNoDisponible: false },
          secciones: options.secciones,
          // A staff preview (docs/decisions/053): the public route rendered with the caller's transaction, without cookies.
          renderPublica: (ruta, tx) => handle(new Request(new URL(ruta, siteUrl), { headers: { accept: 'text/html' } }), contexto(tx)),
        });
        return context;
      };
      const render = (path?: string) => handle(toWebRequest(request, reply, siteUrl, path), contexto(options.context.db));
      let response: Response;
      if (options.cache) {
        const outcome = await options.cache.serve(request, reply, render);
        if (outcome.kind === 'sent') return reply;
        reply.header('x-cache', 'bypass');
        response = outcome.kind === 'rendered' ? outcome.response : await render();
      } else {
        response = await render();
      }
      reply.status(response.status);
      for (const [name, value] of response.headers) {
        if (name !== 'set-cookie') reply.header(name, value);
      }
      const cookies = response.headers.getSetCookie();
      if (cookies.length > 0) reply.header('set-cookie', cookies);
      if (!response.body) return reply.send();
      // A page arrives from React as many small chunks; compressed one by one they cost more than
      // the page's whole bytes compressed at once. Pages are not streamed progressively (nothing
      // suspends), so the whole body is read first, up to a bound; a larger one is streamed.
      const length = Number(response.headers.get('content-length') ?? NaN);
      if (!Number.isFinite(length) || length <= PAGE_BUFFER_LIMIT) {
        const reader = (response.body as NodeReadableStream<Uint8Array>).getReader();
        const chunks: Uint8Array[] = [];
        let size = 0;
        for (;;) {
          const { done, value } = await reader.read();
          if (done) return sendCompressed(request, reply, Buffer.concat(chunks, size));
          chunks.push(value);
          size += value.byteLength;
          if (size > PAGE_BUFFER_LIMIT) {
            // Larger than expected: what was read goes first, the rest streams behind it.
            return reply.send(
              Readable.from(
                (async function* () {
                  yield* chunks;
                  for (;;) {
                    const next = await reader.read();
                    if (next.done) return;
                    yield next.value;
                  }
                })(),
              ),
            );
          }
        }
      }
      return reply.send(Readable.fromWeb(response.body as NodeReadableStream));
    };
    scope.route({ method: ['GET', 'POST'], url: '/*', config: { page: true }, handler });
    // The citizen's report form (docs/decisions/057-reclamos.md) takes up to MAX_FOTOS photos from anyone,
    // without a session: its own limit, the photos' plus the form's other fields, cut off while it streams.
    const fotoMaxBytes = Math.min(FOTO_MAX_BYTES, options.context.config.subidaMaxBytes ?? FOTO_MAX_BYTES);
    for (const url of ['/reclamos/nuevo', '/reclamos/nuevo.data']) {
      scope.route({
        method: ['GET', 'POST'],
        url,
        bodyLimit: MAX_FOTOS * fotoMaxBytes + UPLOAD_FORM_ALLOWANCE,
        ...(options.limits ? { handlerTimeout: options.limits.requestTimeoutMs + options.limits.handlerTimeoutMs } : {}),
        config: {
          page: true,
          bodyTooLarge: `Las fotos pesan demasiado: podés mandar hasta ${MAX_FOTOS}, de hasta ${Math.floor(fotoMaxBytes / (1024 * 1024))} MB cada una. Elegí otras o achicalas y envialo de nuevo.`,
        },
        handler,
      });
    }
    for (const upload of pageUploads(options.secciones, options.context.config)) {
      scope.route({
        method: ['GET', 'POST'],
        url: upload.url,
        bodyLimit: upload.bodyLimit,
        ...(options.limits ? { handlerTimeout: options.limits.requestTimeoutMs + options.limits.handlerTimeoutMs } : {}),
        config: { page: true, bodyTooLarge: upload.tooLarge },
        onRequest: async (request) => {
          if (request.method !== 'POST') return;
          const largo = Number(request.headers['content-length']);
          if (Number.isFinite(largo) && largo <= PAGE_BODY_LIMIT) return;
          const sesion = await readSesion(options.context, valorDeCookie(request.headers.cookie, nombreCookieSesion(options.context)));
          if (!sesion || !upload.roles.includes(sesion.actor.rol)) throw new RequestRejection(403, upload.forbidden);
        },
        handler,
      });
    }
  });
}
