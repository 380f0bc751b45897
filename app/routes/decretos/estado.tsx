import { Form, data } from 'react-router';
import { getEstadoSolicitud } from '../../../domain/decretos/queries.ts';
import { FORMATO_CODIGO, normalizarCodigo } from '../../../domain/decretos/schemas.ts';
import { appContext } from '../../context.ts';
import { SITE_NAME } from '../../lib/meta.ts';
import type { Route } from './+types/estado';

const TITULO = 'Estado de la solicitud de decreto';
const fechaHora = new Intl.DateTimeFormat('es-AR', { dateStyle: 'long', timeStyle: 'short', timeZone: 'America/Argentina/Buenos_Aires' });

/** GET with the tracking code: status, its dates and the first name only (no DNI, no e-mail). */
export async function loader({ request, context }: Route.LoaderArgs) {
  const { db } = context.get(appContext);
  const codigo = (new URL(request.url).searchParams.get('codigo') ?? '').slice(0, 60);
  const headers = { 'cache-control': 'no-store' };
  if (codigo.trim() === '') return data({ codigo, error: null, solicitud: null }, { headers });
  if (!FORMATO_CODIGO.test(normalizarCodigo(codigo))) {
    return data({ codigo, error: 'Escribí el código tal como figura en el correo que te enviamos, por ejemplo SD-2026-000123.', solicitud: null }, { status: 400, headers });
  }
  const solicitud = await getEstadoSolicitud(db, codigo);
  if (!solicitud) {
    return data({ codigo, error: `No encontramos una solicitud con el código ${normalizarCodigo(codigo)}. Revisá que esté escrito como en el correo que te enviamos.`, solicitud: null }, { status: 404, headers });
  }
  return data({ codigo, error: null, solicitud: { ...solicitud, historial: solicitud.historial.map((h) => ({ ...h, fechaTexto: fechaHora.format(new Date(h.fecha)) })) } }, { headers });
}

export const meta: Route.MetaFunction = () => [{ name: 'description', content: 'Consultá con tu código de seguimiento en qué estado está tu solicitud de copia de un decreto.' }];

export default function EstadoSolicitud({ loaderData }: Route.ComponentProps) {
  const { codigo, error, solicitud } = loaderData;
  return (
    <div className="contenedor pagina decretos">
      <title>{`${error ? 'Error: ' : ''}${TITULO} | ${SITE_NAME}`}</title>
      <h1>{TITULO}</h1>
      <Form method="get" action="/solicitud-decretos/estado" className="estado-solicitud__formulario" aria-label="Buscar una solicitud por su código">
        <div className="campo">
          <label htmlFor="codigo">Código de seguimiento</label>
          <input id="codigo" name="codigo" className="form-control" autoComplete="off" maxLength={40} defaultValue={codigo} aria-describedby={error ? 'codigo-error' : 'codigo-ayuda'} aria-invalid={error ? true : undefined} />
          <p id="codigo-ayuda" className="campo__ayuda">
            Figura en el mensaje que ves al enviar la solicitud y en el correo de confirmación.
          </p>
          {error ? (
            <p id="codigo-error" className="campo__error" role="alert">
              <span className="visually-hidden">Error: </span>
              {error}
            </p>
          ) : null}
        </div>
        <button type="submit" className="btn btn-primary">
          Consultar
        </button>
      </Form>

      {solicitud ? (
        <section aria-labelledby="resultado-estado">
          <h2 id="resultado-estado">Solicitud {solicitud.codigo}</h2>
          <p>
            Hola {solicitud.primerNombre}: tu solicitud está <strong>{solicitud.estadoEtiqueta}</strong>.
          </p>
          <h3>Historial</h3>
          <ol className="estado-solicitud__historial">
            {solicitud.historial.map((h) => (
              <li key={`${h.estado}-${h.fecha}`}>
                <strong>{h.estadoEtiqueta}</strong>: <time dateTime={h.fecha}>{h.fechaTexto}</time>
              </li>
            ))}
          </ol>
        </section>
      ) : null}

      <p>
        <a href="/solicitud-decretos">Hacer otra solicitud</a>
      </p>
    </div>
  );
}
