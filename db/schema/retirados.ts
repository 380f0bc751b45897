import { integer, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';

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
