import type { OrdenanzaResumen } from '#domain/ordenanzas/queries.ts';
import { DownloadIcon } from './icono-descarga.tsx';
import { rutaOrdenanza } from '#domain/ordenanzas/enlaces.ts';
import { urlDocumento } from './enlaces.ts';
import { formatCalendarDate } from '#domain/shared/formato.ts';

/**
 * The results table of the original, columns and order as the spec has them. On phones the spec's
 * hidden columns go and each row stacks into a card of Estado, Número, Año, Descripción and the
 * download, in the columns' order (docs/architecture.md, "Tablas en teléfonos"); its elements keep
 * their own table semantics, with no role written on them (HTML allows none on a table's cells).
 * The rows arrive as the HTML that `filasOrdenanzas` (./filas.server.tsx) rendered with
 * `FilaOrdenanza`.
 */
export function TablaOrdenanzas({ filas, caption }: { filas: string; caption: string }) {
  return (
    <table className="table tabla-ordenanzas">
      <caption>{caption}</caption>
      <thead>
        <tr>
          <th scope="col">Estado</th>
          <th scope="col">Número</th>
          <th scope="col">Año</th>
          <th scope="col" className="solo-md">
            Fecha Emisión
          </th>
          <th scope="col">Descripcion</th>
          <th scope="col" className="solo-md">
            Expediente
          </th>
          <th scope="col" className="solo-md">
            Modificatoria
          </th>
          <th scope="col">Descargar</th>
        </tr>
      </thead>
      {/* React's own markup of the rows, escaped as React escapes (./filas.server.tsx). */}
      <tbody dangerouslySetInnerHTML={{ __html: filas }} />
    </table>
  );
}

/** One ordinance's row. Plain links: it is rendered on its own, outside the router. */
export function FilaOrdenanza({ o }: { o: OrdenanzaResumen }) {
  return (
    <tr>
      <td className="tabla-ordenanzas__estado">
        <span className={`estado estado--${o.estado}`}>{o.estadoEtiqueta}</span>
      </td>
      <td className="tabla-ordenanzas__numero" data-columna="Número">
        <a href={rutaOrdenanza(o)} aria-label={`Ordenanza N° ${o.numero}/${o.anio}`}>
          {o.numero}
        </a>
      </td>
      <td className="tabla-ordenanzas__anio" data-columna="Año">
        {o.anio}
      </td>
      {/* People read dd/mm/aaaa, as on every other page; the API keeps the spec's ISO text (docs/decisions/043-tablas-y-formatos.md). */}
      <td className="solo-md sin-corte">{o.fechaEmision ? <time dateTime={o.fechaEmision.slice(0, 10)}>{formatCalendarDate(o.fechaEmision)}</time> : ''}</td>
      <td className="tabla-ordenanzas__descripcion">{o.descripcion}</td>
      <td className="solo-md sin-corte">{o.expediente ?? ''}</td>
      <td className="solo-md sin-corte">
        {o.modificatoriaDe ? (
          <a href={rutaOrdenanza(o.modificatoriaDe)} aria-label={`Modifica a la Ordenanza N° ${o.modificatoriaDe.numero}/${o.modificatoriaDe.anio}`}>
            {`${o.modificatoriaDe.numero}/${o.modificatoriaDe.anio}`}
          </a>
        ) : null}
      </td>
      <td className="tabla-ordenanzas__descarga">
        {o.documentoId ? (
          <a href={urlDocumento(o.documentoId)} target="_blank" rel="noopener noreferrer" className="boton-icono">
            <DownloadIcon />
            {/* The word phones show beside the icon; the name below already says it. */}
            <span className="tabla-ordenanzas__texto-descarga" aria-hidden="true">
              Descargar
            </span>
            <span className="visually-hidden">{`Descargar la Ordenanza N° ${o.numero}/${o.anio} (PDF, se abre en una pestaña nueva)`}</span>
          </a>
        ) : (
          <span className="texto-suave">Sin documento</span>
        )}
      </td>
    </tr>
  );
}
