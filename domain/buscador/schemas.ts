import { readForm } from '#domain/shared/form.ts';
import { z } from '#domain/shared/zod.ts';

/** Results per page of the site search. */
export const POR_PAGINA = 20;
/**
 * Pages the search goes to: each source is read up to the last result of the page asked for, so
 * 10 pages of 20 stay under the ordinance search's 250 ranked matches (docs/decisions/002-busqueda.md).
 */
export const PAGINAS_MAXIMAS = 10;
/** The same limit as the ordinance search's words. */
export const LARGO_MAXIMO = 200;

export const MENSAJE_LARGO = `La búsqueda puede tener hasta ${LARGO_MAXIMO} caracteres: acortala y probá de nuevo.`;
const MENSAJE_PAGINA = `Elegí una página de resultados entre 1 y ${PAGINAS_MAXIMAS}; si no encontrás lo que buscás, agregá palabras.`;

/** `/buscar?q=…&pagina=…`: the words (empty: nothing searched yet) and the page. */
export const busquedaSitioSchema = z.object({
  q: z
    .string()
    .trim()
    .max(LARGO_MAXIMO, MENSAJE_LARGO)
    .transform((v) => v.replace(/\s+/g, ' '))
    .default(''),
  pagina: z
    .string()
    .trim()
    .transform((v) => (v === '' ? '1' : v))
    .pipe(
      z
        .string()
        .regex(/^\d{1,3}$/, MENSAJE_PAGINA)
        .transform(Number)
        .pipe(z.number().int().min(1, MENSAJE_PAGINA).max(PAGINAS_MAXIMAS, MENSAJE_PAGINA)),
    )
    .default(1),
});

export type BusquedaSitio = z.output<typeof busquedaSitioSchema>;
export type CampoBusqueda = keyof BusquedaSitio;

export function parseBusquedaSitio(params: URLSearchParams) {
  return readForm(busquedaSitioSchema, params, { largo: 1000 });
}
