// A back-office section added the way a new one is (docs/architecture.md, «Agregar una sección»):
// a registry entry and one page, declared in tests/fixtures/seccion-de-prueba.ts and nowhere else.
// Over HTTP on the built app it appears in the menu of its roles, inside its group; the one guard
// keeps it (anonymous to /login, another role the 403, its roles 200, no-store on every answer);
// its upload takes a file within the section's limit and refuses a larger body with the same 413
// in Spanish as the other sections, or with the section's words before reading it from another
// role; and its write is audited.
import { and, count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditoria } from '#db/schema/index.ts';
import { type TestApp, createTestApp } from '#tests/setup/app.ts';
import { engines } from '#tests/setup/database.ts';
import { ADMIN, EDITOR, MESA, enviar, ingresar, textoDe, ver } from '#tests/setup/panel.ts';
import { subirFormulario } from '#tests/setup/subidas.ts';
import { LIMITE_PRUEBA, seccionDePrueba } from '#tests/fixtures/seccion-de-prueba.ts';

const archivo = (bytes: number) => new File([new Uint8Array(bytes)], 'prueba.bin', { type: 'application/octet-stream' });
const enlacesDelMenu = (html: string) => [...(/<nav class="admin__menu"[\s\S]*?<\/nav>/.exec(html)?.[0] ?? '').matchAll(/href="([^"]+)"/g)].map((m) => m[1]);

describe.each(engines)('una sección nueva del panel, declarada sólo en su entrada y su página (%s)', (engine) => {
  let t: TestApp;
  let admin: string;
  let editor: string;
  let mesa: string;

  beforeAll(async () => {
    t = await createTestApp(engine, { secciones: (mod) => [seccionDePrueba(mod)] });
    [admin, editor, mesa] = await Promise.all([ingresar(t, ADMIN), ingresar(t, EDITOR), ingresar(t, MESA)]);
  });
  afterAll(() => t?.close());

  const subidas = async () =>
    (
      await t.database.db
        .select({ n: count() })
        .from(auditoria)
        .where(and(eq(auditoria.accion, 'prueba.subida'), eq(auditoria.actorEmail, EDITOR.email)))
    )[0]!.n;

  it('aparece en el menú de sus roles, al final de su grupo; no en el de los demás', async () => {
    expect(enlacesDelMenu((await ver(t, '/admin', editor)).body)).toEqual([
      '/admin',
      '/admin/reclamos',
      '/admin/reclamos/plantillas',
      '/admin/ordenanzas',
      '/admin/boletines',
      '/admin/estados-contables',
      '/admin/sueldos',
      '/admin/gobierno',
      '/admin/publicaciones',
      '/admin/busquedas',
      '/admin/recoleccion',
      '/admin/pruebas',
      '/admin/cuenta',
    ]);
    const delAdministrador = enlacesDelMenu((await ver(t, '/admin', admin)).body);
    expect(delAdministrador.indexOf('/admin/pruebas')).toBe(delAdministrador.indexOf('/admin/recoleccion') + 1);
    expect(enlacesDelMenu((await ver(t, '/admin', mesa)).body)).not.toContain('/admin/pruebas');
  });

  it('la guardia: sin sesión a /login con el regreso, otro rol ve el 403, sus roles la página; nada se guarda en caché', async () => {
    const anonima = await ver(t, '/admin/pruebas');
    expect(anonima.statusCode).toBe(302);
    expect(anonima.headers.location).toBe('/login?siguiente=%2Fadmin%2Fpruebas');
    expect(anonima.headers['cache-control']).toBe('no-store');
    for (const url of ['/admin/pruebas', '/admin/pruebas.data']) {
      const prohibida = await ver(t, url, mesa);
      expect(prohibida.statusCode, url).toBe(403);
      expect(prohibida.headers['cache-control'], url).toBe('no-store');
    }
    const prohibida = await ver(t, '/admin/pruebas', mesa);
    expect(prohibida.body).toContain('No tenés permiso para ver esta página');
    // The shell around the 403 is still the person's: their menu, not the section's.
    expect(enlacesDelMenu(prohibida.body)).toContain('/admin/solicitudes');
    const post = await enviar(t, '/admin/pruebas', mesa, { nada: '1' });
    expect(post.statusCode).toBe(403);
    expect(post.headers['cache-control']).toBe('no-store');
    for (const [sesion, cuenta] of [
      [editor, EDITOR],
      [admin, ADMIN],
    ] as const) {
      const pagina = await ver(t, '/admin/pruebas', sesion);
      expect(pagina.statusCode).toBe(200);
      expect(pagina.headers['cache-control']).toBe('no-store');
      expect(pagina.headers['x-cache']).toBe('bypass');
      expect(textoDe(pagina.body)).toContain(`Pruebas de ${cuenta.nombre}`);
    }
  });

  it('sube un archivo dentro de su límite y lo audita; uno más grande, el 413 en castellano de las otras secciones; de otro rol, sus palabras antes de leerlo', async () => {
    const antes = await subidas();
    const bien = await subirFormulario(t, '/admin/pruebas', editor, [['archivo', archivo(LIMITE_PRUEBA)]]);
    expect(bien.statusCode).toBe(303);
    expect(bien.headers.location).toBe('/admin/pruebas?aviso=subido');
    expect(bien.headers['cache-control']).toBe('no-store');
    expect(await subidas()).toBe(antes + 1);
    const [fila] = await t.database.db.select().from(auditoria).where(eq(auditoria.accion, 'prueba.subida')).limit(1);
    expect(fila).toMatchObject({ actorEmail: EDITOR.email, actorRol: 'editor', entidad: 'prueba' });

    const grande = await subirFormulario(t, '/admin/pruebas', editor, [['archivo', archivo(LIMITE_PRUEBA + 100 * 1024)]]);
    expect(grande.statusCode).toBe(413);
    expect(textoDe(grande.body)).toContain('El archivo supera los 98 KB permitidos');
    expect(await subidas()).toBe(antes + 1);

    const ajena = await subirFormulario(t, '/admin/pruebas', mesa, [['archivo', archivo(2 * 1024 * 1024)]]);
    expect(ajena.statusCode).toBe(403);
    expect(textoDe(ajena.body)).toContain('Para subir pruebas tenés que haber ingresado al panel con un usuario editor o de administración.');
    expect(await subidas()).toBe(antes + 1);
  });
});
