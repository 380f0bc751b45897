import { z } from 'zod';
import { ESTADO_TODOS, esEstadoValido } from './estados.ts';

export const POR_PAGINA = 25;
export const ANIO_MINIMO = 1900;
export const ANIO_MAXIMO = 2100;

/** An empty field means no filter; anything else must be a whole number. */
const entero = (mensaje: string, min: number, max: number) =>
  z
    .string()
    .trim()
    .transform((v) => (v === '' ? undefined : v))
    .pipe(
      z
        .string()
        .regex(/^\d+$/, mensaje)
        .transform(Number)
        .pipe(z.number().int().min(min, mensaje).max(max, mensaje))
        .optional(),
    )
    .optional();

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
    .default(ESTADO_TODOS),
  numero: entero('Ingresá un número de ordenanza (sólo dígitos).', 1, 2_000_000_000),
  anio: entero(`Ingresá un año de cuatro cifras, entre ${ANIO_MINIMO} y ${ANIO_MAXIMO}.`, ANIO_MINIMO, ANIO_MAXIMO),
  pattern: z
    .string()
    .trim()
    .max(200, 'El texto a buscar puede tener hasta 200 caracteres.')
    .transform((v) => (v === '' ? undefined : v))
    .optional(),
  pagina: z
    .string()
    .trim()
    .transform((v) => (v === '' ? '1' : v))
    .pipe(z.string().regex(/^\d+$/, 'Página inválida.').transform(Number).pipe(z.number().int().min(1).max(100_000)))
    .default(1),
});

export type FiltrosOrdenanzas = z.output<typeof filtrosOrdenanzasSchema>;
export type CampoFiltro = keyof FiltrosOrdenanzas;

/** The raw values, kept as typed so a form can show them back next to its errors. */
export type ValoresFiltro = Partial<Record<CampoFiltro, string>>;

export type ResultadoFiltros =
  | { ok: true; filtros: FiltrosOrdenanzas; valores: ValoresFiltro }
  | { ok: false; errores: Partial<Record<CampoFiltro, string>>; valores: ValoresFiltro };

export function parseFiltrosOrdenanzas(params: URLSearchParams): ResultadoFiltros {
  const valores: ValoresFiltro = {};
  for (const campo of ['estado', 'numero', 'anio', 'pattern', 'pagina'] as const) {
    const valor = params.get(campo);
    if (valor !== null) valores[campo] = valor.slice(0, 400);
  }
  const parsed = filtrosOrdenanzasSchema.safeParse(valores);
  if (parsed.success) return { ok: true, filtros: parsed.data, valores };
  const errores: Partial<Record<CampoFiltro, string>> = {};
  for (const issue of parsed.error.issues) {
    const campo = issue.path[0] as CampoFiltro;
    errores[campo] ??= issue.message;
  }
  return { ok: false, errores, valores };
}
