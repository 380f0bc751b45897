/* eslint-disable jsx-a11y/no-redundant-roles, jsx-a11y/no-interactive-element-to-noninteractive-role -- the table's roles are written on purpose: some browsers drop them when a table's display changes, as it does on phones (docs/architecture.md, "Tablas en teléfonos"); a <td> is not interactive. */
import type { OrdenanzaResumen } from '#domain/ordenanzas/queries.ts';
import { DownloadIcon } from './icono-descarga.tsx';
import { rutaOrdenanza } from '#domain/ordenanzas/enlaces.ts';
import { urlDocumento } from './enlaces.ts';

/**
 * The results table of the original, columns and order as the spec has them. On phones the spec's
 * hidden columns go and each row stacks into a card of Estado, Número, Año, Descripción and the
 * download, in the columns' order (docs/architecture.md, "Tablas en teléfonos"); the explicit roles keep the table's
 * semantics, which browsers drop when its display changes. The rows arrive as the HTML that
 * `filasOrdenanzas` (./filas.server.tsx) rendered with `FilaOrdenanza`.
 */
export function TablaOrdenanzas({ filas, caption }: { filas: string; caption: string }) {
  return (
    <table className="table tabla-ordenanzas" role="table">
      <caption>{caption}</caption>
      <thead role="rowgroup">
        <tr role="row">
          <th scope="col" role="columnheader">
            Estado
          </th>
          <th scope="col" role="columnheader">
            Número
          </th>
          <th scope="col" role="columnheader">
            Año
          </th>
          <th scope="col" role="columnheader" className="solo-md">
            Fecha Emisión
          </th>
          <th scope="col" role="columnheader">
            Descripcion
          </th>
          <th scope="col" role="columnheader" className="solo-md">
            Expediente
          </th>
          <th scope="col" role="columnheader" className="solo-md">
            Modificatoria
          </th>
          <th scope="col" role="columnheader">
            Descargar
          </th>
        </tr>
      </thead>
      {/* React's own markup of the rows, escaped as React escapes (./filas.server.tsx). */}
      <tbody role="rowgroup" dangerouslySetInnerHTML={{ __html: filas }} />
    </table>
  );
}

/** One ordinance's row. Plain links: it is rendered on its own, outside the router. */
export function FilaOrdenanza({ o }: { o: OrdenanzaResumen }) {
  return (
    <tr role="row">
      <td role="cell" className="tabla-ordenanzas__estado">
        <span className={`estado estado--${o.estado}`}>{o.estadoEtiqueta}</span>
      </td>
      <td role="cell" className="tabla-ordenanzas__numero" data-columna="Número">
        <a href={rutaOrdenanza(o)} aria-label={`Ordenanza N° ${o.numero}/${o.anio}`}>
          {o.numero}
        </a>
      </td>
      <td role="cell" className="tabla-ordenanzas__anio" data-columna="Año">
        {o.anio}
      </td>
      <td role="cell" className="solo-md sin-corte">
        {o.fechaEmision?.slice(0, 10) ?? ''}
      </td>
      <td role="cell" className="tabla-ordenanzas__descripcion">
        {o.descripcion}
      </td>
      <td role="cell" className="solo-md sin-corte">
        {o.expediente ?? ''}
      </td>
      <td role="cell" className="solo-md sin-corte">
        {o.modificatoriaDe ? (
          <a href={rutaOrdenanza(o.modificatoriaDe)} aria-label={`Modifica a la Ordenanza N° ${o.modificatoriaDe.numero}/${o.modificatoriaDe.anio}`}>
            {`${o.modificatoriaDe.numero}/${o.modificatoriaDe.anio}`}
          </a>
        ) : null}
      </td>
      <td role="cell" className="tabla-ordenanzas__descarga">
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
