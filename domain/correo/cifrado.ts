import { eq, sql } from 'drizzle-orm';
import type { Db } from '#db/client.ts';
import { queryRows } from '#db/client.ts';
import { outbox } from '#db/schema/index.ts';
import type { Cipher, KeyState } from '#domain/shared/cipher.ts';

const LOTE = 200;

/**
 * The mails' personal fields (recipient, reply-to, body, headers) under the current data key: rows
 * still in plaintext encrypted, rows under a key being rotated out re-encrypted. Called at every
 * start by domain/decretos' `preparePersonalData`, in its transaction (docs/decisions/004-datos-personales.md).
 */
export async function reencryptMails(db: Db, cipher: Cipher, estado: KeyState): Promise<void> {
  const actual = `v1.${cipher.keyId}.%`;
  for (;;) {
    const filas = await queryRows<{
      id: number;
      destinatario: string;
      responder_a: string | null;
      texto: string;
      cabeceras: Record<string, string> | string | null;
    }>(
      db,
      sql`select id, destinatario, responder_a, texto, cabeceras from outbox
          where destinatario not like ${actual} or (responder_a is not null and responder_a not like ${actual})
             or (texto <> '' and texto not like ${actual})
             or exists (select 1 from jsonb_each_text(cabeceras) c where c.value not like ${actual})
          order by id limit ${LOTE}`,
    );
    if (filas.length === 0) return;
    for (const fila of filas) {
      const enClaro = !cipher.isEncrypted(fila.destinatario);
      await db
        .update(outbox)
        .set({
          destinatario: cipher.encrypt(cipher.open(fila.destinatario)),
          responderA: fila.responder_a === null ? null : cipher.encrypt(cipher.open(fila.responder_a)),
          texto: fila.texto === '' ? '' : cipher.encrypt(cipher.open(fila.texto)),
          // An alert's unsubscribe header carries its secret (docs/decisions/024-alertas.md).
          cabeceras: Object.fromEntries(
            Object.entries((typeof fila.cabeceras === 'string' ? JSON.parse(fila.cabeceras) : fila.cabeceras) ?? {}).map(([k, v]) => [
              k,
              cipher.encrypt(cipher.open(String(v))),
            ]),
          ),
        })
        .where(eq(outbox.id, fila.id));
      if (enClaro) estado.filasProtegidas++;
      else estado.filasRotadas++;
    }
  }
}
