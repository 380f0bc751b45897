/**
 * The year filter of the finance lists (docs/decisions/051-listas-largas-y-migas.md): `?anio=` in
 * the address. Without it the page shows the most recent year; `todos` shows every year; a year
 * the list does not have, or anything else, is the visitor's mistake, answered in Spanish.
 */

/** The value of the option that shows every year. */
export const TODOS_LOS_ANIOS = 'todos';

export type FiltroAnio = { tipo: 'anio'; anio: number } | { tipo: 'todos' } | { tipo: 'invalido'; mensaje: string };

/** Years of a list, newest first, once each. */
export function aniosDe(items: readonly { anio: number }[]): number[] {
  return [...new Set(items.map((i) => i.anio))].sort((a, b) => b - a);
}

/**
 * The filter for `?anio=` (`null` when absent) among the years a list has. `que` names the list in
 * the message ("estados contables", "informes de sueldos").
 */
export function elegirAnio(pedido: string | null, anios: readonly number[], que: string): FiltroAnio {
  const valor = (pedido ?? '').trim();
  if (valor === '') return anios.length > 0 ? { tipo: 'anio', anio: Math.max(...anios) } : { tipo: 'todos' };
  if (valor === TODOS_LOS_ANIOS) return { tipo: 'todos' };
  if (/^\d{4}$/.test(valor)) {
    const anio = Number(valor);
    if (anios.includes(anio)) return { tipo: 'anio', anio };
    return { tipo: 'invalido', mensaje: `No hay ${que} de ${anio}. Elegí uno de los años de la lista.` };
  }
  return { tipo: 'invalido', mensaje: 'Elegí un año de la lista, o «Todos los años».' };
}
