import { eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '#db/client.ts';
import { contenidosRetirados } from '#db/schema/index.ts';
import type { Actor } from '#domain/shared/actor.ts';

/**
 * Withdrawn content: when staff delete something the public may have linked to, its
 * address is remembered here and answers 410 with what it was and when it went, instead of a bare
 * 404. Call it in the transaction that deletes the item, with the audit entry, so the three happen
 * together. Withdrawing the same address again (a new item published there, then withdrawn too)
 * keeps the latest title and date.
 */
export async function retirarContenido(db: Db, datos: { ruta: string; titulo: string; actor: Actor | null }): Promise<void> {
  if (!datos.ruta.startsWith('/') || datos.ruta.includes('?')) throw new RangeError(`ruta de contenido inválida: ${datos.ruta}`);
  await db
    .insert(contenidosRetirados)
    .values({ ruta: datos.ruta, titulo: datos.titulo, usuarioId: datos.actor?.usuarioId ?? null })
    .onConflictDoUpdate({
      target: contenidosRetirados.ruta,
      set: { titulo: datos.titulo, usuarioId: datos.actor?.usuarioId ?? null, retiradoEn: sql`now()` },
    });
}

/** An address published again (an item created where a withdrawn one was) is no longer withdrawn. */
export async function republicarRuta(db: Db, ruta: string): Promise<void> {
  await db.delete(contenidosRetirados).where(eq(contenidosRetirados.ruta, ruta));
}

/** Many addresses published again at once (an import), in batches a statement takes. */
export async function republicarRutas(db: Db, rutas: readonly string[]): Promise<void> {
  for (let i = 0; i < rutas.length; i += 500) await db.delete(contenidosRetirados).where(inArray(contenidosRetirados.ruta, rutas.slice(i, i + 500)));
}

export type ContenidoRetirado = { titulo: string; retiradoEn: Date };

/** What was at this address, if staff withdrew it; undefined for an address that never existed. */
export async function findRetirado(db: Db, ruta: string): Promise<ContenidoRetirado | undefined> {
  const [fila] = await db
    .select({ titulo: contenidosRetirados.titulo, retiradoEn: contenidosRetirados.retiradoEn })
    .from(contenidosRetirados)
    .where(eq(contenidosRetirados.ruta, ruta))
    .limit(1);
  return fila;
}
