import { appContext } from '#app/context.ts';
import { leerFiltros } from '#app/features/admin/reclamos-mesa/cola.server.ts';
import { actorPanel } from '#app/lib/sesion.server.ts';
import { exportarCsv } from '#domain/reclamos/cola.ts';
import { fechaEnArgentina } from '#domain/shared/fechas.ts';
import type { Route } from './+types/csv';

/**
 * The queue's reports as CSV (/admin/reclamos.csv), with the queue's filters from the address:
 * UTF-8 with a byte-order mark so a spreadsheet opens the accents right, formulas neutralised,
 * never the reporter's e-mail nor name (domain/reclamos/cola.ts). Filters that do not read are
 * said in Spanish with a 400, never a file of something else.
 */
const BOM = '\uFEFF';

export async function loader(args: Route.LoaderArgs) {
  const actor = actorPanel(args.context);
  const ctx = args.context.get(appContext);
  const leido = leerFiltros(new URL(args.request.url).searchParams, actor);
  const errores = Object.values(leido.errores);
  if (errores.length > 0)
    return new Response(`No pudimos exportar los reclamos: ${errores.join(' ')} Volvé a la lista de reclamos y revisá los filtros.\n`, {
      status: 400,
      headers: { 'content-type': 'text/plain; charset=utf-8', 'cache-control': 'no-store', 'x-content-type-options': 'nosniff' },
    });
  const csv = await exportarCsv(ctx.db, leido.filtros);
  return new Response(BOM + csv, {
    headers: {
      'content-type': 'text/csv; charset=utf-8',
      'content-disposition': `attachment; filename="reclamos-${fechaEnArgentina(ctx.clock.now())}.csv"`,
      'cache-control': 'no-store',
      'x-content-type-options': 'nosniff',
    },
  });
}
