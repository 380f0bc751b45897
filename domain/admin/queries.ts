import { and, count, eq, isNotNull, or, sql } from 'drizzle-orm';
import type { Db } from '#db/client.ts';
import { outbox } from '#db/schema/index.ts';

/**
 * The back-office dashboard's own reads (issue 12). Read-only; the outbox's owner
 * (domain/correo) keeps writing it.
 */

export type CorreosConFallas = {
  /** Refused for good or past their attempts (`fallido`): they wait for someone to retry them. */
  fallidos: number;
  /** Not sent yet, whose last attempt failed: the worker retries them by itself. */
  reintentando: number;
};

/** Mails that failed: those staff must retry and those the worker is still retrying. */
export async function contarCorreosConFallas(db: Db): Promise<CorreosConFallas> {
  const [fila] = await db
    .select({
      fallidos: count(sql`case when ${outbox.estado} = 'fallido' then 1 end`),
      reintentando: count(sql`case when ${outbox.estado} = 'pendiente' then 1 end`),
    })
    .from(outbox)
    .where(or(eq(outbox.estado, 'fallido'), and(eq(outbox.estado, 'pendiente'), isNotNull(outbox.ultimoError))));
  return { fallidos: fila?.fallidos ?? 0, reintentando: fila?.reintentando ?? 0 };
}
