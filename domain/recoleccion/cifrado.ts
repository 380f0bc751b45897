import { eq, sql } from 'drizzle-orm';
import type { Db } from '#db/client.ts';
import { queryRows } from '#db/client.ts';
import { suscripcionesRecoleccion } from '#db/schema/index.ts';
import type { Cipher, KeyState } from '#domain/shared/cipher.ts';
import type { PushGuardado } from './push.ts';
import { huellaEmail, huellaPush } from './suscripciones.ts';

const LOTE = 200;

/**
 * Mi calle's subscriptions (docs/decisions/056-mi-calle.md) under the current data key: the e-mail,
 * the point, the browser's push subscription and the links' secret re-encrypted, the hashes of the
 * e-mail and the endpoint recomputed (they are keyed). Run at every start by domain/decretos'
 * `preparePersonalData`, in its transaction, which the server hands it to
 * (docs/decisions/004-datos-personales.md); the VAPID private key is moved there with the other
 * values of `claves_servidor`.
 */
export async function reencryptSuscripcionesRecoleccion(db: Db, cipher: Cipher, estado: KeyState): Promise<void> {
  const actual = `v1.${cipher.keyId}.%`;
  for (;;) {
    const filas = await queryRows<{ id: number; email: string | null; punto: string; push: string | null; token: string }>(
      db,
      sql`select id, email, punto, push, token from suscripciones_recoleccion
          where punto not like ${actual} or token not like ${actual}
             or (email is not null and email not like ${actual}) or (push is not null and push not like ${actual})
          order by id limit ${LOTE}`,
    );
    if (filas.length === 0) return;
    for (const fila of filas) {
      const email = fila.email === null ? null : cipher.open(fila.email);
      const push = fila.push === null ? null : cipher.open(fila.push);
      await db
        .update(suscripcionesRecoleccion)
        .set({
          email: email === null ? null : cipher.encrypt(email),
          emailHuella: email === null ? null : huellaEmail({ cipher }, email),
          punto: cipher.encrypt(cipher.open(fila.punto)),
          push: push === null ? null : cipher.encrypt(push),
          pushHuella: push === null ? null : huellaPush({ cipher }, (JSON.parse(push) as PushGuardado).endpoint),
          token: cipher.encrypt(cipher.open(fila.token)),
        })
        .where(eq(suscripcionesRecoleccion.id, fila.id));
      if (cipher.isEncrypted(fila.punto)) estado.filasRotadas++;
      else estado.filasProtegidas++;
    }
  }
}
