import { appContext } from '#app/context.ts';
import { ItemPanel } from '#app/features/admin/panel-item.tsx';
import { accionItemPanel, cargarItemPanel, type RespuestaItem } from '#app/features/admin/panel-item.server.ts';
import { NO_ENCONTRADO } from '#app/features/admin/panel.server.ts';
import { privateDataHeaders } from '#app/lib/headers.ts';
import { actorPanel } from '#app/lib/sesion.server.ts';
import { tipoBoletinVigente } from '#domain/boletines/vigente-admin.ts';
import type { Route } from './+types/boletin-vigente-item';

/**
 * One ordinance or decree line of the current bulletin
 * (docs/decisions/022-boletin-vigente-en-el-panel.md), for editors and administrators: the same item
 * page as a Gobierno kind's (app/features/admin/panel-item.tsx, docs/decisions/019-panel-de-gobierno.md),
 * under /admin/boletin-vigente.
 */

function tipoDe(lista: string | undefined) {
  const tipo = tipoBoletinVigente(lista);
  if (!tipo) throw NO_ENCONTRADO();
  return tipo;
}

export async function loader(args: Route.LoaderArgs) {
  return cargarItemPanel(args.context.get(appContext).db, tipoDe(args.params.lista), args.params.id, args.request.url);
}

export async function action(args: Route.ActionArgs) {
  const actor = actorPanel(args.context);
  const tipo = tipoDe(args.params.lista);
  return accionItemPanel(args.request, args.context.get(appContext).db, actor, tipo, args.params.id, {
    base: `/admin/boletin-vigente/${tipo.tipo}`,
    trasBorrar: `/admin/boletin-vigente?aviso=borrado#lista-${tipo.tipo}`,
  });
}

export const headers = privateDataHeaders;

export default function BoletinVigenteItem({ loaderData, actionData }: Route.ComponentProps) {
  const { vista } = loaderData;
  return (
    <ItemPanel
      datos={loaderData}
      respuesta={actionData as RespuestaItem | undefined}
      base={`/admin/boletin-vigente/${vista.tipo}`}
      volver={{ href: `/admin/boletin-vigente#lista-${vista.tipo}`, texto: 'Volver al boletín vigente' }}
      encabezado={(nombre) => `${vista.titulo}: ${nombre}`}
    />
  );
}
