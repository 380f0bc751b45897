import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { AppContext } from '#domain/shared/context.ts';
import { getSiteSettingsForPages } from '#domain/sitio/settings.ts';
import type { ColaIngesta, ResultadoCola } from '#domain/vehiculos/cola-ingesta.ts';
import { type EntradaIngesta, readPosicion } from '#domain/vehiculos/ingesta.ts';
import { listVehiculosEnMapa } from '#domain/vehiculos/queries.ts';
import { clientKey } from '#server/client-address.ts';
import { type VehiculosEnVivo, aVehiculoApi } from '#server/vehiculos-en-vivo.ts';
import { contract } from './contract.ts';

/** The ingest's path on the site; the root of INGEST_PORT leads here too (server/ingest-port.ts). */
export const RUTA_INGESTA = '/api/v1/posiciones';

/** A report is a few hundred bytes (Traccar Client's JSON, about 600): 16 KiB caps what anyone makes us read. */
const INGESTA_BODY_LIMIT = 16 * 1024;

/**
 * The ingest's handler timeout, instead of HANDLER_TIMEOUT_MS: Fastify's 503 at the timeout would
 * say "not stored" of a position its batch may still store. The queue bounds the wait itself (a
 * position not taken in ESPERA_MAXIMA_MS is answered 503 and never written) and a batch taken ends
 * within the database's timeouts (a few statements of STATEMENT_TIMEOUT_MS at most): this one is
 * only a last resort, far beyond both.
 */
const INGESTA_HANDLER_TIMEOUT_MS = 5 * 60_000;

/** A stream lasts at most this long (the browser reconnects and gets a fresh snapshot). */
export const DURACION_MAXIMA_STREAM_MS = 30 * 60_000;

/**
 * What a report brought, as Traccar reads it: a JSON body when the content type says JSON; else
 * the query string's parameters, or the form body's when the query string has none.
 */
function entrada(request: FastifyRequest): EntradaIngesta {
  const tipo = (request.headers['content-type'] ?? '').toLowerCase();
  if (tipo.startsWith('application/json')) return { json: request.body };
  const pregunta = request.url.indexOf('?');
  const query = new URLSearchParams(pregunta === -1 ? '' : request.url.slice(pregunta + 1));
  if (query.size > 0 || !Buffer.isBuffer(request.body)) return { parametros: query };
  // The input guard has checked the body is UTF-8 without control characters (server/input-guard.ts).
  return { parametros: new URLSearchParams(request.body.toString('utf8')) };
}

/** What the ingest answers for a position, as Traccar would: 200 and nothing else when it is stored (or was). */
function respuesta(resultado: ResultadoCola): { status: number; error?: string; reintentarEnSegundos?: number } {
  switch (resultado.tipo) {
    case 'registrada':
    case 'repetida':
    case 'sin_posicion':
      return { status: 200 };
    case 'desconocido':
      return { status: 404, error: 'Ningún vehículo activo tiene ese identificador de dispositivo: revisá el identificador configurado en el rastreador.' };
    case 'limite':
      return { status: 429, error: resultado.mensaje, reintentarEnSegundos: resultado.reintentarEnSegundos };
    case 'sin_lugar':
      return { status: 503, error: resultado.mensaje, reintentarEnSegundos: resultado.reintentarEnSegundos };
  }
}

/** The parts of the vehicle map the app runs: the live streams and the ingest's queue. */
export type ServiciosVehiculos = { enVivo: VehiculosEnVivo; cola: ColaIngesta };

/**
 * The vehicle map's API (docs/decisions/015-seguimiento-de-vehiculos.md): the ingest of
 * positions from trackers, the vehicles on the public map and their live stream.
 */
export async function vehiculosApi(api: FastifyInstance, ctx: AppContext, { enVivo, cola }: ServiciosVehiculos): Promise<void> {
  // Trackers send what they send: a form body, JSON, or parameters with any content type. Here
  // every body is read (up to the limit) and the handler decides, so no content type is a 415.
  await api.register(async (ingesta) => {
    ingesta.addContentTypeParser('*', { parseAs: 'buffer' }, (_request, body, done) => done(null, body));
    const ingestar = async (request: FastifyRequest, reply: FastifyReply) => {
      reply.header('cache-control', 'no-store');
      const lectura = readPosicion(entrada(request), ctx.clock.now());
      if (!lectura.ok) {
        request.server.metricas.posicion('invalida');
        return reply.status(400).send({ error: lectura.motivo });
      }
      // Answered once its batch has committed (domain/vehiculos/cola-ingesta.ts): a 200 is stored.
      // A report with nothing to store still goes through the queue: its device is checked (an
      // unknown one is a 404 and counts for the address) and its rate counted, like any report.
      const reporte = lectura.posicion ?? { dispositivo: lectura.dispositivo, sinPosicion: lectura.sinPosicion };
      const resultado = await cola.registrar(reporte, { direccion: clientKey(request) });
      request.server.metricas.posicion(resultado.tipo);
      const { status, error, reintentarEnSegundos } = respuesta(resultado);
      if (reintentarEnSegundos !== undefined) reply.header('retry-after', String(reintentarEnSegundos));
      // As Traccar answers: 200 and nothing else. A repeated report is acknowledged too.
      return error === undefined ? reply.status(status).send() : reply.status(status).send({ error });
    };
    // A report every few seconds per vehicle: the request log would be mostly these lines. Errors
    // are still logged; the device identifier and the position never are.
    const opciones = { bodyLimit: INGESTA_BODY_LIMIT, logLevel: 'warn' as const, exposeHeadRoute: false, handlerTimeout: INGESTA_HANDLER_TIMEOUT_MS };
    ingesta.get('/posiciones', { ...contract('GET /posiciones'), ...opciones }, ingestar);
    ingesta.post('/posiciones', { ...contract('POST /posiciones'), ...opciones }, ingestar);
  });

  api.get('/vehiculos', contract('GET /vehiculos'), async (_request, reply) => {
    const { minutosRecientes } = (await getSiteSettingsForPages(ctx.db)).vehiculos;
    const vehiculos = await listVehiculosEnMapa(ctx.db, ctx.clock.now(), minutosRecientes);
    // Positions change every few seconds: a CDN or browser may keep the list only briefly.
    reply.header('cache-control', 'public, max-age=5');
    return vehiculos.map(aVehiculoApi);
  });

  api.get(
    '/vehiculos/stream',
    // Not compressed (each event must leave at once); it outlives the usual handler timeout.
    { ...contract('GET /vehiculos/stream'), compress: false, handlerTimeout: DURACION_MAXIMA_STREAM_MS + 60_000 },
    async (request, reply) => {
      const apertura = await enVivo.abrir(clientKey(request));
      if (!apertura.ok) {
        if (apertura.status === 503) reply.header('retry-after', '30');
        return reply.status(apertura.status).header('cache-control', 'no-store').send({ error: apertura.mensaje });
      }
      reply.headers({
        'content-type': 'text/event-stream; charset=utf-8',
        'cache-control': 'no-cache, no-transform',
        // nginx would otherwise buffer the events.
        'x-accel-buffering': 'no',
      });
      return reply.send(apertura.stream);
    },
  );
}
