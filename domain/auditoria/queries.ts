import { and, count, desc, eq, gte, lt, type SQL } from 'drizzle-orm';
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
