import { describe, expect, it } from 'vitest';
import { createCipher } from '#domain/shared/cipher.ts';
import { CONFIRMACION_INVALIDA, CONFIRMACION_VENCIDA, VIGENCIA_CONFIRMACION_MS, firmarConfirmacion, leerConfirmacion } from './confirmacion.ts';

// The preview's token (docs/decisions/052-confirmar-antes-de-escribir.md): ours, unexpired, of this person and request.
describe('la confirmación de un envío', () => {
  const cipher = createCipher(Buffer.alloc(32, 7));
  const ahora = new Date('2026-11-28T13:00:00Z');
  const c = {
    codigo: 'SD-2026-AAA-BBB-CCC',
    accion: 'enviar' as const,
    documentoId: 5,
    estado: 'en_proceso',
    mensaje: 'Hola',
    usuarioId: 3,
    vence: ahora.getTime() + VIGENCIA_CONFIRMACION_MS,
  };
  const token = firmarConfirmacion(cipher, c);
  const esperado = { codigo: c.codigo, usuarioId: 3, ahora };

  it('la propia se lee tal cual', () => {
    expect(leerConfirmacion(cipher, token, esperado)).toEqual({ ok: true, datos: c });
  });

  it('otra clave, otra solicitud, alterada o ilegible: no la reconocemos', () => {
    expect(leerConfirmacion(createCipher(Buffer.alloc(32, 8)), token, esperado)).toEqual({ ok: false, mensaje: CONFIRMACION_INVALIDA });
    expect(leerConfirmacion(cipher, token, { ...esperado, codigo: 'SD-2026-ZZZ-ZZZ-ZZZ' })).toEqual({ ok: false, mensaje: CONFIRMACION_INVALIDA });
    const [, firma] = token.split('.');
    const otra = `${Buffer.from(JSON.stringify({ ...c, documentoId: 6 })).toString('base64url')}.${firma}`;
    for (const t of [otra, 'x', 'a.b.c', '', `${token}.`]) expect(leerConfirmacion(cipher, t, esperado).ok, t).toBe(false);
  });

  it('de otra persona, o vencida (con lo que nombraba, para descartar su PDF)', () => {
    expect(leerConfirmacion(cipher, token, { ...esperado, usuarioId: 4 }).ok).toBe(false);
    expect(leerConfirmacion(cipher, token, { ...esperado, ahora: new Date(c.vence + 1) })).toEqual({ ok: false, mensaje: CONFIRMACION_VENCIDA, vencida: c });
  });
});
