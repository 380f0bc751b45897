import { sql } from 'drizzle-orm';
import { index, integer, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';
import { documentos } from './documentos.ts';
import { ordenanzas } from './ordenanzas.ts';

/**
 * Decree-copy requests: personal data (nombre, DNI, e-mail) under laws 25.326 and
 * 27.275. `dni` and `email` hold AES-256-GCM ciphertext (docs/decisions/004-datos-personales.md);
 * `dniHuella` and `emailHuella` are keyed hashes for equality look-ups, and `huella` the keyed hash
 * of DNI, e-mail and decree number that recognises a repeated request. The desk
 * (docs/decisions/013-mesa-de-entradas.md) adds when it was closed, the once-only extension and the
 * decree sent; anonymisation replaces the personal data and clears the three hashes.
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
    /** Null once anonymised. */
    huella: text('huella'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    /** When it became enviada or rechazada: the retention period counts from here. */
    cerradaEn: timestamp('cerrada_en', { withTimezone: true }),
    /** The once-only extension (law 27.275 art. 11): when, and the reasons the citizen was given. */
    prorrogadaEn: timestamp('prorrogada_en', { withTimezone: true }),
    prorrogaMotivo: text('prorroga_motivo'),
    /** The decree PDF mailed to the citizen (a private document). */
    decretoDocumentoId: integer('decreto_documento_id').references(() => documentos.id, { onDelete: 'set null' }),
    /** When its personal data was replaced (retention, or erasure on request). */
    anonimizadaEn: timestamp('anonimizada_en', { withTimezone: true }),
  },
  (t) => [
    index('solicitudes_decreto_huella_idx').on(t.huella, t.createdAt),
    index('solicitudes_decreto_dni_idx').on(t.dniHuella),
    index('solicitudes_decreto_email_idx').on(t.emailHuella),
    index('solicitudes_decreto_creada_idx').on(t.createdAt),
    index('solicitudes_decreto_estado_idx').on(t.estado, t.createdAt),
    index('solicitudes_decreto_retencion_idx')
      .on(t.cerradaEn)
      .where(sql`${t.cerradaEn} is not null and ${t.anonimizadaEn} is null`),
  ],
);

/**
 * Every status a request went through, with its date (the status page shows them), who set it
 * (null: the citizen's own request) and the message the citizen was sent.
 */
export const historialSolicitudesDecreto = pgTable(
  'historial_solicitudes_decreto',
  {
    id: serial('id').primaryKey(),
    solicitudId: integer('solicitud_id')
      .notNull()
      .references(() => solicitudesDecreto.id, { onDelete: 'cascade' }),
    estado: text('estado').notNull(),
    fecha: timestamp('fecha', { withTimezone: true }).notNull().defaultNow(),
    /** The member of staff (no foreign key: the history outlives the user), and their e-mail as it was. */
    usuarioId: integer('usuario_id'),
    actorEmail: text('actor_email'),
    /** What the citizen was told with this change; cleared on anonymisation. */
    mensaje: text('mensaje'),
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

/**
 * The desk's mail previews not yet confirmed (docs/decisions/052-confirmar-antes-de-escribir.md):
 * the decree PDF a clerk uploaded for a preview, until the preview is confirmed or dropped. One the
 * clerk abandons is found here once its token expired, and its PDF is deleted by a scheduled job.
 */
export const vistasPreviasEnvio = pgTable(
  'vistas_previas_envio',
  {
    documentoId: integer('documento_id')
      .primaryKey()
      .references(() => documentos.id, { onDelete: 'cascade' }),
    /** When the preview's token stops being accepted. */
    vence: timestamp('vence', { withTimezone: true }).notNull(),
  },
  (t) => [index('vistas_previas_envio_vence_idx').on(t.vence)],
);
