import { and, asc, eq, gt, isNotNull, lt, or, isNull, lte, sql } from 'drizzle-orm';
import type { Db } from '#db/client.ts';
import { queryRows } from '#db/client.ts';
import { direccionesConocidas, intentosIngreso, usuarios } from '#db/schema/index.ts';
import { registrarAuditoria } from '#domain/auditoria/commands.ts';
import type { Actor } from '#domain/shared/actor.ts';
import type { AppContext } from '#domain/shared/context.ts';
import { PermisoDenegadoError, puede } from '#domain/shared/permisos.ts';
import { nombreCompleto } from './sesiones.ts';

/**
 * The soft lockout (docs/decisions/035-bloqueo-de-ingreso.md). Every attempt (a password, a TOTP
 * code, a recovery code, the password «Mi cuenta» asks again) is counted in ONE statement before it
 * is judged, so parallel requests cannot all be judged: at most `INTENTOS_PERMITIDOS` per account,
 * kind and place in a window; the next one locks that place for `DURACION_BLOQUEO_MS`. The place is
 * one of the account's known addresses (where it completed a sign-in before) or «any other
 * address»: a lock caused from outside does not reach the office.
 */

/** Attempts judged in a row; the next one is refused without being judged and locks. */
export const INTENTOS_PERMITIDOS = 5;
/** Attempts further apart than this do not add up. */
const VENTANA_MS = 15 * 60_000;
export const DURACION_BLOQUEO_MS = 15 * 60_000;
/** An address unused for this long is no longer known. */
const VIGENCIA_DIRECCION_MS = 180 * 24 * 3_600_000;
/** The place of an attempt from an address the account never signed in from. */
export const OTRAS_DIRECCIONES = 'otras';

type Ctx = Pick<AppContext, 'db' | 'clock' | 'cipher'>;

/** What is counted: a password (or the password asked again), or a code (TOTP or recovery). */
export type TipoIntento = 'clave' | 'codigo';

/** Whose attempts are counted together: an account (known or not) at one place. */
export type AmbitoIntento = { cuenta: string; lugar: string; usuarioId: number | null };

const normalizarEmail = (email: string) => email.trim().toLowerCase();
export const claveDeCuenta = (ctx: Pick<AppContext, 'cipher'>, email: string) => ctx.cipher.hash('ingreso-cuenta', normalizarEmail(email));
const hashDireccion = (ctx: Pick<AppContext, 'cipher'>, direccion: string) => ctx.cipher.hash('ingreso-direccion', direccion);

/** The place an attempt from `direccion` counts at: the hash of a known address of the account, or «any other». */
export async function lugarDelIntento(ctx: Ctx, usuarioId: number | null, direccion: string | undefined): Promise<string> {
  if (usuarioId === null || direccion === undefined) return OTRAS_DIRECCIONES;
  const hash = hashDireccion(ctx, direccion);
  const desde = new Date(ctx.clock.now().getTime() - VIGENCIA_DIRECCION_MS);
  const [fila] = await ctx.db
    .select({ u: direccionesConocidas.usuarioId })
    .from(direccionesConocidas)
    .where(and(eq(direccionesConocidas.usuarioId, usuarioId), eq(direccionesConocidas.direccion, hash), gt(direccionesConocidas.ultimoIngreso, desde)))
    .limit(1);
  return fila ? hash : OTRAS_DIRECCIONES;
}

export async function ambitoDelIntento(ctx: Ctx, email: string, usuarioId: number | null, direccion: string | undefined): Promise<AmbitoIntento> {
  return { cuenta: claveDeCuenta(ctx, email), lugar: await lugarDelIntento(ctx, usuarioId, direccion), usuarioId };
}

/**
 * Counts one attempt, in one statement, BEFORE it is judged, and answers whether it may be judged.
 * Under a lock in force nothing changes (attempts do not extend it); a lock that ended, or attempts
 * older than the window, start a new run; the attempt after `INTENTOS_PERMITIDOS` in a row locks.
 */
export async function countIntento(ctx: Ctx, ambito: AmbitoIntento, tipo: TipoIntento): Promise<{ juzgar: boolean }> {
  const ahora = ctx.clock.now();
  const a = ahora.toISOString();
  const desde = new Date(ahora.getTime() - VENTANA_MS).toISOString();
  const hasta = new Date(ahora.getTime() + DURACION_BLOQUEO_MS).toISOString();
  const [fila] = await queryRows<{ bloqueado_hasta: Date | string | null }>(
    ctx.db,
    sql`insert into intentos_ingreso_lugar as i (cuenta, ambito, usuario_id, intentos, ultimo_intento, bloqueado_hasta)
        values (${ambito.cuenta}, ${`${tipo}:${ambito.lugar}`}, ${ambito.usuarioId}::integer, 1, ${a}::timestamptz, null)
        on conflict (cuenta, ambito) do update set
          intentos = case
            when i.bloqueado_hasta > ${a}::timestamptz then i.intentos
            when i.bloqueado_hasta is not null or i.ultimo_intento < ${desde}::timestamptz then 1
            else i.intentos + 1 end,
          bloqueado_hasta = case
            when i.bloqueado_hasta > ${a}::timestamptz then i.bloqueado_hasta
            when i.bloqueado_hasta is null and i.ultimo_intento >= ${desde}::timestamptz and i.intentos + 1 > ${INTENTOS_PERMITIDOS}::integer
              then ${hasta}::timestamptz
            else null end,
          ultimo_intento = case when i.bloqueado_hasta > ${a}::timestamptz then i.ultimo_intento else ${a}::timestamptz end,
          usuario_id = coalesce(excluded.usuario_id, i.usuario_id)
        returning bloqueado_hasta`,
  );
  // Now and then, old runs go (a lock never outlives its window by much).
  if (Math.random() < 0.02) await purgarIntentos(ctx);
  return { juzgar: !fila?.bloqueado_hasta };
}

/** A right attempt: the run of this kind at this place starts over (a lock in force stays). */
export async function intentoCorrecto(ctx: Ctx, ambito: AmbitoIntento, tipo: TipoIntento): Promise<void> {
  await ctx.db
    .delete(intentosIngreso)
    .where(
      and(
        eq(intentosIngreso.cuenta, ambito.cuenta),
        eq(intentosIngreso.ambito, `${tipo}:${ambito.lugar}`),
        or(isNull(intentosIngreso.bloqueadoHasta), lte(intentosIngreso.bloqueadoHasta, ctx.clock.now())),
      ),
    );
}

/** A completed sign-in from `direccion`: it becomes (or stays) a known address of the account. */
export async function recordarDireccion(ctx: Ctx, usuarioId: number, direccion: string | undefined): Promise<void> {
  if (direccion === undefined) return;
  const ahora = ctx.clock.now();
  await ctx.db
    .insert(direccionesConocidas)
    .values({ usuarioId, direccion: hashDireccion(ctx, direccion), ultimoIngreso: ahora })
    .onConflictDoUpdate({ target: [direccionesConocidas.usuarioId, direccionesConocidas.direccion], set: { ultimoIngreso: ahora } });
}

async function purgarIntentos(ctx: Ctx): Promise<void> {
  const ahora = ctx.clock.now();
  await ctx.db
    .delete(intentosIngreso)
    .where(
      and(
        lt(intentosIngreso.ultimoIntento, new Date(ahora.getTime() - VENTANA_MS - DURACION_BLOQUEO_MS)),
        or(isNull(intentosIngreso.bloqueadoHasta), lt(intentosIngreso.bloqueadoHasta, ahora)),
      ),
    );
  await ctx.db.delete(direccionesConocidas).where(lt(direccionesConocidas.ultimoIngreso, new Date(ahora.getTime() - VIGENCIA_DIRECCION_MS)));
}

export type BloqueoListado = {
  usuarioId: number;
  nombre: string;
  email: string;
  hasta: Date;
  /** Where from: any other address (the usual case: someone outside), or one of its known addresses. */
  desdeOtras: boolean;
  tipo: TipoIntento;
};

/** The locks in force on real accounts (an unknown e-mail's counters lock nobody and are not listed). */
export async function listBloqueos(ctx: Pick<AppContext, 'db' | 'clock'>): Promise<BloqueoListado[]> {
  const filas = await ctx.db
    .select({
      usuarioId: usuarios.id,
      nombre: usuarios.nombre,
      apellido: usuarios.apellido,
      email: usuarios.email,
      hasta: intentosIngreso.bloqueadoHasta,
      ambito: intentosIngreso.ambito,
    })
    .from(intentosIngreso)
    .innerJoin(usuarios, eq(usuarios.id, intentosIngreso.usuarioId))
    .where(and(isNotNull(intentosIngreso.usuarioId), gt(intentosIngreso.bloqueadoHasta, ctx.clock.now())))
    .orderBy(asc(usuarios.nombre), asc(usuarios.id), asc(intentosIngreso.ambito));
  return filas.map((f) => ({
    usuarioId: f.usuarioId,
    nombre: nombreCompleto(f),
    email: f.email,
    hasta: f.hasta!,
    desdeOtras: f.ambito.endsWith(`:${OTRAS_DIRECCIONES}`),
    tipo: f.ambito.startsWith('codigo:') ? 'codigo' : 'clave',
  }));
}

/** An administrator lifts every lock of one account (and its counts start over); audited. Answers how many there were. */
export async function levantarBloqueos(ctx: Pick<AppContext, 'db' | 'clock'>, actor: Actor, usuarioId: number, direccion?: string | null): Promise<number> {
  if (!puede(actor, 'usuarios')) throw new PermisoDenegadoError('Sólo un administrador puede levantar el bloqueo de una cuenta.');
  return ctx.db.transaction(async (tx) => {
    const t = tx as unknown as Db;
    const borrados = await t.delete(intentosIngreso).where(eq(intentosIngreso.usuarioId, usuarioId)).returning({ hasta: intentosIngreso.bloqueadoHasta });
    const vigentes = borrados.filter((b) => b.hasta && b.hasta.getTime() > ctx.clock.now().getTime()).length;
    await registrarAuditoria(t, {
      actor,
      accion: 'usuario.bloqueo-levantado',
      entidad: 'usuario',
      entidadId: usuarioId,
      antes: { bloqueos: vigentes },
      despues: { bloqueos: 0 },
      direccion: direccion ?? null,
    });
    return vigentes;
  });
}
