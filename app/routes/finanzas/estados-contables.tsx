import { data } from 'react-router';
import { listEstadosContables } from '../../../domain/finanzas/queries.ts';
import { appContext } from '../../context.ts';
import { EnlaceDocumento } from '../../features/gobierno/enlace-documento.tsx';
import { ContenidoSeccion } from '../../features/gobierno/seccion.tsx';
import { fechaCorta } from '../../lib/formato.ts';
import { pageMeta } from '../../lib/meta.ts';
import { cargarSeccion } from '../../lib/secciones.server.ts';
import type { Route } from './+types/estados-contables';

export async function loader({ context }: Route.LoaderArgs) {
  const { db, log } = context.get(appContext);
  const estados = await cargarSeccion(log, 'estados-contables', () => listEstadosContables(db));
  return data({ estados }, { headers: { 'cache-control': 'public, max-age=300' } });
}

export const meta: Route.MetaFunction = () =>
  pageMeta('Estados Contables', 'La ejecución mensual de recursos y de gastos de la Municipalidad de Villa La Angostura, para descargar.');

export default function EstadosContables({ loaderData }: Route.ComponentProps) {
  return (
    <div className="contenedor pagina gobierno">
      <h1>Estados Contables</h1>
      <ContenidoSeccion seccion={loaderData.estados} que="los estados contables">
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
              <div className="tabla-desplazable">
                <table className="table tabla-gobierno">
                  <caption>Estados contables, del período más reciente al más antiguo</caption>
                  <thead>
                    <tr>
                      <th scope="col">Nombre</th>
                      <th scope="col">Subido por</th>
                      <th scope="col">Fecha</th>
                    </tr>
                  </thead>
                  <tbody>
                    {estados.map((e) => (
                      <tr key={e.id}>
                        <td>
                          <EnlaceDocumento documento={e.documento}>
                            {`${e.tipoEstadoContableAsString} ${e.mesAsString} ${e.anioDocumentoAsString}`}
                          </EnlaceDocumento>
                        </td>
                        <td>{e.usuarioCreacion}</td>
                        <td>
                          <time dateTime={e.fechaCreacion}>{fechaCorta(e.fechaCreacion)}</time>
                        </td>
                      </tr>
                    ))}
                  </tbody>
                </table>
              </div>
            </>
          )
        }
      </ContenidoSeccion>
    </div>
  );
}
