// The soft lockout and the account's protections over HTTP (docs/decisions/035-bloqueo-de-ingreso.md):
// attempts counted before they are judged (parallel bursts on both engines), the lock by account
// and place, the code that opens it, the back-office's list of locks, «Mi cuenta» asking the
// password again, its mails and open sessions, /sign-out from another site, the __Host- cookie.
import { randomBytes, scryptSync } from 'node:crypto';
import { and, eq, sql } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { Secret, TOTP } from 'otpauth';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditoria, outbox, usuarios } from '#db/schema/index.ts';
import { MENSAJE_BLOQUEO } from '#domain/usuarios/ingreso.ts';
import { generarCodigosRecuperacion, nuevoSecretoTotp } from '#domain/usuarios/segundo-factor.ts';
import { DEMO_USUARIOS } from '#server/demo/usuarios.ts';
import { MINUTO, insertarUsuario, relojManual } from '#tests/factories/usuarios.ts';
import { TEST_SITE_URL, type TestApp, createTestApp } from '#tests/setup/app.ts';
import { engines } from '#tests/setup/database.ts';

const COOKIE = '__Host-vla_sesion';
const FORM = { 'content-type': 'application/x-www-form-urlencoded', origin: TEST_SITE_URL };
const ADMIN = DEMO_USUARIOS.find((u) => u.rol === 'administrador')!;

let ip = 1;
const ipNueva = () => `10.91.${Math.floor(ip / 250)}.${(ip++ % 250) + 1}`;

const cookieDe = (res: LightMyRequestResponse, nombre = COOKIE) => {
  const linea = ([] as string[]).concat(res.headers['set-cookie'] ?? []).find((c) => c.startsWith(`${nombre}=`));
  return linea ? linea.split(';')[0]!.slice(nombre.length + 1) : undefined;
};

/** The back-office's list of locks, out of /admin/usuarios. */
const bloqueos = (html: string) => /id="bloqueos-titulo"[\s\S]*?<\/section>/.exec(html)?.[0] ?? '';

describe.each(engines)('bloqueo de ingreso y cuenta (%s)', (engine) => {
  let t: TestApp;
  const reloj = relojManual(new Date());

  beforeAll(async () => {
    t = await createTestApp(engine, { clock: reloj });
  });
  afterAll(() => t?.close());

  const ingresar = (email: string, clave: string, extra: { ip?: string; codigo?: string } = {}) =>
    t.app.inject({
      method: 'POST',
      url: '/login',
      headers: FORM,
      payload: new URLSearchParams({ paso: 'clave', email, clave, ...(extra.codigo ? { codigo: extra.codigo } : {}) }).toString(),
      remoteAddress: extra.ip ?? ipNueva(),
    });
  const codigo = (token: string, valor: string, direccion = ipNueva()) =>
    t.app.inject({
      method: 'POST',
      url: '/login',
      headers: { ...FORM, cookie: `${COOKIE}=${token}` },
      payload: new URLSearchParams({ paso: 'codigo', codigo: valor }).toString(),
      remoteAddress: direccion,
    });
  const ver = (url: string, token?: string, headers: Record<string, string> = {}) =>
    t.app.inject({ url, headers: { ...headers, ...(token ? { cookie: `${COOKIE}=${token}` } : {}) } });
  const enviar = (url: string, token: string, campos: Record<string, string>, direccion?: string) =>
    t.app.inject({
      method: 'POST',
      url,
      headers: { ...FORM, cookie: `${COOKIE}=${token}` },
      payload: new URLSearchParams(campos).toString(),
      ...(direccion ? { remoteAddress: direccion } : {}),
    });

  /** A password hash at a low scrypt cost (the stored parameters say which): bursts stay fast. */
  async function claveBarata(id: number, clave: string) {
    const sal = randomBytes(16);
    const hash = scryptSync(clave.normalize('NFC'), sal, 32, { N: 2 ** 10, r: 8, p: 1 });
    const guardado = ['scrypt', 10, 8, 1, sal.toString('base64url'), hash.toString('base64url')].join('$');
    await t.database.db.update(usuarios).set({ claveHash: guardado }).where(eq(usuarios.id, id));
  }

  async function conSegundoFactor(id: number) {
    const secreto = nuevoSecretoTotp();
    await t.database.db
      .update(usuarios)
      .set({ totpSecreto: t.context.cipher.encrypt(secreto), totpActivo: true, totpUltimoPaso: null })
      .where(eq(usuarios.id, id));
    const totp = new TOTP({ secret: Secret.fromBase32(secreto), digits: 6, period: 30, algorithm: 'SHA1' });
    return { generar: () => totp.generate({ timestamp: reloj.now().getTime() }) };
  }

  /** The failed attempts that were judged (their reason), from the audit log. */
  async function juzgados(usuarioId: number, motivos: string[]) {
    const filas = await t.database.db
      .select({ despues: auditoria.despues })
      .from(auditoria)
      .where(and(eq(auditoria.accion, 'sesion.ingreso-fallido'), eq(auditoria.entidadId, String(usuarioId))));
    return filas.filter((f) => motivos.includes((f.despues as { motivo: string }).motivo)).length;
  }

  it('una ráfaga de 100 contraseñas erradas en paralelo (desde 100 direcciones): a lo sumo 5 se juzgan, y la correcta en medio no entra', async () => {
    const u = await insertarUsuario(t.database.db);
    await claveBarata(u.id, u.clave);
    const intentos = Array.from({ length: 101 }, (_, i) => (i === 60 ? u.clave : `errada-en-rafaga-${i}`));
    const respuestas = await Promise.all(intentos.map((clave) => ingresar(u.email, clave)));
    const correcta = respuestas[60]!;
    expect(correcta.statusCode).toBe(429);
    expect(cookieDe(correcta)).toBeUndefined();
    expect(await juzgados(u.id, ['credenciales'])).toBeLessThanOrEqual(5);
    expect(respuestas.filter((r) => r.statusCode === 400).length).toBeLessThanOrEqual(5);
    expect(respuestas.filter((r) => r.statusCode === 429).length).toBeGreaterThanOrEqual(95);
    expect(respuestas.every((r) => !cookieDe(r))).toBe(true);
  });

  it('una ráfaga de códigos TOTP y de recuperación errados en paralelo: a lo sumo 5 se juzgan, y el correcto en medio no entra', async () => {
    const u = await insertarUsuario(t.database.db);
    await claveBarata(u.id, u.clave);
    const totp = await conSegundoFactor(u.id);
    await generarCodigosRecuperacion(t.database.db, u.id);
    const paso = await ingresar(u.email, u.clave);
    expect(paso.statusCode).toBe(302);
    const pendiente = cookieDe(paso)!;
    const bueno = totp.generar();
    const malos = Array.from({ length: 60 }, (_, i) =>
      i === 40 ? bueno : i % 2 ? String((Number(bueno) + 1 + i) % 1_000_000).padStart(6, '0') : `ZZZZZ-${String(i).padStart(5, 'Y')}`,
    );
    const respuestas = await Promise.all(malos.map((c) => codigo(pendiente, c)));
    expect(cookieDe(respuestas[40]!)).toBeFalsy();
    expect(respuestas.filter((r) => r.statusCode === 302).length).toBe(0);
    expect(await juzgados(u.id, ['codigo'])).toBeLessThanOrEqual(5);
  });

  it('el bloqueo es por cuenta y lugar: desde una dirección conocida se sigue entrando, con el código de la aplicación también', async () => {
    const u = await insertarUsuario(t.database.db);
    await claveBarata(u.id, u.clave);
    const oficina = ipNueva();
    expect((await ingresar(u.email, u.clave, { ip: oficina })).statusCode).toBe(302);
    // Someone elsewhere locks the account for every address it never signed in from.
    for (let i = 0; i < 5; i++) expect((await ingresar(u.email, `errada-de-afuera-${i}`)).statusCode).toBe(400);
    const bloqueado = await ingresar(u.email, u.clave);
    expect(bloqueado.statusCode).toBe(429);
    expect(bloqueado.body).toContain(MENSAJE_BLOQUEO.slice(0, 60));
    expect(bloqueado.body).toContain('name="codigo"');
    // The office goes on.
    expect((await ingresar(u.email, u.clave, { ip: oficina })).statusCode).toBe(302);
    // A code from the app opens it from a new address (and a wrong one does not).
    const totp = await conSegundoFactor(u.id);
    expect((await ingresar(u.email, u.clave, { codigo: '000000' })).statusCode).toBe(429);
    const conCodigo = await ingresar(u.email, u.clave, { codigo: totp.generar() });
    expect(conCodigo.statusCode).toBe(302);
    expect(cookieDe(conCodigo)).toBeTruthy();
    // The administrator sees the lock and lifts it, audited.
    const admin = cookieDe(await ingresar(ADMIN.email, ADMIN.clave))!;
    expect(bloqueos((await ver('/admin/usuarios', admin)).body)).toContain(u.email);
    const levantar = await enviar('/admin/usuarios', admin, { intent: 'levantar-bloqueo', usuario: String(u.id) });
    expect(levantar.statusCode).toBe(200);
    expect(levantar.body).toContain('Levantamos el bloqueo');
    expect(bloqueos((await ver('/admin/usuarios', admin)).body)).not.toContain(u.email);
    const [registro] = await t.database.db
      .select({ n: sql<number>`count(*)::int` })
      .from(auditoria)
      .where(and(eq(auditoria.accion, 'usuario.bloqueo-levantado'), eq(auditoria.entidadId, String(u.id))));
    expect(registro!.n).toBe(1);
    await t.database.db.update(usuarios).set({ totpActivo: false, totpSecreto: null }).where(eq(usuarios.id, u.id));
    expect((await ingresar(u.email, u.clave)).statusCode).toBe(302);
  });

  it('un correo desconocido no deja bloqueos que importen; los ingresos correctos no cuentan para el límite por dirección', async () => {
    const fantasma = `fantasma.${Date.now()}@villalaangostura.gob.ar`;
    for (let i = 0; i < 6; i++) await ingresar(fantasma, `cualquiera-${i}-xxxx`);
    expect((await ingresar(fantasma, 'otra-cualquiera-xx')).statusCode).toBe(429);
    const admin = cookieDe(await ingresar(ADMIN.email, ADMIN.clave))!;
    expect(bloqueos((await ver('/admin/usuarios', admin)).body)).not.toContain('fantasma');
    // A town hall behind one address: 35 right sign-ins in a row, all in (the limit is 30 failures).
    const u = await insertarUsuario(t.database.db);
    await claveBarata(u.id, u.clave);
    const municipio = ipNueva();
    for (let i = 0; i < 35; i++) expect((await ingresar(u.email, u.clave, { ip: municipio })).statusCode, `ingreso ${i + 1}`).toBe(302);
  });

  it('Mi cuenta: cada cambio sensible pide la contraseña otra vez, los fallos cuentan como ingresos, y llega un correo', async () => {
    const u = await insertarUsuario(t.database.db);
    await claveBarata(u.id, u.clave);
    const aqui = ipNueva();
    const token = cookieDe(await ingresar(u.email, u.clave, { ip: aqui }))!;
    const sin = await enviar('/admin/cuenta', token, { intent: 'crear-token', nombre: 'Planilla' }, aqui);
    expect(sin.statusCode).toBe(400);
    expect(sin.body).not.toContain('vla_');
    for (let i = 0; i < 5; i++) {
      const errada = await enviar('/admin/cuenta', token, { intent: 'crear-token', nombre: 'Planilla', actual: `errada-${i}-xxxxx` }, aqui);
      expect(errada.statusCode).toBe(400);
      expect(errada.body).toContain('no es correcta');
    }
    // The sixth, even right, is refused: the same counter as signing in.
    const sexta = await enviar('/admin/cuenta', token, { intent: 'crear-token', nombre: 'Planilla', actual: u.clave }, aqui);
    expect(sexta.statusCode).toBe(400);
    expect(sexta.body).toContain('bloqueado');
    reloj.avanzar(15 * MINUTO + 1000);
    const token2 = cookieDe(await ingresar(u.email, u.clave, { ip: aqui }))!;
    const hecho = await enviar('/admin/cuenta', token2, { intent: 'crear-token', nombre: 'Planilla', actual: u.clave }, aqui);
    expect(hecho.statusCode).toBe(200);
    expect(hecho.body).toMatch(/vla_[\w-]{43}/);
    const correos = await t.database.db
      .select()
      .from(outbox)
      .where(eq(outbox.referencia, `usuario-${u.id}`));
    const textos = correos.map((c) => t.context.cipher.open(c.texto));
    expect(textos.some((x) => x.includes('se creó un token nuevo'))).toBe(true);
    expect(correos.every((c) => c.asunto === 'Cambio en tu cuenta del panel de la Municipalidad')).toBe(true);
  });

  it('Mi cuenta lista las sesiones abiertas (navegador, sin dirección) y cierra una o todas las demás', async () => {
    const u = await insertarUsuario(t.database.db);
    await claveBarata(u.id, u.clave);
    const entrar = (agente: string) =>
      t.app.inject({
        method: 'POST',
        url: '/login',
        headers: { ...FORM, 'user-agent': agente },
        payload: new URLSearchParams({ paso: 'clave', email: u.email, clave: u.clave }).toString(),
        remoteAddress: ipNueva(),
      });
    const yo = cookieDe(await entrar('Mozilla/5.0 (X11; Linux x86_64) Chrome/140.0 Safari/537.36'))!;
    const telefono = cookieDe(await entrar('Mozilla/5.0 (Linux; Android 15) Firefox/141.0'))!;
    const tablet = cookieDe(await entrar('Mozilla/5.0 (iPad; CPU OS 18_0 like Mac OS X) Safari/605.1.15'))!;
    const pagina = await ver('/admin/cuenta', yo);
    expect(pagina.body).toContain('Sesiones abiertas');
    expect(pagina.body).toContain('Firefox en Android');
    expect(pagina.body).toContain('esta sesión');
    expect(pagina.body).not.toMatch(/10\.91\./);
    const id = /name="sesion" value="(\d+)"/.exec(pagina.body)![1]!;
    expect((await enviar('/admin/cuenta', yo, { intent: 'cerrar-sesion', sesion: id })).statusCode).toBe(200);
    const vivas = [(await ver('/admin', telefono)).statusCode, (await ver('/admin', tablet)).statusCode].filter((s) => s === 200).length;
    expect(vivas).toBe(1);
    expect((await enviar('/admin/cuenta', yo, { intent: 'cerrar-otras-sesiones' })).statusCode).toBe(200);
    expect((await ver('/admin', telefono)).statusCode).toBe(302);
    expect((await ver('/admin', tablet)).statusCode).toBe(302);
    expect((await ver('/admin', yo)).statusCode).toBe(200);
  });

  it('/sign-out: un enlace desde otro sitio no cierra la sesión (muestra el botón); una navegación del mismo sitio sí', async () => {
    const u = await insertarUsuario(t.database.db);
    await claveBarata(u.id, u.clave);
    const token = cookieDe(await ingresar(u.email, u.clave))!;
    const variantes: Record<string, string>[] = [
      { 'sec-fetch-site': 'cross-site', 'sec-fetch-mode': 'navigate' },
      { referer: 'https://otro.sitio/trampa' },
      {},
      { 'sec-fetch-site': 'same-origin', 'sec-purpose': 'prefetch' },
    ];
    for (const cabeceras of variantes) {
      const res = await ver('/sign-out', token, cabeceras);
      expect(res.statusCode, JSON.stringify(cabeceras)).toBe(200);
      expect(res.body).toContain('¿Cerrar la sesión?');
      expect(res.body).toMatch(/<form [^>]*action="\/sign-out" method="post"/);
      expect(cookieDe(res)).toBeUndefined();
      expect((await ver('/admin', token)).statusCode, JSON.stringify(cabeceras)).toBe(200);
    }
    const mismoSitio = await ver('/sign-out', token, { 'sec-fetch-site': 'same-origin' });
    expect(mismoSitio.body).toContain('Signing out...');
    expect(cookieDe(mismoSitio)).toBe('');
    expect((await ver('/admin', token)).statusCode).toBe(302);
    const otro = cookieDe(await ingresar(u.email, u.clave))!;
    await ver('/sign-out', otro, { referer: `${TEST_SITE_URL}/admin` });
    expect((await ver('/admin', otro)).statusCode).toBe(302);
    // The button: a POST with this site's Origin.
    const tercero = cookieDe(await ingresar(u.email, u.clave))!;
    const boton = await t.app.inject({ method: 'POST', url: '/sign-out', headers: { ...FORM, cookie: `${COOKIE}=${tercero}` }, payload: '' });
    expect(boton.statusCode).toBe(200);
    expect((await ver('/admin', tercero)).statusCode).toBe(302);
  });

  it('la cookie es __Host- cuando es Secure (Path=/, sin Domain); el nombre sin prefijo no se lee', async () => {
    const res = await ingresar(ADMIN.email, ADMIN.clave);
    const linea = ([] as string[]).concat(res.headers['set-cookie'] ?? []).find((c) => c.startsWith(`${COOKIE}=`))!;
    expect(linea).toMatch(/^__Host-vla_sesion=[\w-]{43}; Path=\/; HttpOnly; SameSite=Lax; Max-Age=\d+; Secure$/);
    expect(linea).not.toMatch(/Domain=/i);
    const token = cookieDe(res)!;
    expect((await t.app.inject({ url: '/admin', headers: { cookie: `vla_sesion=${token}` } })).statusCode).toBe(302);
    expect((await ver('/admin', token)).statusCode).toBe(200);
  });
});

describe('la cookie de sesión sin Secure (uso local por http)', () => {
  let t: TestApp;
  const sitio = 'http://127.0.0.1:3999';
  beforeAll(async () => {
    t = await createTestApp('pglite', { env: { NODE_ENV: 'development', SITE_URL: sitio } });
  });
  afterAll(() => t?.close());

  it('se llama vla_sesion, sin Secure ni prefijo, y el nombre con prefijo no se lee', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/login',
      headers: { 'content-type': 'application/x-www-form-urlencoded', origin: sitio },
      payload: new URLSearchParams({ paso: 'clave', email: ADMIN.email, clave: ADMIN.clave }).toString(),
      remoteAddress: ipNueva(),
    });
    expect(res.statusCode).toBe(302);
    const linea = ([] as string[]).concat(res.headers['set-cookie'] ?? []).find((c) => c.startsWith('vla_sesion='))!;
    expect(linea).toMatch(/^vla_sesion=[\w-]{43}; Path=\/; HttpOnly; SameSite=Lax; Max-Age=\d+$/);
    const token = cookieDe(res, 'vla_sesion')!;
    expect((await t.app.inject({ url: '/admin', headers: { cookie: `vla_sesion=${token}` } })).statusCode).toBe(200);
    expect((await t.app.inject({ url: '/admin', headers: { cookie: `__Host-vla_sesion=${token}` } })).statusCode).toBe(302);
  });
});
