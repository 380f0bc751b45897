import { sql } from 'drizzle-orm';
import { index, integer, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';
import { ordenanzas } from './ordenanzas.ts';

/**
 * Decree-copy requests (issue 4): personal data (nombre, DNI, e-mail) under law 27.275's right of
 * access. `huella` is a hash of DNI and decree number (duplicate detection); `ipHash` a salted
 * hash of the sender's IP (rate limit shared by every instance), never the IP itself.
 */
export const solicitudesDecreto = pgTable(
  'solicitudes_decreto',
  {
    id: serial('id').primaryKey(),
    codigo: text('codigo').notNull().unique(),
    nombre: text('nombre').notNull(),
    dni: text('dni').notNull(),
    email: text('email').notNull(),
    numero: text('numero').notNull(),
    ordenanzaId: integer('ordenanza_id').references(() => ordenanzas.id, { onDelete: 'set null' }),
    aclaraciones: text('aclaraciones').notNull().default(''),
    /** recibida, en_proceso, enviada, rechazada */
    estado: text('estado').notNull().default('recibida'),
    huella: text('huella').notNull(),
    ipHash: text('ip_hash'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('solicitudes_decreto_huella_idx').on(t.huella, t.createdAt), index('solicitudes_decreto_ip_idx').on(t.ipHash, t.createdAt)],
);

/** Every status a request went through, with its date: the status page shows them. */
export const historialSolicitudesDecreto = pgTable(
  'historial_solicitudes_decreto',
  {
    id: serial('id').primaryKey(),
    solicitudId: integer('solicitud_id')
      .notNull()
      .references(() => solicitudesDecreto.id, { onDelete: 'cascade' }),
    estado: text('estado').notNull(),
    fecha: timestamp('fecha', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('historial_solicitudes_decreto_solicitud_idx').on(t.solicitudId, t.fecha)],
);

/**
 * Transactional outbox (ARCHITECTURE: data and state): every mail is written here in the same
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
  (t) => [index('outbox_pendientes_idx').on(t.proximoIntento).where(sql`${t.estado} = 'pendiente'`)],
);

/** Server-side secrets generated once per database (e.g. the salt of IP hashes), shared by every instance. */
export const clavesServidor = pgTable('claves_servidor', {
  nombre: text('nombre').primaryKey(),
  valor: text('valor').notNull(),
});
