import { findDecretoPublicado } from '#domain/decretos/publicados.ts';
import { appContext } from '#app/context.ts';
import { ofertaDe } from '#app/features/decretos/aviso-decreto-publicado.tsx';
import type { Route } from './+types/publicado';

/**
 * GET /solicitud-decretos/publicado?decreto=123/2026: the bulletin that published the decree, as
 * JSON for the form's island (docs/decisions/023-decretos-publicados.md). Public data, cached a
 * minute like the ordinance search; text that names no decree is answered without a query.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const { db, log } = context.get(appContext);
  const texto = (new URL(request.url).searchParams.get('decreto') ?? '').slice(0, 100);
  try {
    const publicado = ofertaDe(await findDecretoPublicado(db, texto));
    return Response.json({ publicado }, { headers: { 'cache-control': 'public, max-age=60' } });
  } catch (error) {
    log.error({ err: error }, 'búsqueda de decreto publicado fallida');
    return Response.json({ publicado: null, falla: true }, { status: 503, headers: { 'cache-control': 'no-store' } });
  }
}
