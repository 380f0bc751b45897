import { findOrdenanzasElegibles } from '#domain/decretos/queries.ts';
import { appContext } from '#app/context.ts';
import type { Route } from './+types/ordenanzas';

export type OpcionOrdenanza = { id: number; etiqueta: string };

/** The decree form's ordinance search, as JSON for its combobox (the rule: findOrdenanzasElegibles). */
export async function loader({ request, context }: Route.LoaderArgs) {
  const { db, log } = context.get(appContext);
  const q = (new URL(request.url).searchParams.get('q') ?? '').slice(0, 100);
  try {
    const opciones: OpcionOrdenanza[] = await findOrdenanzasElegibles(db, q);
    return Response.json({ opciones }, { headers: { 'cache-control': 'public, max-age=60' } });
  } catch (error) {
    log.error({ err: error }, 'búsqueda de ordenanzas para el formulario de decretos fallida');
    return Response.json({ opciones: [] as OpcionOrdenanza[], falla: true }, { status: 503 });
  }
}
