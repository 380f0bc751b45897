import { and, count, desc, eq, isNotNull, or, sql, type SQL } from 'drizzle-orm';
import type { Db } from '#db/client.ts';
import { outbox } from '#db/schema/index.ts';
import { registrarAuditoria } from '#domain/auditoria/commands.ts';
import type { Actor } from '#domain/shared/actor.ts';
import type { AppContext } from '#domain/shared/context.ts';
import { PermisoDenegadoError, puede } from '#domain/shared/permisos.ts';
import { maskEmail } from './masking.ts';

/** The outbox's states (docs/decisions/013-mesa-de-entradas.md). */
export const ESTADOS_CORREO = ['pendiente', 'enviado', 'fallido', 'anulado'] as const;
export type EstadoCorreo = (typeof ESTADOS_CORREO)[number];

const ETIQUETAS: Record<EstadoCorreo, string> = { pendiente: 'Pendiente', enviado: 'Enviado', fallido: 'Fallido', anulado: 'Anulado' };
export const etiquetaEstadoCorreo = (estado: string): string => ETIQUETAS[estado as EstadoCorreo] ?? 'Desconocido';

export type FiltrosBandeja = {
  estado?: EstadoCorreo;
  /** What caused the mail, e.g. a request's tracking code. */
  referencia?: string;
  pagina: number;
  porPagina: number;
};

export type CorreoEnBandeja = {
  id: number;
  asunto: string;
  referencia: string | null;
  /** In full for an administrator; masked ('***@correo.com') for everyone else. */
  destinatario: string;
  estado: string;
  estadoEtiqueta: string;
  intentos: number;
  /** The last SMTP error, already masked when it was stored. */
  ultimoError: string | null;
  /** When a pending mail is due next (a back-off, or the lease of the sender holding it). */
  proximoIntento: Date | null;
  enviadoEn: Date | null;
  createdAt: Date;
  adjuntos: string[];
};

const SIN_PERMISO_VER = 'Tu usuario no puede ver la bandeja de salida: es de la mesa de entradas y de administración.';
const SIN_PERMISO_REINTENTAR = 'Tu usuario no puede reintentar correos: es tarea de la mesa de entradas y de administración.';

/**
 * The outbox for staff: pending, sent, failed and cancelled mails, newest first, with
 * their attempts, last error and dates, and the total that matches. Bodies are never shown (they
 * are erased once sent); the recipient is masked unless the actor administers personal data.
 */
export async function listCorreos(
  ctx: Pick<AppContext, 'db' | 'cipher'>,
  actor: Actor,
  filtros: FiltrosBandeja,
): Promise<{ items: CorreoEnBandeja[]; total: number }> {
  if (!puede(actor, 'correo')) throw new PermisoDenegadoError(SIN_PERMISO_VER);
  const completo = puede(actor, 'personales');
  const where: SQL | undefined = and(
    filtros.estado !== undefined ? eq(outbox.estado, filtros.estado) : undefined,
    filtros.referencia !== undefined ? eq(outbox.referencia, filtros.referencia) : undefined,
  );
  const [filas, [total]] = await Promise.all([
    ctx.db
      .select({
        id: outbox.id,
        asunto: outbox.asunto,
        referencia: outbox.referencia,
        destinatario: outbox.destinatario,
        estado: outbox.estado,
        intentos: outbox.intentos,
        ultimoError: outbox.ultimoError,
        proximoIntento: outbox.proximoIntento,
        enviadoEn: outbox.enviadoEn,
        createdAt: outbox.createdAt,
        adjuntos: outbox.adjuntos,
      })
      .from(outbox)
      .where(where)
      .orderBy(desc(outbox.id))
      .limit(filtros.porPagina)
      .offset((filtros.pagina - 1) * filtros.porPagina),
    ctx.db.select({ n: count() }).from(outbox).where(where),
  ]);
  const items = filas.map((f) => {
    const destinatario = ctx.cipher.open(f.destinatario);
    return {
      ...f,
      destinatario: completo ? destinatario : maskEmail(destinatario),
      estadoEtiqueta: etiquetaEstadoCorreo(f.estado),
      proximoIntento: f.estado === 'pendiente' ? f.proximoIntento : null,
      adjuntos: f.adjuntos.map((a) => a.nombreArchivo),
    };
  });
  return { items, total: total?.n ?? 0 };
}

export type ResultadoReintento = { tipo: 'reintentado' } | { tipo: 'no_encontrado' } | { tipo: 'rechazado'; mensaje: string };

/**
 * A failed mail goes back to pending, due now, with its attempts counted from zero (the worker
 * gives it its full series of retries again); recorded in the audit log in the same transaction.
 * Only a failed mail: a pending one may be in the middle of its delivery.
 */
export async function reintentarCorreo(ctx: Pick<AppContext, 'db' | 'mailer'>, actor: Actor, id: number): Promise<ResultadoReintento> {
  if (!puede(actor, 'correo')) throw new PermisoDenegadoError(SIN_PERMISO_REINTENTAR);
  if (!Number.isSafeInteger(id) || id < 1 || id > 2_147_483_647) return { tipo: 'no_encontrado' };
  const resultado = await ctx.db.transaction(async (tx): Promise<ResultadoReintento> => {
    const t = tx as unknown as Db;
    const [correo] = await t
      .select({ estado: outbox.estado, intentos: outbox.intentos, ultimoError: outbox.ultimoError, referencia: outbox.referencia })
      .from(outbox)
      .where(eq(outbox.id, id))
      .for('update');
    if (!correo) return { tipo: 'no_encontrado' };
    if (correo.estado !== 'fallido') {
      return { tipo: 'rechazado', mensaje: `Sólo se reintenta un correo fallido; este está ${etiquetaEstadoCorreo(correo.estado).toLowerCase()}.` };
    }
    await t
      .update(outbox)
      .set({ estado: 'pendiente', intentos: 0, proximoIntento: sql`now()` })
      .where(eq(outbox.id, id));
    await registrarAuditoria(t, {
      actor,
      accion: 'correo.reintento',
      entidad: 'correo',
      entidadId: id,
      antes: { estado: correo.estado, intentos: correo.intentos, ultimoError: correo.ultimoError, referencia: correo.referencia },
      despues: { estado: 'pendiente', intentos: 0 },
    });
    return { tipo: 'reintentado' };
  });
  if (resultado.tipo === 'reintentado') ctx.mailer.wake();
  return resultado;
}

/** The outbox at a glance, for the metrics (docs/decisions/030-metricas.md). */
export type ResumenBandeja = {
  pendientes: number;
  /** Age of the oldest pending mail (s); 0 when none waits. */
  pendienteMasAntiguoSegundos: number;
  /** Failed for good: they wait for staff to retry them. */
  fallidos: number;
};

/**
 * Counts only pending and failed rows (the index on `estado` leaves the sent ones, which grow
 * without end, unread), so a scrape stays cheap however long the outbox's history.
 */
export async function resumenBandeja(db: Db): Promise<ResumenBandeja> {
  const [fila] = await db
    .select({
      pendientes: sql<number>`count(*) filter (where ${outbox.estado} = 'pendiente')`.mapWith(Number),
      fallidos: sql<number>`count(*) filter (where ${outbox.estado} = 'fallido')`.mapWith(Number),
      antiguedad: sql<number>`coalesce(extract(epoch from now() - min(${outbox.createdAt}) filter (where ${outbox.estado} = 'pendiente')), 0)`.mapWith(Number),
    })
    .from(outbox)
    .where(sql`${outbox.estado} in ('pendiente', 'fallido')`);
  return { pendientes: fila?.pendientes ?? 0, fallidos: fila?.fallidos ?? 0, pendienteMasAntiguoSegundos: Math.max(0, fila?.antiguedad ?? 0) };
}

export type CorreosConFallas = {
  /** Refused for good or past their attempts (`fallido`): they wait for someone to retry them. */
  fallidos: number;
  /** Not sent yet, whose last attempt failed: the worker retries them by itself. */
  reintentando: number;
};

/** Mails that failed: those staff must retry and those the worker is still retrying. */
export async function countCorreosConFallas(db: Db): Promise<CorreosConFallas> {
  const [fila] = await db
    .select({
      fallidos: count(sql`case when ${outbox.estado} = 'fallido' then 1 end`),
      reintentando: count(sql`case when ${outbox.estado} = 'pendiente' then 1 end`),
    })
    .from(outbox)
    .where(or(eq(outbox.estado, 'fallido'), and(eq(outbox.estado, 'pendiente'), isNotNull(outbox.ultimoError))));
  return { fallidos: fila?.fallidos ?? 0, reintentando: fila?.reintentando ?? 0 };
}
