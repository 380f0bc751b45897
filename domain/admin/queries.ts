import { and, count, eq, isNotNull } from 'drizzle-orm';
import type { Db } from '#db/client.ts';
import { outbox } from '#db/schema/index.ts';

/**
 * The back-office dashboard's own reads (issue 12). Read-only; the outbox's owner
 * (domain/correo) keeps writing it.
 */

/** Mails not sent yet whose last attempt failed: the worker retries them, staff should know. */
export async function contarCorreosFallidos(db: Db): Promise<number> {
  const [fila] = await db
    .select({ n: count() })
    .from(outbox)
    .where(and(eq(outbox.estado, 'pendiente'), isNotNull(outbox.ultimoError)));
  return fila?.n ?? 0;
}
