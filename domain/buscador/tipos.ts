/**
 * What each result of the site search is, as the results page says it
 * (docs/decisions/049-buscador-del-sitio.md).
 */
export const TIPOS_RESULTADO = {
  ordenanza: 'Ordenanza',
  boletin: 'Boletín Oficial',
  decreto: 'Decreto',
  area: 'Área',
  ejecutivo: 'Ejecutivo',
  concejo: 'Concejo Deliberante',
  datos: 'Datos abiertos',
  pagina: 'Página',
} as const;

export type TipoResultado = keyof typeof TIPOS_RESULTADO;

export const esTipoResultado = (tipo: string): tipo is TipoResultado => Object.hasOwn(TIPOS_RESULTADO, tipo);
