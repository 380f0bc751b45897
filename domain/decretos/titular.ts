import { and, asc, eq, sql } from 'drizzle-orm';
import type { Db } from '#db/client.ts';
import { auditoria, historialSolicitudesDecreto, solicitudesDecreto } from '#db/schema/index.ts';
import { type CorreoDelTitular, listCorreosDe } from '#domain/correo/titular.ts';
import { removeLimits } from '#domain/shared/limits.ts';
import { type AlertaDelTitular, alertasDeEmails, removeAlertasDeEmails } from '#domain/alertas/titular.ts';
import { registrarAuditoria } from '#domain/auditoria/commands.ts';
import type { Actor } from '#domain/shared/actor.ts';
import type { AppContext } from '#domain/shared/context.ts';
import { type FormInput, readForm } from '#domain/shared/form.ts';
import { PermisoDenegadoError, puede } from '#domain/shared/permisos.ts';
import { esCerrada } from './estados.ts';
import { type SolicitudMesa, getSolicitudMesa } from './mesa.ts';
import { dniTitularSchema } from './mesa-schemas.ts';
import { anonimizarSolicitud, auditarAnonimizacion, columnasAAnonimizar } from './retencion.ts';

/**
 * The rights of the person the data is about (law 25.326): access to everything held about one
 * DNI (art. 14) and its erasure (art. 16), for an administrator. Found through the DNI's keyed
 * hash, never by decrypting every row; both recorded in the audit log with that hash, not the DNI.
 */

const SIN_PERMISO = 'Sólo un administrador puede exportar o borrar los datos personales de una persona.';

/** A request as its subject gets it: the desk's view (domain/decretos/mesa.ts) with its mails and audit entries. */
export type SolicitudDelTitular = Omit<SolicitudMesa, 'siguientes' | 'puedeProrrogar'> & {
  correos: CorreoDelTitular[];
  /** What staff did with it, as the audit log has it (no personal data there). */
  auditoria: { fecha: Date; accion: string; actorEmail: string | null; antes: unknown; despues: unknown }[];
};

/** Besides the requests, the alert subscriptions of the addresses the requests gave (domain/alertas/titular.ts). */
export type DatosTitular = { dni: string; generadoEn: Date; solicitudes: SolicitudDelTitular[]; alertas: AlertaDelTitular[] };

export type ResultadoTitular<T> = { tipo: 'hecho'; datos: T } | { tipo: 'invalido'; errores: { dni?: string } };

function leerDni(input: string | FormInput): { ok: true; dni: string } | { ok: false; errores: { dni?: string } } {
  const leido = readForm(dniTitularSchema, typeof input === 'string' ? { dni: input } : input);
  return leido.ok ? { ok: true, dni: leido.datos.dni } : { ok: false, errores: leido.errores };
}

const correosDe = (ctx: Pick<AppContext, 'db' | 'cipher'>, codigo: string) => listCorreosDe(ctx.db, ctx.cipher, codigo);

/**
 * Everything held about one DNI (law 25.326 art. 14), decrypted, for an administrator: each
 * request with its history, the mails about it (bodies while they are kept) and its audit entries,
 * and the alert subscriptions of the e-mail addresses those requests gave.
 * The export itself is audited with the DNI's keyed hash.
 */
export async function exportarDatosPorDni(
  ctx: Pick<AppContext, 'db' | 'cipher' | 'clock' | 'log'>,
  actor: Actor,
  dni: string | FormInput,
): Promise<ResultadoTitular<DatosTitular>> {
  if (!puede(actor, 'personales')) throw new PermisoDenegadoError(SIN_PERMISO);
  const leido = leerDni(dni);
  if (!leido.ok) return { tipo: 'invalido', errores: leido.errores };
  const huella = ctx.cipher.hash('dni', leido.dni);
  const filas = await ctx.db
    .select({ codigo: solicitudesDecreto.codigo })
    .from(solicitudesDecreto)
    .where(eq(solicitudesDecreto.dniHuella, huella))
    .orderBy(asc(solicitudesDecreto.id));
  const solicitudes: SolicitudDelTitular[] = [];
  for (const { codigo } of filas) {
    const solicitud = await getSolicitudMesa(ctx, actor, codigo);
    if (!solicitud) continue;
    const { siguientes: _siguientes, puedeProrrogar: _puedeProrrogar, ...datos } = solicitud;
    const entradas = await ctx.db
      .select({ fecha: auditoria.fecha, accion: auditoria.accion, actorEmail: auditoria.actorEmail, antes: auditoria.antes, despues: auditoria.despues })
      .from(auditoria)
      .where(and(eq(auditoria.entidad, 'solicitud_decreto'), eq(auditoria.entidadId, codigo)))
      .orderBy(asc(auditoria.fecha), asc(auditoria.id));
    solicitudes.push({ ...datos, correos: await correosDe(ctx, codigo), auditoria: entradas });
  }
  const alertas = await alertasDeEmails(
    ctx.db,
    ctx.cipher,
    solicitudes.map((s) => s.email ?? ''),
  );
  await registrarAuditoria(ctx.db, {
    actor,
    accion: 'datos_personales.exportacion',
    entidad: 'dni',
    entidadId: huella,
    despues: { solicitudes: solicitudes.map((s) => s.codigo), alertas: alertas.length },
  });
  ctx.log.info({ solicitudes: solicitudes.length, alertas: alertas.length }, 'datos personales exportados a pedido del titular');
  return { tipo: 'hecho', datos: { dni: leido.dni, generadoEn: ctx.clock.now(), solicitudes, alertas } };
}

/**
 * Erases everything held about one DNI (law 25.326 art. 16) at once: every request with it is
 * anonymised as the retention job does, and one still open is closed as «Rechazada» (no one is
 * left to send it to; no mail goes out). Its limit counters go too, and the alert subscriptions of
 * the e-mail addresses the requests gave. Audited per request and once for the DNI (its keyed
 * hash). Answers the codes of the requests it erased and how many subscriptions it deleted.
 */
export async function removeDatosPorDni(
  ctx: Pick<AppContext, 'db' | 'cipher' | 'log'>,
  actor: Actor,
  dni: string | FormInput,
): Promise<ResultadoTitular<{ solicitudes: string[]; alertas: number }>> {
  if (!puede(actor, 'personales')) throw new PermisoDenegadoError(SIN_PERMISO);
  const leido = leerDni(dni);
  if (!leido.ok) return { tipo: 'invalido', errores: leido.errores };
  const huella = ctx.cipher.hash('dni', leido.dni);
  const { codigos, alertas } = await ctx.db.transaction(async (tx) => {
    const t = tx as unknown as Db;
    const s = solicitudesDecreto;
    const filas = await t
      .select({ ...columnasAAnonimizar, estado: s.estado })
      .from(s)
      .where(eq(s.dniHuella, huella))
      .orderBy(asc(s.id))
      .for('update');
    // Read before the requests lose them: the addresses whose alert subscriptions go too.
    const emails = filas.map((f) => (f.email === '' ? '' : ctx.cipher.open(f.email)));
    for (const fila of filas) {
      const abierta = !esCerrada(fila.estado);
      if (abierta) {
        await t
          .update(s)
          .set({ estado: 'rechazada', cerradaEn: sql`now()` })
          .where(eq(s.id, fila.id));
        await t.insert(historialSolicitudesDecreto).values({ solicitudId: fila.id, estado: 'rechazada', usuarioId: actor.usuarioId, actorEmail: actor.email });
      }
      const correos = await anonimizarSolicitud(t, ctx.cipher, fila);
      await auditarAnonimizacion(t, actor, fila.codigo, {
        motivo: 'pedido_del_titular',
        correos,
        antes: { estado: fila.estado },
        despues: { estado: abierta ? 'rechazada' : fila.estado },
      });
    }
    // Counters of a request refused by its limit exist without any request.
    await removeLimits(t, [`limite-solicitud-dni:${huella}`]);
    const alertas = await removeAlertasDeEmails(t, ctx.cipher, emails);
    await registrarAuditoria(t, {
      actor,
      accion: 'datos_personales.borrado',
      entidad: 'dni',
      entidadId: huella,
      despues: { solicitudes: filas.map((f) => f.codigo), alertas },
    });
    return { codigos: filas.map((f) => f.codigo), alertas };
  });
  ctx.log.info({ solicitudes: codigos.length, alertas }, 'datos personales borrados a pedido del titular');
  return { tipo: 'hecho', datos: { solicitudes: codigos, alertas } };
}
