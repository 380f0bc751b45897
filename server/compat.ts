import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { aFormatoOriginal } from '#domain/ordenanzas/formato.ts';
import { getDocumentoIdDeOrdenanza, searchOrdenanzas } from '#domain/ordenanzas/queries.ts';
import { parseFiltrosOrdenanzas } from '#domain/ordenanzas/schemas.ts';
import type { AppContext } from '#domain/shared/context.ts';
import { idDocumento } from './api/index.ts';
import { sendFiltrosError, querystring } from './api/ordenanzas.ts';
import { DOWNLOAD_TIMEOUT_MS, sendDocumento } from './documentos.ts';

/** The original's answer holds at most this many ordinances, most relevant or newest first. */
const COMPAT_MAX_ROWS = 1000;

/**
 * The original site's second API and document service, so links and integrations made for it
 * keep working (docs/architecture.md, "Capas").
 */
export async function registerCompat(app: FastifyInstance, ctx: AppContext): Promise<void> {
  const ordenanzas = async (request: FastifyRequest, reply: FastifyReply) => {
    const params = querystring(request.url);
    const idOrdenanza = params.get('idOrdenanza');
    if (idOrdenanza !== null) {
      const id = idDocumento(idOrdenanza);
      const documentoId = id > 0 ? await getDocumentoIdDeOrdenanza(ctx.db, id) : undefined;
      if (documentoId === undefined) return reply.status(404).send({ error: 'No existe una ordenanza con documento para ese ID.' });
      return sendDocumento(request, reply, ctx, documentoId);
    }
    // `palabra` and `tag` are both words to find; empty parameters mean no filter.
    const palabras = [params.get('palabra'), params.get('tag')].filter((v) => v && v.trim() !== '').join(' ');
    const filtros = new URLSearchParams({
      estado: params.get('estado') ?? '',
      numero: params.get('numero') ?? '',
      anio: params.get('anio') ?? '',
      pattern: palabras,
    });
    const parsed = parseFiltrosOrdenanzas(filtros);
    if (!parsed.ok) return sendFiltrosError(reply, parsed.errores);
    const { items } = await searchOrdenanzas(ctx.db, parsed.filtros, { porPagina: COMPAT_MAX_ROWS });
    // As the original: the body is a JSON string whose content is the JSON array.
    reply.type('application/json; charset=utf-8').header('cache-control', 'public, max-age=60');
    return reply.send(JSON.stringify(JSON.stringify(items.map(aFormatoOriginal))));
  };
  app.get('/Ordenanzas', { compress: false, handlerTimeout: DOWNLOAD_TIMEOUT_MS }, ordenanzas);
  app.get('/Ordenanzas/', { compress: false, handlerTimeout: DOWNLOAD_TIMEOUT_MS }, ordenanzas);

  app.get('/downloadArchivoAppTurismo', { compress: false, handlerTimeout: DOWNLOAD_TIMEOUT_MS }, (request, reply) =>
    sendDocumento(request, reply, ctx, idDocumento(querystring(request.url).get('id') ?? undefined)),
  );
}
