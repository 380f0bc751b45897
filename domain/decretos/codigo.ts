import { randomInt } from 'node:crypto';

/**
 * Tracking codes of decree-copy requests (docs/decisions/004-datos-personales.md):
 * `SD-2026-7KQ-3XM-9PK`, eight random symbols (40 bits) and a check symbol, in an alphabet
 * without 0/O, 1/I that is easy to read aloud and to type. The check symbol (Luhn mod 32) catches
 * every mistyped symbol, and nearly every swap of two neighbours, before any look-up. Codes issued before
 * (`SD-2026-000123`) keep working.
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

/** A new code for a request received in `anio`. */
export function generateCodigo(anio: number | string): string {
  let simbolos = '';
  for (let i = 0; i < SIMBOLOS_AZAR; i++) simbolos += ALPHABET[randomInt(N)];
  const completo = simbolos + simboloControl(simbolos);
  return `SD-${anio}-${completo.slice(0, 3)}-${completo.slice(3, 6)}-${completo.slice(6)}`;
}

const NUEVO = new RegExp(`^SD-?(\\d{4})-?([${ALPHABET}]{3})-?([${ALPHABET}]{3})-?([${ALPHABET}]{3})$`);
const ANTERIOR = /^SD-?(\d{4})-?(\d{6,})$/;

/**
 * The code as stored, from what the citizen typed (any case, spaces, with or without dashes), or
 * undefined when it cannot be one: a wrong check symbol, a symbol outside the alphabet, a wrong
 * shape. The caller answers it exactly as it answers an unknown code.
 */
export function parseCodigo(texto: string): string | undefined {
  const limpio = texto.toUpperCase().replace(/[\s\u00a0]+/g, '');
  const nuevo = NUEVO.exec(limpio);
  if (nuevo) {
    const [, anio, a, b, c] = nuevo;
    const simbolos = `${a}${b}${c}`;
    if (simboloControl(simbolos.slice(0, SIMBOLOS_AZAR)) !== simbolos[SIMBOLOS_AZAR]) return undefined;
    return `SD-${anio}-${a}-${b}-${c}`;
  }
  const anterior = ANTERIOR.exec(limpio);
  return anterior ? `SD-${anterior[1]}-${anterior[2]}` : undefined;
}
