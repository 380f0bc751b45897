import { describe, expect, it } from 'vitest';
import {
  formatCalendarDate,
  formatDateTime,
  formatDateTimeLong,
  formatDateTimeSeconds,
  formatDateTimeShort,
  formatFileSize,
  formatInteger,
  formatLongDate,
  formatLongDateWithWeekday,
  formatNumber,
  formatOneDecimal,
  formatShortDate,
  formatTime,
  formatWholeNumber,
  yearInArgentina,
} from './formato.ts';

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

describe('fechas en es-AR y en la zona de Argentina', () => {
  const a = new Date('2026-11-28T13:14:05Z');

  it('escribe cada forma', () => {
    expect(formatShortDate(a)).toBe('28/11/2026');
    expect(formatShortDate('2026-11-02T13:00:00Z')).toBe('02/11/2026');
    expect(formatDateTime(a)).toBe('28/11/2026, 10:14');
    expect(formatDateTimeShort(a)).toBe('28/11/26, 10:14 a. m.');
    expect(formatDateTimeSeconds(a)).toBe('28/11/26, 10:14:05 a. m.');
    expect(formatDateTimeLong(a)).toBe('28 de noviembre de 2026 a las 10:14 a. m.');
    expect(formatTime('2026-07-15T17:32:10Z')).toBe('14:32');
  });

  it('Argentina está en UTC-3 todo el año, sin horario de verano', () => {
    for (const mes of ['01', '04', '07', '10']) {
      expect(formatTime(`2026-${mes}-15T03:00:00Z`)).toBe('00:00');
      expect(formatDateTime(`2026-${mes}-15T15:30:00Z`)).toBe(`15/${mes}/2026, 12:30`);
    }
  });

  it('la medianoche de Argentina, no la de UTC, cambia el día y el año', () => {
    expect(formatDateTime('2026-11-29T02:59:59Z')).toBe('28/11/2026, 23:59');
    expect(formatDateTime('2026-11-29T03:00:00Z')).toBe('29/11/2026, 00:00');
    expect(formatShortDate('2027-01-01T02:59:59Z')).toBe('31/12/2026');
    expect(yearInArgentina(new Date('2027-01-01T02:59:59Z'))).toBe('2026');
    expect(yearInArgentina(new Date('2027-01-01T03:00:00Z'))).toBe('2027');
  });

  it('una fecha de calendario no se corre con ninguna zona', () => {
    expect(formatLongDate('2026-01-01')).toBe('1 de enero de 2026');
    expect(formatLongDate('2019-05-14T23:00:00Z')).toBe('14 de mayo de 2019');
    expect(formatCalendarDate('2026-04-20')).toBe('20/04/2026');
    expect(formatLongDateWithWeekday('2026-04-20')).toBe('lunes, 20 de abril de 2026');
  });

  it('una fecha inválida es un error, no un texto', () => {
    expect(() => formatShortDate(new Date('nada'))).toThrow(RangeError);
    expect(() => formatDateTime('2026-13-45T00:00:00Z')).toThrow(RangeError);
    expect(() => formatLongDate('nada')).toThrow(RangeError);
  });
});

describe('números en es-AR', () => {
  it('separa miles con punto y decimales con coma', () => {
    expect(formatNumber(1234)).toBe('1.234');
    expect(formatNumber(100000n)).toBe('100.000');
    expect(formatNumber(1.2345)).toBe('1,235');
    expect(formatWholeNumber(64.6)).toBe('65');
    expect(formatWholeNumber(12345)).toBe('12.345');
    expect(formatOneDecimal(1.25)).toBe('1,3');
    expect(formatOneDecimal(2)).toBe('2');
  });
});
