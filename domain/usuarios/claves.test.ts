// The password policy and hash, without a database: the production cost, and the test
// databases' low cost honoured only in a test run that asks for it (docs/decisions/046-tests-por-tipo.md).
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';
import { hashClave, hashSinUsuario, problemaDeClave, verificarClave } from './claves.ts';

describe('política de contraseñas', () => {
  it.each([
    ['corta', 'Abc-123', 'al menos 12'],
    ['común', 'qwerty123456', 'muy común'],
    ['común con números y símbolos alrededor', 'Password2026!!', 'muy común'],
    ['palabra local', 'VillaLaAngostura', 'muy común'],
    ['repetida', 'abcabcabcabc', 'muy común'],
    ['el correo', 'ana.perez@villalaangostura.gob.ar', 'correo'],
    ['contiene el usuario del correo', 'ana.perez-del-lago', 'correo'],
  ])('rechaza una %s, en castellano', (_caso, clave, mensaje) => {
    expect(problemaDeClave(clave, 'ana.perez@villalaangostura.gob.ar')).toContain(mensaje);
  });

  it('acepta una de 12 o más que no es común', () => {
    expect(problemaDeClave('Arrayanes-Correntoso-2026', 'ana@villalaangostura.gob.ar')).toBeUndefined();
  });

  it('scrypt con sal propia y parámetros guardados; verificar en tiempo constante', async () => {
    const a = await hashClave('una clave larga de prueba');
    const b = await hashClave('una clave larga de prueba');
    expect(a).toMatch(/^scrypt\$15\$8\$1\$[\w-]+\$[\w-]+$/);
    expect(a).not.toBe(b);
    expect(await verificarClave('una clave larga de prueba', a)).toBe(true);
    expect(await verificarClave('otra clave larga de prueba', a)).toBe(false);
    expect(await verificarClave('x', 'no-es-un-hash')).toBe(false);
  });
});

describe('el costo de prueba de las contraseñas', () => {
  /** The prefix of a hash made by a Node process of its own with exactly this environment. */
  async function hashEnOtroProceso(env: Record<string, string>): Promise<string> {
    const codigo =
      "const { hashClave } = await import('#domain/usuarios/claves.ts'); console.log((await hashClave('una clave larga de prueba')).split('$').slice(0, 4).join('$'));";
    const { stdout } = await promisify(execFile)(process.execPath, ['--input-type=module', '-e', codigo], { env: { PATH: process.env.PATH ?? '', ...env } });
    return stdout.trim();
  }

  it('sólo en un run de tests que lo pide: N = 2^10; en producción, en desarrollo o sin NODE_ENV se rechaza: N = 2^15 aunque la variable lo pida', async () => {
    const casos: [string, Record<string, string>, string][] = [
      ['test, pedido', { NODE_ENV: 'test', VLA_CLAVES_DE_PRUEBA: 'rapidas' }, 'scrypt$10$8$1'],
      ['test, sin pedir', { NODE_ENV: 'test' }, 'scrypt$15$8$1'],
      ['producción', { NODE_ENV: 'production', VLA_CLAVES_DE_PRUEBA: 'rapidas' }, 'scrypt$15$8$1'],
      ['desarrollo', { NODE_ENV: 'development', VLA_CLAVES_DE_PRUEBA: 'rapidas' }, 'scrypt$15$8$1'],
      ['sin NODE_ENV', { VLA_CLAVES_DE_PRUEBA: 'rapidas' }, 'scrypt$15$8$1'],
    ];
    const prefijos = await Promise.all(casos.map(([, env]) => hashEnOtroProceso(env)));
    casos.forEach(([caso, , esperado], i) => expect(prefijos[i], caso).toBe(esperado));
  });
});

describe('el hash de relleno de un correo desconocido', () => {
  it('cuesta lo mismo que una contraseña guardada ahora, también cuando el costo cambia', async () => {
    const prefijo = (hash: string) => hash.split('$').slice(0, 4).join('$');
    const costoDePrueba = process.env.VLA_CLAVES_DE_PRUEBA;
    try {
      process.env.VLA_CLAVES_DE_PRUEBA = 'rapidas';
      expect(prefijo(await hashSinUsuario())).toBe('scrypt$10$8$1');
      delete process.env.VLA_CLAVES_DE_PRUEBA;
      expect(prefijo(await hashSinUsuario())).toBe('scrypt$15$8$1');
      process.env.VLA_CLAVES_DE_PRUEBA = 'rapidas';
      expect(prefijo(await hashSinUsuario())).toBe(prefijo(await hashClave('una clave larga de prueba')));
    } finally {
      if (costoDePrueba === undefined) delete process.env.VLA_CLAVES_DE_PRUEBA;
      else process.env.VLA_CLAVES_DE_PRUEBA = costoDePrueba;
    }
  });
});
