/** Estado codes and labels exactly as the original site (docs/sitio-original.md §4); -1 is the search's 'Todos'. */
export const ESTADOS_ORDENANZA = [
  { codigo: 1, etiqueta: 'Clasificando' },
  { codigo: 2, etiqueta: 'Aprobada/Vigente' },
  { codigo: 3, etiqueta: 'Derogada' },
  { codigo: 4, etiqueta: 'Vetada' },
  { codigo: 9, etiqueta: 'Anulada' },
] as const;

export const ESTADO_TODOS = -1;

export type CodigoEstado = (typeof ESTADOS_ORDENANZA)[number]['codigo'];

export function etiquetaEstado(codigo: number): string {
  return ESTADOS_ORDENANZA.find((e) => e.codigo === codigo)?.etiqueta ?? 'Desconocido';
}

export function esEstadoValido(codigo: number): codigo is CodigoEstado {
  return ESTADOS_ORDENANZA.some((e) => e.codigo === codigo);
}
