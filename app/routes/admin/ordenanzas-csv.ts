import { appContext } from '#app/context.ts';
import { iterarOrdenanzasAdmin } from '#domain/ordenanzas/admin.ts';
import { encabezadoCsv, filaCsv, plantillaCsv } from '#domain/ordenanzas/importacion.ts';
import type { Route } from './+types/ordenanzas-csv';

/**
 * The bulk import's template (/admin/ordenanzas/plantilla.csv) and the register's export in the
 * same columns (/admin/ordenanzas/exportar.csv), for editors and administrators. UTF-8
 * with a byte-order mark, so a spreadsheet opens the accents right; the export streams, a page of
 * rows at a time, and protects text cells from being read as formulas.
 */
const BOM = '\uFEFF';

const cabeceras = (nombre: string) => ({
  'content-type': 'text/csv; charset=utf-8',
  'content-disposition': `attachment; filename="${nombre}"`,
  'cache-control': 'no-store',
  'x-content-type-options': 'nosniff',
});

export async function loader(args: Route.LoaderArgs) {
  if (new URL(args.request.url).pathname.endsWith('/plantilla.csv'))
    return new Response(BOM + plantillaCsv(), { headers: cabeceras('plantilla-ordenanzas.csv') });
  const { db } = args.context.get(appContext);
  const filas = iterarOrdenanzasAdmin(db);
  const codificador = new TextEncoder();
  const cuerpo = new ReadableStream<Uint8Array>({
    start(controller) {
      controller.enqueue(codificador.encode(BOM + encabezadoCsv()));
    },
    async pull(controller) {
      let texto = '';
      for (let i = 0; i < 500; i++) {
        const { value, done } = await filas.next();
        if (done) {
          if (texto) controller.enqueue(codificador.encode(texto));
          controller.close();
          return;
        }
        texto += filaCsv(value);
      }
      controller.enqueue(codificador.encode(texto));
    },
    async cancel() {
      await filas.return(undefined);
    },
  });
  return new Response(cuerpo, { headers: cabeceras('ordenanzas.csv') });
}
