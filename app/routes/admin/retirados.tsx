import { appContext } from '#app/context.ts';
import { PaginaRetirados } from '#app/features/admin/retirados.tsx';
import { retiradosAction, retiradosLoader } from '#app/features/admin/retirados.server.ts';
import { privateDataHeaders } from '#app/lib/headers.ts';
import { actorPanel } from '#app/lib/sesion.server.ts';
import type { Route } from './+types/retirados';

/**
 * «Retirados» of a section (`/admin/<sección>/retirados`, docs/decisions/054-retirados-restaurables.md):
 * what was removed in the last 90 days, with a «Restaurar» button each. The section comes from the
 * address; its roles, from its entry in app/features/admin/secciones.ts.
 */
export async function loader(args: Route.LoaderArgs) {
  return retiradosLoader(args.request, args.pattern, args.context.get(appContext));
}

export async function action(args: Route.ActionArgs) {
  return retiradosAction(args.request, args.pattern, args.context.get(appContext), actorPanel(args.context));
}

export const headers = privateDataHeaders;

export default function Retirados({ loaderData, actionData }: Route.ComponentProps) {
  return <PaginaRetirados datos={loaderData} respuesta={actionData} />;
}
