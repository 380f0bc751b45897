import { randomInt } from 'node:crypto';

/**
 * Tracking codes by prefix (docs/decisions/004-datos-personales.md): `SD-2026-7KQ-3XM-9PK` for a
 * decree-copy request, `RC-2026-7KQ-3XM-9PK` for a citizen report. Eight random symbols (40 bits)
 * and a check symbol, in an alphabet without 0/O, 1/I that is easy to read aloud and to type. The
 * check symbol (Luhn mod 32) catches every mistyped symbol, and nearly every swap of two neighbours,
 * before any look-up.
 */
export const ALPHABET = '23456789ABCDEFGHJKLMNPQRSTUVWXYZ';
const N = ALPHABET.length;
const SIMBOLOS_AZAR = 8;

/** Luhn mod N over the symbols, from the right, doubling every second one. */
function simboloControl(simbolos: string): string {
  let suma = 0;
  let doblar = true;
  for (let i = simbolos.length - 1; i >= 0; i--) {
    let valor = ALPHABET.indexOf(simbolos[i]!);
    if (doblar) {
      valor *= 2;
      valor = Math.floor(valor / N) + (valor % N);
    }
    suma += valor;
    doblar = !doblar;
  }
  return ALPHABET[(N - (suma % N)) % N]!;
}

/** A new code with `prefijo` (two capital letters) for something received in `anio`. */
export function generarCodigoSeguimiento(prefijo: string, anio: number | string): string {
  let simbolos = '';
  for (let i = 0; i < SIMBOLOS_AZAR; i++) simbolos += ALPHABET[randomInt(N)];
  const completo = simbolos + simboloControl(simbolos);
  return `${prefijo}-${anio}-${completo.slice(0, 3)}-${completo.slice(3, 6)}-${completo.slice(6)}`;
}

const formas = new Map<string, RegExp>();
function forma(prefijo: string): RegExp {
  let re = formas.get(prefijo);
  if (!re) {
    re = new RegExp(`^${prefijo}-?(\\d{4})-?([${ALPHABET}]{3})-?([${ALPHABET}]{3})-?([${ALPHABET}]{3})$`);
    formas.set(prefijo, re);
  }
  return re;
}

/** What the citizen typed, in capitals and without spaces. */
export const limpiarCodigo = (texto: string): string => texto.toUpperCase().replace(/[\s\u00a0]+/g, '');

/** Whether `texto` has the shape of a code with `prefijo`, right or wrong check symbol. */
export const tieneFormaDeCodigo = (prefijo: string, texto: string): boolean => forma(prefijo).test(limpiarCodigo(texto));

/**
 * The code with `prefijo` as stored, from what the citizen typed (any case, spaces, with or
 * without dashes), or undefined when it cannot be one: a wrong check symbol, a symbol outside the
 * alphabet, a wrong shape, another prefix. The caller answers it exactly as an unknown code.
 */
export function parseCodigoSeguimiento(prefijo: string, texto: string): string | undefined {
  const encontrado = forma(prefijo).exec(limpiarCodigo(texto));
  if (!encontrado) return undefined;
  const [, anio, a, b, c] = encontrado;
  const simbolos = `${a}${b}${c}`;
  if (simboloControl(simbolos.slice(0, SIMBOLOS_AZAR)) !== simbolos[SIMBOLOS_AZAR]) return undefined;
  return `${prefijo}-${anio}-${a}-${b}-${c}`;
}

/** A citizen report's code (docs/decisions/057-reclamos.md): `RC-2026-7KQ-3XM-9PK`. */
export const generarCodigoReclamo = (anio: number | string): string => generarCodigoSeguimiento('RC', anio);

/** A citizen report's code as stored, from what was typed; undefined when it cannot be one. */
export const parseCodigoReclamo = (texto: string): string | undefined => parseCodigoSeguimiento('RC', texto);
