import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Storage } from '#domain/shared/context.ts';
import { createLocalStorage } from '#db/storage.ts';

/** A real storage folder of its own, removed by `remove()`. */
export function createTestStorage(create: typeof createLocalStorage = createLocalStorage): Storage & { root: string; remove(): void } {
  const root = fs.mkdtempSync(path.join(os.tmpdir(), 'vla-archivos-'));
  return { ...create(root), root, remove: () => fs.rmSync(root, { recursive: true, force: true }) };
}
