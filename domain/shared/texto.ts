/** Escapes `\`, `%` and `_` so that text typed by a person is matched literally inside LIKE/ILIKE. */
export const escaparLike = (texto: string): string => texto.replace(/[\\%_]/g, (c) => `\\${c}`);

/**
 * Text as the database's `f_normalizar` reads it (migration 0002): letters and digits left, accents
 * and case gone. Empty when nothing searchable is left, so a search can skip that condition.
 */
export const normalizado = (texto: string): string =>
  texto
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, ' ')
    .trim();
