/**
 * After a report is solved (docs/decisions/057-reclamos.md): four weeks (RECLAMOS_CONSULTA_DIAS)
 * after `resuelto_en` its reporter gets ONE «¿Se resolvió?» mail with two links. «No» reopens it (en curso, a history row,
 * an audit entry by the system); «sí» is recorded. Both answers, and the one-click unsubscribe,
 * are idempotent: a link opened twice, or by a mail scanner first, changes nothing more.
 */
import { and, eq, gte, isNotNull, isNull, lte } from 'drizzle-orm';
import type { Db } from '#db/client.ts';
import { type EstadoReclamo, categoriasReclamo, historialReclamos, reclamos } from '#db/schema/index.ts';
import { registrarAuditoria } from '#domain/auditoria/commands.ts';
import { enqueueMail } from '#domain/correo/outbox.ts';
import type { AppContext } from '#domain/shared/context.ts';
import { fechaEnArgentina } from '#domain/shared/fechas.ts';
import { formatLongDate } from '#domain/shared/formato.ts';
import { tokenAdmisible } from '#domain/shared/suscripciones.ts';
import { enlacesDelReclamante, hashSecreto } from './enlaces.ts';
import { correoAlReclamante } from './estados.ts';

/**
 * How many days after it was solved the reporter is asked whether it really is, when the context's
 * config does not say (RECLAMOS_CONSULTA_DIAS, server/env.ts, has the same default).
 */
const ESPERA_CONSULTA_DIAS = 28;
const DIA_MS = 24 * 60 * 60_000;

/** At most this many questions a run: the next run takes the rest. */
const POR_TANDA = 200;

export const NOTA_SIGUE_SIN_RESOLVER = 'Quien lo reportó avisó que sigue sin resolverse';
export const NOTA_CONFIRMO = 'Quien lo reportó confirmó que se resolvió';

/**
 * Sends the «¿Se resolvió?» mail of every report solved `config.reclamos.consultaDias` days ago or
 * more (28 when absent) and not asked yet, to reporters who still follow it. Each one in its own
 * transaction, claimed with SKIP LOCKED so every instance may run it: `consulta_enviada_en` is set
 * with the mail, so it goes once.
 */
export async function enviarConsultas(ctx: Pick<AppContext, 'db' | 'cipher' | 'url' | 'clock' | 'mailer' | 'log' | 'config'>): Promise<number> {
  const dias = ctx.config.reclamos?.consultaDias ?? ESPERA_CONSULTA_DIAS;
  const limite = new Date(ctx.clock.now().getTime() - dias * DIA_MS);
  let enviadas = 0;
  for (;;) {
    const tanda = await ctx.db.transaction(async (tx) => {
      const t = tx as unknown as Db;
      const filas = await t
        .select({
          id: reclamos.id,
          codigo: reclamos.codigo,
          email: reclamos.email,
          token: reclamos.token,
          seguir: reclamos.seguir,
          resueltoEn: reclamos.resueltoEn,
          categoria: categoriasReclamo.nombre,
        })
        .from(reclamos)
        .innerJoin(categoriasReclamo, eq(categoriasReclamo.id, reclamos.categoriaId))
        .where(
          and(
            eq(reclamos.estado, 'resuelto'),
            lte(reclamos.resueltoEn, limite),
            isNull(reclamos.consultaEnviadaEn),
            eq(reclamos.seguir, true),
            isNotNull(reclamos.email),
            isNotNull(reclamos.token),
          ),
        )
        .orderBy(reclamos.resueltoEn)
        .limit(POR_TANDA)
        .for('update', { of: reclamos, skipLocked: true });
      for (const r of filas) {
        const { si, no } = enlacesDelReclamante(ctx, r.token!);
        const correo = correoAlReclamante(ctx, r, `¿Se resolvió tu reclamo ${r.codigo}?`, [
          // The date, not «hace cuatro semanas»: the wait is configurable.
          `El ${formatLongDate(fechaEnArgentina(r.resueltoEn!))} marcamos como resuelto tu reclamo ${r.codigo} (${r.categoria}).`,
          '¿Se resolvió de verdad? Contanos con un clic:',
          '',
          `Sí, se resolvió: ${si}`,
          `No, sigue igual: ${no}`,
          '',
          'Si nos decís que no, lo volvemos a abrir y lo vas a ver en curso.',
        ]);
        await t.update(reclamos).set({ consultaEnviadaEn: ctx.clock.now() }).where(eq(reclamos.id, r.id));
        if (correo) await enqueueMail(t, ctx.cipher, [correo]);
      }
      return filas.length;
    });
    enviadas += tanda;
    if (tanda < POR_TANDA) break;
  }
  if (enviadas > 0) {
    ctx.log.info({ cantidad: enviadas }, 'reclamos: consultas de seguimiento enviadas');
    ctx.mailer.wake();
  }
  return enviadas;
}

export type ResultadoConsulta =
  | { tipo: 'no_encontrado' }
  /** `reabierto`: this answer reopened it; `registrada`: this answer was recorded now (false: already, or nothing was asked). */
  | { tipo: 'hecho'; codigo: string; respuesta: 'si' | 'no'; estado: EstadoReclamo; reabierto: boolean; registrada: boolean };

/**
 * The reporter's answer to «¿Se resolvió?», from the link's secret. «No» reopens a report that is
 * still resolved and was asked (a link of an earlier question, after staff solved it again, waits
 * for the new question); «sí» is written once in its history, as the staff's note.
 */
export async function responderConsulta(ctx: Pick<AppContext, 'db' | 'clock' | 'log'>, secreto: unknown, respuesta: unknown): Promise<ResultadoConsulta> {
  if (respuesta !== 'si' && respuesta !== 'no') return { tipo: 'no_encontrado' };
  if (!tokenAdmisible(secreto)) return { tipo: 'no_encontrado' };
  const resultado = await ctx.db.transaction(async (tx): Promise<ResultadoConsulta> => {
    const t = tx as unknown as Db;
    const [r] = await t
      .select({ id: reclamos.id, codigo: reclamos.codigo, estado: reclamos.estado, consultaEnviadaEn: reclamos.consultaEnviadaEn })
      .from(reclamos)
      .where(eq(reclamos.tokenHash, hashSecreto(secreto)))
      .for('update');
    if (!r) return { tipo: 'no_encontrado' };
    const sinEfecto = { tipo: 'hecho', codigo: r.codigo, respuesta, estado: r.estado, reabierto: false, registrada: false } as const;
    if (r.estado !== 'resuelto' || r.consultaEnviadaEn === null) return sinEfecto;
    const ahora = ctx.clock.now();
    if (respuesta === 'si') {
      const [ya] = await t
        .select({ id: historialReclamos.id })
        .from(historialReclamos)
        .where(and(eq(historialReclamos.reclamoId, r.id), eq(historialReclamos.nota, NOTA_CONFIRMO), gte(historialReclamos.fecha, r.consultaEnviadaEn)))
        .limit(1);
      if (ya) return sinEfecto;
      await t.insert(historialReclamos).values({ reclamoId: r.id, estado: 'resuelto', fecha: ahora, nota: NOTA_CONFIRMO });
      await registrarAuditoria(t, { actor: null, accion: 'reclamo.consulta', entidad: 'reclamo', entidadId: r.codigo, despues: { respuesta } });
      return { ...sinEfecto, registrada: true };
    }
    await t.update(reclamos).set({ estado: 'en_curso', resueltoEn: null, consultaEnviadaEn: null, updatedAt: ahora }).where(eq(reclamos.id, r.id));
    await t.insert(historialReclamos).values({ reclamoId: r.id, estado: 'en_curso', fecha: ahora, nota: NOTA_SIGUE_SIN_RESOLVER });
    await registrarAuditoria(t, {
      actor: null,
      accion: 'reclamo.consulta',
      entidad: 'reclamo',
      entidadId: r.codigo,
      antes: { estado: 'resuelto' },
      despues: { estado: 'en_curso', respuesta },
    });
    return { ...sinEfecto, estado: 'en_curso', reabierto: true, registrada: true };
  });
  if (resultado.tipo === 'hecho' && resultado.registrada)
    ctx.log.info({ codigo: resultado.codigo, respuesta: resultado.respuesta }, 'reclamo: respuesta a la consulta');
  return resultado;
}

/** The one-click unsubscribe of a report's mails: no more mails about it. Idempotent. */
export async function bajaDeReclamo(
  ctx: Pick<AppContext, 'db' | 'clock'>,
  secreto: unknown,
): Promise<{ tipo: 'no_encontrado' } | { tipo: 'hecho'; codigo: string }> {
  if (!tokenAdmisible(secreto)) return { tipo: 'no_encontrado' };
  const [r] = await ctx.db
    .update(reclamos)
    .set({ seguir: false })
    .where(eq(reclamos.tokenHash, hashSecreto(secreto)))
    .returning({ codigo: reclamos.codigo });
  return r ? { tipo: 'hecho', codigo: r.codigo } : { tipo: 'no_encontrado' };
}
