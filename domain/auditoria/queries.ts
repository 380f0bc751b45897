import { and, count, desc, eq, gte, inArray, lt, max, type SQL } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import type { Db } from '#db/client.ts';
import { auditoria } from '#db/schema/index.ts';

export type FiltrosAuditoria = {
  usuarioId?: number;
  accion?: string;
  /** Any of these codes: one section's actions. */
  acciones?: readonly string[];
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
export async function listAuditoria(db: Db, filtros: FiltrosAuditoria): Promise<{ items: EntradaRegistrada[]; total: number }> {
  const where = condiciones(filtros);
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

/**
 * Every entry that matches the filters, newest first, read a batch at a time (the CSV export).
 * Keyset on the id (a Date keeps milliseconds, the column microseconds): rows written meanwhile
 * neither repeat nor shift the batches.
 */
export async function* iterarAuditoria(db: Db, filtros: Omit<FiltrosAuditoria, 'pagina' | 'porPagina'>, tanda = 500): AsyncGenerator<EntradaRegistrada> {
  const where = condiciones(filtros);
  let ultima: number | undefined;
  for (;;) {
    const filas = await db
      .select()
      .from(auditoria)
      .where(and(where, ultima === undefined ? undefined : lt(auditoria.id, ultima)))
      .orderBy(desc(auditoria.id))
      .limit(tanda);
    yield* filas;
    if (filas.length < tanda) return;
    ultima = filas[filas.length - 1]!.id;
  }
}

function condiciones(filtros: Omit<FiltrosAuditoria, 'pagina' | 'porPagina'>): SQL | undefined {
  return and(
    filtros.usuarioId !== undefined ? eq(auditoria.usuarioId, filtros.usuarioId) : undefined,
    filtros.accion !== undefined ? eq(auditoria.accion, filtros.accion) : undefined,
    filtros.acciones !== undefined ? inArray(auditoria.accion, [...filtros.acciones]) : undefined,
    filtros.entidad !== undefined ? eq(auditoria.entidad, filtros.entidad) : undefined,
    filtros.entidadId !== undefined ? eq(auditoria.entidadId, filtros.entidadId) : undefined,
    filtros.desde !== undefined ? gte(auditoria.fecha, filtros.desde) : undefined,
    filtros.hasta !== undefined ? lt(auditoria.fecha, filtros.hasta) : undefined,
  );
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
