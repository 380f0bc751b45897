// The outbox page /admin/correo (docs/decisions/013-mesa-de-entradas.md) over HTTP on
// the built app: who may see it, filters and pages, masked recipients, short errors, «Reintentar»
// with its audit entry, the notice without SMTP, and hostile input answered 4xx in Spanish.
import { and, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditoria, outbox } from '#db/schema/index.ts';
import { countCorreosConFallas } from '#domain/correo/bandeja.ts';
import { type NewMail, enqueueMail } from '#domain/correo/outbox.ts';
import { type TestApp, createTestApp } from '#tests/setup/app.ts';
import { engines } from '#tests/setup/database.ts';
import { ADMIN, EDITOR, MESA, enviar, ingresar, textoDe, ver } from '#tests/setup/panel.ts';

/** The data rows of the page's table (the header row is the first). */
const filas = (html: string) => Math.max(0, (html.match(/<tr[ >]/g) ?? []).length - 1);

describe.each(engines)('/admin/correo (%s)', (engine) => {
  let t: TestApp;
  let admin: string;
  let mesa: string;
  let editor: string;

  beforeAll(async () => {
    t = await createTestApp(engine, { logs: true });
    [admin, mesa, editor] = await Promise.all([ingresar(t, ADMIN), ingresar(t, MESA), ingresar(t, EDITOR)]);
  });
  afterAll(() => t?.close());

  /** Mails with a reference of their own, in the given state; answers their ids, oldest first. */
  async function correos(referencia: string, n: number, cambios: Partial<typeof outbox.$inferInsert> = {}, extra: Partial<NewMail> = {}) {
    const nuevos = Array.from({ length: n }, (_, i) => ({
      destinatario: `vecina.${i}@correo.test`,
      asunto: `Acuse de prueba ${i + 1}`,
      texto: 'Cuerpo que la bandeja nunca muestra.',
      referencia,
      ...extra,
    }));
    const deLaReferencia = async () => (await t.database.db.select({ id: outbox.id }).from(outbox).where(eq(outbox.referencia, referencia))).map((f) => f.id);
    const antes = new Set(await deLaReferencia());
    await enqueueMail(t.database.db, t.context.cipher, nuevos);
    const ids = (await deLaReferencia()).filter((id) => !antes.has(id)).sort((a, b) => a - b);
    if (Object.keys(cambios).length > 0) await t.database.db.update(outbox).set(cambios).where(inArray(outbox.id, ids));
    return ids;
  }

  it('administración y mesa de entradas la ven, sin caché; un editor ve el 403 del spec; sin sesión, a /login', async () => {
    for (const sesion of [admin, mesa]) {
      const res = await ver(t, '/admin/correo', sesion);
      expect(res.statusCode).toBe(200);
      expect(res.headers['cache-control']).toBe('no-store');
      expect(res.body).toContain('<h1>Bandeja de salida</h1>');
      expect(res.body).toMatch(/<a aria-current="page"[^>]*href="\/admin\/correo"|<a[^>]*href="\/admin\/correo"[^>]*aria-current="page"/);
    }
    const prohibida = await ver(t, '/admin/correo', editor);
    expect(prohibida.statusCode).toBe(403);
    expect(prohibida.body).toContain('No tenés permiso para ver esta página');
    const post = await enviar(t, '/admin/correo', editor, { intent: 'reintentar', correo: '1' });
    expect(post.statusCode).toBe(403);
    const anonima = await ver(t, '/admin/correo?estado=fallido');
    expect(anonima.statusCode).toBe(302);
    expect(anonima.headers.location).toBe('/login?siguiente=%2Fadmin%2Fcorreo%3Festado%3Dfallido');
  });

  it('filtra por estado y por referencia, y pagina de a 25 conservando los filtros', async () => {
    await correos('PRUEBA-PAGINAS', 30, { estado: 'enviado', enviadoEn: new Date(), texto: '' });
    await correos('PRUEBA-ESTADOS', 2, { estado: 'anulado' });
    await correos('PRUEBA-ESTADOS', 1, { estado: 'fallido', ultimoError: 'Casilla inexistente', intentos: 3 });

    const primera = await ver(t, '/admin/correo?referencia=PRUEBA-PAGINAS', admin);
    expect(primera.statusCode).toBe(200);
    expect(textoDe(primera.body)).toContain('30 correos');
    expect(filas(primera.body)).toBe(25);
    expect(textoDe(primera.body)).toContain('Página 1 de 2');
    expect(primera.body).toContain('href="/admin/correo?referencia=PRUEBA-PAGINAS&amp;pagina=2"');
    const segunda = await ver(t, '/admin/correo?referencia=PRUEBA-PAGINAS&pagina=2', admin);
    expect(filas(segunda.body)).toBe(5);
    // Newest first: the first mail written is the last row of the last page.
    expect(textoDe(segunda.body)).toMatch(/Acuse de prueba 1 .*$/);
    expect(textoDe(segunda.body)).not.toContain('Acuse de prueba 30');

    const fallidos = await ver(t, '/admin/correo?estado=fallido&referencia=PRUEBA-ESTADOS', mesa);
    expect(filas(fallidos.body)).toBe(1);
    expect(textoDe(fallidos.body)).toContain('Fallido');
    expect(textoDe(fallidos.body)).toContain('Casilla inexistente');
    const anulados = await ver(t, '/admin/correo?estado=anulado&referencia=PRUEBA-ESTADOS', mesa);
    expect(filas(anulados.body)).toBe(2);
    expect(anulados.body).not.toContain('value="reintentar"');
    const nada = await ver(t, '/admin/correo?estado=pendiente&referencia=PRUEBA-ESTADOS', mesa);
    expect(nada.statusCode).toBe(200);
    expect(textoDe(nada.body)).toContain('No hay correos con esos filtros.');
  });

  it('el panel cuenta los fallidos, que esperan que alguien los reintente, aparte de los que se reintentan solos', async () => {
    const antes = await countCorreosConFallas(t.database.db);
    await correos('PRUEBA-PANEL', 2, { estado: 'fallido', ultimoError: 'Casilla inexistente', intentos: 30 });
    await correos('PRUEBA-PANEL', 1, { ultimoError: 'Conexión rechazada', intentos: 2 });
    await correos('PRUEBA-PANEL', 1); // pending, never failed: not counted
    const despues = await countCorreosConFallas(t.database.db);
    expect(despues).toEqual({ fallidos: antes.fallidos + 2, reintentando: antes.reintentando + 1 });
    const panel = await ver(t, '/admin', mesa);
    const texto = textoDe(panel.body);
    expect(texto).toContain(`Correos con fallas ${despues.fallidos}`);
    expect(texto).toContain(`${despues.fallidos} correos no pudieron enviarse y esperan que alguien lo reintente.`);
    expect(texto).toContain(despues.reintentando === 1 ? 'Otro falló y se reintenta solo.' : `Otros ${despues.reintentando} fallaron y se reintentan solos.`);
    expect(panel.body).toContain('href="/admin/correo?estado=fallido"');
    expect(textoDe((await ver(t, '/admin', editor)).body)).not.toContain('Correos con fallas');
  });

  it('el destinatario entero sólo para administración; el último error, una línea corta sin la traza', async () => {
    const traza = `Error: 550 5.1.1 Mailbox unavailable ${'x'.repeat(300)}\n    at SMTPConnection._actionRCPT (/app/node_modules/nodemailer/lib/smtp-connection/index.js:1:1)\n    at process.processTicksAndRejections`;
    await correos('PRUEBA-DESTINO', 1, { estado: 'fallido', ultimoError: traza, intentos: 1 }, { destinatario: 'rosa.paredes@correo.test' });
    const completo = await ver(t, '/admin/correo?referencia=PRUEBA-DESTINO', admin);
    expect(completo.body).toContain('rosa.paredes@correo.test');
    const enmascarado = await ver(t, '/admin/correo?referencia=PRUEBA-DESTINO', mesa);
    expect(enmascarado.body).not.toContain('rosa.paredes');
    expect(enmascarado.body).toContain('***@correo.test');
    for (const res of [completo, enmascarado]) {
      expect(res.body).toContain('Error: 550 5.1.1 Mailbox unavailable');
      expect(res.body).not.toContain('SMTPConnection');
      expect(res.body).not.toContain('node_modules');
      expect(res.body).not.toContain('x'.repeat(200));
      expect(res.body).toContain('…');
      // Bodies never reach the page.
      expect(res.body).not.toContain('Cuerpo que la bandeja nunca muestra');
    }
  });

  it('Reintentar: un fallido vuelve a pendiente con los intentos en cero, con un aviso y en la auditoría; otra vez, 409', async () => {
    const [id] = await correos('PRUEBA-REINTENTO', 1, { estado: 'fallido', ultimoError: 'Conexión rechazada', intentos: 30 });
    const lista = await ver(t, '/admin/correo?referencia=PRUEBA-REINTENTO', mesa);
    expect(lista.body).toContain(`name="correo" value="${id}"`);
    expect(lista.body).toMatch(/<button type="submit" value="reintentar"[^>]*name="intent">Reintentar/);

    const res = await enviar(t, '/admin/correo?referencia=PRUEBA-REINTENTO', mesa, { intent: 'reintentar', correo: String(id) });
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('no-store');
    expect(res.body).toMatch(/<div class="aviso aviso--exito" role="status" tabindex="-1">El correo n\.º \d+ volvió a quedar pendiente/);
    // The list after the post shows it pending, without the button.
    expect(textoDe(res.body)).toContain('Pendiente');
    expect(res.body).not.toContain(`name="correo" value="${id}"`);
    const [fila] = await t.database.db.select().from(outbox).where(eq(outbox.id, id!));
    expect(fila).toMatchObject({ estado: 'pendiente', intentos: 0 });
    const [entrada] = await t.database.db
      .select()
      .from(auditoria)
      .where(and(eq(auditoria.accion, 'correo.reintento'), eq(auditoria.entidadId, String(id))));
    expect(entrada).toMatchObject({ actorEmail: MESA.email, actorRol: 'mesa-de-entradas', entidad: 'correo' });
    expect(entrada?.antes).toMatchObject({ estado: 'fallido', intentos: 30 });

    const otraVez = await enviar(t, '/admin/correo', mesa, { intent: 'reintentar', correo: String(id) });
    expect(otraVez.statusCode).toBe(409);
    expect(otraVez.body).toContain('Sólo se reintenta un correo fallido; este está pendiente.');
  });

  it('cada fila dice en palabras por qué un correo espera o falló (docs/decisions/052); uno enviado, no', async () => {
    await correos(
      'PRUEBA-MOTIVO',
      1,
      { estado: 'fallido', ultimoError: '550 5.1.1 <x@correo.test>: Recipient address rejected', intentos: 3 },
      { asunto: 'Motivo fallido' },
    );
    await correos('PRUEBA-MOTIVO', 1, { ultimoError: 'connect ECONNREFUSED 10.0.0.1:25', intentos: 2 }, { asunto: 'Motivo pendiente' });
    await correos('PRUEBA-MOTIVO', 1, { estado: 'enviado', enviadoEn: new Date() }, { asunto: 'Motivo enviado' });
    for (const sesion of [admin, mesa]) {
      const res = await ver(t, '/admin/correo?referencia=PRUEBA-MOTIVO', sesion);
      expect(res.statusCode).toBe(200);
      const fila = (asunto: string) => textoDe(res.body.split('<tr').find((f) => f.includes(asunto)) ?? '');
      expect(fila('Motivo fallido')).toContain(
        'No salió: el servidor del destinatario rechazó la dirección: la casilla no existe o no recibe correo. No se reintenta solo',
      );
      // This server has no SMTP_URL: that, not the last error, is why it waits.
      expect(fila('Motivo pendiente')).toContain('El correo quedó en la bandeja de salida: el servidor de correo no está configurado');
      expect(fila('Motivo enviado')).not.toMatch(/No salió|Todavía no salió|bandeja de salida/);
    }
  });

  it('sin SMTP_URL, administración ve qué hacer; la mesa de entradas, por qué los correos esperan (sin la configuración)', async () => {
    const deAdmin = textoDe((await ver(t, '/admin/correo', admin)).body);
    expect(deAdmin).toContain('El envío de correo no está configurado');
    expect(deAdmin).toContain('SMTP_URL');
    const deMesa = textoDe((await ver(t, '/admin/correo', mesa)).body);
    expect(deMesa).toContain('El correo no sale');
    expect(deMesa).toContain('El correo quedó en la bandeja de salida: el servidor de correo no está configurado');
    expect(deMesa).not.toContain('SMTP_URL');
  });

  it('lo hostil recibe 4xx en castellano, nunca 5xx', async () => {
    const casos: [string, number, string][] = [
      ['/admin/correo?estado=borrado', 400, 'Elegí un estado de la lista'],
      ['/admin/correo?pagina=abc', 400, 'Escribí un número de página'],
      ['/admin/correo?pagina=0', 400, 'Escribí un número de página'],
      ['/admin/correo?pagina=99999999999999999999', 400, 'Escribí un número de página'],
      [`/admin/correo?referencia=${'R'.repeat(500)}`, 400, 'La referencia puede tener hasta 64 caracteres'],
      ['/admin/correo?estado=%00', 400, 'bytes nulos'],
    ];
    for (const [url, status, texto] of casos) {
      const res = await ver(t, url, mesa);
      expect(res.statusCode, url).toBe(status);
      expect(textoDe(res.body), url).toContain(texto);
    }
    const filtro = await ver(t, '/admin/correo?estado=borrado', mesa);
    expect(filtro.body).toContain('<title>Error: Bandeja de salida');
    expect(filtro.body).toMatch(
      /<div class="resumen-errores" role="alert" tabindex="-1"[^>]*>.*<a href="#estado">Estado(<!-- -->)?: (<!-- -->)?Elegí un estado/s,
    );
    expect(filtro.body).toMatch(/<select id="estado" name="estado" aria-describedby="estado-error" aria-invalid="true"/);

    const posts: [Record<string, string> | string, number, string][] = [
      [{ intent: 'borrar', correo: '1' }, 400, 'No entendimos qué querías hacer'],
      [{ correo: '1' }, 400, 'No entendimos qué querías hacer'],
      [{ intent: 'reintentar' }, 400, 'Ese correo no existe'],
      [{ intent: 'reintentar', correo: 'abc' }, 400, 'Ese correo no existe'],
      [{ intent: 'reintentar', correo: '-1' }, 400, 'Ese correo no existe'],
      [{ intent: 'reintentar', correo: '99999999999999999999' }, 400, 'Ese correo no existe'],
      [{ intent: 'reintentar', correo: '2147483647' }, 400, 'No existe el correo n.º 2147483647'],
      ['intent=reintentar&correo=1%00', 400, 'bytes nulos'],
    ];
    for (const [campos, status, texto] of posts) {
      const res = await enviar(t, '/admin/correo', mesa, campos);
      expect(res.statusCode, JSON.stringify(campos)).toBe(status);
      expect(textoDe(res.body), JSON.stringify(campos)).toContain(texto);
    }
    const enorme = await enviar(t, '/admin/correo', mesa, `intent=reintentar&correo=${'9'.repeat(2 * 1024 * 1024)}`);
    expect(enorme.statusCode).toBe(413);
  });

  it('el log no tiene direcciones de correo', () => {
    expect(JSON.stringify(t.logs)).not.toMatch(/rosa\.paredes|vecina\.\d+@/);
  });
});
