import { asc, desc } from 'drizzle-orm';
import type { Db } from '#db/client.ts';
import { ordenanzas } from '#db/schema/index.ts';
import { etiquetaEstado } from './estados.ts';

export type OrdenanzaPublicada = { id: number; numero: number; anio: number; descripcion: string; estadoEtiqueta: string; createdAt: Date; updatedAt: Date };

/** The newest ordinances by the date they were entered in the register, for the Atom feed. */
export async function listOrdenanzasRecientes(db: Db, limite = 50): Promise<OrdenanzaPublicada[]> {
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
