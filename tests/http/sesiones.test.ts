// Staff sessions over HTTP (docs/decisions/012-sesiones-y-roles.md): the cookie, expiry
// by the app's clock, sign-out, lockout, CSRF, the guard's redirects and 403, Aero-Token, and that
// nothing signed-in is cached or logged.
import { eq } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { outbox } from '#db/schema/index.ts';
import { saveRolesConSegundoFactor } from '#domain/usuarios/ajustes.ts';
import { MENSAJE_BLOQUEO, MENSAJE_CREDENCIALES } from '#domain/usuarios/ingreso.ts';
import { createTokenApi, revocarTokenApi } from '#domain/usuarios/tokens-api.ts';
import { DEMO_USUARIOS } from '#server/demo/usuarios.ts';
import { CLAVE_VALIDA, HORA, MINUTO, insertarUsuario, relojManual } from '#tests/factories/usuarios.ts';
import { TEST_SITE_URL, type TestApp, createTestApp } from '#tests/setup/app.ts';
import { engines } from '#tests/setup/database.ts';
import { textoDe } from '#tests/setup/panel.ts';

const [ADMIN, EDITOR, MESA] = DEMO_USUARIOS as [(typeof DEMO_USUARIOS)[number], (typeof DEMO_USUARIOS)[number], (typeof DEMO_USUARIOS)[number]];
const FORM = { 'content-type': 'application/x-www-form-urlencoded', origin: TEST_SITE_URL };

let ip = 1;
const ipNueva = () => `10.88.${Math.floor(ip / 250)}.${(ip++ % 250) + 1}`;

const cookieDe = (res: LightMyRequestResponse) => {
  const linea = ([] as string[]).concat(res.headers['set-cookie'] ?? []).find((c) => c.startsWith('__Host-vla_sesion='));
  return linea ? linea.split(';')[0]!.slice('__Host-vla_sesion='.length) : undefined;
};

describe.each(engines)('sesiones del personal por HTTP (%s)', (engine) => {
  let t: TestApp;
  const reloj = relojManual(new Date());

  beforeAll(async () => {
    t = await createTestApp(engine, { clock: reloj, logs: true });
  });
  afterAll(() => t?.close());

  const ingresar = (email: string, clave: string, extra: { remoteAddress?: string; siguiente?: string; cookie?: string } = {}) =>
    t.app.inject({
      method: 'POST',
      url: '/login',
      headers: { ...FORM, ...(extra.cookie ? { cookie: `__Host-vla_sesion=${extra.cookie}` } : {}) },
      payload: new URLSearchParams({ paso: 'clave', email, clave, ...(extra.siguiente ? { siguiente: extra.siguiente } : {}) }).toString(),
      remoteAddress: extra.remoteAddress ?? ipNueva(),
    });
  const sesion = async (email: string, clave: string) => {
    const res = await ingresar(email, clave);
    expect(res.statusCode, res.body.slice(0, 300)).toBe(302);
    return cookieDe(res)!;
  };
  const ver = (url: string, token?: string) => t.app.inject({ url, headers: token ? { cookie: `__Host-vla_sesion=${token}` } : {} });

  it('/login: el formulario, sin caché; el ingreso fija la cookie HttpOnly, SameSite=Lax, Path=/, Secure en producción y va a /admin', async () => {
    const pagina = await ver('/login');
    expect(pagina.statusCode).toBe(200);
    expect(pagina.headers['cache-control']).toBe('no-store');
    expect(pagina.body).toContain('name="email"');
    expect(pagina.body).toContain('type="password"');
    expect(pagina.body).not.toContain('Button as link');

    const res = await ingresar(ADMIN.email, ADMIN.clave);
    expect(res.statusCode).toBe(302);
    expect(res.headers.location).toBe('/admin');
    const linea = ([] as string[]).concat(res.headers['set-cookie'] ?? []).find((c) => c.startsWith('__Host-vla_sesion='))!;
    expect(linea).toMatch(/^__Host-vla_sesion=[\w-]{43}; Path=\/; HttpOnly; SameSite=Lax; Max-Age=43200; Secure$/);
    const admin = await ver('/admin', cookieDe(res));
    expect(admin.statusCode).toBe(200);
    expect(admin.body).toContain('Hola, Ana');
    expect(admin.body).toContain('Quintriqueo');
    expect(admin.body).toContain('Administración');
    expect(admin.headers['cache-control']).toBe('no-store');
  });

  it('sin sesión, /admin lleva a /login con el regreso; con sesión, /login y /reservas llevan a /admin', async () => {
    const sin = await ver('/admin/usuarios?q=ana');
    expect(sin.statusCode).toBe(302);
    expect(sin.headers.location).toBe('/login?siguiente=%2Fadmin%2Fusuarios%3Fq%3Dana');
    const token = await sesion(MESA.email, MESA.clave);
    expect((await ver('/login', token)).headers.location).toBe('/admin');
    expect((await ver('/login?siguiente=%2Fadmin%2Fcuenta', token)).headers.location).toBe('/admin/cuenta');
    expect((await ver('/reservas', token)).headers.location).toBe('/admin');
    // Only this site's paths come back.
    const fuera = await ingresar(MESA.email, MESA.clave, { siguiente: '//otro.sitio/x' });
    expect(fuera.headers.location).toBe('/admin');
    const volver = await ingresar(MESA.email, MESA.clave, { siguiente: '/admin/cuenta?x=1' });
    expect(volver.headers.location).toBe('/admin/cuenta?x=1');
  });

  it('el regreso después del ingreso se juzga ya normalizado: ninguna variante lleva a otro sitio', async () => {
    const token = await sesion(MESA.email, MESA.clave);
    // Each one, once its dot segments are resolved or its percent-encoding read, names another host or a scheme.
    const variantes = [
      '/.//otro.sitio/phish',
      '/././/otro.sitio',
      '/a/..//otro.sitio',
      '/%2F%2Fotro.sitio',
      '/%2f/otro.sitio',
      '/.%2F/otro.sitio',
      '/%5Cotro.sitio',
      '/%5C%5Cotro.sitio',
      '/%2F%5Cotro.sitio',
      '/\\otro.sitio',
      '/%09/otro.sitio',
      '/javascript:alert(1)',
      '/%6Aavascript:alert(1)',
      'https://otro.sitio',
      '/%252F%252Fotro.sitio/../..//otro.sitio',
    ];
    for (const siguiente of variantes) {
      const conSesion = await ver(`/login?siguiente=${encodeURIComponent(siguiente)}`, token);
      expect([siguiente, conSesion.headers.location]).toEqual([siguiente, '/admin']);
      const alIngresar = await ingresar(MESA.email, MESA.clave, { siguiente });
      expect([siguiente, alIngresar.headers.location]).toEqual([siguiente, '/admin']);
    }
    // A path of this site with dots still comes back, resolved.
    expect((await ver(`/login?siguiente=${encodeURIComponent('/admin/./cuenta')}`, token)).headers.location).toBe('/admin/cuenta');
  });

  it('vence por inactividad (30 min) y por edad máxima (12 h), según el reloj de la app', async () => {
    const inactiva = await sesion(EDITOR.email, EDITOR.clave);
    reloj.avanzar(29 * MINUTO);
    expect((await ver('/admin', inactiva)).statusCode).toBe(200);
    reloj.avanzar(31 * MINUTO);
    expect((await ver('/admin', inactiva)).statusCode).toBe(302);

    const vieja = await sesion(EDITOR.email, EDITOR.clave);
    for (let i = 0; i < 35; i++) {
      reloj.avanzar(20 * MINUTO);
      expect((await ver('/admin', vieja)).statusCode, `a las ${((i + 1) * 20) / 60} h`).toBe(200);
    }
    reloj.avanzar(25 * MINUTO);
    const vencida = await ver('/admin', vieja);
    expect(vencida.statusCode).toBe(302);
    expect(vencida.headers.location).toMatch(/^\/login\?siguiente=/);
  });

  it('al salir se borra la cookie y la sesión: la cookie vieja repetida no vale', async () => {
    const token = await sesion(MESA.email, MESA.clave);
    const salida = await t.app.inject({ method: 'POST', url: '/sign-out', headers: { ...FORM, cookie: `__Host-vla_sesion=${token}` }, payload: '' });
    expect(salida.statusCode).toBe(200);
    expect(([] as string[]).concat(salida.headers['set-cookie'] ?? [])).toContainEqual(
      expect.stringMatching(/^__Host-vla_sesion=; Path=\/; HttpOnly; SameSite=Lax; Max-Age=0/),
    );
    expect(salida.body).toContain('Signing out...');
    const repetida = await ver('/admin', token);
    expect(repetida.statusCode).toBe(302);
    // A GET of /sign-out changes nothing (another site's link or image cannot sign anyone out).
    const otra = await sesion(MESA.email, MESA.clave);
    expect((await ver('/sign-out', otra)).statusCode).toBe(200);
    expect((await ver('/admin', otra)).statusCode).toBe(200);
  });

  it('el sexto intento fallido seguido bloquea 15 minutos aun con la contraseña correcta, y después se puede entrar', async () => {
    const u = await insertarUsuario(t.database.db, { rol: 'editor' });
    for (let i = 1; i <= 5; i++) {
      const res = await ingresar(u.email, `incorrecta-numero-${i}`);
      expect(res.statusCode).toBe(400);
      expect(res.body).toContain(MENSAJE_CREDENCIALES);
    }
    const sexto = await ingresar(u.email, 'incorrecta-numero-6');
    expect(sexto.statusCode).toBe(429);
    expect(sexto.body).toContain(MENSAJE_BLOQUEO);
    const correcta = await ingresar(u.email, u.clave);
    expect(correcta.statusCode).toBe(429);
    expect(cookieDe(correcta)).toBeUndefined();
    reloj.avanzar(15 * MINUTO + 1000);
    expect((await ingresar(u.email, u.clave)).statusCode).toBe(302);
  });

  it('correo desconocido y contraseña errada: la misma respuesta y un tiempo parecido, al costo de producción', async () => {
    // At the test cost (N = 2^10, about 1 ms) the hash is lost in the database's noise: this one
    // runs at production cost, where the scrypt work is what an attacker would time.
    const costoDePrueba = process.env.VLA_CLAVES_DE_PRUEBA;
    delete process.env.VLA_CLAVES_DE_PRUEBA;
    try {
      // One attempt per account: a sixth wrong password in a row would lock it (a faster answer).
      const cuentas = await Promise.all(Array.from({ length: 6 }, () => insertarUsuario(t.database.db)));
      const medir = async (email: string) => {
        const inicio = performance.now();
        const res = await ingresar(email, 'no-es-la-contraseña');
        return { ms: performance.now() - inicio, status: res.statusCode, error: /<div class="resumen-errores"[^>]*><p>([^<]+)<\/p>/.exec(res.body)?.[1] };
      };
      await medir(cuentas[5]!.email);
      await medir('calentar@x.com');
      // Interleaved, so a burst of load on the machine falls on both kinds alike.
      const errada: Awaited<ReturnType<typeof medir>>[] = [];
      const desconocido: Awaited<ReturnType<typeof medir>>[] = [];
      for (let i = 0; i < 5; i++) {
        errada.push(await medir(cuentas[i]!.email));
        desconocido.push(await medir(`nadie.aqui.${i}@${i % 2 ? 'x.com' : 'villalaangostura.gob.ar'}`));
      }
      for (const r of [...errada, ...desconocido]) expect([r.status, r.error]).toEqual([400, MENSAJE_CREDENCIALES]);
      const mediana = (xs: { ms: number }[]) => xs.map((x) => x.ms).sort((a, b) => a - b)[2]!;
      // Both check a scrypt hash of the same cost: an unknown e-mail is not answered in a fraction of the time.
      expect(mediana(desconocido)).toBeGreaterThan(mediana(errada) * 0.5);
      expect(mediana(errada)).toBeGreaterThan(mediana(desconocido) * 0.5);
    } finally {
      if (costoDePrueba === undefined) delete process.env.VLA_CLAVES_DE_PRUEBA;
      else process.env.VLA_CLAVES_DE_PRUEBA = costoDePrueba;
    }
  });

  it('CSRF: los POST de ingreso, salida y /admin exigen Origin o Referer de este sitio', async () => {
    const cuerpo = new URLSearchParams({ paso: 'clave', email: ADMIN.email, clave: ADMIN.clave }).toString();
    const tipo = { 'content-type': 'application/x-www-form-urlencoded' };
    const ajeno = await t.app.inject({ method: 'POST', url: '/login', headers: { ...tipo, origin: 'https://otro.sitio' }, payload: cuerpo });
    expect(ajeno.statusCode).toBe(403);
    const sinOrigen = await t.app.inject({ method: 'POST', url: '/login', headers: tipo, payload: cuerpo, remoteAddress: ipNueva() });
    expect(sinOrigen.statusCode).toBe(403);
    expect(cookieDe(sinOrigen)).toBeUndefined();
    const refererAjeno = await t.app.inject({ method: 'POST', url: '/login', headers: { ...tipo, referer: 'https://otro.sitio/x' }, payload: cuerpo });
    expect(refererAjeno.statusCode).toBe(403);
    const referer = await t.app.inject({
      method: 'POST',
      url: '/login',
      headers: { ...tipo, referer: `${TEST_SITE_URL}/login` },
      payload: cuerpo,
      remoteAddress: ipNueva(),
    });
    expect(referer.statusCode).toBe(302);
    const token = cookieDe(referer)!;
    for (const url of ['/admin/usuarios', '/admin/usuarios.data', '/sign-out', '/admin/cuenta?index']) {
      const res = await t.app.inject({ method: 'POST', url, headers: { ...tipo, cookie: `__Host-vla_sesion=${token}` }, payload: 'intent=invitar' });
      expect(res.statusCode, url).toBe(403);
    }
    expect((await ver('/admin', token)).statusCode).toBe(200);
  });

  it('CSRF: la regla se decide sobre la ruta normalizada (mayúsculas, %xx, barras dobles) y el origen compara esquema, host y puerto', async () => {
    const tipo = { 'content-type': 'application/x-www-form-urlencoded' };
    const token = await sesion(ADMIN.email, ADMIN.clave);
    const invitar = new URLSearchParams({ intent: 'invitar', nombre: 'Persona Ajena', email: 'ajena@villalaangostura.gob.ar', rol: 'editor' }).toString();
    for (const url of ['/ADMIN/USUARIOS', '/Admin/Usuarios', '/%61dmin/usuarios', '//admin/usuarios', '/admin/./usuarios', '/LOGIN', '/Sign-Out']) {
      const res = await t.app.inject({ method: 'POST', url, headers: { ...tipo, cookie: `__Host-vla_sesion=${token}` }, payload: invitar });
      expect([url, res.statusCode]).toEqual([url, 403]);
    }
    // Same host, another scheme or port: not this site's origin (the test server answers over http).
    const invitarDesde = (desde: { origin: string } | { referer: string }) =>
      t.app.inject({
        method: 'POST',
        url: '/admin/usuarios',
        headers: { ...tipo, cookie: `__Host-vla_sesion=${token}`, host: 'intranet.municipio.test', ...desde },
        payload: invitar,
      });
    expect((await invitarDesde({ origin: 'https://intranet.municipio.test' })).statusCode).toBe(403);
    expect((await invitarDesde({ referer: 'http://intranet.municipio.test:8080/admin' })).statusCode).toBe(403);
    // The Host the browser connected to, same scheme: a same-origin post all the same.
    const mismoHost = await t.app.inject({
      method: 'POST',
      url: '/login',
      headers: { ...tipo, host: 'intranet.municipio.test', origin: 'http://intranet.municipio.test' },
      payload: 'paso=clave',
      remoteAddress: ipNueva(),
    });
    expect(mismoHost.statusCode).toBe(400);
    const usuarios = await ver('/admin/usuarios', token);
    expect(usuarios.body).not.toContain('ajena@villalaangostura.gob.ar');
  });

  it('403 dentro del panel: lo dice en castellano, en el marco del panel con su menú, y vuelve al panel sin cerrar la sesión', async () => {
    const editor = await sesion(EDITOR.email, EDITOR.clave);
    const res = await ver('/admin/usuarios', editor);
    expect(res.statusCode).toBe(403);
    const main = /<main[\s\S]*<\/main>/.exec(res.body)?.[0] ?? '';
    expect(main).toMatch(/<h1>No tenés permiso para ver esta página<\/h1>/);
    expect(textoDe(main)).toContain('Tu rol (Edición de contenido) no incluye esta parte del panel.');
    expect(main).toMatch(/<a href="\/admin" class="btn btn-primary">Volver al inicio del panel<\/a>/);
    // Nothing in the page signs the clerk out: no link or form to /sign-out, no English of the public screen.
    expect(main).not.toContain('/sign-out');
    expect(main).not.toMatch(/<form/);
    expect(res.body).not.toContain('You Shall Not Pass');
    expect(res.body).not.toContain('Back to Login');
    expect(res.body).not.toContain("location.replace('/sign-out')");
    expect(res.body).toContain('<title>Sin permiso para esta página | Municipalidad de Villa La Angostura</title>');
    // The panel's own frame: the person's menu, as on every page of the panel.
    expect(res.body).toMatch(/<nav class="admin__menu" aria-label="Menú del panel">[\s\S]*href="\/admin\/ordenanzas"/);
    expect(res.body).not.toMatch(/<nav class="admin__menu"[\s\S]*href="\/admin\/usuarios"[\s\S]*<\/nav>/);
    expect(res.headers['cache-control']).toBe('no-store');
    expect((await ver('/admin/auditoria', editor)).statusCode).toBe(403);
    const post = await t.app.inject({
      method: 'POST',
      url: '/admin/usuarios',
      headers: { ...FORM, cookie: `__Host-vla_sesion=${editor}` },
      payload: 'intent=invitar',
    });
    expect(post.statusCode).toBe(403);
    expect((await ver('/admin', editor)).statusCode).toBe(200);
    const menu = (await ver('/admin', editor)).body;
    expect(menu).not.toContain('href="/admin/usuarios"');
    expect(menu).not.toContain('href="/admin/solicitudes"');
    expect(menu).toContain('href="/admin/cuenta"');
    const mesa = await sesion(MESA.email, MESA.clave);
    const menuMesa = (await ver('/admin', mesa)).body;
    expect(menuMesa).toContain('href="/admin/solicitudes"');
    expect(menuMesa).toContain('href="/admin/correo"');
    expect(menuMesa).not.toContain('href="/admin/auditoria"');
  });

  it('nada de una sesión se guarda en la caché de páginas', async () => {
    const token = await sesion(ADMIN.email, ADMIN.clave);
    const conSesion = await ver('/plan-estrategico', token);
    expect(conSesion.statusCode).toBe(200);
    expect(conSesion.headers['x-cache']).toBe('bypass');
    // Had it been stored, the anonymous visit would be a hit.
    expect((await ver('/plan-estrategico')).headers['x-cache']).toBe('miss');
    for (const url of ['/admin', '/admin/cuenta', '/admin/usuarios', '/admin/auditoria']) {
      const res = await ver(url, token);
      expect(res.statusCode, url).toBe(200);
      expect(res.headers['cache-control'], url).toBe('no-store');
      expect(res.headers['x-cache'], url).toBe('bypass');
    }
  });

  it('Aero-Token: GET /api/v1/sesion responde el perfil hasta que el token se revoca; sin token, 401 en castellano', async () => {
    const u = await insertarUsuario(t.database.db, { rol: 'mesa-de-entradas', nombre: 'Rosa' });
    const { id, token } = await createTokenApi(t.context, u.actor, 'Planilla');
    const ok = await t.app.inject({ url: '/api/v1/sesion', headers: { 'aero-token': token } });
    expect(ok.statusCode).toBe(200);
    expect(ok.json()).toEqual({ nombre: 'Rosa Prueba', email: u.email, rol: 'mesa-de-entradas' });
    expect(ok.headers['cache-control']).toBe('no-store');
    const sin = await t.app.inject({ url: '/api/v1/sesion' });
    expect(sin.statusCode).toBe(401);
    expect((sin.json() as { error: string }).error).toMatch(/Aero-Token/);
    await revocarTokenApi(t.context, u.actor, id);
    expect((await t.app.inject({ url: '/api/v1/sesion', headers: { 'aero-token': token } })).statusCode).toBe(401);
  });

  it('un rol con segundo factor obligatorio sólo puede usar Mi cuenta hasta configurarlo', async () => {
    const admin = await insertarUsuario(t.database.db, { rol: 'administrador' });
    const u = await insertarUsuario(t.database.db, { rol: 'editor' });
    const token = await sesion(u.email, u.clave);
    await saveRolesConSegundoFactor(t.database.db, admin.actor, ['editor']);
    try {
      const res = await ver('/admin', token);
      expect(res.statusCode).toBe(302);
      expect(res.headers.location).toBe('/admin/cuenta?segundo-factor=obligatorio');
      const cuenta = await ver('/admin/cuenta', token);
      expect(cuenta.statusCode).toBe(200);
      expect(cuenta.body).toContain('Tu rol exige ingresar con un segundo factor');
    } finally {
      await saveRolesConSegundoFactor(t.database.db, admin.actor, []);
    }
  });

  it('invitación por HTTP: el administrador invita, el enlace crea la contraseña una sola vez, la persona ingresa', async () => {
    const admin = await sesion(ADMIN.email, ADMIN.clave);
    const email = `nueva.${Date.now()}@villalaangostura.gob.ar`;
    const invitar = await t.app.inject({
      method: 'POST',
      url: '/admin/usuarios',
      headers: { ...FORM, cookie: `__Host-vla_sesion=${admin}` },
      payload: new URLSearchParams({ intent: 'invitar', email, nombre: 'Nora', apellido: 'Millaqueo', rol: 'mesa-de-entradas' }).toString(),
    });
    expect(invitar.statusCode).toBe(200);
    expect(invitar.body).toContain('Invitamos a Nora Millaqueo');
    const correos = await t.database.db.select().from(outbox).where(eq(outbox.asunto, 'Tu acceso al panel de la Municipalidad de Villa La Angostura'));
    const correo = correos.find((c) => t.context.cipher.open(c.destinatario) === email)!;
    const enlace = /https:\/\/sitio\.prueba\.villalaangostura\.gob\.ar(\/admin\/clave\?token=[\w-]+)/.exec(t.context.cipher.open(correo.texto))![1]!;
    const pagina = await ver(enlace);
    expect(pagina.statusCode).toBe(200);
    expect(pagina.headers['cache-control']).toBe('no-store');
    expect(pagina.headers['referrer-policy']).toBe('same-origin');
    expect(pagina.body).toContain('Hola, Nora');
    const crear = (clave: string) =>
      t.app.inject({
        method: 'POST',
        url: enlace,
        headers: FORM,
        payload: new URLSearchParams({ token: new URL(enlace, TEST_SITE_URL).searchParams.get('token')!, clave, confirmacion: clave }).toString(),
      });
    const debil = await crear('123456789012');
    expect(debil.statusCode).toBe(400);
    expect(debil.body).toContain('muy común');
    const hecha = await crear(CLAVE_VALIDA);
    expect(hecha.statusCode).toBe(302);
    expect(hecha.headers.location).toBe('/login?aviso=creada');
    expect((await crear(CLAVE_VALIDA)).statusCode).toBe(400);
    expect((await ver(enlace)).statusCode).toBe(404);
    expect((await ingresar(email, CLAVE_VALIDA)).statusCode).toBe(302);
  });

  it('el log no tiene contraseñas, tokens ni direcciones de correo', () => {
    const texto = JSON.stringify(t.logs);
    for (const u of DEMO_USUARIOS) {
      expect(texto).not.toContain(u.clave);
      expect(texto).not.toContain(u.email);
    }
    expect(texto).not.toContain(CLAVE_VALIDA);
    expect(texto).not.toMatch(/[\w.+-]+@[\w-]+\.[\w.-]+/);
    expect(texto).not.toMatch(/vla_sesion=|vla_[\w-]{43}/);
  });
});

describe('configuración de las sesiones', () => {
  it('SESION_INACTIVIDAD_MINUTOS y SESION_DURACION_MAXIMA_HORAS; ADMIN_PASSWORD cumple la política', async () => {
    const { loadConfig } = await import('#server/env.ts');
    expect(loadConfig({}).sesiones).toEqual({ inactividadMs: 30 * MINUTO, duracionMaximaMs: 12 * HORA, cookieSegura: false });
    expect(loadConfig({ SESION_INACTIVIDAD_MINUTOS: '10', SESION_DURACION_MAXIMA_HORAS: '8', SITE_URL: 'https://x.gob.ar' }).sesiones).toEqual({
      inactividadMs: 10 * MINUTO,
      duracionMaximaMs: 8 * HORA,
      cookieSegura: true,
    });
    expect(() => loadConfig({ ADMIN_PASSWORD: 'corta' })).toThrow(/ADMIN_PASSWORD: La contraseña debe tener al menos 12/);
    expect(() => loadConfig({ ADMIN_PASSWORD: 'password1234' })).toThrow(/ADMIN_PASSWORD: .*muy común/);
    expect(loadConfig({ ADMIN_PASSWORD: 'Lago-Espejo-Chico-2026' }).admin.password).toBe('Lago-Espejo-Chico-2026');
  });
});
