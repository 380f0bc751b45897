import { index, integer, pgTable, serial, smallint, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { documentos } from './documentos.ts';

// The official bulletin (docs/sitio-original.md §2 Boletín Vigente and Boletines Oficiales, §3 entities).

/**
 * The old, separate current bulletin. Since migration 0019 the current bulletin is the latest official
 * bulletin (docs/decisions/050-un-solo-boletin.md), whose row holds its texts and lists; these three
 * tables are no longer read or written and go in a later release (a contraction, docs/decisions/028-cierre-ordenado.md).
 */
export const boletinVigente = pgTable('boletin_vigente', {
  id: serial('id').primaryKey(),
  legales: text('legales').notNull().default(''),
  licitaciones: text('licitaciones').notNull().default(''),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

export const boletinVigenteOrdenanzas = pgTable('boletin_vigente_ordenanzas', {
  id: serial('id').primaryKey(),
  numero: text('numero').notNull(),
  titulo: text('titulo').notNull(),
  link: text('link').notNull(),
  orden: integer('orden').notNull().default(0),
});

export const boletinVigenteDecretos = pgTable('boletin_vigente_decretos', {
  id: serial('id').primaryKey(),
  numero: text('numero').notNull(),
  descripcion: text('descripcion').notNull(),
  area: text('area').notNull(),
  orden: integer('orden').notNull().default(0),
});

export const boletinesOficiales = pgTable(
  'boletines_oficiales',
  {
    id: serial('id').primaryKey(),
    documentoId: integer('documento_id')
      .notNull()
      .references(() => documentos.id),
    numeroBoletinOficial: integer('numero_boletin_oficial').notNull(),
    mes: smallint('mes').notNull(),
    anio: smallint('anio').notNull(),
    usuarioCreacion: text('usuario_creacion').notNull(),
    fechaCreacion: timestamp('fecha_creacion', { withTimezone: true }).notNull().defaultNow(),
    /** Its legal text and tenders: staff-written HTML, stored sanitised (docs/decisions/050-un-solo-boletin.md). */
    legales: text('legales').notNull().default(''),
    licitaciones: text('licitaciones').notNull().default(''),
  },
  (t) => [
    // The current bulletin is the latest edition: year, month, number (docs/decisions/050-un-solo-boletin.md).
    index('boletines_oficiales_edicion_idx').on(t.anio, t.mes, t.numeroBoletinOficial, t.id),
    index('boletines_oficiales_fecha_idx').on(t.fechaCreacion),
    // One bulletin per number in a year: the back-office refuses a repeated one, also when two people upload at once.
    uniqueIndex('boletines_oficiales_numero_anio_idx').on(t.numeroBoletinOficial, t.anio),
  ],
);

/**
 * The decrees an official bulletin publishes (docs/decisions/023-decretos-publicados.md):
 * the decree's number and year as the parser reads them (domain/shared/numero-decreto.ts), with its
 * description and area. A bulletin lists a decree once; two bulletins may list the same decree (a
 * republication), and then the earliest bulletin is the one the decree form offers.
 */
export const boletinesDecretos = pgTable(
  'boletines_decretos',
  {
    id: serial('id').primaryKey(),
    boletinId: integer('boletin_id')
      .notNull()
      .references(() => boletinesOficiales.id, { onDelete: 'cascade' }),
    numero: integer('numero').notNull(),
    anio: smallint('anio').notNull(),
    descripcion: text('descripcion').notNull(),
    area: text('area').notNull(),
  },
  (t) => [uniqueIndex('boletines_decretos_boletin_numero_idx').on(t.boletinId, t.numero, t.anio), index('boletines_decretos_numero_idx').on(t.numero, t.anio)],
);

/**
 * The ordinances an official bulletin publishes (docs/decisions/050-un-solo-boletin.md): number and
 * title as the bulletin prints them, and the link to the ordinance's text, in the bulletin's order.
 */
export const boletinesOrdenanzas = pgTable(
  'boletines_ordenanzas',
  {
    id: serial('id').primaryKey(),
    boletinId: integer('boletin_id')
      .notNull()
      .references(() => boletinesOficiales.id, { onDelete: 'cascade' }),
    numero: text('numero').notNull(),
    titulo: text('titulo').notNull(),
    link: text('link').notNull(),
    orden: integer('orden').notNull().default(0),
  },
  (t) => [index('boletines_ordenanzas_boletin_idx').on(t.boletinId, t.orden)],
);
