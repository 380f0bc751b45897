// Drafts and scheduled publications over HTTP on the built app, both engines
// (docs/decisions/053-borradores-y-publicacion-programada.md): a draft is invisible on the public
// page, the API, the feed, the sitemap and the search; its preview is staff-only, shows the public
// page with a banner and is never cached; the scheduler publishes it once at its time, after which
// search and alerts find it; a past or garbage time and an invalid draft are refused with their
// Spanish errors, keeping what was typed; a draft whose number was taken meanwhile fails with its
// reason and writes nothing; a discarded draft's hidden file is removed.
import fs from 'node:fs';
import { and, count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { generarPdf } from '#db/factories/pdf.ts';
import { areasMunicipales, auditoria, documentos, ordenanzas, publicacionesPendientes, usuarios } from '#db/schema/index.ts';
import { ordenanzasNuevas, ultimaOrdenanzaId } from '#domain/ordenanzas/queries.ts';
import { publicarVencidas } from '#domain/publicaciones/commands.ts';
import { MENSAJES_FECHA } from '#domain/publicaciones/controles.ts';
import { MINUTO, relojManual } from '#tests/factories/usuarios.ts';
import { TEST_SITE_URL, type TestApp, createTestApp } from '#tests/setup/app.ts';
import { engines } from '#tests/setup/database.ts';
import { ADMIN, EDITOR, MESA, enviar, ingresar, textoDe, ver } from '#tests/setup/panel.ts';

// The manual clock starts at 2026-03-10T15:00Z, 12:00 in Argentina.
const EN_DIEZ_MINUTOS = '2026-03-10T12:10';

describe.each(engines)('borradores y publicación programada (%s)', (engine) => {
  let t: TestApp;
  let admin: string;
  let editor: string;
  let mesa: string;
  const reloj = relojManual();

  beforeAll(async () => {
    t = await createTestApp(engine, { clock: reloj });
    [admin, editor, mesa] = await Promise.all([ingresar(t, ADMIN), ingresar(t, EDITOR), ingresar(t, MESA)]);
  });
  afterAll(() => t?.close());

  const ordenanza = (numero: number, palabra: string, control: Record<string, string>) => ({
    intent: 'guardar',
    numero: String(numero),
    anio: '2026',
    estado: '2',
    fechaEmision: '',
    descripcion: `Programa ${palabra} de la villa`,
    expediente: '',
    modifica: '',
    ...control,
  });
  const pendiente = async (id: number) => (await t.database.db.select().from(publicacionesPendientes).where(eq(publicacionesPendientes.id, id)))[0];
  const filas = async (numero: number) =>
    (
      await t.database.db
        .select({ n: count() })
        .from(ordenanzas)
        .where(and(eq(ordenanzas.numero, numero), eq(ordenanzas.anio, 2026)))
    )[0]!.n;
  const idDe = (res: { headers: Record<string, unknown> }) => Number(/\/admin\/publicaciones\/(\d+)/.exec(String(res.headers.location))?.[1]);

  /** Every public place an ordinance appears: its page, the API, the feed, the sitemap and the site search. */
  async function publico(numero: number, palabra: string) {
    const [pagina, api, feed, sitemap, buscar] = await Promise.all([
      t.app.inject({ url: `/consulta-ordenanzas/2026/${numero}` }),
      t.app.inject({ url: `/api/v1/ordenanzas?pattern=${palabra}` }),
      t.app.inject({ url: '/feeds/ordenanzas.xml' }),
      t.app.inject({ url: '/sitemap.xml' }),
      t.app.inject({ url: `/buscar?q=${palabra}` }),
    ]);
    return {
      pagina: pagina.statusCode,
      api: new RegExp(`"numero":${numero}[,}]`, 'i').test(api.body),
      feed: feed.body.includes(palabra),
      sitemap: sitemap.body.includes(`/consulta-ordenanzas/2026/${numero}<`),
      // The page repeats the words searched for: a result is its link.
      buscar: buscar.body.includes(`href="/consulta-ordenanzas/2026/${numero}"`),
    };
  }
  const nadaPublico = { pagina: 404, api: false, feed: false, sitemap: false, buscar: false };

  it('un borrador no se ve en ningún lado; la vista previa es del personal, con aviso, noindex y sin caché', async () => {
    const res = await enviar(t, '/admin/ordenanzas/nueva', editor, ordenanza(9101, 'arrayanesborrador', { publicacion: 'borrador' }));
    expect(res.statusCode).toBe(303);
    const id = idDe(res);
    expect((await pendiente(id))?.estado).toBe('borrador');
    expect(await filas(9101)).toBe(0);
    expect(await publico(9101, 'arrayanesborrador')).toEqual(nadaPublico);

    const lista = await ver(t, '/admin/publicaciones', editor);
    expect(lista.statusCode).toBe(200);
    expect(textoDe(lista.body)).toContain('Ordenanza 9101/2026: Programa arrayanesborrador de la villa');
    const inicio = textoDe((await ver(t, '/admin', editor)).body);
    expect(inicio).toMatch(/Borradores \d+ (Un borrador espera|\d+ borradores esperan)/);

    const url = `/admin/publicaciones/${id}/vista-previa`;
    const anonima = await ver(t, url);
    expect(anonima.statusCode).toBe(302);
    expect(anonima.headers.location).toContain('/login');
    expect((await ver(t, url, mesa)).statusCode).toBe(403);
    for (let i = 0; i < 2; i++) {
      const vista = await ver(t, url, editor);
      expect(vista.statusCode).toBe(200);
      expect(vista.headers['cache-control']).toBe('no-store');
      expect(vista.headers['x-robots-tag']).toBe('noindex');
      expect(vista.headers['x-cache']).not.toBe('hit');
      expect(vista.body).toContain('<meta name="robots" content="noindex"/>');
      expect(textoDe(vista.body)).toContain('Vista previa: todavía no está publicado.');
      expect(textoDe(vista.body)).toContain('Ordenanza N° 9101/2026');
      expect(textoDe(vista.body)).toContain('Programa arrayanesborrador de la villa');
    }
    // The preview's transaction was rolled back: still nothing public, nothing written.
    expect(await filas(9101)).toBe(0);
    expect(await publico(9101, 'arrayanesborrador')).toEqual(nadaPublico);

    // Edited in its own form, then published now: visible everywhere, once.
    const form = await ver(t, `/admin/ordenanzas/nueva?borrador=${id}`, editor);
    expect(form.statusCode).toBe(200);
    expect(form.body).toContain('value="9101"');
    const publicada = await enviar(
      t,
      `/admin/ordenanzas/nueva?borrador=${id}`,
      editor,
      ordenanza(9101, 'arrayanesborrador', { publicacion: 'ahora', borrador: String(id), descripcion: 'Programa arrayanesborrador de la villa, revisado' }),
    );
    expect(publicada.statusCode).toBe(303);
    expect(publicada.headers.location).toMatch(/^\/admin\/ordenanzas\/\d+\?aviso=alta$/);
    expect(await filas(9101)).toBe(1);
    expect((await pendiente(id))?.estado).toBe('publicada');
    expect(await publico(9101, 'arrayanesborrador')).toEqual({ pagina: 200, api: true, feed: true, sitemap: true, buscar: true });
  });

  it('programada: el trabajo la publica a su hora una sola vez aunque corra dos veces a la par; después la encuentran el buscador y las alertas', async () => {
    const marca = await ultimaOrdenanzaId(t.database.db);
    const res = await enviar(
      t,
      '/admin/ordenanzas/nueva',
      editor,
      ordenanza(9102, 'coihueprogramada', { publicacion: 'programar', publicarEn: EN_DIEZ_MINUTOS }),
    );
    expect(res.statusCode).toBe(303);
    const id = idDe(res);
    expect(await pendiente(id)).toMatchObject({ estado: 'programada', publicarEn: new Date('2026-03-10T15:10:00Z') });
    expect(await publicarVencidas(t.context)).toBe(0);
    expect(await publico(9102, 'coihueprogramada')).toEqual(nadaPublico);

    reloj.avanzar(11 * MINUTO);
    const corridas = await Promise.all([publicarVencidas(t.context), publicarVencidas(t.context)]);
    expect(corridas.reduce((a, b) => a + b, 0)).toBe(1);
    expect(await filas(9102)).toBe(1);
    expect((await pendiente(id))?.estado).toBe('publicada');
    const auditadas = await t.database.db
      .select({ n: count() })
      .from(auditoria)
      .where(and(eq(auditoria.accion, 'publicacion.publicada'), eq(auditoria.entidadId, String(id))));
    expect(auditadas[0]!.n).toBe(1);
    expect(await publico(9102, 'coihueprogramada')).toEqual({ pagina: 200, api: true, feed: true, sitemap: true, buscar: true });
    // The alerts job looks for ordinances after each subscription's mark with the public search's conditions.
    const nuevas = await ordenanzasNuevas(
      t.database.db,
      { estado: -1, pattern: 'coihueprogramada' },
      { desdeId: marca, hastaId: await ultimaOrdenanzaId(t.database.db) },
    );
    expect(nuevas.map((o) => o.numero)).toEqual([9102]);
  });

  it('una fecha pasada, basura o muy lejana es un error en castellano y se conserva lo escrito; nada se guarda', async () => {
    const antes = (await t.database.db.select({ n: count() }).from(publicacionesPendientes))[0]!.n;
    for (const [publicarEn, mensaje] of [
      ['2026-03-10T11:59', MENSAJES_FECHA.pasada],
      ['<script>alert(1)</script>', MENSAJES_FECHA.invalida],
      ['2026-02-30T10:00', MENSAJES_FECHA.invalida],
      ['2099-01-01T10:00', MENSAJES_FECHA.lejana],
      ['', MENSAJES_FECHA.falta],
    ] as const) {
      const res = await enviar(t, '/admin/ordenanzas/nueva', editor, ordenanza(9104, 'lengafecha', { publicacion: 'programar', publicarEn }));
      expect(res.statusCode, publicarEn).toBe(400);
      expect(textoDe(res.body)).toContain(mensaje);
      expect(res.body).toContain('Programa lengafecha de la villa');
      expect(res.body).not.toContain('<script>alert(1)');
    }
    expect((await t.database.db.select({ n: count() }).from(publicacionesPendientes))[0]!.n).toBe(antes);
  });

  it('un borrador que el comando rechazaría se rechaza ya, con sus mensajes; uno cuyo número se ocupó después falla al publicarse sin escribir nada', async () => {
    const [existente] = await t.database.db.select({ numero: ordenanzas.numero, anio: ordenanzas.anio }).from(ordenanzas).limit(1);
    const repetida = await enviar(t, '/admin/ordenanzas/nueva', editor, {
      ...ordenanza(existente!.numero, 'repetida', { publicacion: 'borrador' }),
      anio: String(existente!.anio),
    });
    expect(repetida.statusCode).toBe(400);
    expect(textoDe(repetida.body)).toContain(`Ya hay una ordenanza ${existente!.numero}/${existente!.anio}`);

    const res = await enviar(
      t,
      '/admin/ordenanzas/nueva',
      editor,
      ordenanza(9103, 'maitenocupada', { publicacion: 'programar', publicarEn: '2026-03-10T12:20' }),
    );
    const id = idDe(res);
    expect((await enviar(t, '/admin/ordenanzas/nueva', admin, ordenanza(9103, 'otraocupada', {}))).statusCode).toBe(303);
    reloj.avanzar(11 * MINUTO);
    expect(await publicarVencidas(t.context)).toBe(0);
    const p = await pendiente(id);
    expect(p?.estado).toBe('fallida');
    expect(p?.error).toContain('Ya hay una ordenanza 9103/2026');
    expect(await filas(9103)).toBe(1);
    expect(textoDe((await ver(t, '/admin', editor)).body)).toContain('No se publicaron');
    const pagina = textoDe((await ver(t, `/admin/publicaciones/${id}`, editor)).body);
    expect(pagina).toContain('No se pudo publicar.');
    expect(pagina).toContain('Ya hay una ordenanza 9103/2026');
  });

  it('descartar pide confirmación y borra el archivo oculto, que nunca se pudo descargar', async () => {
    const form = new FormData();
    for (const [k, v] of Object.entries(ordenanza(9105, 'nirrearchivo', { publicacion: 'borrador' }))) form.append(k, v);
    form.append(
      'archivo',
      new File([new Uint8Array(await generarPdf({ titulo: 'ORDENANZA', parrafos: ['Texto nirrearchivo.'] }))], 'o.pdf', { type: 'application/pdf' }),
    );
    const cuerpo = new Response(form);
    const res = await t.app.inject({
      method: 'POST',
      url: '/admin/ordenanzas/nueva',
      headers: { 'content-type': cuerpo.headers.get('content-type')!, origin: TEST_SITE_URL, cookie: `__Host-vla_sesion=${editor}` },
      payload: Buffer.from(await cuerpo.arrayBuffer()),
    });
    expect(res.statusCode).toBe(303);
    const id = idDe(res);
    const p = await pendiente(id);
    const [doc] = await t.database.db.select().from(documentos).where(eq(documentos.id, p!.documentoId!));
    expect(doc?.publico).toBe(false);
    expect(fs.existsSync(`${t.storage.root}/${doc!.clave}`)).toBe(true);
    expect((await t.app.inject({ url: `/api/v1/documentos/${doc!.id}` })).statusCode).toBe(404);

    const paso = await ver(t, `/admin/publicaciones/${id}?paso=descartar`, editor);
    expect(textoDe(paso.body)).toContain('¿Descartar esta publicación pendiente?');
    const sinConfirmar = await enviar(t, `/admin/publicaciones/${id}`, editor, { intent: 'descartar' });
    expect(sinConfirmar.statusCode).toBe(400);
    expect(await pendiente(id)).toBeDefined();
    const hecho = await enviar(t, `/admin/publicaciones/${id}`, editor, { intent: 'descartar', confirmado: 'si' });
    expect(hecho.statusCode).toBe(303);
    expect(await pendiente(id)).toBeUndefined();
    expect(await t.database.db.select().from(documentos).where(eq(documentos.id, doc!.id))).toEqual([]);
    expect(fs.existsSync(`${t.storage.root}/${doc!.clave}`)).toBe(false);
  });

  it('roles y direcciones hostiles: la mesa no entra; un id que no es número o no existe es 404', async () => {
    const res = await enviar(t, '/admin/ordenanzas/nueva', editor, ordenanza(9106, 'ajeno', { publicacion: 'borrador' }));
    const id = idDe(res);
    for (const url of ['/admin/publicaciones', `/admin/publicaciones/${id}`, `/admin/publicaciones/${id}/vista-previa`])
      expect((await ver(t, url, mesa)).statusCode, url).toBe(403);
    expect((await enviar(t, `/admin/publicaciones/${id}`, mesa, { intent: 'publicar' })).statusCode).toBe(403);
    expect(await filas(9106)).toBe(0);
    for (const url of [
      '/admin/publicaciones/abc',
      '/admin/publicaciones/1e3',
      '/admin/publicaciones/99999999999',
      '/admin/publicaciones/999999',
      '/admin/publicaciones/abc/vista-previa',
    ])
      expect((await ver(t, url, admin)).statusCode, url).toBe(404);
    expect((await ver(t, '/admin/ordenanzas/nueva?borrador=abc', editor)).statusCode).toBe(404);
    // Another person's draft, with a role that may edit ordinances: visible and publishable by administration.
    expect((await ver(t, `/admin/publicaciones/${id}`, admin)).statusCode).toBe(200);
  });

  it('Gobierno: el cambio de un área guardado como borrador no se ve en /areas hasta publicarlo', async () => {
    const [area] = await t.database.db.select({ id: areasMunicipales.id }).from(areasMunicipales).limit(1);
    const pagina = await ver(t, `/admin/gobierno/areas/${area!.id}`, editor);
    expect(pagina.body).toContain('Cuándo se publica');
    const version = /name="version" value="([^"]+)"/.exec(pagina.body)![1]!;
    const res = await enviar(t, `/admin/gobierno/areas/${area!.id}`, editor, {
      intent: 'guardar',
      version,
      nombre: 'Área de Cipreses en Borrador',
      domicilio: '',
      telefono: '',
      email: '',
      publicacion: 'borrador',
    });
    expect(res.statusCode).toBe(303);
    const id = idDe(res);
    expect((await t.app.inject({ url: '/areas' })).body).not.toContain('Área de Cipreses en Borrador');
    const vista = await ver(t, `/admin/publicaciones/${id}/vista-previa`, editor);
    expect(vista.statusCode).toBe(200);
    expect(textoDe(vista.body)).toContain('Área de Cipreses en Borrador');
    expect((await t.app.inject({ url: '/areas' })).body).not.toContain('Área de Cipreses en Borrador');
    const publicar = await enviar(t, `/admin/publicaciones/${id}`, editor, { intent: 'publicar' });
    expect(publicar.statusCode).toBe(303);
    expect((await t.app.inject({ url: '/areas' })).body).toContain('Área de Cipreses en Borrador');
    // A draft over a version that changed since: refused by the dry run with the form's conflict message.
    const otra = await enviar(t, `/admin/gobierno/areas/${area!.id}`, editor, { intent: 'guardar', version, nombre: 'Área vieja', publicacion: 'borrador' });
    expect(otra.statusCode).toBe(409);
    expect(textoDe(otra.body)).toContain('Otra persona cambió el área mientras lo editabas.');
  });

  it('la cuenta de quien la programó está desactivada: no se publica y dice por qué', async () => {
    const res = await enviar(
      t,
      '/admin/ordenanzas/nueva',
      editor,
      ordenanza(9107, 'desactivada', { publicacion: 'programar', publicarEn: valorDentroDe(reloj.now(), 5) }),
    );
    expect(res.statusCode).toBe(303);
    const id = idDe(res);
    await t.database.db.update(usuarios).set({ activo: false }).where(eq(usuarios.email, EDITOR.email));
    try {
      reloj.avanzar(6 * MINUTO);
      expect(await publicarVencidas(t.context)).toBe(0);
      const p = await pendiente(id);
      expect(p?.estado).toBe('fallida');
      expect(p?.error).toContain('desactivada');
      expect(await filas(9107)).toBe(0);
    } finally {
      await t.database.db.update(usuarios).set({ activo: true }).where(eq(usuarios.email, EDITOR.email));
    }
  });
});

/** `minutos` after `ahora`, as a datetime-local field of Argentina (UTC-3) writes it. */
function valorDentroDe(ahora: Date, minutos: number): string {
  return new Date(ahora.getTime() + minutos * MINUTO - 3 * 60 * MINUTO).toISOString().slice(0, 16);
}
