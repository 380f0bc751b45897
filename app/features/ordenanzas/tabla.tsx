import { Link } from 'react-router';
import type { OrdenanzaResumen } from '../../../domain/ordenanzas/queries.ts';
import { DownloadIcon } from './icono-descarga.tsx';
import { permalink, urlDocumento } from './enlaces.ts';

/** The results table of the original, columns and order as the spec has them. */
export function TablaOrdenanzas({ items, caption }: { items: OrdenanzaResumen[]; caption: string }) {
  return (
    <div className="tabla-desplazable">
      <table className="table tabla-ordenanzas">
        <caption>{caption}</caption>
        <thead>
          <tr>
            <th scope="col">Estado</th>
            <th scope="col">Número</th>
            <th scope="col">Año</th>
            <th scope="col" className="solo-md">Fecha Emisión</th>
            <th scope="col">Descripcion</th>
            <th scope="col" className="solo-md">Expediente</th>
            <th scope="col" className="solo-md">Modificatoria</th>
            <th scope="col">Descargar</th>
          </tr>
        </thead>
        <tbody>
          {items.map((o) => (
            <tr key={o.id}>
              <td>
                <span className={`estado estado--${o.estado}`}>{o.estadoEtiqueta}</span>
              </td>
              <td>
                <Link to={permalink(o)} aria-label={`Ordenanza N° ${o.numero}/${o.anio}`}>
                  {o.numero}
                </Link>
              </td>
              <td>{o.anio}</td>
              <td className="solo-md">{o.fechaEmision?.slice(0, 10) ?? ''}</td>
              <td>{o.descripcion}</td>
              <td className="solo-md">{o.expediente ?? ''}</td>
              <td className="solo-md">
                {o.modificatoriaDe ? (
                  <Link to={permalink(o.modificatoriaDe)} aria-label={`Modifica a la Ordenanza N° ${o.modificatoriaDe.numero}/${o.modificatoriaDe.anio}`}>
                    {o.modificatoriaDe.numero}/{o.modificatoriaDe.anio}
                  </Link>
                ) : null}
              </td>
              <td className="tabla-ordenanzas__descarga">
                {o.documentoId ? (
                  <a href={urlDocumento(o.documentoId)} target="_blank" rel="noopener noreferrer" className="boton-icono">
                    <DownloadIcon />
                    <span className="visually-hidden">
                      Descargar la Ordenanza N° {o.numero}/{o.anio} (PDF, se abre en una pestaña nueva)
                    </span>
                  </a>
                ) : (
                  <span className="texto-suave">Sin documento</span>
                )}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
