import { index, integer, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * Usage counters for abuse limits, shared by every instance: one row per key and fixed window.
 * Keys are keyed hashes (an address's /64, an e-mail, a DNI), never the values themselves.
 */
export const limitesUso = pgTable(
  'limites_uso',
  {
    clave: text('clave').notNull(),
    inicio: timestamp('inicio', { withTimezone: true }).notNull(),
    cuenta: integer('cuenta').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.clave, t.inicio] }), index('limites_uso_inicio_idx').on(t.inicio)],
);
