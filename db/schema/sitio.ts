import { jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/** Site settings: one row a key, the value validated by domain/sitio's schema when read. */
export const ajustesSitio = pgTable('ajustes_sitio', {
  clave: text('clave').primaryKey(),
  valor: jsonb('valor').notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/** Which demo-content generators have filled this database (only ever a demo database). */
export const datosDemo = pgTable('datos_demo', {
  nombre: text('nombre').primaryKey(),
  aplicadoEn: timestamp('aplicado_en', { withTimezone: true }).notNull().defaultNow(),
});
