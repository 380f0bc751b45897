import { and, asc, eq, inArray, lt, sql } from 'drizzle-orm';
import type { Db } from '#db/client.ts';
import { queryRows } from '#db/client.ts';
import { limitesUso } from '#db/schema/index.ts';
import type { Cipher } from './cipher.ts';

export type Limit = { max: number; windowSeconds: number };

/** The start of `limite`'s current fixed window, by the database's clock (the same on every instance). */
const currentWindow = (limite: Limit) => sql`to_timestamp(floor(extract(epoch from now()) / ${limite.windowSeconds}) * ${limite.windowSeconds})`;

/**
 * Counts one use of `clave` in the current fixed window and answers whether it is within the limit.
 * The counter lives in the database, so every instance counts alike; call it inside the caller's
 * transaction when the use may still be undone. `clave` must already be a keyed hash.
 */
export async function consumeLimit(db: Db, clave: string, limite: Limit): Promise<{ allowed: boolean; count: number }> {
  const [fila] = await queryRows<{ cuenta: number | string }>(
    db,
    sql`insert into limites_uso (clave, inicio, cuenta)
        values (${clave}, ${currentWindow(limite)}, 1)
        on conflict (clave, inicio) do update set cuenta = limites_uso.cuenta + 1
        returning cuenta`,
  );
  const cuenta = Number(fila?.cuenta ?? 1);
  // Now and then, a new window clears the old ones: the table stays a few days long.
  if (cuenta === 1 && Math.random() < 0.01) await purgeLimits(db);
  return { allowed: cuenta <= limite.max, count: cuenta };
}

/**
 * Counts one use by a network address (`direccion`, already `addressKey`'s form) for one kind of
 * request (`ambito`, e.g. 'limite-alertas-direccion'), under a keyed hash so no address is stored,
 * and answers whether it is within `limite`. No address (a test, an internal call): always allowed.
 */
export async function withinAddressLimit(db: Db, cipher: Cipher, ambito: string, direccion: string | undefined, limite: Limit): Promise<boolean> {
  if (direccion === undefined) return true;
  return (await consumeLimit(db, cipher.hash(ambito, direccion), limite)).allowed;
}

/**
 * The uses each of `claves` has in `limite`'s current window (absent: none), for a limit that
 * counts only failures: read before the work whose failures it would count, which
 * `consumeLimits` then counts. Inside a transaction the counters that exist stay locked until it
 * ends (taken in the order of their keys, so two callers never wait for each other in a circle):
 * what another instance counts meanwhile waits, and the decision is exact. A key's first use in a
 * window has no row to lock yet: two instances may then both let one more through.
 */
export async function limitCounts(db: Db, claves: readonly string[], limite: Limit): Promise<Map<string, number>> {
  if (claves.length === 0) return new Map();
  const filas = await db
    .select({ clave: limitesUso.clave, cuenta: limitesUso.cuenta })
    .from(limitesUso)
    .where(and(inArray(limitesUso.clave, [...new Set(claves)]), eq(limitesUso.inicio, currentWindow(limite))))
    .orderBy(asc(limitesUso.clave))
    .for('update');
  return new Map(filas.map((f) => [f.clave, f.cuenta]));
}

/** Counts `usos` (uses by key) in `limite`'s current window, every key in one statement. */
export async function consumeLimits(db: Db, usos: ReadonlyMap<string, number>, limite: Limit): Promise<void> {
  if (usos.size === 0) return;
  await db
    .insert(limitesUso)
    .values([...usos].map(([clave, cuenta]) => ({ clave, inicio: currentWindow(limite), cuenta })))
    .onConflictDoUpdate({ target: [limitesUso.clave, limitesUso.inicio], set: { cuenta: sql`${limitesUso.cuenta} + excluded.cuenta` } });
  if (Math.random() < 0.01) await purgeLimits(db);
}

/** Drops windows older than two days (the longest limit is a day). */
async function purgeLimits(db: Db): Promise<void> {
  await db.delete(limitesUso).where(lt(limitesUso.inicio, sql`now() - interval '2 days'`));
}

/**
 * Gives back one use counted by `consumeLimit` in the current window, for a limit that counts
 * only failures: the use is counted before the work is judged (so parallel requests cannot all
 * pass) and given back when it turned out right.
 */
export async function releaseLimit(db: Db, clave: string, limite: Limit): Promise<void> {
  await db
    .update(limitesUso)
    .set({ cuenta: sql`${limitesUso.cuenta} - 1` })
    .where(and(eq(limitesUso.clave, clave), eq(limitesUso.inicio, currentWindow(limite)), sql`${limitesUso.cuenta} > 0`));
}

/** Deletes every window of these counters (a person's data erased or anonymised). */
export async function removeLimits(db: Db, claves: readonly string[]): Promise<void> {
  if (claves.length > 0) await db.delete(limitesUso).where(inArray(limitesUso.clave, [...claves]));
}
