import { and, count, eq, gt, isNull, ne, sql } from 'drizzle-orm';
import type { Db } from '#db/client.ts';
import { codigosRecuperacion, invitaciones, tokensApi, usuarios } from '#db/schema/index.ts';
import type { AccionAuditoria } from '#domain/auditoria/acciones.ts';
import { registrarAuditoria } from '#domain/auditoria/commands.ts';
import { enqueueMail } from '#domain/correo/outbox.ts';
import type { Actor, Rol } from '#domain/shared/actor.ts';
import type { AppContext } from '#domain/shared/context.ts';
import { PermisoDenegadoError, puede } from '#domain/shared/permisos.ts';
import { getRolesConSegundoFactor } from './ajustes.ts';
import { avisarCambioDeCuenta } from './avisos.ts';
import { hashClave, problemaDeClave } from './claves.ts';
import { confirmarIdentidad } from './ingreso.ts';
import { removeSesionesDe, nombreCompleto } from './sesiones.ts';
import { datosConfiguracionTotp, generarCodigosRecuperacion, nuevoSecretoTotp, pasoDelCodigo } from './segundo-factor.ts';
import { ETIQUETAS_ROL, MENSAJE_ENLACE_INVALIDO } from './campos.ts';
import { hashToken, nuevoToken } from './tokens.ts';

/**
 * The back-office's writes about people: invites, roles, deactivation, passwords and
 * the second factor. Each one records who did it, with the values before and after, in the audit
 * log, in its own transaction; never a password, a hash, a secret or a token. What touches
 * another person's account is an administrator's (`puede(actor, 'usuarios')`, checked here too);
 * one's own password and second factor, anyone's who is signed in.
 */

/** How long a set-password link works. */
export const VALIDEZ_INVITACION_MS = 72 * 3_600_000;

export type Resultado<T = object> = ({ ok: true } & T) | { ok: false; errores: Record<string, string> };

type Ctx = Pick<AppContext, 'db' | 'clock' | 'cipher' | 'mailer' | 'url'>;

const SIN_PERMISO =
  'Sólo un administrador puede invitar personas, cambiar su rol, desactivar o reactivar su cuenta y enviarle un enlace para crear su contraseña.';

const tx = <T>(db: Db, fn: (t: Db) => Promise<T>) => db.transaction((t) => fn(t as unknown as Db));

const emailIgual = (email: string) => eq(sql`lower(${usuarios.email})`, email.trim().toLowerCase());

async function administradoresActivos(db: Db, salvo: number): Promise<number> {
  const [fila] = await db
    .select({ n: count() })
    .from(usuarios)
    .where(and(eq(usuarios.rol, 'administrador'), eq(usuarios.activo, true), ne(usuarios.id, salvo)));
  return fila?.n ?? 0;
}

/** Writes a new set-password link for a user and its mail to the outbox, in the caller's transaction. */
async function enviarEnlaceClave(ctx: Ctx, t: Db, usuario: { id: number; email: string; nombre: string }, de: Actor, tipo: 'invitacion' | 'nueva-clave') {
  const token = nuevoToken();
  const ahora = ctx.clock.now();
  // An earlier link that was not used stops working: only the newest one does.
  await t
    .update(invitaciones)
    .set({ usadaEn: ahora })
    .where(and(eq(invitaciones.usuarioId, usuario.id), isNull(invitaciones.usadaEn)));
  await t.insert(invitaciones).values({
    tokenHash: hashToken(token),
    usuarioId: usuario.id,
    creadaPor: de.usuarioId,
    expira: new Date(ahora.getTime() + VALIDEZ_INVITACION_MS),
  });
  const enlace = ctx.url(`/admin/clave?token=${encodeURIComponent(token)}`);
  const texto =
    tipo === 'invitacion'
      ? [
          `Hola ${usuario.nombre}:`,
          '',
          `${de.nombre} te invitó al panel de gestión del sitio de la Municipalidad de Villa La Angostura.`,
          'Para empezar, creá tu contraseña en esta dirección:',
          '',
          enlace,
          '',
          'El enlace vale 72 horas y sirve una sola vez. Después ingresá con tu correo y esa contraseña en',
          ctx.url('/login'),
        ]
      : [
          `Hola ${usuario.nombre}:`,
          '',
          `${de.nombre} te envió un enlace para crear una contraseña nueva para el panel de gestión del sitio de la Municipalidad de Villa La Angostura:`,
          '',
          enlace,
          '',
          'El enlace vale 72 horas y sirve una sola vez. Tu contraseña anterior sigue valiendo hasta que crees la nueva.',
        ];
  texto.push('', 'Si no esperabas este correo, ignoralo: nadie puede usar el enlace sin tener acceso a tu casilla.', '', 'Municipalidad de Villa La Angostura');
  await enqueueMail(t, ctx.cipher, [
    {
      destinatario: usuario.email,
      asunto: tipo === 'invitacion' ? 'Tu acceso al panel de la Municipalidad de Villa La Angostura' : 'Crear una contraseña nueva para el panel',
      texto: texto.join('\n'),
      referencia: `usuario-${usuario.id}`,
    },
  ]);
}

export type DatosInvitacion = { email: string; nombre: string; apellido: string; rol: Rol };

/** An administrator invites a person: the user exists at once (without a password) and gets a set-password link by mail. */
export async function invitarUsuario(ctx: Ctx, actor: Actor, datos: DatosInvitacion, direccion?: string | null): Promise<Resultado<{ usuarioId: number }>> {
  if (!puede(actor, 'usuarios')) throw new PermisoDenegadoError(SIN_PERMISO);
  const email = datos.email.trim();
  const resultado = await tx(ctx.db, async (t) => {
    const [existente] = await t.select({ id: usuarios.id }).from(usuarios).where(emailIgual(email)).limit(1);
    if (existente) return { ok: false as const, errores: { email: 'Ya hay una persona con ese correo: buscala en la lista.' } };
    const [fila] = await t
      .insert(usuarios)
      .values({ email, nombre: datos.nombre.trim(), apellido: datos.apellido.trim(), rol: datos.rol })
      .returning({ id: usuarios.id });
    const usuarioId = fila!.id;
    await enviarEnlaceClave(ctx, t, { id: usuarioId, email, nombre: datos.nombre.trim() }, actor, 'invitacion');
    await registrarAuditoria(t, {
      actor,
      accion: 'usuario.invitado',
      entidad: 'usuario',
      entidadId: usuarioId,
      despues: { email, nombre: datos.nombre.trim(), apellido: datos.apellido.trim(), rol: datos.rol, activo: true },
      direccion: direccion ?? null,
    });
    return { ok: true as const, usuarioId };
  });
  if (resultado.ok) ctx.mailer.wake();
  return resultado;
}

/** A new set-password link for someone already invited (who lost the mail, or forgot the password). */
export async function reenviarEnlaceClave(ctx: Ctx, actor: Actor, usuarioId: number, direccion?: string | null): Promise<Resultado> {
  if (!puede(actor, 'usuarios')) throw new PermisoDenegadoError(SIN_PERMISO);
  const resultado = await tx(ctx.db, async (t) => {
    const [u] = await t
      .select({ id: usuarios.id, email: usuarios.email, nombre: usuarios.nombre, activo: usuarios.activo, claveHash: usuarios.claveHash })
      .from(usuarios)
      .where(eq(usuarios.id, usuarioId))
      .limit(1);
    if (!u) return { ok: false as const, errores: { usuario: 'Esa persona no existe.' } };
    if (!u.activo) return { ok: false as const, errores: { usuario: 'La cuenta está desactivada: reactivala antes de enviarle un enlace.' } };
    await enviarEnlaceClave(ctx, t, u, actor, u.claveHash === null ? 'invitacion' : 'nueva-clave');
    await registrarAuditoria(t, { actor, accion: 'usuario.enlace-clave', entidad: 'usuario', entidadId: u.id, direccion: direccion ?? null });
    return { ok: true as const };
  });
  if (resultado.ok) ctx.mailer.wake();
  return resultado;
}

/** The person a set-password link is for, while it is valid (unused, in time, active account). */
export async function verInvitacion(ctx: Pick<AppContext, 'db' | 'clock'>, token: string | undefined) {
  if (!token || token.length > 200) return null;
  const [fila] = await ctx.db
    .select({ id: invitaciones.id, usuarioId: usuarios.id, email: usuarios.email, nombre: usuarios.nombre, apellido: usuarios.apellido, rol: usuarios.rol })
    .from(invitaciones)
    .innerJoin(usuarios, eq(usuarios.id, invitaciones.usuarioId))
    .where(and(eq(invitaciones.tokenHash, hashToken(token)), isNull(invitaciones.usadaEn), gt(invitaciones.expira, ctx.clock.now()), eq(usuarios.activo, true)))
    .limit(1);
  return fila ?? null;
}

/** Sets the password from a link: the link is spent, every session of that person ends. */
export async function aceptarInvitacion(
  ctx: Pick<AppContext, 'db' | 'clock'>,
  token: string | undefined,
  clave: string,
  direccion?: string | null,
): Promise<Resultado<{ email: string }>> {
  const invitacion = await verInvitacion(ctx, token);
  if (!invitacion) return { ok: false, errores: { general: MENSAJE_ENLACE_INVALIDO } };
  const problema = problemaDeClave(clave, invitacion.email);
  if (problema) return { ok: false, errores: { clave: problema } };
  const hash = await hashClave(clave);
  return tx(ctx.db, async (t) => {
    const usadas = await t
      .update(invitaciones)
      .set({ usadaEn: ctx.clock.now() })
      .where(and(eq(invitaciones.id, invitacion.id), isNull(invitaciones.usadaEn)))
      .returning({ id: invitaciones.id });
    if (usadas.length === 0) return { ok: false as const, errores: { general: MENSAJE_ENLACE_INVALIDO } };
    await t.update(usuarios).set({ claveHash: hash, updatedAt: ctx.clock.now() }).where(eq(usuarios.id, invitacion.usuarioId));
    await removeSesionesDe(t, invitacion.usuarioId);
    await registrarAuditoria(t, {
      actor: { usuarioId: invitacion.usuarioId, email: invitacion.email, nombre: nombreCompleto(invitacion), rol: invitacion.rol as Rol },
      accion: 'usuario.clave-desde-enlace',
      entidad: 'usuario',
      entidadId: invitacion.usuarioId,
      direccion: direccion ?? null,
    });
    return { ok: true as const, email: invitacion.email };
  });
}

/** Changes a person's role; the last active administrator keeps theirs. Takes effect on their next request. */
export async function changeRol(ctx: Pick<AppContext, 'db'>, actor: Actor, usuarioId: number, rol: Rol, direccion?: string | null): Promise<Resultado> {
  if (!puede(actor, 'usuarios')) throw new PermisoDenegadoError(SIN_PERMISO);
  return tx(ctx.db, async (t) => {
    await t.execute(sql`select pg_advisory_xact_lock(727012)`);
    const [u] = await t.select({ rol: usuarios.rol, activo: usuarios.activo }).from(usuarios).where(eq(usuarios.id, usuarioId)).limit(1);
    if (!u) return { ok: false as const, errores: { rol: 'Esa persona no existe.' } };
    if (u.rol === rol) return { ok: true as const };
    if (u.rol === 'administrador' && u.activo && (await administradoresActivos(t, usuarioId)) === 0) {
      return { ok: false as const, errores: { rol: 'Es la única persona con rol de administración: dale ese rol a otra antes de cambiar el suyo.' } };
    }
    await t.update(usuarios).set({ rol, updatedAt: new Date() }).where(eq(usuarios.id, usuarioId));
    await registrarAuditoria(t, {
      actor,
      accion: 'usuario.rol',
      entidad: 'usuario',
      entidadId: usuarioId,
      antes: { rol: u.rol },
      despues: { rol },
      direccion: direccion ?? null,
    });
    return { ok: true as const };
  });
}

/** Deactivates a person: their sessions end and their API tokens are revoked at once. */
export async function desactivarUsuario(ctx: Pick<AppContext, 'db' | 'clock'>, actor: Actor, usuarioId: number, direccion?: string | null): Promise<Resultado> {
  if (!puede(actor, 'usuarios')) throw new PermisoDenegadoError(SIN_PERMISO);
  if (usuarioId === actor.usuarioId)
    return { ok: false, errores: { usuario: 'No podés desactivar tu propia cuenta: pedíselo a otra persona con rol de administración.' } };
  return tx(ctx.db, async (t) => {
    await t.execute(sql`select pg_advisory_xact_lock(727012)`);
    const [u] = await t.select({ rol: usuarios.rol, activo: usuarios.activo }).from(usuarios).where(eq(usuarios.id, usuarioId)).limit(1);
    if (!u) return { ok: false as const, errores: { usuario: 'Esa persona no existe.' } };
    if (!u.activo) return { ok: true as const };
    if (u.rol === 'administrador' && (await administradoresActivos(t, usuarioId)) === 0) {
      return { ok: false as const, errores: { usuario: 'Es la única persona con rol de administración activa: no se puede desactivar.' } };
    }
    const ahora = ctx.clock.now();
    await t.update(usuarios).set({ activo: false, updatedAt: ahora }).where(eq(usuarios.id, usuarioId));
    await removeSesionesDe(t, usuarioId);
    const revocados = await t
      .update(tokensApi)
      .set({ revocadoEn: ahora })
      .where(and(eq(tokensApi.usuarioId, usuarioId), isNull(tokensApi.revocadoEn)))
      .returning({ id: tokensApi.id });
    await registrarAuditoria(t, {
      actor,
      accion: 'usuario.desactivado',
      entidad: 'usuario',
      entidadId: usuarioId,
      antes: { activo: true },
      despues: { activo: false, sesionesCerradas: true, tokensRevocados: revocados.length },
      direccion: direccion ?? null,
    });
    return { ok: true as const };
  });
}

/** Reactivates a deactivated person: they sign in again with their password (their tokens stay revoked). */
export async function reactivarUsuario(ctx: Pick<AppContext, 'db' | 'clock'>, actor: Actor, usuarioId: number, direccion?: string | null): Promise<Resultado> {
  if (!puede(actor, 'usuarios')) throw new PermisoDenegadoError(SIN_PERMISO);
  return tx(ctx.db, async (t) => {
    const cambiados = await t
      .update(usuarios)
      .set({ activo: true, updatedAt: ctx.clock.now() })
      .where(and(eq(usuarios.id, usuarioId), eq(usuarios.activo, false)))
      .returning({ id: usuarios.id });
    if (cambiados.length === 0) return { ok: true as const };
    await registrarAuditoria(t, {
      actor,
      accion: 'usuario.reactivado',
      entidad: 'usuario',
      entidadId: usuarioId,
      antes: { activo: false },
      despues: { activo: true },
      direccion: direccion ?? null,
    });
    return { ok: true as const };
  });
}

/**
 * What every sensitive change of one's own account carries (docs/decisions/035-bloqueo-de-ingreso.md):
 * the password again (or a TOTP code), counted like a sign-in, and where the request comes from.
 */
export type Confirmacion = { actual: string; /** The client's address (clientKey), for the lockout's place. */ desde?: string };

type CtxCuenta = Pick<AppContext, 'db' | 'clock' | 'cipher' | 'mailer' | 'url'>;

async function confirmar(ctx: CtxCuenta, actor: Actor, confirmacion: Confirmacion): Promise<{ ok: false; errores: Record<string, string> } | null> {
  const r = await confirmarIdentidad(ctx, actor, confirmacion.actual, confirmacion.desde);
  return r.ok ? null : { ok: false, errores: { actual: r.mensaje } };
}

/** One's own password: the current one first; every other session of the person ends; a mail tells them. */
export async function changeClave(
  ctx: CtxCuenta,
  actor: Actor,
  datos: Confirmacion & { clave: string; sesionId?: number },
  direccion?: string | null,
): Promise<Resultado> {
  const problema = problemaDeClave(datos.clave, actor.email);
  if (problema) return { ok: false, errores: { clave: problema } };
  const rechazo = await confirmar(ctx, actor, datos);
  if (rechazo) return rechazo;
  const hash = await hashClave(datos.clave);
  const r = await tx(ctx.db, async (t) => {
    await t.update(usuarios).set({ claveHash: hash, updatedAt: ctx.clock.now() }).where(eq(usuarios.id, actor.usuarioId));
    await removeSesionesDe(t, actor.usuarioId, datos.sesionId);
    await registrarAuditoria(t, { actor, accion: 'usuario.clave', entidad: 'usuario', entidadId: actor.usuarioId, direccion: direccion ?? null });
    await avisarCambioDeCuenta(ctx, t, actor, 'clave');
    return { ok: true as const };
  });
  ctx.mailer.wake();
  return r;
}

/**
 * Starts (or restarts) setting up one's second factor: a new secret, stored encrypted and not yet
 * in force; the page shows it until a code from the app confirms it.
 */
export async function prepararSegundoFactor(ctx: Pick<AppContext, 'db' | 'cipher' | 'clock'>, actor: Actor): Promise<Resultado> {
  const [u] = await ctx.db.select({ activo: usuarios.totpActivo }).from(usuarios).where(eq(usuarios.id, actor.usuarioId)).limit(1);
  if (u?.activo) return { ok: false, errores: { codigo: 'El segundo factor ya está activo.' } };
  await ctx.db
    .update(usuarios)
    .set({ totpSecreto: ctx.cipher.encrypt(nuevoSecretoTotp()), totpUltimoPaso: null, updatedAt: ctx.clock.now() })
    .where(eq(usuarios.id, actor.usuarioId));
  return { ok: true };
}

/** The secret being set up (not yet active), to show as QR and text to its owner only. */
export async function segundoFactorEnPreparacion(ctx: Pick<AppContext, 'db' | 'cipher'>, actor: Actor) {
  const [u] = await ctx.db
    .select({ secreto: usuarios.totpSecreto, activo: usuarios.totpActivo })
    .from(usuarios)
    .where(eq(usuarios.id, actor.usuarioId))
    .limit(1);
  if (!u?.secreto || u.activo) return null;
  return datosConfiguracionTotp(ctx.cipher.open(u.secreto), actor.email);
}

/** Confirms the setup with a code from the app (and the password again); answers the ten recovery codes, shown once. */
export async function activarSegundoFactor(
  ctx: CtxCuenta,
  actor: Actor,
  datos: Confirmacion & { codigo: string },
  direccion?: string | null,
): Promise<Resultado<{ codigos: string[] }>> {
  const { codigo } = datos;
  const [u] = await ctx.db
    .select({ secreto: usuarios.totpSecreto, activo: usuarios.totpActivo })
    .from(usuarios)
    .where(eq(usuarios.id, actor.usuarioId))
    .limit(1);
  if (!u?.secreto || u.activo) return { ok: false, errores: { codigo: 'Empezá de nuevo la configuración del segundo factor.' } };
  const paso = pasoDelCodigo(ctx.cipher.open(u.secreto), actor.email, codigo, ctx.clock.now());
  if (paso === null) return { ok: false, errores: { codigo: 'El código no coincide. Escribí el de 6 números que muestra ahora la aplicación.' } };
  const rechazo = await confirmar(ctx, actor, datos);
  if (rechazo) return rechazo;
  const r = await tx(ctx.db, async (t) => {
    await t.update(usuarios).set({ totpActivo: true, totpUltimoPaso: paso, updatedAt: ctx.clock.now() }).where(eq(usuarios.id, actor.usuarioId));
    const codigos = await generarCodigosRecuperacion(t, actor.usuarioId);
    await registrarAuditoria(t, {
      actor,
      accion: 'usuario.segundo-factor',
      entidad: 'usuario',
      entidadId: actor.usuarioId,
      antes: { segundoFactor: false },
      despues: { segundoFactor: true },
      direccion: direccion ?? null,
    });
    await avisarCambioDeCuenta(ctx, t, actor, 'segundo-factor-activado');
    return { ok: true as const, codigos };
  });
  ctx.mailer.wake();
  return r;
}

/** Turns one's second factor off (password or code needed); not when one's role requires it. */
export async function desactivarSegundoFactor(ctx: CtxCuenta, actor: Actor, confirmacion: Confirmacion, direccion?: string | null): Promise<Resultado> {
  if ((await getRolesConSegundoFactor(ctx.db)).includes(actor.rol)) {
    return { ok: false, errores: { actual: 'Tu rol exige el segundo factor: no se puede desactivar.' } };
  }
  const [u] = await ctx.db.select({ activo: usuarios.totpActivo }).from(usuarios).where(eq(usuarios.id, actor.usuarioId)).limit(1);
  if (!u?.activo) return { ok: true };
  const rechazo = await confirmar(ctx, actor, confirmacion);
  if (rechazo) return rechazo;
  const r = await tx(ctx.db, async (t) => {
    await t
      .update(usuarios)
      .set({ totpActivo: false, totpSecreto: null, totpUltimoPaso: null, updatedAt: ctx.clock.now() })
      .where(eq(usuarios.id, actor.usuarioId));
    await t.delete(codigosRecuperacion).where(eq(codigosRecuperacion.usuarioId, actor.usuarioId));
    await registrarAuditoria(t, {
      actor,
      accion: 'usuario.segundo-factor',
      entidad: 'usuario',
      entidadId: actor.usuarioId,
      antes: { segundoFactor: true },
      despues: { segundoFactor: false },
      direccion: direccion ?? null,
    });
    await avisarCambioDeCuenta(ctx, t, actor, 'segundo-factor-desactivado');
    return { ok: true as const };
  });
  ctx.mailer.wake();
  return r;
}

/** Ten new recovery codes (the earlier ones stop working), shown once. */
export async function renovarCodigosRecuperacion(
  ctx: CtxCuenta,
  actor: Actor,
  confirmacion: Confirmacion,
  direccion?: string | null,
): Promise<Resultado<{ codigos: string[] }>> {
  const [u] = await ctx.db.select({ activo: usuarios.totpActivo }).from(usuarios).where(eq(usuarios.id, actor.usuarioId)).limit(1);
  if (!u?.activo) return { ok: false, errores: { codigo: 'Primero activá el segundo factor.' } };
  const rechazo = await confirmar(ctx, actor, confirmacion);
  if (rechazo) return rechazo;
  const r = await tx(ctx.db, async (t) => {
    const codigos = await generarCodigosRecuperacion(t, actor.usuarioId);
    await registrarAuditoria(t, {
      actor,
      accion: 'usuario.codigos-recuperacion',
      entidad: 'usuario',
      entidadId: actor.usuarioId,
      direccion: direccion ?? null,
    });
    await avisarCambioDeCuenta(ctx, t, actor, 'codigos-recuperacion');
    return { ok: true as const, codigos };
  });
  ctx.mailer.wake();
  return r;
}

export type DatosUsuarioConClave = { email: string; nombre: string; apellido: string; rol: Rol; clave: string };

export function hashSegunPolitica(datos: DatosUsuarioConClave): Promise<string> {
  const problema = problemaDeClave(datos.clave, datos.email);
  if (problema) throw new Error(`Contraseña de la cuenta de ${ETIQUETAS_ROL[datos.rol].toLowerCase()}: ${problema}`);
  return hashClave(datos.clave);
}

/** Inserts a user whose password was hashed with `hashSegunPolitica`, in the caller's transaction. */
export async function insertarUsuarioConClave(t: Db, datos: DatosUsuarioConClave, hash: string, accion: AccionAuditoria): Promise<number> {
  const [fila] = await t
    .insert(usuarios)
    .values({ email: datos.email.trim(), nombre: datos.nombre, apellido: datos.apellido, rol: datos.rol, claveHash: hash })
    .returning({ id: usuarios.id });
  await registrarAuditoria(t, {
    actor: null,
    accion,
    entidad: 'usuario',
    entidadId: fila!.id,
    despues: { email: datos.email.trim(), nombre: datos.nombre, apellido: datos.apellido, rol: datos.rol, activo: true },
  });
  return fila!.id;
}

/**
 * A user with a password, for the demo accounts and tests; the policy applies. Recorded as done by
 * the system.
 */
export async function createUsuarioConClave(db: Db, datos: DatosUsuarioConClave, accion: AccionAuditoria = 'usuario.creado'): Promise<number> {
  const hash = await hashSegunPolitica(datos);
  return tx(db, (t) => insertarUsuarioConClave(t, datos, hash, accion));
}

/** The first administrator, when the database has no user at all: ADMIN_EMAIL and ADMIN_PASSWORD. Answers whether it was created. */
export async function createPrimerAdministrador(db: Db, datos: { email: string; clave: string }): Promise<boolean> {
  const usuario: DatosUsuarioConClave = { email: datos.email, nombre: 'Administración', apellido: '', rol: 'administrador', clave: datos.clave };
  const hash = await hashSegunPolitica(usuario);
  return tx(db, async (t) => {
    // Several instances may start at once: one creates it.
    await t.execute(sql`select pg_advisory_xact_lock(727012)`);
    const [fila] = await t.select({ n: count() }).from(usuarios);
    if ((fila?.n ?? 0) > 0) return false;
    await insertarUsuarioConClave(t, usuario, hash, 'usuario.primer-administrador');
    return true;
  });
}
