import { etiquetaOrdenanza } from '../../../domain/decretos/queries.ts';
import { ESTADO_TODOS } from '../../../domain/ordenanzas/estados.ts';
import { searchOrdenanzas } from '../../../domain/ordenanzas/queries.ts';
import { appContext } from '../../context.ts';
import type { Route } from './+types/ordenanzas';

/** The select's page size (spec §9). */
export const TAMANO_PAGINA = 5;
export const MINIMO_CARACTERES = 3;

export type OpcionOrdenanza = { id: number; etiqueta: string };

/**
 * The decree form's ordinance search (spec §9): from 3 characters, estado -1, only ordinances with
 * an Expediente, 5 options labelled 'Ordenanza {Numero} {status label} {Expediente}'. Digits
 * (optionally '/year') search the number; anything else the full text.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const { db, log } = context.get(appContext);
  const q = (new URL(request.url).searchParams.get('q') ?? '').trim().slice(0, 100);
  if (q.length < MINIMO_CARACTERES) return Response.json({ opciones: [] as OpcionOrdenanza[] });
  const numero = /^(\d{1,9})(?:\s*\/\s*(\d{4}))?$/.exec(q);
  try {
    const pagina = await searchOrdenanzas(
      db,
      numero
        ? { estado: ESTADO_TODOS, numero: Number(numero[1]), anio: numero[2] ? Number(numero[2]) : undefined, pattern: undefined, pagina: 1 }
        : { estado: ESTADO_TODOS, numero: undefined, anio: undefined, pattern: q, pagina: 1 },
      { porPagina: 40 },
    );
    const opciones = pagina.items
      .filter((o) => o.expediente)
      .slice(0, TAMANO_PAGINA)
      .map((o) => ({ id: o.id, etiqueta: etiquetaOrdenanza(o) }));
    return Response.json({ opciones }, { headers: { 'cache-control': 'public, max-age=60' } });
  } catch (error) {
    log.error({ err: error }, 'búsqueda de ordenanzas para el formulario de decretos fallida');
    return Response.json({ opciones: [] as OpcionOrdenanza[], falla: true }, { status: 503 });
  }
}
