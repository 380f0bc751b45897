import { sql } from 'drizzle-orm';
import { index, integer, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * Transactional outbox (docs/architecture.md, "Correo"): every mail is written here in the same
 * transaction as the record that caused it, and a worker sends it. `proximoIntento` is both the
 * back-off and the lease: a claimed row is pushed into the future, so a crash mid-send makes it
 * due again (at-least-once); `messageId` is fixed at insert so every retry carries the same one.
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
    /** pendiente, enviado */
    estado: text('estado').notNull().default('pendiente'),
    intentos: integer('intentos').notNull().default(0),
    proximoIntento: timestamp('proximo_intento', { withTimezone: true }).notNull().defaultNow(),
    ultimoError: text('ultimo_error'),
    enviadoEn: timestamp('enviado_en', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('outbox_pendientes_idx')
      .on(t.proximoIntento)
      .where(sql`${t.estado} = 'pendiente'`),
  ],
);
