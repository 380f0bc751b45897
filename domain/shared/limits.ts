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
 * The key under which an address is counted for one kind of request (`ambito`, e.g.
 * 'limite-alertas-direccion'): a keyed hash, so no address is stored. Undefined (a test, an
 * internal call): no address, no limit.
 */
export const addressLimitKey = (cipher: Cipher, ambito: string, direccion: string | undefined): string | undefined =>
  direccion === undefined ? undefined : cipher.hash(ambito, direccion);

/**
 * One limit a public form counts after its work: `clave` (a keyed hash; undefined skips it), the
 * answer when it is exceeded, and whether its use still counts when a later limit refuses the
 * request (an address sending a flood of requests refused for the person's limit).
 */
export type LimitAtTheEnd<R> = { clave: string | undefined; limite: Limit; rechazo: R; cuentaSiOtroRechaza?: boolean };

class LimitRefused<R> extends Error {
  readonly rechazo: R;
  readonly contados: readonly LimitAtTheEnd<R>[];
  constructor(rechazo: R, contados: readonly LimitAtTheEnd<R>[]) {
    super('limit refused');
    this.rechazo = rechazo;
    this.contados = contados;
  }
}

/**
 * Runs a public form's work in one transaction and counts its limits LAST, in order: every request
 * from one address counts on the same row, which stays locked only from the count to the commit,
 * not through the work (requests from one address no longer queue behind each other's mails). A
 * work that fails is not counted; a refusal undoes the work and answers the limit's `rechazo`, and
 * the limits before it marked `cuentaSiOtroRechaza` are counted again outside. The work returns
 * its answer and the limits it is subject to (none: nothing counted, e.g. a repeated request).
 */
export async function transactionWithLimitsLast<T, R>(
  db: Db,
  trabajo: (tx: Db) => Promise<{ valor: T; limites: readonly LimitAtTheEnd<R>[] }>,
): Promise<T | R> {
  try {
    return await db.transaction(async (tx) => {
      const t = tx as unknown as Db;
      const { valor, limites } = await trabajo(t);
      for (const [i, limite] of limites.entries()) {
        if (limite.clave === undefined) continue;
        if (!(await consumeLimit(t, limite.clave, limite.limite)).allowed)
          throw new LimitRefused(
            limite.rechazo,
            limites.slice(0, i).filter((l) => l.cuentaSiOtroRechaza),
          );
      }
      return valor;
    });
  } catch (error) {
    if (!(error instanceof LimitRefused)) throw error;
    const refused = error as LimitRefused<R>;
    for (const l of refused.contados) if (l.clave !== undefined) await consumeLimit(db, l.clave, l.limite);
    return refused.rechazo;
  }
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
