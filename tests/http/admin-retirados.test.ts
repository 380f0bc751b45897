// «Retirados» over HTTP on the built app, on both engines (docs/decisions/054-retirados-restaurables.md):
// a withdrawn ordinance answers 410, is restored from its section's page and answers 200 again (page and
// PDF, search too), audited and read as a sentence on /admin/auditoria; a bulletin whose number was taken
// meanwhile is refused naming the one that took it, nothing changed; salary reports and the observatory's
// documents and images come back too; the desk sees none of these pages; hostile ids are 400/404 in
// Spanish; on day 91 (a manual clock) nothing can be restored and the purge removed the file, the 410 stays.
import { and, count, eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { generarPdf } from '#db/factories/pdf.ts';
import {
  auditoria,
  boletinesOficiales,
  contenidosRestaurables,
  documentos,
  documentosObservatorio,
  galeriaImagenes,
  ordenanzas,
  sueldos,
} from '#db/schema/index.ts';
import { purgarRetirados } from '#domain/sitio/retirados.ts';
import { type TestApp, createTestApp } from '#tests/setup/app.ts';
import { engines } from '#tests/setup/database.ts';
import { archivosEn, subirFormulario } from '#tests/setup/subidas.ts';
import { ADMIN, EDITOR, MESA, enviar, ingresar, textoDe, ver } from '#tests/setup/panel.ts';
import { relojManual } from '#tests/factories/usuarios.ts';

const DIA = 24 * 60 * 60_000;
const pdf = async (texto: string) =>
  new File([new Uint8Array(await generarPdf({ titulo: texto, parrafos: [`Artículo 1: ${texto}.`] }))], 'doc.pdf', { type: 'application/pdf' });

describe.each(engines)('retirados y restaurados (%s)', (engine) => {
  let t: TestApp;
  let admin: string;
  let editor: string;
  let mesa: string;
  const reloj = relojManual(new Date());

  beforeAll(async () => {
    t = await createTestApp(engine, { clock: reloj });
    [admin, editor, mesa] = await Promise.all([ingresar(t, ADMIN), ingresar(t, EDITOR), ingresar(t, MESA)]);
  });
  afterAll(() => t?.close());

  const subir = (url: string, sesion: string, campos: [string, string | File][]) => subirFormulario(t, url, sesion, campos);
  const publico = (url: string) => t.app.inject({ url });
  const restaurable = async (seccion: string, entidadId: number) =>
    (
      await t.database.db
        .select({ id: contenidosRestaurables.id })
        .from(contenidosRestaurables)
        .where(and(eq(contenidosRestaurables.seccion, seccion), eq(contenidosRestaurables.entidadId, entidadId)))
    )[0]?.id;
  const auditado = async (accion: string, id: number) =>
    (
      await t.database.db
        .select({ n: count() })
        .from(auditoria)
        .where(and(eq(auditoria.accion, accion), eq(auditoria.entidadId, String(id))))
    )[0]!.n;

  async function ordenanzaRetirada(numero: number, palabra: string) {
    const alta = await subir('/admin/ordenanzas/nueva', editor, [
      ['intent', 'guardar'],
      ['numero', String(numero)],
      ['anio', '2026'],
      ['estado', '2'],
      ['fechaEmision', ''],
      ['descripcion', `Ordenanza restaurable ${numero}`],
      ['expediente', ''],
      ['modifica', ''],
      ['archivo', await pdf(`programa ${palabra}`)],
    ]);
    expect(alta.statusCode).toBe(303);
    const [o] = await t.database.db
      .select()
      .from(ordenanzas)
      .where(and(eq(ordenanzas.numero, numero), eq(ordenanzas.anio, 2026)));
    const retiro = await enviar(t, `/admin/ordenanzas/${o!.id}`, editor, { intent: 'retirar', confirmado: 'si' });
    expect(retiro.statusCode).toBe(303);
    return o!;
  }

  it('una ordenanza retirada responde 410; restaurada desde «Retirados» vuelve a responder 200 (página, PDF y búsqueda), auditada', async () => {
    const o = await ordenanzaRetirada(9301, 'arrayanesrestaurable');
    const permalink = '/consulta-ordenanzas/2026/9301';
    expect((await publico(permalink)).statusCode).toBe(410);
    expect((await publico(`/api/v1/documentos/${o.documentoId}`)).statusCode).toBe(410);

    const lista = await ver(t, '/admin/ordenanzas', editor);
    expect(lista.body).toContain('href="/admin/ordenanzas/retirados"');
    const pagina = await ver(t, '/admin/ordenanzas/retirados', editor);
    expect(pagina.statusCode).toBe(200);
    expect(pagina.headers['cache-control']).toContain('no-store');
    const texto = textoDe(pagina.body);
    expect(texto).toContain('Ordenanza N° 9301/2026: Ordenanza restaurable 9301');
    expect(texto).toContain(EDITOR.nombre);
    expect(texto).toContain('Quedan 90 días');

    const id = (await restaurable('ordenanzas', o.id))!;
    const hecho = await enviar(t, '/admin/ordenanzas/retirados', editor, { intent: 'restaurar', clave: 'ordenanzas', id: String(id) });
    expect(hecho.statusCode).toBe(303);
    expect(hecho.headers.location).toBe(`/admin/ordenanzas/retirados?restaurado=${o.id}&clave=ordenanzas`);
    const despues = await ver(t, hecho.headers.location!, editor);
    expect(textoDe(despues.body)).toContain('Restauramos el contenido: ya se ve de nuevo en el sitio.');
    expect(despues.body).toContain(`href="/admin/ordenanzas/${o.id}"`);
    expect(textoDe(despues.body)).not.toContain('Ordenanza N° 9301/2026');

    expect((await publico(permalink)).statusCode).toBe(200);
    const descarga = await publico(`/api/v1/documentos/${o.documentoId}`);
    expect(descarga.statusCode).toBe(200);
    expect(descarga.headers['content-type']).toBe('application/pdf');
    expect((await publico('/consulta-ordenanzas?pattern=arrayanesrestaurable')).body).toContain(permalink);
    const [fila] = await t.database.db.select().from(ordenanzas).where(eq(ordenanzas.id, o.id));
    expect(fila).toMatchObject({ numero: 9301, anio: 2026, documentoId: o.documentoId, descripcion: 'Ordenanza restaurable 9301' });
    expect(await restaurable('ordenanzas', o.id)).toBeUndefined();
    expect(await auditado('ordenanza.restauracion', o.id)).toBe(1);
    const registro = textoDe((await ver(t, '/admin/auditoria?seccion=ordenanzas', admin)).body);
    expect(registro).toContain('restauró la ordenanza 9301/2026');

    // Restoring twice: it is no longer among the withdrawn.
    const otraVez = await enviar(t, '/admin/ordenanzas/retirados', editor, { intent: 'restaurar', clave: 'ordenanzas', id: String(id) });
    expect(otraVez.statusCode).toBe(404);
    expect(textoDe(otraVez.body)).toContain('No encontramos ese contenido entre los retirados');
  });

  it('un número ocupado mientras tanto: el error nombra al que lo tomó y nada cambia; libre otra vez, se restaura', async () => {
    const alta = async (mes: string, texto: string) =>
      subir('/admin/boletines', editor, [
        ['numero', '931'],
        ['mes', mes],
        ['anio', '2026'],
        ['archivo', await pdf(texto)],
      ]);
    expect((await alta('10', 'boletín 931')).statusCode).toBe(303);
    const buscar = async () =>
      (
        await t.database.db
          .select()
          .from(boletinesOficiales)
          .where(and(eq(boletinesOficiales.numeroBoletinOficial, 931), eq(boletinesOficiales.anio, 2026)))
      )[0];
    const viejo = (await buscar())!;
    expect((await enviar(t, `/admin/boletines/${viejo.id}`, editor, { intent: 'borrar', confirmado: 'si' })).statusCode).toBe(303);
    expect((await publico(`/api/v1/documentos/${viejo.documentoId}`)).statusCode).toBe(410);
    expect((await alta('11', 'boletín 931 nuevo')).statusCode).toBe(303);
    const nuevo = (await buscar())!;
    const id = (await restaurable('boletines', viejo.id))!;
    const ocupado = await enviar(t, '/admin/boletines/retirados', editor, { intent: 'restaurar', clave: 'boletines', id: String(id) });
    expect(ocupado.statusCode).toBe(409);
    expect(textoDe(ocupado.body)).toContain(
      `No se puede restaurar: el Boletín Oficial N° 931 - Noviembre 2026 se publicó de nuevo (n.º ${nuevo.id} de la lista)`,
    );
    expect(ocupado.body).toContain('<title>Error: Boletines oficiales borrados');
    expect(await restaurable('boletines', viejo.id)).toBe(id);
    expect((await publico(`/api/v1/documentos/${viejo.documentoId}`)).statusCode).toBe(410);
    expect(await auditado('boletin.restauracion', viejo.id)).toBe(0);

    expect((await enviar(t, `/admin/boletines/${nuevo.id}`, editor, { intent: 'borrar', confirmado: 'si' })).statusCode).toBe(303);
    const hecho = await enviar(t, '/admin/boletines/retirados', editor, { intent: 'restaurar', clave: 'boletines', id: String(id) });
    expect(hecho.statusCode).toBe(303);
    expect(await buscar()).toMatchObject({ id: viejo.id, mes: 10, documentoId: viejo.documentoId });
    expect((await publico(`/api/v1/documentos/${viejo.documentoId}`)).statusCode).toBe(200);
    expect(textoDe((await publico('/boletines-oficiales')).body)).toContain('Boletín Oficial N° 931 - Octubre 2026');
    expect(await auditado('boletin.restauracion', viejo.id)).toBe(1);
    expect(textoDe((await ver(t, '/admin/auditoria?seccion=boletines', admin)).body)).toContain('restauró el boletín oficial 931 (10/2026)');
  });

  it('un informe de sueldos, un documento y una imagen del Observatorio borrados vuelven con su archivo', async () => {
    expect(
      (
        await subir('/admin/sueldos', editor, [
          ['periodo', 'Octubre'],
          ['anio', '2032'],
          ['archivo', await pdf('sueldos octubre 2032')],
        ])
      ).statusCode,
    ).toBe(303);
    const [s] = await t.database.db
      .select()
      .from(sueldos)
      .where(and(eq(sueldos.periodo, 'Octubre'), eq(sueldos.anio, 2032)));
    expect((await enviar(t, `/admin/sueldos/${s!.id}`, editor, { intent: 'borrar', confirmado: 'si' })).statusCode).toBe(303);
    expect((await ver(t, '/admin/sueldos', editor)).body).toContain('href="/admin/sueldos/retirados"');
    expect(textoDe((await ver(t, '/admin/sueldos/retirados', editor)).body)).toContain('Sueldos Octubre 2032');
    const idSueldo = (await restaurable('sueldos', s!.id))!;
    expect((await enviar(t, '/admin/sueldos/retirados', editor, { intent: 'restaurar', clave: 'sueldos', id: String(idSueldo) })).statusCode).toBe(303);
    expect((await publico(`/api/v1/documentos/${s!.documentoId}`)).statusCode).toBe(200);
    expect(textoDe((await publico('/sueldos')).body)).toContain('Octubre 2032');
    expect(await auditado('sueldo.restauracion', s!.id)).toBe(1);

    expect(
      (
        await subir('/admin/observatorio', editor, [
          ['intent', 'documento'],
          ['tipo', 'INFORME_ESTADISTICO'],
          ['anio', '2032'],
          ['archivo', await pdf('informe ossivi 2032')],
        ])
      ).statusCode,
    ).toBe(303);
    const [d] = await t.database.db.select().from(documentosObservatorio).where(eq(documentosObservatorio.anio, 2032));
    expect(
      (
        await subir(`/admin/observatorio/documentos/${d!.id}`, editor, [
          ['intent', 'borrar'],
          ['confirmado', 'si'],
        ])
      ).statusCode,
    ).toBe(303);
    expect((await publico(`/api/v1/documentos/${d!.documentoId}`)).statusCode).toBe(410);
    const idDoc = (await restaurable('observatorio-documentos', d!.id))!;
    const hecho = await enviar(t, '/admin/observatorio/retirados', admin, { intent: 'restaurar', clave: 'observatorio-documentos', id: String(idDoc) });
    expect(hecho.statusCode).toBe(303);
    expect((await ver(t, hecho.headers.location!, admin)).body).toContain(`href="/admin/observatorio/documentos/${d!.id}"`);
    expect((await publico(`/api/v1/documentos/${d!.documentoId}`)).statusCode).toBe(200);
    expect(await auditado('observatorio.documento.restauracion', d!.id)).toBe(1);

    const foto = await sharp({ create: { width: 640, height: 400, channels: 3, background: { r: 30, g: 90, b: 140 } } })
      .jpeg()
      .toBuffer();
    expect(
      (
        await subir('/admin/observatorio', editor, [
          ['intent', 'imagen'],
          ['titulo', 'Cruce restaurable'],
          ['descripcion', ''],
          ['alt', 'Un cruce peatonal'],
          ['archivo', new File([new Uint8Array(foto)], 'cruce.jpg', { type: 'image/jpeg' })],
        ])
      ).statusCode,
    ).toBe(303);
    const [img] = await t.database.db.select().from(galeriaImagenes).where(eq(galeriaImagenes.titulo, 'Cruce restaurable'));
    expect(
      (
        await subir(`/admin/observatorio/imagenes/${img!.id}`, editor, [
          ['intent', 'borrar'],
          ['confirmado', 'si'],
        ])
      ).statusCode,
    ).toBe(303);
    expect((await publico(`/api/v1/documentos/${img!.documentoId}?tamano=web`)).statusCode).toBe(410);
    expect(textoDe((await ver(t, '/admin/observatorio/retirados', editor)).body)).toContain('Imagen de la galería del Observatorio Vial: Cruce restaurable');
    const idImg = (await restaurable('observatorio-imagenes', img!.id))!;
    const imagen = await enviar(t, '/admin/observatorio/retirados', editor, { intent: 'restaurar', clave: 'observatorio-imagenes', id: String(idImg) });
    expect(imagen.statusCode).toBe(303);
    expect((await publico(`/api/v1/documentos/${img!.documentoId}?tamano=web`)).statusCode).toBe(200);
    expect(textoDe((await publico('/observatorio-vial')).body)).toContain('Cruce restaurable');
    expect(await auditado('observatorio.imagen.restauracion', img!.id)).toBe(1);
  });

  it('la mesa de entradas no ve ninguna página de retirados ni puede restaurar; sin sesión, a /login', async () => {
    const o = await ordenanzaRetirada(9302, 'mesanopuede');
    const id = (await restaurable('ordenanzas', o.id))!;
    for (const seccion of ['ordenanzas', 'boletines', 'estados-contables', 'sueldos', 'observatorio']) {
      const url = `/admin/${seccion}/retirados`;
      expect((await ver(t, url, mesa)).statusCode, url).toBe(403);
      expect((await ver(t, url)).statusCode, url).toBe(302);
      expect((await ver(t, url, admin)).statusCode, url).toBe(200);
    }
    const intento = await enviar(t, '/admin/ordenanzas/retirados', mesa, { intent: 'restaurar', clave: 'ordenanzas', id: String(id) });
    expect(intento.statusCode).toBe(403);
    expect(await restaurable('ordenanzas', o.id)).toBe(id);
    expect((await publico('/consulta-ordenanzas/2026/9302')).statusCode).toBe(410);
  });

  it('ids hostiles y de otra sección: 400 o 404 en castellano, nunca 5xx ni nada restaurado', async () => {
    const o = await ordenanzaRetirada(9303, 'hostil');
    const id = (await restaurable('ordenanzas', o.id))!;
    for (const valor of ['abc', '-1', '12345678901234', '0', '1e3', '', ' 1', '<script>alert(1)</script>']) {
      const res = await enviar(t, '/admin/ordenanzas/retirados', editor, { intent: 'restaurar', clave: 'ordenanzas', id: valor });
      expect(res.statusCode, valor).toBe(400);
      expect(textoDe(res.body)).toContain('Elegí lo que querés restaurar con su botón «Restaurar» de la lista.');
      expect(res.body).not.toContain('<script>alert(1)</script>');
    }
    // The id of another section's item, with its own key or this section's.
    const ajena = await enviar(t, '/admin/boletines/retirados', editor, { intent: 'restaurar', clave: 'boletines', id: String(id) });
    expect(ajena.statusCode).toBe(404);
    expect(textoDe(ajena.body)).toContain('No encontramos ese contenido entre los retirados');
    const claveAjena = await enviar(t, '/admin/boletines/retirados', editor, { intent: 'restaurar', clave: 'ordenanzas', id: String(id) });
    expect(claveAjena.statusCode).toBe(400);
    const sinIntent = await enviar(t, '/admin/ordenanzas/retirados', editor, { clave: 'ordenanzas', id: String(id) });
    expect(sinIntent.statusCode).toBe(400);
    expect(textoDe(sinIntent.body)).toContain('No entendimos qué querías hacer');
    const inexistente = await enviar(t, '/admin/ordenanzas/retirados', editor, { intent: 'restaurar', clave: 'ordenanzas', id: '2147483647' });
    expect(inexistente.statusCode).toBe(404);
    // A notice's address reflects nothing typed.
    const aviso = await ver(t, '/admin/ordenanzas/retirados?restaurado=%3Cb%3E&clave=ordenanzas', editor);
    expect(aviso.statusCode).toBe(200);
    expect(textoDe(aviso.body)).not.toContain('Restauramos');
    expect((await ver(t, '/admin/vehiculos/retirados', admin)).statusCode).toBe(404);
    expect(await restaurable('ordenanzas', o.id)).toBe(id);
  });

  // Last: it moves the clock 91 days ahead.
  it('el día 91 ya no se restaura, la purga borró el PDF y su archivo, y la dirección sigue respondiendo 410', async () => {
    const o = await ordenanzaRetirada(9304, 'vencida');
    const id = (await restaurable('ordenanzas', o.id))!;
    const [doc] = await t.database.db.select().from(documentos).where(eq(documentos.id, o.documentoId!));
    expect(doc!.publico).toBe(false);
    const archivos = archivosEn(t.storage.root);
    expect(archivos).toContain(doc!.clave);

    reloj.avanzar(91 * DIA);
    const editorLuego = await ingresar(t, EDITOR);
    expect(textoDe((await ver(t, '/admin/ordenanzas/retirados', editorLuego)).body)).not.toContain('Ordenanza N° 9304/2026');
    const tarde = await enviar(t, '/admin/ordenanzas/retirados', editorLuego, { intent: 'restaurar', clave: 'ordenanzas', id: String(id) });
    expect(tarde.statusCode).toBe(409);
    expect(textoDe(tarde.body)).toContain('pasaron más de 90 días y ya no se puede restaurar');

    expect(await purgarRetirados(t.context)).toBeGreaterThanOrEqual(1);
    expect(await restaurable('ordenanzas', o.id)).toBeUndefined();
    expect(await t.database.db.select().from(documentos).where(eq(documentos.id, o.documentoId!))).toEqual([]);
    expect(archivosEn(t.storage.root)).not.toContain(doc!.clave);
    expect((await publico('/consulta-ordenanzas/2026/9304')).statusCode).toBe(410);
    expect((await publico(`/api/v1/documentos/${o.documentoId}`)).statusCode).toBe(410);
    const purgada = await enviar(t, '/admin/ordenanzas/retirados', editorLuego, { intent: 'restaurar', clave: 'ordenanzas', id: String(id) });
    expect(purgada.statusCode).toBe(404);
    expect(await purgarRetirados(t.context)).toBe(0);
  });
});
