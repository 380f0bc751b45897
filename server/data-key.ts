import fs from 'node:fs';
import path from 'node:path';
import { type Cipher, createCipher, generateDataKey } from '#domain/shared/cipher.ts';
import type { Config } from './env.ts';

/** The embedded mode's key file, created once in DATA_DIR (docs/decisions/004-datos-personales.md). */
export const KEY_FILE = 'clave-datos.key';

/**
 * The key of personal data: DATA_KEY (required in production and with PostgreSQL), or in embedded
 * mode a key file created once in DATA_DIR, readable by its owner only (0600). DATA_KEY_PREVIOUS
 * keys open rows not yet re-encrypted.
 */
export function openCipher(config: Config): Cipher {
  if (config.dataKeys) return createCipher(config.dataKeys.current, config.dataKeys.previous);
  fs.mkdirSync(config.dataDir, { recursive: true });
  try {
    fs.writeFileSync(path.join(config.dataDir, KEY_FILE), `${generateDataKey()}\n`, { mode: 0o600, flag: 'wx' });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
  }
  return cipherFromKeyFile(config.dataDir);
}

/**
 * The key as `openCipher` finds it, but never a new one: a restore or a check of a backup needs the
 * key the data was written with (docs/decisions/031-respaldos.md). Undefined when there is none.
 */
export function existingCipher(config: Config): Cipher | undefined {
  if (config.dataKeys) return createCipher(config.dataKeys.current, config.dataKeys.previous);
  if (!fs.existsSync(path.join(config.dataDir, KEY_FILE))) return undefined;
  return cipherFromKeyFile(config.dataDir);
}

function cipherFromKeyFile(dataDir: string): Cipher {
  const archivo = path.join(dataDir, KEY_FILE);
  // A copy or an editor may have widened it: the key is for this process's user only.
  fs.chmodSync(archivo, 0o600);
  const texto = fs.readFileSync(archivo, 'utf8').trim();
  if (!/^[0-9a-f]{64}$/i.test(texto)) throw new Error(`El archivo de clave ${KEY_FILE} en DATA_DIR no tiene una clave válida (64 dígitos hexadecimales).`);
  return createCipher(Buffer.from(texto, 'hex'), []);
}
