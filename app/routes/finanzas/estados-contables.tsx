import { data } from 'react-router';
import { listEstadosContables } from '#domain/finanzas/queries.ts';
import { appContext } from '#app/context.ts';
import { EnlaceDocumento } from '#app/features/gobierno/enlace-documento.tsx';
import { SectionContent } from '#app/components/ui/section.tsx';
import { DataTable } from '#app/components/ui/data-table.tsx';
import { formatShortDate } from '#domain/shared/formato.ts';
import { pageMeta } from '#app/lib/meta.ts';
import { loadSection, sectionsPage } from '#app/lib/sections.server.ts';
import type { Route } from './+types/estados-contables';
import { withoutJavaScript } from '#app/lib/javascript.ts';
import { listaPorAnio } from '#app/features/finanzas/anios.server.ts';
import { FiltroPorAnio, queAnio } from '#app/features/finanzas/filtro-anio.tsx';

/** One year at a time (`?anio=`, the most recent without it): 48 rows were 7,000 px on a phone (docs/decisions/051-listas-largas-y-migas.md). */
export async function loader({ request, context }: Route.LoaderArgs) {
  const { db, log } = context.get(appContext);
  const {
    seccion: estados,
    anios,
    filtro,
  } = listaPorAnio(await loadSection(log, 'estados-contables', () => listEstadosContables(db)), request.url, 'estados contables');
  if (filtro.tipo === 'invalido') return data({ estados, anios, filtro }, { status: 400 });
  return sectionsPage({ estados, anios, filtro });
}

/** Static content: the page loads no JavaScript (docs/architecture.md, "JavaScript sólo donde hace falta"). */
export const handle = withoutJavaScript;

export const meta: Route.MetaFunction = ({ loaderData }) =>
  pageMeta(
    loaderData?.filtro.tipo === 'invalido' ? 'Error: Estados Contables' : 'Estados Contables',
    'La ejecución mensual de recursos y de gastos de la Municipalidad de Villa La Angostura, para descargar.',
  );

export default function EstadosContables({ loaderData }: Route.ComponentProps) {
  const { anios, filtro } = loaderData;
  return (
    <div className="contenedor pagina gobierno">
      <h1>Estados Contables</h1>
      <FiltroPorAnio accion="/estados-contables" anios={anios} filtro={filtro} />
      <SectionContent seccion={loaderData.estados} que="los estados contables">
        {(estados) =>
          filtro.tipo === 'invalido' ? null : estados.length === 0 ? (
            <p>Todavía no hay estados contables publicados.</p>
          ) : (
            <>
              <p>
                <a href="/api/v1/estados-contables?formato=csv" download>
                  Descargar la lista (CSV)
                </a>
              </p>
              <DataTable
                caption={`Estados contables ${queAnio(filtro)}, del período más reciente al más antiguo`}
                columns={['Nombre', 'Subido por', 'Fecha']}
                rows={estados}
                rowKey={(e) => e.id}
                cells={(e) => [
                  <EnlaceDocumento key="documento" documento={e.documento}>
                    {`${e.tipoEstadoContableAsString} ${e.mesAsString} ${e.anioDocumentoAsString}`}
                  </EnlaceDocumento>,
                  e.usuarioCreacion,
                  <time key="fecha" dateTime={e.fechaCreacion}>
                    {formatShortDate(e.fechaCreacion)}
                  </time>,
                ]}
              />
            </>
          )
        }
      </SectionContent>
    </div>
  );
}
