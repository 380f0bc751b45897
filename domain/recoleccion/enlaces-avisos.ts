/*
 * The addresses of Mi calle's subscription pages and the form's default radius: what the pages'
 * components need in the browser too, without the database code of suscripciones.ts.
 */
export const RADIO_PREDETERMINADO_M = 300;

/**
 * A coordinate in degrees as Mi calle's pages write it and read it back (the map, the coordinate
 * fields, the point carried from /mi-calle to its notices): digits with a decimal point or comma,
 * within ±`limite`. An exponent, hexadecimal, NaN, Infinity or more than 12 decimals is not one.
 */
export function leerCoordenada(texto: string, limite: number): number | undefined {
  const t = texto.trim().replace(',', '.');
  if (!/^-?\d{1,3}(\.\d{1,12})?$/.test(t)) return undefined;
  const n = Number(t);
  return Math.abs(n) <= limite ? n : undefined;
}

export const rutaConfirmar = (token: string) => `/mi-calle/avisos/confirmar?token=${encodeURIComponent(token)}`;
export const rutaGestion = (token: string) => `/mi-calle/avisos/gestion?token=${encodeURIComponent(token)}`;
export const rutaBaja = (token: string) => `/mi-calle/avisos/baja?token=${encodeURIComponent(token)}`;
