import { createCipheriv, createDecipheriv, createHmac, hkdfSync, randomBytes, timingSafeEqual } from 'node:crypto';

/**
 * Personal data at rest (docs/decisions/004-datos-personales.md): AES-256-GCM under a key that
 * is not in the database, and keyed hashes for the look-ups that need equality. A stored value
 * reads `v1.<key id>.<base64url of iv, tag and ciphertext>`: the key id says which key opens it,
 * so rows written before a rotation stay readable until they are re-encrypted.
 */
export type Cifrado = {
  /** Encrypts with the current key; every call gives a different value (random IV). */
  cifrar(texto: string): string;
  /** Opens a value written by any known key; throws on a value that is not ours or was altered. */
  descifrar(valor: string): string;
  /** A stored value opened: ciphertext under any known key, or a value stored before encryption as it is. */
  abrir(valor: string): string;
  /** True for a value this module wrote (under any key, known or not). */
  esCifrado(valor: string): boolean;
  /** True when the value is already under the current key (rotation skips it). */
  esDeLaClaveActual(valor: string): boolean;
  /** Keyed hash for equality look-ups: the same text and purpose always give the same hash. */
  huella(proposito: string, texto: string): string;
  /** The id of the current key, stored to recognise it at the next start. */
  idClave: string;
  /** Proof of the current key, stored at first start, checked at every later one. */
  verificador: string;
  /** True when `verificador` was made by the current key or one being rotated out. */
  reconoce(verificador: string): boolean;
};

const VERSION = 'v1';
const IV_BYTES = 12;
const TAG_BYTES = 16;

export class ClaveIncorrectaError extends Error {}

const derivar = (clave: Buffer, proposito: string) => Buffer.from(hkdfSync('sha256', clave, Buffer.alloc(0), `vla:${proposito}`, 32));
const idDe = (clave: Buffer) => derivar(clave, 'id').subarray(0, 6).toString('hex');
const verificadorDe = (clave: Buffer) => `${idDe(clave)}.${derivar(clave, 'verificador').toString('base64url')}`;

/** The module over the current key and the keys being rotated out (read, never written). */
export function crearCifrado(actual: Buffer, anteriores: Buffer[] = []): Cifrado {
  if (actual.length !== 32 || anteriores.some((k) => k.length !== 32)) throw new Error('las claves de datos son de 32 bytes');
  const claves = new Map<string, Buffer>();
  for (const clave of [actual, ...anteriores]) claves.set(idDe(clave), derivar(clave, 'cifrado'));
  const idActual = idDe(actual);
  const claveActual = claves.get(idActual)!;
  const claveHuellas = derivar(actual, 'huellas');
  const verificadores = new Set([actual, ...anteriores].map(verificadorDe));

  const modulo: Cifrado = {
    idClave: idActual,
    verificador: verificadorDe(actual),
    cifrar(texto) {
      const iv = randomBytes(IV_BYTES);
      const cipher = createCipheriv('aes-256-gcm', claveActual, iv);
      // The key id is authenticated too: a value cannot be moved under another key's label.
      cipher.setAAD(Buffer.from(idActual));
      const cuerpo = Buffer.concat([cipher.update(texto, 'utf8'), cipher.final()]);
      return `${VERSION}.${idActual}.${Buffer.concat([iv, cipher.getAuthTag(), cuerpo]).toString('base64url')}`;
    },
    descifrar(valor) {
      const [version, id = '', datos = ''] = valor.split('.');
      const clave = claves.get(id);
      if (version !== VERSION || !clave) throw new ClaveIncorrectaError('dato cifrado con una clave desconocida');
      const bytes = Buffer.from(datos, 'base64url');
      const decipher = createDecipheriv('aes-256-gcm', clave, bytes.subarray(0, IV_BYTES));
      decipher.setAAD(Buffer.from(id));
      decipher.setAuthTag(bytes.subarray(IV_BYTES, IV_BYTES + TAG_BYTES));
      return Buffer.concat([decipher.update(bytes.subarray(IV_BYTES + TAG_BYTES)), decipher.final()]).toString('utf8');
    },
    abrir(valor) {
      return modulo.esCifrado(valor) ? modulo.descifrar(valor) : valor;
    },
    esCifrado: (valor) => /^v1\.[0-9a-f]{12}\.[A-Za-z0-9_-]+$/.test(valor),
    esDeLaClaveActual: (valor) => valor.startsWith(`${VERSION}.${idActual}.`),
    huella: (proposito, texto) => createHmac('sha256', claveHuellas).update(`${proposito}\u0000${texto}`).digest('base64url'),
    reconoce(verificador) {
      const dado = Buffer.from(verificador);
      return [...verificadores].some((v) => v.length === dado.length && timingSafeEqual(Buffer.from(v), dado));
    },
  };
  return modulo;
}

/** A new random key, as DATA_KEY takes it (64 hex digits). */
export const nuevaClave = (): string => randomBytes(32).toString('hex');
