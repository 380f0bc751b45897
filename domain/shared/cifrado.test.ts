import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { ClaveIncorrectaError, crearCifrado } from './cifrado.ts';

describe('cifrado de datos personales', () => {
  const clave = randomBytes(32);
  const cifrado = crearCifrado(clave);

  it('AES-256-GCM: vuelve el texto, con un IV distinto cada vez y sin el texto a la vista', () => {
    const a = cifrado.cifrar('30111222');
    const b = cifrado.cifrar('30111222');
    expect(a).not.toBe(b);
    expect(a).not.toContain('30111222');
    expect(cifrado.esCifrado(a)).toBe(true);
    expect(cifrado.esCifrado('30111222')).toBe(false);
    // A value stored before encryption opens as it is; a detached method still works.
    const { abrir } = cifrado;
    expect(abrir(a)).toBe('30111222');
    expect(abrir('30111222')).toBe('30111222');
    expect(cifrado.descifrar(a)).toBe('30111222');
    expect(cifrado.descifrar(cifrado.cifrar('ñandú@correo.com.ar'))).toBe('ñandú@correo.com.ar');
    expect(cifrado.descifrar(cifrado.cifrar(''))).toBe('');
  });

  it('un valor alterado o de otra clave no se abre', () => {
    const valor = cifrado.cifrar('maria@correo.com.ar');
    const [v, id, datos] = valor.split('.');
    const bytes = Buffer.from(datos!, 'base64url');
    bytes[bytes.length - 1]! ^= 1;
    expect(() => cifrado.descifrar(`${v}.${id}.${bytes.toString('base64url')}`)).toThrow();
    const otra = crearCifrado(randomBytes(32));
    expect(() => otra.descifrar(valor)).toThrow(ClaveIncorrectaError);
    // The key id is authenticated: relabelling a value with another key's id does not open it.
    expect(() => otra.descifrar(`${v}.${otra.idClave}.${datos}`)).toThrow();
  });

  it('las huellas son estables por clave y propósito, y distintas con otra clave', () => {
    expect(cifrado.huella('dni', '30111222')).toBe(crearCifrado(clave).huella('dni', '30111222'));
    expect(cifrado.huella('dni', '30111222')).not.toBe(cifrado.huella('email', '30111222'));
    expect(cifrado.huella('dni', '30111222')).not.toBe(crearCifrado(randomBytes(32)).huella('dni', '30111222'));
    expect(cifrado.huella('dni', '30111222')).not.toContain('30111222');
  });

  it('rotación: la clave nueva abre lo escrito con la anterior y reconoce su verificador', () => {
    const vieja = crearCifrado(clave);
    const escrito = vieja.cifrar('30111222');
    const nueva = crearCifrado(randomBytes(32), [clave]);
    expect(nueva.descifrar(escrito)).toBe('30111222');
    expect(nueva.esDeLaClaveActual(escrito)).toBe(false);
    expect(nueva.esDeLaClaveActual(nueva.cifrar('x'))).toBe(true);
    expect(nueva.reconoce(vieja.verificador)).toBe(true);
    expect(nueva.reconoce(nueva.verificador)).toBe(true);
    expect(vieja.reconoce(nueva.verificador)).toBe(false);
    expect(crearCifrado(randomBytes(32)).reconoce(vieja.verificador)).toBe(false);
  });
});
