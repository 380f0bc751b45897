import { Link, data, redirect } from 'react-router';
import { appContext } from '#app/context.ts';
import estilos from '#app/features/reclamos/reclamos.scss?url';
import { siLaBaseResponde } from '#app/lib/base-disponible.server.ts';
import { withoutJavaScript } from '#app/lib/javascript.ts';
import { pageMeta } from '#app/lib/meta.ts';
import { getReclamoPublico, normalizarCodigoReclamo, rutaReclamo } from '#domain/reclamos/publico.ts';
import { fechaEnArgentina } from '#domain/shared/fechas.ts';
import { formatDateTime, formatLongDate } from '#domain/shared/formato.ts';
import type { Route } from './+types/detalle';

const MENSAJE_OCULTO = 'Este reclamo fue ocultado por la Municipalidad.';

/**
 * One report's public page (docs/decisions/057-reclamos.md): what, where, its photos, its history
 * with the public answers and who is in charge. Never who reported it; a hidden report answers 410
 * with no content of its own.
 */
async function cargar({ params, context }: Route.LoaderArgs) {
  const { db, config } = context.get(appContext);
  const consulta = await getReclamoPublico(db, params.codigo);
  if (consulta.tipo === 'oculto') return data({ tipo: 'oculto' as const }, { status: 410 });
  if (consulta.tipo === 'inexistente') return data({ tipo: 'inexistente' as const }, { status: 404 });
  const r = consulta.reclamo;
  // A code typed in lower case or without dashes: the page lives at its canonical address.
  if (params.codigo !== r.codigo) throw redirect(rutaReclamo(r.codigo), 301);
  const canonical = `${config.siteUrl}${rutaReclamo(r.codigo)}`;
  return {
    tipo: 'encontrado' as const,
    canonical,
    reclamo: {
      ...r,
      lugar: [r.direccion, r.barrio].filter((x) => x !== '').join(', '),
      creado: { fecha: fechaEnArgentina(r.createdAt), texto: formatLongDate(fechaEnArgentina(r.createdAt)) },
      vence: r.venceEl ? { fecha: r.venceEl, texto: formatLongDate(r.venceEl) } : null,
      derivado: r.organismo
        ? {
            nombre: r.organismo.nombre,
            fecha: r.organismo.derivadoEn ? fechaEnArgentina(r.organismo.derivadoEn) : null,
            texto: r.organismo.derivadoEn ? formatLongDate(fechaEnArgentina(r.organismo.derivadoEn)) : null,
          }
        : null,
      historial: r.historial.map((h) => ({
        estado: h.estado,
        estadoEtiqueta: h.estadoEtiqueta,
        fecha: h.fecha.toISOString(),
        fechaTexto: formatDateTime(h.fecha),
        respuesta: h.respuesta,
        organismo: h.organismo,
      })),
    },
  };
}

export const loader = (args: Route.LoaderArgs) => siLaBaseResponde(args.context, () => cargar(args));

/** Static content: the page loads no JavaScript (docs/architecture.md, "JavaScript sólo donde hace falta"). */
export const handle = withoutJavaScript;

export const links: Route.LinksFunction = () => [{ rel: 'stylesheet', href: estilos, precedence: 'default' }];

const recortar = (texto: string, largo: number) => (texto.length <= largo ? texto : `${texto.slice(0, largo - 1).trimEnd()}…`);

export const meta: Route.MetaFunction = ({ loaderData, params }) => {
  if (!loaderData || loaderData.tipo === 'inexistente') return pageMeta('Reclamo no encontrado', 'No existe un reclamo con ese código.');
  if (loaderData.tipo === 'oculto') return pageMeta('Reclamo ocultado', MENSAJE_OCULTO);
  const r = loaderData.reclamo;
  return [
    ...pageMeta(
      `Reclamo ${normalizarCodigoReclamo(params.codigo) ?? r.codigo}: ${r.categoria.nombre}`,
      recortar(`${r.categoria.nombre}${r.lugar ? ` en ${r.lugar}` : ''} (${r.estadoEtiqueta}): ${r.descripcion}`, 200),
    ),
    { tagName: 'link', rel: 'canonical', href: loaderData.canonical },
  ];
};

export default function DetalleReclamo({ loaderData }: Route.ComponentProps) {
  if (loaderData.tipo === 'oculto') {
    return (
      <div className="contenedor pagina">
        <h1>Reclamo ocultado</h1>
        <p>{MENSAJE_OCULTO}</p>
        <p>
          <Link to="/reclamos">Ver los reclamos</Link>
        </p>
      </div>
    );
  }
  if (loaderData.tipo === 'inexistente') {
    return (
      <div className="contenedor pagina">
        <h1>Reclamo no encontrado</h1>
        <p>No existe un reclamo con ese código. Revisá que esté escrito como en tu correo, por ejemplo RC-2026-7KQ-3XM-9PK.</p>
        <p>
          <Link to="/reclamos">Ver los reclamos</Link>
        </p>
      </div>
    );
  }
  const r = loaderData.reclamo;
  return (
    <article className="contenedor pagina reclamo">
      <h1>Reclamo {r.codigo}</h1>
      <p className="reclamo__categoria">
        {r.categoria.nombre}
        {r.lugar ? ` en ${r.lugar}` : ''}
      </p>
      <dl className="ficha">
        <dt>Estado</dt>
        <dd>
          <span className={`estado estado--${r.estado}`}>{r.estadoEtiqueta}</span>
        </dd>
        <dt>Recibido</dt>
        <dd>
          <time dateTime={r.creado.fecha}>{r.creado.texto}</time>
        </dd>
        {r.vence ? (
          <>
            <dt>Plazo de respuesta</dt>
            <dd>
              Hasta el <time dateTime={r.vence.fecha}>{r.vence.texto}</time>
            </dd>
          </>
        ) : null}
        {r.area ? (
          <>
            <dt>Área responsable</dt>
            <dd>{r.area}</dd>
          </>
        ) : null}
        {r.derivado ? (
          <>
            <dt>Organismo</dt>
            <dd>
              Derivado a {r.derivado.nombre}
              {r.derivado.fecha ? (
                <>
                  {' el '}
                  <time dateTime={r.derivado.fecha}>{r.derivado.texto}</time>
                </>
              ) : null}
            </dd>
          </>
        ) : null}
        {r.duplicadoDe ? (
          <>
            <dt>Reclamo original</dt>
            <dd>
              <Link to={rutaReclamo(r.duplicadoDe.codigo)}>{r.duplicadoDe.codigo}</Link>
            </dd>
          </>
        ) : null}
        <dt>Lugar</dt>
        <dd>
          {r.lugar ? `${r.lugar}. ` : ''}
          <a href={`https://www.openstreetmap.org/?mlat=${r.latitud}&mlon=${r.longitud}#map=18/${r.latitud}/${r.longitud}`}>Ver el punto en OpenStreetMap</a> (
          {r.latitud.toFixed(5)}, {r.longitud.toFixed(5)})
        </dd>
      </dl>

      <h2>Descripción</h2>
      <p className="reclamo__descripcion">{r.descripcion}</p>

      {r.respuestas.length > 0 ? (
        <>
          <h2>Más datos</h2>
          <dl className="ficha">
            {r.respuestas.map((p) => (
              <div key={p.etiqueta}>
                <dt>{p.etiqueta}</dt>
                <dd>{p.valor}</dd>
              </div>
            ))}
          </dl>
        </>
      ) : null}

      {r.fotos.length > 0 ? (
        <>
          <h2>Fotos</h2>
          <ul className="reclamos__fotos">
            {r.fotos.map((f) => (
              <li key={f.orden}>
                <a href={f.web}>
                  <img src={f.miniatura} alt={`Foto ${f.orden} del reclamo (abre la foto grande)`} loading="lazy" />
                </a>
              </li>
            ))}
          </ul>
        </>
      ) : null}

      <h2>Historial</h2>
      {r.historial.length === 0 ? (
        <p>Todavía no hay novedades.</p>
      ) : (
        <ol className="reclamos__historial">
          {r.historial.map((h, i) => (
            <li key={i}>
              <strong>{h.estadoEtiqueta}</strong>
              {h.estado === 'derivado' && h.organismo ? ` (${h.organismo})` : ''}, <time dateTime={h.fecha}>{h.fechaTexto}</time>
              {h.respuesta ? <p className="reclamos__respuesta">{h.respuesta}</p> : null}
            </li>
          ))}
        </ol>
      )}

      <p>
        <Link to="/reclamos">Ver todos los reclamos</Link>
      </p>
    </article>
  );
}
