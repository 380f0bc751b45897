import { eq, inArray } from 'drizzle-orm';
import { Secret, TOTP } from 'otpauth';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '#db/client.ts';
import { auditoria, invitaciones, outbox, sesiones, usuarios } from '#db/schema/index.ts';
import { listAuditoria } from '#domain/auditoria/queries.ts';
import { CLAVE_VALIDA, HORA, MINUTO, contextoUsuarios, insertarUsuario } from '#tests/factories/usuarios.ts';
import { PermisoDenegadoError } from '#domain/shared/permisos.ts';
import { createTestDatabase, engines } from '#tests/setup/database.ts';
import { saveRolesConSegundoFactor } from './ajustes.ts';
import { levantarBloqueos } from './bloqueos.ts';
import {
  VALIDEZ_INVITACION_MS,
  aceptarInvitacion,
  activarSegundoFactor,
  changeRol,
  createPrimerAdministrador,
  desactivarSegundoFactor,
  desactivarUsuario,
  invitarUsuario,
  prepararSegundoFactor,
  reactivarUsuario,
  reenviarEnlaceClave,
  verInvitacion,
} from './commands.ts';
import { MENSAJE_BLOQUEO, MENSAJE_CREDENCIALES, cerrarSesion, completarSegundoFactor, iniciarSesion } from './ingreso.ts';
import { readSesion } from './sesiones.ts';
import { autenticarTokenApi, createTokenApi, revocarTokenApi } from './tokens-api.ts';
import { hashToken } from './tokens.ts';

describe.each(engines)('usuarios y sesiones (%s)', (engine) => {
  let database: Database;
  beforeAll(async () => {
    database = await createTestDatabase(engine);
  });
  afterAll(() => database.close());

  it('el primer administrador sale de ADMIN_EMAIL y ADMIN_PASSWORD sólo con la base sin usuarios', async () => {
    const { db } = database;
    expect(await createPrimerAdministrador(db, { email: 'Intendencia@VillaLaAngostura.gob.ar', clave: 'Lago-Espejo-Chico-2026' })).toBe(true);
    expect(await createPrimerAdministrador(db, { email: 'otra@villalaangostura.gob.ar', clave: 'Lago-Espejo-Chico-2026' })).toBe(false);
    const [admin] = await db.select().from(usuarios).where(eq(usuarios.rol, 'administrador'));
    expect(admin).toMatchObject({ email: 'Intendencia@VillaLaAngostura.gob.ar', activo: true });
    expect(admin!.claveHash).toMatch(/^scrypt\$/);
    await expect(createPrimerAdministrador(db, { email: 'x@y.gob.ar', clave: 'password1234' })).rejects.toThrow(/muy común/);
  });

  it('ingresa: sesión nueva con el hash del token (nunca el token), registro de auditoría sin la contraseña', async () => {
    const { ctx } = contextoUsuarios(database.db);
    const u = await insertarUsuario(ctx.db, { rol: 'mesa-de-entradas' });
    const r = await iniciarSesion(ctx, {
      email: `  ${u.email.toUpperCase()} `,
      clave: u.clave,
      direccion: '10.1.1.1',
      agente: 'Mozilla/5.0 (X11; Linux x86_64) Chrome/140.0',
    });
    expect(r.tipo).toBe('ingreso');
    if (r.tipo !== 'ingreso') return;
    expect(r.token).toMatch(/^[\w-]{43}$/);
    const filas = await ctx.db.select().from(sesiones).where(eq(sesiones.usuarioId, u.id));
    expect(filas).toHaveLength(1);
    expect(filas[0]!.tokenHash).toBe(hashToken(r.token));
    expect(filas[0]!.agente).toBe('Chrome en Linux');
    expect(JSON.stringify(filas)).not.toContain(r.token);
    const sesion = await readSesion(ctx, r.token);
    expect(sesion?.actor).toEqual({ usuarioId: u.id, email: u.email, nombre: u.actor.nombre, rol: 'mesa-de-entradas' });
    const { items } = await listAuditoria(ctx.db, { usuarioId: u.id, accion: 'sesion.ingreso', pagina: 1, porPagina: 5 });
    expect(items).toHaveLength(1);
    expect(items[0]!.direccion).not.toContain('10.1.1.1');
    const todo = JSON.stringify(await ctx.db.select().from(auditoria));
    expect(todo).not.toContain(u.clave);
    expect(todo).not.toContain(r.token);
  });

  it('correo desconocido y contraseña errada: la misma respuesta', async () => {
    const { ctx } = contextoUsuarios(database.db);
    const u = await insertarUsuario(ctx.db);
    const errada = await iniciarSesion(ctx, { email: u.email, clave: 'no-es-la-clave-correcta' });
    const desconocido = await iniciarSesion(ctx, { email: 'nadie@villalaangostura.gob.ar', clave: 'no-es-la-clave-correcta' });
    expect(errada).toEqual({ tipo: 'rechazado', mensaje: MENSAJE_CREDENCIALES });
    expect(desconocido).toEqual(errada);
  });

  it('el sexto fallo seguido bloquea la cuenta 15 minutos, aun con la contraseña correcta; después vuelve a entrar', async () => {
    const { ctx, reloj } = contextoUsuarios(database.db);
    const u = await insertarUsuario(ctx.db);
    for (let i = 1; i <= 5; i++) expect((await iniciarSesion(ctx, { email: u.email, clave: `errada-numero-${i}` })).tipo).toBe('rechazado');
    expect(await iniciarSesion(ctx, { email: u.email, clave: 'errada-numero-6' })).toEqual({ tipo: 'bloqueado', mensaje: MENSAJE_BLOQUEO });
    expect((await iniciarSesion(ctx, { email: u.email, clave: u.clave })).tipo).toBe('bloqueado');
    reloj.avanzar(14 * MINUTO);
    expect((await iniciarSesion(ctx, { email: u.email, clave: u.clave })).tipo).toBe('bloqueado');
    reloj.avanzar(MINUTO + 1000);
    expect((await iniciarSesion(ctx, { email: u.email, clave: u.clave })).tipo).toBe('ingreso');
    // A correct sign-in forgets the failures: five more are tolerated again.
    for (let i = 1; i <= 5; i++) expect((await iniciarSesion(ctx, { email: u.email, clave: `otra-errada-${i}` })).tipo).toBe('rechazado');
    // A correo desconocido is locked the same way: the lock tells nobody whether an account exists.
    for (let i = 1; i <= 5; i++) await iniciarSesion(ctx, { email: 'fantasma@villalaangostura.gob.ar', clave: `x-${i}-xxxxxxxx` });
    expect((await iniciarSesion(ctx, { email: 'fantasma@villalaangostura.gob.ar', clave: 'x-6-xxxxxxxx' })).tipo).toBe('bloqueado');
  });

  it('la sesión vence por inactividad y por edad máxima; al salir, el token ya no vale', async () => {
    const { ctx, reloj } = contextoUsuarios(database.db);
    const u = await insertarUsuario(ctx.db);
    const ingreso = async () => {
      const r = await iniciarSesion(ctx, { email: u.email, clave: u.clave });
      if (r.tipo !== 'ingreso') throw new Error(r.tipo);
      return r.token;
    };
    const inactiva = await ingreso();
    reloj.avanzar(29 * MINUTO);
    expect(await readSesion(ctx, inactiva)).not.toBeNull();
    reloj.avanzar(29 * MINUTO);
    expect(await readSesion(ctx, inactiva)).not.toBeNull();
    reloj.avanzar(30 * MINUTO);
    expect(await readSesion(ctx, inactiva)).toBeNull();

    const vieja = await ingreso();
    for (let t = 0; t < 12 * HORA - 20 * MINUTO; t += 20 * MINUTO) {
      reloj.avanzar(20 * MINUTO);
      expect(await readSesion(ctx, vieja)).not.toBeNull();
    }
    reloj.avanzar(20 * MINUTO);
    expect(await readSesion(ctx, vieja)).toBeNull();

    const saliente = await ingreso();
    expect(await cerrarSesion(ctx, saliente)).toBe(true);
    expect(await readSesion(ctx, saliente)).toBeNull();
    expect(await cerrarSesion(ctx, saliente)).toBe(false);
    expect((await listAuditoria(ctx.db, { usuarioId: u.id, accion: 'sesion.salida', pagina: 1, porPagina: 5 })).total).toBe(1);
  });

  it('segundo factor: se activa con un código, pide el código al ingresar, no acepta el mismo dos veces; los códigos de recuperación sirven una vez', async () => {
    const { ctx, reloj } = contextoUsuarios(database.db);
    const u = await insertarUsuario(ctx.db, { rol: 'administrador' });
    await prepararSegundoFactor(ctx, u.actor);
    const [fila] = await ctx.db.select({ secreto: usuarios.totpSecreto }).from(usuarios).where(eq(usuarios.id, u.id));
    expect(fila!.secreto).toMatch(/^v1\./);
    const secreto = ctx.cipher.decrypt(fila!.secreto!);
    const totp = new TOTP({ secret: Secret.fromBase32(secreto), digits: 6, period: 30, algorithm: 'SHA1' });
    const codigo = () => totp.generate({ timestamp: reloj.now().getTime() });
    expect(await activarSegundoFactor(ctx, u.actor, { codigo: '000000', actual: u.clave })).toMatchObject({ ok: false });
    const activado = await activarSegundoFactor(ctx, u.actor, { codigo: codigo(), actual: u.clave });
    expect(activado.ok).toBe(true);
    const codigos = activado.ok ? activado.codigos : [];
    expect(codigos).toHaveLength(10);
    expect(new Set(codigos).size).toBe(10);

    reloj.avanzar(60_000);
    const paso1 = await iniciarSesion(ctx, { email: u.email, clave: u.clave });
    expect(paso1.tipo).toBe('codigo');
    if (paso1.tipo !== 'codigo') return;
    // The pending session is not a session.
    expect(await readSesion(ctx, paso1.token)).toBeNull();
    expect((await completarSegundoFactor(ctx, { token: paso1.token, codigo: '' })).tipo).toBe('rechazado');
    const buenCodigo = codigo();
    const ok = await completarSegundoFactor(ctx, { token: paso1.token, codigo: buenCodigo });
    expect(ok.tipo).toBe('ingreso');
    if (ok.tipo !== 'ingreso') return;
    expect(ok.token).not.toBe(paso1.token);
    expect(await readSesion(ctx, ok.token)).not.toBeNull();

    // The same code, replayed in the same 30 s: refused.
    const paso2 = await iniciarSesion(ctx, { email: u.email, clave: u.clave });
    if (paso2.tipo !== 'codigo') throw new Error(paso2.tipo);
    expect((await completarSegundoFactor(ctx, { token: paso2.token, codigo: buenCodigo })).tipo).toBe('rechazado');
    expect((await completarSegundoFactor(ctx, { token: paso2.token, codigo: codigos[0]!.toLowerCase() })).tipo).toBe('ingreso');
    const paso3 = await iniciarSesion(ctx, { email: u.email, clave: u.clave });
    if (paso3.tipo !== 'codigo') throw new Error(paso3.tipo);
    expect((await completarSegundoFactor(ctx, { token: paso3.token, codigo: codigos[0]! })).tipo).toBe('rechazado');

    // The pending step lasts 5 minutes.
    reloj.avanzar(6 * MINUTO);
    expect((await completarSegundoFactor(ctx, { token: paso3.token, codigo: codigo() })).tipo).toBe('reiniciar');

    // A role that requires it cannot turn it off.
    await saveRolesConSegundoFactor(ctx.db, u.actor, ['administrador']);
    expect(await desactivarSegundoFactor(ctx, u.actor, { actual: u.clave })).toMatchObject({ ok: false });
    await saveRolesConSegundoFactor(ctx.db, u.actor, []);
    expect(await desactivarSegundoFactor(ctx, u.actor, { actual: u.clave })).toEqual({ ok: true });
    expect((await iniciarSesion(ctx, { email: u.email, clave: u.clave })).tipo).toBe('ingreso');
  });

  it('tokens de la API: se muestran una vez, se guardan con hash, valen hasta revocarlos', async () => {
    const { ctx } = contextoUsuarios(database.db);
    const u = await insertarUsuario(ctx.db, { rol: 'mesa-de-entradas' });
    const { id, token } = await createTokenApi(ctx, u.actor, 'Planilla');
    expect(token).toMatch(/^vla_[\w-]{43}$/);
    expect((await autenticarTokenApi(ctx, token))?.actor.usuarioId).toBe(u.id);
    expect(await autenticarTokenApi(ctx, `${token}x`)).toBeNull();
    expect(await revocarTokenApi(ctx, u.actor, id)).toBe(true);
    expect(await autenticarTokenApi(ctx, token)).toBeNull();
    expect(await revocarTokenApi(ctx, u.actor, id)).toBe(false);
  });

  it('invitación: usuario sin contraseña, correo por la bandeja de salida, enlace de 72 h y de un solo uso', async () => {
    const { ctx, reloj, mailer } = contextoUsuarios(database.db);
    const admin = await insertarUsuario(ctx.db, { rol: 'administrador' });
    const email = `invitada.${Date.now()}@villalaangostura.gob.ar`;
    const r = await invitarUsuario(ctx, admin.actor, { email, nombre: 'Inés', apellido: 'Catriel', rol: 'mesa-de-entradas' });
    expect(r.ok).toBe(true);
    expect(mailer.wakes).toBe(1);
    expect(await invitarUsuario(ctx, admin.actor, { email: email.toUpperCase(), nombre: 'Otra', apellido: 'Vez', rol: 'editor' })).toMatchObject({ ok: false });
    const [correo] = await ctx.db
      .select()
      .from(outbox)
      .where(eq(outbox.referencia, `usuario-${r.ok ? r.usuarioId : 0}`));
    expect(ctx.cipher.decrypt(correo!.destinatario)).toBe(email);
    const texto = ctx.cipher.decrypt(correo!.texto);
    const token = /\/admin\/clave\?token=([\w-]+)/.exec(texto)![1]!;
    expect(texto).toContain('https://sitio.test/admin/clave?token=');
    const [inv] = await ctx.db
      .select()
      .from(invitaciones)
      .where(eq(invitaciones.tokenHash, hashToken(token)));
    expect(inv!.expira.getTime() - reloj.now().getTime()).toBe(VALIDEZ_INVITACION_MS);
    expect((await iniciarSesion(ctx, { email, clave: CLAVE_VALIDA })).tipo).toBe('rechazado');

    expect(await aceptarInvitacion(ctx, token, '123456789012')).toMatchObject({ ok: false, errores: { clave: expect.stringContaining('común') } });
    expect(await aceptarInvitacion(ctx, token, CLAVE_VALIDA)).toMatchObject({ ok: true });
    expect(await aceptarInvitacion(ctx, token, CLAVE_VALIDA)).toMatchObject({ ok: false });
    expect((await iniciarSesion(ctx, { email, clave: CLAVE_VALIDA })).tipo).toBe('ingreso');

    const otra = await invitarUsuario(ctx, admin.actor, {
      email: `tarde.${Date.now()}@villalaangostura.gob.ar`,
      nombre: 'Tardía',
      apellido: 'Pérez',
      rol: 'editor',
    });
    const [correo2] = await ctx.db
      .select()
      .from(outbox)
      .where(eq(outbox.referencia, `usuario-${otra.ok ? otra.usuarioId : 0}`));
    const token2 = /token=([\w-]+)/.exec(ctx.cipher.decrypt(correo2!.texto))![1]!;
    reloj.avanzar(72 * HORA + 1000);
    expect(await verInvitacion(ctx, token2)).toBeNull();
    expect(await aceptarInvitacion(ctx, token2, CLAVE_VALIDA)).toMatchObject({ ok: false });
  });

  it('desactivar cierra sus sesiones y revoca sus tokens; el último administrador no pierde su rol', async () => {
    const { ctx } = contextoUsuarios(database.db);
    const admin = await insertarUsuario(ctx.db, { rol: 'administrador' });
    const u = await insertarUsuario(ctx.db, { rol: 'editor' });
    const r = await iniciarSesion(ctx, { email: u.email, clave: u.clave });
    if (r.tipo !== 'ingreso') throw new Error(r.tipo);
    const { token } = await createTokenApi(ctx, u.actor, 'Script');
    expect(await desactivarUsuario(ctx, admin.actor, u.id)).toEqual({ ok: true });
    expect(await readSesion(ctx, r.token)).toBeNull();
    expect(await autenticarTokenApi(ctx, token)).toBeNull();
    expect((await iniciarSesion(ctx, { email: u.email, clave: u.clave })).tipo).toBe('rechazado');
    expect(await reactivarUsuario(ctx, admin.actor, u.id)).toEqual({ ok: true });
    expect(await autenticarTokenApi(ctx, token)).toBeNull();
    expect((await iniciarSesion(ctx, { email: u.email, clave: u.clave })).tipo).toBe('ingreso');

    expect(await changeRol(ctx, admin.actor, u.id, 'mesa-de-entradas')).toEqual({ ok: true });
    const { items } = await listAuditoria(ctx.db, { accion: 'usuario.rol', entidadId: String(u.id), pagina: 1, porPagina: 5 });
    expect(items[0]).toMatchObject({ antes: { rol: 'editor' }, despues: { rol: 'mesa-de-entradas' }, usuarioId: admin.id });
    expect(await desactivarUsuario(ctx, admin.actor, admin.id)).toMatchObject({ ok: false });
  });

  it('las cuentas de otras personas son de administración: a un editor que llama a los comandos mismos lo rechazan sin escribir nada', async () => {
    const { ctx, mailer } = contextoUsuarios(database.db);
    const admin = await insertarUsuario(ctx.db, { rol: 'administrador' });
    const editor = await insertarUsuario(ctx.db, { rol: 'editor' });
    const activa = await insertarUsuario(ctx.db, { rol: 'mesa-de-entradas' });
    const inactiva = await insertarUsuario(ctx.db, { rol: 'mesa-de-entradas' });
    expect(await desactivarUsuario(ctx, admin.actor, inactiva.id)).toEqual({ ok: true });
    const email = `invitada.${engine}@villalaangostura.gob.ar`;
    const intentos = [
      () => invitarUsuario(ctx, editor.actor, { email, nombre: 'Inés', apellido: 'Catriel', rol: 'administrador' }),
      () => reenviarEnlaceClave(ctx, editor.actor, activa.id),
      () => changeRol(ctx, editor.actor, editor.id, 'administrador'),
      () => desactivarUsuario(ctx, editor.actor, activa.id),
      () => reactivarUsuario(ctx, editor.actor, inactiva.id),
      () => saveRolesConSegundoFactor(ctx.db, editor.actor, ['mesa-de-entradas']),
      () => levantarBloqueos(ctx, editor.actor, activa.id),
    ];
    for (const intento of intentos) await expect(intento()).rejects.toThrow(PermisoDenegadoError);
    expect(await ctx.db.select().from(usuarios).where(eq(usuarios.email, email))).toEqual([]);
    const cuentas = await ctx.db
      .select({ id: usuarios.id, rol: usuarios.rol, activo: usuarios.activo })
      .from(usuarios)
      .where(inArray(usuarios.id, [editor.id, activa.id, inactiva.id]))
      .orderBy(usuarios.id);
    expect(cuentas).toEqual([
      { id: editor.id, rol: 'editor', activo: true },
      { id: activa.id, rol: 'mesa-de-entradas', activo: true },
      { id: inactiva.id, rol: 'mesa-de-entradas', activo: false },
    ]);
    expect(
      await ctx.db
        .select()
        .from(invitaciones)
        .where(inArray(invitaciones.usuarioId, [activa.id, inactiva.id])),
    ).toEqual([]);
    expect((await listAuditoria(ctx.db, { usuarioId: editor.id, pagina: 1, porPagina: 5 })).items).toEqual([]);
    expect(mailer.wakes).toBe(0);
  });
});
