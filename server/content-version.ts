import { eq } from 'drizzle-orm';
import type { Database } from '#db/client.ts';
import { CONTENT_VERSION_CHANNEL, versionContenido } from '#db/schema/index.ts';

/**
 * What this process knows of the content version (docs/decisions/007-cache-de-paginas.md): the
 * counter in `version_contenido` that a trigger raises with every write to a content table, and
 * that every instance hears of through LISTEN/NOTIFY.
 */
export type ContentVersion = {
  /** The newest version heard of; undefined while notifications may be missed (nothing can be cached). */
  current(): number | undefined;
  /** Called on every change of `current()`, including becoming unknown. */
  onChange(listener: (version: number | undefined) => void): () => void;
  /** Resolves once `current()` is at least `version` (tests await a notification with it). */
  reached(version: number): Promise<void>;
  stop(): Promise<void>;
};

export async function readContentVersion(database: Pick<Database, 'db'>): Promise<number> {
  const [row] = await database.db.select({ version: versionContenido.version }).from(versionContenido).where(eq(versionContenido.id, 1));
  return Number(row?.version ?? 0);
}

/**
 * Listens before it reads: a write that commits between the two is either in the read or in a
 * notification. While the listening connection is lost the version is unknown; once it is back the
 * table is read again, since notifications may have been missed meanwhile.
 */
export async function watchContentVersion(database: Database, log: { warn(obj: object, msg: string): void }): Promise<ContentVersion> {
  let version: number | undefined;
  let heard = 0;
  let generation = 0;
  let reading: Promise<void> | undefined;
  const listeners = new Set<(version: number | undefined) => void>();
  const waiters = new Set<{ version: number; resolve(): void }>();
  const set = (next: number | undefined) => {
    if (next === version) return;
    version = next;
    for (const listener of listeners) listener(version);
    if (version === undefined) return;
    for (const waiter of waiters) {
      if (version >= waiter.version) {
        waiters.delete(waiter);
        waiter.resolve();
      }
    }
  };
  const read = async (mine: number) => {
    try {
      const stored = await readContentVersion(database);
      if (mine === generation) set(Math.max(stored, heard));
    } catch (error) {
      // Left unknown: pages are rendered every time until the next connection reads it.
      log.warn({ err: error }, 'no se pudo leer la versión del contenido');
    }
  };
  const stop = await database.listen(CONTENT_VERSION_CHANNEL, {
    notify(payload) {
      const next = Number(payload);
      if (!Number.isSafeInteger(next)) return;
      heard = Math.max(heard, next);
      if (version !== undefined && next > version) set(next);
    },
    connected() {
      reading = read(++generation);
    },
    lost() {
      generation++;
      set(undefined);
      log.warn({}, 'se perdió la conexión que escucha los cambios de contenido; las páginas se renderizan sin caché hasta recuperarla');
    },
  });
  // The first read is awaited, so a new instance caches from its first request.
  await reading;
  return {
    current: () => version,
    onChange(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    reached(target) {
      if (version !== undefined && version >= target) return Promise.resolve();
      return new Promise((resolve) => waiters.add({ version: target, resolve }));
    },
    stop,
  };
}
