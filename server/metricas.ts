import http from 'node:http';
import type { AddressInfo } from 'node:net';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { Counter, Gauge, Histogram, Registry, collectDefaultMetrics } from 'prom-client';
import { type ServerBuild, matchRoutes } from 'react-router';
import type { Database } from '#db/client.ts';
import { espacioLibre } from '#db/disco.ts';
import { type ResumenBandeja, resumenBandeja } from '#domain/correo/bandeja.ts';
import type { ResultadoCola } from '#domain/vehiculos/cola-ingesta.ts';
import type { RenderCacheStats } from './render-cache.ts';
import type { JobState } from './scheduled-jobs.ts';

/**
 * The site's metrics in Prometheus's format (docs/decisions/030-metricas.md; every metric is
 * described in docs/operacion.md, «Métricas»). Counters move as things happen; what lives in the
 * database or elsewhere in the process is read when Prometheus asks, cheaply and with a bound, so a
 * slow database never holds a scrape. They are served only on METRICS_PORT, never on the public port.
 */

/** The longest a scrape waits for the database's figures; then they read NaN and `vla_metricas_base_ok` 0. */
export const ESPERA_BASE_MS = 2_000;

/** The label of a request no route answered (Fastify's 404), and of a page address no page matches. */
export const SIN_RUTA = '(sin ruta)';

/** Seconds: from a cached page (under a millisecond) to the handler's timeout (15 s). */
const DURATION_BUCKETS = [0.001, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 20];

/** Waits for the embedded database's turn, in seconds: from none to its 5 s bound. */
const TURN_BUCKETS = [0.0005, 0.001, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5];

const METHODS = new Set(['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS']);

/** What became of a position a tracker sent (docs/decisions/015-seguimiento-de-vehiculos.md): a bounded set of labels. */
export type ResultadoPosicion = ResultadoCola['tipo'] | 'invalida';

/** The parts of the app whose figures are read at scrape time; they exist after the metrics do. */
export type Fuentes = { renderCache?: { stats(): RenderCacheStats }; streams?: { abiertas(): number } };

/**
 * Process figures (memory, event-loop delay, garbage collection, open files) are one set per
 * process, however many apps a test builds in it: collected once, into a registry of their own.
 */
let procesoRegistry: Registry | undefined;
function proceso(): Registry {
  if (!procesoRegistry) {
    procesoRegistry = new Registry();
    collectDefaultMetrics({ register: procesoRegistry });
  }
  return procesoRegistry;
}

export type Metricas = ReturnType<typeof createMetricas>;

export type MetricasOptions = {
  database: Database;
  /** Its disk's free space is a gauge. */
  dataDir: string;
  version: { version: string; build: string };
  /** The page route of an address (`pagePatterns`). */
  patterns: (url: string) => string;
  /** The scheduled jobs and what happened to each (server/scheduled-jobs.ts). */
  jobs: () => readonly JobState[];
};

export function createMetricas(options: MetricasOptions) {
  const { database, dataDir } = options;
  const registers = [new Registry()];
  const [registry] = registers as [Registry];
  proceso();
  const fuentes: Fuentes = {};

  new Gauge({ name: 'vla_build_info', help: 'Versión del sitio que atiende (siempre 1).', labelNames: ['version', 'build'], registers }).set(
    { version: options.version.version, build: options.version.build },
    1,
  );
  const duracion = new Histogram({
    name: 'vla_http_request_duration_seconds',
    help: 'Duración de las respuestas, por patrón de ruta (nunca la dirección pedida) y método.',
    labelNames: ['route', 'method'],
    buckets: DURATION_BUCKETS,
    registers,
  });
  const respuestas = new Counter({
    name: 'vla_http_responses_total',
    help: 'Respuestas, por clase de estado (2xx, 3xx, 4xx, 5xx).',
    labelNames: ['clase'],
    registers,
  });
  const cacheAciertos = new Counter({ name: 'vla_render_cache_hits_total', help: 'Páginas servidas desde la caché de páginas.', registers });
  const cacheFallos = new Counter({ name: 'vla_render_cache_misses_total', help: 'Páginas renderizadas y guardadas en la caché.', registers });
  const cacheEntradas = new Gauge({ name: 'vla_render_cache_entradas', help: 'Páginas guardadas en la caché ahora.', registers });
  const cacheBytes = new Gauge({ name: 'vla_render_cache_bytes', help: 'Bytes de HTML (plano y comprimido) en la caché.', registers });
  const pendientes = new Gauge({ name: 'vla_correo_pendientes', help: 'Correos pendientes en la bandeja de salida (todas las instancias).', registers });
  const antiguedad = new Gauge({
    name: 'vla_correo_pendiente_mas_antiguo_segundos',
    help: 'Antigüedad del correo pendiente más viejo; 0 si no hay.',
    registers,
  });
  const fallidos = new Gauge({ name: 'vla_correo_fallidos', help: 'Correos fallidos definitivamente: esperan que alguien los reintente.', registers });
  const enviados = new Counter({ name: 'vla_correo_enviados_total', help: 'Correos que esta instancia entregó al servidor SMTP.', registers });
  const baseOk = new Gauge({
    name: 'vla_metricas_base_ok',
    help: '1 si la base contestó a tiempo las cifras de esta lectura; 0 si no (valen NaN).',
    registers,
  });
  const posiciones = new Counter({
    name: 'vla_posiciones_total',
    help: 'Posiciones de rastreadores recibidas, por resultado: registrada, repetida, o el motivo del rechazo.',
    labelNames: ['resultado'],
    registers,
  });
  const streams = new Gauge({ name: 'vla_mapa_en_vivo_streams', help: 'Mapas en vivo (Server-Sent Events) abiertos en esta instancia.', registers });
  const tareaExito = new Gauge({
    name: 'vla_tarea_ultimo_exito_timestamp_seconds',
    help: 'Cuándo terminó bien la última corrida de cada tarea programada; antes de la primera, cuándo arrancó la tarea.',
    labelNames: ['tarea'],
    registers,
  });
  const tareaDuracion = new Gauge({
    name: 'vla_tarea_duracion_seconds',
    help: 'Duración de la última corrida de cada tarea, buena o fallida.',
    labelNames: ['tarea'],
    registers,
  });
  const tareaPeriodo = new Gauge({ name: 'vla_tarea_periodo_seconds', help: 'Período de cada tarea programada.', labelNames: ['tarea'], registers });
  const tareaFallas = new Gauge({
    name: 'vla_tarea_fallas',
    help: 'Corridas fallidas de cada tarea desde que arrancó el proceso.',
    labelNames: ['tarea'],
    registers,
  });
  // Each engine its own: the pool of PostgreSQL, the turn of the embedded database.
  const pool = database.pool
    ? new Gauge({
        name: 'vla_db_pool_conexiones',
        help: 'PostgreSQL: conexiones del pool, por estado (abiertas, libres) y pedidos que esperan una.',
        labelNames: ['estado'],
        registers,
      })
    : undefined;
  const turno = database.onTurnWait
    ? new Histogram({
        name: 'vla_pglite_espera_turno_seconds',
        help: 'PGlite: cuánto esperó cada sentencia su turno en la base embebida.',
        buckets: TURN_BUCKETS,
        registers,
      })
    : undefined;
  const discoLibre = new Gauge({ name: 'vla_disco_libre_bytes', help: 'Espacio libre para el sitio en el disco de DATA_DIR.', registers });
  const discoTotal = new Gauge({ name: 'vla_disco_total_bytes', help: 'Tamaño del disco de DATA_DIR.', registers });

  database.onTurnWait?.((ms) => turno?.observe(ms / 1000));

  /** One read of the outbox at a time: scrapes that come while it is slow share it. */
  let lectura: Promise<ResumenBandeja> | undefined;
  const leerBandeja = () => (lectura ??= resumenBandeja(database.db).finally(() => (lectura = undefined)));
  let vistos = { hits: 0, misses: 0 };

  async function actualizar(): Promise<void> {
    const stats = fuentes.renderCache?.stats();
    if (stats) {
      // The cache counts since it was made; counters only grow.
      cacheAciertos.inc(Math.max(0, stats.hits - vistos.hits));
      cacheFallos.inc(Math.max(0, stats.misses - vistos.misses));
      vistos = { hits: stats.hits, misses: stats.misses };
      cacheEntradas.set(stats.entries);
      cacheBytes.set(stats.bytes);
    }
    if (fuentes.streams) streams.set(fuentes.streams.abiertas());
    const conexiones = database.pool?.();
    if (pool && conexiones) {
      pool.set({ estado: 'abiertas' }, conexiones.total);
      pool.set({ estado: 'libres' }, conexiones.idle);
      pool.set({ estado: 'esperando' }, conexiones.waiting);
    }
    for (const job of options.jobs()) setJob(job);
    const [bandeja, disco] = await Promise.all([withinBound(leerBandeja(), ESPERA_BASE_MS), espacioLibre(dataDir)]);
    baseOk.set(bandeja ? 1 : 0);
    pendientes.set(bandeja?.pendientes ?? NaN);
    antiguedad.set(bandeja?.pendienteMasAntiguoSegundos ?? NaN);
    fallidos.set(bandeja?.fallidos ?? NaN);
    discoLibre.set(disco?.libre ?? NaN);
    discoTotal.set(disco?.total ?? NaN);
  }

  function setJob(job: JobState): void {
    const labels = { tarea: job.name };
    tareaPeriodo.set(labels, job.everyMs / 1000);
    tareaFallas.set(labels, job.failures);
    if (job.lastSuccessAt !== undefined) tareaExito.set(labels, job.lastSuccessAt / 1000);
    if (job.lastDurationS !== undefined) tareaDuracion.set(labels, job.lastDurationS);
  }

  return {
    contentType: registry.contentType,
    /** The metrics text, as Prometheus reads it: this app's figures and the process's. */
    async text(): Promise<string> {
      await actualizar();
      return `${await proceso().metrics()}\n${await registry.metrics()}`;
    },
    /** One answer: its route's pattern (a bounded set), method, status and duration. */
    respuesta(route: string, method: string, status: number, seconds: number): void {
      duracion.observe({ route, method: METHODS.has(method) ? method : 'otro' }, seconds);
      respuestas.inc({ clase: `${Math.floor(status / 100)}xx` });
    },
    /** The pattern of a page address (React Router's route), what `respuesta` is labelled with. */
    patron: options.patterns,
    posicion(resultado: ResultadoPosicion): void {
      posiciones.inc({ resultado });
    },
    correoEnviado(): void {
      enviados.inc();
    },
    /** Gives the parts made after the metrics. */
    observar(mas: Fuentes): void {
      Object.assign(fuentes, mas);
    },
  };
}

/** Resolves with `work`'s value, or undefined if it fails or takes longer than `ms` (it keeps going, unheard). */
async function withinBound<T>(work: Promise<T>, ms: number): Promise<T | undefined> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  try {
    return await Promise.race([
      work,
      new Promise<undefined>((resolve) => {
        timer = setTimeout(() => resolve(undefined), ms);
      }),
    ]);
  } catch {
    return undefined;
  } finally {
    clearTimeout(timer);
  }
}

/** The label of a request: the pattern Fastify matched, or the page route React Router matches. */
function routeLabel(metricas: Metricas, request: FastifyRequest): string {
  const url = request.routeOptions.url;
  if (url === undefined) return SIN_RUTA;
  return (request.routeOptions.config as { page?: boolean }).page ? metricas.patron(request.url) : url;
}

/** Every answer Fastify sends is measured; the render cache's front door measures its own (server/app.ts). */
export function registerHttpMetrics(app: FastifyInstance, metricas: Metricas): void {
  app.addHook('onResponse', (request, reply, done) => {
    metricas.respuesta(routeLabel(metricas, request), request.method, reply.statusCode, reply.elapsedTime / 1000);
    done();
  });
}

type RouteNode = { id: string; path?: string; index?: boolean; caseSensitive?: boolean; children?: RouteNode[] };

/** How many page addresses keep their pattern at hand; past it the memory starts over (random addresses must not grow it). */
const PATTERNS_KEPT = 2_000;

/**
 * The function that names a page address by its route's pattern (`/ordenanzas/:id`), from React
 * Router's routes; without a build (development, where Vite reloads them) every page is '(página)'.
 */
export function pagePatterns(build: ServerBuild | undefined): (url: string) => string {
  if (!build) return () => '(página)';
  const nodes = new Map<string, RouteNode>();
  for (const route of Object.values(build.routes)) {
    if (route) nodes.set(route.id, { id: route.id, path: route.path, index: route.index, caseSensitive: route.caseSensitive });
  }
  const roots: RouteNode[] = [];
  for (const route of Object.values(build.routes)) {
    if (!route) continue;
    const node = nodes.get(route.id)!;
    const parent = route.parentId === undefined ? undefined : nodes.get(route.parentId);
    if (parent) (parent.children ??= []).push(node);
    else roots.push(node);
  }
  const kept = new Map<string, string>();
  return (url) => {
    const question = url.indexOf('?');
    let pathname = question === -1 ? url : url.slice(0, question);
    // React Router's single fetch asks for a page's data at its address plus `.data` (the home's at `/_root.data`).
    if (pathname.endsWith('.data')) pathname = pathname === '/_root.data' ? '/' : pathname.slice(0, -'.data'.length);
    const known = kept.get(pathname);
    if (known !== undefined) return known;
    let pattern = SIN_RUTA;
    try {
      const matches = matchRoutes(roots as Parameters<typeof matchRoutes>[0], pathname);
      if (matches) {
        const parts = matches.map((match) => (match.route as RouteNode).path ?? '').filter((part) => part !== '');
        pattern = `/${parts.join('/')}`.replace(/\/{2,}/g, '/');
      }
    } catch {
      // An address React Router cannot read (bad percent-encoding) matches no page.
    }
    if (kept.size >= PATTERNS_KEPT) kept.clear();
    kept.set(pathname, pattern);
    return pattern;
  };
}

/**
 * The metrics' own listener (METRICS_PORT, METRICS_HOST): `/metrics` and nothing else, so it can
 * be reached by Prometheus alone while the public port has no `/metrics` at all.
 */
export function createMetricsServer(metricas: Metricas, settings: { port: number; host: string }) {
  const server = http.createServer((request, response) => {
    const ruta = (request.url ?? '/').split('?', 1)[0];
    if (ruta !== '/metrics' || (request.method !== 'GET' && request.method !== 'HEAD')) {
      response.writeHead(404, { 'content-type': 'text/plain; charset=utf-8' }).end('En este puerto sólo está /metrics (Prometheus).\n');
      return;
    }
    metricas.text().then(
      (text) => {
        response.writeHead(200, { 'content-type': metricas.contentType, 'cache-control': 'no-store' });
        response.end(request.method === 'HEAD' ? undefined : text);
      },
      (error: unknown) => {
        response.writeHead(500, { 'content-type': 'text/plain; charset=utf-8' }).end(`No se pudieron leer las métricas: ${(error as Error).message}\n`);
      },
    );
  });
  server.on('clientError', (_error, socket) => socket.destroy());
  return {
    /** Starts listening; resolves with the port (METRICS_PORT=0 takes any free one). */
    listen: () =>
      new Promise<number>((resolve, reject) => {
        server.once('error', reject);
        server.listen(settings.port, settings.host, () => {
          server.off('error', reject);
          resolve((server.address() as AddressInfo).port);
        });
      }),
    close: () =>
      new Promise<void>((resolve) => {
        if (!server.listening) return resolve();
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}
