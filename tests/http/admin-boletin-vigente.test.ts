// The current bulletin in the back-office, /admin/boletin-vigente
// (docs/decisions/022-boletin-vigente-en-el-panel.md), over HTTP on the built app: roles (the desk
// 403, no session to /login), hostile HTML in the texts (script, onerror, javascript: links,
// style) sanitised before it is stored and never on the public page, validation in Spanish keeping
// what was typed, the 409 of a save over someone else's, every change audited, and
// /boletines-oficiales new at once although it was served from the render cache
// (docs/decisions/007-cache-de-paginas.md).
import { and, desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditoria, boletinVigente, boletinVigenteDecretos, boletinVigenteOrdenanzas } from '#db/schema/index.ts';
import { type TestApp, createTestApp } from '#tests/setup/app.ts';
import { engines } from '#tests/setup/database.ts';
import { ADMIN, EDITOR, MESA, enviar, ingresar, textoDe, ver } from '#tests/setup/panel.ts';

/** The value of the form's hidden `version` field. */
const versionDe = (html: string) => /name="version" value="([^"]+)"/.exec(html)?.[1] ?? '';

describe.each(engines)('/admin/boletin-vigente (%s)', (engine) => {
  let t: TestApp;
  let admin: string;
  let editor: string;
  let mesa: string;

  beforeAll(async () => {
    t = await createTestApp(engine);
    [admin, editor, mesa] = await Promise.all([ingresar(t, ADMIN), ingresar(t, EDITOR), ingresar(t, MESA)]);
  });
  afterAll(() => t?.close());

  const auditado = (accion: string, entidad: string) =>
    t.database.db
      .select()
      .from(auditoria)
      .where(and(eq(auditoria.accion, accion), eq(auditoria.entidad, entidad)))
      .orderBy(desc(auditoria.id));
  const publica = async () => {
    const res = await t.app.inject({ url: '/boletines-oficiales' });
    expect(res.statusCode).toBe(200);
    return res;
  };
  const textosActuales = async () => (await t.database.db.select().from(boletinVigente).orderBy(desc(boletinVigente.id)).limit(1))[0];
  async function guardarTextos(sesion: string, campos: Record<string, string>) {
    const version = versionDe((await ver(t, '/admin/boletin-vigente', sesion)).body);
    return enviar(t, '/admin/boletin-vigente', sesion, { intent: 'textos', version, ...campos });
  }

  it('editores y administradores; la mesa de entradas ve el 403; sin sesión, a /login; el menú lo lista después de «Boletines»', async () => {
    const [o] = await t.database.db.select().from(boletinVigenteOrdenanzas).limit(1);
    const urls = [
      '/admin/boletin-vigente',
      ...(o ? [`/admin/boletin-vigente/ordenanzas/${o.id}`, `/admin/boletin-vigente/ordenanzas/${o.id}?paso=borrar`] : []),
    ];
    for (const url of urls) {
      for (const sesion of [admin, editor]) {
        const res = await ver(t, url, sesion);
        expect(res.statusCode, url).toBe(200);
        expect(res.headers['cache-control']).toBe('no-store');
      }
      expect((await ver(t, url, mesa)).statusCode, url).toBe(403);
      const anonima = await ver(t, url);
      expect(anonima.statusCode).toBe(302);
      expect(anonima.headers.location).toBe(`/login?siguiente=${encodeURIComponent(url)}`);
    }
    const antes = await textosActuales();
    expect((await enviar(t, '/admin/boletin-vigente', mesa, { intent: 'textos', legales: '<p>Intrusa</p>', licitaciones: '' })).statusCode).toBe(403);
    expect(
      (await enviar(t, '/admin/boletin-vigente', mesa, { intent: 'crear', lista: 'decretos', numero: '1', descripcion: 'Intruso', area: 'X' })).statusCode,
    ).toBe(403);
    expect(await textosActuales()).toEqual(antes);
    expect(await t.database.db.select().from(boletinVigenteDecretos).where(eq(boletinVigenteDecretos.descripcion, 'Intruso'))).toEqual([]);
    const menu = textoDe((await ver(t, '/admin', editor)).body);
    expect(menu).toContain('Boletines Boletín vigente');
    expect((await ver(t, '/admin', mesa)).body).not.toContain('href="/admin/boletin-vigente"');
    for (const url of [
      '/admin/boletin-vigente/nada/1',
      '/admin/boletin-vigente/ordenanzas/999999',
      '/admin/boletin-vigente/decretos/abc',
      '/admin/boletin-vigente/__proto__/1',
    ]) {
      expect((await ver(t, url, editor)).statusCode, url).toBe(404);
    }
    expect((await enviar(t, '/admin/boletin-vigente', editor, { intent: 'otra' })).statusCode).toBe(400);
    expect((await enviar(t, '/admin/boletin-vigente', editor, { intent: 'subir', lista: 'ordenanzas', id: 'x' })).statusCode).toBe(404);
    expect((await enviar(t, '/admin/boletin-vigente', editor, '%%%')).statusCode).toBeLessThan(500);
  });

  it('HTML hostil en los textos: se sanea antes de guardarlo y la página pública (servida de la caché) muestra el nuevo al instante', async () => {
    await publica();
    expect((await publica()).headers['x-cache']).toBe('hit');
    const hostil =
      '<h3>Edicto de prueba</h3><p><strong>Negrita vigente</strong> y <em>cursiva</em></p>' +
      '<script>alert("x")</script><img src=x onerror="alert(1)"><p style="color:red" onclick="alert(2)">Con estilo</p>' +
      '<style>body{display:none}</style><a href="javascript:alert(3)">Enlace malo</a> <a href="/consulta-ordenanzas">Enlace bueno</a>';
    const res = await guardarTextos(editor, {
      legales: hostil,
      licitaciones: '<ul><li>Licitación pública 7/2026</li></ul><iframe src="https://malo.example.org"></iframe>',
    });
    expect(res.statusCode, textoDe(res.body).slice(0, 300)).toBe(303);
    expect(res.headers.location).toBe('/admin/boletin-vigente?aviso=textos#textos-titulo');
    const guardado = (await textosActuales())!;
    for (const html of [guardado.legales, guardado.licitaciones]) {
      expect(html).not.toMatch(/<script|onerror|onclick|style|javascript:|<img|<iframe/i);
    }
    expect(guardado.legales).toContain('<strong>Negrita vigente</strong>');
    expect(guardado.legales).toContain('<a href="/consulta-ordenanzas">Enlace bueno</a>');
    const pagina = await publica();
    expect(pagina.headers['x-cache']).not.toBe('hit');
    expect(pagina.body).toContain('<strong>Negrita vigente</strong>');
    expect(pagina.body).toContain('Licitación pública 7/2026');
    expect(pagina.body).not.toMatch(/alert\(|onerror|onclick|javascript:|<style>body|malo\.example/);
    const [entrada] = await auditado('boletin_vigente.cambio', 'boletin_vigente');
    expect(entrada).toMatchObject({ actorEmail: EDITOR.email, despues: { legales: guardado.legales, licitaciones: guardado.licitaciones } });
    // The same texts again: nothing to change, nothing audited.
    const cuantas = (await auditado('boletin_vigente.cambio', 'boletin_vigente')).length;
    const igual = await guardarTextos(editor, { legales: guardado.legales, licitaciones: guardado.licitaciones });
    expect(igual.headers.location).toBe('/admin/boletin-vigente?aviso=sin-cambios#textos-titulo');
    expect((await auditado('boletin_vigente.cambio', 'boletin_vigente')).length).toBe(cuantas);
    // The form shows the stored (sanitised) HTML in its textarea, escaped.
    const form = (await ver(t, '/admin/boletin-vigente', editor)).body;
    expect(form).toContain('&lt;strong&gt;Negrita vigente&lt;/strong&gt;');
    expect(form).toContain('aria-labelledby="textos-titulo"');
  });

  it('un texto demasiado largo es 400 con el mensaje y lo escrito; nada cambia', async () => {
    const antes = await textosActuales();
    const res = await guardarTextos(editor, { legales: `<p>${'a'.repeat(50_001)}</p>`, licitaciones: '<p>Lo que escribí en licitaciones</p>' });
    expect(res.statusCode).toBe(400);
    const texto = textoDe(res.body);
    expect(texto).toContain('Revisá los textos');
    expect(texto).toContain('Escribí «Legales» con hasta 50.000 caracteres.');
    expect(res.body).toContain('&lt;p&gt;Lo que escribí en licitaciones&lt;/p&gt;');
    expect(await textosActuales()).toEqual(antes);
  });

  it('dos personas editan los textos: la segunda recibe 409 con lo que escribió, cómo quedó y la versión nueva', async () => {
    const version = versionDe((await ver(t, '/admin/boletin-vigente', editor)).body);
    const primera = await enviar(t, '/admin/boletin-vigente', admin, {
      intent: 'textos',
      version,
      legales: '<p>Texto de la administración</p>',
      licitaciones: '',
    });
    expect(primera.statusCode).toBe(303);
    const segunda = await enviar(t, '/admin/boletin-vigente', editor, { intent: 'textos', version, legales: '<p>Texto del editor</p>', licitaciones: '' });
    expect(segunda.statusCode).toBe(409);
    const texto = textoDe(segunda.body);
    expect(texto).toContain('Otra persona cambió el boletín vigente mientras lo editabas.');
    expect(texto).toContain('<p>Texto de la administración</p>');
    expect(segunda.body).toContain('&lt;p&gt;Texto del editor&lt;/p&gt;');
    const nueva = versionDe(segunda.body);
    expect(nueva).not.toBe(version);
    expect((await textosActuales())!.legales).toBe('<p>Texto de la administración</p>');
    const tercera = await enviar(t, '/admin/boletin-vigente', editor, {
      intent: 'textos',
      version: nueva,
      legales: '<p>Texto del editor</p>',
      licitaciones: '',
    });
    expect(tercera.statusCode).toBe(303);
    expect((await textosActuales())!.legales).toBe('<p>Texto del editor</p>');
  });

  it('ordenanzas y decretos: alta, validación, enlaces, cambio con 409, orden y borrado, auditados y en la página pública al instante', async () => {
    await publica();
    const alta = await enviar(t, '/admin/boletin-vigente', editor, {
      intent: 'crear',
      lista: 'ordenanzas',
      numero: '9101/2026',
      titulo: 'Ordenanza de prueba HTTP',
      link: '/consulta-ordenanzas',
    });
    expect(alta.statusCode, textoDe(alta.body).slice(0, 300)).toBe(303);
    expect(alta.headers.location).toBe('/admin/boletin-vigente?aviso=alta#lista-ordenanzas');
    const [o] = await t.database.db.select().from(boletinVigenteOrdenanzas).where(eq(boletinVigenteOrdenanzas.numero, '9101/2026'));
    expect(o).toMatchObject({ titulo: 'Ordenanza de prueba HTTP', link: '/consulta-ordenanzas' });
    expect(textoDe((await publica()).body)).toContain('Ordenanza de prueba HTTP');
    expect((await auditado('boletin_vigente.alta', 'boletin_vigente_ordenanza'))[0]).toMatchObject({ entidadId: String(o!.id), actorEmail: EDITOR.email });

    // Validation: Spanish messages, what was typed kept; hostile links refused.
    const mala = await enviar(t, '/admin/boletin-vigente', editor, {
      intent: 'crear',
      lista: 'decretos',
      numero: '',
      descripcion: 'Mi descripción escrita',
      area: '',
    });
    expect(mala.statusCode).toBe(400);
    expect(textoDe(mala.body)).toContain('Completá «Número».');
    expect(textoDe(mala.body)).toContain('Completá «Área».');
    expect(mala.body).toContain('value="Mi descripción escrita"');
    for (const link of [
      'javascript:alert(1)',
      ' JaVaScRiPt:alert(1)',
      'data:text/html,<script>alert(1)</script>',
      '//malo.example.org',
      '/\\malo.example.org',
      'ftp://x.org/',
    ]) {
      const r = await enviar(t, '/admin/boletin-vigente', editor, { intent: 'crear', lista: 'ordenanzas', numero: '1', titulo: 'Enlace hostil', link });
      expect(r.statusCode, link).toBe(400);
      expect(textoDe(r.body)).toContain('o una página de este sitio que empiece con /');
    }
    expect(await t.database.db.select().from(boletinVigenteOrdenanzas).where(eq(boletinVigenteOrdenanzas.titulo, 'Enlace hostil'))).toEqual([]);

    // A change over someone else's is 409; then it goes through.
    const url = `/admin/boletin-vigente/ordenanzas/${o!.id}`;
    const version = versionDe((await ver(t, url, editor)).body);
    const comun = { intent: 'guardar', numero: '9101/2026', link: 'https://www.villalaangostura.gob.ar/consulta-ordenanzas', version };
    expect((await enviar(t, url, admin, { ...comun, titulo: 'Título de la administración' })).statusCode).toBe(303);
    const choque = await enviar(t, url, editor, { ...comun, titulo: 'Título del editor' });
    expect(choque.statusCode).toBe(409);
    expect(choque.body).toContain('value="Título del editor"');
    const cambio = await enviar(t, url, editor, { ...comun, titulo: 'Título del editor', version: versionDe(choque.body) });
    expect(cambio.statusCode).toBe(303);
    expect(textoDe((await publica()).body)).toContain('Título del editor');
    expect((await auditado('boletin_vigente.cambio', 'boletin_vigente_ordenanza'))[0]).toMatchObject({
      antes: { titulo: 'Título de la administración' },
      despues: { titulo: 'Título del editor' },
    });

    // Reorder: the new line is last; «Subir» moves it one place.
    const subir = await enviar(t, '/admin/boletin-vigente', editor, { intent: 'subir', lista: 'ordenanzas', id: String(o!.id) });
    expect(subir.statusCode).toBe(303);
    expect((await auditado('boletin_vigente.orden', 'boletin_vigente_ordenanza')).length).toBeGreaterThan(0);

    // Delete, with its confirmation page and version.
    const paso = await ver(t, `${url}?paso=borrar`, editor);
    expect(textoDe(paso.body)).toContain('¿Borrar 9101/2026?');
    const borrado = await enviar(t, url, editor, { intent: 'borrar', version: versionDe(paso.body) });
    expect(borrado.statusCode).toBe(303);
    expect(borrado.headers.location).toBe('/admin/boletin-vigente?aviso=borrado#lista-ordenanzas');
    expect(textoDe((await publica()).body)).not.toContain('Título del editor');
    expect((await auditado('boletin_vigente.baja', 'boletin_vigente_ordenanza'))[0]).toMatchObject({ antes: { titulo: 'Título del editor' } });

    // A decree line shows on the public page with its area.
    const decreto = await enviar(t, '/admin/boletin-vigente', admin, {
      intent: 'crear',
      lista: 'decretos',
      numero: '777/2026',
      descripcion: 'Decreto de prueba HTTP',
      area: 'Hacienda',
    });
    expect(decreto.statusCode).toBe(303);
    expect(textoDe((await publica()).body)).toContain('Decreto de prueba HTTP');
  });
});
