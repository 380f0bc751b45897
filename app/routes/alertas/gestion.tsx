import { data } from 'react-router';
import { appContext } from '#app/context.ts';
import { CABECERAS_ENLACE, EnlaceInvalido, estadoDeEnlace, tokenDe } from '#app/features/alertas/enlace.tsx';
import { privateDataHeaders } from '#app/lib/headers.ts';
import { withoutJavaScript } from '#app/lib/javascript.ts';
import { SITE_NAME } from '#app/lib/meta.ts';
import { darDeBaja, verGestion } from '#domain/alertas/commands.ts';
import { rutaGestion } from '#domain/alertas/texto.ts';
import { urlFeedBusqueda } from '#domain/ordenanzas/enlaces.ts';
import type { Route } from './+types/gestion';

/**
 * The subscription page (docs/decisions/024-alertas.md): any link of one's alert mails opens the
 * list of that address's alerts, each with its own «Dar de baja», and «Dar de baja todas». No
 * session: the secret in the address is the key.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const token = tokenDe(request);
  const gestion = await verGestion(context.get(appContext), token);
  if (gestion.tipo !== 'valido') return data({ token, gestion, aviso: '' }, { status: estadoDeEnlace(gestion.tipo), headers: CABECERAS_ENLACE });
  return data({ token, gestion, aviso: '' }, { headers: CABECERAS_ENLACE });
}

export async function action({ request, context }: Route.ActionArgs) {
  const ctx = context.get(appContext);
  const token = tokenDe(request);
  const form = await request.formData();
  const id = Number(form.get('id'));
  const cual = form.get('accion') === 'todas' ? ('todas' as const) : Number.isSafeInteger(id) && id > 0 ? { id } : undefined;
  const r = cual ? await darDeBaja(ctx, token, cual) : undefined;
  const gestion = await verGestion(ctx, token);
  if (gestion.tipo !== 'valido') return data({ token, gestion, aviso: '' }, { status: estadoDeEnlace(gestion.tipo), headers: CABECERAS_ENLACE });
  const aviso =
    !r || r.tipo !== 'hecho' || r.bajas === 0
      ? 'No había nada que dar de baja.'
      : r.bajas === 1
        ? 'Diste de baja la alerta.'
        : `Diste de baja ${r.bajas} alertas.`;
  return data({ token, gestion, aviso }, { headers: CABECERAS_ENLACE });
}

export const headers = privateDataHeaders;
export const handle = withoutJavaScript;

export const meta: Route.MetaFunction = () => [
  {
    name: 'description',
    content: 'Tus alertas por correo de la Municipalidad de Villa La Angostura: qué avisos recibís y cómo dar de baja los que ya no quieras.',
  },
  // The address carries the mail's secret: no search engine should keep it.
  { name: 'robots', content: 'noindex' },
];

export default function Gestion({ loaderData, actionData }: Route.ComponentProps) {
  const { token, gestion, aviso } = actionData ?? loaderData;
  if (gestion.tipo !== 'valido') return <EnlaceInvalido tipo={gestion.tipo} />;
  const accion = rutaGestion(token);
  return (
    <>
      <title>{`Tus alertas por correo | ${SITE_NAME}`}</title>
      <h1>Tus alertas por correo</h1>
      {aviso ? <p role="status">{aviso}</p> : null}
      <p>
        Las alertas de <span className="sin-corte">{gestion.email}</span>:
      </p>
      {gestion.suscripciones.length === 0 ? (
        <p>No tenés alertas activas. Podés pedir una desde la consulta de ordenanzas o los boletines oficiales.</p>
      ) : (
        <>
          <ul className="alertas__lista">
            {gestion.suscripciones.map((s) => (
              <li key={s.id}>
                <span>
                  {s.descripcion}
                  {s.estado === 'pendiente' ? ' (falta confirmarla desde el correo)' : ''}
                  {s.busqueda ? (
                    <>
                      {' · '}
                      <a href={urlFeedBusqueda(s.busqueda)}>canal Atom</a>
                    </>
                  ) : null}
                </span>
                <form method="post" action={accion}>
                  <input type="hidden" name="id" value={s.id} />
                  <button type="submit" className="btn btn-outline-primary btn-sm" aria-label={`Dar de baja: ${s.descripcion}`}>
                    Dar de baja
                  </button>
                </form>
              </li>
            ))}
          </ul>
          <form method="post" action={accion}>
            <input type="hidden" name="accion" value="todas" />
            <button type="submit" className="btn btn-primary">
              Dar de baja todas
            </button>
          </form>
        </>
      )}
    </>
  );
}
