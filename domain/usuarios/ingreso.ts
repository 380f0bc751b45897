import { and, eq, lt, sql } from 'drizzle-orm';
import { sesiones, usuarios } from '#db/schema/index.ts';
import { registrarAuditoria } from '#domain/auditoria/commands.ts';
import type { Actor } from '#domain/shared/actor.ts';
import type { AppContext } from '#domain/shared/context.ts';
import { consumeLimit, releaseLimit } from '#domain/shared/limits.ts';
import { type AmbitoIntento, ambitoDelIntento, countIntento, intentoCorrecto, recordarDireccion } from './bloqueos.ts';
import { hashSinUsuario, verificarClave } from './claves.ts';
import { COLUMNAS_PERSONA, type Persona, removeSesion, createSesion, readSesionPendiente, personaDe, purgarSesiones } from './sesiones.ts';
import { verificarSegundoFactor } from './segundo-factor.ts';

/**
 * Signing in (docs/decisions/012-sesiones-y-roles.md): e-mail and password, then the TOTP code
 * when the account has one. Every attempt is counted before it is judged, per account (known or
 * not, by a keyed hash) and place (a known address or any other: the soft lockout of
 * docs/decisions/035-bloqueo-de-ingreso.md), and per client address; an unknown e-mail and a wrong
 * password get the same answer after the same work (a scrypt hash is checked either way).
 */

export const MENSAJE_CREDENCIALES = 'El correo o la contraseña no son correctos.';
export const MENSAJE_CODIGO =
  'El código no es correcto o ya se usó. Escribí el código de 6 números que muestra ahora tu aplicación, o un código de recuperación.';
export const MENSAJE_BLOQUEO =
  'Por seguridad, el ingreso con esta cuenta quedó bloqueado por 15 minutos desde esta conexión después de varios intentos fallidos. Esperá y probá de nuevo, ingresá desde una conexión donde ya usaste la cuenta, escribí también el código de tu aplicación si tenés el segundo factor, o pedile ayuda a un administrador.';
export const MENSAJE_LIMITE_DIRECCION = 'Hubo demasiados intentos de ingreso desde tu conexión. Esperá unos minutos y probá de nuevo.';
export const MENSAJE_PASO_VENCIDO = 'Pasó demasiado tiempo o hubo demasiados intentos con el código: ingresá de nuevo con tu correo y tu contraseña.';

/** Codes tried on one pending sign-in before the password must be typed again. */
const INTENTOS_CODIGO = 5;
/** Failed sign-in attempts one address (an IPv6 /64) may make in a window of 15 minutes; right ones are given back. */
export const INGRESOS_POR_DIRECCION = { max: 30, windowSeconds: 15 * 60 };

type Ctx = Pick<AppContext, 'db' | 'clock' | 'config' | 'cipher'>;

export type DatosIngreso = {
  email: string;
  clave: string;
  /** Under a lock: a code from the app (or a recovery code), judged before the password (docs/decisions/035). */
  codigo?: string;
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

export const direccionAuditada = (ctx: Pick<AppContext, 'cipher'>, direccion: string | undefined) =>
  direccion === undefined ? null : ctx.cipher.hash('auditoria-direccion', direccion);

const claveLimiteDireccion = (ctx: Pick<AppContext, 'cipher'>, direccion: string) => ctx.cipher.hash('limite-ingreso-direccion', direccion);

async function ingresoCompleto(
  ctx: Ctx,
  usuario: Parameters<typeof personaDe>[0],
  datos: { agente?: string | null; direccion?: string },
  ambito: AmbitoIntento,
  detalle: object,
) {
  const ahora = ctx.clock.now();
  const sesion = await createSesion(ctx, usuario.id, { agente: datos.agente ?? null });
  await ctx.db.update(usuarios).set({ ultimoIngreso: ahora }).where(eq(usuarios.id, usuario.id));
  await intentoCorrecto(ctx, ambito, 'clave');
  await intentoCorrecto(ctx, ambito, 'codigo');
  // From now on a lock caused from elsewhere does not reach this address.
  await recordarDireccion(ctx, usuario.id, datos.direccion);
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

/** The first step: e-mail and password (and, under a lock, a code from the app first). */
export async function iniciarSesion(ctx: Ctx, datos: DatosIngreso): Promise<ResultadoIngreso> {
  const { db } = ctx;
  const direccion = direccionAuditada(ctx, datos.direccion);
  // Counted before anything is judged; a right password gives its use back (right ones never count).
  if (datos.direccion !== undefined && !(await consumeLimit(db, claveLimiteDireccion(ctx, datos.direccion), INGRESOS_POR_DIRECCION)).allowed) {
    return { tipo: 'limite', mensaje: MENSAJE_LIMITE_DIRECCION };
  }
  // Whoever signs in starts from a new session: the one the browser had is ended (fixation).
  await removeSesion(db, datos.tokenAnterior);
  // Now and then, sessions past their end go (each is refused anyway when it is read).
  if (Math.random() < 0.02) await purgarSesiones(ctx);
  const email = datos.email.trim().toLowerCase().slice(0, 320);
  const [usuario] = await db
    .select({
      ...COLUMNAS_PERSONA,
      activo: usuarios.activo,
      claveHash: usuarios.claveHash,
      totpSecreto: usuarios.totpSecreto,
      totpUltimoPaso: usuarios.totpUltimoPaso,
    })
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
  const ambito = await ambitoDelIntento(ctx, email, usuario?.id ?? null, datos.direccion);
  const utilizable = usuario && usuario.activo && usuario.claveHash !== null;
  const darVueltaDireccion = () =>
    datos.direccion === undefined ? undefined : releaseLimit(db, claveLimiteDireccion(ctx, datos.direccion), INGRESOS_POR_DIRECCION);

  if (!(await countIntento(ctx, ambito, 'clave')).juzgar) {
    // Soft lock: a code from the app, counted and judged before the password, opens it.
    const codigo = datos.codigo?.trim();
    if (!codigo) {
      await fallo('cuenta-bloqueada');
      return { tipo: 'bloqueado', mensaje: MENSAJE_BLOQUEO };
    }
    if (!(await countIntento(ctx, ambito, 'codigo')).juzgar || !utilizable || !usuario.totpActivo) {
      await fallo('cuenta-bloqueada');
      return { tipo: 'bloqueado', mensaje: MENSAJE_BLOQUEO };
    }
    const metodo = await verificarSegundoFactor(db, ctx.cipher, usuario, codigo, ctx.clock.now());
    if (!metodo) {
      await fallo('codigo-con-bloqueo');
      return { tipo: 'bloqueado', mensaje: MENSAJE_BLOQUEO };
    }
    if (!(await verificarClave(datos.clave, usuario.claveHash!))) {
      await intentoCorrecto(ctx, ambito, 'codigo');
      await fallo('credenciales-con-codigo');
      return { tipo: 'rechazado', mensaje: MENSAJE_CREDENCIALES };
    }
    await darVueltaDireccion();
    return ingresoCompleto(ctx, usuario, datos, ambito, { segundoFactor: metodo, conBloqueo: true });
  }
  // The same scrypt work for an unknown or inactive account as for a known one.
  const correcta = await verificarClave(datos.clave, utilizable ? usuario.claveHash! : await hashSinUsuario());
  if (!utilizable || !correcta) {
    await fallo('credenciales');
    return { tipo: 'rechazado', mensaje: MENSAJE_CREDENCIALES };
  }
  await darVueltaDireccion();
  await intentoCorrecto(ctx, ambito, 'clave');
  if (usuario.totpActivo) {
    const pendiente = await createSesion(ctx, usuario.id, { agente: datos.agente ?? null, pendiente: true });
    return { tipo: 'codigo', ...pendiente };
  }
  return ingresoCompleto(ctx, usuario, datos, ambito, { segundoFactor: false });
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
  const pendiente = await readSesionPendiente(ctx, datos.token);
  if (!pendiente) return { tipo: 'reiniciar', mensaje: MENSAJE_PASO_VENCIDO };
  const [usuario] = await db
    .select({ ...COLUMNAS_PERSONA, activo: usuarios.activo, totpSecreto: usuarios.totpSecreto, totpUltimoPaso: usuarios.totpUltimoPaso })
    .from(usuarios)
    .where(eq(usuarios.id, pendiente.usuarioId))
    .limit(1);
  const terminar = () => db.delete(sesiones).where(eq(sesiones.id, pendiente.id));
  if (!usuario || !usuario.activo) {
    await terminar();
    return { tipo: 'reiniciar', mensaje: MENSAJE_PASO_VENCIDO };
  }
  // Both budgets are counted before the code is judged: this pending sign-in's and the account's.
  const [cuenta] = await db
    .update(sesiones)
    .set({ intentosSegundoFactor: sql`${sesiones.intentosSegundoFactor} + 1` })
    .where(and(eq(sesiones.id, pendiente.id), lt(sesiones.intentosSegundoFactor, INTENTOS_CODIGO)))
    .returning({ intentos: sesiones.intentosSegundoFactor });
  if (!cuenta) {
    await terminar();
    return { tipo: 'reiniciar', mensaje: MENSAJE_PASO_VENCIDO };
  }
  const direccion = direccionAuditada(ctx, datos.direccion);
  const ambito = await ambitoDelIntento(ctx, usuario.email, usuario.id, datos.direccion);
  const fallo = (motivo: string) =>
    registrarAuditoria(db, { actor: null, accion: 'sesion.ingreso-fallido', entidad: 'usuario', entidadId: usuario.id, despues: { motivo }, direccion });
  if (!(await countIntento(ctx, ambito, 'codigo')).juzgar) {
    await terminar();
    await fallo('codigo-bloqueado');
    return { tipo: 'bloqueado', mensaje: MENSAJE_BLOQUEO };
  }
  const metodo = usuario.totpActivo ? await verificarSegundoFactor(db, ctx.cipher, usuario, datos.codigo, ctx.clock.now()) : null;
  if (!metodo) {
    await fallo('codigo');
    if (cuenta.intentos >= INTENTOS_CODIGO) {
      await terminar();
      return { tipo: 'reiniciar', mensaje: MENSAJE_PASO_VENCIDO };
    }
    return { tipo: 'rechazado', mensaje: MENSAJE_CODIGO };
  }
  // The pending session ends; the signed-in one is new (its token never travelled before).
  await terminar();
  return ingresoCompleto(ctx, usuario, datos, ambito, { segundoFactor: metodo });
}

export const MENSAJE_CONFIRMACION = 'La contraseña (o el código) no es correcta.';

/**
 * «Mi cuenta» asks again for the password (or a TOTP code, when the account has one) before a
 * sensitive change. Counted like a sign-in, before it is judged, at the same place and kind.
 */
export async function confirmarIdentidad(
  ctx: Pick<AppContext, 'db' | 'clock' | 'cipher'>,
  actor: Actor,
  valor: string,
  direccion?: string,
): Promise<{ ok: true } | { ok: false; mensaje: string }> {
  const [u] = await ctx.db
    .select({
      id: usuarios.id,
      email: usuarios.email,
      claveHash: usuarios.claveHash,
      totpActivo: usuarios.totpActivo,
      totpSecreto: usuarios.totpSecreto,
      totpUltimoPaso: usuarios.totpUltimoPaso,
    })
    .from(usuarios)
    .where(eq(usuarios.id, actor.usuarioId))
    .limit(1);
  if (!u?.claveHash) return { ok: false, mensaje: MENSAJE_CONFIRMACION };
  const limpio = valor.replace(/\s+/g, '');
  const tipo = u.totpActivo && /^\d{6}$/.test(limpio) ? 'codigo' : 'clave';
  const ambito = await ambitoDelIntento(ctx, u.email, u.id, direccion);
  if (!(await countIntento(ctx, ambito, tipo)).juzgar) return { ok: false, mensaje: MENSAJE_BLOQUEO };
  const ok =
    tipo === 'codigo' ? (await verificarSegundoFactor(ctx.db, ctx.cipher, u, limpio, ctx.clock.now())) === 'totp' : await verificarClave(valor, u.claveHash);
  if (!ok) {
    await registrarAuditoria(ctx.db, {
      actor,
      accion: 'usuario.confirmacion-fallida',
      entidad: 'usuario',
      entidadId: u.id,
      despues: { tipo },
      direccion: direccionAuditada(ctx, direccion),
    });
    return { ok: false, mensaje: MENSAJE_CONFIRMACION };
  }
  await intentoCorrecto(ctx, ambito, tipo);
  return { ok: true };
}

/** Sign-out: the session's row goes (a replayed cookie finds nothing), recorded in the audit log. */
export async function cerrarSesion(ctx: Pick<AppContext, 'db' | 'cipher'>, token: string | undefined, direccion?: string): Promise<boolean> {
  const fila = await removeSesion(ctx.db, token);
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
