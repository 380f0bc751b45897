import { restriccionUnica } from '#db/errors.ts';
import { and, asc, desc, eq, getTableColumns, gt, inArray, lte, sql } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import type { Db } from '#db/client.ts';
import { contenidosRestaurables, contenidosRetirados } from '#db/schema/index.ts';
import { removeDocumento, showDocumento } from '#domain/documentos/commands.ts';
import { removeArchivos } from '#domain/documentos/subidas.ts';
import { type Actor, esSistema } from '#domain/shared/actor.ts';
import type { AppContext } from '#domain/shared/context.ts';
import { formatShortDate } from '#domain/shared/formato.ts';

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

// ---------------------------------------------------------------- restoring (docs/decisions/054-retirados-restaurables.md)

/** How long what staff removed can be restored; after that the daily purge deletes its data and its file. */
export const DIAS_PARA_RESTAURAR = 90;
const DIA_MS = 24 * 60 * 60_000;

/** The restorable items of each back-office section: one key each (observatorio has two kinds). */
export const CLAVES_RESTAURABLES = ['ordenanzas', 'boletines', 'estados-contables', 'sueldos', 'observatorio-documentos', 'observatorio-imagenes'] as const;
export type ClaveRestaurable = (typeof CLAVES_RESTAURABLES)[number];

/**
 * A row as it can be kept in jsonb: its columns without the generated ones (the database computes
 * them again), so `filaRestaurada` can insert it as it was.
 */
export function filaGuardable(tabla: PgTable, fila: Record<string, unknown>): Record<string, unknown> {
  const guardable: Record<string, unknown> = {};
  for (const [clave, columna] of Object.entries(getTableColumns(tabla))) {
    if (!columna.generated && clave in fila) guardable[clave] = fila[clave];
  }
  return guardable;
}

/** A row kept by `filaGuardable`, ready to insert: only the table's columns, timestamps as dates again. */
export function filaRestaurada<T extends PgTable>(tabla: T, datos: unknown): T['$inferInsert'] {
  const guardada = (datos ?? {}) as Record<string, unknown>;
  const fila: Record<string, unknown> = {};
  for (const [clave, columna] of Object.entries(getTableColumns(tabla))) {
    if (columna.generated || !(clave in guardada)) continue;
    const valor = guardada[clave];
    fila[clave] = columna.dataType === 'date' && typeof valor === 'string' ? new Date(valor) : valor;
  }
  return fila as T['$inferInsert'];
}

/**
 * Keeps what is needed to restore a removed item for 90 days, in the transaction that removes it:
 * its data, its document (which the caller hides, never deletes) and the addresses that answer 410.
 */
export async function guardarRestaurable(
  tx: Db,
  datos: {
    clave: ClaveRestaurable;
    entidadId: number;
    titulo: string;
    datos: unknown;
    documentoId: number | null;
    rutas: readonly string[];
    actor: Actor;
    ahora: Date;
  },
): Promise<void> {
  await tx.insert(contenidosRestaurables).values({
    seccion: datos.clave,
    entidadId: datos.entidadId,
    titulo: datos.titulo.slice(0, 500),
    datos: datos.datos,
    documentoId: datos.documentoId,
    rutas: [...datos.rutas],
    retiradoEn: datos.ahora,
    usuarioId: esSistema(datos.actor) ? null : datos.actor.usuarioId,
    usuarioNombre: datos.actor.nombre,
  });
}

export type Restaurable = {
  id: number;
  clave: ClaveRestaurable;
  entidadId: number;
  titulo: string;
  retiradoEn: Date;
  usuarioNombre: string;
  /** Days left to restore it, counting the one under way (1: it goes within a day). */
  diasRestantes: number;
};

const vence = (retiradoEn: Date) => new Date(retiradoEn.getTime() + DIAS_PARA_RESTAURAR * DIA_MS);

/** The items of these kinds still restorable at `ahora`, the latest removed first (at most 200). */
export async function listRestaurables(db: Db, claves: readonly ClaveRestaurable[], ahora: Date): Promise<Restaurable[]> {
  const filas = await db
    .select({
      id: contenidosRestaurables.id,
      clave: contenidosRestaurables.seccion,
      entidadId: contenidosRestaurables.entidadId,
      titulo: contenidosRestaurables.titulo,
      retiradoEn: contenidosRestaurables.retiradoEn,
      usuarioNombre: contenidosRestaurables.usuarioNombre,
    })
    .from(contenidosRestaurables)
    .where(
      and(
        inArray(contenidosRestaurables.seccion, [...claves]),
        gt(contenidosRestaurables.retiradoEn, new Date(ahora.getTime() - DIAS_PARA_RESTAURAR * DIA_MS)),
      ),
    )
    .orderBy(desc(contenidosRestaurables.retiradoEn), desc(contenidosRestaurables.id))
    .limit(200);
  return filas.map((f) => ({
    ...f,
    clave: f.clave as ClaveRestaurable,
    diasRestantes: Math.max(1, Math.ceil((vence(f.retiradoEn).getTime() - ahora.getTime()) / DIA_MS)),
  }));
}

export type ResultadoRestauracion =
  { tipo: 'restaurado'; entidadId: number; titulo: string } | { tipo: 'no_encontrado' | 'vencido' | 'ocupado' | 'prohibido'; mensaje: string };

/** What a module's `reponer` receives: the kept data and the removed row's id. */
export type Guardado = { entidadId: number; titulo: string; datos: unknown; documentoId: number | null };

class Ocupado extends Error {}

/**
 * Restores a removed item within 90 days, in one transaction: `reponer` (the owning module)
 * checks that nothing took its place (answering the Spanish reason, and then nothing changes),
 * inserts it again with its data and audits it; here its document becomes public again, its
 * addresses stop answering 410 and the kept copy goes. The caller checks the permission first.
 */
export async function restaurarRetirado(
  ctx: Pick<AppContext, 'db' | 'clock'>,
  clave: ClaveRestaurable,
  id: number,
  reponer: (tx: Db, guardado: Guardado) => Promise<string | undefined>,
): Promise<ResultadoRestauracion> {
  const ahora = ctx.clock.now();
  let ocupado = '';
  try {
    return await ctx.db.transaction(async (tx): Promise<ResultadoRestauracion> => {
      const [fila] = await tx
        .select()
        .from(contenidosRestaurables)
        .where(and(eq(contenidosRestaurables.id, id), eq(contenidosRestaurables.seccion, clave)))
        .for('update');
      if (!fila)
        return {
          tipo: 'no_encontrado',
          mensaje:
            'No encontramos ese contenido entre los retirados: puede que ya lo hayan restaurado o que haya pasado el plazo. Volvé a la lista de retirados.',
        };
      if (vence(fila.retiradoEn) <= ahora)
        return {
          tipo: 'vencido',
          mensaje: `«${fila.titulo}» se retiró el ${formatShortDate(fila.retiradoEn)}: pasaron más de ${DIAS_PARA_RESTAURAR} días y ya no se puede restaurar. Si hace falta, cargalo de nuevo.`,
        };
      const motivo = await reponer(tx, { entidadId: fila.entidadId, titulo: fila.titulo, datos: fila.datos, documentoId: fila.documentoId });
      if (motivo !== undefined) {
        ocupado = motivo;
        throw new Ocupado();
      }
      if (fila.documentoId !== null) await showDocumento(tx, fila.documentoId);
      await republicarRutas(tx, fila.rutas);
      await tx.delete(contenidosRestaurables).where(eq(contenidosRestaurables.id, fila.id));
      return { tipo: 'restaurado', entidadId: fila.entidadId, titulo: fila.titulo };
    });
  } catch (error) {
    if (error instanceof Ocupado) return { tipo: 'ocupado', mensaje: ocupado };
    // Another person took its number between the check and the insert: nothing was written.
    if (restriccionUnica(error) !== undefined)
      return { tipo: 'ocupado', mensaje: 'Otro contenido ocupó su lugar mientras lo restaurábamos: revisá la lista de la sección y volvé a intentarlo.' };
    throw error;
  }
}

/**
 * The daily purge: what was removed more than 90 days ago loses its kept data, its document and its
 * files (after the commit); its addresses keep answering 410. Rows another instance is purging are
 * skipped; answers how many went.
 */
export async function purgarRetirados(ctx: Pick<AppContext, 'db' | 'storage' | 'clock'>): Promise<number> {
  const limite = new Date(ctx.clock.now().getTime() - DIAS_PARA_RESTAURAR * DIA_MS);
  let total = 0;
  for (;;) {
    const { cantidad, claves } = await ctx.db.transaction(async (tx) => {
      const filas = await tx
        .select({ id: contenidosRestaurables.id, documentoId: contenidosRestaurables.documentoId })
        .from(contenidosRestaurables)
        .where(lte(contenidosRestaurables.retiradoEn, limite))
        .orderBy(asc(contenidosRestaurables.id))
        .limit(100)
        .for('update', { skipLocked: true });
      const claves: (string | null)[] = [];
      if (filas.length === 0) return { cantidad: 0, claves };
      await tx.delete(contenidosRestaurables).where(
        inArray(
          contenidosRestaurables.id,
          filas.map((f) => f.id),
        ),
      );
      for (const f of filas) if (f.documentoId !== null) claves.push(...(await removeDocumento(tx, f.documentoId)));
      return { cantidad: filas.length, claves };
    });
    if (cantidad === 0) return total;
    await removeArchivos(ctx, claves);
    total += cantidad;
  }
}
