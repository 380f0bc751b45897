import { type SQL, sql } from 'drizzle-orm';
import { type AnyPgColumn, date, index, integer, pgTable, serial, smallint, text, timestamp, unique } from 'drizzle-orm/pg-core';
import { documentos } from './documentos.ts';
import { tsvector } from './types.ts';

/**
 * Words of a text for search: unaccented, lower-case, split on anything that is not a letter or a
 * digit (f_normalizar, migration 0002). Description weighs most, then expediente, then the PDF.
 */
const titulo = (t: { descripcion: AnyPgColumn; expediente: AnyPgColumn }): SQL =>
  sql`setweight(to_tsvector('simple', public.f_normalizar(${t.descripcion})), 'A') || setweight(to_tsvector('simple', public.f_normalizar(coalesce(${t.expediente}, ''))), 'B')`;
const busqueda = (t: { descripcion: AnyPgColumn; expediente: AnyPgColumn; textoDocumento: AnyPgColumn }): SQL =>
  sql`${titulo(t)} || setweight(to_tsvector('simple', public.f_normalizar(${t.textoDocumento})), 'C')`;

export const ordenanzas = pgTable(
  'ordenanzas',
  {
    id: serial('id').primaryKey(),
    numero: integer('numero').notNull(),
    anio: smallint('anio').notNull(),
    /** 1 Clasificando, 2 Aprobada/Vigente, 3 Derogada, 4 Vetada, 9 Anulada (docs/sitio-original.md §4). */
    estado: smallint('estado').notNull(),
    fechaEmision: date('fecha_emision', { mode: 'string' }),
    descripcion: text('descripcion').notNull(),
    expediente: text('expediente'),
    modificatoriaDe: integer('modificatoria_de').references((): AnyPgColumn => ordenanzas.id, { onDelete: 'set null' }),
    documentoId: integer('documento_id').references(() => documentos.id, { onDelete: 'set null' }),
    /** Text of the document, copied when it is attached so the search vector can include it. */
    textoDocumento: text('texto_documento').notNull().default(''),
    /** Everything searchable, for matching (GIN index). */
    busqueda: tsvector('busqueda')
      .notNull()
      .generatedAlwaysAs((): SQL => busqueda(ordenanzas)),
    /**
     * Description and expediente only, for ranking: small enough to stay in the row, so ranking
     * thousands of matches does not read their documents' long vectors.
     */
    busquedaTitulo: tsvector('busqueda_titulo')
      .notNull()
      .generatedAlwaysAs((): SQL => titulo(ordenanzas)),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    unique('ordenanzas_numero_anio_key').on(t.numero, t.anio),
    index('ordenanzas_busqueda_idx').using('gin', t.busqueda),
    // Ascending, scanned backwards for 'anio DESC, numero DESC' (an index declared DESC NULLS LAST
    // would not match ORDER BY ... DESC, whose default is NULLS FIRST, and every page would sort).
    index('ordenanzas_anio_numero_idx').on(t.anio, t.numero),
    index('ordenanzas_estado_anio_numero_idx').on(t.estado, t.anio, t.numero),
    index('ordenanzas_numero_idx').on(t.numero),
    index('ordenanzas_modificatoria_de_idx').on(t.modificatoriaDe),
  ],
);
