// The road observatory in the back-office over HTTP on the built app: who may use it;
// the presentation's hostile HTML never reaching the public page unsanitised; gallery images
// (required alternative text, a photo's GPS data not kept, a fake image refused with nothing
// stored, reordering, editing, deleting → 410); the two lists of PDFs (month and year, a fake PDF
// refused, replacing, deleting → 410); every change audited and on /observatorio-vial at once.
import fs from 'node:fs';
import path from 'node:path';
import { and, count, desc, eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { generarPdf } from '#db/factories/pdf.ts';
import { auditoria, documentos, documentosObservatorio, galeriaImagenes, observatorioVial } from '#db/schema/index.ts';
import { type TestApp, createTestApp } from '#tests/setup/app.ts';
import { engines } from '#tests/setup/database.ts';
import { ADMIN, EDITOR, MESA, ingresar, textoDe, ver } from '#tests/setup/panel.ts';
import { archivosEn, subirFormulario } from '#tests/setup/subidas.ts';
import { purgarRetirados } from '#domain/sitio/retirados.ts';

const archivo = (bytes: Uint8Array, nombre: string, tipo: string) => new File([new Uint8Array(bytes)], nombre, { type: tipo });
/** A JPEG photo with its camera and GPS position in EXIF, as a phone takes it. */
const foto = async () =>
  new Uint8Array(
    await sharp({ create: { width: 900, height: 600, channels: 3, background: { r: 40, g: 120, b: 90 } } })
      .jpeg()
      .withExif({ IFD0: { Make: 'Camara de prueba' }, IFD3: { GPSLatitudeRef: 'S', GPSLatitude: '40/1 45/1 0/1' } })
      .toBuffer(),
  );
describe.each(engines)('/admin/observatorio (%s)', (engine) => {
  let t: TestApp;
  let admin: string;
  let editor: string;
  let mesa: string;

  beforeAll(async () => {
    t = await createTestApp(engine);
    [admin, editor, mesa] = await Promise.all([ingresar(t, ADMIN), ingresar(t, EDITOR), ingresar(t, MESA)]);
  });
  afterAll(() => t?.close());

  const subir = (url: string, sesion: string | null, campos: [string, string | File][]) => subirFormulario(t, url, sesion, campos);
  const existentes = async () => ({
    imagenes: (await t.database.db.select({ n: count() }).from(galeriaImagenes))[0]!.n,
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
    const res = await t.app.inject({ url: '/observatorio-vial' });
    expect(res.statusCode).toBe(200);
    return res.body;
  };
  const ultimaImagen = async () => (await t.database.db.select().from(galeriaImagenes).orderBy(desc(galeriaImagenes.id)).limit(1))[0]!;
  const agregarImagen = async (titulo: string, bytes?: Uint8Array, alt = `Foto de ${titulo}`, sesion = editor) =>
    subir('/admin/observatorio', sesion, [
      ['intent', 'imagen'],
      ['titulo', titulo],
      ['descripcion', 'Una descripción.'],
      ['alt', alt],
      ['archivo', archivo(bytes ?? (await foto()), 'IMG_0001.jpg', 'image/jpeg')],
    ]);

  it('sólo editores y administradores; la mesa de entradas ve 403 y no guarda nada; sin sesión, a /login; Gobierno enlaza la página', async () => {
    const [img] = await t.database.db.select().from(galeriaImagenes).limit(1);
    const [doc] = await t.database.db.select().from(documentosObservatorio).limit(1);
    for (const url of ['/admin/observatorio', `/admin/observatorio/imagenes/${img!.id}`, `/admin/observatorio/documentos/${doc!.id}`]) {
      for (const sesion of [editor, admin]) {
        const res = await ver(t, url, sesion);
        expect(res.statusCode, url).toBe(200);
        expect(res.headers['cache-control']).toBe('no-store');
      }
      expect((await ver(t, url, mesa)).statusCode).toBe(403);
      const anonima = await ver(t, url);
      expect(anonima.statusCode).toBe(302);
      expect(anonima.headers.location).toBe(`/login?siguiente=${encodeURIComponent(url)}`);
    }
    const antes = await existentes();
    expect((await agregarImagen('De la mesa', undefined, 'Algo', mesa)).statusCode).toBe(403);
    expect(await existentes()).toEqual(antes);
    expect((await ver(t, '/admin/gobierno', editor)).body).toContain('href="/admin/observatorio"');
    for (const url of [
      '/admin/observatorio/otra/1',
      '/admin/observatorio/imagenes/0',
      '/admin/observatorio/imagenes/abc',
      '/admin/observatorio/documentos/99999999',
    ]) {
      expect((await ver(t, url, editor)).statusCode, url).toBe(404);
    }
  });

  it('la presentación: el HTML hostil nunca llega a la página; guardada, auditada y en /observatorio-vial al instante', async () => {
    await publica();
    expect((await t.app.inject({ url: '/observatorio-vial' })).headers['x-cache']).toBe('hit');
    // The demo's presentation was saved by the same command: counted from here.
    const cambios = async () => (await t.database.db.select({ n: count() }).from(auditoria).where(eq(auditoria.accion, 'observatorio.cambio')))[0]!.n;
    const cambiosAntes = await cambios();
    const hostil =
      '<p>Presentación <strong>renovada</strong> <a href="https://example.org/x">enlace</a></p>' +
      '<script>alert(1)</script><img src=x onerror="alert(2)"><a href="javascript:alert(3)">mal</a><p style="color:red" onclick="alert(4)">p</p>';
    const res = await subir('/admin/observatorio', editor, [
      ['intent', 'presentacion'],
      ['texto', hostil],
    ]);
    expect(res.statusCode, textoDe(res.body).slice(0, 300)).toBe(303);
    expect(res.headers.location).toBe('/admin/observatorio?aviso=presentacion#presentacion-titulo');
    const html = await publica();
    expect(html).toContain('Presentación <strong>renovada</strong>');
    expect(html).toContain('href="https://example.org/x"');
    for (const malo of ['<script>alert(1)', 'onerror="alert(2)"', 'javascript:alert', 'onclick="alert(4)"', 'style="color:red"'])
      expect(html).not.toContain(malo);
    expect(await cambios()).toBe(cambiosAntes + 1);
    // A new logo: the public page shows it, the old one's address answers 410.
    const [obs] = await t.database.db.select().from(observatorioVial).orderBy(desc(observatorioVial.id)).limit(1);
    const png = await sharp({ create: { width: 480, height: 300, channels: 4, background: '#0a5' } })
      .png()
      .toBuffer();
    const logo = await subir('/admin/observatorio', admin, [
      ['intent', 'presentacion'],
      ['texto', '<p>Presentación con logo nuevo</p>'],
      ['archivo', archivo(new Uint8Array(png), 'logo.png', 'image/png')],
    ]);
    expect(logo.statusCode, textoDe(logo.body).slice(0, 300)).toBe(303);
    const [despues] = await t.database.db.select().from(observatorioVial).where(eq(observatorioVial.id, obs!.id));
    expect(despues!.logoId).not.toBe(obs!.logoId);
    expect(await publica()).toContain(`src="/api/v1/documentos/${despues!.logoId}"`);
    expect((await t.app.inject({ url: `/api/v1/documentos/${obs!.logoId}` })).statusCode).toBe(410);
    // Empty after sanitising: refused, the text kept in the form.
    const vacia = await subir('/admin/observatorio', editor, [
      ['intent', 'presentacion'],
      ['texto', '<script>solo esto</script>'],
    ]);
    expect(vacia.statusCode).toBe(400);
    expect(textoDe(vacia.body)).toContain('Escribí la presentación del Observatorio');
  });

  it('una imagen sin texto alternativo se rechaza en castellano y no guarda nada; con todo, se guarda sin su GPS y se ve en la galería', async () => {
    const antes = await existentes();
    const sinAlt = await agregarImagen('Rotonda', undefined, '   ');
    expect(sinAlt.statusCode).toBe(400);
    expect(textoDe(sinAlt.body)).toContain('Escribí el texto alternativo');
    expect(sinAlt.body).toContain('value="Rotonda"');
    const sinArchivo = await subir('/admin/observatorio', editor, [
      ['intent', 'imagen'],
      ['titulo', ''],
      ['alt', 'x'],
    ]);
    expect(sinArchivo.statusCode).toBe(400);
    expect(textoDe(sinArchivo.body)).toContain('Elegí la imagen');
    expect(textoDe(sinArchivo.body)).toContain('Escribí el título de la imagen.');
    // A PDF, an HTML page named .jpg: refused by their content, nothing stored.
    const pdf = await agregarImagen('Falsa', await generarPdf({ titulo: 'NO', parrafos: ['x'] }));
    expect(pdf.statusCode).toBe(400);
    expect(textoDe(pdf.body)).toContain('El archivo es un PDF, no una imagen PNG, una imagen JPEG o una imagen WebP');
    const html = await agregarImagen('Falsa', new TextEncoder().encode('<html><script>alert(1)</script></html>'));
    expect(html.statusCode).toBe(400);
    expect(textoDe(html.body)).toContain('una página web (HTML)');
    expect(await existentes()).toEqual(antes);

    const res = await agregarImagen('Senda escolar nueva');
    expect(res.statusCode, textoDe(res.body).slice(0, 300)).toBe(303);
    const img = await ultimaImagen();
    expect(img).toMatchObject({ titulo: 'Senda escolar nueva', alt: 'Foto de Senda escolar nueva' });
    expect(await auditado('observatorio.imagen.alta', img.id)).toBe(1);
    const [doc] = await t.database.db.select().from(documentos).where(eq(documentos.id, img.documentoId));
    for (const clave of [doc!.clave, doc!.claveWeb!, doc!.claveMiniatura!]) {
      const meta = await sharp(fs.readFileSync(path.join(t.storage.root, clave))).metadata();
      expect(meta.exif, clave).toBeUndefined();
    }
    expect(await publica()).toContain('Senda escolar nueva');
    // Last in the gallery: it moves up, audited.
    const subirla = await subir('/admin/observatorio', editor, [
      ['intent', 'subir'],
      ['id', String(img.id)],
    ]);
    expect(subirla.statusCode).toBe(303);
    expect(await auditado('observatorio.imagen.orden', img.id)).toBe(1);
    const orden = await t.database.db.select().from(galeriaImagenes).where(eq(galeriaImagenes.galeria, img.galeria)).orderBy(galeriaImagenes.orden);
    expect(orden.at(-2)!.id).toBe(img.id);
  });

  it('editar una imagen y borrarla: auditado, fuera de la página al instante y su enlace responde 410', async () => {
    expect((await agregarImagen('Para borrar')).statusCode).toBe(303);
    const img = await ultimaImagen();
    const url = `/admin/observatorio/imagenes/${img.id}`;
    const cambio = await subir(url, editor, [
      ['intent', 'editar'],
      ['titulo', 'Título corregido'],
      ['descripcion', ''],
      ['alt', 'Texto alternativo corregido'],
    ]);
    expect(cambio.statusCode).toBe(303);
    expect(await auditado('observatorio.imagen.cambio', img.id)).toBe(1);
    expect(await publica()).toContain('Texto alternativo corregido');
    const sinConfirmar = await subir(url, editor, [['intent', 'borrar']]);
    expect(sinConfirmar.statusCode).toBe(400);
    const borrar = await subir(url, editor, [
      ['intent', 'borrar'],
      ['confirmado', 'si'],
    ]);
    expect(borrar.statusCode).toBe(303);
    expect(await auditado('observatorio.imagen.baja', img.id)).toBe(1);
    expect(await publica()).not.toContain('Título corregido');
    const viejo = await t.app.inject({ url: `/api/v1/documentos/${img.documentoId}`, headers: { accept: 'text/html' } });
    expect(viejo.statusCode).toBe(410);
    expect(textoDe(viejo.body)).toContain('Título corregido');
    expect((await ver(t, url, editor)).statusCode).toBe(404);
  });

  it('documentos: mes obligatorio para la Terminal, un PDF falso no guarda nada; publicar, reemplazar y borrar (410), al instante', async () => {
    // What earlier tests removed is kept 90 days: purged first, so the count below is this test's alone.
    await purgarRetirados({ ...t.context, clock: { now: () => new Date(Date.now() + 91 * 24 * 3600_000) } });
    const antes = await existentes();
    const pdf = await generarPdf({ titulo: 'MOVIMIENTO DE PASAJEROS', parrafos: ['Julio 2031.'] });
    const sinMes = await subir('/admin/observatorio', editor, [
      ['intent', 'documento'],
      ['tipo', 'MOVIMIENTO_TERMINAL'],
      ['anio', '2031'],
      ['archivo', archivo(pdf, 'terminal.pdf', 'application/pdf')],
    ]);
    expect(sinMes.statusCode).toBe(400);
    expect(textoDe(sinMes.body)).toContain('Elegí el mes del movimiento de la Terminal.');
    const falso = await subir('/admin/observatorio', editor, [
      ['intent', 'documento'],
      ['tipo', 'MOVIMIENTO_TERMINAL'],
      ['mes', '7'],
      ['anio', '2031'],
      ['archivo', archivo(await foto(), 'terminal.pdf', 'application/pdf')],
    ]);
    expect(falso.statusCode).toBe(400);
    expect(textoDe(falso.body)).toContain('El archivo es una imagen JPEG, no un PDF');
    expect(await existentes()).toEqual(antes);

    const alta = await subir('/admin/observatorio', editor, [
      ['intent', 'documento'],
      ['tipo', 'MOVIMIENTO_TERMINAL'],
      ['mes', '7'],
      ['anio', '2031'],
      ['archivo', archivo(pdf, 'terminal.pdf', 'application/pdf')],
    ]);
    expect(alta.statusCode, textoDe(alta.body).slice(0, 300)).toBe(303);
    const [fila] = await t.database.db.select().from(documentosObservatorio).orderBy(desc(documentosObservatorio.id)).limit(1);
    expect(fila).toMatchObject({ tipo: 'MOVIMIENTO_TERMINAL', mes: 7, anio: 2031 });
    expect(await auditado('observatorio.documento.alta', fila!.id)).toBe(1);
    expect(textoDe(await publica())).toContain('Julio 2031');

    const url = `/admin/observatorio/documentos/${fila!.id}`;
    const reemplazo = await subir(url, editor, [
      ['intent', 'editar'],
      ['mes', '8'],
      ['anio', '2031'],
      ['archivo', archivo(await generarPdf({ titulo: 'CORREGIDO', parrafos: ['Agosto.'] }), 'agosto.pdf', 'application/pdf')],
    ]);
    expect(reemplazo.statusCode).toBe(303);
    const [nuevo] = await t.database.db.select().from(documentosObservatorio).where(eq(documentosObservatorio.id, fila!.id));
    expect(nuevo).toMatchObject({ mes: 8, anio: 2031 });
    expect(nuevo!.documentoId).not.toBe(fila!.documentoId);
    expect((await t.app.inject({ url: `/api/v1/documentos/${fila!.documentoId}` })).statusCode).toBe(410);
    expect(textoDe(await publica())).toContain('Agosto 2031');

    const borrar = await subir(url, admin, [
      ['intent', 'borrar'],
      ['confirmado', 'si'],
    ]);
    expect(borrar.statusCode).toBe(303);
    expect(await auditado('observatorio.documento.baja', fila!.id)).toBe(1);
    expect(textoDe(await publica())).not.toContain('Agosto 2031');
    const retirado = await t.app.inject({ url: `/api/v1/documentos/${nuevo!.documentoId}` });
    expect(retirado.statusCode).toBe(410);
    expect(retirado.body).toContain('Movimiento de pasajeros de la Terminal - Agosto 2031');
    // Its PDF stays stored, hidden, for 90 days (docs/decisions/054-retirados-restaurables.md); the purge on day 91 removes it.
    expect((await existentes()).documentos).toBe(antes.documentos + 1);
    await purgarRetirados({ ...t.context, clock: { now: () => new Date(Date.now() + 91 * 24 * 3600_000) } });
    expect(await existentes()).toEqual(antes);
    expect((await t.app.inject({ url: `/api/v1/documentos/${nuevo!.documentoId}` })).statusCode).toBe(410);
  });
});
