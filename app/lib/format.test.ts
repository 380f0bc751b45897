import { describe, expect, it } from 'vitest';
import { formatFileSize, formatInteger } from './format.ts';

// formatInteger and formatFileSize avoid Intl in the browser (docs/decisions/010-lighthouse.md) and
// must write exactly what toLocaleString('es-AR') writes, which the server's Node does with Intl.
describe('números sin Intl', () => {
  const enteros = [0, 1, 9, 12, 250, 999, 1000, 1234, 9999, 10000, 12345, 100000, 999999, 1000000, 1234567, 987654321012];
  it.each(enteros)('formatInteger(%i) es toLocaleString', (n) => {
    expect(formatInteger(n)).toBe(n.toLocaleString('es-AR'));
  });

  const MB = 1024 * 1024;
  const tamanos = [1, 500, 1023, 1024, 1535, 1536, 2559, 2560, 900_000, MB - 1, MB, 1.05 * MB, 1.25 * MB, 1.95 * MB, 10 * MB, 1234.56 * MB, 5e9];
  it.each(tamanos.map(Math.round))('formatFileSize(%d) escribe el tamaño como toLocaleString', (bytes) => {
    const esperado =
      bytes < MB
        ? `${Math.max(1, Math.round(bytes / 1024)).toLocaleString('es-AR')} KB`
        : `${(bytes / MB).toLocaleString('es-AR', { maximumFractionDigits: 1 })} MB`;
    expect(formatFileSize(bytes)).toBe(esperado);
  });

  it('escribe los ejemplos de siempre', () => {
    expect(formatFileSize(12345)).toBe('12 KB');
    expect(formatFileSize(1234567)).toBe('1,2 MB');
    expect(formatFileSize(1310720)).toBe('1,3 MB');
  });
});
