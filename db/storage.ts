import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';

/** Where file bytes live: a local folder by default, object storage in larger installations. */
export type Storage = {
  put(key: string, data: Uint8Array): Promise<void>;
  /** The bytes, or the inclusive byte range of them. */
  get(key: string, range?: { start: number; end: number }): Promise<NodeJS.ReadableStream>;
  delete(key: string): Promise<void>;
};

class StorageKeyError extends Error {}

/** Files in a local folder; each write lands whole or not at all (temporary file, then rename). */
export function createLocalStorage(root: string): Storage {
  const resolve = (key: string) => {
    const full = path.resolve(root, key);
    if (!full.startsWith(path.resolve(root) + path.sep)) throw new StorageKeyError(`clave de archivo inválida: ${key}`);
    return full;
  };
  return {
    async put(key, data) {
      const target = resolve(key);
      await fs.promises.mkdir(path.dirname(target), { recursive: true });
      const temporary = `${target}.${randomUUID()}.tmp`;
      await fs.promises.writeFile(temporary, data, { flush: true });
      await fs.promises.rename(temporary, target);
    },
    async get(key, range) {
      const target = resolve(key);
      await fs.promises.access(target, fs.constants.R_OK);
      return fs.createReadStream(target, range ? { start: range.start, end: range.end } : undefined);
    },
    async delete(key) {
      await fs.promises.rm(resolve(key), { force: true });
    },
  };
}
