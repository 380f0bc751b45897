// One bulletin (docs/decisions/050-un-solo-boletin.md), over HTTP on the built app: the current
// bulletin is the latest official bulletin. Publishing one in the back-office makes it current on
// /boletines-oficiales, in the API, in the open data and in the decree form's offer; changing its
// month or deleting it makes the previous one current again. Its texts (hostile HTML sanitised, 409
// over someone else's save, audited) and its ordinances (validation, hostile links) are edited on the
// bulletin's own page; the old /admin/boletin-vigente answers with a redirect to it.
import { and, desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { generarPdf } from '#db/factories/pdf.ts';
import { auditoria, boletinesOficiales, boletinesOrdenanzas } from '#db/schema/index.ts';
import { type TestApp, createTestApp } from '#tests/setup/app.ts';
import { engines } from '#tests/setup/database.ts';
import { ADMIN, EDITOR, MESA, enviar, ingresar, textoDe, ver } from '#tests/setup/panel.ts';
import { subirFormulario } from '#tests/setup/subidas.ts';

/** The value of the texts form's hidden `version` field. */
const versionDe = (html: string) => /name="version" value="([^"]+)"/.exec(html)?.[1] ?? '';
const pdf = async (numero: string) =>
  new File([new Uint8Array(await generarPdf({ titulo: `BOLETÍN OFICIAL N° ${numero}`, parrafos: ['Decretos del mes.'] }))], `boletin-${numero}.pdf`, {
    type: 'application/pdf',
  });

describe.each(engines)('un solo boletín: el vigente es el último publicado (%s)', (engine) => {
  let t: TestApp;
  let admin: string;
  let editor: string;
  let mesa: string;
  let b325: number;

  beforeAll(async () => {
    t = await createTestApp(engine);
    [admin, editor, mesa] = await Promise.all([ingresar(t, ADMIN), ingresar(t, EDITOR), ingresar(t, MESA)]);
    const [fila] = await t.database.db.select({ id: boletinesOficiales.id }).from(boletinesOficiales).where(eq(boletinesOficiales.numeroBoletinOficial, 325));
    b325 = fila!.id;
  });
  afterAll(() => t?.close());

  const auditado = (accion: string) =>
    t.database.db
      .select()
      .from(auditoria)
      .where(and(eq(auditoria.accion, accion), eq(auditoria.entidad, 'boletin_oficial')))
      .orderBy(desc(auditoria.id));
  const publica = async () => {
    const res = await t.app.inject({ url: '/boletines-oficiales' });
    expect(res.statusCode).toBe(200);
    return res;
  };
  const json = async <T>(url: string) => (await t.app.inject({ url })).json() as T;
  const textos = async (id: number) =>
    (
      await t.database.db
        .select({ legales: boletinesOficiales.legales, licitaciones: boletinesOficiales.licitaciones })
        .from(boletinesOficiales)
        .where(eq(boletinesOficiales.id, id))
    )[0]!;
  async function guardarTextos(id: number, sesion: string, campos: Record<string, string>) {
    const version = versionDe((await ver(t, `/admin/boletines/${id}`, sesion)).body);
    return enviar(t, `/admin/boletines/${id}`, sesion, { intent: 'textos', version, ...campos });
  }

  it('la demo: el N° 325 es el vigente, con los textos, ordenanzas y decretos, y el formulario de decretos ofrece el 1421/2026', async () => {
    const pagina = await publica();
    const texto = textoDe(pagina.body);
    expect(texto).toContain('Boletín Vigente Boletín Oficial N° 325 – Noviembre 2026');
    expect(texto).toContain('Licitación Pública N° 14/2026');
    expect(texto).toContain('Boletín Oficial N° 325 - Noviembre 2026 (PDF');
    expect(texto).toMatch(/Boletín Oficial N° 325 - Noviembre 2026 \(PDF, [^)]+\)\s*\(se abre en una pestaña nueva\)\s*\(vigente\)/);
    expect(texto.match(/\(vigente\)/g)).toHaveLength(1);
    const oferta = await json<{ publicado: { boletinTexto: string } | null }>('/solicitud-decretos/publicado?decreto=1421%2F2026');
    expect(oferta.publicado?.boletinTexto).toBe('Boletín Oficial Nº 325 de noviembre de 2026');
    const decretos = await json<{ numero: string }[]>('/api/v1/boletin-vigente/decretos');
    expect(decretos.map((d) => d.numero)).toContain('1421/2026');
  });

  it('/admin/boletin-vigente lleva a la página del boletín vigente; la mesa ve el 403; sin sesión, a /login; el menú ya no lo lista', async () => {
    for (const url of ['/admin/boletin-vigente', '/admin/boletin-vigente/ordenanzas/1']) {
      const res = await ver(t, url, editor);
      expect(res.statusCode, url).toBe(303);
      expect(res.headers.location).toBe(`/admin/boletines/${b325}`);
      expect((await ver(t, url, mesa)).statusCode, url).toBe(403);
      expect((await ver(t, url)).statusCode, url).toBe(302);
    }
    const menu = (await ver(t, '/admin', editor)).body;
    expect(menu).not.toContain('href="/admin/boletin-vigente"');
    const pagina = textoDe((await ver(t, `/admin/boletines/${b325}`, editor)).body);
    expect(pagina).toContain('Es el boletín vigente');
    expect(pagina).toContain('Textos legales y licitaciones');
    expect(pagina).toContain('Ordenanzas que publica');
    expect(pagina).toContain('Decretos que publica');
    const antes = await textos(b325);
    expect((await enviar(t, `/admin/boletines/${b325}`, mesa, { intent: 'textos', legales: '<p>Intrusa</p>', licitaciones: '' })).statusCode).toBe(403);
    expect(await textos(b325)).toEqual(antes);
  });

  it('los textos: HTML hostil saneado al guardarlo, la página pública (de la caché) cambia al instante, auditados; igual no escribe; largo 400; 409', async () => {
    await publica();
    expect((await publica()).headers['x-cache']).toBe('hit');
    const hostil =
      '<h3>Edicto de prueba</h3><p><strong>Negrita vigente</strong></p><script>alert("x")</script><img src=x onerror="alert(1)">' +
      '<p style="color:red" onclick="alert(2)">Con estilo</p><a href="javascript:alert(3)">Enlace malo</a> <a href="/consulta-ordenanzas">Enlace bueno</a>';
    const res = await guardarTextos(b325, editor, {
      legales: hostil,
      licitaciones: '<ul><li>Licitación pública 7/2026</li></ul><iframe src="https://malo.example.org"></iframe>',
    });
    expect(res.statusCode, textoDe(res.body).slice(0, 300)).toBe(303);
    expect(res.headers.location).toBe(`/admin/boletines/${b325}?aviso=textos#textos-titulo`);
    const guardado = await textos(b325);
    for (const html of [guardado.legales, guardado.licitaciones]) expect(html).not.toMatch(/<script|onerror|onclick|style|javascript:|<img|<iframe/i);
    expect(guardado.legales).toContain('<a href="/consulta-ordenanzas">Enlace bueno</a>');
    const pagina = await publica();
    expect(pagina.headers['x-cache']).not.toBe('hit');
    expect(pagina.body).toContain('<strong>Negrita vigente</strong>');
    expect(pagina.body).toContain('Licitación pública 7/2026');
    expect(pagina.body).not.toMatch(/alert\(|onerror|onclick|javascript:|malo\.example/);
    expect((await auditado('boletin.textos'))[0]).toMatchObject({ entidadId: String(b325), actorEmail: EDITOR.email, despues: guardado });
    const cuantas = (await auditado('boletin.textos')).length;
    const igual = await guardarTextos(b325, editor, guardado);
    expect(igual.headers.location).toBe(`/admin/boletines/${b325}?aviso=textos-sin-cambios#textos-titulo`);
    expect((await auditado('boletin.textos')).length).toBe(cuantas);

    const largo = await guardarTextos(b325, editor, { legales: `<p>${'a'.repeat(50_001)}</p>`, licitaciones: '<p>Lo que escribí en licitaciones</p>' });
    expect(largo.statusCode).toBe(400);
    expect(textoDe(largo.body)).toContain('Escribí «Legales» con hasta 50.000 caracteres.');
    expect(largo.body).toContain('&lt;p&gt;Lo que escribí en licitaciones&lt;/p&gt;');
    expect(await textos(b325)).toEqual(guardado);

    const version = versionDe((await ver(t, `/admin/boletines/${b325}`, editor)).body);
    const url = `/admin/boletines/${b325}`;
    expect((await enviar(t, url, admin, { intent: 'textos', version, legales: '<p>Texto de la administración</p>', licitaciones: '' })).statusCode).toBe(303);
    const choque = await enviar(t, url, editor, { intent: 'textos', version, legales: '<p>Texto del editor</p>', licitaciones: '' });
    expect(choque.statusCode).toBe(409);
    expect(textoDe(choque.body)).toContain('Otra persona cambió los textos de este boletín mientras los editabas.');
    expect(choque.body).toContain('&lt;p&gt;Texto del editor&lt;/p&gt;');
    expect((await textos(b325)).legales).toBe('<p>Texto de la administración</p>');
    expect(
      (await enviar(t, url, editor, { intent: 'textos', version: versionDe(choque.body), legales: '<p>Texto del editor</p>', licitaciones: '' })).statusCode,
    ).toBe(303);
    expect((await textos(b325)).legales).toBe('<p>Texto del editor</p>');
  });

  it('las ordenanzas: alta al final, validación en castellano con lo escrito, enlaces hostiles rechazados, baja; auditadas y en la página pública', async () => {
    const url = `/admin/boletines/${b325}`;
    const alta = await enviar(t, url, editor, {
      intent: 'agregar-ordenanza',
      ordenanzaNumero: '9101/2026',
      ordenanzaTitulo: 'Ordenanza de prueba HTTP',
      ordenanzaLink: '/consulta-ordenanzas',
    });
    expect(alta.statusCode, textoDe(alta.body).slice(0, 300)).toBe(303);
    expect(alta.headers.location).toBe(`${url}?aviso=ordenanza-alta#ordenanzas-titulo`);
    const lista = await t.database.db.select().from(boletinesOrdenanzas).where(eq(boletinesOrdenanzas.boletinId, b325));
    const nueva = lista.find((o) => o.numero === '9101/2026')!;
    expect(nueva.orden).toBe(Math.max(...lista.map((o) => o.orden)));
    const publicaTexto = textoDe((await publica()).body);
    expect(publicaTexto).toContain('Ordenanza de prueba HTTP');
    expect(publicaTexto.indexOf('Ordenanza de prueba HTTP')).toBeGreaterThan(publicaTexto.indexOf(lista.find((o) => o.orden === 0)!.titulo));
    expect((await auditado('boletin.ordenanza_alta'))[0]).toMatchObject({ entidadId: String(b325), despues: { numero: '9101/2026' } });

    const mala = await enviar(t, url, editor, { intent: 'agregar-ordenanza', ordenanzaNumero: '', ordenanzaTitulo: 'Mi título escrito', ordenanzaLink: '' });
    expect(mala.statusCode).toBe(400);
    expect(textoDe(mala.body)).toContain('Escribí el número de la ordenanza, por ejemplo 3456/2026.');
    expect(mala.body).toContain('value="Mi título escrito"');
    for (const link of [
      'javascript:alert(1)',
      ' JaVaScRiPt:alert(1)',
      'data:text/html,<script>alert(1)</script>',
      '//malo.example.org',
      '/\\malo.example.org',
      'ftp://x.org/',
    ]) {
      const r = await enviar(t, url, editor, { intent: 'agregar-ordenanza', ordenanzaNumero: '1', ordenanzaTitulo: 'Enlace hostil', ordenanzaLink: link });
      expect(r.statusCode, link).toBe(400);
      expect(textoDe(r.body)).toContain('o una página de este sitio que empiece con /');
    }
    expect(await t.database.db.select().from(boletinesOrdenanzas).where(eq(boletinesOrdenanzas.titulo, 'Enlace hostil'))).toEqual([]);

    const quitar = await enviar(t, url, editor, { intent: 'quitar-ordenanza', ordenanza: String(nueva.id) });
    expect(quitar.headers.location).toBe(`${url}?aviso=ordenanza-baja#ordenanzas-titulo`);
    expect(textoDe((await publica()).body)).not.toContain('Ordenanza de prueba HTTP');
    expect((await auditado('boletin.ordenanza_baja'))[0]).toMatchObject({ antes: { numero: '9101/2026' } });
    const otraVez = await enviar(t, url, editor, { intent: 'quitar-ordenanza', ordenanza: String(nueva.id) });
    expect(otraVez.statusCode).toBe(400);
    expect(textoDe(otraVez.body)).toContain('Esa ordenanza ya no está en la lista del boletín');
  });

  it('las ordenanzas: «Subir» y «Bajar» cambian el orden de la página pública, auditado; en la punta nada cambia; un id ajeno es 400; la mesa, 403', async () => {
    const url = `/admin/boletines/${b325}`;
    const orden = async () =>
      (await t.database.db.select().from(boletinesOrdenanzas).where(eq(boletinesOrdenanzas.boletinId, b325))).sort((a, b) => a.orden - b.orden || a.id - b.id);
    const antes = await orden();
    expect(antes.length).toBeGreaterThanOrEqual(2);
    const [primera, segunda] = [antes[0]!, antes[1]!];
    const pagina = textoDe((await ver(t, url, editor)).body);
    expect(pagina).toContain(`Subir la ordenanza ${primera.numero}`);

    const subir = await enviar(t, url, editor, { intent: 'subir-ordenanza', ordenanza: String(segunda.id) });
    expect(subir.statusCode).toBe(303);
    expect(subir.headers.location).toBe(`${url}?aviso=ordenanza-orden#ordenanzas-titulo`);
    const despues = await orden();
    expect(despues.slice(0, 2).map((o) => o.id)).toEqual([segunda.id, primera.id]);
    expect(despues.map((o) => o.orden)).toEqual(despues.map((_, i) => i));
    const publicaTexto = textoDe((await publica()).body);
    expect(publicaTexto.indexOf(segunda.titulo)).toBeLessThan(publicaTexto.indexOf(primera.titulo));
    expect((await auditado('boletin.ordenanza_orden'))[0]).toMatchObject({
      entidadId: String(b325),
      antes: { numero: segunda.numero, posicion: 2 },
      despues: { numero: segunda.numero, posicion: 1 },
    });

    const cuantas = (await auditado('boletin.ordenanza_orden')).length;
    const punta = await enviar(t, url, editor, { intent: 'subir-ordenanza', ordenanza: String(segunda.id) });
    expect(punta.statusCode).toBe(303);
    expect((await orden()).map((o) => o.id)).toEqual(despues.map((o) => o.id));
    expect((await auditado('boletin.ordenanza_orden')).length).toBe(cuantas);

    const otroBoletin = await enviar(t, url, editor, { intent: 'bajar-ordenanza', ordenanza: '999999' });
    expect(otroBoletin.statusCode).toBe(400);
    expect(textoDe(otroBoletin.body)).toContain('Esa ordenanza ya no está en la lista del boletín');
    for (const ordenanza of ['', 'abc', '-1', '1e3']) expect((await enviar(t, url, editor, { intent: 'bajar-ordenanza', ordenanza })).statusCode).toBe(400);
    expect((await enviar(t, url, mesa, { intent: 'bajar-ordenanza', ordenanza: String(segunda.id) })).statusCode).toBe(403);

    await enviar(t, url, editor, { intent: 'bajar-ordenanza', ordenanza: String(segunda.id) });
    expect((await orden()).slice(0, 2).map((o) => o.id)).toEqual([primera.id, segunda.id]);
  });

  it('publicar el N° 326 lo hace vigente en todas partes; cambiarle el mes a uno anterior o borrarlo devuelve el N° 325', async () => {
    const catalogo = async () => json<{ dataset: { identifier: string; modified: string }[] }>('/data.json');
    const modificado = (c: Awaited<ReturnType<typeof catalogo>>, id: string) => c.dataset.find((d) => d.identifier === id)!.modified;
    const antes = await catalogo();
    await publica();

    const alta = await subirFormulario(t, '/admin/boletines', editor, [
      ['numero', '326'],
      ['mes', '12'],
      ['anio', '2026'],
      ['archivo', await pdf('326')],
    ]);
    expect(alta.statusCode, textoDe(alta.body).slice(0, 300)).toBe(303);
    const id = Number(/\/admin\/boletines\/(\d+)/.exec(alta.headers.location as string)![1]);
    expect(textoDe((await ver(t, alta.headers.location as string, editor)).body)).toContain('Es el boletín vigente');
    // Staff fill it once, on its page.
    expect(
      (
        await enviar(t, `/admin/boletines/${id}`, editor, {
          intent: 'agregar-decreto',
          decretoNumero: 'Decreto 1450 de 2026',
          decretoDescripcion: 'Fija el receso administrativo',
          decretoArea: 'Intendencia',
        })
      ).statusCode,
    ).toBe(303);
    expect((await guardarTextos(id, editor, { legales: '<p>Legales de diciembre</p>', licitaciones: '<p>Licitación de diciembre</p>' })).statusCode).toBe(303);

    const pagina = textoDe((await publica()).body);
    expect(pagina).toContain('Boletín Vigente Boletín Oficial N° 326 – Diciembre 2026');
    expect(pagina).toContain('Legales de diciembre');
    expect(pagina).toContain('Licitación de diciembre');
    expect(pagina).toContain('Fija el receso administrativo');
    expect(pagina).not.toContain('Fiesta de los Jardines 2026');
    expect(pagina).toContain('El boletín vigente no publica ordenanzas.');
    expect(pagina).toMatch(/Boletín Oficial N° 326 - Diciembre 2026 \(PDF[^)]*\)\s*\(se abre en una pestaña nueva\)\s*\(vigente\)/);
    expect(pagina.match(/\(vigente\)/g)).toHaveLength(1);
    expect((await json<{ boletin: { numeroBoletinOficial: number } }>('/api/v1/boletin-vigente')).boletin.numeroBoletinOficial).toBe(326);
    expect((await json<{ numero: string }[]>('/api/v1/boletin-vigente/decretos')).map((d) => d.numero)).toEqual(['1450/2026']);
    expect((await json<{ publicado: { boletinTexto: string } | null }>('/solicitud-decretos/publicado?decreto=1450-26')).publicado?.boletinTexto).toBe(
      'Boletín Oficial Nº 326 de diciembre de 2026',
    );
    // The open data: the bulletins' and the decrees' datasets moved with it.
    const despues = await catalogo();
    expect(modificado(despues, 'decretos') > modificado(antes, 'decretos')).toBe(true);
    expect(modificado(despues, 'boletines-oficiales') > modificado(antes, 'boletines-oficiales')).toBe(true);
    expect((await t.app.inject({ url: '/datos/decretos-publicados.csv' })).body).toContain('1450/2026');

    // Its month changed to an earlier one: N° 325 is the latest edition again.
    const editar = await subirFormulario(t, `/admin/boletines/${id}`, editor, [
      ['numero', '326'],
      ['mes', '10'],
      ['anio', '2026'],
      ['intent', 'editar'],
    ]);
    expect(editar.statusCode, textoDe(editar.body).slice(0, 300)).toBe(303);
    expect(textoDe((await publica()).body)).toContain('Boletín Vigente Boletín Oficial N° 325 – Noviembre 2026');
    expect((await json<{ publicado: unknown }>('/solicitud-decretos/publicado?decreto=1421%2F2026')).publicado).not.toBeNull();
    // Back to December, then deleted: N° 325 again.
    await subirFormulario(t, `/admin/boletines/${id}`, editor, [
      ['numero', '326'],
      ['mes', '12'],
      ['anio', '2026'],
      ['intent', 'editar'],
    ]);
    expect(textoDe((await publica()).body)).toContain('Boletín Oficial N° 326 – Diciembre 2026');
    const borrar = await enviar(t, `/admin/boletines/${id}`, admin, { intent: 'borrar', confirmado: 'si' });
    expect(borrar.statusCode, textoDe(borrar.body).slice(0, 300)).toBe(303);
    const final = textoDe((await publica()).body);
    expect(final).toContain('Boletín Vigente Boletín Oficial N° 325 – Noviembre 2026');
    expect(final).not.toContain('Fija el receso administrativo');
    expect((await json<{ publicado: unknown }>('/solicitud-decretos/publicado?decreto=1450%2F2026')).publicado).toBeNull();
    expect((await json<{ boletin: { numeroBoletinOficial: number } }>('/api/v1/boletin-vigente')).boletin.numeroBoletinOficial).toBe(325);
  });
});
