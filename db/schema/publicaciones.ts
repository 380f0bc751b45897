import { index, integer, jsonb, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * Pending publications (docs/decisions/053-borradores-y-publicacion-programada.md): a draft or a
 * scheduled change of public content, kept apart from the content tables (which stay «what is
 * public») until it is applied through the same staff command the form uses. `campos` holds the
 * submitted form fields (no files, no control fields); `documentoId` an uploaded file stored as a
 * hidden document (never served publicly) until publication. No personal data.
 */
export const publicacionesPendientes = pgTable(
  'publicaciones_pendientes',
  {
    id: serial('id').primaryKey(),
    /** The kind (domain/publicaciones/tipos.ts): ordenanza… */
    tipo: text('tipo').notNull(),
    /** The item being changed; null for a new one. */
    entidadId: integer('entidad_id'),
    /** What staff lists show. */
    titulo: text('titulo').notNull(),
    campos: jsonb('campos').$type<Record<string, string>>().notNull(),
    documentoId: integer('documento_id'),
    /** When the job publishes it; null for a draft. */
    publicarEn: timestamp('publicar_en', { withTimezone: true }),
    /** borrador, programada, publicada, fallida */
    estado: text('estado').notNull().default('borrador'),
    /** Why the command refused it at publication time, in Spanish. */
    error: text('error'),
    /** The item the publication created or changed, once published. */
    publicadaId: integer('publicada_id'),
    createdBy: integer('created_by').notNull(),
    updatedBy: integer('updated_by').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('publicaciones_pendientes_vencidas_idx').on(t.estado, t.publicarEn)],
);
