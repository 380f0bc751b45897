/**
 * A decree's number and year as people write them (docs/decisions/023-decretos-publicados.md):
 * "123/2026", "123-2026", "123 / 26", "Decreto 123 de 2026", "Decreto N° 123/2026", "dto. 123/2026",
 * "Nº 0123/2026". One reading for the citizen's form, its look-up and the back-office.
 *
 * - The number: 1 to 6 ASCII digits, leading zeros ignored; 0 is no decree.
 * - The year: four digits from 1900 to 2100, or two digits meaning 20xx (the municipality's decrees
 *   people ask for are this century's); a two-digit year is read only after "/" or "-".
 * - Without a year there is no decree: "123" alone names one in every year, so it matches nothing.
 * - Only ASCII digits count: other scripts' digits, or anything left over, read as no decree.
 */
export type NumeroDecreto = { numero: number; anio: number };

/** Longer than any way of writing a decree: such text is not read at all. */
const MAXIMO = 60;

/** The words before the number, case and accents aside: "decreto", "dto.", "dec.", "N°", "nro.". */
const PREFIJO = /^(?:decreto|dto\.?|dec\.?)?\s*(?:n(?:ro|um(?:ero)?)?\s*\.?\s*[°º]?\s*\.?|[°º#])?\s*/;

const FORMA = /^(\d{1,6})\s*(?:(?:[/-])\s*(\d{2}|\d{4})|\s(?:de(?:l(?:\s+a[nñ]o)?)?\s+)?(\d{4}))$/;

export function parseNumeroDecreto(texto: string): NumeroDecreto | undefined {
  if (typeof texto !== 'string' || texto.length > MAXIMO) return undefined;
  const limpio = texto.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase().replace(/\s+/g, ' ').trim();
  const resto = limpio.replace(PREFIJO, '');
  const m = FORMA.exec(resto);
  if (!m) return undefined;
  const numero = Number(m[1]);
  const anioTexto = m[2] ?? m[3]!;
  const anio = anioTexto.length === 2 ? 2000 + Number(anioTexto) : Number(anioTexto);
  if (numero < 1 || anio < 1900 || anio > 2100) return undefined;
  return { numero, anio };
}

/** How the site writes it back: 123/2026. */
export const formatNumeroDecreto = (d: NumeroDecreto): string => `${d.numero}/${d.anio}`;
