import { index, integer, pgTable, serial, smallint, text, timestamp } from 'drizzle-orm/pg-core';
import { documentos } from './documentos.ts';

// Public finances (docs/sitio-original.md §2 Estados Contables and Sueldos, §3 entities).

export const estadosContables = pgTable(
  'estados_contables',
  {
    id: serial('id').primaryKey(),
    /** 'RECURSOS' | 'GASTOS' */
    tipoEstadoContable: text('tipo_estado_contable').notNull(),
    documentoId: integer('documento_id')
      .notNull()
      .references(() => documentos.id),
    mes: smallint('mes').notNull(),
    anio: smallint('anio').notNull(),
    usuarioCreacion: text('usuario_creacion').notNull(),
    fechaCreacion: timestamp('fecha_creacion', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('estados_contables_anio_mes_idx').on(t.anio, t.mes)],
);

export const sueldos = pgTable(
  'sueldos',
  {
    id: serial('id').primaryKey(),
    documentoId: integer('documento_id')
      .notNull()
      .references(() => documentos.id),
    /** A month name, or 'Aguinaldo 1er semestre' and the like. */
    periodo: text('periodo').notNull(),
    /** For ordering within a year: twice the month, plus one for an extra payment after that month. */
    orden: smallint('orden').notNull().default(0),
    anio: smallint('anio').notNull(),
    fechaCreacion: timestamp('fecha_creacion', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('sueldos_anio_orden_idx').on(t.anio, t.orden)],
);
