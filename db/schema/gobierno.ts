import { index, integer, pgTable, serial, smallint, text, timestamp } from 'drizzle-orm/pg-core';
import { documentos } from './documentos.ts';

// The transparency pages (spec §2 Boletín Vigente to Sueldos, §3 entities). Column names follow
// the spec's field names; ordering columns (`orden`) keep the order staff give to lists.

/** The current bulletin: legal text and tenders, staff-written HTML stored sanitised. The newest row is current. */
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
    documentoId: integer('documento_id').notNull().references(() => documentos.id),
    numeroBoletinOficial: integer('numero_boletin_oficial').notNull(),
    mes: smallint('mes').notNull(),
    anio: smallint('anio').notNull(),
    usuarioCreacion: text('usuario_creacion').notNull(),
    fechaCreacion: timestamp('fecha_creacion', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('boletines_oficiales_fecha_idx').on(t.fechaCreacion)],
);

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

/** The council's presidency (spec §3: six fields); the newest row is current. */
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
    documentoId: integer('documento_id').notNull().references(() => documentos.id),
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
    documentoId: integer('documento_id').notNull().references(() => documentos.id),
    mes: smallint('mes'),
    anio: smallint('anio').notNull(),
    fechaCreacion: timestamp('fecha_creacion', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('documentos_observatorio_tipo_idx').on(t.tipo, t.anio, t.mes)],
);

export const estadosContables = pgTable(
  'estados_contables',
  {
    id: serial('id').primaryKey(),
    /** 'RECURSOS' | 'GASTOS' */
    tipoEstadoContable: text('tipo_estado_contable').notNull(),
    documentoId: integer('documento_id').notNull().references(() => documentos.id),
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
    documentoId: integer('documento_id').notNull().references(() => documentos.id),
    /** A month name, or 'Aguinaldo 1er semestre' and the like. */
    periodo: text('periodo').notNull(),
    /** For ordering within a year: twice the month, plus one for an extra payment after that month. */
    orden: smallint('orden').notNull().default(0),
    anio: smallint('anio').notNull(),
    fechaCreacion: timestamp('fecha_creacion', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('sueldos_anio_orden_idx').on(t.anio, t.orden)],
);

export const planEstrategicoEnlaces = pgTable('plan_estrategico_enlaces', {
  id: serial('id').primaryKey(),
  titulo: text('titulo').notNull(),
  descripcion: text('descripcion').notNull().default(''),
  url: text('url').notNull(),
  orden: integer('orden').notNull().default(0),
});
