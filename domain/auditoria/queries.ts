import { and, count, desc, eq, gte, inArray, lt, max, type SQL } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import type { Db } from '#db/client.ts';
import { auditoria } from '#db/schema/index.ts';

export type FiltrosAuditoria = {
  usuarioId?: number;
  accion?: string;
  entidad?: string;
  entidadId?: string;
  /** From this instant, inclusive. */
  desde?: Date;
  /** Up to this instant, exclusive. */
  hasta?: Date;
  pagina: number;
  porPagina: number;
};

export type EntradaRegistrada = typeof auditoria.$inferSelect;

/** The audit log, newest first, with the total of the entries that match the filters. */
export async function listarAuditoria(db: Db, filtros: FiltrosAuditoria): Promise<{ items: EntradaRegistrada[]; total: number }> {
  const where: SQL | undefined = and(
    filtros.usuarioId !== undefined ? eq(auditoria.usuarioId, filtros.usuarioId) : undefined,
    filtros.accion !== undefined ? eq(auditoria.accion, filtros.accion) : undefined,
    filtros.entidad !== undefined ? eq(auditoria.entidad, filtros.entidad) : undefined,
    filtros.entidadId !== undefined ? eq(auditoria.entidadId, filtros.entidadId) : undefined,
    filtros.desde !== undefined ? gte(auditoria.fecha, filtros.desde) : undefined,
    filtros.hasta !== undefined ? lt(auditoria.fecha, filtros.hasta) : undefined,
  );
  const [items, [fila]] = await Promise.all([
    db
      .select()
      .from(auditoria)
      .where(where)
      .orderBy(desc(auditoria.fecha), desc(auditoria.id))
      .limit(filtros.porPagina)
      .offset((filtros.pagina - 1) * filtros.porPagina),
    db.select({ n: count() }).from(auditoria).where(where),
  ]);
  return { items, total: fila?.n ?? 0 };
}

/** What a published list is made of: the timestamp columns of its rows and the audit entities of its writes. */
export type FuentesDeCambio = { columnas?: { columna: PgColumn; donde?: SQL }[]; entidades?: string[] };

/**
 * When a published list last changed: the newest of its rows' timestamps (an upload, an edit) and
 * of the audit entries of its entities, which also record changes to tables without timestamps
 * and deletions (docs/decisions/025-datos-abiertos.md). Undefined when nothing says.
 */
export async function ultimoCambio(db: Db, fuentes: FuentesDeCambio): Promise<Date | undefined> {
  const consultas = (fuentes.columnas ?? []).map(({ columna, donde }) =>
    db
      .select({ fecha: max(columna) })
      .from(columna.table)
      .where(donde)
      .then(([fila]) => fila?.fecha),
  );
  if (fuentes.entidades?.length) {
    consultas.push(
      db
        .select({ fecha: max(auditoria.fecha) })
        .from(auditoria)
        .where(inArray(auditoria.entidad, fuentes.entidades))
        .then(([fila]) => fila?.fecha),
    );
  }
  const fechas = (await Promise.all(consultas))
    .map((f) => (f instanceof Date ? f : typeof f === 'string' ? new Date(f) : undefined))
    .filter((f) => f !== undefined);
  return fechas.length ? new Date(Math.max(...fechas.map((f) => f.getTime()))) : undefined;
}
