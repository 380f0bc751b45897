/*
 * The mails of Mi calle's subscriptions (docs/decisions/056-mi-calle.md): the reminder the evening
 * before each collection and the one-off changes of the zone. Every instance runs them: a reminder
 * is written once into `avisos_recoleccion` (its key is the subscription, service, date and class)
 * in the same transaction as its mail, and a change is claimed with FOR UPDATE SKIP LOCKED.
 */
import { and, asc, eq, isNull, sql } from 'drizzle-orm';
import type { Db } from '#db/client.ts';
import { avisosRecoleccion, cambiosRecoleccion, suscripcionesRecoleccion } from '#db/schema/index.ts';
import { type NewMail, enqueueMail } from '#domain/correo/outbox.ts';
import type { AppContext } from '#domain/shared/context.ts';
import { type Fecha, fechaEnArgentina, minutoDelDiaEnArgentina, sumarDias } from '#domain/shared/fechas.ts';
import { formatLongDateWithWeekday } from '#domain/shared/formato.ts';
import { cierreDeAviso } from '#domain/shared/suscripciones.ts';
import type { Pasada } from './calendario.ts';
import { calendarioDeZona, getZonaPorId } from './queries.ts';
import { rutaBaja, rutaGestion } from './enlaces-avisos.ts';
import { removeAvisosVencidos } from './suscripciones.ts';

/** The reminder goes from 20:00, Argentina's time, for the next day's passes. */
const MINUTO_RECORDATORIO = 20 * 60;
const POR_PASADA = 500;

type Fila = typeof suscripcionesRecoleccion.$inferSelect;

const ventana = (p: Pick<Pasada, 'horaDesde' | 'horaHasta'>) => (p.horaDesde && p.horaHasta ? `de ${p.horaDesde} a ${p.horaHasta}` : 'durante el día');

function correo(ctx: AppContext, fila: Fila, asunto: string, referencia: string, lineas: string[]): NewMail {
  const token = ctx.cipher.open(fila.token);
  const cierre = cierreDeAviso({
    gestion: { texto: 'Tus avisos', url: ctx.url(rutaGestion(token)) },
    baja: { texto: 'Para no recibir más estos avisos', url: ctx.url(rutaBaja(token)) },
    lista: { nombre: 'Mi calle', id: 'mi-calle' },
    host: new URL(ctx.url('')).hostname,
  });
  return {
    destinatario: ctx.cipher.open(fila.email!),
    asunto,
    referencia,
    texto: [...lineas, '', ...cierre.lineas].join('\n'),
    cabeceras: cierre.cabeceras,
  };
}

/**
 * The evening-before reminders (every few minutes, server/app.ts): from 20:00 in Argentina, every
 * confirmed subscription with the reminder gets one mail listing its services that pass tomorrow
 * (holidays and one-off changes applied). Each subscription, service and date is written once
 * with its mail, so a second run or another instance sends nothing more. Answers the mails queued.
 */
export async function enviarRecordatorios(ctx: AppContext): Promise<number> {
  const ahora = ctx.clock.now();
  if (minutoDelDiaEnArgentina(ahora) < MINUTO_RECORDATORIO) return 0;
  const manana = sumarDias(fechaEnArgentina(ahora), 1);
  const filas = await ctx.db
    .select()
    .from(suscripcionesRecoleccion)
    .where(and(eq(suscripcionesRecoleccion.estado, 'activa'), eq(suscripcionesRecoleccion.recordatorio, true)))
    .orderBy(asc(suscripcionesRecoleccion.id));
  const pasadasPorZona = new Map<number, Pasada[]>();
  const nombres = new Map<number, string>();
  let correos = 0;
  for (const fila of filas) {
    if (fila.email === null) continue;
    if (!pasadasPorZona.has(fila.zonaId)) {
      const zona = await getZonaPorId(ctx.db, fila.zonaId);
      const pasadas = zona
        ? [...(await calendarioDeZona(ctx.db, zona, manana, manana)).values()].flatMap((c) => c.pasadas).filter((p) => p.fecha === manana)
        : [];
      pasadasPorZona.set(fila.zonaId, pasadas);
      for (const s of zona?.servicios ?? []) nombres.set(s.id, s.nombre);
    }
    const propias = pasadasPorZona.get(fila.zonaId)!.filter((p) => fila.servicios.includes(p.servicioId));
    if (propias.length === 0) continue;
    const enviado = await ctx.db.transaction(async (tx) => {
      const t = tx as unknown as Db;
      const nuevas = await t
        .insert(avisosRecoleccion)
        .values(propias.map((p) => ({ suscripcionId: fila.id, servicioId: p.servicioId, fecha: manana, clase: 'recordatorio' })))
        .onConflictDoNothing()
        .returning({ servicioId: avisosRecoleccion.servicioId });
      if (nuevas.length === 0) return false;
      const ids = new Set(nuevas.map((n) => n.servicioId));
      const lista = propias.filter((p) => ids.has(p.servicioId));
      await enqueueMail(t, ctx.cipher, [
        correo(ctx, fila, `Mañana pasa la recolección: ${lista.map((p) => nombres.get(p.servicioId)).join(', ')}`, `recoleccion-recordatorio-${fila.id}`, [
          `Mañana, ${formatLongDateWithWeekday(manana)}, pasa por tu zona:`,
          '',
          ...lista.map((p) => `- ${nombres.get(p.servicioId)}: ${ventana(p)}${p.nota ? `. ${p.nota}` : ''}`),
        ]),
      ]);
      return true;
    });
    if (enviado) correos++;
    if (correos >= POR_PASADA) break;
  }
  if (correos > 0) ctx.mailer.wake();
  return correos;
}

/**
 * The one-off changes staff add (every minute, server/app.ts): each change not yet announced is
 * claimed (SKIP LOCKED), mailed to the zone's confirmed subscribers who chose changes and follow its
 * service (or any, for a change of the whole zone), and marked announced, in one transaction. A change
 * for a day already gone is only marked. Answers the mails queued.
 */
export async function avisarCambios(ctx: AppContext): Promise<number> {
  const pendientes = await ctx.db
    .select({ id: cambiosRecoleccion.id })
    .from(cambiosRecoleccion)
    .where(isNull(cambiosRecoleccion.avisadoEn))
    .orderBy(asc(cambiosRecoleccion.createdAt))
    .limit(50);
  let correos = 0;
  for (const { id } of pendientes) correos += await avisarCambio(ctx, id);
  if (correos > 0) ctx.mailer.wake();
  await removeAvisosVencidos(ctx);
  return correos;
}

async function avisarCambio(ctx: AppContext, id: number): Promise<number> {
  return ctx.db.transaction(async (tx) => {
    const t = tx as unknown as Db;
    const [cambio] = await t
      .select()
      .from(cambiosRecoleccion)
      .where(and(eq(cambiosRecoleccion.id, id), isNull(cambiosRecoleccion.avisadoEn)))
      .for('update', { skipLocked: true });
    if (!cambio) return 0;
    const ahora = ctx.clock.now();
    const correos: NewMail[] = [];
    if (cambio.fecha >= fechaEnArgentina(ahora)) {
      const zona = await getZonaPorId(t, cambio.zonaId);
      const servicio = zona?.servicios.find((s) => s.id === cambio.servicioId);
      const filas = await t
        .select()
        .from(suscripcionesRecoleccion)
        .where(
          and(
            eq(suscripcionesRecoleccion.zonaId, cambio.zonaId),
            eq(suscripcionesRecoleccion.estado, 'activa'),
            eq(suscripcionesRecoleccion.cambios, true),
            cambio.servicioId === null ? undefined : sql`${suscripcionesRecoleccion.servicios} @> ${JSON.stringify([cambio.servicioId])}::jsonb`,
          ),
        );
      const que = servicio ? servicio.nombre : 'todos los servicios';
      const cuando = formatLongDateWithWeekday(cambio.fecha as Fecha);
      const horario = cambio.horaDesde && cambio.horaHasta ? ` de ${cambio.horaDesde} a ${cambio.horaHasta}` : '';
      const asunto =
        cambio.tipo === 'suspendido'
          ? `Sin recolección el ${cuando} en ${zona?.nombre ?? 'tu zona'}`
          : `Pasada extra el ${cuando} en ${zona?.nombre ?? 'tu zona'}`;
      const primera =
        cambio.tipo === 'suspendido'
          ? `El ${cuando} no pasa ${que} en la zona ${zona?.nombre ?? ''}.`
          : `El ${cuando} hay una pasada extra de ${que}${horario} en la zona ${zona?.nombre ?? ''}.`;
      for (const fila of filas) {
        if (fila.email === null) continue;
        correos.push(correo(ctx, fila, asunto, `recoleccion-cambio-${cambio.id}`, [primera, '', `Motivo: ${cambio.motivo}`]));
      }
      // Staff wrote the reason; it goes as plain text in a text mail, never as HTML.
      if (correos.length > 0) await enqueueMail(t, ctx.cipher, correos);
    }
    await t.update(cambiosRecoleccion).set({ avisadoEn: ahora }).where(eq(cambiosRecoleccion.id, cambio.id));
    return correos.length;
  });
}
