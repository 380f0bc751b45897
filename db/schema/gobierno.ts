import { index, integer, pgTable, serial, smallint, text, timestamp } from 'drizzle-orm/pg-core';
import { documentos } from './documentos.ts';

// The government pages (docs/sitio-original.md §2 Áreas to Plan Estratégico, §3 entities): areas, executive,
// council, road observatory and strategic plan. Column names follow the spec's field names;
// ordering columns (`orden`) keep the order staff give to lists.

export const areasMunicipales = pgTable('areas_municipales', {
  id: serial('id').primaryKey(),
  nombre: text('nombre').notNull(),
  domicilio: text('domicilio').notNull().default(''),
  telefono: text('telefono').notNull().default(''),
  email: text('email').notNull().default(''),
  orden: integer('orden').notNull().default(0),
});

/** The executive: one row, the newest is current. */
export const ejecutivo = pgTable('ejecutivo', {
  id: serial('id').primaryKey(),
  intendenteNombre: text('intendente_nombre').notNull(),
  intendenteEmail: text('intendente_email').notNull().default(''),
  intendenteTelefono: text('intendente_telefono').notNull().default(''),
  viceIntendenteNombre: text('vice_intendente_nombre').notNull(),
  viceIntendenteEmail: text('vice_intendente_email').notNull().default(''),
  viceIntendenteTelefono: text('vice_intendente_telefono').notNull().default(''),
});

export const secretarias = pgTable('secretarias', {
  id: serial('id').primaryKey(),
  nombre: text('nombre').notNull(),
  secretarioNombre: text('secretario_nombre').notNull().default(''),
  secretarioEmail: text('secretario_email').notNull().default(''),
  secretarioTelefono: text('secretario_telefono').notNull().default(''),
  orden: integer('orden').notNull().default(0),
});

export const subsecretarias = pgTable(
  'subsecretarias',
  {
    id: serial('id').primaryKey(),
    secretariaId: integer('secretaria_id')
      .notNull()
      .references(() => secretarias.id, { onDelete: 'cascade' }),
    nombre: text('nombre').notNull(),
    subSecretarioNombre: text('sub_secretario_nombre').notNull().default(''),
    subSecretarioEmail: text('sub_secretario_email').notNull().default(''),
    subSecretarioTelefono: text('sub_secretario_telefono').notNull().default(''),
    orden: integer('orden').notNull().default(0),
  },
  (t) => [index('subsecretarias_secretaria_idx').on(t.secretariaId)],
);

/** The council's presidency (docs/sitio-original.md §3: six fields); the newest row is current. */
export const hcdPresidencia = pgTable('hcd_presidencia', {
  id: serial('id').primaryKey(),
  nombrePresidente: text('nombre_presidente').notNull().default(''),
  nombreVicepresidente: text('nombre_vicepresidente').notNull().default(''),
  nombreSecretaria: text('nombre_secretaria').notNull().default(''),
  nombreProsecretaria: text('nombre_prosecretaria').notNull().default(''),
  nombreSecretariaDigesto: text('nombre_secretaria_digesto').notNull().default(''),
  telefono: text('telefono').notNull().default(''),
});

export const hcdBloques = pgTable('hcd_bloques', {
  id: serial('id').primaryKey(),
  nombreBloque: text('nombre_bloque').notNull(),
  /** The spec's spelling (nombreSecetaria) is kept in the API; the bloc's secretary. */
  nombreSecretaria: text('nombre_secretaria').notNull().default(''),
  orden: integer('orden').notNull().default(0),
});

/** Councillors and advisers of a bloc. */
export const hcdIntegrantes = pgTable(
  'hcd_integrantes',
  {
    id: serial('id').primaryKey(),
    bloqueId: integer('bloque_id')
      .notNull()
      .references(() => hcdBloques.id, { onDelete: 'cascade' }),
    /** 'concejal' | 'asesor' */
    rol: text('rol').notNull(),
    nombre: text('nombre').notNull(),
    orden: integer('orden').notNull().default(0),
  },
  (t) => [index('hcd_integrantes_bloque_idx').on(t.bloqueId)],
);

/** The road observatory page: sanitised HTML text, logo and the name of its gallery. Newest row is current. */
export const observatorioVial = pgTable('observatorio_vial', {
  id: serial('id').primaryKey(),
  texto: text('texto').notNull().default(''),
  logoId: integer('logo_id').references(() => documentos.id),
  galeriaNombre: text('galeria_nombre').notNull(),
});

export const galeriaImagenes = pgTable(
  'galeria_imagenes',
  {
    id: serial('id').primaryKey(),
    galeria: text('galeria').notNull(),
    documentoId: integer('documento_id')
      .notNull()
      .references(() => documentos.id),
    titulo: text('titulo').notNull().default(''),
    descripcion: text('descripcion').notNull().default(''),
    alt: text('alt').notNull(),
    orden: integer('orden').notNull().default(0),
  },
  (t) => [index('galeria_imagenes_galeria_idx').on(t.galeria, t.orden)],
);

/** Terminal passenger movement (monthly) and statistical OSSIVI reports (yearly, mes null). */
export const documentosObservatorio = pgTable(
  'documentos_observatorio',
  {
    id: serial('id').primaryKey(),
    /** 'MOVIMIENTO_TERMINAL' | 'INFORME_ESTADISTICO' */
    tipo: text('tipo').notNull(),
    documentoId: integer('documento_id')
      .notNull()
      .references(() => documentos.id),
    mes: smallint('mes'),
    anio: smallint('anio').notNull(),
    fechaCreacion: timestamp('fecha_creacion', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('documentos_observatorio_tipo_idx').on(t.tipo, t.anio, t.mes)],
);

export const planEstrategicoEnlaces = pgTable('plan_estrategico_enlaces', {
  id: serial('id').primaryKey(),
  titulo: text('titulo').notNull(),
  descripcion: text('descripcion').notNull().default(''),
  url: text('url').notNull(),
  orden: integer('orden').notNull().default(0),
});
