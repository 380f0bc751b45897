// The staff's desk of citizen reports (docs/decisions/057-reclamos.md), over HTTP on the built app:
// the queue with its clocks and its filters in the address, the CSV export without the reporter,
// the heat map's table, and each report's page with its actions as plain form posts (303 with a
// notice when done, 400/409 with the Spanish reason otherwise) by each role that may answer
// reports; the reporter's e-mail only for the desk and administration.
import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { areasMunicipales, auditoria, historialReclamos, plantillasReclamo, reclamos, usuarios } from '#db/schema/index.ts';
import { engines } from '#tests/setup/database.ts';
import { EDITOR, enviar, panelDePrueba, textoDe, ver } from '#tests/setup/panel.ts';
import { insertCategoriaReclamo, insertOrganismoReclamo, insertReclamo } from '#tests/setup/reclamos.ts';

describe.each(engines)('la mesa de reclamos en el panel (%s)', (engine) => {
  const p = panelDePrueba(engine);
  const db = () => p.t.database.db;
  const fila = async (id: number) => (await db().select().from(reclamos).where(eq(reclamos.id, id)))[0]!;
  const hoy = () => p.t.context.clock.now();
  const dia = (desplazamiento: number) => new Date(hoy().getTime() + desplazamiento * 86_400_000).toISOString().slice(0, 10);

  it('la guardia: la mesa, los editores y administración abren la cola; sin sesión, al ingreso', async () => {
    const { id: categoriaId } = await insertCategoriaReclamo(db());
    const r = await insertReclamo(p.t.context, { categoriaId });
    for (const sesion of [p.admin, p.editor, p.mesa]) {
      for (const url of ['/admin/reclamos', `/admin/reclamos/${r.codigo}`, '/admin/reclamos/mapa-de-calor', '/admin/reclamos.csv']) {
        const res = await ver(p.t, url, sesion);
        expect(res.statusCode, url).toBe(200);
        expect(res.headers['cache-control'], url).toBe('no-store');
      }
    }
    for (const url of ['/admin/reclamos', `/admin/reclamos/${r.codigo}`, '/admin/reclamos.csv', '/admin/reclamos/mapa-de-calor'])
      expect((await ver(p.t, url)).statusCode, url).toBe(302);
    const anonimo = await p.t.app.inject({
      method: 'POST',
      url: `/admin/reclamos/${r.codigo}`,
      headers: { 'content-type': 'application/x-www-form-urlencoded', origin: 'https://example.test' },
      payload: 'intent=ocultar&motivo=x',
    });
    expect([302, 403]).toContain(anonimo.statusCode);
    expect((await fila(r.id)).ocultoEn).toBeNull();
    // A code that does not exist, or is not a code at all.
    expect((await ver(p.t, '/admin/reclamos/RC-2026-ZZZ-ZZZ-ZZZ', p.mesa)).statusCode).toBe(404);
    expect((await ver(p.t, '/admin/reclamos/%3Cscript%3E', p.mesa)).statusCode).toBe(404);
    // The menu links the queue; the dashboard has its cards.
    const inicio = await ver(p.t, '/admin', p.editor);
    expect(inicio.body).toContain('href="/admin/reclamos"');
    expect(textoDe(inicio.body)).toContain('Reclamos abiertos');
    expect(textoDe(inicio.body)).toContain('Reclamos vencidos');
  });

  it('la cola: reloj en días hábiles en palabras, filtros en la dirección, errores en castellano y páginas', async () => {
    const { id: categoriaId, nombre } = await insertCategoriaReclamo(db());
    const vencido = await insertReclamo(p.t.context, { categoriaId, venceEl: dia(-10), direccion: 'Los Notros 120' });
    const enPlazo = await insertReclamo(p.t.context, { categoriaId, venceEl: dia(30), descripcion: 'Luminaria apagada frente a la plaza' });
    const res = await ver(p.t, `/admin/reclamos?categoria=${categoriaId}`, p.mesa);
    expect(res.statusCode).toBe(200);
    const texto = textoDe(res.body);
    expect(texto).toContain('2 reclamos con estos filtros');
    expect(texto).toMatch(/venció hace \d+ días hábiles/);
    expect(texto).toMatch(/vence en \d+ días hábiles/);
    expect(texto).toContain(nombre);
    expect(texto).toContain('Los Notros 120');
    // Urgency: the overdue one first.
    expect(res.body.indexOf(vencido.codigo)).toBeLessThan(res.body.indexOf(enPlazo.codigo));
    // The reporter is never listed.
    expect(res.body).not.toContain(vencido.email);
    // The CSV and the pages keep the filters.
    expect(res.body).toContain(`href="/admin/reclamos.csv?categoria=${categoriaId}"`);

    const porTexto = await ver(p.t, `/admin/reclamos?categoria=${categoriaId}&q=luminaria`, p.mesa);
    expect(textoDe(porTexto.body)).toContain('1 reclamo con estos filtros');
    expect(porTexto.body).toContain(enPlazo.codigo);
    expect(porTexto.body).not.toContain(vencido.codigo);

    const mal = await ver(p.t, '/admin/reclamos?categoria=abc&estado=borrado&desde=ayer&asignado=otro', p.mesa);
    expect(mal.statusCode).toBe(400);
    const errores = textoDe(mal.body);
    expect(errores).toContain('Error: Reclamos');
    expect(errores).toContain('Categoría: Elegí una categoría de la lista.');
    expect(errores).toContain('Estado: Elegí un estado de la lista.');
    expect(errores).toContain('Recibido desde: Escribí una fecha válida, por ejemplo 2026-03-31.');
    expect(errores).toContain('Asignado: Elegí «A mí» o «Sin asignar», o dejalo en «Cualquiera».');
    // A hostile search is text: escaped, never markup.
    const hostil = await ver(p.t, `/admin/reclamos?q=${encodeURIComponent('<script>alert(1)</script>')}`, p.mesa);
    expect(hostil.statusCode).toBe(200);
    expect(hostil.body).not.toContain('<script>alert(1)</script>');
    // A page far away is empty, not an error; a page that is not a number is the first.
    expect((await ver(p.t, `/admin/reclamos?categoria=${categoriaId}&pagina=999`, p.mesa)).statusCode).toBe(200);
    expect((await ver(p.t, `/admin/reclamos?categoria=${categoriaId}&pagina=x`, p.mesa)).statusCode).toBe(200);

    // «Asignado a mí».
    const [editor] = await db().select({ id: usuarios.id }).from(usuarios).where(eq(usuarios.email, EDITOR.email));
    await db().update(reclamos).set({ asignadoA: editor!.id }).where(eq(reclamos.id, enPlazo.id));
    const mios = await ver(p.t, `/admin/reclamos?categoria=${categoriaId}&asignado=yo`, p.editor);
    expect(mios.body).toContain(enPlazo.codigo);
    expect(mios.body).not.toContain(vencido.codigo);

    // «Sin asignar»: no person, even with an area; the choice stays in the form and the links.
    const [area] = await db()
      .insert(areasMunicipales)
      .values({ nombre: `Área sin persona ${categoriaId}` })
      .returning();
    const conArea = await insertReclamo(p.t.context, { categoriaId, venceEl: dia(20) });
    await db().update(reclamos).set({ areaId: area!.id }).where(eq(reclamos.id, conArea.id));
    const sinAsignar = await ver(p.t, `/admin/reclamos?categoria=${categoriaId}&asignado=nadie`, p.mesa);
    expect(sinAsignar.statusCode).toBe(200);
    expect(textoDe(sinAsignar.body)).toContain('2 reclamos con estos filtros');
    expect(sinAsignar.body).toContain(vencido.codigo);
    expect(sinAsignar.body).toContain(conArea.codigo);
    expect(sinAsignar.body).not.toContain(enPlazo.codigo);
    expect(sinAsignar.body).toMatch(/<option value="nadie" selected="">Sin asignar<\/option>/);
    expect(sinAsignar.body).toContain(`href="/admin/reclamos.csv?categoria=${categoriaId}&amp;asignado=nadie"`);
    const csv = await ver(p.t, `/admin/reclamos.csv?categoria=${categoriaId}&asignado=nadie`, p.mesa);
    expect(csv.body).toContain(vencido.codigo);
    expect(csv.body).not.toContain(enPlazo.codigo);
    // Any other value: the field's error, nothing listed.
    const otro = await ver(p.t, `/admin/reclamos?categoria=${categoriaId}&asignado=ninguno`, p.mesa);
    expect(otro.statusCode).toBe(400);
    expect(textoDe(otro.body)).toContain('Asignado: Elegí «A mí» o «Sin asignar», o dejalo en «Cualquiera».');
    expect(otro.body).not.toContain(vencido.codigo);
  });

  it('el CSV: los filtros de la cola, nombre de archivo, fórmulas neutralizadas y nunca quien reclamó', async () => {
    const { id: categoriaId } = await insertCategoriaReclamo(db());
    const r = await insertReclamo(p.t.context, {
      categoriaId,
      descripcion: '=HYPERLINK("http://malo")',
      email: 'csv.secreto@correo.com.ar',
      nombre: 'Nombre Secreto',
    });
    const res = await ver(p.t, `/admin/reclamos.csv?categoria=${categoriaId}`, p.editor);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(res.headers['content-disposition']).toMatch(/^attachment; filename="reclamos-\d{4}-\d{2}-\d{2}\.csv"$/);
    const lineas = res.body
      .replace(/^\uFEFF/, '')
      .trim()
      .split('\r\n');
    expect(lineas[0]).toBe('codigo,recibido,categoria,estado,direccion,barrio,latitud,longitud,descripcion,area,organismo,vence_el,resuelto_en,oculto');
    expect(lineas).toHaveLength(2);
    expect(lineas[1]).toContain(r.codigo);
    expect(lineas[1]).toContain(`"'=HYPERLINK(""http://malo"")"`);
    expect(res.body).not.toContain('csv.secreto');
    expect(res.body).not.toContain('Nombre Secreto');
    const mal = await ver(p.t, '/admin/reclamos.csv?desde=2026-02-31', p.editor);
    expect(mal.statusCode).toBe(400);
    expect(mal.body).toContain('No pudimos exportar los reclamos: Escribí una fecha válida');
  });

  it('el correo y el nombre de quien reclamó: sólo para la mesa y administración', async () => {
    const { id: categoriaId } = await insertCategoriaReclamo(db());
    const r = await insertReclamo(p.t.context, { categoriaId, email: 'ana.reservada@correo.com.ar', nombre: 'Ana Reservada' });
    for (const sesion of [p.mesa, p.admin]) {
      const texto = textoDe((await ver(p.t, `/admin/reclamos/${r.codigo}`, sesion)).body);
      expect(texto).toContain('Ana Reservada — ana.reservada@correo.com.ar');
    }
    const editor = await ver(p.t, `/admin/reclamos/${r.codigo.toLowerCase()}`, p.editor);
    expect(editor.statusCode).toBe(200);
    expect(editor.body).not.toContain('ana.reservada');
    expect(editor.body).not.toContain('Ana Reservada');
    expect(textoDe(editor.body)).toContain('Reservado: sólo la mesa de entradas y administración ven el correo y el nombre.');
  });

  it('cambiar el estado con una plantilla (sin JavaScript), nota interna, estado viejo y entradas hostiles', async () => {
    const { id: categoriaId, nombre } = await insertCategoriaReclamo(db());
    const r = await insertReclamo(p.t.context, { categoriaId, direccion: 'Belvedere 55' });
    const url = `/admin/reclamos/${r.codigo}`;
    const [plantilla] = await db()
      .insert(plantillasReclamo)
      .values({ estado: 'en_curso', nombre: `Ya vamos ${r.id}`, texto: 'Tu reclamo {codigo} de {categoria} en {direccion} ya está en manos de la cuadrilla.' })
      .returning();
    const pagina = await ver(p.t, url, p.editor);
    expect(textoDe(pagina.body)).toContain(`En curso: Ya vamos ${r.id}`);

    // «Usar plantilla» writes nothing: it answers the page with the text filled.
    const usada = await enviar(p.t, url, p.editor, { intent: 'usar-plantilla', estadoEsperado: 'recibido', plantilla: String(plantilla!.id) });
    expect(usada.statusCode).toBe(200);
    expect(usada.body).toContain(`Tu reclamo ${r.codigo} de ${nombre} en Belvedere 55 ya está en manos de la cuadrilla.`);
    expect(textoDe(usada.body)).toContain('Completamos la respuesta pública con la plantilla');
    expect((await fila(r.id)).estado).toBe('recibido');
    const ninguna = await enviar(p.t, url, p.editor, { intent: 'usar-plantilla', plantilla: '999999' });
    expect(ninguna.statusCode).toBe(400);
    expect(textoDe(ninguna.body)).toContain('Respuesta guardada: Elegí una respuesta guardada de la lista.');

    // Hostile and wrong input: a clear Spanish answer, nothing written.
    const sinEstado = await enviar(p.t, url, p.editor, { intent: 'estado', estadoEsperado: 'recibido', estado: 'borrado' });
    expect(sinEstado.statusCode).toBe(400);
    expect(textoDe(sinEstado.body)).toContain('Nuevo estado: Elegí el nuevo estado: en curso, resuelto o no corresponde.');
    const largo = await enviar(p.t, url, p.editor, { intent: 'estado', estadoEsperado: 'recibido', estado: 'en_curso', respuesta: 'x'.repeat(4500) });
    expect(largo.statusCode).toBe(400);
    expect(textoDe(largo.body)).toContain('Respuesta pública: Escribí hasta 4.000 caracteres');
    const raro = await enviar(p.t, url, p.editor, { intent: 'borrar-todo' });
    expect(raro.statusCode).toBe(400);
    expect(textoDe(raro.body)).toContain('No entendimos qué querías hacer: usá los botones de la página.');
    const sinPorQue = await enviar(p.t, url, p.editor, { intent: 'estado', estadoEsperado: 'recibido', estado: 'no_corresponde' });
    expect(sinPorQue.statusCode).toBe(400);
    expect(textoDe(sinPorQue.body)).toContain('Escribí por qué no corresponde');
    expect((await fila(r.id)).estado).toBe('recibido');

    // The change, by an editor, with the template and an internal note with markup.
    const hecho = await enviar(p.t, url, p.editor, {
      intent: 'estado',
      estadoEsperado: 'recibido',
      estado: 'en_curso',
      plantilla: String(plantilla!.id),
      nota: '<b>Llamar</b> a la cuadrilla',
    });
    expect(hecho.statusCode).toBe(303);
    expect(hecho.headers.location).toBe(`${url}?aviso=estado`);
    expect((await fila(r.id)).estado).toBe('en_curso');
    const despues = await ver(p.t, `${url}?aviso=estado`, p.editor);
    const texto = textoDe(despues.body);
    expect(texto).toContain('Cambiamos el estado del reclamo.');
    expect(texto).toContain(`Respuesta pública: Tu reclamo ${r.codigo} de ${nombre} en Belvedere 55`);
    expect(texto).toContain('Nota interna: <b>Llamar</b> a la cuadrilla');
    expect(despues.body).not.toContain('<b>Llamar</b>');
    expect(await p.auditado('reclamo.estado', r.codigo)).toHaveLength(1);

    // The page was open with «recibido»: someone else already changed it.
    const viejo = await enviar(p.t, url, p.mesa, { intent: 'estado', estadoEsperado: 'recibido', estado: 'resuelto', respuesta: 'Listo' });
    expect(viejo.statusCode).toBe(409);
    expect(textoDe(viejo.body)).toContain('Otra persona cambió este reclamo mientras lo mirabas: ahora está «En curso».');
    // What was typed comes back.
    expect(viejo.body).toContain('Listo');

    // Resolved by the desk.
    expect(
      (await enviar(p.t, url, p.mesa, { intent: 'estado', estadoEsperado: 'en_curso', estado: 'resuelto', respuesta: 'Tapamos el pozo.' })).statusCode,
    ).toBe(303);
    expect((await fila(r.id)).estado).toBe('resuelto');
  });

  it('derivar con una respuesta guardada (sin JavaScript): el texto con el organismo elegido, y una de otro estado se rechaza', async () => {
    const { id: categoriaId, nombre } = await insertCategoriaReclamo(db());
    const organismo = await insertOrganismoReclamo(db(), { nombre: 'Cooperativa eléctrica de prueba' });
    const r = await insertReclamo(p.t.context, { categoriaId, direccion: 'Los Notros 8' });
    const url = `/admin/reclamos/${r.codigo}`;
    const [derivado, resuelto] = await db()
      .insert(plantillasReclamo)
      .values([
        { estado: 'derivado', nombre: `Es de otro ${r.id}`, texto: 'El reclamo {codigo} de {categoria} en {direccion} es de {organismo}.' },
        { estado: 'resuelto', nombre: `Listo ${r.id}`, texto: 'Listo.' },
      ])
      .returning();
    expect((await ver(p.t, url, p.mesa)).body).toContain(`>Es de otro ${r.id}</option>`);

    // «Usar plantilla» of «Derivar» writes nothing; the template names the body, so it needs one.
    const sinOrganismo = await enviar(p.t, url, p.mesa, { intent: 'usar-plantilla-derivacion', plantillaDerivacion: String(derivado!.id), organismo: '' });
    expect(sinOrganismo.statusCode).toBe(400);
    expect(textoDe(sinOrganismo.body)).toContain('Organismo: Elegí primero el organismo: la respuesta guardada lo nombra.');
    const usada = await enviar(p.t, url, p.mesa, {
      intent: 'usar-plantilla-derivacion',
      estadoEsperado: 'recibido',
      plantillaDerivacion: String(derivado!.id),
      organismo: String(organismo.id),
    });
    expect(usada.statusCode).toBe(200);
    const esperada = `El reclamo ${r.codigo} de ${nombre} en Los Notros 8 es de Cooperativa eléctrica de prueba.`;
    expect(textoDe(usada.body)).toContain(esperada);
    expect(textoDe(usada.body)).toContain('Completamos la respuesta pública de la derivación con la plantilla');
    const otroEstado = await enviar(p.t, url, p.mesa, { intent: 'usar-plantilla-derivacion', plantillaDerivacion: String(resuelto!.id) });
    expect(otroEstado.statusCode).toBe(400);
    expect(textoDe(otroEstado.body)).toContain('Respuesta guardada: Elegí una respuesta guardada de la lista.');
    expect((await fila(r.id)).estado).toBe('recibido');

    // Deriving with a template of another state is refused; with «derivado»'s, its text is the answer.
    const mal = await enviar(p.t, url, p.mesa, {
      intent: 'derivar',
      estadoEsperado: 'recibido',
      organismo: String(organismo.id),
      plantillaDerivacion: String(resuelto!.id),
    });
    expect(mal.statusCode).toBe(400);
    expect(textoDe(mal.body)).toContain('Respuesta guardada: Elegí una respuesta guardada para «Derivado a otro organismo».');
    const hecho = await enviar(p.t, url, p.mesa, {
      intent: 'derivar',
      estadoEsperado: 'recibido',
      organismo: String(organismo.id),
      plantillaDerivacion: String(derivado!.id),
    });
    expect(hecho.statusCode).toBe(303);
    const historial = await db().select().from(historialReclamos).where(eq(historialReclamos.reclamoId, r.id)).orderBy(historialReclamos.id);
    expect(historial.at(-1)).toMatchObject({ estado: 'derivado', organismoId: organismo.id, respuesta: esperada });
  });

  it('asignar, derivar a un organismo, marcar duplicado, ocultar y mostrar', async () => {
    const { id: categoriaId } = await insertCategoriaReclamo(db());
    const organismo = await insertOrganismoReclamo(db(), { nombre: 'Vialidad Nacional de prueba' });
    const [area] = await db().insert(areasMunicipales).values({ nombre: 'Obras Públicas de prueba' }).returning();
    const [editor] = await db().select({ id: usuarios.id }).from(usuarios).where(eq(usuarios.email, EDITOR.email));
    const r = await insertReclamo(p.t.context, { categoriaId });
    const otro = await insertReclamo(p.t.context, { categoriaId });
    const url = `/admin/reclamos/${r.codigo}`;

    // Assign: by the desk.
    const malArea = await enviar(p.t, url, p.mesa, { intent: 'asignar', area: 'abc', persona: '' });
    expect(malArea.statusCode).toBe(400);
    expect(textoDe(malArea.body)).toContain('Área: Elegí un área de la lista.');
    const asignado = await enviar(p.t, url, p.mesa, { intent: 'asignar', area: String(area!.id), persona: String(editor!.id) });
    expect(asignado.statusCode).toBe(303);
    expect(await fila(r.id)).toMatchObject({ areaId: area!.id, asignadoA: editor!.id });
    expect(textoDe((await ver(p.t, `${url}?aviso=asignado`, p.mesa)).body)).toContain('Guardamos a quién está asignado el reclamo.');

    // Derive: by administration.
    const sinOrganismo = await enviar(p.t, url, p.admin, { intent: 'derivar', estadoEsperado: 'recibido', organismo: '' });
    expect(sinOrganismo.statusCode).toBe(400);
    expect(textoDe(sinOrganismo.body)).toContain('Organismo: Elegí el organismo al que se deriva el reclamo.');
    const derivado = await enviar(p.t, url, p.admin, {
      intent: 'derivar',
      estadoEsperado: 'recibido',
      organismo: String(organismo.id),
      notaDerivacion: 'Ruta 40',
    });
    expect(derivado.statusCode).toBe(303);
    expect(await fila(r.id)).toMatchObject({ estado: 'derivado', organismoId: organismo.id });
    const pagina = textoDe((await ver(p.t, url, p.admin)).body);
    expect(pagina).toContain('(derivado a Vialidad Nacional de prueba)');
    expect(pagina).toContain('Nota interna: Ruta 40');

    // Merge: the other one is the same as this one.
    const urlOtro = `/admin/reclamos/${otro.codigo}`;
    const sinCodigo = await enviar(p.t, urlOtro, p.editor, { intent: 'fusionar', original: 'RC-2026-NO-EXISTE' });
    expect(sinCodigo.statusCode).toBe(400);
    expect(textoDe(sinCodigo.body)).toContain('No hay un reclamo con el código «RC-2026-NO-EXISTE»');
    const mismo = await enviar(p.t, urlOtro, p.editor, { intent: 'fusionar', original: otro.codigo });
    expect(mismo.statusCode).toBe(400);
    expect(textoDe(mismo.body)).toContain('Un reclamo no puede ser duplicado de sí mismo');
    const fusion = await enviar(p.t, urlOtro, p.editor, { intent: 'fusionar', original: r.codigo.toLowerCase() });
    expect(fusion.statusCode).toBe(303);
    expect(await fila(otro.id)).toMatchObject({ estado: 'duplicado', duplicadoDe: r.id });
    expect((await ver(p.t, urlOtro, p.editor)).body).toContain(`href="/admin/reclamos/${r.codigo}"`);

    // Hide with a reason, and show again.
    const sinMotivo = await enviar(p.t, url, p.editor, { intent: 'ocultar', motivo: '  ' });
    expect(sinMotivo.statusCode).toBe(400);
    expect(textoDe(sinMotivo.body)).toContain('Motivo: Escribí por qué se oculta el reclamo');
    expect((await enviar(p.t, url, p.editor, { intent: 'ocultar', motivo: 'Tiene un insulto' })).statusCode).toBe(303);
    expect((await fila(r.id)).ocultoMotivo).toBe('Tiene un insulto');
    expect((await ver(p.t, `/reclamos/${r.codigo}`)).statusCode).toBe(404);
    const otraVez = await enviar(p.t, url, p.editor, { intent: 'ocultar', motivo: 'Otra vez' });
    expect(otraVez.statusCode).toBe(409);
    expect(textoDe(otraVez.body)).toContain(`El reclamo ${r.codigo} ya está oculto.`);
    expect((await enviar(p.t, url, p.editor, { intent: 'mostrar' })).statusCode).toBe(303);
    expect((await fila(r.id)).ocultoEn).toBeNull();
    expect(
      await db()
        .select()
        .from(auditoria)
        .where(and(eq(auditoria.accion, 'reclamo.ocultado'), eq(auditoria.entidadId, r.codigo))),
    ).toHaveLength(1);
    const historial = await db().select().from(historialReclamos).where(eq(historialReclamos.reclamoId, r.id));
    expect(historial.map((h) => h.estado)).toEqual(['recibido', 'derivado']);
  });

  it('el mapa de calor: tabla de zonas con su barrio y filtros con errores en castellano', async () => {
    const { id: categoriaId } = await insertCategoriaReclamo(db());
    for (let i = 0; i < 3; i++) await insertReclamo(p.t.context, { categoriaId, latitud: -40.7601, longitud: -71.6401, barrio: 'El Cruce' });
    await insertReclamo(p.t.context, { categoriaId, latitud: -40.7801, longitud: -71.6201, barrio: 'Puerto Manzano' });
    const res = await ver(p.t, `/admin/reclamos/mapa-de-calor?categoria=${categoriaId}`, p.editor);
    expect(res.statusCode).toBe(200);
    const texto = textoDe(res.body);
    expect(texto).toContain('4 reclamos del');
    expect(texto).toContain('en 2 zonas');
    expect(texto).toMatch(/El Cruce -40\.76\d+, -71\.64\d+ 3/);
    expect(texto).toMatch(/Puerto Manzano -40\.78\d+, -71\.62\d+ 1/);
    const mal = await ver(p.t, '/admin/reclamos/mapa-de-calor?categoria=999999&desde=2026-05-10&hasta=2026-05-01', p.editor);
    expect(mal.statusCode).toBe(400);
    expect(textoDe(mal.body)).toContain('Categoría: Elegí una categoría de la lista.');
    expect(textoDe(mal.body)).toContain('Hasta: La fecha «hasta» tiene que ser igual o posterior a «desde».');
  });
});
