import { readForm } from '#domain/shared/form.ts';
import { formatNumber } from '#domain/shared/formato.ts';
import { z } from '#domain/shared/zod.ts';
import { ESTADOS_ORDENANZA, ESTADO_TODOS, esEstadoValido } from './estados.ts';

export const POR_PAGINA = 25;

/**
 * How many matches of a word search are counted and ranked (docs/decisions/002-busqueda.md): up to
 * this many the count is exact and every match is ranked; past it the newest this many are ranked,
 * the rest follow newest first, and the total says "more than".
 */
export const LIMITE_COINCIDENCIAS = 250;

const ANIO_MINIMO = 1900;
const ANIO_MAXIMO = 2100;
const NUMERO_MAXIMO = 2_000_000_000;
const PAGINA_MAXIMA = 100_000;

const MENSAJE_ANIO = `Ingresá un año de cuatro cifras, entre ${ANIO_MINIMO} y ${ANIO_MAXIMO}.`;
const MENSAJE_PAGINA = `Escribí un número de página entre 1 y ${formatNumber(PAGINA_MAXIMA)}, o dejalo vacío para ver la primera.`;

/**
 * An empty field means no filter; anything else must be a whole number. `formato` answers letters
 * or signs, `rango` a number out of bounds; the number schema gets `rango` too, because 400 nines
 * become Infinity, which zod reports as a wrong type rather than as too big.
 */
const entero = (formato: string, rango: string, min: number, max: number) =>
  z
    .string()
    .trim()
    .transform((v) => (v === '' ? undefined : v))
    .pipe(
      z
        .string()
        .regex(/^\d+$/, formato)
        .transform(Number)
        .pipe(z.number({ error: rango }).int(rango).min(min, rango).max(max, rango))
        .optional(),
    )
    .optional();

const MENSAJE_POR_PAGINA = 'Pedí entre 1 y 100 resultados por página, o dejalo vacío para recibir 25.';

/** The API's page size, from its query string: 1 to 100; absent or empty, POR_PAGINA. */
export const porPaginaSchema = entero(MENSAJE_POR_PAGINA, MENSAJE_POR_PAGINA, 1, 100).meta({ description: 'Resultados por página, de 1 a 100 (25 si falta).' });

/**
 * The search filter of the original (estado, numero, anio, pattern) plus pagina, as they come in
 * a URL or the API's query string. One schema for the page, the API and the tests.
 */
export const filtrosOrdenanzasSchema = z.object({
  estado: z
    .string()
    .trim()
    .transform((v) => (v === '' ? String(ESTADO_TODOS) : v))
    .pipe(
      z
        .string()
        .regex(/^-?\d+$/, 'Elegí un estado de la lista.')
        .transform(Number)
        .refine((n) => n === ESTADO_TODOS || esEstadoValido(n), 'Elegí un estado de la lista.'),
    )
    .default(ESTADO_TODOS)
    .meta({ description: `Código de estado (${ESTADOS_ORDENANZA.map((e) => `${e.codigo} ${e.etiqueta}`).join(', ')}); ${ESTADO_TODOS} o vacío: todos.` }),
  numero: entero(
    'Ingresá un número de ordenanza (sólo dígitos).',
    `Ingresá un número de ordenanza entre 1 y ${formatNumber(NUMERO_MAXIMO)}.`,
    1,
    NUMERO_MAXIMO,
  ).meta({
    description: 'Número de ordenanza, exacto.',
  }),
  anio: entero(MENSAJE_ANIO, MENSAJE_ANIO, ANIO_MINIMO, ANIO_MAXIMO).meta({ description: `Año, exacto (${ANIO_MINIMO} a ${ANIO_MAXIMO}).` }),
  pattern: z
    .string()
    .trim()
    .max(200, 'El texto a buscar puede tener hasta 200 caracteres.')
    .transform((v) => (v === '' ? undefined : v))
    .optional()
    .meta({
      description:
        'Palabras a buscar en la descripción, el expediente y el texto del PDF; todas deben estar, sin importar acentos, mayúsculas ni plurales (cada una también como comienzo de una palabra más larga).',
    }),
  /** Only links carry it; an out-of-range page (an old or edited link) gets its own message. */
  pagina: z
    .string()
    .trim()
    .transform((v) => (v === '' ? '1' : v))
    .pipe(
      z
        .string()
        .regex(/^\d+$/, MENSAJE_PAGINA)
        .transform(Number)
        .pipe(z.number({ error: MENSAJE_PAGINA }).int(MENSAJE_PAGINA).min(1, MENSAJE_PAGINA).max(PAGINA_MAXIMA, MENSAJE_PAGINA)),
    )
    .default(1)
    .meta({ description: `Página de resultados, de 1 a ${PAGINA_MAXIMA}.` }),
});

export type FiltrosOrdenanzas = z.output<typeof filtrosOrdenanzasSchema>;
export type CampoFiltro = keyof FiltrosOrdenanzas;

/** The raw values, kept as typed so a form can show them back next to its errors. */
type ValoresFiltro = Partial<Record<CampoFiltro, string>>;

export type ResultadoFiltros =
  { ok: true; filtros: FiltrosOrdenanzas; valores: ValoresFiltro } | { ok: false; errores: Partial<Record<CampoFiltro, string>>; valores: ValoresFiltro };

export function parseFiltrosOrdenanzas(params: URLSearchParams): ResultadoFiltros {
  const leido = readForm(filtrosOrdenanzasSchema, params, { largo: 400 });
  return leido.ok ? { ok: true, filtros: leido.datos, valores: leido.valores } : { ok: false, errores: leido.errores, valores: leido.valores };
}
