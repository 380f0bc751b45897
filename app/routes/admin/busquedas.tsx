import { appContext } from '#app/context.ts';
import { DataTable } from '#app/components/ui/data-table.tsx';
import { privateDataHeaders } from '#app/lib/headers.ts';
import { SITE_NAME } from '#app/lib/meta.ts';
import { actorPanel } from '#app/lib/sesion.server.ts';
import { CONSULTAS_MAXIMAS, listBusquedasSinResultados } from '#domain/buscador/sin-resultados.ts';
import { formatInteger, formatShortDate } from '#domain/shared/formato.ts';
import type { Route } from './+types/busquedas';

/**
 * The site searches that found nothing, the most frequent first, to learn what citizens look for
 * (docs/decisions/049-buscador-del-sitio.md): the words and how often, never who or from where.
 */
export async function loader({ context }: Route.LoaderArgs) {
  const { db } = context.get(appContext);
  return { busquedas: await listBusquedasSinResultados(db, actorPanel(context)) };
}

export const headers = privateDataHeaders;

export default function BusquedasSinResultados({ loaderData }: Route.ComponentProps) {
  const { busquedas } = loaderData;
  return (
    <>
      <title>{`Búsquedas sin resultados | ${SITE_NAME}`}</title>
      <h1>Búsquedas sin resultados</h1>
      <p>
        Lo que se buscó con el buscador del sitio y no encontró nada, de lo más buscado a lo menos: sirve para saber qué falta publicar o cómo lo nombra la
        gente. Se guardan sólo las palabras (sin acentos ni mayúsculas) y cuántas veces se buscaron; nunca quién ni desde dónde. Una búsqueda que parece un DNI,
        un CUIT, un teléfono o un correo no se guarda.
      </p>
      {busquedas.length === 0 ? (
        <p>Todavía no hay búsquedas sin resultados.</p>
      ) : (
        <DataTable
          caption={`Búsquedas sin resultados, de la más frecuente a la menos (hasta ${formatInteger(busquedas.length)}; se guardan hasta ${formatInteger(CONSULTAS_MAXIMAS)} distintas)`}
          columns={['Búsqueda', 'Veces', 'Última vez']}
          rows={busquedas}
          rowKey={(b) => b.consulta}
          cells={(b) => [
            b.consulta,
            formatInteger(b.cantidad),
            <time key="ultima" dateTime={b.ultima}>
              {formatShortDate(b.ultima)}
            </time>,
          ]}
        />
      )}
    </>
  );
}
