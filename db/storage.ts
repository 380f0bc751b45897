import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { DiscoError, causaDisco, createCarpeta, fallaDisco } from './disco.ts';

/**
 * Where file bytes live: a local folder by default, S3-compatible object storage when S3_BUCKET is
 * set (db/storage-s3.ts; docs/decisions/016-almacenamiento-s3.md). Both follow the same rules and
 * pass the same contract tests (tests/storage/contrato.test.ts).
 */
export type Storage = {
  put(key: string, data: Uint8Array): Promise<void>;
  /** The bytes, or the inclusive byte range of them. A missing key: StorageNotFoundError. */
  get(key: string, range?: { start: number; end: number }): Promise<NodeJS.ReadableStream>;
  /** Deleting a missing key is not an error. */
  delete(key: string): Promise<void>;
  /** Every key in the store, in no particular order (backups, docs/decisions/031-respaldos.md). */
  list?(): AsyncIterable<string>;
  /** Whether the store answers now (the readiness check): StorageUnavailableError if not. */
  check?(): Promise<void>;
  /** Removes the `.tmp` files a crash left, older than `olderThanMs` (local folder): how many went. */
  removeStaleTemporaries?(olderThanMs: number): Promise<number>;
  /** Closes the client's connections (object storage). */
  close?(): void;
};

/** No file under that key (the download answers 404). */
export class StorageNotFoundError extends Error {
  readonly code = 'STORAGE_NOT_FOUND';
  constructor(key: string) {
    super(`no hay un archivo con la clave ${key}`);
  }
}

/**
 * The store cannot answer now (unreachable, timed out, refusing): a 503 with Retry-After, never a
 * 500 (db/errors.ts counts it as unavailability). The message is ours; the cause keeps the
 * client's error for the log, which serializeError reduces to type and code.
 */
export class StorageUnavailableError extends Error {
  readonly code = 'STORAGE_UNAVAILABLE';
  constructor(detail: string, options?: { cause?: unknown }) {
    super(`el almacenamiento de archivos no responde (${detail})`, options);
  }
}

/** The storage settings are wrong (a bucket that does not exist, refused keys): `npm start` stops. */
export class StorageConfigError extends Error {
  readonly code = 'STORAGE_CONFIG';
}

/** A key outside the shared rules (checkStorageKey): a defect of the caller, never a user's input. */
export class StorageKeyError extends Error {
  readonly code = 'STORAGE_KEY';
}

const KEY_SEGMENT = /^[A-Za-z0-9_-][A-Za-z0-9._-]*$/;
export const MAX_KEY_LENGTH = 512;

/**
 * The keys both backends take: segments of ASCII letters, digits, `.`, `_` and `-` joined by `/`;
 * no leading or trailing slash, no empty, `.` or `..` segment, no segment starting with a dot, at
 * most 512 characters. A key so written means the same file in a folder and in a bucket.
 */
export function checkStorageKey(key: string): void {
  const valid = typeof key === 'string' && key.length > 0 && key.length <= MAX_KEY_LENGTH && key.split('/').every((segment) => KEY_SEGMENT.test(segment));
  if (!valid) throw new StorageKeyError(`clave de archivo inválida: ${JSON.stringify(String(key).slice(0, 80))}`);
}

const isMissing = (error: unknown) => (error as NodeJS.ErrnoException)?.code === 'ENOENT' || (error as NodeJS.ErrnoException)?.code === 'ENOTDIR';

/** Files in a local folder; each write lands whole or not at all (temporary file, then rename). */
export function createLocalStorage(root: string): Storage {
  const resolve = (key: string) => {
    checkStorageKey(key);
    const full = path.resolve(root, key);
    if (!full.startsWith(path.resolve(root) + path.sep)) throw new StorageKeyError(`clave de archivo inválida: ${key}`);
    return full;
  };
  return {
    async put(key, data) {
      const target = resolve(key);
      const temporary = `${target}.${randomUUID()}.tmp`;
      try {
        await createCarpeta(path.dirname(target));
        await fs.promises.writeFile(temporary, data, { flush: true });
        await fs.promises.rename(temporary, target);
      } catch (error) {
        // A partial file would keep the disk full: it goes, whatever refused the write.
        await fs.promises.rm(temporary, { force: true }).catch(() => {});
        const falla = fallaDisco(error);
        if (falla) throw new DiscoError(falla, `no se pudo guardar ${key}: ${causaDisco(falla)} (${falla})`, { cause: error });
        throw error;
      }
    },
    async get(key, range) {
      const target = resolve(key);
      try {
        await fs.promises.access(target, fs.constants.R_OK);
      } catch (error) {
        if (isMissing(error)) throw new StorageNotFoundError(key);
        throw error;
      }
      return fs.createReadStream(target, range ? { start: range.start, end: range.end } : undefined);
    },
    async delete(key) {
      await fs.promises.rm(resolve(key), { force: true });
    },
    async removeStaleTemporaries(olderThanMs) {
      const entries = await fs.promises.readdir(root, { recursive: true, withFileTypes: true }).catch((error: unknown) => {
        if (isMissing(error)) return [];
        throw error;
      });
      const limit = Date.now() - olderThanMs;
      let removed = 0;
      for (const entry of entries) {
        if (!entry.isFile() || !entry.name.endsWith('.tmp')) continue;
        const full = path.join(entry.parentPath, entry.name);
        // A younger one may be a write in progress of another instance sharing the folder.
        const stats = await fs.promises.stat(full).catch(() => undefined);
        if (!stats || stats.mtimeMs > limit) continue;
        await fs.promises.rm(full, { force: true });
        removed++;
      }
      return removed;
    },
    async *list() {
      // A write in progress (or one a crash cut short) is a `.tmp` beside its key: not a file yet.
      const entries = await fs.promises.readdir(root, { recursive: true, withFileTypes: true }).catch((error: unknown) => {
        if (isMissing(error)) return [];
        throw error;
      });
      for (const entry of entries) {
        if (!entry.isFile() || entry.name.endsWith('.tmp')) continue;
        const key = path.relative(root, path.join(entry.parentPath, entry.name)).split(path.sep).join('/');
        if (key.split('/').every((segment) => KEY_SEGMENT.test(segment))) yield key;
      }
    },
  };
}
