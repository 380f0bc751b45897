import { sql } from 'drizzle-orm';
import { index, integer, jsonb, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';

/** A stored document sent with a mail: the worker reads its bytes from storage when it sends. */
export type AdjuntoCorreo = { documentoId: number; nombreArchivo: string; tipoContenido: string };

/** Extra headers of one mail, only those of CABECERAS_PERMITIDAS (domain/correo/outbox.ts): an alert's List-Unsubscribe. */
export type CabecerasCorreo = Record<string, string>;

/**
 * Transactional outbox (docs/architecture.md, "Correo"): every mail is written here in the same
 * transaction as the record that caused it, and a worker sends it. `proximoIntento` is both the
 * back-off and the lease: a claimed row is pushed into the future, so a crash mid-send makes it
 * due again (at-least-once); `messageId` is fixed at insert so every retry carries the same one.
 * A mail that cannot be delivered (a permanent SMTP refusal, or too many attempts) becomes
 * `fallido` until staff retry it; `anulado` when its request's personal data was erased first
 * (docs/decisions/013-mesa-de-entradas.md).
 */
export const outbox = pgTable(
  'outbox',
  {
    id: serial('id').primaryKey(),
    messageId: text('message_id').notNull().unique(),
    destinatario: text('destinatario').notNull(),
    responderA: text('responder_a'),
    asunto: text('asunto').notNull(),
    texto: text('texto').notNull(),
    /** What caused it, e.g. the tracking code. */
    referencia: text('referencia'),
    /** pendiente, enviado, fallido, anulado */
    estado: text('estado').notNull().default('pendiente'),
    adjuntos: jsonb('adjuntos').$type<AdjuntoCorreo[]>().notNull().default([]),
    cabeceras: jsonb('cabeceras').$type<CabecerasCorreo>().notNull().default({}),
    intentos: integer('intentos').notNull().default(0),
    proximoIntento: timestamp('proximo_intento', { withTimezone: true }).notNull().defaultNow(),
    ultimoError: text('ultimo_error'),
    enviadoEn: timestamp('enviado_en', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('outbox_estado_idx').on(t.estado, t.id),
    index('outbox_referencia_idx').on(t.referencia),
    index('outbox_pendientes_idx')
      .on(t.proximoIntento)
      .where(sql`${t.estado} = 'pendiente'`),
  ],
);
