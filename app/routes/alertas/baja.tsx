import { data } from 'react-router';
import { appContext } from '#app/context.ts';
import { CABECERAS_ENLACE, EnlaceInvalido, estadoDeEnlace, tokenDe } from '#app/features/alertas/enlace.tsx';
import { privateDataHeaders } from '#app/lib/headers.ts';
import { withoutJavaScript } from '#app/lib/javascript.ts';
import { SITE_NAME } from '#app/lib/meta.ts';
import { darDeBaja, verEnlace } from '#domain/alertas/commands.ts';
import { rutaBaja, rutaGestion } from '#domain/alertas/texto.ts';
import type { Route } from './+types/baja';

/**
 * The unsubscribe link of every alert mail and its List-Unsubscribe header. A GET asks (a scanner
 * opening the link unsubscribes nobody); a POST unsubscribes: the page's button, or the mail
 * provider's one-click POST (RFC 8058, body `List-Unsubscribe=One-Click`), which comes from its
 * servers without a session or an Origin of ours (server/pages.ts lets exactly this path through).
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const token = tokenDe(request);
  const enlace = await verEnlace(context.get(appContext), token);
  if (enlace.tipo !== 'valido')
    return data({ vista: enlace.tipo, token: '', descripcion: '' }, { status: estadoDeEnlace(enlace.tipo), headers: CABECERAS_ENLACE });
  const vista = enlace.suscripcion.estado === 'baja' ? 'hecha' : 'pregunta';
  return data({ vista, token, descripcion: enlace.suscripcion.descripcion }, { headers: CABECERAS_ENLACE });
}

export async function action({ request, context }: Route.ActionArgs) {
  const token = tokenDe(request);
  const r = await darDeBaja(context.get(appContext), token);
  if (r.tipo !== 'hecho') return data({ vista: r.tipo, token: '', descripcion: '' }, { status: estadoDeEnlace(r.tipo), headers: CABECERAS_ENLACE });
  return data({ vista: 'hecha', token, descripcion: r.suscripcion.descripcion }, { headers: CABECERAS_ENLACE });
}

export const headers = privateDataHeaders;
export const handle = withoutJavaScript;

export const meta: Route.MetaFunction = () => [
  {
    name: 'description',
    content: 'Dar de baja una alerta por correo de la Municipalidad de Villa La Angostura.',
  },
  // The address carries the mail's secret: no search engine should keep it.
  { name: 'robots', content: 'noindex' },
];

export default function Baja({ loaderData, actionData }: Route.ComponentProps) {
  const { vista, token, descripcion } = actionData ?? loaderData;
  if (vista === 'no_encontrado' || vista === 'vencido') return <EnlaceInvalido tipo={vista} />;
  if (vista === 'hecha') {
    return (
      <>
        <title>{`Alerta dada de baja | ${SITE_NAME}`}</title>
        <h1>Alerta dada de baja</h1>
        <p role="status">{`Ya no te vamos a enviar esta alerta: ${descripcion}.`}</p>
        <p>
          Podés ver las demás en <a href={rutaGestion(token)}>tus alertas</a>.
        </p>
      </>
    );
  }
  return (
    <>
      <title>{`Dar de baja la alerta | ${SITE_NAME}`}</title>
      <h1>Dar de baja la alerta</h1>
      <p>{`Alerta: ${descripcion}.`}</p>
      <form method="post" action={rutaBaja(token)}>
        <button type="submit" className="btn btn-primary">
          Dar de baja
        </button>
      </form>
      <p>
        O mirá <a href={rutaGestion(token)}>todas tus alertas</a>.
      </p>
    </>
  );
}
