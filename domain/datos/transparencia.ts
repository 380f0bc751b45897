import type { Db } from '#db/client.ts';
import { ultimoCambio } from '#domain/auditoria/queries.ts';
import { FUENTES_AJUSTES, type Modificaciones, ultimaModificacion } from './catalogo.ts';

/**
 * Active transparency (law 27.275, art. 32, items a to q): what the law asks every obliged body to
 * publish, and where this site publishes it, or that it does not (docs/decisions/025-datos-abiertos.md).
 * The date of an item is the newest change of the datasets that hold it.
 */
export type ItemTransparencia = {
  inciso: string;
  /** The law's wording, shortened. */
  texto: string;
  enlaces: { href: string; texto: string }[];
  /** Datasets of the catalogue behind the item, for its date; 'ajustes' is the desk's settings. */
  conjuntos: readonly string[];
  /** What this site does not cover of the item, said plainly. */
  nota?: string;
};

export const TRANSPARENCIA_ACTIVA: ItemTransparencia[] = [
  {
    inciso: 'a',
    texto: 'Índice de la información pública, indicando dónde y cómo pedirla',
    enlaces: [
      { href: '/datos', texto: 'Datos abiertos' },
      { href: '/solicitud-decretos', texto: 'Solicitud de Decretos' },
    ],
    conjuntos: ['*'],
  },
  {
    inciso: 'b',
    texto: 'Estructura orgánica y funciones',
    enlaces: [
      { href: '/areas', texto: 'Áreas' },
      { href: '/ejecutivo', texto: 'Ejecutivo' },
    ],
    conjuntos: ['areas', 'autoridades'],
  },
  {
    inciso: 'c',
    texto: 'Nómina de autoridades y personal',
    enlaces: [
      { href: '/ejecutivo', texto: 'Ejecutivo' },
      { href: '/concejo-deliverante', texto: 'Concejo Deliberante' },
    ],
    conjuntos: ['autoridades', 'concejo-deliberante'],
    nota: 'La nómina del personal de planta permanente y transitoria no se publica en este sitio.',
  },
  { inciso: 'd', texto: 'Escalas salariales', enlaces: [{ href: '/sueldos', texto: 'Sueldos' }], conjuntos: ['sueldos'] },
  {
    inciso: 'e',
    texto: 'Presupuesto asignado, sus modificaciones y su estado de ejecución',
    enlaces: [{ href: '/estados-contables', texto: 'Estados Contables' }],
    conjuntos: ['estados-contables'],
  },
  { inciso: 'f', texto: 'Transferencias de fondos y sus beneficiarios', enlaces: [], conjuntos: [] },
  {
    inciso: 'g',
    texto: 'Contrataciones públicas, licitaciones, concursos y obras públicas',
    enlaces: [{ href: '/boletines-oficiales', texto: 'Licitaciones del Boletín Oficial vigente' }],
    conjuntos: ['decretos'],
    nota: 'Sólo las licitaciones que publica el Boletín Oficial vigente; el listado completo de contrataciones no se publica en este sitio.',
  },
  {
    inciso: 'h',
    texto: 'Actos y resoluciones de carácter general o particular',
    enlaces: [
      { href: '/consulta-ordenanzas', texto: 'Consulta de Ordenanzas' },
      { href: '/boletines-oficiales', texto: 'Boletines Oficiales' },
    ],
    conjuntos: ['ordenanzas', 'boletines-oficiales', 'decretos'],
  },
  { inciso: 'i', texto: 'Informes de auditorías o evaluaciones', enlaces: [], conjuntos: [] },
  { inciso: 'j', texto: 'Permisos, concesiones y autorizaciones otorgados y sus titulares', enlaces: [], conjuntos: [] },
  {
    inciso: 'k',
    texto: 'Servicios que se brindan directamente al público',
    enlaces: [
      { href: '/seguimiento-vehiculos', texto: 'Seguimiento de Vehículos' },
      { href: '/solicitud-decretos', texto: 'Solicitud de Decretos' },
    ],
    conjuntos: ['vehiculos'],
  },
  {
    inciso: 'l',
    texto: 'Mecanismos para presentar peticiones y acceder a la información',
    enlaces: [{ href: '/solicitud-decretos', texto: 'Solicitud de Decretos' }],
    conjuntos: ['ajustes'],
  },
  {
    inciso: 'm',
    texto: 'Guía de los tipos y categorías de información que se publica',
    enlaces: [{ href: '/datos', texto: 'Datos abiertos' }],
    conjuntos: ['*'],
  },
  {
    inciso: 'n',
    texto: 'Acordadas, resoluciones y sentencias (ley 26.856)',
    enlaces: [],
    conjuntos: [],
    nota: 'Corresponde al Poder Judicial.',
  },
  { inciso: 'o', texto: 'Respuestas a los pedidos de información más frecuentes', enlaces: [], conjuntos: [] },
  { inciso: 'p', texto: 'Declaraciones juradas', enlaces: [], conjuntos: [] },
  {
    inciso: 'q',
    texto: 'Otra información útil para el derecho de acceso a la información',
    enlaces: [
      { href: '/observatorio-vial', texto: 'Observatorio Vial' },
      { href: '/plan-estrategico', texto: 'Plan Estratégico' },
    ],
    conjuntos: ['movimiento-terminal', 'informes-estadisticos'],
  },
];

/** Each item's date of last update (undefined for those not published on this site). */
export async function fechasTransparencia(db: Db, modificaciones: Modificaciones): Promise<Map<string, Date | undefined>> {
  const ajustes = await ultimoCambio(db, FUENTES_AJUSTES);
  return new Map(
    TRANSPARENCIA_ACTIVA.map((item) => {
      if (item.conjuntos.length === 0) return [item.inciso, undefined];
      if (item.conjuntos.includes('ajustes')) return [item.inciso, ajustes];
      return [item.inciso, ultimaModificacion(modificaciones, item.conjuntos.includes('*') ? undefined : item.conjuntos)];
    }),
  );
}
