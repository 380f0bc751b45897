import { appContext } from '#app/context.ts';
import { entradaLegible, filasCsv, listNombres } from '#app/features/auditoria/registro.server.ts';
import { iterarAuditoria } from '#domain/auditoria/queries.ts';
import { readFiltrosAuditoria } from '#domain/auditoria/schemas.ts';
import type { Route } from './+types/auditoria-csv';

/**
 * The audit log's rows that match the page's filters, as CSV (/admin/auditoria.csv?…), for the
 * same role as the page and with the same columns it shows. UTF-8 with a byte-order mark so a
 * spreadsheet opens the accents right; streamed a batch at a time.
 */
const BOM = '\uFEFF';

export async function loader(args: Route.LoaderArgs) {
  const { db } = args.context.get(appContext);
  const { consulta, errores } = readFiltrosAuditoria(new URL(args.request.url).searchParams, 1);
  const mensajes = Object.values(errores);
  if (mensajes.length > 0) {
    return new Response(`Revisá los filtros de la auditoría: ${mensajes.join(' ')}\n`, {
      status: 400,
      headers: { 'content-type': 'text/plain; charset=utf-8', 'cache-control': 'no-store' },
    });
  }
  const { pagina: _pagina, porPagina: _porPagina, ...filtros } = consulta;
  const { nombres } = await listNombres(db);
  const filas = iterarAuditoria(db, filtros);
  const codificador = new TextEncoder();
  const cuerpo = new ReadableStream<Uint8Array>({
    start(controller) {
      controller.enqueue(codificador.encode(BOM + filasCsv([], true)));
    },
    async pull(controller) {
      const tanda = [];
      for (let i = 0; i < 500; i++) {
        const { value, done } = await filas.next();
        if (done) break;
        tanda.push(entradaLegible(value, nombres));
      }
      if (tanda.length > 0) controller.enqueue(codificador.encode(filasCsv(tanda)));
      if (tanda.length < 500) controller.close();
    },
    async cancel() {
      await filas.return(undefined);
    },
  });
  return new Response(cuerpo, {
    headers: {
      'content-type': 'text/csv; charset=utf-8',
      'content-disposition': 'attachment; filename="auditoria.csv"',
      'cache-control': 'no-store',
      'x-content-type-options': 'nosniff',
    },
  });
}
