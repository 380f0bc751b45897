import { Form, data } from 'react-router';
import { lookupEstadoSolicitud } from '#domain/decretos/queries.ts';
import { formatFechaPlazo } from '#domain/plazos/calendario.ts';
import { appContext } from '#app/context.ts';
import { SITE_NAME } from '#app/lib/meta.ts';
import { privateDataHeaders } from '#app/lib/headers.ts';
import type { Route } from './+types/estado';
import { FormField } from '#app/components/ui/form-field.tsx';
import { withoutJavaScript } from '#app/lib/javascript.ts';
import { formatDateTimeLong } from '#domain/shared/formato.ts';

const TITULO = 'Estado de la solicitud de decreto';

/** GET with the tracking code: status, its dates, the answer's deadline and the first name only (no DNI, no e-mail). */
export async function loader({ request, context }: Route.LoaderArgs) {
  const ctx = context.get(appContext);
  const codigo = (new URL(request.url).searchParams.get('codigo') ?? '').slice(0, 60);
  const headers = { 'cache-control': 'no-store' };
  if (codigo.trim() === '') return data({ codigo, error: null, solicitud: null }, { headers });
  const r = await lookupEstadoSolicitud(ctx, codigo, { direccion: ctx.direccion });
  if (r.tipo === 'limite')
    return data({ codigo, error: r.mensaje, solicitud: null }, { status: 429, headers: { ...headers, 'retry-after': String(r.reintentarEnSegundos) } });
  if (r.tipo === 'desconocida') {
    // A mistyped code and an unknown one get the same answer.
    return data(
      {
        codigo,
        error: `No encontramos una solicitud con el código ${codigo.trim()}. Revisá que esté escrito como en el correo que te enviamos, por ejemplo SD-2026-7KQ-3XM-9PK.`,
        solicitud: null,
      },
      { status: 404, headers },
    );
  }
  const { solicitud } = r;
  return data(
    {
      codigo,
      error: null,
      solicitud: {
        ...solicitud,
        historial: solicitud.historial.map((h) => ({ ...h, fechaTexto: formatDateTimeLong(new Date(h.fecha)) })),
        prorroga: solicitud.prorroga && { ...solicitud.prorroga, fechaTexto: formatDateTimeLong(new Date(solicitud.prorroga.fecha)) },
        plazo: solicitud.plazo && { ...solicitud.plazo, venceTexto: formatFechaPlazo(solicitud.plazo.vence) },
      },
    },
    { headers },
  );
}

export const headers = privateDataHeaders;

/** Static content: the page loads no JavaScript (docs/architecture.md, "JavaScript sólo donde hace falta"). */
export const handle = withoutJavaScript;

export const meta: Route.MetaFunction = () => [
  { name: 'description', content: 'Consultá con tu código de seguimiento en qué estado está tu solicitud de copia de un decreto.' },
];

export default function EstadoSolicitud({ loaderData }: Route.ComponentProps) {
  const { codigo, error, solicitud } = loaderData;
  return (
    <div className="contenedor pagina decretos">
      <title>{`${error ? 'Error: ' : ''}${TITULO} | ${SITE_NAME}`}</title>
      <h1>{TITULO}</h1>
      <Form method="get" action="/solicitud-decretos/estado" className="estado-solicitud__formulario" aria-label="Buscar una solicitud por su código">
        <FormField
          name="codigo"
          label="Código de seguimiento"
          hint="Figura en el mensaje que ves al enviar la solicitud y en el correo de confirmación."
          error={error ?? undefined}
          announceError
        >
          {(control) => (
            <div className="estado-solicitud__fila">
              <input {...control} className="form-control" autoComplete="off" maxLength={40} defaultValue={codigo} />
              <button type="submit" className="btn btn-primary">
                Consultar
              </button>
            </div>
          )}
        </FormField>
      </Form>

      {solicitud ? (
        <section aria-labelledby="resultado-estado">
          <h2 id="resultado-estado">Solicitud {solicitud.codigo}</h2>
          <p>
            Hola {solicitud.primerNombre}: {solicitud.estadoFrase}
          </p>
          <p>
            Estado: <strong>{solicitud.estadoEtiqueta}</strong>.
          </p>
          {solicitud.plazo ? (
            <>
              <p>
                Fecha límite de respuesta:{' '}
                <strong>
                  <time dateTime={solicitud.plazo.vence}>{solicitud.plazo.venceTexto}</time>
                </strong>
                {solicitud.plazo.prorrogada ? ' (prorrogada)' : ''}.
              </p>
              <p>
                {solicitud.plazo.prorrogada
                  ? `La Municipalidad prorrogó el plazo una vez, como permite la ley 27.275 (art. 11), y te envió los motivos por correo: tiene ${solicitud.plazo.diasHabiles} días hábiles desde que recibió tu solicitud.`
                  : `La Municipalidad tiene ${solicitud.plazo.diasHabiles} días hábiles para responder desde que recibió tu solicitud (ley 27.275, art. 11); no se cuentan sábados, domingos ni feriados.`}
              </p>
            </>
          ) : null}
          {solicitud.prorroga ? (
            <div className="estado-solicitud__prorroga">
              <h3>Prórroga del plazo</h3>
              <p>
                El <time dateTime={solicitud.prorroga.fecha}>{solicitud.prorroga.fechaTexto}</time> la Municipalidad prorrogó el plazo para responder
                {solicitud.plazo ? (
                  <>
                    {' '}
                    hasta el <time dateTime={solicitud.plazo.vence}>{solicitud.plazo.venceTexto}</time>
                  </>
                ) : null}
                .
              </p>
              {solicitud.prorroga.motivo ? (
                <>
                  <p>Motivo:</p>
                  <blockquote className="estado-solicitud__mensaje">{solicitud.prorroga.motivo}</blockquote>
                </>
              ) : null}
            </div>
          ) : null}
          <h3>Historial</h3>
          <ol className="estado-solicitud__historial">
            {solicitud.historial.map((h) => (
              <li key={`${h.estado}-${h.fecha}`}>
                <strong>{h.estadoEtiqueta}</strong>: <time dateTime={h.fecha}>{h.fechaTexto}</time>
                {h.mensaje ? (
                  <>
                    <p className="estado-solicitud__mensaje-titulo">Mensaje de la mesa de entradas:</p>
                    <blockquote className="estado-solicitud__mensaje">{h.mensaje}</blockquote>
                  </>
                ) : null}
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
