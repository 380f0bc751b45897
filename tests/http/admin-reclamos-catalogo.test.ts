// The catalogue of citizen reports in the back-office (docs/decisions/057-reclamos.md), over HTTP on
// the built app: only administration opens categories, bodies and Open311 keys; the desk and editors
// open the answer templates; each form works without JavaScript (plain posts, 303 on success, 400
// with the Spanish errors and what was typed), and the Open311 key is shown once and never again.
import { createHash } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { categoriasReclamo, clavesOpen311, organismosReclamo, plantillasReclamo } from '#db/schema/index.ts';
import { verificarClaveOpen311 } from '#domain/reclamos/catalogo.ts';
import { engines } from '#tests/setup/database.ts';
import { enviar, panelDePrueba, textoDe, ver } from '#tests/setup/panel.ts';

describe.each(engines)('el catálogo de reclamos en el panel (%s)', (engine) => {
  const p = panelDePrueba(engine);

  it('la guardia: administración abre el catálogo; la mesa y los editores, sólo las plantillas', async () => {
    const catalogo = ['/admin/reclamos/categorias', '/admin/reclamos/categorias/nueva', '/admin/reclamos/organismos', '/admin/reclamos/claves-open311'];
    for (const url of [...catalogo, '/admin/reclamos/plantillas']) {
      const res = await ver(p.t, url, p.admin);
      expect(res.statusCode, url).toBe(200);
      expect(res.headers['cache-control'], url).toBe('no-store');
    }
    for (const sesion of [p.editor, p.mesa]) {
      for (const url of catalogo) expect((await ver(p.t, url, sesion)).statusCode, url).toBe(403);
      expect((await enviar(p.t, '/admin/reclamos/categorias/nueva', sesion, { nombre: 'Intrusa' })).statusCode).toBe(403);
      const plantillas = await ver(p.t, '/admin/reclamos/plantillas', sesion);
      expect(plantillas.statusCode).toBe(200);
      // Their page does not link to what they cannot open.
      expect(plantillas.body).not.toContain('href="/admin/reclamos/categorias"');
    }
    expect((await p.t.database.db.select().from(categoriasReclamo).where(eq(categoriasReclamo.codigo, 'intrusa'))).length).toBe(0);
    expect((await ver(p.t, '/admin/reclamos/categorias')).statusCode).toBe(302);
  });

  it('una categoría con preguntas: errores en castellano con lo tipeado, alta, edición, orden y baja', async () => {
    const mal = await enviar(p.t, '/admin/reclamos/categorias/nueva', p.admin, {
      nombre: 'Vereda rota',
      codigo: 'Vereda Rota',
      radioDuplicadosM: '3',
      plazoDiasHabiles: '400',
      pregunta_etiqueta_2: '¿Qué tan grande?',
      pregunta_tipo_2: 'opcion',
      pregunta_opciones_2: 'Chica',
    });
    expect(mal.statusCode).toBe(400);
    const texto = textoDe(mal.body);
    expect(texto).toContain('Error: Agregar una categoría de reclamos');
    expect(texto).toContain('Revisá la categoría');
    expect(texto).toContain('Radio de duplicados (metros): Escribí el radio de duplicados en metros, un número entero entre 5 y 1000.');
    expect(texto).toContain('Plazo (días hábiles): Escribí el plazo en días hábiles, un número entero entre 1 y 365.');
    expect(texto).toContain('Pregunta 1: escribí al menos dos opciones, una por línea.');
    expect(mal.body).toContain('href="#pregunta_etiqueta_1"');
    // What was typed comes back, the question row too.
    expect(mal.body).toMatch(/id="codigo"[^>]*value="Vereda Rota"|value="Vereda Rota"[^>]*id="codigo"/);
    expect(mal.body).toContain('¿Qué tan grande?');

    const bien = await enviar(p.t, '/admin/reclamos/categorias/nueva', p.admin, {
      nombre: 'Vereda rota',
      grupo: 'Calles y veredas',
      radioDuplicadosM: '30',
      plazoDiasHabiles: '20',
      servicioVehiculo: 'ninguno',
      pregunta_etiqueta_1: '¿Qué tan grande?',
      pregunta_tipo_1: 'opcion',
      pregunta_opciones_1: 'Chica\nGrande',
      pregunta_requerida_1: 'on',
    });
    expect(bien.statusCode).toBe(303);
    expect(bien.headers.location).toBe('/admin/reclamos/categorias?aviso=alta');
    const [c] = await p.t.database.db.select().from(categoriasReclamo).where(eq(categoriasReclamo.codigo, 'vereda-rota'));
    expect(c).toMatchObject({ plazoDiasHabiles: 20, preguntas: [{ codigo: 'que-tan-grande', tipo: 'opcion', requerida: true }] });
    const lista = await ver(p.t, '/admin/reclamos/categorias?aviso=alta', p.admin);
    expect(textoDe(lista.body)).toContain('Agregamos la categoría');
    expect(lista.body).toContain(`href="/admin/reclamos/categorias/${c!.id}"`);

    // The edit page shows its question as a row, and an emptied row removes it.
    const edicion = await ver(p.t, `/admin/reclamos/categorias/${c!.id}`, p.admin);
    expect(edicion.statusCode).toBe(200);
    expect(edicion.body).toContain('chica: Chica');
    const editada = await enviar(p.t, `/admin/reclamos/categorias/${c!.id}`, p.admin, { nombre: 'Vereda rota', codigo: 'vereda-rota', plazoDiasHabiles: '25' });
    expect(editada.statusCode).toBe(303);
    const [despues] = await p.t.database.db.select().from(categoriasReclamo).where(eq(categoriasReclamo.id, c!.id));
    expect(despues).toMatchObject({ plazoDiasHabiles: 25, preguntas: [] });
    expect(await p.auditado('reclamos.categoria_cambio', c!.id)).toHaveLength(1);

    expect((await ver(p.t, '/admin/reclamos/categorias/999999', p.admin)).statusCode).toBe(404);
    expect((await ver(p.t, '/admin/reclamos/categorias/abc', p.admin)).statusCode).toBe(404);

    const subir = await enviar(p.t, '/admin/reclamos/categorias', p.admin, { id: String(c!.id), intent: 'arriba' });
    expect(subir.statusCode).toBe(303);
    expect(await p.auditado('reclamos.categoria_orden', c!.id)).toHaveLength(1);
    const baja = await enviar(p.t, '/admin/reclamos/categorias', p.admin, { id: String(c!.id), intent: 'desactivar' });
    expect(baja.headers.location).toBe('/admin/reclamos/categorias?aviso=desactivada');
    expect((await p.t.database.db.select().from(categoriasReclamo).where(eq(categoriasReclamo.id, c!.id)))[0]!.activa).toBe(false);
    const rara = await enviar(p.t, '/admin/reclamos/categorias', p.admin, { id: '999999', intent: 'activar' });
    expect(rara.statusCode).toBe(400);
    expect(textoDe(rara.body)).toContain('Esa categoría ya no existe');
    expect((await enviar(p.t, '/admin/reclamos/categorias', p.admin, { intent: 'otra-cosa' })).statusCode).toBe(400);
  });

  it('organismos: el correo se valida y se edita como un paso de la página', async () => {
    const mal = await enviar(p.t, '/admin/reclamos/organismos', p.admin, { intent: 'crear', nombre: 'Gendarmería', email: 'gendarmeria' });
    expect(mal.statusCode).toBe(400);
    expect(textoDe(mal.body)).toContain('Correo para los reclamos: Ingresá un email válido, por ejemplo reclamos@organismo.gob.ar.');
    const bien = await enviar(p.t, '/admin/reclamos/organismos', p.admin, { intent: 'crear', nombre: 'Gendarmería', email: 'gendarmeria@ejemplo.ar' });
    expect(bien.statusCode).toBe(303);
    const [organismo] = await p.t.database.db.select().from(organismosReclamo).where(eq(organismosReclamo.nombre, 'Gendarmería'));
    const id = String(organismo!.id);
    const lista = await ver(p.t, '/admin/reclamos/organismos?aviso=alta', p.admin);
    expect(textoDe(lista.body)).toContain('Agregamos el organismo');
    expect(lista.body).toContain(`href="/admin/reclamos/organismos?editar=${id}"`);
    const paso = await ver(p.t, `/admin/reclamos/organismos?editar=${id}`, p.admin);
    expect(textoDe(paso.body)).toContain('Editar «Gendarmería»');
    expect(
      (await enviar(p.t, `/admin/reclamos/organismos?editar=${id}`, p.admin, { intent: 'editar', id, nombre: 'Gendarmería Nacional', email: 'gn@ejemplo.ar' }))
        .statusCode,
    ).toBe(303);
    expect((await ver(p.t, '/admin/reclamos/organismos?editar=999999', p.admin)).statusCode).toBe(404);
  });

  it('plantillas: un marcador desconocido se rechaza nombrándolo; la mesa las escribe y las borra con confirmación', async () => {
    const mal = await enviar(p.t, '/admin/reclamos/plantillas', p.mesa, {
      intent: 'crear',
      estado: 'resuelto',
      nombre: 'Listo',
      texto: 'Listo el {codigo} en {calle}.',
    });
    expect(mal.statusCode).toBe(400);
    expect(textoDe(mal.body)).toContain('El marcador {calle} no existe');
    const bien = await enviar(p.t, '/admin/reclamos/plantillas', p.mesa, { intent: 'crear', estado: 'resuelto', nombre: 'Listo', texto: 'Listo el {codigo}.' });
    expect(bien.statusCode).toBe(303);
    const [fila] = await p.t.database.db.select().from(plantillasReclamo).where(eq(plantillasReclamo.nombre, 'Listo'));
    const confirmar = await ver(p.t, `/admin/reclamos/plantillas?borrar=${fila!.id}`, p.mesa);
    expect(textoDe(confirmar.body)).toContain('¿Borrar la plantilla «Listo»?');
    expect((await enviar(p.t, '/admin/reclamos/plantillas', p.mesa, { intent: 'borrar', id: String(fila!.id) })).headers.location).toBe(
      '/admin/reclamos/plantillas?aviso=baja',
    );
    expect(await p.t.database.db.select().from(plantillasReclamo).where(eq(plantillasReclamo.id, fila!.id))).toEqual([]);
  });

  it('una clave de Open311 se muestra una sola vez, se guarda su hash y se revoca', async () => {
    const vacia = await enviar(p.t, '/admin/reclamos/claves-open311', p.admin, { intent: 'emitir', nombre: '' });
    expect(vacia.statusCode).toBe(400);
    expect(textoDe(vacia.body)).toContain('Escribí para quién es la clave');
    const res = await enviar(p.t, '/admin/reclamos/claves-open311', p.admin, { intent: 'emitir', nombre: 'App de prueba HTTP' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('no-store');
    const clave = /vla311_[A-Za-z0-9_-]{43}/.exec(res.body)?.[0];
    expect(clave).toBeDefined();
    expect(textoDe(res.body)).toContain('no la vamos a mostrar de nuevo');
    const [fila] = await p.t.database.db.select().from(clavesOpen311).where(eq(clavesOpen311.nombre, 'App de prueba HTTP'));
    expect(fila!.claveHash).toBe(createHash('sha256').update(clave!).digest('base64url'));
    // The list never shows it again.
    expect((await ver(p.t, '/admin/reclamos/claves-open311', p.admin)).body).not.toContain(clave!);
    expect(await verificarClaveOpen311(p.t.database.db, clave)).toEqual({ id: fila!.id });
    const revocada = await enviar(p.t, '/admin/reclamos/claves-open311', p.admin, { intent: 'revocar', id: String(fila!.id) });
    expect(revocada.statusCode).toBe(303);
    expect(await verificarClaveOpen311(p.t.database.db, clave)).toBeNull();
    const otra = await enviar(p.t, '/admin/reclamos/claves-open311', p.admin, { intent: 'revocar', id: String(fila!.id) });
    expect(otra.statusCode).toBe(404);
    expect(textoDe(otra.body)).toContain('ya estaba revocada');
  });
});
