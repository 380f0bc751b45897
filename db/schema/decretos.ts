import { index, integer, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';
import { ordenanzas } from './ordenanzas.ts';

/**
 * Decree-copy requests (issue 4): personal data (nombre, DNI, e-mail) under laws 25.326 and
 * 27.275. `dni` and `email` hold AES-256-GCM ciphertext (docs/decisions/004-datos-personales.md);
 * `dniHuella` and `emailHuella` are keyed hashes for equality look-ups, and `huella` the keyed hash
 * of DNI, e-mail and decree number that recognises a repeated request.
 */
export const solicitudesDecreto = pgTable(
  'solicitudes_decreto',
  {
    id: serial('id').primaryKey(),
    codigo: text('codigo').notNull().unique(),
    nombre: text('nombre').notNull(),
    dni: text('dni').notNull(),
    email: text('email').notNull(),
    dniHuella: text('dni_huella'),
    emailHuella: text('email_huella'),
    numero: text('numero').notNull(),
    ordenanzaId: integer('ordenanza_id').references(() => ordenanzas.id, { onDelete: 'set null' }),
    aclaraciones: text('aclaraciones').notNull().default(''),
    /** recibida, en_proceso, enviada, rechazada */
    estado: text('estado').notNull().default('recibida'),
    huella: text('huella').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    /**
     * When the answer's deadline was extended (law 27.275 art. 11: once, by 15 more business days,
     * with a reasoned notice to the citizen); null while it was not. The deadline itself is
     * computed, never stored (domain/plazos, docs/decisions/011-plazos-y-feriados.md).
     */
    prorrogadaEn: timestamp('prorrogada_en', { withTimezone: true }),
  },
  (t) => [
    index('solicitudes_decreto_huella_idx').on(t.huella, t.createdAt),
    index('solicitudes_decreto_dni_idx').on(t.dniHuella),
    index('solicitudes_decreto_email_idx').on(t.emailHuella),
  ],
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
 * Server-side facts shared by every instance; no secret: the proof of the data key
 * (docs/decisions/004-datos-personales.md) lives here, the key itself never does.
 */
export const clavesServidor = pgTable('claves_servidor', {
  nombre: text('nombre').primaryKey(),
  valor: text('valor').notNull(),
});
