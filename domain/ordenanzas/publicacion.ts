import { asc, desc } from 'drizzle-orm';
import type { Db } from '#db/client.ts';
import { ordenanzas } from '#db/schema/index.ts';
import { etiquetaEstado } from './estados.ts';
import { condicionesDeBusqueda } from './queries.ts';
import type { FiltrosOrdenanzas } from './schemas.ts';

export type OrdenanzaPublicada = { id: number; numero: number; anio: number; descripcion: string; estadoEtiqueta: string; createdAt: Date; updatedAt: Date };

/**
 * The newest ordinances by the date they were entered in the register, for the Atom feed; with
 * filters, those the search page finds for them (the same WHERE), still newest first.
 */
export async function listOrdenanzasRecientes(db: Db, limite = 50, filtros?: Omit<FiltrosOrdenanzas, 'pagina'>): Promise<OrdenanzaPublicada[]> {
  const where = filtros ? await condicionesDeBusqueda(db, filtros) : undefined;
  const rows = await db
    .select({
      id: ordenanzas.id,
      numero: ordenanzas.numero,
      anio: ordenanzas.anio,
      descripcion: ordenanzas.descripcion,
      estado: ordenanzas.estado,
      createdAt: ordenanzas.createdAt,
      updatedAt: ordenanzas.updatedAt,
    })
    .from(ordenanzas)
    .where(where)
    .orderBy(desc(ordenanzas.createdAt), desc(ordenanzas.id))
    .limit(limite);
  return rows.map(({ estado, ...r }) => ({ ...r, estadoEtiqueta: etiquetaEstado(estado) }));
}

/** Every ordinance's permalink key and last change, for the sitemap. */
export async function listPermalinksOrdenanzas(db: Db): Promise<{ numero: number; anio: number; updatedAt: Date }[]> {
  return db
    .select({ numero: ordenanzas.numero, anio: ordenanzas.anio, updatedAt: ordenanzas.updatedAt })
    .from(ordenanzas)
    .orderBy(asc(ordenanzas.anio), asc(ordenanzas.numero));
}

/** How the saved search's feed names the estados (plural, in a sentence: "Ordenanzas vigentes"). */
const ESTADO_EN_TITULO: Record<number, string> = { 1: 'en clasificación', 2: 'vigentes', 3: 'derogadas', 4: 'vetadas', 9: 'anuladas' };

/**
 * The saved search's description, for its feed's title: "Ordenanzas con «agua» vigentes de 2024";
 * undefined without filters (docs/decisions/025-datos-abiertos.md).
 */
export function tituloDeBusqueda(filtros: Pick<FiltrosOrdenanzas, 'numero' | 'anio' | 'pattern'> & { estado: number }): string | undefined {
  const partes = [
    filtros.numero !== undefined ? `N° ${filtros.numero}` : '',
    filtros.pattern ? `con «${filtros.pattern}»` : '',
    ESTADO_EN_TITULO[filtros.estado] ?? '',
    filtros.anio !== undefined ? `de ${filtros.anio}` : '',
  ].filter(Boolean);
  return partes.length > 0 ? ['Ordenanzas', ...partes].join(' ') : undefined;
}
