import { data } from 'react-router';
import { appContext } from '#app/context.ts';
import { CABECERAS_ENLACE, EnlaceInvalido, estadoDeEnlace, tokenDe } from '#app/features/alertas/enlace.tsx';
import { privateDataHeaders } from '#app/lib/headers.ts';
import { withoutJavaScript } from '#app/lib/javascript.ts';
import { SITE_NAME } from '#app/lib/meta.ts';
import { confirmarSuscripcion, verEnlace } from '#domain/alertas/commands.ts';
import { rutaConfirmar, rutaGestion } from '#domain/alertas/texto.ts';
import type { Route } from './+types/confirmar';

/**
 * The confirm link of the mail. A GET only shows what will be confirmed and a button: mail
 * scanners and link previews open links, and must not confirm on the citizen's behalf
 * (docs/decisions/024-alertas.md). The button's POST confirms.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const token = tokenDe(request);
  const enlace = await verEnlace(context.get(appContext), token);
  if (enlace.tipo !== 'valido')
    return data({ vista: enlace.tipo, token: '', descripcion: '' }, { status: estadoDeEnlace(enlace.tipo), headers: CABECERAS_ENLACE });
  const vista = enlace.suscripcion.estado === 'pendiente' ? 'pendiente' : enlace.suscripcion.estado === 'activa' ? 'confirmada' : 'baja';
  return data({ vista, token, descripcion: enlace.suscripcion.descripcion }, { headers: CABECERAS_ENLACE });
}

export async function action({ request, context }: Route.ActionArgs) {
  const token = tokenDe(request);
  const r = await confirmarSuscripcion(context.get(appContext), token);
  if (r.tipo === 'no_encontrado' || r.tipo === 'vencido')
    return data({ vista: r.tipo, token: '', descripcion: '' }, { status: estadoDeEnlace(r.tipo), headers: CABECERAS_ENLACE });
  if (r.tipo === 'baja') return data({ vista: 'baja', token, descripcion: '' }, { headers: CABECERAS_ENLACE });
  return data({ vista: 'confirmada', token, descripcion: r.suscripcion.descripcion }, { headers: CABECERAS_ENLACE });
}

export const headers = privateDataHeaders;
export const handle = withoutJavaScript;

export const meta: Route.MetaFunction = () => [
  {
    name: 'description',
    content: 'Confirmá la alerta por correo que pediste en el sitio de la Municipalidad de Villa La Angostura: hasta entonces no te enviamos avisos.',
  },
  // The address carries the mail's secret: no search engine should keep it.
  { name: 'robots', content: 'noindex' },
];

export default function Confirmar({ loaderData, actionData }: Route.ComponentProps) {
  const { vista, token, descripcion } = actionData ?? loaderData;
  if (vista === 'no_encontrado' || vista === 'vencido') return <EnlaceInvalido tipo={vista} />;
  if (vista === 'baja') {
    return (
      <>
        <title>{`Alerta dada de baja | ${SITE_NAME}`}</title>
        <h1>Esta alerta está dada de baja</h1>
        <p>Ya no te enviamos esta alerta. Si la querés de nuevo, pedila otra vez desde la consulta de ordenanzas o los boletines oficiales.</p>
      </>
    );
  }
  if (vista === 'confirmada') {
    return (
      <>
        <title>{`Alerta confirmada | ${SITE_NAME}`}</title>
        <h1>Alerta confirmada</h1>
        <p role="status">{`Listo: te vamos a avisar por correo. Tu alerta: ${descripcion}.`}</p>
        <p>
          Cada aviso trae un enlace para darte de baja. Podés ver y terminar tus alertas cuando quieras en <a href={rutaGestion(token)}>tus alertas</a>.
        </p>
      </>
    );
  }
  return (
    <>
      <title>{`Confirmá tu alerta | ${SITE_NAME}`}</title>
      <h1>Confirmá tu alerta</h1>
      <p>{`Vas a recibir por correo: ${descripcion}.`}</p>
      <form method="post" action={rutaConfirmar(token)}>
        <button type="submit" className="btn btn-primary">
          Confirmar
        </button>
      </form>
    </>
  );
}
