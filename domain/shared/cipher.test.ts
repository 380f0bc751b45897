import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { UnknownKeyError, createCipher } from './cipher.ts';

describe('cifrado de datos personales', () => {
  const clave = randomBytes(32);
  const cipher = createCipher(clave);

  it('AES-256-GCM: vuelve el texto, con un IV distinto cada vez y sin el texto a la vista', () => {
    const a = cipher.encrypt('30111222');
    const b = cipher.encrypt('30111222');
    expect(a).not.toBe(b);
    expect(a).not.toContain('30111222');
    expect(cipher.isEncrypted(a)).toBe(true);
    expect(cipher.isEncrypted('30111222')).toBe(false);
    // A value stored before encryption opens as it is; a detached method still works.
    const { open: abrir } = cipher;
    expect(abrir(a)).toBe('30111222');
    expect(abrir('30111222')).toBe('30111222');
    expect(cipher.decrypt(a)).toBe('30111222');
    expect(cipher.decrypt(cipher.encrypt('ñandú@correo.com.ar'))).toBe('ñandú@correo.com.ar');
    expect(cipher.decrypt(cipher.encrypt(''))).toBe('');
  });

  it('un valor alterado o de otra clave no se abre', () => {
    const valor = cipher.encrypt('maria@correo.com.ar');
    const [v, id, datos] = valor.split('.');
    const bytes = Buffer.from(datos!, 'base64url');
    bytes[bytes.length - 1]! ^= 1;
    expect(() => cipher.decrypt(`${v}.${id}.${bytes.toString('base64url')}`)).toThrow();
    const otra = createCipher(randomBytes(32));
    expect(() => otra.decrypt(valor)).toThrow(UnknownKeyError);
    // The key id is authenticated: relabelling a value with another key's id does not open it.
    expect(() => otra.decrypt(`${v}.${otra.keyId}.${datos}`)).toThrow();
  });

  it('las huellas son estables por clave y propósito, y distintas con otra clave', () => {
    expect(cipher.hash('dni', '30111222')).toBe(createCipher(clave).hash('dni', '30111222'));
    expect(cipher.hash('dni', '30111222')).not.toBe(cipher.hash('email', '30111222'));
    expect(cipher.hash('dni', '30111222')).not.toBe(createCipher(randomBytes(32)).hash('dni', '30111222'));
    expect(cipher.hash('dni', '30111222')).not.toContain('30111222');
  });

  it('rotación: la clave nueva abre lo escrito con la anterior y reconoce su verificador', () => {
    const vieja = createCipher(clave);
    const escrito = vieja.encrypt('30111222');
    const nueva = createCipher(randomBytes(32), [clave]);
    expect(nueva.decrypt(escrito)).toBe('30111222');
    expect(nueva.isUnderCurrentKey(escrito)).toBe(false);
    expect(nueva.isUnderCurrentKey(nueva.encrypt('x'))).toBe(true);
    expect(nueva.recognises(vieja.verifier)).toBe(true);
    expect(nueva.recognises(nueva.verifier)).toBe(true);
    expect(vieja.recognises(nueva.verifier)).toBe(false);
    expect(createCipher(randomBytes(32)).recognises(vieja.verifier)).toBe(false);
  });
});
