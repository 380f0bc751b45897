// The official bulletins in the back-office over HTTP on the built app: who may use
// them; uploading one (multipart, as a browser sends it) and seeing it at once on the public page
// (served from the render cache), in the feed and in the sitemap; Spanish messages for every
// mistake, a repeated number among them; a fake PDF and an oversized body refused with nothing
// stored; editing, replacing the PDF and deleting, each audited, the old document links then
// explaining that they were withdrawn; and an image's web size and thumbnail on the download route.
import { and, count, eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { generarPng } from '#db/factories/imagen.ts';
import { generarPdf } from '#db/factories/pdf.ts';
import { auditoria, boletinesOficiales, documentos } from '#db/schema/index.ts';
import { TIPOS_IMAGEN, saveSubida } from '#domain/documentos/subidas.ts';
import { purgarRetirados } from '#domain/sitio/retirados.ts';
import { TEST_SITE_URL, type TestApp, createTestApp } from '#tests/setup/app.ts';
import { archivosEn, subirFormulario } from '#tests/setup/subidas.ts';
import { engines } from '#tests/setup/database.ts';
import { ADMIN, EDITOR, MESA, enviar, ingresar, textoDe, ver } from '#tests/setup/panel.ts';

/** A small UPLOAD_MAX_BYTES for this file: 300 000 bytes («293 KB»), so oversized bodies stay cheap. */
const LIMITE = 300_000;
const MENSAJE_GRANDE = 'El archivo supera los 293 KB permitidos';

const archivo = (bytes: Uint8Array, nombre = 'boletin.pdf') => new File([new Uint8Array(bytes)], nombre, { type: 'application/pdf' });
const pdf = (titulo: string) => generarPdf({ titulo, parrafos: ['Ordenanzas, decretos y resoluciones del mes.'] });

describe.each(engines)('/admin/boletines (%s)', (engine) => {
  let t: TestApp;
  let admin: string;
  let editor: string;
  let mesa: string;

  beforeAll(async () => {
    t = await createTestApp(engine, { env: { UPLOAD_MAX_BYTES: String(LIMITE) } });
    [admin, editor, mesa] = await Promise.all([ingresar(t, ADMIN), ingresar(t, EDITOR), ingresar(t, MESA)]);
  });
  afterAll(() => t?.close());

  const subir = (url: string, sesion: string | null, campos: [string, string | File][]) => subirFormulario(t, url, sesion, campos);
  const alta = async (numero: string, mes: string, anio: string, bytes?: Uint8Array, sesion = editor) =>
    subir('/admin/boletines', sesion, [
      ['numero', numero],
      ['mes', mes],
      ['anio', anio],
      ['archivo', archivo(bytes ?? (await pdf(`BOLETÍN OFICIAL N° ${numero}`)))],
    ]);
  const boletin = async (numero: number, anio: number) =>
    (
      await t.database.db
        .select()
        .from(boletinesOficiales)
        .where(and(eq(boletinesOficiales.numeroBoletinOficial, numero), eq(boletinesOficiales.anio, anio)))
    )[0];
  const foto = async () => ({
    boletines: (await t.database.db.select({ n: count() }).from(boletinesOficiales))[0]!.n,
    documentos: (await t.database.db.select({ n: count() }).from(documentos))[0]!.n,
    archivos: archivosEn(t.storage.root),
  });
  const auditado = async (accion: string, id: number) =>
    (
      await t.database.db
        .select()
        .from(auditoria)
        .where(and(eq(auditoria.accion, accion), eq(auditoria.entidadId, String(id))))
    ).length;
  const publica = async () => {
    const res = await t.app.inject({ url: '/boletines-oficiales' });
    expect(res.statusCode).toBe(200);
    return textoDe(res.body);
  };
  const feed = async () => (await t.app.inject({ url: '/feeds/boletines.xml' })).body;

  it('sólo editores y administradores; la mesa de entradas ve el 403 del spec; sin sesión, a /login; el menú lo ofrece a quien puede', async () => {
    for (const url of ['/admin/boletines', `/admin/boletines/${(await t.database.db.select().from(boletinesOficiales).limit(1))[0]!.id}`]) {
      for (const sesion of [editor, admin]) {
        const res = await ver(t, url, sesion);
        expect(res.statusCode, url).toBe(200);
        expect(res.headers['cache-control']).toBe('no-store');
      }
      const prohibida = await ver(t, url, mesa);
      expect(prohibida.statusCode).toBe(403);
      expect(prohibida.body).toContain('No tenés permiso para ver esta página');
      const anonima = await ver(t, url);
      expect(anonima.statusCode).toBe(302);
      expect(anonima.headers.location).toBe(`/login?siguiente=${encodeURIComponent(url)}`);
    }
    const antes = await foto();
    expect((await alta('990', '3', '2026', undefined, mesa)).statusCode).toBe(403);
    expect(await foto()).toEqual(antes);
    expect((await ver(t, '/admin', editor)).body).toMatch(/<a[^>]*href="\/admin\/boletines"[^>]*>Boletines<\/a>/);
    expect((await ver(t, '/admin', mesa)).body).not.toContain('href="/admin/boletines"');
  });

  it('la lista: búsqueda por número o año, orden por número o fecha, páginas, y errores de la búsqueda en castellano', async () => {
    const todos = textoDe((await ver(t, '/admin/boletines', editor)).body);
    expect(todos).toMatch(/\d+ boletines/);
    expect(todos).toContain('Página 1 de');
    const buscado = textoDe((await ver(t, '/admin/boletines?texto=324', editor)).body);
    expect(buscado).toContain('1 boletín');
    expect(buscado).toContain('Boletín Oficial N° 324 - Octubre 2026');
    const porNumero = (await ver(t, '/admin/boletines?orden=numero-asc', editor)).body;
    // Each title is in the table and again in the page's hydration data: the table's, once each.
    const numeros = [...new Set([...porNumero.matchAll(/Boletín Oficial N° (\d+) - /g)].map((m) => Number(m[1])))];
    expect(numeros.length).toBeGreaterThan(1);
    expect(numeros).toEqual([...numeros].sort((a, b) => a - b));
    const malo = await ver(t, '/admin/boletines?orden=cualquiera&pagina=x', editor);
    expect(malo.statusCode).toBe(400);
    expect(textoDe(malo.body)).toContain('Elegí un orden de la lista.');
  });

  it('subir un boletín: 303 a su página, auditado, y enseguida en /boletines-oficiales (de la caché), en el feed y en el sitemap', async () => {
    // The public page is in the render cache before the upload.
    expect(await publica()).not.toContain('Boletín Oficial N° 901 - Marzo 2026');
    expect((await t.app.inject({ url: '/boletines-oficiales' })).headers['x-cache']).toBe('hit');

    const res = await alta('901', '3', '2026');
    expect(res.statusCode, textoDe(res.body).slice(0, 400)).toBe(303);
    const fila = (await boletin(901, 2026))!;
    expect(res.headers.location).toBe(`/admin/boletines/${fila.id}?aviso=alta`);
    expect(fila).toMatchObject({ mes: 3, usuarioCreacion: expect.any(String) });
    expect(await auditado('boletin.alta', fila.id)).toBe(1);
    const pagina = textoDe((await ver(t, res.headers.location!, editor)).body);
    expect(pagina).toContain('Publicamos el boletín');
    expect(pagina).toContain('boletin.pdf (PDF,');

    expect(await publica()).toContain('Boletín Oficial N° 901 - Marzo 2026');
    expect(await feed()).toContain(`<title type="html"><![CDATA[Boletín Oficial N° 901 - Marzo 2026]]></title>`);
    const sitemap = (await t.app.inject({ url: '/sitemap.xml' })).body;
    const hoy = new Date().toISOString().slice(0, 10);
    expect(sitemap).toContain(`<loc>${TEST_SITE_URL}/boletines-oficiales</loc><lastmod>${hoy}</lastmod>`);
    const descarga = await t.app.inject({ url: `/api/v1/documentos/${fila.documentoId}` });
    expect(descarga.statusCode).toBe(200);
    expect(descarga.headers['content-type']).toBe('application/pdf');
    expect(descarga.headers['content-disposition']).toContain('boletin.pdf');
  });

  it('errores en castellano, con lo escrito de vuelta; un número repetido en el año se rechaza', async () => {
    const antes = await foto();
    const vacio = await subir('/admin/boletines', editor, [
      ['numero', 'abc'],
      ['mes', '13'],
      ['anio', '26'],
      ['archivo', new File([], '')],
    ]);
    expect(vacio.statusCode).toBe(400);
    const texto = textoDe(vacio.body);
    expect(texto).toContain('Error: ');
    expect(texto).toContain('Escribí el número del boletín, por ejemplo 325.');
    expect(texto).toContain('Elegí el mes del boletín.');
    expect(texto).toContain('Escribí el año del boletín con cuatro cifras, por ejemplo 2026.');
    expect(texto).toContain('Elegí el PDF del boletín.');
    expect(vacio.body).toContain('value="abc"');

    expect((await alta('902', '4', '2026')).statusCode).toBe(303);
    const despues = await foto();
    const repetido = await alta('902', '5', '2026');
    expect(repetido.statusCode).toBe(400);
    expect(textoDe(repetido.body)).toContain('Ya hay un Boletín Oficial N° 902 de 2026');
    expect(await foto()).toEqual(despues);
    // The same number in another year is another bulletin.
    expect((await alta('902', '1', '2027')).statusCode).toBe(303);
    expect(antes.boletines + 2).toBe((await foto()).boletines);
  });

  it('un .pdf que es una página HTML o un programa se rechaza diciendo qué es, sin guardar nada', async () => {
    const antes = await foto();
    const html = new TextEncoder().encode('<!doctype html><html><body><script>alert(1)</script></body></html>');
    const exe = new Uint8Array(2048);
    exe.set([0x4d, 0x5a]);
    exe[0x3c] = 0x80;
    exe.set([0x50, 0x45, 0, 0], 0x80);
    for (const [bytes, mensaje] of [
      [html, 'El archivo es una página web (HTML), no un PDF'],
      [exe, 'El archivo es un programa ejecutable de Windows, no un PDF'],
    ] as const) {
      const res = await alta('903', '6', '2026', bytes);
      expect(res.statusCode).toBe(400);
      expect(textoDe(res.body)).toContain(mensaje);
      // What was typed stays.
      expect(res.body).toContain('value="903"');
    }
    expect(await foto()).toEqual(antes);
  });

  it('un cuerpo más grande que UPLOAD_MAX_BYTES: 413 en castellano sin guardar nada; otros roles, 403 antes de leerlo', async () => {
    const antes = await foto();
    const grande = await alta('904', '7', '2026', new Uint8Array(LIMITE + 100 * 1024));
    expect(grande.statusCode).toBe(413);
    expect(grande.headers['content-type']).toMatch(/^text\/html/);
    expect(textoDe(grande.body)).toContain(MENSAJE_GRANDE);
    // Just over the file's limit, inside the form's allowance: the pipeline says the same.
    const justo = await alta('904', '7', '2026', new Uint8Array(LIMITE + 1));
    expect(justo.statusCode).toBe(400);
    expect(textoDe(justo.body)).toContain(MENSAJE_GRANDE);
    // The larger allowance is only for editors and administrators.
    for (const sesion of [mesa, null]) {
      const res = await subir('/admin/boletines', sesion, [['archivo', archivo(new Uint8Array(2 * 1024 * 1024))]]);
      expect(res.statusCode).toBe(403);
      expect(textoDe(res.body)).toContain('Para subir un boletín oficial tenés que haber ingresado al panel con un usuario editor o de administración');
    }
    expect(await foto()).toEqual(antes);
  });

  it('por un socket de verdad: el cuerpo grande se corta con 413 mientras llega y el servidor sigue atendiendo', async () => {
    const direccion = await t.app.listen({ port: 0, host: '127.0.0.1' });
    const antes = await foto();
    const form = new FormData();
    form.append('numero', '905');
    form.append('mes', '8');
    form.append('anio', '2026');
    form.append('archivo', archivo(new Uint8Array(4 * 1024 * 1024)));
    const res = await fetch(`${direccion}/admin/boletines`, {
      method: 'POST',
      body: form,
      redirect: 'manual',
      headers: { origin: TEST_SITE_URL, cookie: `__Host-vla_sesion=${editor}` },
    });
    expect(res.status).toBe(413);
    expect(textoDe(await res.text())).toContain(MENSAJE_GRANDE);
    expect(await foto()).toEqual(antes);
    expect((await fetch(`${direccion}/health/ready`)).status).toBe(200);
  });

  it('editar los datos y reemplazar el PDF: auditado; el enlace del PDF viejo dice que fue reemplazado', async () => {
    expect((await alta('910', '9', '2026')).statusCode).toBe(303);
    const fila = (await boletin(910, 2026))!;
    const url = `/admin/boletines/${fila.id}`;
    const sinCambios = await subir(url, editor, [
      ['intent', 'editar'],
      ['numero', '910'],
      ['mes', '9'],
      ['anio', '2026'],
      ['archivo', new File([], '')],
    ]);
    expect(sinCambios.statusCode).toBe(303);
    expect(sinCambios.headers.location).toBe(`${url}?aviso=sin-cambios`);
    const cambio = await subir(url, editor, [
      ['intent', 'editar'],
      ['numero', '910'],
      ['mes', '10'],
      ['anio', '2026'],
      ['archivo', new File([], '')],
    ]);
    expect(cambio.headers.location).toBe(`${url}?aviso=cambio`);
    expect((await boletin(910, 2026))!.mes).toBe(10);
    expect(await publica()).toContain('Boletín Oficial N° 910 - Octubre 2026');

    const antes = await foto();
    const reemplazo = await subir(url, editor, [
      ['intent', 'editar'],
      ['numero', '910'],
      ['mes', '10'],
      ['anio', '2026'],
      ['archivo', archivo(await pdf('BOLETÍN OFICIAL N° 910 CORREGIDO'), 'corregido.pdf')],
    ]);
    expect(reemplazo.statusCode).toBe(303);
    const nuevo = (await boletin(910, 2026))!;
    expect(nuevo.documentoId).not.toBe(fila.documentoId);
    expect(await auditado('boletin.cambio', fila.id)).toBe(2);
    // One document in, one out; the old file removed.
    expect((await foto()).documentos).toBe(antes.documentos);
    expect((await foto()).archivos).toHaveLength(antes.archivos.length);
    const viejo = await t.app.inject({ url: `/api/v1/documentos/${fila.documentoId}`, headers: { accept: 'text/html' } });
    expect(viejo.statusCode).toBe(410);
    expect(textoDe(viejo.body)).toMatch(
      /Este documento fue retirado el \d+ de \w+ de \d{4}: Boletín Oficial N° 910 - Octubre 2026 \(reemplazado por un PDF nuevo\)\./,
    );
    expect((await t.app.inject({ url: `/api/v1/documentos/${nuevo.documentoId}` })).headers['content-disposition']).toContain('corregido.pdf');

    // A fake PDF as the replacement changes nothing.
    const falso = await subir(url, editor, [
      ['intent', 'editar'],
      ['numero', '910'],
      ['mes', '11'],
      ['anio', '2026'],
      ['archivo', archivo(new TextEncoder().encode('<html></html>'))],
    ]);
    expect(falso.statusCode).toBe(400);
    expect((await boletin(910, 2026))!).toMatchObject({ mes: 10, documentoId: nuevo.documentoId });
  });

  it('borrar pide confirmación; borrado, sale de la página, del feed y del sitemap sigue la fecha; su enlace dice que fue retirado', async () => {
    expect((await alta('920', '11', '2026')).statusCode).toBe(303);
    const fila = (await boletin(920, 2026))!;
    const url = `/admin/boletines/${fila.id}`;
    const paso = textoDe((await ver(t, `${url}?paso=borrar`, editor)).body);
    expect(paso).toContain('¿Borrar el Boletín Oficial N° 920 - Noviembre 2026?');
    const sinConfirmar = await enviar(t, url, editor, { intent: 'borrar' });
    expect(sinConfirmar.statusCode).toBe(400);
    expect(textoDe(sinConfirmar.body)).toContain('confirmalo en la página que lo pregunta');
    expect(await boletin(920, 2026)).toBeDefined();
    expect(await publica()).toContain('Boletín Oficial N° 920 - Noviembre 2026');

    const archivosAntes = archivosEn(t.storage.root).length;
    const borrado = await enviar(t, url, editor, { intent: 'borrar', confirmado: 'si' });
    expect(borrado.statusCode).toBe(303);
    expect(borrado.headers.location).toBe('/admin/boletines?aviso=borrado');
    expect(await boletin(920, 2026)).toBeUndefined();
    expect(await auditado('boletin.baja', fila.id)).toBe(1);
    expect(archivosEn(t.storage.root)).toHaveLength(archivosAntes);
    expect(await publica()).not.toContain('Boletín Oficial N° 920');
    expect(await feed()).not.toContain('Boletín Oficial N° 920');
    expect((await ver(t, url, editor)).statusCode).toBe(404);

    const html = await t.app.inject({ url: `/api/v1/documentos/${fila.documentoId}`, headers: { accept: 'text/html' } });
    expect(html.statusCode).toBe(410);
    expect(html.headers['content-type']).toMatch(/^text\/html/);
    expect(textoDe(html.body)).toMatch(/Este documento fue retirado el \d+ de \w+ de \d{4}: Boletín Oficial N° 920 - Noviembre 2026\./);
    const json = await t.app.inject({ url: `/api/v1/documentos/${fila.documentoId}` });
    expect(json.statusCode).toBe(410);
    expect(JSON.parse(json.body).error).toContain('Boletín Oficial N° 920 - Noviembre 2026');
    // The PDF stays stored, hidden, for 90 days (docs/decisions/054-retirados-restaurables.md); the purge on day 91 removes it.
    await purgarRetirados({ ...t.context, clock: { now: () => new Date(Date.now() + 91 * 24 * 3600_000) } });
    expect(archivosEn(t.storage.root)).toHaveLength(archivosAntes - 1);
    expect((await t.app.inject({ url: `/api/v1/documentos/${fila.documentoId}` })).statusCode).toBe(410);
    // A number that is free again can be used.
    expect((await alta('920', '11', '2026')).statusCode).toBe(303);
  });

  it('una imagen guardada con el proceso de subidas se descarga en tamaño web y miniatura (WebP); un PDF no tiene esas copias', async () => {
    const foto = await sharp(generarPng({ ancho: 2400, alto: 1200, cielo: [120, 170, 230], montana: [60, 90, 60], lago: [30, 80, 160], semilla: 5 }))
      .jpeg()
      .toBuffer();
    const doc = await saveSubida(t.context, { data: new Uint8Array(foto), nombreArchivo: 'lago.jpg' }, { tipos: TIPOS_IMAGEN }, async (_tx, d) => d);
    for (const [tamano, ancho] of [
      ['web', 1600],
      ['miniatura', 320],
    ] as const) {
      const res = await t.app.inject({ url: `/api/v1/documentos/${doc.id}?tamano=${tamano}` });
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toBe('image/webp');
      expect(res.headers['content-disposition']).toContain(tamano === 'web' ? 'lago.webp' : 'lago-miniatura.webp');
      expect((await sharp(res.rawPayload).metadata()).width).toBe(ancho);
    }
    expect((await t.app.inject({ url: `/api/v1/documentos/${doc.id}` })).headers['content-type']).toBe('image/jpeg');
    const fila = (await boletin(901, 2026))!;
    expect((await t.app.inject({ url: `/api/v1/documentos/${fila.documentoId}?tamano=web` })).statusCode).toBe(404);
  });
});
