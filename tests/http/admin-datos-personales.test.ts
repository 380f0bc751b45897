// The personal-data page /admin/datos-personales (law 25.326; docs/decisions/013-mesa-de-entradas.md)
// over HTTP on the built app: administrators only; the export as a JSON download (headers, content,
// audit entry without the DNI, nothing in the log); the erasure with and without its confirmation;
// the retention setting, validated and audited; hostile input answered 4xx.
import { and, desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditoria, outbox, solicitudesDecreto, suscripcionesAlertas } from '#db/schema/index.ts';
import { suscribir } from '#domain/alertas/commands.ts';
import { getSiteSettings } from '#domain/sitio/settings.ts';
import { createSolicitud } from '#tests/factories/mesa.ts';
import { type TestApp, createTestApp } from '#tests/setup/app.ts';
import { engines } from '#tests/setup/database.ts';
import { ADMIN, EDITOR, MESA, enviar, ingresar, textoDe, ver } from '#tests/setup/panel.ts';

const URL_PAGINA = '/admin/datos-personales';

describe.each(engines)('/admin/datos-personales (%s)', (engine) => {
  let t: TestApp;
  let admin: string;
  let mesa: string;
  let editor: string;

  beforeAll(async () => {
    t = await createTestApp(engine, { logs: true });
    [admin, mesa, editor] = await Promise.all([ingresar(t, ADMIN), ingresar(t, MESA), ingresar(t, EDITOR)]);
  });
  afterAll(() => t?.close());

  const ultimaAuditoria = async (accion: string) =>
    (await t.database.db.select().from(auditoria).where(eq(auditoria.accion, accion)).orderBy(desc(auditoria.id)).limit(1))[0];

  it('sólo administración, en su menú; la mesa de entradas y un editor ven el 403 del spec; sin sesión, a /login', async () => {
    const res = await ver(t, URL_PAGINA, admin);
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('no-store');
    expect(res.body).toContain('<h1>Datos personales</h1>');
    expect(res.body).toMatch(/href="\/admin\/datos-personales"[^>]*>Datos personales<\/a>/);
    for (const sesion of [mesa, editor]) {
      const prohibida = await ver(t, URL_PAGINA, sesion);
      expect(prohibida.statusCode).toBe(403);
      expect(prohibida.body).toContain('No tenés permiso para ver esta página');
      expect(prohibida.body).not.toContain('href="/admin/datos-personales"');
      for (const intent of ['exportar', 'borrar', 'retencion']) {
        const post = await enviar(t, URL_PAGINA, sesion, { intent, dni: '20111222', dniBorrado: '20111222', confirmacion: '20111222', dias: '90' });
        expect(post.statusCode, intent).toBe(403);
        expect(post.headers['content-disposition']).toBeUndefined();
      }
    }
    const anonima = await ver(t, URL_PAGINA);
    expect(anonima.statusCode).toBe(302);
    expect(anonima.headers.location).toBe('/login?siguiente=%2Fadmin%2Fdatos-personales');
    const post = await t.app.inject({
      method: 'POST',
      url: URL_PAGINA,
      headers: { 'content-type': 'application/x-www-form-urlencoded', origin: 'https://sitio.prueba.villalaangostura.gob.ar' },
      payload: 'intent=exportar&dni=20111222',
    });
    expect(post.statusCode).toBe(302);
    expect(post.headers['content-disposition']).toBeUndefined();
  });

  it('exportar: un archivo JSON adjunto, sin caché, con todo lo de ese DNI; auditado con el hash, nunca el DNI ni en el log', async () => {
    const primera = await createSolicitud(t.context, { dni: '28.765.432', nombre: 'Luis Pereyra', email: 'luis.pereyra@correo.test', numero: '77/2021' });
    const segunda = await createSolicitud(t.context, { dni: '28765432', nombre: 'Luis Pereyra', email: 'luis.p@otro.test', numero: '78/2021' });
    await createSolicitud(t.context, { dni: '11222333', nombre: 'Otra Persona', email: 'otra@correo.test' });

    const res = await enviar(t, URL_PAGINA, admin, { intent: 'exportar', dni: '28.765.432' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/json; charset=utf-8');
    expect(res.headers['content-disposition']).toMatch(/^attachment; filename="datos-personales-\d{4}-\d{2}-\d{2}\.json"$/);
    expect(res.headers['cache-control']).toBe('no-store');
    const datos = JSON.parse(res.body) as {
      dni: string;
      fundamento: string;
      solicitudes: { codigo: string; nombre: string; dni: string; email: string; correos: { destinatario: string }[] }[];
    };
    expect(datos.dni).toBe('28765432');
    expect(datos.fundamento).toContain('25.326');
    expect(datos.solicitudes.map((s) => s.codigo)).toEqual([primera.codigo, segunda.codigo]);
    expect(datos.solicitudes[0]).toMatchObject({ nombre: 'Luis Pereyra', dni: '28765432', email: 'luis.pereyra@correo.test' });
    expect(datos.solicitudes[0]!.correos.map((c) => c.destinatario)).toContain('luis.pereyra@correo.test');
    expect(res.body).not.toContain('Otra Persona');

    const entrada = await ultimaAuditoria('datos_personales.exportacion');
    expect(entrada).toMatchObject({ actorEmail: ADMIN.email, entidad: 'dni', despues: { solicitudes: [primera.codigo, segunda.codigo] } });
    expect(entrada?.entidadId).not.toContain('28765432');
    expect(JSON.stringify(entrada)).not.toContain('28765432');

    // A DNI nobody has: an empty export, audited all the same.
    const vacia = await enviar(t, URL_PAGINA, admin, { intent: 'exportar', dni: '9999999' });
    expect(vacia.statusCode).toBe(200);
    expect((JSON.parse(vacia.body) as { solicitudes: unknown[] }).solicitudes).toEqual([]);

    const texto = JSON.stringify(t.logs);
    expect(texto).not.toContain('28765432');
    expect(texto).not.toContain('28.765.432');
    expect(texto).not.toContain('luis.pereyra');
  });

  it('exportar con un DNI que no vale: la página con el error junto al campo, 400, y ningún archivo', async () => {
    for (const [dni, mensaje] of [
      ['', 'El campo dni es obligatorio'],
      ['123', 'Ingresá un DNI de 7 u 8 números'],
      ['28765432x', 'Ingresá un DNI de 7 u 8 números'],
      ['9'.repeat(5000), 'Ingresá un DNI de 7 u 8 números'],
    ] as const) {
      const res = await enviar(t, URL_PAGINA, admin, { intent: 'exportar', dni });
      expect(res.statusCode, dni.slice(0, 20)).toBe(400);
      expect(res.headers['content-disposition']).toBeUndefined();
      expect(res.headers['content-type']).toMatch(/^text\/html/);
      expect(res.body).toContain('<title>Error: Datos personales');
      expect(res.body).toMatch(/<a href="#dni">DNI(<!-- -->)?: /);
      expect(res.body).toContain('id="dni-error"');
      expect(textoDe(res.body)).toContain(mensaje);
    }
  });

  it('borrar: sin la confirmación o con otro DNI no borra nada; confirmado, anonimiza y dice cuántas; otra vez, ninguna', async () => {
    const { codigo } = await createSolicitud(t.context, { dni: '30.444.555', nombre: 'Marta Ñancucheo', email: 'marta.n@correo.test' });
    const sinConfirmar = await enviar(t, URL_PAGINA, admin, { intent: 'borrar', dniBorrado: '30444555' });
    expect(sinConfirmar.statusCode).toBe(400);
    expect(textoDe(sinConfirmar.body)).toContain('Escribí de nuevo el DNI para confirmar que querés borrar sus datos.');
    expect(sinConfirmar.body).toMatch(/<a href="#confirmacion">Repetí el DNI(<!-- -->)?: /);
    const otro = await enviar(t, URL_PAGINA, admin, { intent: 'borrar', dniBorrado: '30444555', confirmacion: '30444556' });
    expect(otro.statusCode).toBe(400);
    expect(textoDe(otro.body)).toContain('Los dos DNI no coinciden');
    const malo = await enviar(t, URL_PAGINA, admin, { intent: 'borrar', dniBorrado: '30-444', confirmacion: '30-444' });
    expect(malo.statusCode).toBe(400);
    expect(textoDe(malo.body)).toContain('Ingresá un DNI de 7 u 8 números');
    const [intacta] = await t.database.db.select().from(solicitudesDecreto).where(eq(solicitudesDecreto.codigo, codigo));
    expect(intacta?.nombre).toBe('Marta Ñancucheo');
    expect(intacta?.anonimizadaEn).toBeNull();

    // The DNI written with dots in one field and without in the other is the same DNI.
    const res = await enviar(t, URL_PAGINA, admin, { intent: 'borrar', dniBorrado: '30.444.555', confirmacion: '30444555' });
    expect(res.statusCode).toBe(200);
    expect(res.body).toMatch(/<div class="aviso aviso--exito" role="status" tabindex="-1">Borramos los datos personales de 1 solicitud \(SD-/);
    expect(res.body).toContain(codigo);
    const [borrada] = await t.database.db.select().from(solicitudesDecreto).where(eq(solicitudesDecreto.codigo, codigo));
    expect(borrada).toMatchObject({ nombre: 'Anónimo', dni: '', email: '', dniHuella: null, estado: 'rechazada' });
    expect(borrada?.anonimizadaEn).not.toBeNull();
    expect(await ultimaAuditoria('datos_personales.borrado')).toMatchObject({ actorEmail: ADMIN.email, despues: { solicitudes: [codigo] } });
    // The fields are empty again after it.
    expect(res.body).not.toContain('value="30.444.555"');

    const otraVez = await enviar(t, URL_PAGINA, admin, { intent: 'borrar', dniBorrado: '30444555', confirmacion: '30444555' });
    expect(otraVez.statusCode).toBe(200);
    expect(textoDe(otraVez.body)).toContain('No hay solicitudes con ese DNI: no había datos que borrar.');
  });

  it('las suscripciones a alertas de las direcciones de sus solicitudes: la exportación las lista y el borrado las quita', async () => {
    const dni = '31.222.444';
    await createSolicitud(t.context, { dni, nombre: 'Inés Quilapán', email: 'Ines.Q@correo.test', numero: '12/2022' });
    await createSolicitud(t.context, { dni, nombre: 'Inés Quilapán', email: 'ines@trabajo.test', numero: '13/2022' });
    const alta = (email: string, tipo: string) => suscribir(t.context, { tipo, email, frecuencia: 'inmediata', estado: '-1' });
    expect(await alta('ines.q@correo.test', 'boletines')).toEqual({ tipo: 'enviada' });
    expect(await alta('INES@trabajo.test', 'ordenanzas')).toEqual({ tipo: 'enviada' });
    expect(await alta('vecino@correo.test', 'boletines')).toEqual({ tipo: 'enviada' });

    const res = await enviar(t, URL_PAGINA, admin, { intent: 'exportar', dni });
    expect(res.statusCode).toBe(200);
    const datos = JSON.parse(res.body) as { alertas: { email: string; tipo: string; estado: string }[] };
    expect(datos.alertas).toEqual([
      expect.objectContaining({ email: 'ines.q@correo.test', tipo: 'boletines', estado: 'pendiente' }),
      expect.objectContaining({ email: 'INES@trabajo.test', tipo: 'ordenanzas', estado: 'pendiente' }),
    ]);
    expect(res.body).not.toContain('vecino@correo.test');
    expect(res.body).not.toMatch(/"token/);

    const borrado = await enviar(t, URL_PAGINA, admin, { intent: 'borrar', dniBorrado: dni, confirmacion: dni });
    expect(borrado.statusCode).toBe(200);
    expect(textoDe(borrado.body)).toContain('También borramos las 2 suscripciones a alertas por correo de esas direcciones.');
    const quedan = await t.database.db.select().from(suscripcionesAlertas);
    expect(quedan.map((f) => t.context.cipher.open(f.email))).toEqual(expect.not.arrayContaining(['ines.q@correo.test', 'INES@trabajo.test']));
    expect(quedan.map((f) => t.context.cipher.open(f.email))).toContain('vecino@correo.test');
    // Their confirmation mails keep neither the address nor the link.
    const confirmaciones = await t.database.db.select().from(outbox).where(eq(outbox.referencia, 'alerta-confirmacion'));
    const destinatarios = confirmaciones.map((c) => t.context.cipher.open(c.destinatario));
    expect(destinatarios).not.toContain('ines.q@correo.test');
    expect(destinatarios).not.toContain('INES@trabajo.test');
    expect(await ultimaAuditoria('datos_personales.borrado')).toMatchObject({ despues: { alertas: 2 } });
    const despues = JSON.parse((await enviar(t, URL_PAGINA, admin, { intent: 'exportar', dni })).body) as { alertas: unknown[] };
    expect(despues.alertas).toEqual([]);
  });

  it('conservación: muestra el ajuste, valida de 30 a 3650 días y guarda el cambio con su auditoría', async () => {
    expect(textoDe((await ver(t, URL_PAGINA, admin)).body)).toContain('Hoy: 365 días');
    for (const [dias, mensaje] of [
      ['29', 'Los datos se conservan al menos 30 días después de cerrar la solicitud.'],
      ['3651', 'Los datos se conservan como mucho 3650 días (10 años)'],
      ['', 'Escribí la cantidad de días como un número entero, entre 30 y 3650.'],
      ['90.5', 'Escribí la cantidad de días como un número entero, entre 30 y 3650.'],
      ['-40', 'Escribí la cantidad de días como un número entero, entre 30 y 3650.'],
      ['99999999999999999999', 'Escribí la cantidad de días como un número entero, entre 30 y 3650.'],
    ] as const) {
      const res = await enviar(t, URL_PAGINA, admin, { intent: 'retencion', dias });
      expect(res.statusCode, dias).toBe(400);
      expect(res.body).toMatch(/<a href="#dias">Días de conservación(<!-- -->)?: /);
      expect(textoDe(res.body), dias).toContain(mensaje);
    }
    expect((await getSiteSettings(t.database.db)).retencionSolicitudesDias).toBe(365);

    const res = await enviar(t, URL_PAGINA, admin, { intent: 'retencion', dias: ' 180 ' });
    expect(res.statusCode).toBe(200);
    expect(textoDe(res.body)).toContain('Guardamos el plazo de conservación: 180 días (antes, 365).');
    expect(textoDe(res.body)).toContain('Hoy: 180 días');
    expect((await getSiteSettings(t.database.db)).retencionSolicitudesDias).toBe(180);
    expect(await ultimaAuditoria('ajuste.retencion')).toMatchObject({
      actorEmail: ADMIN.email,
      entidad: 'ajuste_sitio',
      entidadId: 'retencionSolicitudesDias',
      antes: { dias: 365 },
      despues: { dias: 180 },
    });
    await enviar(t, URL_PAGINA, admin, { intent: 'retencion', dias: '365' });
    expect((await getSiteSettings(t.database.db)).retencionSolicitudesDias).toBe(365);
  });

  it('lo hostil recibe 4xx en castellano, nunca 5xx', async () => {
    const posts: [Record<string, string> | string, number, string][] = [
      [{ intent: 'olvidar', dni: '20111222' }, 400, 'No entendimos qué querías hacer'],
      [{ dni: '20111222' }, 400, 'No entendimos qué querías hacer'],
      ['intent=exportar&dni=2011%002', 400, 'bytes nulos'],
      ['intent=borrar&dniBorrado=20111222&confirmacion=20111222%00', 400, 'bytes nulos'],
    ];
    for (const [campos, status, texto] of posts) {
      const res = await enviar(t, URL_PAGINA, admin, campos);
      expect(res.statusCode, JSON.stringify(campos)).toBe(status);
      expect(res.headers['content-disposition']).toBeUndefined();
      expect(textoDe(res.body)).toContain(texto);
    }
    const enorme = await enviar(t, URL_PAGINA, admin, `intent=exportar&dni=${'1'.repeat(2 * 1024 * 1024)}`);
    expect(enorme.statusCode).toBe(413);
    // A post from another site never gets a file.
    const ajeno = await t.app.inject({
      method: 'POST',
      url: URL_PAGINA,
      headers: { 'content-type': 'application/x-www-form-urlencoded', origin: 'https://otro.sitio', cookie: `__Host-vla_sesion=${admin}` },
      payload: 'intent=exportar&dni=28765432',
    });
    expect(ajeno.statusCode).toBe(403);
    expect(ajeno.headers['content-disposition']).toBeUndefined();
    const borrados = await t.database.db
      .select()
      .from(auditoria)
      .where(and(eq(auditoria.accion, 'datos_personales.exportacion'), eq(auditoria.actorEmail, EDITOR.email)));
    expect(borrados).toEqual([]);
  });
});
