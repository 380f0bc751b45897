import { sql } from 'drizzle-orm';
import { index, integer, jsonb, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';

/** A saved ordinance search: the filters of /consulta-ordenanzas but the page (domain/ordenanzas/schemas.ts). */
export type BusquedaGuardada = { estado: number; numero?: number; anio?: number; pattern?: string };

/**
 * Alerts by e-mail (docs/decisions/024-alertas.md): a citizen's subscription to new
 * ordinances matching a saved search, or to every new official bulletin. `email` holds ciphertext
 * and `emailHuella` its keyed hash, as decree requests keep theirs (docs/decisions/004-datos-personales.md).
 * `tokenHash` is the SHA-256 of the secret in the mail's links (confirm, manage, unsubscribe), for
 * look-ups; `token` the secret itself encrypted like the e-mail, because every alert mail carries it;
 * `marca` is the id of the last ordinance or bulletin already looked at, so nothing is sent twice.
 */
export const suscripcionesAlertas = pgTable(
  'suscripciones_alertas',
  {
    id: serial('id').primaryKey(),
    email: text('email').notNull(),
    emailHuella: text('email_huella').notNull(),
    /** ordenanzas, boletines */
    tipo: text('tipo').notNull(),
    /** The saved search of an ordinance subscription; null for bulletins. */
    busqueda: jsonb('busqueda').$type<BusquedaGuardada>(),
    /** inmediata, diaria */
    frecuencia: text('frecuencia').notNull(),
    /** pendiente (until the citizen confirms), activa, baja */
    estado: text('estado').notNull().default('pendiente'),
    token: text('token').notNull(),
    tokenHash: text('token_hash').notNull().unique(),
    marca: integer('marca').notNull().default(0),
    /** A daily subscription's next digest; null for immediate ones. */
    proximoEnvio: timestamp('proximo_envio', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    confirmadaEn: timestamp('confirmada_en', { withTimezone: true }),
    ultimoEnvio: timestamp('ultimo_envio', { withTimezone: true }),
    bajaEn: timestamp('baja_en', { withTimezone: true }),
  },
  (t) => [
    index('suscripciones_alertas_email_idx').on(t.emailHuella),
    index('suscripciones_alertas_activas_idx')
      .on(t.tipo, t.marca)
      .where(sql`${t.estado} = 'activa'`),
    index('suscripciones_alertas_pendientes_idx')
      .on(t.createdAt)
      .where(sql`${t.estado} = 'pendiente'`),
    index('suscripciones_alertas_bajas_idx')
      .on(t.bajaEn)
      .where(sql`${t.estado} = 'baja'`),
  ],
);
