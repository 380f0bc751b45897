import { data } from 'react-router';
import { appContext } from '#app/context.ts';
import { CABECERAS_ENLACE, estadoDeEnlace, tokenDe } from '#app/features/alertas/enlace.tsx';
import { EnlaceAvisosInvalido, describirAviso } from '#app/features/mi-calle/enlace-avisos.tsx';
import { privateDataHeaders } from '#app/lib/headers.ts';
import { withoutJavaScript } from '#app/lib/javascript.ts';
import { SITE_NAME } from '#app/lib/meta.ts';
import { rutaConfirmar, rutaGestion } from '#domain/recoleccion/enlaces-avisos.ts';
import { confirmarAviso, verAviso } from '#domain/recoleccion/suscripciones.ts';
import type { Route } from './+types/avisos-confirmar';
import { siLaBaseResponde } from '#app/lib/base-disponible.server.ts';

/**
 * The confirm link of the mail. A GET only shows what will be confirmed and a button (mail scanners
 * open links and must not confirm on anyone's behalf); the button's POST confirms.
 */
async function cargar({ request, context }: Route.LoaderArgs) {
  const token = tokenDe(request);
  const enlace = await verAviso(context.get(appContext), token);
  if (enlace.tipo !== 'valido')
    return data({ vista: enlace.tipo, token: '', descripcion: '' }, { status: estadoDeEnlace(enlace.tipo), headers: CABECERAS_ENLACE });
  const vista = enlace.vista.estado === 'pendiente' ? 'pendiente' : enlace.vista.estado === 'activa' ? 'confirmada' : 'baja';
  return data({ vista, token, descripcion: describirAviso(enlace.vista) }, { headers: CABECERAS_ENLACE });
}

export const loader = (args: Route.LoaderArgs) => siLaBaseResponde(args.context, () => cargar(args));

async function actuar({ request, context }: Route.ActionArgs) {
  const token = tokenDe(request);
  const r = await confirmarAviso(context.get(appContext), token);
  if (r.tipo === 'no_encontrado' || r.tipo === 'vencido')
    return data({ vista: r.tipo, token: '', descripcion: '' }, { status: estadoDeEnlace(r.tipo), headers: CABECERAS_ENLACE });
  if (r.tipo === 'baja') return data({ vista: 'baja', token, descripcion: '' }, { headers: CABECERAS_ENLACE });
  return data({ vista: 'confirmada', token, descripcion: describirAviso(r.vista) }, { headers: CABECERAS_ENLACE });
}

export const action = (args: Route.ActionArgs) => siLaBaseResponde(args.context, () => actuar(args));

export const headers = privateDataHeaders;
export const handle = withoutJavaScript;

export const meta: Route.MetaFunction = () => [
  { name: 'description', content: 'Confirmá los avisos de recolección que pediste en Mi calle: hasta entonces no te escribimos.' },
  { name: 'robots', content: 'noindex' },
];

export default function ConfirmarAvisos({ loaderData, actionData }: Route.ComponentProps) {
  const { vista, token, descripcion } = actionData ?? loaderData;
  if (vista === 'no_encontrado' || vista === 'vencido') return <EnlaceAvisosInvalido tipo={vista} />;
  return (
    <div className="contenedor pagina alertas-pagina">
      <title>{`${vista === 'pendiente' ? 'Confirmá tus avisos' : vista === 'baja' ? 'Avisos dados de baja' : 'Avisos confirmados'} | ${SITE_NAME}`}</title>
      {vista === 'pendiente' ? (
        <>
          <h1>Confirmá tus avisos</h1>
          <p>{`${descripcion}.`}</p>
          <form method="post" action={rutaConfirmar(token)}>
            <button type="submit" className="btn btn-primary">
              Confirmar
            </button>
          </form>
        </>
      ) : vista === 'baja' ? (
        <>
          <h1>Avisos dados de baja</h1>
          <p>
            Estos avisos ya fueron dados de baja. Podés pedirlos de nuevo desde <a href="/mi-calle">Mi calle</a>.
          </p>
        </>
      ) : (
        <>
          <h1>Avisos confirmados</h1>
          <p role="status">{`Listo. ${descripcion}.`}</p>
          <p>
            Podés verlos o darlos de baja en <a href={rutaGestion(token)}>tus avisos</a>.
          </p>
        </>
      )}
    </div>
  );
}
