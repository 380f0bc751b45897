import { and, eq, isNotNull, isNull, lt, sql } from 'drizzle-orm';
import type { Db } from '#db/client.ts';
import { historialSolicitudesDecreto, solicitudesDecreto } from '#db/schema/index.ts';
import { anonymiseMails } from '#domain/correo/titular.ts';
import { removeLimits } from '#domain/shared/limits.ts';
import { registrarAuditoria } from '#domain/auditoria/commands.ts';
import type { Actor } from '#domain/shared/actor.ts';
import type { Cipher } from '#domain/shared/cipher.ts';
import type { AppContext } from '#domain/shared/context.ts';
import { type FormInput, readForm } from '#domain/shared/form.ts';
import { PermisoDenegadoError, puede } from '#domain/shared/permisos.ts';
import { forgetSiteSettings, getSiteSettings, writeSiteSettings } from '#domain/sitio/settings.ts';
import { retencionSchema } from './titular-schemas.ts';

/**
 * Anonymisation of decree-copy requests (docs/decisions/013-mesa-de-entradas.md): after
 * the retention period that follows closing (a site setting, 365 days by default), or at once when
 * the person asks for erasure (law 25.326 art. 16, domain/decretos/titular.ts).
 */

/** What replaces the name; DNI, e-mail and aclaraciones become empty. */
export const NOMBRE_ANONIMO = 'Anónimo';
/** What replaces the citizen's address in the outbox (still encrypted, as every recipient is). */
const DESTINATARIO_ANONIMO = '(anonimizado)';
const DIA_MS = 86_400_000;
const LOTE = 100;

/** A request about to be anonymised, read (and locked) by the caller. */
export type SolicitudAAnonimizar = { id: number; codigo: string; email: string; dniHuella: string | null; emailHuella: string | null };

export const columnasAAnonimizar = {
  id: solicitudesDecreto.id,
  codigo: solicitudesDecreto.codigo,
  email: solicitudesDecreto.email,
  dniHuella: solicitudesDecreto.dniHuella,
  emailHuella: solicitudesDecreto.emailHuella,
};

/**
 * Replaces a request's personal data in every table that holds it, inside the caller's
 * transaction: DNI, e-mail, name and aclaraciones; the three keyed hashes; the messages the
 * citizen was sent (history, extension); the bodies and reply-to of its mails, the citizen's
 * address as their recipient, and mails not sent yet become `anulado`; its limit counters.
 * Answers how many mails were touched. The audit entry is the caller's (it knows why).
 */
export async function anonimizarSolicitud(t: Db, cipher: Cipher, s: SolicitudAAnonimizar): Promise<number> {
  const email = cipher.open(s.email).trim().toLowerCase();
  await t
    .update(solicitudesDecreto)
    .set({
      nombre: NOMBRE_ANONIMO,
      dni: '',
      email: '',
      aclaraciones: '',
      dniHuella: null,
      emailHuella: null,
      huella: null,
      prorrogaMotivo: null,
      anonimizadaEn: sql`now()`,
    })
    .where(eq(solicitudesDecreto.id, s.id));
  await t.update(historialSolicitudesDecreto).set({ mensaje: null }).where(eq(historialSolicitudesDecreto.solicitudId, s.id));
  const correos = await anonymiseMails(t, cipher, {
    referencias: [s.codigo],
    destinatarios: new Set(email === '' ? [] : [email]),
    reemplazo: DESTINATARIO_ANONIMO,
    tambienAOtros: true,
  });
  const claves = [s.dniHuella && `limite-solicitud-dni:${s.dniHuella}`, s.emailHuella && `limite-solicitud-email:${s.emailHuella}`].filter(
    (c): c is string => typeof c === 'string' && c !== '',
  );
  await removeLimits(t, claves);
  return correos;
}

/** Records an anonymisation in the audit log: the code and the reason, nothing of the person. */
export async function auditarAnonimizacion(
  t: Db,
  actor: Actor | null,
  codigo: string,
  datos: { motivo: 'retencion' | 'pedido_del_titular'; correos: number; antes?: object; despues?: object },
): Promise<void> {
  await registrarAuditoria(t, {
    actor,
    accion: 'solicitud.anonimizada',
    entidad: 'solicitud_decreto',
    entidadId: codigo,
    antes: { anonimizada: false, ...datos.antes },
    despues: { anonimizada: true, motivo: datos.motivo, correos: datos.correos, ...datos.despues },
  });
}

/**
 * The retention job: anonymises every closed request (enviada, rechazada) whose closing is older
 * than the retention setting, a batch per transaction, each recorded in the audit log with no
 * actor (the system). Several instances may run it at once: rows another one holds are skipped.
 * Answers how many it anonymised.
 */
export async function anonimizarVencidas(ctx: Pick<AppContext, 'db' | 'cipher' | 'clock' | 'log'>): Promise<number> {
  const { retencionSolicitudesDias: dias } = await getSiteSettings(ctx.db);
  const limite = new Date(ctx.clock.now().getTime() - dias * DIA_MS);
  let total = 0;
  for (;;) {
    const hechas = await ctx.db.transaction(async (tx) => {
      const t = tx as unknown as Db;
      const s = solicitudesDecreto;
      const filas = await t
        .select(columnasAAnonimizar)
        .from(s)
        .where(and(isNotNull(s.cerradaEn), lt(s.cerradaEn, limite), isNull(s.anonimizadaEn)))
        .orderBy(s.cerradaEn)
        .limit(LOTE)
        .for('update', { skipLocked: true });
      for (const fila of filas) {
        const correos = await anonimizarSolicitud(t, ctx.cipher, fila);
        await auditarAnonimizacion(t, null, fila.codigo, { motivo: 'retencion', correos, despues: { dias } });
      }
      return filas.length;
    });
    total += hechas;
    if (hechas < LOTE) break;
  }
  if (total > 0) ctx.log.info({ anonimizadas: total, dias }, 'solicitudes de decreto anonimizadas al vencer su plazo de conservación');
  return total;
}

export type ResultadoRetencion = { tipo: 'hecho'; antes: number; dias: number } | { tipo: 'invalido'; errores: { dias?: string }; valores: { dias?: string } };

/**
 * Changes the retention of closed requests' personal data (the site setting
 * `retencionSolicitudesDias`), for an administrator, with the value before and after in the audit
 * log in the same transaction. The next run of the retention job uses it.
 */
export async function changeRetencion(ctx: Pick<AppContext, 'db'>, actor: Actor, input: FormInput): Promise<ResultadoRetencion> {
  if (!puede(actor, 'personales')) throw new PermisoDenegadoError('Sólo un administrador puede cambiar cuánto tiempo se conservan los datos personales.');
  const leido = readForm(retencionSchema, input);
  if (!leido.ok) return { tipo: 'invalido', errores: leido.errores, valores: leido.valores };
  const { dias } = leido.datos;
  const antes = await ctx.db.transaction(async (tx) => {
    const t = tx as unknown as Db;
    const { retencionSolicitudesDias: anterior } = await getSiteSettings(t);
    await writeSiteSettings(t, { retencionSolicitudesDias: dias });
    await registrarAuditoria(t, {
      actor,
      accion: 'ajuste.retencion',
      entidad: 'ajuste_sitio',
      entidadId: 'retencionSolicitudesDias',
      antes: { dias: anterior },
      despues: { dias },
    });
    return anterior;
  });
  // Pages of this process read the new value at once (others on the content version's notice).
  forgetSiteSettings(ctx.db);
  return { tipo: 'hecho', antes, dias };
}
