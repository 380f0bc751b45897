import { data } from 'react-router';
import { appContext } from '#app/context.ts';
import { CABECERAS_ENLACE, tokenDe } from '#app/features/alertas/enlace.tsx';
import { EnlaceReclamoInvalido } from '#app/features/reclamos/formulario/enlace-invalido.tsx';
import { privateDataHeaders } from '#app/lib/headers.ts';
import { withoutJavaScript } from '#app/lib/javascript.ts';
import { SITE_NAME } from '#app/lib/meta.ts';
import { siLaBaseResponde } from '#app/lib/base-disponible.server.ts';
import { reclamoPorSecreto } from '#domain/reclamos/enlaces.ts';
import { bajaDeReclamo } from '#domain/reclamos/seguimiento.ts';
import type { Route } from './+types/baja';

/**
 * The unsubscribe link of every mail to a report's reporter and its List-Unsubscribe header
 * (docs/decisions/057-reclamos.md). A GET asks (a scanner opening the link unsubscribes nobody); a
 * POST unsubscribes: the page's button, or the mail provider's one-click POST (RFC 8058, body
 * `List-Unsubscribe=One-Click`), which comes from its servers without a session or an Origin of ours
 * (server/pages.ts lets exactly this path through). An unknown secret is a 404 page.
 */
async function cargar({ request, context }: Route.LoaderArgs) {
  const token = tokenDe(request);
  const r = await reclamoPorSecreto(context.get(appContext).db, token);
  if (!r) return data({ vista: 'no_encontrado' as const, token: '', codigo: '' }, { status: 404, headers: CABECERAS_ENLACE });
  return data({ vista: r.seguir ? ('pregunta' as const) : ('hecha' as const), token, codigo: r.codigo }, { headers: CABECERAS_ENLACE });
}

export const loader = (args: Route.LoaderArgs) => siLaBaseResponde(args.context, () => cargar(args));

async function actuar({ request, context }: Route.ActionArgs) {
  const token = tokenDe(request);
  const r = await bajaDeReclamo(context.get(appContext), token);
  if (r.tipo !== 'hecho') return data({ vista: 'no_encontrado' as const, token: '', codigo: '' }, { status: 404, headers: CABECERAS_ENLACE });
  return data({ vista: 'hecha' as const, token, codigo: r.codigo }, { headers: CABECERAS_ENLACE });
}

export const action = (args: Route.ActionArgs) => siLaBaseResponde(args.context, () => actuar(args));

export const headers = privateDataHeaders;
export const handle = withoutJavaScript;

export const meta: Route.MetaFunction = () => [
  { name: 'description', content: 'Dejar de recibir los correos de un reclamo hecho a la Municipalidad de Villa La Angostura.' },
  { name: 'robots', content: 'noindex' },
];

export default function BajaReclamo({ loaderData, actionData }: Route.ComponentProps) {
  const { vista, token, codigo } = actionData ?? loaderData;
  if (vista === 'no_encontrado') return <EnlaceReclamoInvalido />;
  const enlace = <a href={`/reclamos/${encodeURIComponent(codigo)}`}>la página del reclamo {codigo}</a>;
  if (vista === 'hecha') {
    return (
      <div className="contenedor pagina">
        <title>{`Listo: no te escribimos más sobre este reclamo | ${SITE_NAME}`}</title>
        <h1>Listo: no te escribimos más sobre este reclamo</h1>
        <p role="status">Ya no te vamos a mandar correos sobre el reclamo {codigo}. El reclamo sigue abierto: lo atendemos igual.</p>
        <p>Podés ver cómo sigue en {enlace}.</p>
      </div>
    );
  }
  return (
    <div className="contenedor pagina">
      <title>{`Dejar de recibir correos del reclamo | ${SITE_NAME}`}</title>
      <h1>Dejar de recibir correos del reclamo</h1>
      <p>Si seguís, no te escribimos más sobre el reclamo {codigo}. El reclamo no se cierra: lo atendemos igual y podés seguirlo en su página.</p>
      <form method="post" action={`/reclamos/baja?${new URLSearchParams({ token })}`}>
        <button type="submit" className="btn btn-primary">
          No quiero recibir más correos
        </button>
      </form>
      <p>O mirá {enlace}.</p>
    </div>
  );
}
