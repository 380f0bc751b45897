import { lt, sql } from 'drizzle-orm';
import type { Db } from '#db/client.ts';
import { queryRows } from '#db/client.ts';
import { limitesUso } from '#db/schema/index.ts';

export type Limit = { max: number; windowSeconds: number };

/**
 * Counts one use of `clave` in the current fixed window and answers whether it is within the limit.
 * The counter lives in the database, so every instance counts alike; call it inside the caller's
 * transaction when the use may still be undone. `clave` must already be a keyed hash.
 */
export async function consumeLimit(db: Db, clave: string, limite: Limit): Promise<{ allowed: boolean; count: number }> {
  const ventana = limite.windowSeconds;
  const [fila] = await queryRows<{ cuenta: number | string }>(
    db,
    sql`insert into limites_uso (clave, inicio, cuenta)
        values (${clave}, to_timestamp(floor(extract(epoch from now()) / ${ventana}) * ${ventana}), 1)
        on conflict (clave, inicio) do update set cuenta = limites_uso.cuenta + 1
        returning cuenta`,
  );
  const cuenta = Number(fila?.cuenta ?? 1);
  // Now and then, a new window clears the old ones: the table stays a few days long.
  if (cuenta === 1 && Math.random() < 0.01) await purgeLimits(db);
  return { allowed: cuenta <= limite.max, count: cuenta };
}

/**
 * Whether `clave` has used up `limite` in the current window, without counting a use: for a limit
 * that counts only failures, checked before the work whose failure it would count.
 */
export async function limitReached(db: Db, clave: string, limite: Limit): Promise<boolean> {
  const ventana = limite.windowSeconds;
  const [fila] = await queryRows<{ cuenta: number | string }>(
    db,
    sql`select cuenta from limites_uso
        where clave = ${clave} and inicio = to_timestamp(floor(extract(epoch from now()) / ${ventana}) * ${ventana})`,
  );
  return Number(fila?.cuenta ?? 0) >= limite.max;
}

/** Drops windows older than two days (the longest limit is a day). */
async function purgeLimits(db: Db): Promise<void> {
  await db.delete(limitesUso).where(lt(limitesUso.inicio, sql`now() - interval '2 days'`));
}
