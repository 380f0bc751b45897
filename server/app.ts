import fs from 'node:fs';
import http, { type IncomingMessage, type ServerResponse } from 'node:http';
import path from 'node:path';
import compress from '@fastify/compress';
import { BROTLI_DINAMICO, UMBRAL_COMPRESION } from './compresion.ts';
import fastifyStatic from '@fastify/static';
import Fastify, { type FastifyInstance } from 'fastify';
import type { ServerBuild } from 'react-router';
import type { ViteDevServer } from 'vite';
import { type Database, openDatabase } from '#db/client.ts';
import { soloParaElDueno } from '#db/disco.ts';
import { rutaParaLog } from '#domain/shared/ocultar.ts';
import { StorageConfigError } from '#db/storage.ts';
import { openStorage } from './storage.ts';
import { abrirPuertaDeRespaldo } from './respaldo-puerta.ts';
import { type AppConfig, type AppContext, type Clock, type Storage, createAppContext } from '#domain/shared/context.ts';
import { createMailWorker } from '#domain/correo/outbox.ts';
import { SMTP_CONNECTIONS, smtpTransport } from '#domain/correo/smtp.ts';
import { seedDemoConContexto, seedDemoContent } from './demo/index.ts';
import { DEMO_USUARIOS } from './demo/usuarios.ts';
import { createPrimerAdministrador } from '#domain/usuarios/commands.ts';
import { INTERVALO_INDICE_MS, actualizarIndice, indiceSinArmar } from '#domain/buscador/indice.ts';
import { datosDemo, usuarios } from '#db/schema/index.ts';
import { count, eq } from 'drizzle-orm';
import { type Config, ConfigError } from './env.ts';
import { registerApi } from './api/index.ts';
import { registerCompat } from './compat.ts';
import { registerFeeds } from './feeds.ts';
import { registerDatos } from './datos.ts';
import { registerRecoleccion } from './recoleccion.ts';
import { preparePersonalData } from '#domain/decretos/datos-personales.ts';
import { reencryptSuscripcionesRecoleccion } from '#domain/recoleccion/cifrado.ts';
import { anonimizarVencidas } from '#domain/decretos/retencion.ts';
import { limpiarVistasPreviasVencidas } from '#domain/decretos/mesa-commands.ts';
import { enviarAlertas } from '#domain/alertas/envios.ts';
import { publicarVencidas } from '#domain/publicaciones/commands.ts';
import { purgarRetirados } from '#domain/sitio/retirados.ts';
import { enviarConsultas } from '#domain/reclamos/seguimiento.ts';
import { openCipher } from './data-key.ts';
import { type EstadoCierre, buildInfo, registerHealth } from './health.ts';
import { type SeccionAgregada, agregarSecciones, registerPages } from './pages.ts';
import { SECCIONES } from '#app/features/admin/secciones.ts';
import { contentSecurityPolicy, registerSecurityHeaders, securityHeaders } from './security.ts';
import { type ContentVersion, watchContentVersion } from './content-version.ts';
import { RenderCache } from './render-cache.ts';
import { forgetSiteSettings } from '#domain/sitio/settings.ts';
import { limitConnectionsPerAddress } from './connections.ts';
import { RequestRejection, frameworkErrors, handleClientError, registerErrorHandling, serializeError } from './errors.ts';
import { checkHeaders, registerInputGuard } from './input-guard.ts';
import { randomPoolBytes } from './random-pool.ts';
import { type VehiculosEnVivo, watchVehiculosEnVivo } from './vehiculos-en-vivo.ts';
import { DURACION_MAXIMA_STREAM_MS } from './api/vehiculos.ts';
import { type IngestServer, createIngestServer } from './ingest-port.ts';
import { type Metricas, createMetricas, createMetricsServer, pagePatterns, registerHttpMetrics } from './metricas.ts';
import { jobStates, scheduleJob } from './scheduled-jobs.ts';
import { scheduleSimulador } from './demo/simulador.ts';
import { getSiteSettingsForPages } from '#domain/sitio/settings.ts';
import { listVehiculosEnMapa } from '#domain/vehiculos/queries.ts';
import { type ColaIngesta, createColaIngesta } from '#domain/vehiculos/cola-ingesta.ts';
import { removePosicionesVencidas } from '#domain/vehiculos/retencion.ts';
import { actualizarCobertura } from '#domain/recoleccion/cobertura.ts';
import { registerAvisosMiCalle } from './mi-calle-avisos.ts';

export { loadConfig } from './env.ts';
export { openDatabase, openPglite, openPostgres } from '#db/client.ts';
export { createLocalStorage } from '#db/storage.ts';
export { openStorage };
export { KEY_FILE } from './data-key.ts';
export { seedDemoContent } from './demo/index.ts';
export { CarpetaInvalidaError, importarCarpeta, informeImportacion } from '#domain/importacion/importar.ts';
export { buildInfo, serializeError };
// What a test's own back-office section reads in its pages: the build's context keys, not copies (docs/decisions/044-secciones-del-panel.md).
export { appContext } from '#app/context.ts';
export { actorPanel } from '#app/lib/sesion.server.ts';

export type AppOptions = {
  config: Config;
  database: Database;
  storage: Storage;
  /** In development, Vite serves the client files and rebuilds pages on each request. */
  vite?: ViteDevServer;
  /** Logger setting: false in tests, JSON in production. */
  logger?: boolean;
  /** Where the JSON log lines go instead of standard output (tests read them). */
  logStream?: { write(line: string): void };
  /** The context's clock; the system's by default. */
  clock?: Clock;
  /** Back-office sections beyond app/features/admin/secciones.ts, with their pages' modules: a test's own (docs/decisions/044-secciones-del-panel.md). */
  secciones?: readonly SeccionAgregada[];
};

declare module 'fastify' {
  interface FastifyInstance {
    /** The application context this app serves with. */
    context: AppContext;
    /** What this instance knows of the content version (tests await a notification with it). */
    contentVersion: ContentVersion;
    /** The render cache, unless RENDER_CACHE=false. */
    renderCache: RenderCache | undefined;
    /** The live vehicle map's streams (docs/decisions/015-seguimiento-de-vehiculos.md). */
    vehiculosEnVivo: VehiculosEnVivo;
    /** The queue of positions the ingest writes in batches. */
    colaIngesta: ColaIngesta;
    /** The ingest's own port, when INGEST_PORT is set: `start()` opens it after the site's port. */
    ingest: IngestServer | undefined;
    /** The metrics (docs/decisions/030-metricas.md): what Prometheus reads on METRICS_PORT. */
    metricas: Metricas;
    /** The metrics' own port, when METRICS_PORT is set: `start()` opens it after the site's port. */
    metricsServer: ReturnType<typeof createMetricsServer> | undefined;
    /** Closing on SIGTERM (docs/decisions/028-cierre-ordenado.md): set, readiness answers 503 and every answer closes its connection. */
    cierre: EstadoCierre;
  }
}

/** The settings the context carries: the public subset of the configuration, no secrets. */
function appConfig(config: Config): AppConfig {
  return {
    siteUrl: config.siteUrl,
    mapTileUrl: config.mapTileUrl,
    solicitudes: { porDireccion: config.solicitudesPorIp, porPersona: config.solicitudesPorPersona, consultasPorMinuto: config.consultasEstadoPorMinuto },
    reclamos: { porDireccion: config.reclamosPorIp, porEmail: config.reclamosPorEmail, consultaDias: config.reclamosConsultaDias },
    sesiones: config.sesiones,
    smtpConfigurado: config.smtpUrl !== undefined,
    subidaMaxBytes: config.uploadMaxBytes,
    // 0 asks for any free port, which no setup sheet can name.
    ingestPort: config.vehiculos.ingestPort || undefined,
    pushServiciosLocales: config.pushServiciosLocales,
  };
}

const clientDir = path.resolve(process.cwd(), 'build/client');

/** Longer addresses get 414: no page or API call needs more, and search text is capped at 200. */
export const MAX_URL_LENGTH = 8 * 1024;

/**
 * Once the server stops listening, a keep-alive connection whose request was in flight would stay
 * open after its answer (until the 72 s keep-alive timeout) and hold the close: idle connections
 * are closed as they become idle, and after `graceMs` (SHUTDOWN_TIMEOUT_MS) every connection is
 * cut (docs/decisions/028-cierre-ordenado.md).
 */
function drainConnections(server: FastifyInstance['server'], graceMs: number): void {
  const idle = setInterval(() => server.closeIdleConnections(), 100);
  const cut = setTimeout(() => server.closeAllConnections(), graceMs);
  idle.unref();
  cut.unref();
  server.once('close', () => {
    clearInterval(idle);
    clearTimeout(cut);
  });
}

/** Open connections of `server` now (for the close's log). */
const connectionCount = (server: http.Server) => new Promise<number>((resolve) => server.getConnections((_error, n) => resolve(n ?? 0)));

/**
 * Outside the pages, bodies are JSON only (415 otherwise), read as bytes and decoded strictly, so
 * invalid UTF-8 is refused rather than silently replaced.
 */
function registerJsonOnly(app: FastifyInstance): void {
  const parseJson = app.getDefaultJsonParser('error', 'error');
  const utf8 = new TextDecoder('utf-8', { fatal: true });
  app.removeAllContentTypeParsers();
  app.addContentTypeParser('application/json', { parseAs: 'buffer' }, (request, body, done) => {
    let text: string;
    try {
      text = utf8.decode(body as Buffer);
    } catch {
      done(new RequestRejection(400, 'El contenido enviado tiene caracteres que no son texto UTF-8 válido.'), undefined);
      return;
    }
    parseJson(request, text, done);
  });
}

/** Trusts the nearest `hops` addresses of X-Forwarded-For, counted from the right. */
const trustHops = (hops: number) => (_address: string, hop: number) => hop < hops;

/** Answers a request before Fastify sees it (the render cache's hits); false passes it on. */
type FrontDoor = (request: IncomingMessage, response: ServerResponse) => boolean;

/**
 * Builds the application: the HTTP server, the protocol layers every answer passes, the data checks
 * of a start, the background work and the routes, in that order (docs/architecture.md, "Recorrido de
 * una solicitud").
 */
export async function buildApp(options: AppOptions): Promise<FastifyInstance> {
  const { config, database, storage, vite } = options;
  const cierre: EstadoCierre = { iniciado: false };
  // The render cache's front door (server/render-cache.ts, serveRaw): set once the cache exists.
  const front: { door?: FrontDoor } = {};
  const app = createServer(options, cierre, front);
  limitConnectionsPerAddress(app.server, config.trustProxy ? 0 : config.limits.maxConnectionsPerIp);
  // Metrics first (docs/decisions/030-metricas.md): their hook must see every route's answers.
  const agregadas = options.secciones ?? [];
  const pageBuild = vite ? undefined : agregarSecciones((await import('virtual:react-router/server-build')) as ServerBuild, agregadas);
  const metricas = createMetricas({ database, dataDir: config.dataDir, version: buildInfo, patterns: pagePatterns(pageBuild), jobs: () => jobStates(app) });
  app.decorate('metricas', metricas);
  registerHttpMetrics(app, metricas);
  await registerProtocol(app, config, vite);

  const cipher = await prepareDataAtStart(app, database, config);
  app.decorate('cierre', cierre);
  // However the app is closed (start().close() sets it earlier, tests close the app directly).
  app.addHook('preClose', async () => {
    cierre.iniciado = true;
  });
  registerHealth(app, database, storage, { carpeta: config.dataDir, minimoBytes: config.espacioLibreMinimoBytes });
  const worker = registerMailWorker(app, { database, cipher, storage, config, metricas });
  // The application context (docs/architecture.md, "Contexto"): one per process, for pages, API,
  // feeds and tests alike.
  const context = createAppContext({
    db: database.db,
    storage,
    log: app.log,
    cipher,
    mailer: { wake: () => worker.nudge() },
    config: appConfig(config),
    ...(options.clock ? { clock: options.clock } : {}),
  });
  app.decorate('context', context);
  scheduleContentJobs(app, context, config);
  const renderCache = await registerRenderCache(app, database, config);
  await scheduleIndiceBuscador(app, context, app.contentVersion);
  if (renderCache && !vite) front.door = renderCacheFrontDoor(app, renderCache, config, metricas);
  const vehiculos = await registerVehiculos(app, context, { database, config, metricas, renderCache });
  // Mi calle's reminders, change mails and «el camión está cerca» (docs/architecture.md, «Mi calle: avisos»).
  await registerAvisosMiCalle(app, context, database, config.alertasIntervaloMs);
  const metricsServer = config.metrics ? createMetricsServer(metricas, config.metrics) : undefined;
  app.decorate('metricsServer', metricsServer);
  // Prometheus may read them until the very end of a close.
  if (metricsServer) app.addHook('onClose', async () => metricsServer.close());
  scheduleSimulador(app, database.db, config.vehiculos.simulador);
  await registerApi(app, context, vehiculos);
  await registerCompat(app, context);
  registerFeeds(app, context);
  registerDatos(app, context);
  registerRecoleccion(app, context);
  await registerPages(app, {
    // In production the build is imported once and passed as an object: React Router derives its
    // route tables from it once. A function makes it derive them again on every request (about 7%
    // of a page's server time), which only development needs, where Vite reloads the routes.
    build: pageBuild ?? (() => vite!.ssrLoadModule('virtual:react-router/server-build') as Promise<ServerBuild>),
    mode: vite ? 'development' : 'production',
    context,
    // Pages change on every edit while developing.
    cache: vite ? undefined : renderCache,
    limits: config.limits,
    secciones: [...SECCIONES, ...agregadas.map(({ seccion }) => seccion)],
  });

  return app;
}

/** The Fastify instance on Node's HTTP server, with the front door in front of its handler. */
function createServer(options: AppOptions, cierre: EstadoCierre, front: { door?: FrontDoor }): FastifyInstance {
  const { config } = options;
  return Fastify({
    // Fastify's own HTTP server (lib/server.js), with the front door in front of its handler.
    serverFactory: (handler, factoryOptions) => {
      const resolved = factoryOptions as { http?: http.ServerOptions; keepAliveTimeout: number; requestTimeout: number; connectionTimeout: number };
      const server = http.createServer(resolved.http ?? {}, (request, response) => {
        // Closing: every answer, the render cache's too, ends its connection, so kept-alive
        // clients (the proxy) open their next one elsewhere (docs/decisions/028-cierre-ordenado.md).
        if (cierre.iniciado) response.setHeader('connection', 'close');
        if (front.door?.(request, response)) return;
        handler(request, response);
      });
      server.keepAliveTimeout = resolved.keepAliveTimeout;
      server.requestTimeout = resolved.requestTimeout;
      server.setTimeout(resolved.connectionTimeout);
      return server;
    },
    logger:
      options.logger === false
        ? false
        : {
            level: config.logLevel,
            ...(options.logStream ? { stream: options.logStream } : {}),
            // Only the method and path of a request are logged: query strings hold search text and
            // tracking codes, headers hold cookies and tokens, bodies hold DNI and e-mail. Errors
            // lose a database error's parameters (server/errors.ts).
            serializers: {
              // No query, and no tracking code, e-mail or token in the path (domain/shared/ocultar.ts).
              req: (request) => ({ method: request.method, path: rutaParaLog(request.url) }),
              err: serializeError,
            },
          },
    // A hop count becomes the function Fastify applies to it (its types do not list numbers).
    trustProxy: typeof config.trustProxy === 'number' ? trustHops(config.trustProxy) : config.trustProxy,
    // Requests that reach a closing server on a kept-alive connection are served, not refused
    // with 503: the proxy already sent them here (docs/decisions/028-cierre-ordenado.md).
    return503OnClosing: false,
    // Random request ids: they appear in 5xx answers as a reference, and must not count visitors.
    genReqId: () => randomPoolBytes(6).toString('hex'),
    // Bounds on every request (docs/decisions/003-solicitudes-hostiles.md): a body that does not
    // arrive gets 408, an answer that does not start gets 503; a silent keep-alive connection is closed.
    requestTimeout: config.limits.requestTimeoutMs,
    handlerTimeout: config.limits.handlerTimeoutMs,
    // Node checks those bounds every 30 s by default, which would let a slow client hold on for
    // twice the limit; headers get a shorter bound than the whole request.
    // A missing Host is refused by the input guard, with its Spanish answer, not by Node's bare 400.
    http: { connectionsCheckingInterval: 1_000, headersTimeout: Math.min(10_000, config.limits.requestTimeoutMs), requireHostHeader: false },
    clientErrorHandler: handleClientError,
    frameworkErrors,
  });
}

/** What every answer passes: security headers, errors, the input guard, JSON bodies, compression, files. */
async function registerProtocol(app: FastifyInstance, config: Config, vite: ViteDevServer | undefined): Promise<void> {
  // CONNECT would otherwise leave the socket open without an answer.
  app.server.on('connect', (_request, socket) => {
    socket.on('error', () => {});
    socket.end('HTTP/1.1 405 Method Not Allowed\r\nContent-Length: 0\r\nConnection: close\r\n\r\n');
  });

  // Security headers first: the guard's rejections and every error answer carry them too.
  registerSecurityHeaders(app, config);
  registerErrorHandling(app);
  registerInputGuard(app, { maxUrlLength: MAX_URL_LENGTH, trustProxy: config.trustProxy !== false });
  registerJsonOnly(app);
  // Dynamic answers: brotli at a fast level (server/compresion.ts); hashed assets are precompressed
  // at build time. Pages are compressed off the main thread by server/pages.ts, which reads them whole.
  await app.register(compress, {
    global: true,
    threshold: UMBRAL_COMPRESION,
    // Other buffered answers (JSON of the API, feeds) in one call: less than a zlib stream and a
    // pipeline per response (each pipeline ends with an AbortController's abort).
    syncThreshold: 2 * 1024 * 1024,
    encodings: ['br', 'gzip'],
    brotliOptions: BROTLI_DINAMICO,
  });

  if (vite) {
    const middie = await import('@fastify/middie');
    await app.register(middie.default);
    app.use(vite.middlewares);
  } else if (fs.existsSync(clientDir)) {
    await app.register(fastifyStatic, {
      root: clientDir,
      wildcard: false,
      index: false,
      preCompressed: true,
      setHeaders(reply, filePath) {
        const immutable = filePath.startsWith(path.join(clientDir, 'assets') + path.sep);
        reply.header('cache-control', immutable ? 'public, max-age=31536000, immutable' : 'public, max-age=3600');
      },
    });
  }
}

/**
 * The data checks of a start: personal data under the current key, and the first administrator.
 * Returns the cipher of personal data.
 */
async function prepareDataAtStart(app: FastifyInstance, database: Database, config: Config): Promise<ReturnType<typeof openCipher>> {
  // Personal data at rest (docs/decisions/004-datos-personales.md): the key is checked against the
  // database before anything is served, legacy plaintext rows are encrypted and rows under a key
  // being rotated out are re-encrypted, Mi calle's subscriptions among them. A wrong key stops the start here.
  const cipher = openCipher(config);
  const proteccion = await preparePersonalData(database.db, cipher, [reencryptSuscripcionesRecoleccion]);
  if (proteccion.filasProtegidas + proteccion.filasRotadas > 0) app.log.info(proteccion, 'datos personales cifrados con la clave actual');

  // The first administrator (docs/decisions/012-sesiones-y-roles.md): ADMIN_EMAIL and
  // ADMIN_PASSWORD (checked against the password policy in env.ts) when there is no user yet.
  if (config.admin.password) {
    if (await createPrimerAdministrador(database.db, { email: config.admin.email, clave: config.admin.password })) {
      app.log.info({}, 'primer administrador creado con ADMIN_EMAIL y ADMIN_PASSWORD');
    }
  } else {
    const [personas] = await database.db.select({ n: count() }).from(usuarios);
    if ((personas?.n ?? 0) === 0) app.log.warn({}, 'no hay usuarios del back-office: definí ADMIN_EMAIL y ADMIN_PASSWORD para crear el primer administrador');
  }
  return cipher;
}

/**
 * The outbox worker (docs/decisions/005-bandeja-de-salida.md): its state is only in the database, so
 * it simply starts with the app; several instances share the work safely. It sends over a pool of
 * SMTP connections, one mail in flight on each (docs/architecture.md, "Correo").
 */
function registerMailWorker(
  app: FastifyInstance,
  {
    database,
    cipher,
    storage,
    config,
    metricas,
  }: { database: Database; cipher: ReturnType<typeof openCipher>; storage: Storage; config: Config; metricas: Metricas },
): ReturnType<typeof createMailWorker> {
  const worker = createMailWorker({
    db: database.db,
    log: app.log,
    cipher,
    storage,
    transport: config.smtpUrl ? smtpTransport(config.smtpUrl, { connections: SMTP_CONNECTIONS }) : undefined,
    from: config.mailFrom,
    concurrency: SMTP_CONNECTIONS,
    onSent: () => metricas.correoEnviado(),
  });
  app.addHook('onReady', async () => worker.start());
  // Closing (docs/architecture.md, "Correo"): the worker stops while the HTTP server drains, not
  // after it; Fastify's onClose waits for it, and start().close() closes the database only then,
  // so the mails it gives back are written.
  let workerDetenido: Promise<void> | undefined;
  const detenerWorker = () => (workerDetenido ??= worker.stop());
  app.addHook('preClose', async () => {
    void detenerWorker();
    drainConnections(app.server, config.cierre.plazoMs);
  });
  app.addHook('onClose', async () => detenerWorker());
  return worker;
}

/** The jobs every instance runs over the published content and the requests. */
function scheduleContentJobs(app: FastifyInstance, context: AppContext, config: Config): void {
  // Retention (docs/decisions/013-mesa-de-entradas.md): closed decree requests past the retention
  // setting are anonymised, hourly, by every instance (rows another one holds are skipped).
  scheduleJob(app, { name: 'retención de solicitudes de decreto', firstAfterMs: 60_000, everyMs: 60 * 60_000, run: () => anonimizarVencidas(context) });
  // The desk's abandoned mail previews (docs/decisions/052-confirmar-antes-de-escribir.md): the PDF
  // of a preview never confirmed is deleted once its token expired; every ten minutes.
  scheduleJob(app, {
    name: 'vistas previas de la mesa vencidas',
    firstAfterMs: 60_000,
    everyMs: 10 * 60_000,
    run: () => limpiarVistasPreviasVencidas(context),
  });
  // Alerts by e-mail (docs/decisions/024-alertas.md): every minute, new ordinances and bulletins to
  // immediate subscriptions and the 08:00 digests, through the outbox; pending requests past their
  // week are deleted. Every instance runs it; a subscription is locked while sent.
  scheduleJob(app, {
    name: 'alertas por correo',
    firstAfterMs: config.alertasIntervaloMs,
    everyMs: config.alertasIntervaloMs,
    run: () => enviarAlertas(context),
  });
  // Scheduled publications (docs/decisions/053-borradores-y-publicacion-programada.md): every minute,
  // each due one is applied through its command as the person who scheduled it; the content-version
  // trigger empties the render cache, and the alerts job finds a new ordinance on its next run.
  // Every instance runs it; a publication is claimed with FOR UPDATE SKIP LOCKED.
  scheduleJob(app, {
    name: 'publicaciones programadas',
    firstAfterMs: config.publicacionesIntervaloMs,
    everyMs: config.publicacionesIntervaloMs,
    run: () => publicarVencidas(context),
  });
  // What staff removed can be restored for 90 days (docs/decisions/054-retirados-restaurables.md):
  // daily, every instance purges what is older, with its document and files (rows another holds are skipped).
  scheduleJob(app, { name: 'purga de retirados', firstAfterMs: 5 * 60_000, everyMs: 24 * 60 * 60_000, run: () => purgarRetirados(context) });
  // Mi calle's coverage (docs/architecture.md, «Cobertura y retención de posiciones»): every ten
  // minutes, yesterday's and today's (upserts), and from 08:00 yesterday's summary to each
  // supervisor, once. Every instance runs it; the rows being mailed are locked and skipped.
  scheduleJob(app, { name: 'cobertura de la recolección', firstAfterMs: 2 * 60_000, everyMs: 10 * 60_000, run: () => actualizarCobertura(context) });
  // Citizen reports' «¿Se resolvió?» (docs/decisions/057-reclamos.md): hourly (RECLAMOS_CONSULTAS_INTERVALO_MS),
  // one mail to each reporter RECLAMOS_CONSULTA_DIAS (28) after their report was solved. Every
  // instance runs it; rows are claimed with SKIP LOCKED and stamped with the mail, so each goes once.
  scheduleJob(app, {
    name: 'consultas de reclamos resueltos',
    firstAfterMs: Math.min(3 * 60_000, config.reclamosConsultasIntervaloMs),
    everyMs: config.reclamosConsultasIntervaloMs,
    run: () => enviarConsultas(context),
  });
}

/**
 * The site search's index (docs/decisions/049-buscador-del-sitio.md): a search never builds it. A
 * database where it was never built gets it before the app serves; afterwards a job brings it up to
 * date as soon as the content version changes (this instance's writes or another's), and every
 * INTERVALO_INDICE_MS in case a change was not heard.
 */
async function scheduleIndiceBuscador(app: FastifyInstance, context: AppContext, contentVersion: ContentVersion): Promise<void> {
  if (await indiceSinArmar(context.db)) await actualizarIndice(context.db);
  const job = scheduleJob(app, { name: 'índice del buscador', firstAfterMs: 0, everyMs: INTERVALO_INDICE_MS, run: () => actualizarIndice(context.db) });
  contentVersion.onChange(() => job.runSoon());
}

/**
 * The content version and the render cache (docs/decisions/007-cache-de-paginas.md): every instance
 * hears of every write to what pages show, its own before the write returns. Settings read earlier
 * are forgotten then, and the render cache empties.
 */
async function registerRenderCache(app: FastifyInstance, database: Database, config: Config): Promise<RenderCache | undefined> {
  const contentVersion = await watchContentVersion(database, app.log);
  contentVersion.onChange(() => forgetSiteSettings(database.db));
  app.addHook('onClose', async () => contentVersion.stop());
  const { enabled, ...bounds } = config.renderCache;
  const renderCache = enabled
    ? new RenderCache({ version: contentVersion, csp: contentSecurityPolicy(config), securityHeaders: securityHeaders(config), ...bounds })
    : undefined;
  app.decorate('contentVersion', contentVersion);
  app.decorate('renderCache', renderCache);
  return renderCache;
}

/**
 * What answers cached pages before Fastify: the input guard's header checks first (its method,
 * length and address checks hold for an address the cache already keeps). A closing server still
 * serves from the cache what it accepted (docs/decisions/028-cierre-ordenado.md).
 */
function renderCacheFrontDoor(app: FastifyInstance, renderCache: RenderCache, config: Config, metricas: Metricas): FrontDoor {
  const trustProxy = config.trustProxy !== false;
  const admits = (request: IncomingMessage) => {
    try {
      checkHeaders(request.headers, { trustProxy });
      return true;
    } catch {
      return false;
    }
  };
  const logHits = ['trace', 'debug', 'info'].includes(app.log.level);
  return (request, response) => {
    const started = performance.now();
    const served = renderCache.serveRaw(request, response, admits);
    if (!served) return false;
    // Fastify's onResponse hook never sees these: measured here, as it would (server/metricas.ts).
    metricas.respuesta(metricas.patron(request.url ?? '/'), request.method ?? 'GET', response.statusCode, (performance.now() - started) / 1000);
    // The one line Fastify would log at its end, with what its serializer keeps (method and path).
    if (logHits) {
      app.log.info({ req: request, res: { statusCode: response.statusCode }, cache: 'hit' }, 'request completed');
    }
    return served;
  };
}

/**
 * Vehicle tracking (docs/decisions/015-seguimiento-de-vehiculos.md): the live streams, the ingest's
 * batches and port, and the retention of positions.
 */
async function registerVehiculos(
  app: FastifyInstance,
  context: AppContext,
  { database, config, metricas, renderCache }: { database: Database; config: Config; metricas: Metricas; renderCache: RenderCache | undefined },
): Promise<{ enVivo: VehiculosEnVivo; cola: ColaIngesta }> {
  // Every instance listens for stored positions and streams the public ones; on close the streams
  // end first, so their connections drain with the others, and the listening stops with the app.
  const minutosRecientes = async () => (await getSiteSettingsForPages(database.db)).vehiculos.minutosRecientes;
  const vehiculosEnVivo = await watchVehiculosEnVivo(database, {
    maximo: config.vehiculos.streams.max,
    maximoPorDireccion: config.vehiculos.streams.porDireccion,
    maximoPorRed: config.vehiculos.streams.porRed,
    duracionMaximaMs: DURACION_MAXIMA_STREAM_MS,
    instantanea: async () => listVehiculosEnMapa(database.db, context.clock.now(), await minutosRecientes()),
    minutosRecientes,
    now: () => context.clock.now(),
    log: app.log,
  });
  app.decorate('vehiculosEnVivo', vehiculosEnVivo);
  metricas.observar({ renderCache, streams: vehiculosEnVivo });
  app.addHook('preClose', async () => vehiculosEnVivo.cerrarStreams());
  app.addHook('onClose', async () => vehiculosEnVivo.stop());
  // The ingest writes positions in batches («Escritura por lotes»): requests still in flight while
  // the server drains are written as usual; on close what waits is written before the database is closed.
  const colaIngesta = createColaIngesta(context);
  app.decorate('colaIngesta', colaIngesta);
  app.addHook('onClose', async () => colaIngesta.cerrar());
  // Retention of positions («Retención»): those received more than RETENCION_POSICIONES_DIAS ago
  // go, hourly, in short batches, by every instance.
  scheduleJob(app, {
    name: 'retención de posiciones de vehículos',
    firstAfterMs: 90_000,
    everyMs: 60 * 60_000,
    run: () => removePosicionesVencidas(context),
  });
  const ingest = createIngestServer(app, config);
  app.decorate('ingest', ingest);
  if (ingest) {
    let cerrada: Promise<void> | undefined;
    app.addHook('preClose', async () => {
      cerrada = ingest.close(config.cierre.plazoMs);
    });
    app.addHook('onClose', async () => cerrada ?? ingest.close(config.cierre.plazoMs));
  }
  return { enVivo: vehiculosEnVivo, cola: colaIngesta };
}

/**
 * The start's one look at the store (HeadBucket): settings it refuses stop the start with a
 * message naming the setting; a store that does not answer is logged (its class and code, no
 * secret) and the site starts anyway, downloads answering 503 until it is back. True if it answered.
 */
export async function checkStorageAtStart(storage: Storage, log: (line: Record<string, unknown>) => void): Promise<boolean> {
  if (!storage.check) return true;
  try {
    await storage.check();
    return true;
  } catch (error) {
    if (error instanceof StorageConfigError) throw new ConfigError(`Configuración inválida:\n  ${error.message}`);
    log({
      level: 40,
      time: Date.now(),
      msg: 'el almacenamiento de archivos (S3) no responde: el sitio arranca y las descargas responden 503 hasta que vuelva',
      err: serializeError(error),
    });
    return false;
  }
}

/** The demo accounts, when this database has them (the demo filled it): `npm start` prints them. */
async function demoAccounts(database: Database): Promise<typeof DEMO_USUARIOS | undefined> {
  const [fila] = await database.db.select({ n: count() }).from(datosDemo).where(eq(datosDemo.nombre, 'usuarios'));
  return (fila?.n ?? 0) > 0 ? DEMO_USUARIOS : undefined;
}

/** A `.tmp` this old is no write in progress: a crash left it. */
const TEMPORAL_VIEJO_MS = 60 * 60 * 1000;

/**
 * The whole process: database, demo content, HTTP server, orderly close. `close()` follows
 * docs/decisions/028-cierre-ordenado.md: readiness turns 503 and answers close their connections
 * at once; the site keeps serving for SHUTDOWN_DELAY_MS so the proxy notices; then it stops
 * listening, live map streams are told to reconnect, the outbox gives back what it holds, requests
 * already accepted get their answers (up to SHUTDOWN_TIMEOUT_MS), and the database closes.
 */
export async function start(
  config: Config,
  vite?: ViteDevServer,
): Promise<{
  app: FastifyInstance;
  close(): Promise<void>;
  demo: typeof DEMO_USUARIOS | undefined;
  ingestPort: number | undefined;
  metricsPort: number | undefined;
}> {
  // Owner-only DATA_DIR (docs/operacion.md, «Permisos de DATA_DIR»): whatever umask the process got,
  // what it creates from now on is 0700 or 0600, and what is there (PGlite's first files are 0666)
  // is repaired once the database has opened its folder.
  process.umask(0o077);
  const database = await openDatabase(config);
  await soloParaElDueno(config.dataDir).catch((error: unknown) =>
    console.warn(
      JSON.stringify({
        level: 'warn',
        msg: `No se pudieron dejar los permisos de DATA_DIR sólo para su dueño: ${(error as Error).message}`,
        carpeta: config.dataDir,
      }),
    ),
  );
  const storage = openStorage(config);
  let app: FastifyInstance | undefined;
  let demo: typeof DEMO_USUARIOS | undefined;
  let ingestPort: number | undefined;
  let metricsPort: number | undefined;
  let cerrarPuerta = async () => {};
  try {
    const storageAnswers = await checkStorageAtStart(storage, (line) => console.warn(JSON.stringify(line)));
    // Partial files a crash left keep the disk full (docs/decisions/029-fallas.md).
    const temporales = await storage.removeStaleTemporaries?.(TEMPORAL_VIEJO_MS).catch(() => 0);
    if (temporales) console.warn(JSON.stringify({ level: 'warn', msg: `Se borraron ${temporales} archivos temporales que dejó una escritura cortada.` }));
    // The demo's files need the store: without it the demo waits for the next start.
    if (config.seedDemo && storageAnswers) {
      const applied = await seedDemoContent({ db: database.db, storage });
      if (applied.length > 0) console.log(`Contenido de demostración cargado: ${applied.join(', ')}`);
      demo = await demoAccounts(database);
    }
    app = await buildApp({ config, database, storage, vite });
    if (config.seedDemo && storageAnswers) {
      const reportes = await seedDemoConContexto(app.context);
      if (reportes.length > 0) console.log(`Contenido de demostración cargado: ${reportes.join(', ')}`);
    }
    await app.listen({ port: config.port, host: config.host });
    ingestPort = await app.ingest?.listen(config.host);
    metricsPort = await app.metricsServer?.listen();
    // PGlite's folder is this process's: backups ask it for the snapshot (docs/decisions/031-respaldos.md).
    if (database.engine === 'pglite') cerrarPuerta = await abrirPuertaDeRespaldo(config.dataDir, { database, context: app.context });
  } catch (error) {
    await cerrarPuerta();
    await app?.close().catch(() => {});
    await database.close();
    storage.close?.();
    throw error;
  }
  const server = app;
  let closing: Promise<void> | undefined;
  const close = () =>
    (closing ??= (async () => {
      const inicio = performance.now();
      const desde = () => Math.round(performance.now() - inicio);
      server.cierre.iniciado = true;
      if (config.cierre.esperaMs > 0) await new Promise((resolve) => setTimeout(resolve, config.cierre.esperaMs));
      server.server.once('close', () => server.log.info({ ms: desde() }, 'cierre: pedidos en curso respondidos, conexiones cerradas'));
      server.log.info({ ms: desde(), conexiones: await connectionCount(server.server) }, 'cierre: el sitio deja de aceptar conexiones');
      await cerrarPuerta();
      await server.close();
      await database.close();
      storage.close?.();
      server.log.info({ ms: desde() }, 'cierre: base de datos cerrada');
    })());
  return { app: server, close, demo, ingestPort, metricsPort };
}
