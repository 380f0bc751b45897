import { describe, expect, it } from 'vitest';
import { ALPHABET, generarCodigoReclamo, generarCodigoSeguimiento, parseCodigoReclamo, parseCodigoSeguimiento } from './codigo-seguimiento.ts';
import { generateCodigo, parseCodigo } from '#domain/decretos/codigo.ts';

const FORMA_RC = /^RC-2026-([2-9A-HJ-NP-Z]{3})-([2-9A-HJ-NP-Z]{3})-([2-9A-HJ-NP-Z]{3})$/;

describe('códigos de seguimiento por prefijo', () => {
  it('los reclamos llevan RC, 8 símbolos al azar y uno de control', () => {
    for (let i = 0; i < 200; i++) {
      const codigo = generarCodigoReclamo(2026);
      expect(codigo).toMatch(FORMA_RC);
      expect(parseCodigoReclamo(codigo)).toBe(codigo);
    }
  });

  it('se leen como la gente los escribe', () => {
    const codigo = generarCodigoReclamo(2026);
    const [, a, b, c] = FORMA_RC.exec(codigo)!;
    expect(parseCodigoReclamo(` rc-2026-${a}-${b}-${c} `.toLowerCase())).toBe(codigo);
    expect(parseCodigoReclamo(`RC 2026 ${a} ${b} ${c}`)).toBe(codigo);
    expect(parseCodigoReclamo(`RC2026${a}${b}${c}`)).toBe(codigo);
  });

  it('el símbolo de control rechaza cualquier error de un solo símbolo', () => {
    for (let n = 0; n < 30; n++) {
      const codigo = generarCodigoReclamo(2026);
      const simbolos = codigo.slice(8).replace(/-/g, '');
      for (let i = 0; i < simbolos.length; i++) {
        for (const otro of ALPHABET) {
          if (otro === simbolos[i]) continue;
          const errado = simbolos.slice(0, i) + otro + simbolos.slice(i + 1);
          expect(parseCodigoReclamo(`RC-2026-${errado}`), `${codigo} → ${errado}`).toBeUndefined();
        }
      }
    }
  });

  it('un prefijo no vale por otro: un código de decreto no es un reclamo ni al revés', () => {
    const decreto = generateCodigo(2026);
    const reclamo = generarCodigoReclamo(2026);
    expect(parseCodigoReclamo(decreto)).toBeUndefined();
    expect(parseCodigo(reclamo)).toBeUndefined();
    // Same symbols, other prefix: the check symbol does not depend on the prefix, the shape does.
    expect(parseCodigoReclamo(decreto.replace(/^SD/, 'RC'))).toBe(decreto.replace(/^SD/, 'RC'));
    expect(parseCodigoSeguimiento('XX', generarCodigoSeguimiento('XX', 2030))).toMatch(/^XX-2030-/);
  });

  it('lo que no puede ser un código de reclamo no se busca', () => {
    for (const texto of ['', 'RC-2026', 'RC-2026-0KQ-3XM-9PK', 'RC-2026-000123', "RC-2026-7KQ-3XM-9PK' or 1=1", 'hola', 'RC-26-7KQ-3XM-9PK']) {
      expect(parseCodigoReclamo(texto), texto).toBeUndefined();
    }
  });

  it('un código nuevo de decreto con control errado y sólo cifras no pasa por uno anterior', () => {
    const control = [...ALPHABET].find((s) => parseCodigo(`SD-2026-234-567-89${s}`) !== undefined)!;
    const errado = [...'23456789'].find((d) => d !== control)!;
    // Before the shared module the shape decided first: SD2026 23456789x with a wrong x is no code at all.
    expect(parseCodigo(`SD2026${'23456789'}${errado}`)).toBeUndefined();
    expect(parseCodigo(`SD-2026-234-567-89${errado}`)).toBeUndefined();
  });
});
