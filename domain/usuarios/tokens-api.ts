import { and, desc, eq, isNull, lt, or } from 'drizzle-orm';
import type { Db } from '#db/client.ts';
import { tokensApi, usuarios } from '#db/schema/index.ts';
import { registrarAuditoria } from '#domain/auditoria/commands.ts';
import type { Actor } from '#domain/shared/actor.ts';
import type { AppContext } from '#domain/shared/context.ts';
import { avisarCambioDeCuenta } from './avisos.ts';
import { confirmarIdentidad } from './ingreso.ts';
import { COLUMNAS_PERSONA, type Persona, personaDe } from './sesiones.ts';
import { LARGO_MAXIMO_NOMBRE_TOKEN } from './campos.ts';
import { hashToken, nuevoToken } from './tokens.ts';

/**
 * Personal API tokens, sent in the spec's `Aero-Token` header (docs/sitio-original.md §6): shown
 * once when created, stored as their SHA-256, revocable; a deactivated user's tokens stop at once.
 */

const PREFIJO = 'vla_';
const ESCRITURA_USO_MS = 60_000;

type Ctx = Pick<AppContext, 'db' | 'clock'>;
type CtxCreacion = Pick<AppContext, 'db' | 'clock' | 'cipher' | 'mailer' | 'url'>;

export type TokenApiListado = { id: number; nombre: string; createdAt: Date; ultimoUso: Date | null; revocadoEn: Date | null };

/** A new token for the actor; its owner gets a mail saying so (docs/decisions/035-bloqueo-de-ingreso.md). */
export async function createTokenApi(ctx: CtxCreacion, actor: Actor, nombre: string, direccion?: string | null): Promise<{ id: number; token: string }> {
  const token = nuevoToken(PREFIJO);
  const creado = await ctx.db.transaction(async (tx) => {
    const t = tx as unknown as Db;
    const [fila] = await t
      .insert(tokensApi)
      .values({
        tokenHash: hashToken(token),
        nombre: nombre.trim().slice(0, LARGO_MAXIMO_NOMBRE_TOKEN),
        usuarioId: actor.usuarioId,
        createdAt: ctx.clock.now(),
      })
      .returning({ id: tokensApi.id });
    await registrarAuditoria(t, {
      actor,
      accion: 'token-api.creado',
      entidad: 'token_api',
      entidadId: fila!.id,
      despues: { nombre: nombre.trim() },
      direccion: direccion ?? null,
    });
    await avisarCambioDeCuenta(ctx, t, actor, 'token-api');
    return { id: fila!.id, token };
  });
  ctx.mailer.wake();
  return creado;
}

/** «Mi cuenta»: a token only with the password (or a TOTP code) asked again, counted like a sign-in. */
export async function createTokenApiConfirmado(
  ctx: CtxCreacion,
  actor: Actor,
  datos: { nombre: string; actual: string; desde?: string },
  direccion?: string | null,
): Promise<{ ok: true; id: number; token: string } | { ok: false; errores: Record<string, string> }> {
  const confirmada = await confirmarIdentidad(ctx, actor, datos.actual, datos.desde);
  if (!confirmada.ok) return { ok: false, errores: { actual: confirmada.mensaje } };
  return { ok: true, ...(await createTokenApi(ctx, actor, datos.nombre, direccion)) };
}

export function listTokensApi(db: Db, usuarioId: number): Promise<TokenApiListado[]> {
  return db
    .select({ id: tokensApi.id, nombre: tokensApi.nombre, createdAt: tokensApi.createdAt, ultimoUso: tokensApi.ultimoUso, revocadoEn: tokensApi.revocadoEn })
    .from(tokensApi)
    .where(eq(tokensApi.usuarioId, usuarioId))
    .orderBy(desc(tokensApi.createdAt), desc(tokensApi.id));
}

/** Revokes one of the actor's own tokens; false if it is not theirs or was already revoked. */
export async function revocarTokenApi(ctx: Ctx, actor: Actor, id: number, direccion?: string | null): Promise<boolean> {
  return ctx.db.transaction(async (tx) => {
    const t = tx as unknown as Db;
    const [fila] = await t
      .update(tokensApi)
      .set({ revocadoEn: ctx.clock.now() })
      .where(and(eq(tokensApi.id, id), eq(tokensApi.usuarioId, actor.usuarioId), isNull(tokensApi.revocadoEn)))
      .returning({ nombre: tokensApi.nombre });
    if (!fila) return false;
    await registrarAuditoria(t, {
      actor,
      accion: 'token-api.revocado',
      entidad: 'token_api',
      entidadId: id,
      antes: { revocado: false },
      despues: { revocado: true, nombre: fila.nombre },
      direccion: direccion ?? null,
    });
    return true;
  });
}

/** Whoever an `Aero-Token` belongs to, or null (unknown, revoked, or its user deactivated). */
export async function autenticarTokenApi(ctx: Ctx, token: string | undefined): Promise<Persona | null> {
  if (!token || !token.startsWith(PREFIJO) || token.length > 200) return null;
  const [fila] = await ctx.db
    .select({
      id: tokensApi.id,
      ultimoUso: tokensApi.ultimoUso,
      usuario: COLUMNAS_PERSONA,
    })
    .from(tokensApi)
    .innerJoin(usuarios, eq(usuarios.id, tokensApi.usuarioId))
    .where(and(eq(tokensApi.tokenHash, hashToken(token)), isNull(tokensApi.revocadoEn), eq(usuarios.activo, true)))
    .limit(1);
  if (!fila) return null;
  const ahora = ctx.clock.now();
  if (!fila.ultimoUso || ahora.getTime() - fila.ultimoUso.getTime() >= ESCRITURA_USO_MS) {
    await ctx.db
      .update(tokensApi)
      .set({ ultimoUso: ahora })
      .where(and(eq(tokensApi.id, fila.id), or(isNull(tokensApi.ultimoUso), lt(tokensApi.ultimoUso, ahora))));
  }
  return personaDe(fila.usuario);
}
