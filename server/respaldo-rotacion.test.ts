import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { fechaDeRespaldo, nombreDeRespaldo, respaldosAConservar, rotarRespaldos, ultimoRespaldo } from './respaldo-rotacion.ts';

/** One backup a day at 03:00 UTC for `dias` days up to `hasta`. */
function diarios(hasta: Date, dias: number): string[] {
  return Array.from({ length: dias }, (_, i) => nombreDeRespaldo(new Date(hasta.getTime() - i * 86_400_000)));
}

describe('rotación de respaldos', () => {
  it('el nombre lleva la fecha en UTC y se lee de vuelta; otros archivos no son respaldos', () => {
    const fecha = new Date('2026-11-28T03:00:05Z');
    expect(nombreDeRespaldo(fecha)).toBe('respaldo-2026-11-28T030005Z.tar.zst');
    expect(fechaDeRespaldo(nombreDeRespaldo(fecha))).toEqual(fecha);
    expect(fechaDeRespaldo('respaldo-2026-11-28T030005Z.tar.zst.parcial-12')).toBeUndefined();
    expect(fechaDeRespaldo('notas.txt')).toBeUndefined();
  });

  it('de un año de respaldos diarios quedan 7 diarios, 4 semanales y 12 mensuales (los que coinciden cuentan una vez)', () => {
    const hoy = new Date('2026-11-28T03:00:00Z'); // a Saturday
    const todos = diarios(hoy, 400);
    const quedan = respaldosAConservar([...todos, 'otra-cosa.txt']);
    const fechas = [...quedan].map((n) => n.slice(9, 19)).sort();
    // The last 7 days.
    for (const dia of ['2026-11-22', '2026-11-23', '2026-11-24', '2026-11-25', '2026-11-26', '2026-11-27', '2026-11-28']) expect(fechas).toContain(dia);
    // The newest of each of the last 4 weeks (Monday to Sunday): this one's is today.
    for (const domingo of ['2026-11-22', '2026-11-15', '2026-11-08']) expect(fechas).toContain(domingo);
    // The newest of each of the last 12 months.
    for (const fin of ['2026-10-31', '2026-09-30', '2026-01-31', '2025-12-31']) expect(fechas).toContain(fin);
    expect(fechas).not.toContain('2025-11-30');
    // Last week's newest (Sunday the 22nd) is also a daily one; this month's is today's.
    expect(quedan.size).toBe(7 + 2 + 11);
    expect(quedan.has('otra-cosa.txt')).toBe(false);
  });

  it('con pocos respaldos no se borra ninguno', () => {
    const pocos = diarios(new Date('2026-11-28T03:00:00Z'), 5);
    expect(respaldosAConservar(pocos)).toEqual(new Set(pocos));
  });

  it('rotarRespaldos borra sólo respaldos de más, nunca otros archivos; ultimoRespaldo da el más nuevo', () => {
    const carpeta = fs.mkdtempSync(path.join(os.tmpdir(), 'vla-rotacion-'));
    try {
      const todos = diarios(new Date('2026-11-28T03:00:00Z'), 40);
      for (const n of [...todos, 'LEEME.txt']) fs.writeFileSync(path.join(carpeta, n), '');
      const borrados = rotarRespaldos(carpeta);
      const quedan = fs.readdirSync(carpeta);
      expect(quedan).toContain('LEEME.txt');
      expect(borrados.length + quedan.length).toBe(41);
      expect(quedan.length).toBeLessThan(7 + 4 + 12 + 1);
      expect(ultimoRespaldo(carpeta)).toBe(path.join(carpeta, 'respaldo-2026-11-28T030000Z.tar.zst'));
    } finally {
      fs.rmSync(carpeta, { recursive: true, force: true });
    }
  });
});
