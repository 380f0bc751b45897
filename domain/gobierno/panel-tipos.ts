import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import {
  areasMunicipales,
  ejecutivo,
  hcdBloques,
  hcdIntegrantes,
  hcdPresidencia,
  planEstrategicoEnlaces,
  secretarias,
  subsecretarias,
} from '#db/schema/index.ts';

/**
 * The kinds of content the public Gobierno pages show, as the back-office edits them
 * (docs/decisions/019-panel-de-gobierno.md): one declarative table of kinds, each with its
 * fields, labels and limits, read by one generic set of commands (panel.ts), schemas and pages.
 * A new kind is a new entry here, not a new page.
 */

/** `enlace`: like `url`, or a path of this site (`/consulta-ordenanzas/2024/12`). */
export type TipoCampo = 'texto' | 'email' | 'telefono' | 'url' | 'enlace' | 'referencia' | 'opcion';

export type CampoPanel = {
  /** The table's column (the Drizzle property name) and the form field's name. */
  nombre: string;
  etiqueta: string;
  tipo: TipoCampo;
  obligatorio?: boolean;
  /** The most characters it takes. */
  largo: number;
  ayuda?: string;
  /** `opcion`: the values and their labels. */
  opciones?: readonly (readonly [string, string])[];
  /** `referencia`: the kind whose item this one belongs to (its name shown in the select). */
  referencia?: string;
  /** Shown as a column of the list. */
  enLista?: boolean;
};

export type TipoPanel = {
  /** In the address: /admin/gobierno/:tipo. */
  tipo: string;
  /** The list's heading (plural). */
  titulo: string;
  /** One of them, with its article: «el área». */
  uno: string;
  /** One of them, indefinite: «un área». */
  nuevo: string;
  /** What the list page says the kind is. */
  descripcion: string;
  tabla: PgTable;
  /** The name the audit log gives the entity. */
  entidad: string;
  /** The audit actions' prefix (`<prefijo>.alta`…, in domain/auditoria/acciones.ts); `gobierno` when absent. */
  auditoria?: 'gobierno' | 'boletin_vigente';
  campos: readonly CampoPanel[];
  /** The field that names an item in lists, titles and messages. */
  principal: string;
  /** Whether the public page follows the order staff give (`orden` column, move up and down). */
  ordenable: boolean;
  /** Items are ordered among those sharing these fields (a secretaría's subsecretarías). */
  grupo?: readonly string[];
  /** One current item only (the newest row), edited in place, never deleted. */
  unico?: boolean;
  /** The public page that shows it, for the preview link. */
  rutaPublica: string;
  /** What deleting one also deletes (the foreign keys cascade), said on the confirmation step. */
  borraTambien?: string;
};

const TEXTO = 200;
const NOMBRE = 150;
const EMAIL = 254;
const TELEFONO = 60;
const URL_MAX = 2000;

const persona = (prefijo: string, etiqueta: string): CampoPanel[] => [
  { nombre: `${prefijo}Nombre`, etiqueta: `Nombre del ${etiqueta}`, tipo: 'texto', largo: NOMBRE, enLista: true },
  { nombre: `${prefijo}Email`, etiqueta: `Correo electrónico del ${etiqueta}`, tipo: 'email', largo: EMAIL },
  { nombre: `${prefijo}Telefono`, etiqueta: `Teléfono del ${etiqueta}`, tipo: 'telefono', largo: TELEFONO },
];

export const TIPOS_PANEL: readonly TipoPanel[] = [
  {
    tipo: 'areas',
    titulo: 'Áreas',
    uno: 'el área',
    nuevo: 'un área',
    descripcion: 'Las áreas municipales con su domicilio, teléfono y correo, como las muestra la página Áreas.',
    tabla: areasMunicipales,
    entidad: 'area_municipal',
    campos: [
      { nombre: 'nombre', etiqueta: 'Nombre', tipo: 'texto', obligatorio: true, largo: NOMBRE, enLista: true },
      { nombre: 'domicilio', etiqueta: 'Domicilio', tipo: 'texto', largo: TEXTO, enLista: true },
      { nombre: 'telefono', etiqueta: 'Teléfono', tipo: 'telefono', largo: TELEFONO, enLista: true, ayuda: 'Por ejemplo +54 294 449-4100.' },
      { nombre: 'email', etiqueta: 'Correo electrónico', tipo: 'email', largo: EMAIL, enLista: true },
    ],
    principal: 'nombre',
    ordenable: true,
    rutaPublica: '/areas',
  },
  {
    tipo: 'ejecutivo',
    titulo: 'Ejecutivo',
    uno: 'el Ejecutivo',
    nuevo: 'el Ejecutivo',
    descripcion: 'El intendente y el viceintendente, con sus datos de contacto, como los muestra la página Ejecutivo.',
    tabla: ejecutivo,
    entidad: 'ejecutivo',
    campos: [
      { nombre: 'intendenteNombre', etiqueta: 'Nombre del intendente', tipo: 'texto', obligatorio: true, largo: NOMBRE, enLista: true },
      { nombre: 'intendenteEmail', etiqueta: 'Correo electrónico del intendente', tipo: 'email', largo: EMAIL },
      { nombre: 'intendenteTelefono', etiqueta: 'Teléfono del intendente', tipo: 'telefono', largo: TELEFONO },
      { nombre: 'viceIntendenteNombre', etiqueta: 'Nombre del viceintendente', tipo: 'texto', obligatorio: true, largo: NOMBRE, enLista: true },
      { nombre: 'viceIntendenteEmail', etiqueta: 'Correo electrónico del viceintendente', tipo: 'email', largo: EMAIL },
      { nombre: 'viceIntendenteTelefono', etiqueta: 'Teléfono del viceintendente', tipo: 'telefono', largo: TELEFONO },
    ],
    principal: 'intendenteNombre',
    ordenable: false,
    unico: true,
    rutaPublica: '/ejecutivo',
  },
  {
    tipo: 'secretarias',
    titulo: 'Secretarías',
    uno: 'la secretaría',
    nuevo: 'una secretaría',
    descripcion: 'Las secretarías del Ejecutivo con su secretario o secretaria. Al borrar una secretaría se borran también sus subsecretarías.',
    tabla: secretarias,
    entidad: 'secretaria',
    campos: [
      { nombre: 'nombre', etiqueta: 'Nombre de la secretaría', tipo: 'texto', obligatorio: true, largo: NOMBRE, enLista: true },
      ...persona('secretario', 'secretario'),
    ],
    principal: 'nombre',
    ordenable: true,
    rutaPublica: '/ejecutivo',
    borraTambien: 'sus subsecretarías',
  },
  {
    tipo: 'subsecretarias',
    titulo: 'Subsecretarías',
    uno: 'la subsecretaría',
    nuevo: 'una subsecretaría',
    descripcion: 'Las subsecretarías, cada una dentro de su secretaría, con su subsecretario o subsecretaria.',
    tabla: subsecretarias,
    entidad: 'subsecretaria',
    campos: [
      { nombre: 'secretariaId', etiqueta: 'Secretaría', tipo: 'referencia', referencia: 'secretarias', obligatorio: true, largo: 12, enLista: true },
      { nombre: 'nombre', etiqueta: 'Nombre de la subsecretaría', tipo: 'texto', obligatorio: true, largo: NOMBRE, enLista: true },
      ...persona('subSecretario', 'subsecretario'),
    ],
    principal: 'nombre',
    ordenable: true,
    grupo: ['secretariaId'],
    rutaPublica: '/ejecutivo',
  },
  {
    tipo: 'presidencia',
    titulo: 'Presidencia del Concejo',
    uno: 'la presidencia del Concejo',
    nuevo: 'la presidencia del Concejo',
    descripcion: 'Quiénes presiden el Concejo Deliberante y su secretaría, y el teléfono del Concejo, como los muestra la página Concejo.',
    tabla: hcdPresidencia,
    entidad: 'hcd_presidencia',
    campos: [
      { nombre: 'nombrePresidente', etiqueta: 'Presidente', tipo: 'texto', obligatorio: true, largo: NOMBRE, enLista: true },
      { nombre: 'nombreVicepresidente', etiqueta: 'Vicepresidente', tipo: 'texto', largo: NOMBRE, enLista: true },
      { nombre: 'nombreSecretaria', etiqueta: 'Secretaría', tipo: 'texto', largo: NOMBRE },
      { nombre: 'nombreProsecretaria', etiqueta: 'Prosecretaría', tipo: 'texto', largo: NOMBRE },
      { nombre: 'nombreSecretariaDigesto', etiqueta: 'Secretaría del Digesto', tipo: 'texto', largo: NOMBRE },
      { nombre: 'telefono', etiqueta: 'Teléfono', tipo: 'telefono', largo: TELEFONO },
    ],
    principal: 'nombrePresidente',
    ordenable: false,
    unico: true,
    rutaPublica: '/concejo-deliverante',
  },
  {
    tipo: 'bloques',
    titulo: 'Bloques del Concejo',
    uno: 'el bloque',
    nuevo: 'un bloque',
    descripcion: 'Los bloques del Concejo Deliberante con su secretaría. Al borrar un bloque se borran también sus concejales y asesores.',
    tabla: hcdBloques,
    entidad: 'hcd_bloque',
    campos: [
      { nombre: 'nombreBloque', etiqueta: 'Nombre del bloque', tipo: 'texto', obligatorio: true, largo: NOMBRE, enLista: true },
      { nombre: 'nombreSecretaria', etiqueta: 'Secretaría del bloque', tipo: 'texto', largo: NOMBRE, enLista: true },
    ],
    principal: 'nombreBloque',
    ordenable: true,
    rutaPublica: '/concejo-deliverante',
    borraTambien: 'sus concejales y asesores',
  },
  {
    tipo: 'integrantes',
    titulo: 'Concejales y asesores',
    uno: 'el integrante',
    nuevo: 'un concejal o asesor',
    descripcion: 'Los concejales y asesores de cada bloque, en el orden en que los muestra la página Concejo.',
    tabla: hcdIntegrantes,
    entidad: 'hcd_integrante',
    campos: [
      { nombre: 'bloqueId', etiqueta: 'Bloque', tipo: 'referencia', referencia: 'bloques', obligatorio: true, largo: 12, enLista: true },
      {
        nombre: 'rol',
        etiqueta: 'Función',
        tipo: 'opcion',
        obligatorio: true,
        largo: 20,
        opciones: [
          ['concejal', 'Concejal'],
          ['asesor', 'Asesor'],
        ],
        enLista: true,
      },
      { nombre: 'nombre', etiqueta: 'Nombre', tipo: 'texto', obligatorio: true, largo: NOMBRE, enLista: true },
    ],
    principal: 'nombre',
    ordenable: true,
    grupo: ['bloqueId', 'rol'],
    rutaPublica: '/concejo-deliverante',
  },
  {
    tipo: 'plan-estrategico',
    titulo: 'Plan Estratégico',
    uno: 'el enlace',
    nuevo: 'un enlace',
    descripcion: 'Los enlaces de la página Plan Estratégico: título, descripción y dirección (sólo http o https).',
    tabla: planEstrategicoEnlaces,
    entidad: 'plan_estrategico_enlace',
    campos: [
      { nombre: 'titulo', etiqueta: 'Título', tipo: 'texto', obligatorio: true, largo: TEXTO, enLista: true },
      { nombre: 'descripcion', etiqueta: 'Descripción', tipo: 'texto', largo: 1000 },
      { nombre: 'url', etiqueta: 'Dirección (URL)', tipo: 'url', obligatorio: true, largo: URL_MAX, enLista: true, ayuda: 'Empieza con https:// o http://.' },
    ],
    principal: 'titulo',
    ordenable: true,
    rutaPublica: '/plan-estrategico',
  },
];

/** The kind named in an address, or undefined (the page answers 404). */
export const tipoPanel = (tipo: string | undefined): TipoPanel | undefined => TIPOS_PANEL.find((t) => t.tipo === tipo);

/** A column of a kind's table by its property name. */
export function columna(tipo: TipoPanel, nombre: string): PgColumn {
  const c = (tipo.tabla as unknown as Record<string, PgColumn | undefined>)[nombre];
  if (!c) throw new Error(`${tipo.tipo}: no hay columna ${nombre}`);
  return c;
}
