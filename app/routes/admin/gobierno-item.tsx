import { appContext } from '#app/context.ts';
import { ItemPanel } from '#app/features/admin/panel-item.tsx';
import { accionItemPanel, cargarItemPanel, type RespuestaItem } from '#app/features/admin/panel-item.server.ts';
import { tipoDeRuta } from '#app/features/admin/panel.server.ts';
import { privateDataHeaders } from '#app/lib/headers.ts';
import { actorPanel } from '#app/lib/sesion.server.ts';
import type { Route } from './+types/gobierno-item';

/**
 * One item of a Gobierno kind (docs/decisions/019-panel-de-gobierno.md), for editors
 * and administrators: the shared item page (app/features/admin/panel-item.tsx). Each change is
 * audited by the domain and shows on the public page at once.
 */

export async function loader(args: Route.LoaderArgs) {
  return cargarItemPanel(args.context.get(appContext).db, tipoDeRuta(args.params.tipo), args.params.id, args.request.url);
}

export async function action(args: Route.ActionArgs) {
  const actor = actorPanel(args.context);
  const tipo = tipoDeRuta(args.params.tipo);
  const base = `/admin/gobierno/${tipo.tipo}`;
  return accionItemPanel(args.request, args.context.get(appContext), actor, tipo, args.params.id, { base, trasBorrar: `${base}?aviso=borrado` });
}

export const headers = privateDataHeaders;

export default function GobiernoItem({ loaderData, actionData }: Route.ComponentProps) {
  const { vista } = loaderData;
  return (
    <ItemPanel
      datos={loaderData}
      respuesta={actionData as RespuestaItem | undefined}
      base={`/admin/gobierno/${vista.tipo}`}
      volver={
        vista.unico ? { href: '/admin/gobierno', texto: 'Volver a Gobierno' } : { href: `/admin/gobierno/${vista.tipo}`, texto: `Volver a ${vista.titulo}` }
      }
      encabezado={(nombre) => (vista.unico ? vista.titulo : nombre)}
    />
  );
}
