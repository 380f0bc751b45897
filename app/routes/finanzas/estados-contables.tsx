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

export async function loader({ context }: Route.LoaderArgs) {
  const { db, log } = context.get(appContext);
  const estados = await loadSection(log, 'estados-contables', () => listEstadosContables(db));
  return sectionsPage({ estados });
}

/** Static content: the page loads no JavaScript (docs/architecture.md, "JavaScript sólo donde hace falta"). */
export const handle = withoutJavaScript;

export const meta: Route.MetaFunction = () =>
  pageMeta('Estados Contables', 'La ejecución mensual de recursos y de gastos de la Municipalidad de Villa La Angostura, para descargar.');

export default function EstadosContables({ loaderData }: Route.ComponentProps) {
  return (
    <div className="contenedor pagina gobierno">
      <h1>Estados Contables</h1>
      <SectionContent seccion={loaderData.estados} que="los estados contables">
        {(estados) =>
          estados.length === 0 ? (
            <p>Todavía no hay estados contables publicados.</p>
          ) : (
            <>
              <p>
                <a href="/api/v1/estados-contables?formato=csv" download>
                  Descargar la lista (CSV)
                </a>
              </p>
              <DataTable
                caption="Estados contables, del período más reciente al más antiguo"
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
