import { eq, sql } from 'drizzle-orm';
import type { Db } from '#db/client.ts';
import { queryRows } from '#db/client.ts';
import { suscripcionesAlertas } from '#db/schema/index.ts';
import type { Cipher, KeyState } from '#domain/shared/cipher.ts';
import { huellaEmailAlerta } from './huella.ts';

const LOTE = 200;

/**
 * Alert subscriptions (docs/decisions/024-alertas.md): the address and the links' secret, and the
 * address's hash, under the current key. Called at every start by domain/decretos' `preparePersonalData`.
 */
export async function reencryptSuscripciones(db: Db, cipher: Cipher, estado: KeyState): Promise<void> {
  const actual = `v1.${cipher.keyId}.%`;
  for (;;) {
    const filas = await queryRows<{ id: number; email: string; token: string }>(
      db,
      sql`select id, email, token from suscripciones_alertas where email not like ${actual} or token not like ${actual} order by id limit ${LOTE}`,
    );
    if (filas.length === 0) return;
    for (const fila of filas) {
      const email = cipher.open(fila.email);
      await db
        .update(suscripcionesAlertas)
        .set({ email: cipher.encrypt(email), token: cipher.encrypt(cipher.open(fila.token)), emailHuella: huellaEmailAlerta(cipher, email) })
        .where(eq(suscripcionesAlertas.id, fila.id));
      estado.filasRotadas++;
    }
  }
}
