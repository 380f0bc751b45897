import path from 'node:path';
import { type Storage, createLocalStorage } from '#db/storage.ts';
import { createS3Storage } from '#db/storage-s3.ts';
import type { Config } from './env.ts';

/**
 * Files in the S3_BUCKET when it is set (nothing is then written to the local folder), otherwise
 * under DATA_DIR/archivos, also with PostgreSQL (docs/decisions/016-almacenamiento-s3.md).
 */
export function openStorage(config: Config): Storage {
  if (config.s3) return createS3Storage(config.s3);
  return createLocalStorage(localStorageFolder(config));
}

/** The local folder of files (also what a restore fills, docs/decisions/031-respaldos.md). */
export function localStorageFolder(config: Config): string {
  return path.join(config.dataDir, 'archivos');
}
