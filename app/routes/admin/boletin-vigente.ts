import { redirect } from 'react-router';
import { appContext } from '#app/context.ts';
import { getBoletinVigente } from '#domain/boletines/queries.ts';
import type { Route } from './+types/boletin-vigente';

/**
 * The old «Boletín vigente» screen (docs/decisions/050-un-solo-boletin.md): the current bulletin is
 * the latest official bulletin, edited on its own page, so this address (and its old line pages)
 * answers with a redirect to that page, or to the list when there is no bulletin yet.
 */
async function haciaElVigente({ context }: Route.LoaderArgs | Route.ActionArgs): Promise<never> {
  const { boletin } = await getBoletinVigente(context.get(appContext).db);
  throw redirect(boletin ? `/admin/boletines/${boletin.id}` : '/admin/boletines', { status: 303 });
}

export const loader = haciaElVigente;
export const action = haciaElVigente;
