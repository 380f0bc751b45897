import { data } from 'react-router';
import { appContext } from '#app/context.ts';
import { CABECERAS_ENLACE, estadoDeEnlace, tokenDe } from '#app/features/alertas/enlace.tsx';
import { EnlaceAvisosInvalido, describirAviso } from '#app/features/mi-calle/enlace-avisos.tsx';
import { privateDataHeaders } from '#app/lib/headers.ts';
import { withoutJavaScript } from '#app/lib/javascript.ts';
import { SITE_NAME } from '#app/lib/meta.ts';
import { rutaGestion } from '#domain/recoleccion/enlaces-avisos.ts';
import { darDeBajaAviso, verAviso } from '#domain/recoleccion/suscripciones.ts';
import type { Route } from './+types/avisos-gestion';
import { siLaBaseResponde } from '#app/lib/base-disponible.server.ts';

/** A subscription's page, from its link: what it follows, and ending its mails, its notifications or all of it. */
async function cargar({ request, context }: Route.LoaderArgs) {
  const token = tokenDe(request);
  const enlace = await verAviso(context.get(appContext), token);
  if (enlace.tipo !== 'valido')
    return data({ vista: enlace.tipo, token: '', aviso: null, hecho: '' }, { status: estadoDeEnlace(enlace.tipo), headers: CABECERAS_ENLACE });
  return data(
    { vista: 'valido' as const, token, aviso: { ...enlace.vista, descripcion: describirAviso(enlace.vista) }, hecho: '' },
    { headers: CABECERAS_ENLACE },
  );
}

export const loader = (args: Route.LoaderArgs) => siLaBaseResponde(args.context, () => cargar(args));

async function actuar({ request, context }: Route.ActionArgs) {
  const token = tokenDe(request);
  const form = await request.formData();
  const pedido = form.get('canal');
  const canal = pedido === 'push' || pedido === 'correo' ? pedido : 'todo';
  const r = await darDeBajaAviso(context.get(appContext), token, canal);
  if (r.tipo !== 'hecho') return data({ vista: r.tipo, token: '', aviso: null, hecho: '' }, { status: estadoDeEnlace(r.tipo), headers: CABECERAS_ENLACE });
  const hecho =
    canal === 'push'
      ? 'Ya no vas a recibir avisos en el navegador.'
      : canal === 'correo'
        ? 'Ya no vas a recibir avisos por correo.'
        : 'Diste de baja estos avisos.';
  return data({ vista: 'valido' as const, token, aviso: { ...r.vista, descripcion: describirAviso(r.vista) }, hecho }, { headers: CABECERAS_ENLACE });
}

export const action = (args: Route.ActionArgs) => siLaBaseResponde(args.context, () => actuar(args));

export const headers = privateDataHeaders;
export const handle = withoutJavaScript;

export const meta: Route.MetaFunction = () => [
  { name: 'description', content: 'Tus avisos de recolección de Mi calle: qué seguís y cómo darlos de baja.' },
  { name: 'robots', content: 'noindex' },
];

export default function GestionAvisos({ loaderData, actionData }: Route.ComponentProps) {
  const { vista, token, aviso, hecho } = actionData ?? loaderData;
  if (vista === 'no_encontrado' || vista === 'vencido' || !aviso) return <EnlaceAvisosInvalido tipo={vista === 'vencido' ? 'vencido' : 'no_encontrado'} />;
  const conCorreo = aviso.recordatorio || aviso.cambios;
  return (
    <div className="contenedor pagina alertas-pagina">
      <title>{`Tus avisos de recolección | ${SITE_NAME}`}</title>
      <h1>Tus avisos de recolección</h1>
      {hecho ? <p role="status">{hecho}</p> : null}
      <p>{`${aviso.descripcion}.`}</p>
      {aviso.estado === 'baja' ? (
        <p>
          Estos avisos están dados de baja. Podés pedirlos de nuevo desde <a href="/mi-calle">Mi calle</a>.
        </p>
      ) : (
        <>
          {aviso.estado === 'pendiente' ? <p>Todavía no confirmaste estos avisos: abrí el enlace del correo que te enviamos.</p> : null}
          <div className="alerta__acciones">
            {aviso.push && conCorreo ? (
              <form method="post" action={rutaGestion(token)}>
                <input type="hidden" name="canal" value="push" />
                <button type="submit" className="btn btn-secondary">
                  Dejar de recibir avisos en el navegador
                </button>
              </form>
            ) : null}
            {aviso.push && conCorreo ? (
              <form method="post" action={rutaGestion(token)}>
                <input type="hidden" name="canal" value="correo" />
                <button type="submit" className="btn btn-secondary">
                  Dejar de recibir avisos por correo
                </button>
              </form>
            ) : null}
            <form method="post" action={rutaGestion(token)}>
              <input type="hidden" name="canal" value="todo" />
              <button type="submit" className="btn btn-primary">
                Dar de baja todos estos avisos
              </button>
            </form>
          </div>
        </>
      )}
    </div>
  );
}
