import { describe, expect, it } from 'vitest';
import { MENSAJES_OBLIGATORIOS, MENSAJE_NOMBRE, MENSAJE_NUMERO_DECRETO, parseSolicitudDecreto } from './schemas.ts';

const valida = { nombre: 'Ana Gómez', dni: '30123456', email: 'ana@correo.com.ar', numero: '123/2024' };

describe('esquema de la solicitud de decretos', () => {
  it('los cuatro mensajes del spec, exactos, cuando faltan', () => {
    const r = parseSolicitudDecreto({});
    expect(r).toEqual({
      ok: false,
      errores: {
        nombre: 'El campo nombre es obligatorio',
        dni: 'El campo dni es obligatorio',
        email: 'El campo email es obligatorio',
        numero: 'El campo decreto es obligatorio',
      },
    });
  });

  it.each([[''], ['   '], [null], [42], [['a']], [{}], [true]])('el mismo mensaje para %j', (valor) => {
    for (const campo of ['nombre', 'dni', 'email', 'numero'] as const) {
      const r = parseSolicitudDecreto({ ...valida, [campo]: valor });
      expect(r.ok).toBe(false);
      if (!r.ok) expect(r.errores).toEqual({ [campo]: MENSAJES_OBLIGATORIOS[campo] });
    }
  });

  it('un cuerpo que no es un objeto da los cuatro mensajes', () => {
    for (const cuerpo of [null, 'texto', 5, []]) {
      const r = parseSolicitudDecreto(cuerpo);
      expect(r.ok ? {} : r.errores).toEqual(MENSAJES_OBLIGATORIOS);
    }
  });

  it('DNI con puntos: se aceptan y se quitan; 7 u 8 números', () => {
    const r = parseSolicitudDecreto({ ...valida, dni: '30.123.456' });
    expect(r.ok && r.datos.dni).toBe('30123456');
    expect(parseSolicitudDecreto({ ...valida, dni: '1.234.567' }).ok).toBe(true);
    for (const dni of ['123456', '123456789', '30-123-456', 'abcdefgh']) {
      const m = parseSolicitudDecreto({ ...valida, dni });
      expect(m.ok ? '' : m.errores.dni).toBe('Ingresá un DNI de 7 u 8 números (los puntos se aceptan).');
    }
  });

  it('email con formato inválido', () => {
    for (const email of ['ana', 'ana@', '@correo.com', 'ana correo@x.com']) {
      const r = parseSolicitudDecreto({ ...valida, email });
      expect(r.ok ? '' : r.errores.email).toBe('Ingresá un email válido, por ejemplo nombre@correo.com.ar.');
    }
  });

  it('largos máximos con mensajes claros', () => {
    const r = parseSolicitudDecreto({ ...valida, nombre: 'a'.repeat(121), numero: '1'.repeat(31), aclaraciones: 'x'.repeat(2001) });
    expect(r.ok).toBe(false);
    if (!r.ok) {
      expect(r.errores.nombre).toMatch(/hasta 120 caracteres/);
      expect(r.errores.numero).toMatch(/hasta 30 caracteres/);
      expect(r.errores.aclaraciones).toMatch(/hasta 2\.000 caracteres/);
    }
  });

  it('ordenanza y aclaraciones son opcionales; la ordenanza es un ID o número/año', () => {
    expect(parseSolicitudDecreto(valida).ok).toBe(true);
    expect(parseSolicitudDecreto({ ...valida, ordenanza: 12 }).ok).toBe(true);
    expect(parseSolicitudDecreto({ ...valida, ordenanzaNumero: '250/2021' }).ok).toBe(true);
    const r = parseSolicitudDecreto({ ...valida, ordenanza: 'drop table' });
    expect(r.ok ? '' : r.errores.ordenanza).toBe('Elegí una ordenanza de la lista.');
  });

  it.each(["María José O'Neill-Pérez", 'Juan P. Gómez', 'J.P. Gómez', 'Ñandú Müller', 'Zoë  Łukasz', 'Ana María de los Ángeles'])(
    'el nombre %j es un nombre',
    (nombre) => {
      const r = parseSolicitudDecreto({ ...valida, nombre });
      expect(r.ok).toBe(true);
    },
  );

  it.each([
    'Hola Aviso: su DNI fue bloqueado, ingrese a https://phish.example',
    'Visite bit.ly/abc',
    'Ana 123',
    'ana@correo.com',
    'Ana <b>',
    '-Ana',
    'Ana\u0301 / Pérez',
  ])('el nombre %j no es un nombre: se rechaza con un mensaje en castellano', (nombre) => {
    const r = parseSolicitudDecreto({ ...valida, nombre });
    expect(r).toEqual({ ok: false, errores: { nombre: MENSAJE_NOMBRE } });
  });

  it('el número de decreto: como la gente lo escribe, nunca una dirección web', () => {
    for (const numero of ['123/2024', '123-2024', 'Decreto 123 de 2024', 'N.º 45/2025', '45 bis'])
      expect(parseSolicitudDecreto({ ...valida, numero }).ok, numero).toBe(true);
    for (const numero of ['https://x.co', 'bit.ly/abc', 'a@b.com', '12: llame ya']) {
      expect(parseSolicitudDecreto({ ...valida, numero }), numero).toEqual({ ok: false, errores: { numero: MENSAJE_NUMERO_DECRETO } });
    }
  });
});
