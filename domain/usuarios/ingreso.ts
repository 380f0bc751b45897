import { eq, sql } from 'drizzle-orm';
import type { Db } from '#db/client.ts';
import { intentosIngreso, sesiones, usuarios } from '#db/schema/index.ts';
import { registrarAuditoria } from '#domain/auditoria/commands.ts';
import type { AppContext } from '#domain/shared/context.ts';
import { withinAddressLimit } from '#domain/shared/limits.ts';
import { hashSinUsuario, verificarClave } from './claves.ts';
import { COLUMNAS_PERSONA, type Persona, borrarSesion, crearSesion, leerSesionPendiente, personaDe, purgarSesiones } from './sesiones.ts';
import { verificarSegundoFactor } from './segundo-factor.ts';

/**
 * Signing in (issue 12, docs/decisions/012-sesiones-y-roles.md): e-mail and password, then the
 * TOTP code when the account has one. Failures are counted per e-mail address (known or not, by a
 * keyed hash) and per client address; an unknown e-mail and a wrong password get the same answer
 * after the same work (a scrypt hash is checked either way).
 */

export const MENSAJE_CREDENCIALES = 'El correo o la contraseña no son correctos.';
export const MENSAJE_CODIGO =
  'El código no es correcto o ya se usó. Escribí el código de 6 números que muestra ahora tu aplicación, o un código de recuperación.';
export const MENSAJE_BLOQUEO =
  'Por seguridad, el ingreso con esta cuenta quedó bloqueado por 15 minutos después de varios intentos fallidos. Esperá y probá de nuevo, o pedile ayuda a un administrador.';
export const MENSAJE_LIMITE_DIRECCION = 'Hubo demasiados intentos de ingreso desde tu conexión. Esperá unos minutos y probá de nuevo.';
export const MENSAJE_PASO_VENCIDO = 'Pasó demasiado tiempo o hubo demasiados intentos con el código: ingresá de nuevo con tu correo y tu contraseña.';

/** Failed attempts in a row that an account tolerates; the next one locks it. */
export const FALLOS_PERMITIDOS = 5;
/** Failures further apart than this do not add up. */
const VENTANA_FALLOS_MS = 15 * 60_000;
export const DURACION_BLOQUEO_MS = 15 * 60_000;
/** Codes tried on one pending sign-in before the password must be typed again. */
const INTENTOS_CODIGO = 5;
/** Sign-in attempts one address (an IPv6 /64) may make in a window of 15 minutes. */
export const INGRESOS_POR_DIRECCION = { max: 30, windowSeconds: 15 * 60 };

type Ctx = Pick<AppContext, 'db' | 'clock' | 'config' | 'cipher'>;

export type DatosIngreso = {
  email: string;
  clave: string;
  /** The client's address as limits key it (clientKey); undefined: no per-address limit (tests). */
  direccion?: string;
  agente?: string | null;
  /** The session cookie the browser came with, ended here: a sign-in always starts a new one. */
  tokenAnterior?: string;
};

export type ResultadoIngreso =
  | { tipo: 'ingreso'; token: string; expira: Date; persona: Persona }
  | { tipo: 'codigo'; token: string; expira: Date }
  | { tipo: 'rechazado' | 'bloqueado' | 'limite'; mensaje: string };

export const normalizarEmail = (email: string) => email.trim().toLowerCase();
const claveDeCuenta = (ctx: Pick<AppContext, 'cipher'>, email: string) => ctx.cipher.hash('ingreso-cuenta', normalizarEmail(email));
export const direccionAuditada = (ctx: Pick<AppContext, 'cipher'>, direccion: string | undefined) =>
  direccion === undefined ? null : ctx.cipher.hash('auditoria-direccion', direccion);

/** The lock on this key, if any, still in force now. */
async function bloqueadoHasta(ctx: Ctx, clave: string): Promise<Date | null> {
  const [fila] = await ctx.db.select({ hasta: intentosIngreso.bloqueadoHasta }).from(intentosIngreso).where(eq(intentosIngreso.clave, clave)).limit(1);
  return fila?.hasta && fila.hasta.getTime() > ctx.clock.now().getTime() ? fila.hasta : null;
}

/**
 * Counts one failure on this key (in a row, within the window) and answers whether the account is
 * locked now: the sixth failure in a row locks it for 15 minutes. A lock that ended starts over.
 */
async function contarFallo(ctx: Ctx, clave: string): Promise<boolean> {
  const ahora = ctx.clock.now();
  const desde = new Date(ahora.getTime() - VENTANA_FALLOS_MS);
  const [fila] = await ctx.db
    .insert(intentosIngreso)
    .values({ clave, fallos: 1, ultimoFallo: ahora })
    .onConflictDoUpdate({
      target: intentosIngreso.clave,
      set: {
        // A lock that has ended, or failures too old to count, start a new run.
        fallos: sql`case when ${intentosIngreso.bloqueadoHasta} is not null or ${intentosIngreso.ultimoFallo} < ${desde} then 1 else ${intentosIngreso.fallos} + 1 end`,
        bloqueadoHasta: sql`null`,
        ultimoFallo: ahora,
      },
    })
    .returning({ fallos: intentosIngreso.fallos });
  if ((fila?.fallos ?? 0) <= FALLOS_PERMITIDOS) return false;
  await ctx.db
    .update(intentosIngreso)
    .set({ bloqueadoHasta: new Date(ahora.getTime() + DURACION_BLOQUEO_MS) })
    .where(eq(intentosIngreso.clave, clave));
  return true;
}

const olvidarFallos = (db: Db, clave: string) => db.delete(intentosIngreso).where(eq(intentosIngreso.clave, clave));

async function ingresoCompleto(ctx: Ctx, usuario: Parameters<typeof personaDe>[0], datos: { agente?: string | null; direccion?: string }, detalle: object) {
  const ahora = ctx.clock.now();
  const sesion = await crearSesion(ctx, usuario.id, { agente: datos.agente ?? null });
  await ctx.db.update(usuarios).set({ ultimoIngreso: ahora }).where(eq(usuarios.id, usuario.id));
  await olvidarFallos(ctx.db, claveDeCuenta(ctx, usuario.email));
  const persona = personaDe(usuario);
  await registrarAuditoria(ctx.db, {
    actor: persona.actor,
    accion: 'sesion.ingreso',
    entidad: 'usuario',
    entidadId: usuario.id,
    despues: detalle,
    direccion: direccionAuditada(ctx, datos.direccion),
  });
  return { tipo: 'ingreso' as const, ...sesion, persona };
}

/** The first step: e-mail and password. */
export async function iniciarSesion(ctx: Ctx, datos: DatosIngreso): Promise<ResultadoIngreso> {
  const { db } = ctx;
  const direccion = direccionAuditada(ctx, datos.direccion);
  if (!(await withinAddressLimit(db, ctx.cipher, 'limite-ingreso-direccion', datos.direccion, INGRESOS_POR_DIRECCION))) {
    return { tipo: 'limite', mensaje: MENSAJE_LIMITE_DIRECCION };
  }
  // Whoever signs in starts from a new session: the one the browser had is ended (fixation).
  await borrarSesion(db, datos.tokenAnterior);
  // Now and then, sessions past their end go (each is refused anyway when it is read).
  if (Math.random() < 0.02) await purgarSesiones(ctx);
  const email = normalizarEmail(datos.email).slice(0, 320);
  const clave = claveDeCuenta(ctx, email);
  const [usuario] = await db
    .select({ ...COLUMNAS_PERSONA, activo: usuarios.activo, claveHash: usuarios.claveHash })
    .from(usuarios)
    .where(eq(sql`lower(${usuarios.email})`, email))
    .limit(1);
  const fallo = async (motivo: string) =>
    registrarAuditoria(db, {
      actor: null,
      accion: 'sesion.ingreso-fallido',
      entidad: 'usuario',
      entidadId: usuario?.id ?? null,
      despues: { motivo },
      direccion,
    });

  if (await bloqueadoHasta(ctx, clave)) {
    await fallo('cuenta-bloqueada');
    return { tipo: 'bloqueado', mensaje: MENSAJE_BLOQUEO };
  }
  const utilizable = usuario && usuario.activo && usuario.claveHash !== null;
  // The same scrypt work for an unknown or inactive account as for a known one.
  const correcta = await verificarClave(datos.clave, utilizable ? usuario.claveHash! : await hashSinUsuario());
  if (!utilizable || !correcta) {
    const bloqueada = await contarFallo(ctx, clave);
    await fallo(bloqueada ? 'credenciales-y-bloqueo' : 'credenciales');
    return bloqueada ? { tipo: 'bloqueado', mensaje: MENSAJE_BLOQUEO } : { tipo: 'rechazado', mensaje: MENSAJE_CREDENCIALES };
  }
  if (usuario.totpActivo) {
    const pendiente = await crearSesion(ctx, usuario.id, { agente: datos.agente ?? null, pendiente: true });
    return { tipo: 'codigo', ...pendiente };
  }
  return ingresoCompleto(ctx, usuario, datos, { segundoFactor: false });
}

export type ResultadoCodigo =
  | { tipo: 'ingreso'; token: string; expira: Date; persona: Persona }
  | { tipo: 'rechazado' | 'bloqueado'; mensaje: string }
  /** The pending sign-in is gone (expired, too many codes): back to the password. */
  | { tipo: 'reiniciar'; mensaje: string };

/** The second step: the TOTP code (or a recovery code) for a pending sign-in. */
export async function completarSegundoFactor(
  ctx: Ctx,
  datos: { token: string | undefined; codigo: string; direccion?: string; agente?: string | null },
): Promise<ResultadoCodigo> {
  const { db } = ctx;
  const pendiente = await leerSesionPendiente(ctx, datos.token);
  if (!pendiente) return { tipo: 'reiniciar', mensaje: MENSAJE_PASO_VENCIDO };
  const [usuario] = await db
    .select({ ...COLUMNAS_PERSONA, activo: usuarios.activo, totpSecreto: usuarios.totpSecreto, totpUltimoPaso: usuarios.totpUltimoPaso })
    .from(usuarios)
    .where(eq(usuarios.id, pendiente.usuarioId))
    .limit(1);
  if (!usuario || !usuario.activo) {
    await db.delete(sesiones).where(eq(sesiones.id, pendiente.id));
    return { tipo: 'reiniciar', mensaje: MENSAJE_PASO_VENCIDO };
  }
  const clave = claveDeCuenta(ctx, usuario.email);
  const direccion = direccionAuditada(ctx, datos.direccion);
  if (await bloqueadoHasta(ctx, clave)) {
    await db.delete(sesiones).where(eq(sesiones.id, pendiente.id));
    return { tipo: 'bloqueado', mensaje: MENSAJE_BLOQUEO };
  }
  const metodo = usuario.totpActivo ? await verificarSegundoFactor(db, ctx.cipher, usuario, datos.codigo, ctx.clock.now()) : null;
  if (!metodo) {
    // A wrong code counts against the account like a wrong password.
    const bloqueada = await contarFallo(ctx, clave);
    await registrarAuditoria(db, {
      actor: null,
      accion: 'sesion.ingreso-fallido',
      entidad: 'usuario',
      entidadId: usuario.id,
      despues: { motivo: bloqueada ? 'codigo-y-bloqueo' : 'codigo' },
      direccion,
    });
    const [fila] = await db
      .update(sesiones)
      .set({ intentosSegundoFactor: sql`${sesiones.intentosSegundoFactor} + 1` })
      .where(eq(sesiones.id, pendiente.id))
      .returning({ intentos: sesiones.intentosSegundoFactor });
    if (bloqueada || (fila?.intentos ?? INTENTOS_CODIGO) >= INTENTOS_CODIGO) {
      await db.delete(sesiones).where(eq(sesiones.id, pendiente.id));
      return bloqueada ? { tipo: 'bloqueado', mensaje: MENSAJE_BLOQUEO } : { tipo: 'reiniciar', mensaje: MENSAJE_PASO_VENCIDO };
    }
    return { tipo: 'rechazado', mensaje: MENSAJE_CODIGO };
  }
  // The pending session ends; the signed-in one is new (its token never travelled before).
  await db.delete(sesiones).where(eq(sesiones.id, pendiente.id));
  return ingresoCompleto(ctx, usuario, datos, { segundoFactor: metodo });
}

/** Sign-out: the session's row goes (a replayed cookie finds nothing), recorded in the audit log. */
export async function cerrarSesion(ctx: Pick<AppContext, 'db' | 'cipher'>, token: string | undefined, direccion?: string): Promise<boolean> {
  const fila = await borrarSesion(ctx.db, token);
  if (!fila) return false;
  const [usuario] = await ctx.db.select(COLUMNAS_PERSONA).from(usuarios).where(eq(usuarios.id, fila.usuarioId)).limit(1);
  await registrarAuditoria(ctx.db, {
    actor: usuario ? personaDe(usuario).actor : null,
    accion: 'sesion.salida',
    entidad: 'usuario',
    entidadId: fila.usuarioId,
    direccion: direccionAuditada(ctx, direccion),
  });
  return true;
}
