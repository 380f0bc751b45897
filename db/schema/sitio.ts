import { sql } from 'drizzle-orm';
import { bigint, check, jsonb, pgTable, smallint, text, timestamp } from 'drizzle-orm/pg-core';

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

/**
 * The content version (docs/decisions/007-cache-de-paginas.md): one row whose counter a trigger on
 * every content table raises in the writing transaction, announcing it with NOTIFY on
 * CONTENT_VERSION_CHANNEL. A cached page rendered at an older version is stale.
 */
export const versionContenido = pgTable(
  'version_contenido',
  {
    id: smallint('id').primaryKey().default(1),
    version: bigint('version', { mode: 'number' }).notNull().default(0),
    actualizadaEn: timestamp('actualizada_en', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [check('version_contenido_una_fila', sql`${t.id} = 1`)],
);

/** The NOTIFY channel of the content version; its payload is the new version. */
export const CONTENT_VERSION_CHANNEL = 'version_contenido';
