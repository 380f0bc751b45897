import { ALPHABET, generarCodigoSeguimiento, limpiarCodigo, parseCodigoSeguimiento, tieneFormaDeCodigo } from '#domain/shared/codigo-seguimiento.ts';

/**
 * Tracking codes of decree-copy requests (docs/decisions/004-datos-personales.md): `SD-2026-7KQ-3XM-9PK`,
 * the shared tracking code (domain/shared/codigo-seguimiento.ts) with the prefix SD. Codes issued
 * before (`SD-2026-000123`) keep working.
 */
export { ALPHABET };

/** A new code for a request received in `anio`. */
export const generateCodigo = (anio: number | string): string => generarCodigoSeguimiento('SD', anio);

const ANTERIOR = /^SD-?(\d{4})-?(\d{6,})$/;

/**
 * The code as stored, from what the citizen typed (any case, spaces, with or without dashes), or
 * undefined when it cannot be one: a wrong check symbol, a symbol outside the alphabet, a wrong
 * shape. The caller answers it exactly as it answers an unknown code.
 */
export function parseCodigo(texto: string): string | undefined {
  // A new code with a wrong check symbol is no code, even when its symbols are all digits.
  if (tieneFormaDeCodigo('SD', texto)) return parseCodigoSeguimiento('SD', texto);
  const anterior = ANTERIOR.exec(limpiarCodigo(texto));
  return anterior ? `SD-${anterior[1]}-${anterior[2]}` : undefined;
}
