import { sql } from 'drizzle-orm';
import { check, date, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * The kinds of holiday (law 27.399; docs/decisions/011-plazos-y-feriados.md): national fixed
 * ones, national movable ones (on the date they were moved to), non-working days (Jueves Santo),
 * bridge days decreed for tourism, and the town's own. Every kind stops the count of a deadline.
 */
export const TIPOS_FERIADO = ['inamovible', 'trasladable', 'no_laborable', 'puente', 'local'] as const;

/**
 * The holidays that stop the count of business days: one row a date, kept up to date by
 * administrators. Mi calle's cached pages show them (the printable month, the calendars,
 * docs/decisions/056-mi-calle.md), so a change raises the content version like any content table
 * (the trigger of migration 0026; docs/decisions/007-cache-de-paginas.md).
 */
export const feriados = pgTable(
  'feriados',
  {
    fecha: date('fecha', { mode: 'string' }).primaryKey(),
    nombre: text('nombre').notNull(),
    tipo: text('tipo', { enum: TIPOS_FERIADO }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check('feriados_tipo', sql`${t.tipo} in ('inamovible', 'trasladable', 'no_laborable', 'puente', 'local')`),
    check('feriados_nombre', sql`btrim(${t.nombre}) <> ''`),
  ],
);
