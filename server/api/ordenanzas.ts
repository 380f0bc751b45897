import { Readable, pipeline } from 'node:stream';
import { stringify } from 'csv-stringify';
import type { FastifyInstance, FastifyReply } from 'fastify';
import { aFormatoOriginal } from '#domain/ordenanzas/formato.ts';
import { type OrdenanzaResumen, getOrdenanza, iterateOrdenanzas, searchOrdenanzas } from '#domain/ordenanzas/queries.ts';
import { POR_PAGINA, parseFiltrosOrdenanzas, porPaginaSchema } from '#domain/ordenanzas/schemas.ts';
import { DOWNLOAD_TIMEOUT_MS } from '#server/documentos.ts';
import { contract } from './contract.ts';
import { celdaSegura } from '#domain/shared/csv.ts';
import type { AppContext } from '#domain/shared/context.ts';

const COLUMNAS_CSV = ['ID', 'Numero', 'Anio', 'Estado', 'EstadoDescripcion', 'FechaEmision', 'Descripcion', 'Expediente', 'ModificatoriaDe', 'DocumentoURL'];

export function quiereCsv(accept: string | undefined, formato: string | null): boolean {
  if (formato) return formato.toLowerCase() === 'csv';
  return (accept ?? '').split(',').some((tipo) => tipo.trim().startsWith('text/csv'));
}

export function querystring(url: string): URLSearchParams {
  return new URL(url, 'http://x').searchParams;
}

export function sendFiltrosError(reply: FastifyReply, errores: Record<string, string | undefined>) {
  return reply.status(400).send({ error: 'Revisá los filtros de la búsqueda.', errores });
}

/** Open data: the ordinance register, searchable with the page's filters, as JSON or CSV. */
export async function ordenanzasApi(app: FastifyInstance, ctx: AppContext): Promise<void> {
  app.get('/ordenanzas', { ...contract('GET /ordenanzas'), handlerTimeout: DOWNLOAD_TIMEOUT_MS }, async (request, reply) => {
    const params = querystring(request.url);
    const parsed = parseFiltrosOrdenanzas(params);
    if (!parsed.ok) return sendFiltrosError(reply, parsed.errores);

    if (quiereCsv(request.headers.accept, params.get('formato'))) {
      const fila = (o: OrdenanzaResumen) => {
        const f = aFormatoOriginal(o);
        return [
          f.ID,
          f.Numero,
          f.Anio,
          f.Estado,
          f.EstadoDescripcion,
          f.FechaEmision ?? '',
          f.Descripcion,
          f.Expediente ?? '',
          f.ModificatoriaDe ?? '',
          f.DocumentoID ? ctx.url(`/api/v1/documentos/${f.DocumentoID}`) : '',
        ].map(celdaSegura);
      };
      // The first batch is read before any header is sent, so a failing query is a clean 5xx.
      const ordenanzas = iterateOrdenanzas(ctx.db, parsed.filtros);
      const primera = await ordenanzas.next();
      const filas = async function* () {
        if (primera.done) return;
        yield fila(primera.value);
        for await (const o of ordenanzas) yield fila(o);
      };
      reply
        .type('text/csv; charset=utf-8')
        .header('content-disposition', 'attachment; filename="ordenanzas.csv"')
        .header('cache-control', 'public, max-age=300');
      // A BOM so spreadsheets read the accents right; rows stream as the database yields them. A
      // pipeline carries a later failure to the response (cut short, logged), never to the process.
      return reply.send(pipeline(Readable.from(filas()), stringify({ header: true, columns: COLUMNAS_CSV, bom: true }), () => {}));
    }

    const tamano = porPaginaSchema.safeParse(params.get('porPagina') ?? undefined);
    if (!tamano.success) return sendFiltrosError(reply, { porPagina: tamano.error.issues[0]?.message });
    const pagina = await searchOrdenanzas(ctx.db, parsed.filtros, { porPagina: tamano.data ?? POR_PAGINA });
    reply.header('cache-control', 'public, max-age=60');
    return {
      items: pagina.items.map(aFormatoOriginal),
      total: pagina.total,
      totalExacto: pagina.totalExacto,
      pagina: pagina.pagina,
      porPagina: pagina.porPagina,
    };
  });

  app.get<{ Params: { id: string } }>('/ordenanzas/:id', contract('GET /ordenanzas/:id'), async (request, reply) => {
    const id = /^\d{1,10}$/.test(request.params.id) ? Number(request.params.id) : NaN;
    const ordenanza = Number.isNaN(id) ? undefined : await getOrdenanza(ctx.db, id);
    if (!ordenanza) return reply.status(404).send({ error: 'No existe una ordenanza con ese ID.' });
    reply.header('cache-control', 'public, max-age=60');
    return {
      ...aFormatoOriginal(ordenanza),
      ModificadaPor: ordenanza.modificadaPor.map((m) => ({ ID: m.id, Numero: m.numero, Anio: m.anio, Descripcion: m.descripcion })),
    };
  });
}
