import { createCipheriv, createDecipheriv, createHmac, hkdfSync, randomBytes, timingSafeEqual } from 'node:crypto';

/**
 * Personal data at rest (docs/decisions/004-datos-personales.md): AES-256-GCM under a key that
 * is not in the database, and keyed hashes for the look-ups that need equality. A stored value
 * reads `v1.<key id>.<base64url of iv, tag and ciphertext>`: the key id says which key opens it,
 * so rows written before a rotation stay readable until they are re-encrypted.
 */
export type Cipher = {
  /** Encrypts with the current key; every call gives a different value (random IV). */
  encrypt(texto: string): string;
  /** Opens a value written by any known key; throws on a value that is not ours or was altered. */
  decrypt(valor: string): string;
  /** A stored value opened: ciphertext under any known key, or a value stored before encryption as it is. */
  open(valor: string): string;
  /** True for a value this module wrote (under any key, known or not). */
  isEncrypted(valor: string): boolean;
  /** True when the value is already under the current key (rotation skips it). */
  isUnderCurrentKey(valor: string): boolean;
  /** Keyed hash for equality look-ups: the same text and purpose always give the same hash. */
  hash(proposito: string, texto: string): string;
  /** The id of the current key, stored to recognise it at the next start. */
  keyId: string;
  /** Proof of the current key, stored at first start, checked at every later one. */
  verifier: string;
  /** True when `verificador` was made by the current key or one being rotated out. */
  recognises(verificador: string): boolean;
};

const VERSION = 'v1';
const IV_BYTES = 12;
const TAG_BYTES = 16;

export class UnknownKeyError extends Error {}

const derivar = (clave: Buffer, proposito: string) => Buffer.from(hkdfSync('sha256', clave, Buffer.alloc(0), `vla:${proposito}`, 32));
const idDe = (clave: Buffer) => derivar(clave, 'id').subarray(0, 6).toString('hex');
const verificadorDe = (clave: Buffer) => `${idDe(clave)}.${derivar(clave, 'verificador').toString('base64url')}`;

/** The module over the current key and the keys being rotated out (read, never written). */
export function createCipher(actual: Buffer, anteriores: Buffer[] = []): Cipher {
  if (actual.length !== 32 || anteriores.some((k) => k.length !== 32)) throw new Error('las claves de datos son de 32 bytes');
  const claves = new Map<string, Buffer>();
  for (const clave of [actual, ...anteriores]) claves.set(idDe(clave), derivar(clave, 'cifrado'));
  const idActual = idDe(actual);
  const claveActual = claves.get(idActual)!;
  const claveHuellas = derivar(actual, 'huellas');
  const verificadores = new Set([actual, ...anteriores].map(verificadorDe));

  const modulo: Cipher = {
    keyId: idActual,
    verifier: verificadorDe(actual),
    encrypt(texto) {
      const iv = randomBytes(IV_BYTES);
      const cipher = createCipheriv('aes-256-gcm', claveActual, iv);
      // The key id is authenticated too: a value cannot be moved under another key's label.
      cipher.setAAD(Buffer.from(idActual));
      const cuerpo = Buffer.concat([cipher.update(texto, 'utf8'), cipher.final()]);
      return `${VERSION}.${idActual}.${Buffer.concat([iv, cipher.getAuthTag(), cuerpo]).toString('base64url')}`;
    },
    decrypt(valor) {
      const [version, id = '', datos = ''] = valor.split('.');
      const clave = claves.get(id);
      if (version !== VERSION || !clave) throw new UnknownKeyError('dato cifrado con una clave desconocida');
      const bytes = Buffer.from(datos, 'base64url');
      const decipher = createDecipheriv('aes-256-gcm', clave, bytes.subarray(0, IV_BYTES));
      decipher.setAAD(Buffer.from(id));
      decipher.setAuthTag(bytes.subarray(IV_BYTES, IV_BYTES + TAG_BYTES));
      return Buffer.concat([decipher.update(bytes.subarray(IV_BYTES + TAG_BYTES)), decipher.final()]).toString('utf8');
    },
    open(valor) {
      return modulo.isEncrypted(valor) ? modulo.decrypt(valor) : valor;
    },
    isEncrypted: (valor) => /^v1\.[0-9a-f]{12}\.[A-Za-z0-9_-]+$/.test(valor),
    isUnderCurrentKey: (valor) => valor.startsWith(`${VERSION}.${idActual}.`),
    hash: (proposito, texto) => createHmac('sha256', claveHuellas).update(`${proposito}\u0000${texto}`).digest('base64url'),
    recognises(verificador) {
      const dado = Buffer.from(verificador);
      return [...verificadores].some((v) => v.length === dado.length && timingSafeEqual(Buffer.from(v), dado));
    },
  };
  return modulo;
}

/** A new random key, as DATA_KEY takes it (64 hex digits). */
export const generateDataKey = (): string => randomBytes(32).toString('hex');

/** What the start's key check did: rows encrypted for the first time, rows moved to the current key. */
export type KeyState = { filasProtegidas: number; filasRotadas: number };
