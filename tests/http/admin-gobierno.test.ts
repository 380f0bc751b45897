// The Gobierno back-office /admin/gobierno and the site settings /admin/ajustes over
// HTTP on the built app: roles (the desk 403, an editor kept out of the settings), validation in
// Spanish keeping what was typed, hostile input (script tags, javascript: addresses, huge fields,
// unknown kinds and ids) answered 4xx and never 5xx, the 409 of a save over someone else's, the
// delete step audited, and every change on the public page at once (the render cache follows the
// content version, docs/decisions/007-cache-de-paginas.md).
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { areasMunicipales, auditoria, planEstrategicoEnlaces } from '#db/schema/index.ts';
import { type TestApp, createTestApp } from '#tests/setup/app.ts';
import { engines } from '#tests/setup/database.ts';
import { ADMIN, EDITOR, MESA, enviar, ingresar, textoDe, ver } from '#tests/setup/panel.ts';

/** The value of the form's hidden `version` field. */
const versionDe = (html: string) => /name="version" value="([^"]+)"/.exec(html)?.[1] ?? '';

describe.each(engines)('/admin/gobierno y /admin/ajustes (%s)', (engine) => {
  let t: TestApp;
  let admin: string;
  let editor: string;
  let mesa: string;

  beforeAll(async () => {
    t = await createTestApp(engine);
    [admin, editor, mesa] = await Promise.all([ingresar(t, ADMIN), ingresar(t, EDITOR), ingresar(t, MESA)]);
  });
  afterAll(() => t?.close());

  const area = async (nombre: string) => (await t.database.db.select().from(areasMunicipales).where(eq(areasMunicipales.nombre, nombre)))[0];
  const auditado = (accion: string, entidad: string, id: number) =>
    t.database.db
      .select()
      .from(auditoria)
      .where(and(eq(auditoria.accion, accion), eq(auditoria.entidad, entidad), eq(auditoria.entidadId, String(id))));
  const publica = async (url: string) => {
    const res = await t.app.inject({ url });
    expect(res.statusCode, url).toBe(200);
    return res;
  };
  async function alta(nombre: string, extra: Record<string, string> = {}) {
    const res = await enviar(t, '/admin/gobierno/areas', editor, {
      intent: 'crear',
      nombre,
      domicilio: 'Calle 1',
      telefono: '+54 294 400-0000',
      email: '',
      ...extra,
    });
    expect(res.statusCode, textoDe(res.body).slice(0, 300)).toBe(303);
    return (await area(nombre))!;
  }

  it('editores y administradores; la mesa de entradas ve el 403; un editor no llega a los ajustes; sin sesión, a /login', async () => {
    const { id } = (await t.database.db.select().from(areasMunicipales).limit(1))[0]!;
    for (const url of ['/admin/gobierno', '/admin/gobierno/areas', `/admin/gobierno/areas/${id}`, `/admin/gobierno/areas/${id}?paso=borrar`]) {
      for (const sesion of [admin, editor]) {
        const res = await ver(t, url, sesion);
        expect(res.statusCode, url).toBe(200);
        expect(res.headers['cache-control']).toBe('no-store');
      }
      const prohibida = await ver(t, url, mesa);
      expect(prohibida.statusCode, url).toBe(403);
      expect(prohibida.body).toContain('No tenés permiso para ver esta página');
      const anonima = await ver(t, url);
      expect(anonima.statusCode).toBe(302);
      expect(anonima.headers.location).toBe(`/login?siguiente=${encodeURIComponent(url)}`);
    }
    expect((await ver(t, '/admin/ajustes', admin)).statusCode).toBe(200);
    for (const sesion of [editor, mesa]) {
      expect((await ver(t, '/admin/ajustes', sesion)).statusCode).toBe(403);
      expect((await enviar(t, '/admin/ajustes', sesion, { intent: 'guardar', 'redes-instagram': 'https://malo.example.org/' })).statusCode).toBe(403);
    }
    const intrusa = await enviar(t, '/admin/gobierno/areas', mesa, { intent: 'crear', nombre: 'Intrusa' });
    expect(intrusa.statusCode).toBe(403);
    expect(await area('Intrusa')).toBeUndefined();
    // The menu: Gobierno for editors and administrators, Ajustes for administrators only.
    const menuEditor = (await ver(t, '/admin', editor)).body;
    expect(menuEditor).toContain('href="/admin/gobierno"');
    expect(menuEditor).not.toContain('href="/admin/ajustes"');
    expect((await ver(t, '/admin', admin)).body).toContain('href="/admin/ajustes"');
    expect((await ver(t, '/admin', mesa)).body).not.toContain('href="/admin/gobierno"');
  });

  it('un :tipo o un :id desconocido es 404, sin 5xx', async () => {
    for (const url of [
      '/admin/gobierno/nada',
      '/admin/gobierno/__proto__',
      '/admin/gobierno/constructor/1',
      '/admin/gobierno/areas/999999',
      '/admin/gobierno/areas/abc',
      '/admin/gobierno/areas/0',
      '/admin/gobierno/areas/1e3',
      '/admin/gobierno/areas/99999999999999999999',
    ]) {
      expect((await ver(t, url, editor)).statusCode, url).toBe(404);
    }
    expect((await enviar(t, '/admin/gobierno/nada', editor, { intent: 'crear', nombre: 'x' })).statusCode).toBe(404);
    expect((await enviar(t, '/admin/gobierno/areas/999999', editor, { intent: 'guardar', nombre: 'x' })).statusCode).toBe(404);
    expect((await enviar(t, '/admin/gobierno/areas', editor, { intent: 'subir', id: 'x' })).statusCode).toBe(404);
    expect((await enviar(t, '/admin/gobierno/areas', editor, { intent: 'otra' })).statusCode).toBe(400);
    const filtro = await ver(t, `/admin/gobierno/areas?pagina=abc&texto=${'x'.repeat(200)}`, editor);
    expect(filtro.statusCode).toBe(400);
    expect(textoDe(filtro.body)).toContain('Escribí la búsqueda con hasta 100 caracteres.');
  });

  it('alta, cambio de teléfono y orden: la página pública /areas los muestra al instante', async () => {
    await publica('/areas');
    expect((await publica('/areas')).headers['x-cache']).toBe('hit');
    const nueva = await alta('Área de Prueba HTTP');
    expect((await auditado('gobierno.alta', 'area_municipal', nueva.id)).length).toBe(1);
    const tras = await publica('/areas');
    expect(textoDe(tras.body)).toContain('Área de Prueba HTTP');

    const edicion = await ver(t, `/admin/gobierno/areas/${nueva.id}`, editor);
    expect(edicion.body).toContain('href="/areas"');
    const res = await enviar(t, `/admin/gobierno/areas/${nueva.id}`, editor, {
      intent: 'guardar',
      nombre: nueva.nombre,
      domicilio: nueva.domicilio,
      telefono: '+54 294 411-2233',
      email: '',
      version: versionDe(edicion.body),
    });
    expect(res.statusCode, textoDe(res.body).slice(0, 400)).toBe(303);
    expect(res.headers.location).toBe(`/admin/gobierno/areas/${nueva.id}?aviso=cambio`);
    expect(textoDe((await publica('/areas')).body)).toContain('+54 294 411-2233');
    expect(await auditado('gobierno.cambio', 'area_municipal', nueva.id)).toMatchObject([
      { antes: { telefono: '+54 294 400-0000' }, despues: { telefono: '+54 294 411-2233' }, actorEmail: EDITOR.email },
    ]);

    // The new area is last; moving it up puts it before the one that was last.
    const lista = await ver(t, '/admin/gobierno/areas', editor);
    expect(textoDe(lista.body)).toContain('Subir Área de Prueba HTTP Bajar Área de Prueba HTTP');
    const antes = textoDe((await publica('/areas')).body);
    const movida = await enviar(t, '/admin/gobierno/areas', editor, { intent: 'subir', id: String(nueva.id) });
    expect(movida.statusCode).toBe(303);
    expect(movida.headers.location).toBe(`/admin/gobierno/areas?aviso=movido#fila-${nueva.id}`);
    const despues = textoDe((await publica('/areas')).body);
    expect(despues).not.toBe(antes);
    expect((await auditado('gobierno.orden', 'area_municipal', nueva.id)).length).toBe(1);
  });

  it('validación: 400 con el resumen en castellano y lo escrito; etiquetas script se guardan como texto y salen escapadas', async () => {
    const res = await enviar(t, '/admin/gobierno/areas', editor, {
      intent: 'crear',
      nombre: '',
      domicilio: 'Mi domicilio escrito',
      telefono: 'llamame',
      email: 'no@',
    });
    expect(res.statusCode).toBe(400);
    const texto = textoDe(res.body);
    expect(texto).toContain('Revisá los datos');
    expect(texto).toContain('Completá «Nombre».');
    expect(texto).toContain('Escribí «Teléfono» con números');
    expect(texto).toContain('Escribí un correo electrónico válido en «Correo electrónico»');
    expect(res.body).toContain('value="Mi domicilio escrito"');
    expect(res.body).toContain('value="llamame"');

    const hostil = '<script>alert("x")</script><img src=x onerror=alert(1)>';
    const creada = await alta(`Área ${hostil}`);
    expect(creada.nombre).toBe(`Área ${hostil}`);
    for (const html of [
      (await publica('/areas')).body,
      (await ver(t, `/admin/gobierno/areas/${creada.id}`, editor)).body,
      (await ver(t, '/admin/gobierno/areas', editor)).body,
    ]) {
      expect(html).not.toContain('<script>alert');
      expect(html).not.toContain('<img src=x');
      expect(html).toContain('&lt;script&gt;alert');
    }

    const enorme = await enviar(t, '/admin/gobierno/areas', editor, { intent: 'crear', nombre: 'x'.repeat(100_000) });
    expect(enorme.statusCode).toBe(400);
    expect(textoDe(enorme.body)).toContain('Escribí «Nombre» con hasta 150 caracteres.');

    for (const url of ['javascript:alert(1)', ' JaVaScRiPt:alert(1)', 'data:text/html,<script>alert(1)</script>', '//malo.example.org', 'ftp://x.org/']) {
      const r = await enviar(t, '/admin/gobierno/plan-estrategico', editor, { intent: 'crear', titulo: 'Enlace hostil', descripcion: '', url });
      expect(r.statusCode, url).toBe(400);
      expect(textoDe(r.body)).toContain('una dirección que empiece con https:// o http://');
    }
    expect(await t.database.db.select().from(planEstrategicoEnlaces).where(eq(planEstrategicoEnlaces.titulo, 'Enlace hostil'))).toEqual([]);
    const cuerpoRoto = await enviar(t, '/admin/gobierno/areas', editor, '%%%');
    expect(cuerpoRoto.statusCode).toBeLessThan(500);
  });

  it('dos personas editan la misma área: la segunda recibe 409 con su texto y la versión nueva', async () => {
    const a = await alta('Área Compartida');
    const pagina = (await ver(t, `/admin/gobierno/areas/${a.id}`, editor)).body;
    const version = versionDe(pagina);
    const comun = { intent: 'guardar', nombre: 'Área Compartida', domicilio: 'Calle 1', email: '', version };
    expect((await enviar(t, `/admin/gobierno/areas/${a.id}`, admin, { ...comun, telefono: '111' })).statusCode).toBe(303);
    const segunda = await enviar(t, `/admin/gobierno/areas/${a.id}`, editor, { ...comun, telefono: '222' });
    expect(segunda.statusCode).toBe(409);
    expect(textoDe(segunda.body)).toContain('Otra persona cambió el área mientras lo editabas.');
    expect(segunda.body).toContain('value="222"');
    const nueva = versionDe(segunda.body);
    expect(nueva).not.toBe(version);
    expect((await area('Área Compartida'))!.telefono).toBe('111');
    expect((await enviar(t, `/admin/gobierno/areas/${a.id}`, editor, { ...comun, telefono: '222', version: nueva })).statusCode).toBe(303);
    expect((await area('Área Compartida'))!.telefono).toBe('222');
  });

  it('borrar pide confirmación en una página propia, queda auditado y la página pública deja de mostrarla', async () => {
    const a = await alta('Área a Borrar');
    expect(textoDe((await publica('/areas')).body)).toContain('Área a Borrar');
    const paso = await ver(t, `/admin/gobierno/areas/${a.id}?paso=borrar`, editor);
    expect(textoDe(paso.body)).toContain('¿Borrar Área a Borrar?');
    const version = versionDe(paso.body);
    expect((await enviar(t, `/admin/gobierno/areas/${a.id}`, editor, { intent: 'borrar', version: 'vieja' })).statusCode).toBe(409);
    const res = await enviar(t, `/admin/gobierno/areas/${a.id}`, editor, { intent: 'borrar', version });
    expect(res.statusCode).toBe(303);
    expect(res.headers.location).toBe('/admin/gobierno/areas?aviso=borrado');
    expect(await area('Área a Borrar')).toBeUndefined();
    expect(await auditado('gobierno.baja', 'area_municipal', a.id)).toMatchObject([{ antes: { nombre: 'Área a Borrar' }, actorEmail: EDITOR.email }]);
    expect(textoDe((await publica('/areas')).body)).not.toContain('Área a Borrar');
    expect((await ver(t, `/admin/gobierno/areas/${a.id}`, editor)).statusCode).toBe(404);
  });

  it('borrar una secretaría avisa que se borran sus subsecretarías', async () => {
    const res = await enviar(t, '/admin/gobierno/secretarias', editor, { intent: 'crear', nombre: 'Secretaría con Hijas' });
    expect(res.statusCode).toBe(303);
    const paso = await ver(t, `${(res.headers.location as string).split('?')[0]}?paso=borrar`, editor);
    expect(textoDe(paso.body)).toContain('También se borran sus subsecretarías.');
  });

  it('el Ejecutivo, un solo elemento: la lista lleva a su formulario y no se borra', async () => {
    const res = await ver(t, '/admin/gobierno/ejecutivo', editor);
    expect(res.statusCode).toBe(302);
    const url = res.headers.location as string;
    expect(url).toMatch(/^\/admin\/gobierno\/ejecutivo\/\d+$/);
    const pagina = await ver(t, url, editor);
    expect(pagina.body).not.toContain('?paso=borrar');
    // What the browser sends: every input with its value, a radio button only when checked (the publication controls, docs/decisions/053).
    const campos = Object.fromEntries(
      [...pagina.body.matchAll(/<input[^>]*name="([^"]+)"[^>]*value="([^"]*)"[^>]*>/g)]
        .filter((m) => !m[0].includes('type="radio"') || m[0].includes('checked'))
        .map((m) => [m[1]!, m[2]!]),
    );
    const guardado = await enviar(t, url, editor, { ...campos, intent: 'guardar', intendenteNombre: 'Intendenta de Prueba' });
    expect(guardado.statusCode, textoDe(guardado.body).slice(0, 300)).toBe(303);
    expect(textoDe((await publica('/ejecutivo')).body)).toContain('Intendenta de Prueba');
    expect((await enviar(t, url, editor, { intent: 'borrar', version: versionDe((await ver(t, url, editor)).body) })).statusCode).toBe(403);
  });

  it('ajustes: el administrador cambia una red y un enlace de empleados; el sitio los muestra al instante; javascript: y un conflicto se rechazan', async () => {
    await publica('/home');
    const pagina = await ver(t, '/admin/ajustes', admin);
    expect(pagina.statusCode).toBe(200);
    // What the browser sends: every input with its value, a radio button only when checked (the publication controls, docs/decisions/053).
    const campos = Object.fromEntries(
      [...pagina.body.matchAll(/<input[^>]*name="([^"]+)"[^>]*value="([^"]*)"[^>]*>/g)]
        .filter((m) => !m[0].includes('type="radio"') || m[0].includes('checked'))
        .map((m) => [m[1]!, m[2]!.replace(/&amp;/g, '&')]),
    );
    expect(campos['redes-instagram']).toMatch(/^https:\/\//);

    const malo = await enviar(t, '/admin/ajustes', admin, { ...campos, intent: 'guardar', 'redes-instagram': 'javascript:alert(1)', 'enlaces-turismo': '' });
    expect(malo.statusCode).toBe(400);
    expect(textoDe(malo.body)).toContain('Escribí en «Instagram» una dirección que empiece con https:// o http://');
    expect(textoDe(malo.body)).toContain('Completá «Turismo».');
    expect(malo.body).toContain('value="javascript:alert(1)"');

    const bien = await enviar(t, '/admin/ajustes', admin, {
      ...campos,
      intent: 'guardar',
      'redes-instagram': 'https://www.instagram.com/vla-prueba/',
      'enlaces-recibosSueldo': 'https://recibos.prueba.example.org/ingreso',
    });
    expect(bien.statusCode, textoDe(bien.body).slice(0, 300)).toBe(303);
    expect((await publica('/home')).body).toContain('https://www.instagram.com/vla-prueba/');
    const recibos = await publica('/acceso-empleados?destino=recibos');
    expect(recibos.body).toContain('https://recibos.prueba.example.org/ingreso');
    const [entrada] = await t.database.db.select().from(auditoria).where(eq(auditoria.accion, 'ajustes.cambio'));
    expect(entrada).toMatchObject({ actorEmail: ADMIN.email, despues: { redes: { instagram: 'https://www.instagram.com/vla-prueba/' } } });

    // The same form sent again, with the version it was opened at: someone changed the settings since.
    const tarde = await enviar(t, '/admin/ajustes', admin, { ...campos, intent: 'guardar', 'redes-x': 'https://x.com/otra' });
    expect(tarde.statusCode).toBe(409);
    expect(textoDe(tarde.body)).toContain('Otra persona cambió los ajustes mientras los editabas.');
    expect(tarde.body).toContain('value="https://x.com/otra"');
  });
});
