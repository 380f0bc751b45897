/**
 * The reporter's links (docs/decisions/057-reclamos.md): one secret per report, kept encrypted so
 * every later mail can carry it, and as its SHA-256 to find the report from a link. The links end
 * the mails (one-click unsubscribe, RFC 8058) and answer the «¿se resolvió?» question.
 */
import { eq } from 'drizzle-orm';
import type { Db } from '#db/client.ts';
import { reclamos } from '#db/schema/index.ts';
import type { AppContext } from '#domain/shared/context.ts';
import { tokenAdmisible } from '#domain/shared/suscripciones.ts';
import { hashToken, nuevoToken } from '#domain/usuarios/tokens.ts';

/** A new secret with its two stored forms: `token` (ciphertext) and `tokenHash`. */
export function nuevoSecreto(ctx: Pick<AppContext, 'cipher'>): { secreto: string; token: string; tokenHash: string } {
  const secreto = nuevoToken('rc_');
  return { secreto, token: ctx.cipher.encrypt(secreto), tokenHash: hashToken(secreto) };
}

export const hashSecreto = hashToken;

export type EnlacesReclamante = { baja: string; si: string; no: string };

/** The reporter's links, from the stored (encrypted) secret. */
export function enlacesDelReclamante(ctx: Pick<AppContext, 'cipher' | 'url'>, tokenCifrado: string): EnlacesReclamante {
  const secreto = encodeURIComponent(ctx.cipher.open(tokenCifrado));
  return {
    baja: ctx.url(`/reclamos/baja?token=${secreto}`),
    si: ctx.url(`/reclamos/consulta?token=${secreto}&respuesta=si`),
    no: ctx.url(`/reclamos/consulta?token=${secreto}&respuesta=no`),
  };
}

/** The report a link's secret belongs to, or undefined (also for anything that cannot be a secret). */
export async function reclamoPorSecreto(db: Db, secreto: unknown): Promise<{ id: number; codigo: string; seguir: boolean } | undefined> {
  if (!tokenAdmisible(secreto)) return undefined;
  const [fila] = await db
    .select({ id: reclamos.id, codigo: reclamos.codigo, seguir: reclamos.seguir })
    .from(reclamos)
    .where(eq(reclamos.tokenHash, hashSecreto(secreto)))
    .limit(1);
  return fila;
}
