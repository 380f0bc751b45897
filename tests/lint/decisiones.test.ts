import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

// A decision record stays a decision: under two pages, counted in characters (not bytes). Tables of
// figures go to docs/benchmarks.md and procedures to docs/operacion.md, with a line pointing there.
const MAXIMO_CARACTERES = 7_000;
const carpeta = join(import.meta.dirname, '../../docs/decisions');

describe('registros de decisiones', () => {
  it(`cada docs/decisions/*.md tiene ${MAXIMO_CARACTERES} caracteres o menos`, () => {
    const archivos = readdirSync(carpeta).filter((nombre) => nombre.endsWith('.md'));
    expect(archivos.length).toBeGreaterThan(0);
    const largos = archivos
      .map((nombre) => ({ nombre, caracteres: [...readFileSync(join(carpeta, nombre), 'utf8')].length }))
      .filter(({ caracteres }) => caracteres > MAXIMO_CARACTERES)
      .map(({ nombre, caracteres }) => `docs/decisions/${nombre}: ${caracteres} caracteres (máximo ${MAXIMO_CARACTERES})`);
    expect(largos).toEqual([]);
  });
});
