import { Link, data } from 'react-router';
import { getOrdenanzaPorNumero } from '#domain/ordenanzas/queries.ts';
import { appContext } from '#app/context.ts';
import { findRetirado } from '#domain/sitio/retirados.ts';
import { urlDocumento } from '#app/features/ordenanzas/enlaces.ts';
import { rutaOrdenanza } from '#domain/ordenanzas/enlaces.ts';
import { DownloadIcon } from '#app/features/ordenanzas/icono-descarga.tsx';
import { formatLongDate, formatFileSize } from '#domain/shared/formato.ts';
import { pageMeta } from '#app/lib/meta.ts';
import type { Route } from './+types/detalle';
import { withoutJavaScript } from '#app/lib/javascript.ts';

export async function loader({ params, context }: Route.LoaderArgs) {
  const { db, config } = context.get(appContext);
  const anio = /^\d{1,4}$/.test(params.anio) ? Number(params.anio) : NaN;
  const numero = /^\d{1,10}$/.test(params.numero) ? Number(params.numero) : NaN;
  const ordenanza = Number.isNaN(anio) || Number.isNaN(numero) ? undefined : await getOrdenanzaPorNumero(db, anio, numero);
  if (!ordenanza) {
    // Withdrawn by staff: 410 with what it was and when, instead of a bare 404.
    const retirada = await findRetirado(db, `/consulta-ordenanzas/${params.anio}/${params.numero}`);
    if (retirada)
      return data({ ordenanza: null, canonical: null, retirada: { titulo: retirada.titulo, fecha: retirada.retiradoEn.toISOString() } }, { status: 410 });
    return data({ ordenanza: null, canonical: null, retirada: null }, { status: 404 });
  }
  // Absolute links come from the configured origin, never from the request (docs/architecture.md).
  return { ordenanza, canonical: `${config.siteUrl}${rutaOrdenanza(ordenanza)}`, retirada: null };
}

/** Static content: the page loads no JavaScript (docs/architecture.md, "JavaScript sólo donde hace falta"). */
export const handle = withoutJavaScript;

export const meta: Route.MetaFunction = ({ loaderData }) => {
  const o = loaderData?.ordenanza;
  if (!o && loaderData?.retirada) return pageMeta('Ordenanza retirada', 'La ordenanza que buscás fue retirada de la consulta.');
  if (!o) return pageMeta('Ordenanza no encontrada', 'No existe una ordenanza con ese número y año.');
  return [
    ...pageMeta(
      `Ordenanza N° ${o.numero}/${o.anio}: ${o.descripcion}`,
      `Ordenanza municipal N° ${o.numero}/${o.anio} de Villa La Angostura (${o.estadoEtiqueta})${o.fechaEmision ? `, emitida el ${formatLongDate(o.fechaEmision)}` : ''}: ${o.descripcion}.`,
    ),
    { tagName: 'link', rel: 'canonical', href: loaderData.canonical },
  ];
};

export default function DetalleOrdenanza({ loaderData }: Route.ComponentProps) {
  const o = loaderData.ordenanza;
  if (!o && loaderData.retirada) {
    return (
      <div className="contenedor pagina">
        <h1>Ordenanza retirada</h1>
        <p>
          {loaderData.retirada.titulo} fue retirada de la consulta el{' '}
          <time dateTime={loaderData.retirada.fecha}>{formatLongDate(loaderData.retirada.fecha.slice(0, 10))}</time>. Para consultar su texto oficial, dirigite
          al Concejo Deliberante.
        </p>
        <p>
          <Link to="/consulta-ordenanzas">Buscar ordenanzas</Link>
        </p>
      </div>
    );
  }
  if (!o) {
    return (
      <div className="contenedor pagina">
        <h1>Ordenanza no encontrada</h1>
        <p>No existe una ordenanza con ese número y año en el registro.</p>
        <p>
          <Link to="/consulta-ordenanzas">Buscar ordenanzas</Link>
        </p>
      </div>
    );
  }
  return (
    <article className="contenedor pagina ordenanza">
      <h1>
        Ordenanza N° {o.numero}/{o.anio}
      </h1>
      <p className="ordenanza__descripcion">{o.descripcion}</p>
      <dl className="ficha">
        <dt>Estado</dt>
        <dd>
          <span className={`estado estado--${o.estado}`}>{o.estadoEtiqueta}</span>
        </dd>
        <dt>Número</dt>
        <dd>{o.numero}</dd>
        <dt>Año</dt>
        <dd>{o.anio}</dd>
        <dt>Fecha de emisión</dt>
        <dd>{o.fechaEmision ? <time dateTime={o.fechaEmision}>{formatLongDate(o.fechaEmision)}</time> : 'Sin dato'}</dd>
        <dt>Expediente</dt>
        <dd>{o.expediente ?? 'Sin dato'}</dd>
        <dt>Modifica a</dt>
        <dd>
          {o.modificatoriaDe ? (
            <Link to={rutaOrdenanza(o.modificatoriaDe)}>
              Ordenanza N° {o.modificatoriaDe.numero}/{o.modificatoriaDe.anio}
            </Link>
          ) : (
            'Ninguna'
          )}
        </dd>
        <dt>Modificada por</dt>
        <dd>
          {o.modificadaPor.length > 0 ? (
            <ul className="ficha__lista">
              {o.modificadaPor.map((m) => (
                <li key={m.id}>
                  <Link to={rutaOrdenanza(m)}>
                    Ordenanza N° {m.numero}/{m.anio}
                  </Link>
                  : {m.descripcion}
                </li>
              ))}
            </ul>
          ) : (
            'Ninguna'
          )}
        </dd>
      </dl>
      {o.documentoId ? (
        <p>
          <a href={urlDocumento(o.documentoId)} className="btn btn-primary boton-descarga" target="_blank" rel="noopener noreferrer">
            <DownloadIcon /> Descargar la ordenanza (PDF{o.documentoTamano ? `, ${formatFileSize(o.documentoTamano)}` : ''})
            <span className="visually-hidden"> (se abre en una pestaña nueva)</span>
          </a>
        </p>
      ) : (
        <p>Esta ordenanza todavía no tiene su documento digitalizado.</p>
      )}
      <p className="ordenanzas__aviso">
        Las presentes ordenanzas tienen carácter meramente informativo y orientativo. Para acceder a su versión oficial y válida, diríjase al Concejo
        Deliberante.
      </p>
    </article>
  );
}
