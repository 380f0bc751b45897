import { describe, expect, it } from 'vitest';
import { bodyProblem, formProblem, headerProblem, jsonProblem, urlProblem, validHost } from './input-guard.ts';

describe('la puerta de entrada', () => {
  it('acepta direcciones normales, con acentos en UTF-8 y con + como espacio', () => {
    // Node hands raw bytes of the request line over as latin1: raw UTF-8 arrives that way.
    const crudo = Buffer.from('/ñandú?q=añ', 'utf8').toString('latin1');
    for (const url of [
      '/',
      '/home',
      '/consulta-ordenanzas?pattern=habilitaci%C3%B3n+comercial&anio=2024',
      '/consulta-ordenanzas?pattern=a%0D%0Ab',
      '/x?a=&b',
      crudo,
    ]) {
      expect(urlProblem(url), url).toBeUndefined();
    }
  });

  it('rechaza NUL, controles, UTF-8 inválido, sustitutos sueltos y escapes rotos, en la ruta y en la consulta', () => {
    const casos: [string, 'encoding' | 'control'][] = [
      ['/x?pattern=%00', 'control'],
      ['/x?pattern=%01', 'control'],
      ['/x?pattern=%1B', 'control'],
      ['/x?pattern=%7F', 'control'],
      ['/x?pattern=%C2%85', 'control'],
      ['/x?pattern=%FF', 'encoding'],
      ['/x?pattern=%C3%28', 'encoding'],
      ['/x?pattern=%E2%82', 'encoding'],
      ['/x?pattern=%C0%AF', 'encoding'],
      ['/x?pattern=%ED%A0%80', 'encoding'],
      ['/x?pattern=%zz', 'encoding'],
      ['/x?pattern=%', 'encoding'],
      ['/x?%00=1', 'control'],
      ['/a%00b', 'control'],
      ['/a%0Ab', 'control'],
      ['/a%FFb', 'encoding'],
      ['/a\u00ffb', 'encoding'],
    ];
    for (const [url, problema] of casos) expect(urlProblem(url), url).toBe(problema);
  });

  it('revisa formularios y JSON a cualquier profundidad, claves incluidas', () => {
    expect(formProblem('nombre=Ana&aclaraciones=l%C3%ADnea%0D%0Aotra')).toBeUndefined();
    expect(formProblem('nombre=A%00na')).toBe('control');
    expect(jsonProblem({ a: ['ok', { b: 'texto\ncon salto' }] })).toBeUndefined();
    expect(jsonProblem({ a: ['ok', { b: 'x\u0000' }] })).toBe('control');
    expect(jsonProblem({ 'cla\u0007ve': 1 })).toBe('control');
    expect(jsonProblem({ a: '\ud800' })).toBe('encoding');
    expect(jsonProblem(['\udc00x'])).toBe('encoding');
  });

  it('revisa cuerpos de formulario por sus bytes y multipart por sus campos', async () => {
    const form = 'application/x-www-form-urlencoded';
    expect(await bodyProblem(Buffer.from('nombre=Ana'), form)).toBeUndefined();
    expect(await bodyProblem(Buffer.from([0x6e, 0x3d, 0xff]), form)).toBe('encoding');
    const multipart = (valor: string) => Buffer.from(`--b\r\nContent-Disposition: form-data; name="nombre"\r\n\r\n${valor}\r\n--b--\r\n`);
    expect(await bodyProblem(multipart('Ana'), 'multipart/form-data; boundary=b')).toBeUndefined();
    expect(await bodyProblem(multipart('A\u0000na'), 'multipart/form-data; boundary=b')).toBe('control');
    expect(await bodyProblem(Buffer.from('no es multipart'), 'multipart/form-data; boundary=b')).toBe('encoding');
  });

  it('acepta cabeceras ASCII o UTF-8 y rechaza latin1 suelto y controles', () => {
    expect(headerProblem('Mozilla/5.0 (X11; Linux x86_64)')).toBeUndefined();
    expect(headerProblem('text/html,\tapplication/json')).toBeUndefined();
    expect(headerProblem(Buffer.from('https://ejemplo.org/ñandú', 'utf8').toString('latin1'))).toBeUndefined();
    expect(headerProblem('caf\u00e9')).toBe('encoding');
    expect(headerProblem('a\u0001b')).toBe('control');
    expect(headerProblem('a\u007fb')).toBe('control');
  });

  it('sólo acepta Host con forma de nombre de servidor y puerto', () => {
    for (const host of ['localhost', 'localhost:3000', 'www.villalaangostura.gob.ar', '127.0.0.1:80', '[::1]:3000', 'mi_host.local']) {
      expect(validHost(host), host).toBe(true);
    }
    for (const host of [undefined, '', 'a b', 'evil.com/<script>', 'x:99999', 'x:', 'exa mple.com', '-a.com', 'a'.repeat(300)]) {
      expect(validHost(host), String(host)).toBe(false);
    }
  });
});
