import { randomUUID } from 'node:crypto';
import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { queryRows } from '../../db/client.ts';
import { outbox } from '../../db/schema/index.ts';
import type { Log } from '../shared/context.ts';
import { enmascararEmail, enmascararTexto } from './privacidad.ts';

export type CorreoNuevo = { destinatario: string; responderA?: string; asunto: string; texto: string; referencia?: string };

export const DOMINIO_MESSAGE_ID = 'villalaangostura.gob.ar';

/** Writes mails to the outbox; call it inside the transaction of the record that causes them. */
export async function encolarCorreos(tx: Db, correos: CorreoNuevo[]): Promise<void> {
  if (correos.length === 0) return;
  await tx.insert(outbox).values(
    correos.map((c) => ({
      // Fixed now, so every retry of this mail carries the same Message-ID (receivers can dedupe).
      messageId: `<outbox-${randomUUID()}@${DOMINIO_MESSAGE_ID}>`,
      destinatario: c.destinatario,
      responderA: c.responderA ?? null,
      asunto: c.asunto,
      texto: c.texto,
      referencia: c.referencia ?? null,
    })),
  );
}

export type Envio = { from: string; to: string; replyTo?: string; subject: string; text: string; messageId: string };
/** Sends one mail or throws. Nodemailer in production, anything in tests. */
export type Transporte = { send(mail: Envio): Promise<void>; close?(): void };

export type OpcionesWorker = {
  db: Db;
  log: Log;
  /** Undefined: no SMTP_URL; mails wait in the outbox and are written to the log. */
  transporte: Transporte | undefined;
  from: string;
  /** Poll period (ms). */
  intervalo?: number;
  /** First retry delay (ms); doubles each attempt up to `esperaMaxima`. */
  esperaBase?: number;
  esperaMaxima?: number;
  /** How long a claimed mail is reserved for one sender before it is due again (ms). */
  reserva?: number;
  lote?: number;
};

type Fila = { id: number; message_id: string; destinatario: string; responder_a: string | null; asunto: string; texto: string; intentos: number | string };

/** Delay before attempt n+1 after n failed attempts: base·2^(n-1), capped. */
export function espera(intentos: number, base: number, maxima: number): number {
  return Math.min(maxima, base * 2 ** Math.max(0, Math.min(30, intentos - 1)));
}

/**
 * Claims due mails: one short transaction that pushes each claimed row `reserva` ms into the future
 * (the lease) and counts the attempt. FOR UPDATE SKIP LOCKED lets several instances poll at once
 * without claiming the same row; no transaction stays open while SMTP talks.
 */
export async function reclamarCorreos(db: Db, lote: number, reservaMs: number): Promise<Fila[]> {
  return queryRows<Fila>(
    db,
    sql`update outbox set intentos = intentos + 1, proximo_intento = now() + ${reservaMs} * interval '1 millisecond'
        where id in (select id from outbox where estado = 'pendiente' and proximo_intento <= now()
                     order by proximo_intento, id limit ${lote} for update skip locked)
        returning id, message_id, destinatario, responder_a, asunto, texto, intentos`,
  );
}

export type WorkerCorreo = {
  start(): void;
  stop(): Promise<void>;
  /** Look now (e.g. right after a submission) instead of at the next poll. */
  nudge(): void;
  /** One pass: sends what is due; answers how many were sent. */
  runOnce(): Promise<number>;
};

/**
 * The outbox worker: polls every few seconds and whenever nudged, sends each due mail, marks it
 * sent or records its (masked) last error and the next attempt with exponential back-off. All its
 * state is in the database, so it survives restarts; delivery is at-least-once.
 */
export function createWorkerCorreo(opciones: OpcionesWorker): WorkerCorreo {
  const { db, log, transporte, from } = opciones;
  const intervalo = opciones.intervalo ?? 5000;
  const base = opciones.esperaBase ?? 30_000;
  const maxima = opciones.esperaMaxima ?? 60 * 60_000;
  const reserva = opciones.reserva ?? 2 * 60_000;
  const lote = opciones.lote ?? 10;
  const registrados = new Set<number>();
  let timer: ReturnType<typeof setTimeout> | undefined;
  let corriendo: Promise<number> | undefined;
  let otraVez = false;
  let activo = false;

  async function pasada(): Promise<number> {
    if (!transporte) {
      const pendientes = await db
        .select({ id: outbox.id, destinatario: outbox.destinatario, asunto: outbox.asunto })
        .from(outbox)
        .where(eq(outbox.estado, 'pendiente'))
        .limit(100);
      for (const p of pendientes) {
        if (registrados.has(p.id)) continue;
        registrados.add(p.id);
        log.info({ correo: p.id, asunto: p.asunto, destino: enmascararEmail(p.destinatario) }, 'correo en espera en la bandeja de salida (sin SMTP_URL)');
      }
      return 0;
    }
    let enviados = 0;
    for (;;) {
      const filas = await reclamarCorreos(db, lote, reserva);
      if (filas.length === 0) return enviados;
      for (const fila of filas) {
        try {
          await transporte.send({
            from,
            to: fila.destinatario,
            replyTo: fila.responder_a ?? undefined,
            subject: fila.asunto,
            text: fila.texto,
            messageId: fila.message_id,
          });
          await db
            .update(outbox)
            .set({ estado: 'enviado', enviadoEn: sql`now()`, ultimoError: null })
            .where(and(eq(outbox.id, fila.id), eq(outbox.estado, 'pendiente')));
          enviados++;
          log.info({ correo: fila.id, asunto: fila.asunto, destino: enmascararEmail(fila.destinatario) }, 'correo enviado');
        } catch (error) {
          const mensaje = enmascararTexto(error instanceof Error ? error.message : String(error)).slice(0, 500);
          const demora = espera(Number(fila.intentos), base, maxima);
          await db
            .update(outbox)
            .set({ ultimoError: mensaje, proximoIntento: sql`now() + ${demora} * interval '1 millisecond'` })
            .where(eq(outbox.id, fila.id))
            .catch(() => {});
          log.warn({ correo: fila.id, intentos: Number(fila.intentos), reintentoEnMs: demora, error: mensaje }, 'correo no enviado; se reintentará');
        }
      }
    }
  }

  function correr(): Promise<number> {
    if (corriendo) {
      otraVez = true;
      return corriendo;
    }
    corriendo = pasada()
      .catch((error: unknown) => {
        log.error({ err: enmascararTexto(error instanceof Error ? error.message : String(error)) }, 'bandeja de salida: falla al leer la base');
        return 0;
      })
      .finally(() => {
        corriendo = undefined;
        if (otraVez && activo) {
          otraVez = false;
          void correr();
        }
      });
    return corriendo;
  }

  function programar() {
    if (!activo) return;
    timer = setTimeout(() => {
      void correr().finally(programar);
    }, intervalo);
    timer.unref?.();
  }

  return {
    start() {
      if (activo) return;
      activo = true;
      if (!transporte) log.warn({}, 'SMTP_URL vacía: los correos quedan en la bandeja de salida y se registran en el log');
      void correr();
      programar();
    },
    async stop() {
      activo = false;
      clearTimeout(timer);
      await corriendo;
      transporte?.close?.();
    },
    nudge() {
      if (activo) void correr();
    },
    runOnce: () => correr(),
  };
}
