import { data } from 'react-router';
import { appContext } from '#app/context.ts';
import { CABECERAS_ENLACE, estadoDeEnlace, tokenDe } from '#app/features/alertas/enlace.tsx';
import { EnlaceAvisosInvalido, describirAviso } from '#app/features/mi-calle/enlace-avisos.tsx';
import { privateDataHeaders } from '#app/lib/headers.ts';
import { withoutJavaScript } from '#app/lib/javascript.ts';
import { SITE_NAME } from '#app/lib/meta.ts';
import { rutaBaja, rutaGestion } from '#domain/recoleccion/enlaces-avisos.ts';
import { darDeBajaAviso, verAviso } from '#domain/recoleccion/suscripciones.ts';
import type { Route } from './+types/avisos-baja';
import { siLaBaseResponde } from '#app/lib/base-disponible.server.ts';

/**
 * The unsubscribe link of every Mi calle mail and its List-Unsubscribe header. A GET asks; a POST
 * unsubscribes: the page's button or the mail provider's one-click POST (RFC 8058), which comes
 * without a session or an Origin of ours (server/pages.ts lets exactly this path through).
 */
async function cargar({ request, context }: Route.LoaderArgs) {
  const token = tokenDe(request);
  const enlace = await verAviso(context.get(appContext), token);
  if (enlace.tipo !== 'valido')
    return data({ vista: enlace.tipo, token: '', descripcion: '' }, { status: estadoDeEnlace(enlace.tipo), headers: CABECERAS_ENLACE });
  return data(
    { vista: enlace.vista.estado === 'baja' ? 'hecha' : 'pregunta', token, descripcion: describirAviso(enlace.vista) },
    { headers: CABECERAS_ENLACE },
  );
}

export const loader = (args: Route.LoaderArgs) => siLaBaseResponde(args.context, () => cargar(args));

async function actuar({ request, context }: Route.ActionArgs) {
  const token = tokenDe(request);
  const r = await darDeBajaAviso(context.get(appContext), token);
  if (r.tipo !== 'hecho') return data({ vista: r.tipo, token: '', descripcion: '' }, { status: estadoDeEnlace(r.tipo), headers: CABECERAS_ENLACE });
  return data({ vista: 'hecha', token, descripcion: `Zona ${r.vista.zona.nombre}` }, { headers: CABECERAS_ENLACE });
}

export const action = (args: Route.ActionArgs) => siLaBaseResponde(args.context, () => actuar(args));

export const headers = privateDataHeaders;
export const handle = withoutJavaScript;

export const meta: Route.MetaFunction = () => [
  { name: 'description', content: 'Dar de baja los avisos de recolección de Mi calle.' },
  { name: 'robots', content: 'noindex' },
];

export default function BajaAvisos({ loaderData, actionData }: Route.ComponentProps) {
  const { vista, token, descripcion } = actionData ?? loaderData;
  if (vista === 'no_encontrado' || vista === 'vencido') return <EnlaceAvisosInvalido tipo={vista} />;
  if (vista === 'hecha') {
    return (
      <div className="contenedor pagina alertas-pagina">
        <title>{`Avisos dados de baja | ${SITE_NAME}`}</title>
        <h1>Avisos dados de baja</h1>
        <p role="status">{`Ya no te vamos a enviar avisos de recolección. ${descripcion}.`}</p>
        <p>
          <a href="/mi-calle">Volver a Mi calle</a>
        </p>
      </div>
    );
  }
  return (
    <div className="contenedor pagina alertas-pagina">
      <title>{`Dar de baja los avisos | ${SITE_NAME}`}</title>
      <h1>Dar de baja los avisos</h1>
      <p>{`${descripcion}.`}</p>
      <form method="post" action={rutaBaja(token)}>
        <button type="submit" className="btn btn-primary">
          Dar de baja
        </button>
      </form>
      <p>
        O mirá <a href={rutaGestion(token)}>tus avisos</a>.
      </p>
    </div>
  );
}
