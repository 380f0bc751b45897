import { type SQL, sql } from 'drizzle-orm';
import { type AnyPgColumn, bigint, check, index, integer, pgTable, serial, smallint, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { tsvector } from './types.ts';

// The site search (docs/decisions/049-buscador-del-sitio.md). Ordinances are searched in their own
// table (docs/decisions/002-busqueda.md); everything else the search finds is copied here from its
// owner's reads by a scheduled job whenever the content version changes.

/** The same words as the ordinance search (f_normalizar, migration 0002): title A, summary B, long text C. */
const titulo = (t: { titulo: AnyPgColumn; resumen: AnyPgColumn }): SQL =>
  sql`setweight(to_tsvector('simple', public.f_normalizar(${t.titulo})), 'A') || setweight(to_tsvector('simple', public.f_normalizar(${t.resumen})), 'B')`;
const busqueda = (t: { titulo: AnyPgColumn; resumen: AnyPgColumn; texto: AnyPgColumn }): SQL =>
  sql`${titulo(t)} || setweight(to_tsvector('simple', public.f_normalizar(${t.texto})), 'C')`;

/** One thing the site search finds besides ordinances: a bulletin, a decree, an area, a dataset, a page. */
export const busquedaSitio = pgTable(
  'busqueda_sitio',
  {
    id: serial('id').primaryKey(),
    /** 'boletin' | 'decreto' | 'area' | 'concejo' | 'datos' | 'pagina' (domain/buscador/tipos.ts). */
    tipo: text('tipo').notNull(),
    titulo: text('titulo').notNull(),
    /** Shown under the title: the office's phone and address, the decree's area, the page's description. */
    resumen: text('resumen').notNull().default(''),
    /** Words found but not shown whole: a PDF's text, a page's keywords. */
    texto: text('texto').notNull().default(''),
    /** A path of this site. */
    enlace: text('enlace').notNull(),
    /** Newer first among equals (a bulletin's year and month as yyyymm; 0 for the rest). */
    orden: integer('orden').notNull().default(0),
    /** What the row says, as a fingerprint: the job that keeps the index writes only the rows whose fingerprint is new. */
    huella: text('huella'),
    busqueda: tsvector('busqueda')
      .notNull()
      .generatedAlwaysAs((): SQL => busqueda(busquedaSitio)),
    /** The title as the search reads words (f_normalizar): a title that is exactly the words typed ranks first. */
    tituloPlano: text('titulo_plano')
      .notNull()
      .generatedAlwaysAs((): SQL => sql`public.f_normalizar(${busquedaSitio.titulo})`),
    /** Title and summary only, for ranking as the ordinances' busqueda_titulo. */
    busquedaTitulo: tsvector('busqueda_titulo')
      .notNull()
      .generatedAlwaysAs((): SQL => titulo(busquedaSitio)),
  },
  (t) => [index('busqueda_sitio_busqueda_idx').using('gin', t.busqueda), uniqueIndex('busqueda_sitio_huella_idx').on(t.huella)],
);

/** Which content version `busqueda_sitio` was built from (one row). */
export const busquedaSitioEstado = pgTable(
  'busqueda_sitio_estado',
  {
    id: smallint('id').primaryKey().default(1),
    /** The content version and the index's own version, as 'contenido:indice'. */
    version: text('version').notNull(),
    construidaEn: timestamp('construida_en', { withTimezone: true }).notNull().defaultNow(),
    filas: bigint('filas', { mode: 'number' }).notNull().default(0),
  },
  (t) => [check('busqueda_sitio_estado_una_fila', sql`${t.id} = 1`)],
);

/**
 * Searches that found nothing, for staff to learn what citizens look for: the normalised words and
 * how often, never who or from where; words that look like a DNI, a CUIT, a phone or an e-mail are
 * never stored (domain/buscador/sin-resultados.ts).
 */
export const busquedasSinResultados = pgTable(
  'busquedas_sin_resultados',
  {
    consulta: text('consulta').primaryKey(),
    cantidad: integer('cantidad').notNull().default(1),
    primera: timestamp('primera', { withTimezone: true }).notNull().defaultNow(),
    ultima: timestamp('ultima', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('busquedas_sin_resultados_cantidad_idx').on(t.cantidad)],
);
