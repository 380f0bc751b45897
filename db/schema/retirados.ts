import { index, integer, jsonb, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * Public addresses of content that staff withdrew: the item itself is deleted, and its
 * old address answers 410 with the title and the date, so a link someone shared explains what
 * happened instead of a bare «no existe». One row per address (a page or a document download).
 */
export const contenidosRetirados = pgTable('contenidos_retirados', {
  id: serial('id').primaryKey(),
  /** The path as the public site writes it, without origin or query: `/consulta-ordenanzas/2026/4310`. */
  ruta: text('ruta').notNull().unique(),
  /** What it was, in the words the public saw: «Ordenanza 4310/2026: …». */
  titulo: text('titulo').notNull(),
  retiradoEn: timestamp('retirado_en', { withTimezone: true }).notNull().defaultNow(),
  /** The staff account that withdrew it (who, in detail, is in the audit log). */
  usuarioId: integer('usuario_id'),
});

/**
 * What a removal keeps for 90 days so staff can undo it (docs/decisions/054-retirados-restaurables.md):
 * one row per removed item, with the row's data as it was (`datos`), its document (kept stored,
 * hidden) and the addresses that answer 410 meanwhile. Restoring deletes the row; the daily purge
 * deletes it, and the document with its files, after 90 days (the 410 addresses stay).
 */
export const contenidosRestaurables = pgTable(
  'contenidos_restaurables',
  {
    id: serial('id').primaryKey(),
    /** The back-office section it was removed from: `ordenanzas`, `boletines`, `estados-contables`… */
    seccion: text('seccion').notNull(),
    /** The removed row's id, which it gets back when restored. */
    entidadId: integer('entidad_id').notNull(),
    /** What it was, in the words the list shows: «Ordenanza N° 4310/2026: …». */
    titulo: text('titulo').notNull(),
    /** The removed row (and what hung from it), as its module wrote it. */
    datos: jsonb('datos').notNull(),
    /** Its document, hidden until it is restored or purged. */
    documentoId: integer('documento_id'),
    /** The public addresses that answer 410 until it is restored. */
    rutas: text('rutas').array().notNull(),
    retiradoEn: timestamp('retirado_en', { withTimezone: true }).notNull().defaultNow(),
    usuarioId: integer('usuario_id'),
    /** Who removed it, by name, as the list shows it. */
    usuarioNombre: text('usuario_nombre').notNull(),
  },
  (t) => [index('contenidos_restaurables_seccion_idx').on(t.seccion, t.retiradoEn), index('contenidos_restaurables_retirado_idx').on(t.retiradoEn)],
);
