import { describe, expect, it } from 'vitest';
import { ALPHABET, parseCodigo, generateCodigo } from './codigo.ts';

const FORMA = /^SD-2026-([2-9A-HJ-NP-Z]{3})-([2-9A-HJ-NP-Z]{3})-([2-9A-HJ-NP-Z]{3})$/;

describe('códigos de seguimiento', () => {
  it('tienen 8 símbolos al azar (40 bits) y uno de control, sin 0, O, 1 ni I', () => {
    expect(ALPHABET).toHaveLength(32);
    expect(ALPHABET).not.toMatch(/[01OI]/);
    for (let i = 0; i < 200; i++) {
      const codigo = generateCodigo(2026);
      expect(codigo).toMatch(FORMA);
      expect(parseCodigo(codigo)).toBe(codigo);
    }
  });

  it('no son consecutivos ni se repiten', () => {
    const codigos = Array.from({ length: 5000 }, () => generateCodigo(2026));
    expect(new Set(codigos).size).toBe(codigos.length);
    const ordenados = [...codigos].sort();
    expect(ordenados).not.toEqual(codigos);
    // Every symbol of the alphabet appears in every random position: no counter behind them.
    for (let posicion = 0; posicion < 8; posicion++) {
      const vistos = new Set(codigos.map((c) => c.replace(/^SD-2026-/, '').replace(/-/g, '')[posicion]));
      expect(vistos.size).toBe(32);
    }
  });

  it('el símbolo de control rechaza cualquier error de un solo símbolo', () => {
    for (let n = 0; n < 50; n++) {
      const codigo = generateCodigo(2026);
      const simbolos = codigo.slice(8).replace(/-/g, '');
      for (let i = 0; i < simbolos.length; i++) {
        for (const otro of ALPHABET) {
          if (otro === simbolos[i]) continue;
          const errado = simbolos.slice(0, i) + otro + simbolos.slice(i + 1);
          expect(parseCodigo(`SD-2026-${errado}`), `${codigo} → ${errado}`).toBeUndefined();
        }
      }
    }
  });

  it('casi todo intercambio de dos vecinos se detecta', () => {
    let detectados = 0;
    let intercambios = 0;
    for (let n = 0; n < 300; n++) {
      const simbolos = generateCodigo(2026).slice(8).replace(/-/g, '');
      for (let i = 0; i + 1 < simbolos.length; i++) {
        if (simbolos[i] === simbolos[i + 1]) continue;
        intercambios++;
        const cambiado = simbolos.slice(0, i) + simbolos[i + 1] + simbolos[i] + simbolos.slice(i + 2);
        if (parseCodigo(`SD-2026-${cambiado}`) === undefined) detectados++;
      }
    }
    expect(detectados / intercambios).toBeGreaterThan(0.99);
  });

  it('se leen como la gente los escribe: minúsculas, espacios, sin guiones', () => {
    const codigo = generateCodigo(2026);
    const [, a, b, c] = FORMA.exec(codigo)!;
    expect(parseCodigo(`  sd-2026-${a}-${b}-${c} `.toLowerCase())).toBe(codigo);
    expect(parseCodigo(`SD 2026 ${a} ${b} ${c}`)).toBe(codigo);
    expect(parseCodigo(`SD2026${a}${b}${c}`)).toBe(codigo);
  });

  it('los códigos anteriores (SD-2026-000123) siguen valiendo', () => {
    expect(parseCodigo('SD-2026-000123')).toBe('SD-2026-000123');
    expect(parseCodigo(' sd-2025-000001 ')).toBe('SD-2025-000001');
    expect(parseCodigo('sd 2025 1234567')).toBe('SD-2025-1234567');
  });

  it('lo que no puede ser un código no se busca', () => {
    for (const texto of [
      '',
      'SD-2026',
      'SD-2026-12345',
      'SD-2026-0KQ-3XM-9PK',
      'SD-2026-IKQ-3XM-9PK',
      'hola',
      'SD-2026-7KQ-3XM-9P',
      "SD-2026-000001' or 1=1",
    ]) {
      expect(parseCodigo(texto), texto).toBeUndefined();
    }
  });
});
