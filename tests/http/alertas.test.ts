import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { outbox, suscripcionesAlertas } from '#db/schema/index.ts';
import { LIMITES_ALERTAS } from '#domain/alertas/commands.ts';
import { enviarAlertas } from '#domain/alertas/envios.ts';
import { insertOrdenanza } from '#tests/factories/ordenanzas.ts';
import { type TestApp, TEST_SITE_URL, createTestApp } from '#tests/setup/app.ts';
import { engines } from '#tests/setup/database.ts';
import { textoDe } from '#tests/setup/panel.ts';
import { type ServidorSmtp, esperarHasta, iniciarSmtp, legible } from '#tests/setup/smtp.ts';

const FORM = { 'content-type': 'application/x-www-form-urlencoded' };
const form = (campos: Record<string, string>) => new URLSearchParams(campos).toString();
let ip = 1;
const ipNueva = () => `203.0.113.${ip++}`;

describe.each(engines)('alertas por correo por HTTP (%s)', (engine) => {
  let t: TestApp;
  let smtp: ServidorSmtp;
  beforeAll(async () => {
    smtp = await iniciarSmtp();
    t = await createTestApp(engine, { logs: true, env: { SMTP_URL: `smtp://127.0.0.1:${smtp.puerto}` } });
  });
  afterAll(async () => {
    await t.close();
    await smtp.cerrar();
  });

  const suscribirse = (campos: Record<string, string>, remoteAddress = ipNueva()) =>
    t.app.inject({ method: 'POST', url: '/alertas', headers: FORM, payload: form({ frecuencia: 'inmediata', ...campos }), remoteAddress });
  /** The secret of the last confirmation mail the SMTP server received for `email`. */
  async function tokenDe(email: string): Promise<string> {
    let token: string | undefined;
    await esperarHasta(() => {
      const m = smtp.mensajes.filter((x) => x.para.includes(email) && /alertas\/confirmar/.test(legible(x.datos))).at(-1);
      token = m ? /token=([A-Za-z0-9_-]+)/.exec(legible(m.datos))?.[1] : undefined;
      return token !== undefined;
    });
    return token!;
  }

  it('la consulta y los boletines llevan el formulario, estático, con la búsqueda en campos ocultos', async () => {
    const consulta = await t.app.inject({ url: '/consulta-ordenanzas?pattern=agua&anio=2024' });
    expect(consulta.statusCode).toBe(200);
    const formulario = /<form[^>]*action="\/alertas"[^>]*>[\s\S]*?<\/form>/.exec(consulta.body)?.[0] ?? '';
    expect(formulario).toContain('<input type="hidden" name="tipo" value="ordenanzas"/>');
    expect(formulario).toContain('<input type="hidden" name="pattern" value="agua"/>');
    expect(formulario).toContain('<input type="hidden" name="anio" value="2024"/>');
    expect(formulario).toMatch(/<input[^>]*type="email"[^>]*autoComplete="email"/);
    expect(consulta.body).toContain('Recibí un aviso por correo');
    const boletines = await t.app.inject({ url: '/boletines-oficiales' });
    expect(boletines.body).toMatch(/<form[^>]*action="\/alertas"[^>]*>[\s\S]*?name="tipo" value="boletines"/);
  });

  it('datos inválidos u hostiles: 400 en castellano, conserva lo escrito, nada guardado', async () => {
    const antes = (await t.database.db.select().from(suscripcionesAlertas)).length;
    const res = await suscribirse({ tipo: 'ordenanzas', email: '"><script>alert(1)</script>', frecuencia: 'x', pattern: 'agua' });
    expect(res.statusCode).toBe(400);
    expect(res.body).not.toContain('<script>alert(1)');
    expect(res.body).toContain('value="&quot;&gt;&lt;script&gt;alert(1)&lt;/script&gt;"');
    expect(textoDe(res.body)).toContain('Tu email: Ingresá un email válido, por ejemplo nombre@correo.com.ar.');
    expect(textoDe(res.body)).toContain('Cada cuánto: Elegí cada cuánto querés recibir los avisos.');
    expect(res.body).toContain('<title>Error: Alertas por correo | Municipalidad de Villa La Angostura</title>');
    expect(res.body).toContain('<input type="hidden" name="pattern" value="agua"/>');
    const alterada = await suscribirse({ tipo: 'ordenanzas', email: 'ok@correo.test', anio: '1', pattern: 'x'.repeat(300) });
    expect(alterada.statusCode).toBe(400);
    expect(textoDe(alterada.body)).toContain('La búsqueda que llegó con el pedido no es válida');
    expect(textoDe(alterada.body)).toContain('Palabras de la búsqueda: El texto a buscar puede tener hasta 200 caracteres.');
    const vacia = await t.app.inject({ method: 'POST', url: '/alertas', headers: FORM, payload: '', remoteAddress: ipNueva() });
    expect(vacia.statusCode).toBe(400);
    expect(textoDe(vacia.body)).toContain('Tu email: Escribí tu email.');
    expect((await t.database.db.select().from(suscripcionesAlertas)).length).toBe(antes);
  });

  it('la misma respuesta con o sin suscripciones previas; límites por dirección y por correo', async () => {
    const primera = await suscribirse({ tipo: 'boletines', email: 'repetida@correo.test' });
    const segunda = await suscribirse({ tipo: 'boletines', email: 'repetida@correo.test' });
    const otra = await suscribirse({ tipo: 'boletines', email: 'nueva@correo.test' });
    expect([primera.statusCode, segunda.statusCode, otra.statusCode]).toEqual([200, 200, 200]);
    const cuerpo = (r: typeof primera) => textoDe(/<main[\s\S]*<\/main>/.exec(r.body)![0]);
    expect(cuerpo(segunda)).toBe(cuerpo(primera));
    expect(cuerpo(otra)).toBe(cuerpo(primera));
    expect(cuerpo(primera)).toContain('Te enviamos un correo para confirmar tu alerta.');
    expect(primera.headers['cache-control']).toBe('no-store');

    const direccion = ipNueva();
    const codigos: number[] = [];
    for (let i = 0; i <= LIMITES_ALERTAS.porDireccion; i++)
      codigos.push((await suscribirse({ tipo: 'boletines', email: `limite${i}@correo.test` }, direccion)).statusCode);
    expect(codigos.slice(0, -1).every((c) => c === 200)).toBe(true);
    const limitada = await suscribirse({ tipo: 'boletines', email: 'otra.mas@correo.test' }, direccion);
    expect(limitada.statusCode).toBe(429);
    expect(limitada.headers['retry-after']).toBe('3600');
    expect(textoDe(limitada.body)).toContain('Recibimos muchos pedidos de alertas desde tu conexión');
    expect(limitada.body).toContain('value="otra.mas@correo.test"');

    const porCorreo: number[] = [];
    for (let i = 0; i <= LIMITES_ALERTAS.porEmail; i++) porCorreo.push((await suscribirse({ tipo: 'boletines', email: 'insistente@correo.test' })).statusCode);
    expect(porCorreo.at(-1)).toBe(429);
    expect(porCorreo.slice(0, -1).every((c) => c === 200)).toBe(true);
  });

  it('confirmar: el GET no confirma, el POST sí; enlaces inventados 404 y vencidos 410, en castellano', async () => {
    await suscribirse({ tipo: 'ordenanzas', email: 'fede@correo.test', pattern: 'puente' });
    const token = await tokenDe('fede@correo.test');
    const ver = await t.app.inject({ url: `/alertas/confirmar?token=${token}` });
    expect(ver.statusCode).toBe(200);
    expect(ver.headers['cache-control']).toBe('no-store');
    expect(ver.headers['referrer-policy']).toBe('same-origin');
    expect(textoDe(ver.body)).toContain('Vas a recibir por correo: Ordenanzas con «puente», apenas se publican.');
    expect(ver.body).toMatch(/<form action="\/alertas\/confirmar\?token=[^"]+" method="post"><button type="submit"[^>]*>Confirmar<\/button>/);
    const estado = async () =>
      (await t.database.db.select({ estado: suscripcionesAlertas.estado }).from(suscripcionesAlertas).where(eq(suscripcionesAlertas.estado, 'activa'))).length;
    const activasAntes = await estado();
    await t.app.inject({ method: 'HEAD', url: `/alertas/confirmar?token=${token}` });
    expect(await estado()).toBe(activasAntes);
    const confirmar = await t.app.inject({ method: 'POST', url: `/alertas/confirmar?token=${token}`, headers: FORM, payload: '' });
    expect(confirmar.statusCode).toBe(200);
    expect(textoDe(confirmar.body)).toContain('Alerta confirmada');
    expect(confirmar.body).toContain(`href="/alertas/gestion?token=${token}"`);
    expect(await estado()).toBe(activasAntes + 1);

    for (const url of [
      '/alertas/confirmar?token=al_inventado_123456789',
      '/alertas/gestion?token=al_inventado_123456789',
      '/alertas/baja',
      '/alertas/gestion?token=%00',
    ]) {
      const res = await t.app.inject({ url });
      expect([url, res.statusCode]).toEqual([url, url.includes('%00') ? 400 : 404]);
      if (res.statusCode === 404) expect(textoDe(res.body)).toContain('Este enlace de alertas no existe o la suscripción ya se borró.');
    }
    await suscribirse({ tipo: 'boletines', email: 'tarde@correo.test' });
    const vencido = await tokenDe('tarde@correo.test');
    await t.database.db
      .update(suscripcionesAlertas)
      .set({ createdAt: new Date(Date.now() - 8 * 86_400_000) })
      .where(eq(suscripcionesAlertas.estado, 'pendiente'));
    const viejo = await t.app.inject({ method: 'POST', url: `/alertas/confirmar?token=${vencido}`, headers: FORM, payload: '' });
    expect(viejo.statusCode).toBe(410);
    expect(textoDe(viejo.body)).toContain('El enlace venció');
  });

  it('la alerta llega por SMTP con List-Unsubscribe y la baja en un clic funciona sin sesión ni Origin propio', async () => {
    await suscribirse({ tipo: 'ordenanzas', email: 'gabi@correo.test', pattern: 'glaciar' });
    const token = await tokenDe('gabi@correo.test');
    await t.app.inject({ method: 'POST', url: `/alertas/confirmar?token=${token}`, headers: FORM, payload: '' });
    await insertOrdenanza(t.context, { anio: 2026, descripcion: 'Protección del glaciar' });
    await enviarAlertas(t.context);
    let datos = '';
    await esperarHasta(() => {
      datos = legible(
        smtp.mensajes.find((m) => m.para.includes('gabi@correo.test') && /glaciar/.test(legible(m.datos)) && !/confirmar/.test(legible(m.datos)))?.datos ?? '',
      );
      return datos !== '';
    });
    const baja = `${TEST_SITE_URL}/alertas/baja?token=${token}`;
    expect(datos).toMatch(new RegExp(`^List-Unsubscribe: <${baja.replace(/[.?]/g, '\\$&')}>\\r?$`, 'm'));
    expect(datos).toMatch(/^List-Unsubscribe-Post: List-Unsubscribe=One-Click\r?$/m);
    expect(datos).toMatch(/^Auto-Submitted: auto-generated\r?$/m);
    expect(datos).toMatch(/^List-I[dD]: Alertas <alertas\.sitio\.prueba\.villalaangostura\.gob\.ar>\r?$/m);
    expect(datos).toContain('Protección del glaciar');
    expect(datos).toContain(`${TEST_SITE_URL}/alertas/gestion?token=${token}`);
    // Sent: the outbox no longer keeps the headers, which carry the secret.
    const enviados = await t.database.db.select({ cabeceras: outbox.cabeceras }).from(outbox).where(eq(outbox.estado, 'enviado'));
    expect(enviados.every((c) => Object.keys(c.cabeceras).length === 0)).toBe(true);

    // GET asks; the provider's POST (its own Origin, no cookie) unsubscribes.
    const pregunta = await t.app.inject({ url: `/alertas/baja?token=${token}` });
    expect(textoDe(pregunta.body)).toContain('Dar de baja la alerta');
    const unClick = await t.app.inject({
      method: 'POST',
      url: `/alertas/baja?token=${token}`,
      headers: { ...FORM, origin: 'https://mail.proveedor.example' },
      payload: 'List-Unsubscribe=One-Click',
      remoteAddress: ipNueva(),
    });
    expect(unClick.statusCode).toBe(200);
    expect(textoDe(unClick.body)).toContain('Alerta dada de baja');
    const [fila] = await t.database.db
      .select({ estado: suscripcionesAlertas.estado })
      .from(suscripcionesAlertas)
      .where(eq(suscripcionesAlertas.estado, 'baja'));
    expect(fila?.estado).toBe('baja');
    // Every other form keeps its Origin check.
    const ajeno = await t.app.inject({
      method: 'POST',
      url: '/alertas',
      headers: { ...FORM, origin: 'https://mail.proveedor.example' },
      payload: form({ tipo: 'boletines', email: 'x@correo.test', frecuencia: 'inmediata' }),
    });
    expect(ajeno.statusCode).toBe(403);
    // No secret in the log: the request log writes the path without its query.
    expect(JSON.stringify(t.logs)).not.toContain(token);
  });

  it('la gestión lista y da de baja una o todas', async () => {
    for (const campos of [{ tipo: 'boletines' }, { tipo: 'ordenanzas', anio: '2025' }] as Record<string, string>[]) {
      await suscribirse({ ...campos, email: 'hugo@correo.test' });
      await t.app.inject({ method: 'POST', url: `/alertas/confirmar?token=${await tokenDe('hugo@correo.test')}`, headers: FORM, payload: '' });
    }
    const token = await tokenDe('hugo@correo.test');
    const pagina = await t.app.inject({ url: `/alertas/gestion?token=${token}` });
    expect(pagina.statusCode).toBe(200);
    expect(textoDe(pagina.body)).toContain('Las alertas de hugo@correo.test');
    expect(textoDe(pagina.body)).toContain('Boletines oficiales nuevos, apenas se publican');
    expect(textoDe(pagina.body)).toContain('Ordenanzas de 2025, apenas se publican');
    expect(pagina.body).toContain('href="/feeds/ordenanzas.xml?anio=2025"');
    const id = /name="id" value="(\d+)"/.exec(pagina.body)![1]!;
    const una = await t.app.inject({ method: 'POST', url: `/alertas/gestion?token=${token}`, headers: FORM, payload: form({ id }) });
    expect(textoDe(una.body)).toContain('Diste de baja la alerta.');
    const todas = await t.app.inject({ method: 'POST', url: `/alertas/gestion?token=${token}`, headers: FORM, payload: form({ accion: 'todas' }) });
    expect(textoDe(todas.body)).toContain('Diste de baja la alerta.');
    expect(textoDe(todas.body)).toContain('No tenés alertas activas.');
  });

  it('cada página de alertas está en el marco del sitio (cabecera, menús, pie) con su descripción; las del enlace, sin indexar', async () => {
    /** The site's header with its main menu and the footer: the way around the site from a mail's link. */
    const enElMarco = (html: string) => {
      expect(html).toMatch(/<header class="cabecera"/);
      expect(html).toMatch(/<nav[^>]*aria-label="Principal"/);
      expect(html).toMatch(/<footer class="pie"/);
      expect(html).not.toContain('servicio__tarjeta');
    };
    const descripcion = (html: string) => /<meta name="description" content="([^"]+)"/.exec(html)?.[1] ?? '';
    const sinIndexar = (html: string) => /<meta name="robots" content="noindex"/.test(html);

    const pagina = await t.app.inject({ url: '/alertas' });
    expect(pagina.statusCode).toBe(200);
    enElMarco(pagina.body);
    expect(descripcion(pagina.body)).toMatch(/^Recibí por correo un aviso/);
    expect(sinIndexar(pagina.body)).toBe(false);
    // A refused request keeps the frame, what was typed and the message.
    const error = await suscribirse({ tipo: 'boletines', email: 'sin-arroba' });
    expect(error.statusCode).toBe(400);
    enElMarco(error.body);
    expect(error.body).toContain('value="sin-arroba"');

    await suscribirse({ tipo: 'boletines', email: 'marco@correo.test' });
    const token = await tokenDe('marco@correo.test');
    const inventado = 'al_inventado_123456789';
    for (const [url, estado] of [
      [`/alertas/confirmar?token=${token}`, 200],
      [`/alertas/gestion?token=${token}`, 200],
      [`/alertas/baja?token=${token}`, 200],
      [`/alertas/confirmar?token=${inventado}`, 404],
      [`/alertas/gestion?token=${inventado}`, 404],
      [`/alertas/baja?token=${inventado}`, 404],
    ] as const) {
      const res = await t.app.inject({ url });
      expect(res.statusCode, url).toBe(estado);
      enElMarco(res.body);
      expect(descripcion(res.body), url).not.toBe('');
      expect(sinIndexar(res.body), url).toBe(true);
    }
    const confirmada = await t.app.inject({ method: 'POST', url: `/alertas/confirmar?token=${token}`, headers: FORM, payload: '' });
    enElMarco(confirmada.body);
    expect(textoDe(confirmada.body)).toContain('Alerta confirmada');
    const baja = await t.app.inject({ method: 'POST', url: `/alertas/baja?token=${token}`, headers: FORM, payload: '' });
    enElMarco(baja.body);
    expect(textoDe(baja.body)).toContain('Alerta dada de baja');
  });
});
