import { and, desc, eq, gt, lt, ne, or } from 'drizzle-orm';
import type { Db } from '#db/client.ts';
import { sesiones, usuarios } from '#db/schema/index.ts';
import { registrarAuditoria } from '#domain/auditoria/commands.ts';
import type { Actor, Rol } from '#domain/shared/actor.ts';
import type { AppContext, ConfigSesiones } from '#domain/shared/context.ts';
import { hashToken, nuevoToken } from './tokens.ts';

/** The defaults of SESION_INACTIVIDAD_MINUTOS and SESION_DURACION_MAXIMA_HORAS (server/env.ts). */
export const SESIONES_POR_DEFECTO: ConfigSesiones = { inactividadMs: 30 * 60_000, duracionMaximaMs: 12 * 3_600_000, cookieSegura: true };

/** Between the password and the TOTP code: long enough to open the app on the phone, no longer. */
export const DURACION_PASO_CODIGO_MS = 5 * 60_000;

/** Activity is written at most this often: a page with several loaders writes once. */
const ESCRITURA_ACTIVIDAD_MS = 60_000;

export type CtxSesiones = Pick<AppContext, 'db' | 'clock' | 'config'>;

export const configSesiones = (ctx: Pick<AppContext, 'config'>): ConfigSesiones => ctx.config.sesiones ?? SESIONES_POR_DEFECTO;

/** Whoever a session or a token belongs to, as pages and the API need them. */
export type Persona = {
  actor: Actor;
  nombre: string;
  apellido: string;
  totpActivo: boolean;
};

/** The columns a `Persona` is made of (personaDe), for every query that answers one. */
export const COLUMNAS_PERSONA = {
  id: usuarios.id,
  email: usuarios.email,
  nombre: usuarios.nombre,
  apellido: usuarios.apellido,
  rol: usuarios.rol,
  totpActivo: usuarios.totpActivo,
};

export const nombreCompleto = (u: { nombre: string; apellido: string }) => `${u.nombre} ${u.apellido}`.trim();

export function personaDe(u: { id: number; email: string; nombre: string; apellido: string; rol: string; totpActivo: boolean }): Persona {
  return {
    actor: { usuarioId: u.id, email: u.email, nombre: nombreCompleto(u), rol: u.rol as Rol },
    nombre: u.nombre,
    apellido: u.apellido,
    totpActivo: u.totpActivo,
  };
}

/** 'Chrome en Linux': a person recognises the device by it; nothing more of the User-Agent is kept. */
export function resumirAgente(agente: string | null | undefined): string {
  const ua = agente ?? '';
  const navegador = /Edg\//.test(ua)
    ? 'Edge'
    : /OPR\/|Opera/.test(ua)
      ? 'Opera'
      : /Firefox\//.test(ua)
        ? 'Firefox'
        : /Chrom(e|ium)\//.test(ua)
          ? 'Chrome'
          : /Safari\//.test(ua)
            ? 'Safari'
            : 'otro navegador';
  const sistema = /Android/.test(ua)
    ? 'Android'
    : /iPhone|iPad|iPod/.test(ua)
      ? 'iOS'
      : /Windows/.test(ua)
        ? 'Windows'
        : /Mac OS X|Macintosh/.test(ua)
          ? 'macOS'
          : /Linux|X11/.test(ua)
            ? 'Linux'
            : 'otro sistema';
  return `${navegador} en ${sistema}`;
}

/**
 * A new session for `usuarioId`: a fresh token (so a sign-in always rotates it), its hash stored
 * with the absolute end. `pendiente`: the TOTP code is still owed (a few minutes, not accepted by
 * the guard).
 */
export async function createSesion(
  ctx: CtxSesiones,
  usuarioId: number,
  opciones: { agente?: string | null; pendiente?: boolean } = {},
): Promise<{ token: string; expira: Date }> {
  const ahora = ctx.clock.now();
  const token = nuevoToken();
  const expira = new Date(ahora.getTime() + (opciones.pendiente ? DURACION_PASO_CODIGO_MS : configSesiones(ctx).duracionMaximaMs));
  await ctx.db.insert(sesiones).values({
    tokenHash: hashToken(token),
    usuarioId,
    createdAt: ahora,
    ultimoUso: ahora,
    expira,
    agente: resumirAgente(opciones.agente),
    segundoFactorPendiente: opciones.pendiente ?? false,
  });
  return { token, expira };
}

export type SesionLeida = Persona & { sesionId: number; expira: Date };

/**
 * The signed-in person of a session token, or null: unknown token, pending second factor, ended
 * by inactivity or by its maximum age (then deleted), or an inactive user. Activity is written at
 * most once a minute.
 */
export async function readSesion(ctx: CtxSesiones, token: string | undefined): Promise<SesionLeida | null> {
  if (!token || token.length > 200) return null;
  const [fila] = await ctx.db
    .select({
      sesion: { id: sesiones.id, ultimoUso: sesiones.ultimoUso, expira: sesiones.expira, pendiente: sesiones.segundoFactorPendiente },
      usuario: { ...COLUMNAS_PERSONA, activo: usuarios.activo },
    })
    .from(sesiones)
    .innerJoin(usuarios, eq(usuarios.id, sesiones.usuarioId))
    .where(eq(sesiones.tokenHash, hashToken(token)))
    .limit(1);
  if (!fila || fila.sesion.pendiente) return null;
  const ahora = ctx.clock.now().getTime();
  const { inactividadMs } = configSesiones(ctx);
  if (!fila.usuario.activo || ahora >= fila.sesion.expira.getTime() || ahora - fila.sesion.ultimoUso.getTime() >= inactividadMs) {
    await ctx.db.delete(sesiones).where(eq(sesiones.id, fila.sesion.id));
    return null;
  }
  if (ahora - fila.sesion.ultimoUso.getTime() >= ESCRITURA_ACTIVIDAD_MS) {
    await ctx.db
      .update(sesiones)
      .set({ ultimoUso: new Date(ahora) })
      .where(eq(sesiones.id, fila.sesion.id));
  }
  return { ...personaDe(fila.usuario), sesionId: fila.sesion.id, expira: fila.sesion.expira };
}

/** The pending half of a sign-in (password right, code owed), if still in time. */
export async function readSesionPendiente(ctx: CtxSesiones, token: string | undefined) {
  if (!token || token.length > 200) return null;
  const [fila] = await ctx.db
    .select({ id: sesiones.id, usuarioId: sesiones.usuarioId, expira: sesiones.expira, intentos: sesiones.intentosSegundoFactor })
    .from(sesiones)
    .where(and(eq(sesiones.tokenHash, hashToken(token)), eq(sesiones.segundoFactorPendiente, true)))
    .limit(1);
  if (!fila) return null;
  if (ctx.clock.now().getTime() >= fila.expira.getTime()) {
    await ctx.db.delete(sesiones).where(eq(sesiones.id, fila.id));
    return null;
  }
  return fila;
}

/** Ends the session of this token (sign-out): its row is deleted, so the old cookie is refused if replayed. */
export async function removeSesion(db: Db, token: string | undefined): Promise<{ usuarioId: number } | null> {
  if (!token || token.length > 200) return null;
  const [fila] = await db
    .delete(sesiones)
    .where(eq(sesiones.tokenHash, hashToken(token)))
    .returning({ usuarioId: sesiones.usuarioId });
  return fila ?? null;
}

/** Ends every session of a user (deactivated, password changed), but `salvo` (the one that changed it). */
export async function removeSesionesDe(db: Db, usuarioId: number, salvo?: number): Promise<void> {
  await db.delete(sesiones).where(and(eq(sesiones.usuarioId, usuarioId), salvo === undefined ? undefined : ne(sesiones.id, salvo)));
}

/** Sessions past their end: removed now and then (each is refused anyway when it is read). */
export async function purgarSesiones(ctx: CtxSesiones): Promise<void> {
  const ahora = ctx.clock.now();
  const ultimoUsoMinimo = new Date(ahora.getTime() - configSesiones(ctx).inactividadMs);
  await ctx.db.delete(sesiones).where(or(lt(sesiones.expira, ahora), lt(sesiones.ultimoUso, ultimoUsoMinimo)));
}

export type SesionListada = { id: number; agente: string; createdAt: Date; ultimoUso: Date; actual: boolean };

/** «Mi cuenta»: one's signed-in sessions still in force (device, created, last seen; no address is kept), newest first. */
export async function listSesionesDe(ctx: CtxSesiones, usuarioId: number, actual?: number): Promise<SesionListada[]> {
  const ahora = ctx.clock.now();
  const filas = await ctx.db
    .select({ id: sesiones.id, agente: sesiones.agente, createdAt: sesiones.createdAt, ultimoUso: sesiones.ultimoUso })
    .from(sesiones)
    .where(
      and(
        eq(sesiones.usuarioId, usuarioId),
        eq(sesiones.segundoFactorPendiente, false),
        gt(sesiones.expira, ahora),
        gt(sesiones.ultimoUso, new Date(ahora.getTime() - configSesiones(ctx).inactividadMs)),
      ),
    )
    .orderBy(desc(sesiones.ultimoUso), desc(sesiones.id));
  return filas.map((f) => ({ ...f, actual: f.id === actual }));
}

/**
 * Ends one of the actor's own sessions (`sesionId`), or with `'otras'` every one but `actual`;
 * audited. Answers how many ended (a session of someone else is never touched).
 */
export async function cerrarSesionesPropias(
  ctx: CtxSesiones,
  actor: Actor,
  cuales: { sesionId: number } | { otras: true; actual: number },
  direccion?: string | null,
): Promise<number> {
  return ctx.db.transaction(async (tx) => {
    const t = tx as unknown as Db;
    const cerradas = await t
      .delete(sesiones)
      .where(and(eq(sesiones.usuarioId, actor.usuarioId), 'sesionId' in cuales ? eq(sesiones.id, cuales.sesionId) : ne(sesiones.id, cuales.actual)))
      .returning({ id: sesiones.id });
    if (cerradas.length > 0) {
      await registrarAuditoria(t, {
        actor,
        accion: 'sesion.cerrada-desde-cuenta',
        entidad: 'usuario',
        entidadId: actor.usuarioId,
        despues: { sesiones: cerradas.length, otras: !('sesionId' in cuales) },
        direccion: direccion ?? null,
      });
    }
    return cerradas.length;
  });
}
