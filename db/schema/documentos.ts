import { bigint, boolean, index, integer, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * Every stored file (PDFs, images): metadata here, bytes in storage under `clave`. A document that
 * is not `publico` (a decree copy mailed to a citizen) is never served by the public downloads.
 */
export const documentos = pgTable(
  'documentos',
  {
    id: serial('id').primaryKey(),
    nombreArchivo: text('nombre_archivo').notNull(),
    tipoContenido: text('tipo_contenido').notNull(),
    tamano: bigint('tamano', { mode: 'number' }).notNull(),
    /** Hex SHA-256 of the content: the strong ETag, and a check against silent corruption. */
    sha256: text('sha256').notNull(),
    clave: text('clave').notNull().unique(),
    /** Text extracted from a PDF when it was stored, for search. */
    texto: text('texto').notNull().default(''),
    paginas: integer('paginas'),
    publico: boolean('publico').notNull().default(true),
    /** Images only: a copy for the web (at most 1600 px wide) and a thumbnail, each in storage. */
    claveWeb: text('clave_web'),
    claveMiniatura: text('clave_miniatura'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('documentos_sha256_idx').on(t.sha256)],
);
