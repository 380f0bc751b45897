import { describe, expect, it } from 'vitest';
import { formatNumeroDecreto, parseNumeroDecreto } from './numero-decreto.ts';

describe('número de decreto como lo escribe la gente', () => {
  it.each([
    '123/2026',
    '123-2026',
    '123 / 2026',
    ' 123 - 2026 ',
    '0123/2026',
    '000123/2026',
    '123/26',
    '123-26',
    '123 / 26',
    '123 2026',
    '123 de 2026',
    '123 del 2026',
    '123 del año 2026',
    'Decreto 123 de 2026',
    'DECRETO 123/2026',
    'decreto 123/2026',
    'Decreto N° 123/2026',
    'Decreto Nº 123/2026',
    'Decreto N.º 123/2026',
    'Decreto Nro. 123/2026',
    'Decreto Nro 123-2026',
    'Decreto número 123/2026',
    'Decreto Número 123 de 2026',
    'decreto nº0123/26',
    'Decreto123/2026',
    'dto. 123/2026',
    'Dto 123/2026',
    'dec. 123/2026',
    'N° 123/2026',
    'nº 123/2026',
    '# 123/2026',
    'Decreto\t123\n/\n2026',
  ])('«%s» es el 123/2026', (texto) => {
    expect(parseNumeroDecreto(texto)).toEqual({ numero: 123, anio: 2026 });
  });

  it('el año de dos cifras es de este siglo; el de cuatro, entre 1900 y 2100', () => {
    expect(parseNumeroDecreto('5/99')).toEqual({ numero: 5, anio: 2099 });
    expect(parseNumeroDecreto('5/00')).toEqual({ numero: 5, anio: 2000 });
    expect(parseNumeroDecreto('5/1999')).toEqual({ numero: 5, anio: 1999 });
    expect(parseNumeroDecreto('5/1899')).toBeUndefined();
    expect(parseNumeroDecreto('5/2101')).toBeUndefined();
    // Two digits only after a bar or a hyphen: «123 26» could be anything.
    expect(parseNumeroDecreto('123 26')).toBeUndefined();
    expect(parseNumeroDecreto('123 de 26')).toBeUndefined();
    expect(parseNumeroDecreto('999999/2026')).toEqual({ numero: 999999, anio: 2026 });
  });

  it.each([
    '',
    ' ',
    '123',
    'Decreto 123',
    '0/2026',
    '000/2026',
    '1234567/2026',
    '123/202',
    '123/20266',
    '123/2026/1',
    '123//2026',
    '123/2026 bis',
    'ordenanza 123/2026',
    '123.5/2026',
    '-123/2026',
    '1e3/2026',
    '0x7b/2026',
    'abc',
    'decreto',
    '/2026',
    "123/2026' OR 1=1 --",
    '<script>123/2026</script>',
    '１２３/２０２６',
    '١٢٣/٢٠٢٦',
    '१२३/२०२६',
    '𝟏𝟐𝟑/𝟐𝟎𝟐𝟔',
    '123/2026\u202e',
  ])('«%s» no es un decreto', (texto) => {
    expect(parseNumeroDecreto(texto)).toBeUndefined();
  });

  it('un texto larguísimo no se lee (ni tarda)', () => {
    const inicio = performance.now();
    expect(parseNumeroDecreto(`${' '.repeat(100_000)}123/2026`)).toBeUndefined();
    expect(parseNumeroDecreto(`decreto ${'n'.repeat(50)}`)).toBeUndefined();
    expect(parseNumeroDecreto('1'.repeat(1_000_000))).toBeUndefined();
    expect(parseNumeroDecreto(`${'decreto '.repeat(7)}123/2026`)).toBeUndefined();
    expect(performance.now() - inicio).toBeLessThan(100);
  });

  it('lo que no es texto no es un decreto', () => {
    expect(parseNumeroDecreto(123 as unknown as string)).toBeUndefined();
    expect(parseNumeroDecreto(undefined as unknown as string)).toBeUndefined();
  });

  it('se escribe de vuelta como número/año', () => {
    expect(formatNumeroDecreto(parseNumeroDecreto('Decreto Nº 0045 de 2025')!)).toBe('45/2025');
  });
});
