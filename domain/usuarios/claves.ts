import { randomBytes, scrypt, timingSafeEqual } from 'node:crypto';
import { dictionary } from '@zxcvbn-ts/language-common';
import { LARGO_MAXIMO_CLAVE, LARGO_MINIMO_CLAVE } from './campos.ts';

/**
 * Staff passwords (docs/decisions/012-sesiones-y-roles.md): the policy every new password meets,
 * and scrypt hashes that carry their own parameters, so the cost can rise later without making
 * the passwords stored earlier unreadable.
 */

/** scrypt's cost: N = 2^15, r = 8, p = 1 (32 MiB, about 60-100 ms on the servers we run on; OWASP's floor is 2^17 at r=8 p=1 for 128 MiB, 2^15 trades memory for concurrency). */
const PARAMETROS = { logN: 15, r: 8, p: 1 } as const;

/**
 * The test databases' cost, N = 2^10 (1 MiB, about 1 ms): only in a Vitest run (NODE_ENV=test) that
 * asks for it with VLA_CLAVES_DE_PRUEBA=rapidas (docs/decisions/046-tests-por-tipo.md). A server
 * never sees NODE_ENV=test: server/index.ts sets production or development before the app loads.
 */
const PARAMETROS_DE_PRUEBA = { logN: 10, r: 8, p: 1 } as const;

function parametros(): { logN: number; r: number; p: number } {
  return process.env.NODE_ENV === 'test' && process.env.VLA_CLAVES_DE_PRUEBA === 'rapidas' ? PARAMETROS_DE_PRUEBA : PARAMETROS;
}
const LARGO_HASH = 32;

/**
 * zxcvbn-ts's list of the ~49,000 commonest leaked passwords (@zxcvbn-ts/language-common), plus
 * the words a password here is most likely built on. Compared in lower case, and again without
 * the digits and symbols around a word ("Dragon2024!" is "dragon").
 */
const COMUNES = new Set([
  ...dictionary['passwords-common'],
  'contraseña',
  'contrasena',
  'clave',
  'municipalidad',
  'municipio',
  'villalaangostura',
  'laangostura',
  'angostura',
  'neuquen',
  'neuquén',
  'patagonia',
  'argentina',
  'bariloche',
  'bienvenido',
  'bienvenida',
  'administrador',
  'admin',
]);

function esComun(clave: string): boolean {
  const minusculas = clave.toLowerCase();
  if (COMUNES.has(minusculas)) return true;
  const nucleo = minusculas.replace(/^[\d\W_]+|[\d\W_]+$/gu, '');
  if (nucleo.length > 0 && COMUNES.has(nucleo)) return true;
  // One short piece repeated ("abcabcabcabc", "aaaaaaaaaaaa") or a common one doubled.
  const repetido = /^(.{1,6}?)\1+$/u.exec(minusculas);
  if (repetido) return true;
  const mitad = minusculas.length / 2;
  return Number.isInteger(mitad) && minusculas.slice(0, mitad) === minusculas.slice(mitad) && COMUNES.has(minusculas.slice(0, mitad));
}

/**
 * What is wrong with a new password, in Spanish, or undefined when it meets the policy: at least
 * 12 characters, not one of the common passwords, not the e-mail address nor built on it.
 */
export function problemaDeClave(clave: string, email: string): string | undefined {
  if ([...clave].length < LARGO_MINIMO_CLAVE) return `La contraseña debe tener al menos ${LARGO_MINIMO_CLAVE} caracteres.`;
  if ([...clave].length > LARGO_MAXIMO_CLAVE) return `La contraseña puede tener hasta ${LARGO_MAXIMO_CLAVE} caracteres.`;
  const minusculas = clave.toLowerCase();
  const correo = email.trim().toLowerCase();
  const usuario = correo.split('@')[0] ?? '';
  if (correo !== '' && (minusculas === correo || minusculas.includes(correo) || (usuario.length >= 4 && minusculas.includes(usuario)))) {
    return 'La contraseña no puede ser ni contener tu dirección de correo.';
  }
  if (esComun(clave)) return 'Esa contraseña es muy común y fácil de adivinar: elegí otra, por ejemplo tres o cuatro palabras que no vayan juntas.';
  return undefined;
}

function derivar(clave: string, sal: Buffer, logN: number, r: number, p: number): Promise<Buffer> {
  const N = 2 ** logN;
  return new Promise((resolve, reject) => {
    // maxmem: scrypt needs 128·N·r bytes; Node's default (32 MiB) is exactly too little for N=2^15.
    scrypt(clave.normalize('NFC'), sal, LARGO_HASH, { N, r, p, maxmem: 256 * N * r }, (error, hash) => (error ? reject(error) : resolve(hash)));
  });
}

/** `scrypt$15$8$1$<salt>$<hash>` (base64url), with a salt of its own. */
export async function hashClave(clave: string): Promise<string> {
  const sal = randomBytes(16);
  const { logN, r, p } = parametros();
  const hash = await derivar(clave, sal, logN, r, p);
  return ['scrypt', logN, r, p, sal.toString('base64url'), hash.toString('base64url')].join('$');
}

/** True when `clave` matches the stored hash; a malformed hash never matches. Constant time on the hash. */
export async function verificarClave(clave: string, guardado: string): Promise<boolean> {
  const [tipo, logN, r, p, sal, hash] = guardado.split('$');
  if (tipo !== 'scrypt' || !logN || !r || !p || !sal || !hash) return false;
  const esperado = Buffer.from(hash, 'base64url');
  const calculado = await derivar(clave.slice(0, LARGO_MAXIMO_CLAVE * 4), Buffer.from(sal, 'base64url'), Number(logN), Number(r), Number(p));
  return calculado.length === esperado.length && timingSafeEqual(calculado, esperado);
}

const hashesDeRelleno = new Map<string, Promise<string>>();

/**
 * A hash no password matches, checked when the e-mail is unknown: the answer then takes as long
 * as for a known e-mail with a wrong password. One per cost, so it always costs what a password
 * hashed now costs.
 */
export function hashSinUsuario(): Promise<string> {
  const { logN, r, p } = parametros();
  const clave = `${logN}$${r}$${p}`;
  let relleno = hashesDeRelleno.get(clave);
  if (!relleno) {
    relleno = hashClave(randomBytes(24).toString('base64url'));
    hashesDeRelleno.set(clave, relleno);
  }
  return relleno;
}
