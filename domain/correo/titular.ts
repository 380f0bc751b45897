import { asc, eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '#db/client.ts';
import { outbox } from '#db/schema/index.ts';
import type { Cipher } from '#domain/shared/cipher.ts';

/**
 * A person's mails, for their rights over their data (docs/decisions/042-conservacion-y-derechos-del-titular.md):
 * what the export shows and what erasure and anonymisation leave.
 */

/** One mail as the data-subject export lists it, decrypted; `texto` null once erased. */
export type CorreoDelTitular = {
  asunto: string;
  destinatario: string;
  responderA: string | null;
  texto: string | null;
  estado: string;
  intentos: number;
  createdAt: Date;
  enviadoEn: Date | null;
  adjuntos: string[];
};

/** The mails about one matter (a request's code, an alert's reference), oldest first, decrypted. */
export async function listCorreosDe(db: Db, cipher: Cipher, referencia: string): Promise<CorreoDelTitular[]> {
  const filas = await db.select().from(outbox).where(eq(outbox.referencia, referencia)).orderBy(asc(outbox.id));
  return filas.map((c) => ({
    asunto: c.asunto,
    destinatario: cipher.open(c.destinatario),
    responderA: c.responderA === null ? null : cipher.open(c.responderA),
    texto: c.texto === '' ? null : cipher.open(c.texto),
    estado: c.estado,
    intentos: c.intentos,
    createdAt: c.createdAt,
    enviadoEn: c.enviadoEn,
    adjuntos: c.adjuntos.map((a) => a.nombreArchivo),
  }));
}

/**
 * Takes a person out of the mails with these references, inside the caller's transaction. A mail
 * to one of `destinatarios` (lower case) loses body, headers and reply-to, its recipient becomes
 * `reemplazo` (still encrypted, as every recipient is), and it is cancelled if not sent yet. With
 * `tambienAOtros`, the matter's other mails (the one to the desk, which quotes the person) lose
 * body and reply-to and are cancelled too, keeping their recipient. Answers how many were touched.
 */
export async function anonymiseMails(
  t: Db,
  cipher: Cipher,
  de: { referencias: readonly string[]; destinatarios: ReadonlySet<string>; reemplazo: string; tambienAOtros: boolean },
): Promise<number> {
  if (de.referencias.length === 0) return 0;
  const correos = await t
    .select({ id: outbox.id, destinatario: outbox.destinatario })
    .from(outbox)
    .where(inArray(outbox.referencia, [...de.referencias]));
  let tocados = 0;
  for (const correo of correos) {
    const suyo = de.destinatarios.has(cipher.open(correo.destinatario).trim().toLowerCase());
    if (!suyo && !de.tambienAOtros) continue;
    await t
      .update(outbox)
      .set({
        texto: '',
        responderA: null,
        ...(suyo ? { cabeceras: {}, destinatario: cipher.encrypt(de.reemplazo) } : {}),
        estado: sql`case when ${outbox.estado} in ('pendiente', 'fallido') then 'anulado' else ${outbox.estado} end`,
      })
      .where(eq(outbox.id, correo.id));
    tocados++;
  }
  return tocados;
}
