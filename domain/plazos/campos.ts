import type { TipoFeriado } from './schemas.ts';

/**
 * What the holidays page shows in the browser: the kinds' Spanish names, without zod or the
 * database schema (docs/decisions/011-plazos-y-feriados.md). Law 27.399 names the first three;
 * the «puente» days are non-working days for tourism that the national Executive fixes each year;
 * «local» is the town's own (15 May, Villa La Angostura's anniversary).
 */
export const ETIQUETAS_TIPO_FERIADO: Record<TipoFeriado, string> = {
  inamovible: 'Feriado inamovible',
  trasladable: 'Feriado trasladable',
  no_laborable: 'Día no laborable',
  puente: 'Puente turístico',
  local: 'Feriado local',
};

/** One sentence per kind, under the select. */
export const AYUDA_TIPO_FERIADO =
  'Inamovible y trasladable, según la ley 27.399 (un trasladable va en la fecha a la que se trasladó); día no laborable, como el Jueves Santo; puente turístico, el que fija el Gobierno nacional cada año; local, el de la Municipalidad. Todos cuentan como días inhábiles.';

/** The kinds in the order the select lists them (the table's order). */
export const TIPOS_FERIADO_EN_ORDEN = Object.keys(ETIQUETAS_TIPO_FERIADO) as TipoFeriado[];
