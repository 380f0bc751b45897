import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '#db/client.ts';
import { cambiosRecoleccion } from '#db/schema/index.ts';
import { listAuditoria } from '#domain/auditoria/queries.ts';
import { ACTOR_SISTEMA, type Actor } from '#domain/shared/actor.ts';
import { fechaEnArgentina, sumarDias } from '#domain/shared/fechas.ts';
import { insertarUsuario } from '#tests/factories/usuarios.ts';
import { createTestDatabase, engines } from '#tests/setup/database.ts';
import { createCambio, createServicio, createZona, deleteCambio, deleteServicio, deleteZona, updateServicio, updateZona } from './commands.ts';
import { calendarioDeZona, feriadosConNombre, getZona, getZonaPorId, listCambios, listCambiosDelPanel, listServicios, listZonas } from './queries.ts';

const editor: Actor = { usuarioId: 1, email: 'editor@villalaangostura.gob.ar', nombre: 'Eva', rol: 'editor' };
const mesa: Actor = { usuarioId: 2, email: 'mesa@villalaangostura.gob.ar', nombre: 'Beto', rol: 'mesa-de-entradas' };

const poligono = (dx = 0) =>
  JSON.stringify({
    type: 'Polygon',
    coordinates: [
      [
        [-71.65 + dx, -40.76],
        [-71.64 + dx, -40.76],
        [-71.64 + dx, -40.77],
        [-71.65 + dx, -40.77],
        [-71.65 + dx, -40.76],
      ],
    ],
  });

describe.each(engines)('zonas, servicios y cambios de recolección (%s)', (engine) => {
  let database: Database;
  beforeAll(async () => {
    database = await createTestDatabase(engine);
  });
  afterAll(() => database.close());

  it('una zona se crea con su área y su caja, se edita, y queda en la auditoría', async () => {
    const { db } = database;
    const r = await createZona(db, editor, { nombre: '  Puerto   Manzano ', descripcion: 'La costa', geometria: poligono() });
    expect(r).toMatchObject({ tipo: 'guardado', zona: { slug: 'puerto-manzano', nombre: 'Puerto Manzano', minLatitud: -40.77, maxLongitud: -71.64 } });
    if (r.tipo !== 'guardado') return;
    expect(await getZona(db, 'puerto-manzano')).toMatchObject({ id: r.zona.id, servicios: [], geometria: [[expect.any(Array)]] });
    // The same name again: its slug is taken.
    expect(await createZona(db, editor, { nombre: 'Puerto Manzano', geometria: poligono() })).toMatchObject({
      tipo: 'invalido',
      errores: { nombre: 'Ya hay una zona con la dirección corta «puerto-manzano»: elegí otro nombre o escribí otra dirección corta.' },
      valores: { nombre: 'Puerto Manzano' },
    });
    // A file wins over the textarea; without either, editing keeps the area.
    const archivo = new File([poligono(0.1)], 'zona.geojson', { type: 'application/geo+json' });
    const editada = await updateZona(db, editor, r.zona.id, { nombre: 'Puerto Manzano Este', geometria: '', archivo });
    expect(editada).toMatchObject({ tipo: 'guardado', zona: { slug: 'puerto-manzano', nombre: 'Puerto Manzano Este', maxLongitud: -71.54 } });
    expect(await updateZona(db, editor, r.zona.id, { nombre: 'Puerto Manzano', descripcion: 'Otra' })).toMatchObject({
      tipo: 'guardado',
      zona: { descripcion: 'Otra', maxLongitud: -71.54 },
    });
    const auditoria = await listAuditoria(db, { entidad: 'zona_recoleccion', entidadId: String(r.zona.id), pagina: 1, porPagina: 10 });
    expect(auditoria.items.map((e) => e.accion).sort()).toEqual(['recoleccion.zona_alta', 'recoleccion.zona_cambio', 'recoleccion.zona_cambio']);
    expect(auditoria.items.find((e) => e.accion === 'recoleccion.zona_alta')).toMatchObject({ actorEmail: editor.email, despues: { vertices: 5 } });
  });

  it('un GeoJSON hostil no se guarda y el error dice el problema, sin perder lo escrito', async () => {
    const { db } = database;
    const punto = await createZona(db, editor, { nombre: '<script>alert(1)</script>', geometria: '{"type":"Point","coordinates":[-71.6,-40.7]}' });
    expect(punto).toMatchObject({
      tipo: 'invalido',
      errores: { geometria: expect.stringMatching(/es un Point/) },
      valores: { nombre: '<script>alert(1)</script>', geometria: '{"type":"Point","coordinates":[-71.6,-40.7]}' },
    });
    const grande = new File([' '.repeat(2 * 1024 * 1024)], 'enorme.geojson');
    expect(await createZona(db, editor, { nombre: 'Enorme', geometria: 'lo tipeado', archivo: grande })).toMatchObject({
      tipo: 'invalido',
      errores: { archivo: expect.stringMatching(/pesa 2\.048 KB: el GeoJSON puede pesar hasta 1 MB/) },
      valores: { nombre: 'Enorme', geometria: 'lo tipeado' },
    });
    const europa = new File([poligono(73)], 'paris.geojson');
    expect(await createZona(db, editor, { nombre: 'París', archivo: europa })).toMatchObject({
      tipo: 'invalido',
      errores: { archivo: expect.stringMatching(/^El archivo «paris\.geojson» no sirve: El punto 1 .* queda fuera de Villa La Angostura/) },
    });
    expect((await listZonas(db)).map((z) => z.nombre)).not.toContain('París');
  });

  it('sólo editores y administradores cambian zonas, servicios y cambios', async () => {
    const { db } = database;
    const prohibido = { tipo: 'prohibido', mensaje: expect.stringMatching(/usuario editor o de administración/) };
    expect(await createZona(db, mesa, { nombre: 'Mesa', geometria: poligono() })).toEqual(prohibido);
    expect(await deleteZona(db, mesa, 1)).toEqual(prohibido);
    expect(await createServicio(db, mesa, 1, { nombre: 'Secos', regla: 'FREQ=WEEKLY;BYDAY=MO' })).toEqual(prohibido);
    expect(await createCambio(db, mesa, { zonaId: 1, fecha: '2026-07-10', tipo: 'suspendido', motivo: 'x' })).toEqual(prohibido);
    expect(await deleteCambio(db, mesa, 1)).toEqual(prohibido);
  });

  it('servicios con la regla o los casilleros, feriados del calendario y cambios puntuales', async () => {
    const { db } = database;
    const zona = await createZona(db, editor, { nombre: 'Centro', geometria: poligono(0.02) });
    if (zona.tipo !== 'guardado') throw new Error('sin zona');
    const form = new FormData();
    for (const [k, v] of Object.entries({
      nombre: 'Húmedos',
      frecuencia: 'semanal',
      desde: '2026-01-05',
      horaDesde: '07:00',
      horaHasta: '11:00',
      feriado: 'dia_habil_siguiente',
    }))
      form.append(k, v);
    form.append('dias', 'TU');
    form.append('dias', 'TH');
    const humedos = await createServicio(db, editor, zona.zona.id, form);
    expect(humedos).toMatchObject({ tipo: 'guardado', servicio: { slug: 'humedos', regla: 'FREQ=WEEKLY;BYDAY=TU,TH', servicioVehiculo: 'recoleccion' } });
    const secos = await createServicio(db, editor, zona.zona.id, {
      nombre: 'Secos',
      regla: 'FREQ=WEEKLY;BYDAY=TU',
      desde: '2026-01-05',
      feriado: 'guardia',
      guardia: 'Recorrido de guardia',
    });
    if (humedos.tipo !== 'guardado' || secos.tipo !== 'guardado') throw new Error('sin servicios');
    expect(await createServicio(db, editor, zona.zona.id, { nombre: 'Húmedos', regla: 'FREQ=DAILY' })).toMatchObject({
      tipo: 'invalido',
      errores: { nombre: expect.stringMatching(/ya tiene un servicio con la dirección corta «humedos»/) },
    });
    expect(await createServicio(db, editor, 999_999, { nombre: 'X', regla: 'FREQ=DAILY' })).toMatchObject({ tipo: 'no_encontrado' });

    // 9 July 2026 (a Thursday) is Independence Day and Friday 10 a puente: húmedos moves to Monday 13.
    expect((await feriadosConNombre(db, '2026-07-01', '2026-07-31')).get('2026-07-09')).toBe('Día de la Independencia');
    const conZona = (await getZonaPorId(db, zona.zona.id))!;
    expect(conZona.servicios.map((s) => s.slug)).toEqual(['humedos', 'secos']);
    let calendario = await calendarioDeZona(db, conZona, '2026-07-06', '2026-07-13');
    expect(calendario.get(humedos.servicio.id)!.pasadas.map((p) => [p.fecha, p.clase])).toEqual([
      ['2026-07-07', 'habitual'],
      ['2026-07-13', 'trasladada'],
    ]);

    // A snow day for every service, and an extra pass of secos.
    const nieve = await createCambio(db, editor, { zonaId: String(zona.zona.id), fecha: '2026-07-07', tipo: 'suspendido', motivo: 'Nevada' });
    expect(nieve).toMatchObject({ tipo: 'guardado', cambio: { servicioId: null, fecha: '2026-07-07' } });
    const extra = await createCambio(db, editor, {
      zonaId: zona.zona.id,
      servicioId: String(secos.servicio.id),
      fecha: '2026-07-11',
      tipo: 'pasada_extra',
      motivo: 'Fin de semana largo',
      horaDesde: '09:00',
      horaHasta: '12:00',
    });
    expect(extra.tipo).toBe('guardado');
    calendario = await calendarioDeZona(db, conZona, '2026-07-06', '2026-07-13');
    expect(calendario.get(humedos.servicio.id)!.pasadas.map((p) => p.fecha)).toEqual(['2026-07-13']);
    expect(calendario.get(humedos.servicio.id)!.suspensiones).toContainEqual(expect.objectContaining({ fecha: '2026-07-07', motivo: 'Nevada' }));
    expect(calendario.get(secos.servicio.id)!.pasadas.map((p) => [p.fecha, p.clase, p.horaDesde])).toEqual([['2026-07-11', 'extra', '09:00']]);
    expect((await listCambios(db, { zonaId: zona.zona.id, desde: '2026-07-01', hasta: '2026-07-31' })).map((c) => c.motivo)).toEqual([
      'Nevada',
      'Fin de semana largo',
    ]);

    // A service of another zone, an extra pass without a service, a zone that is gone.
    const otra = await createZona(db, editor, { nombre: 'Otra', geometria: poligono(0.05) });
    if (otra.tipo !== 'guardado') throw new Error('sin zona');
    expect(
      await createCambio(db, editor, { zonaId: otra.zona.id, servicioId: secos.servicio.id, fecha: '2026-07-11', tipo: 'pasada_extra', motivo: 'x' }),
    ).toMatchObject({
      errores: { servicioId: 'Ese servicio no pasa por la zona Otra: elegí uno de la lista.' },
    });
    expect(await createCambio(db, editor, { zonaId: 999_999, fecha: '2026-07-11', tipo: 'suspendido', motivo: 'x' })).toMatchObject({
      errores: { zonaId: 'Esa zona ya no existe: elegí otra de la lista.' },
    });

    // Editing keeps the slug and `desde` when not given.
    const editado = await updateServicio(db, editor, secos.servicio.id, { nombre: 'Secos y reciclables', frecuencia: 'quincenal', dias: ['TU'] });
    expect(editado).toMatchObject({
      tipo: 'guardado',
      servicio: { slug: 'secos', desde: '2026-01-05', regla: 'FREQ=WEEKLY;INTERVAL=2;BYDAY=TU', feriado: 'sin_servicio', guardia: null },
    });
    expect(await updateServicio(db, editor, secos.servicio.id, { nombre: 'Secos', slug: 'humedos', regla: 'FREQ=DAILY' })).toMatchObject({
      errores: { slug: expect.stringMatching(/«humedos»/) },
    });
    expect((await listServicios(db)).filter((s) => s.zonaId === zona.zona.id)).toHaveLength(2);

    // Deleting: the change, the service, the zone (its services go with it).
    if (nieve.tipo !== 'guardado') throw new Error('sin cambio');
    expect(await deleteCambio(db, editor, nieve.cambio.id)).toEqual({ tipo: 'borrado' });
    expect(await deleteCambio(db, editor, nieve.cambio.id)).toMatchObject({ tipo: 'no_encontrado' });
    expect(await deleteServicio(db, editor, humedos.servicio.id)).toEqual({ tipo: 'borrado' });
    expect(await deleteZona(db, editor, zona.zona.id)).toEqual({ tipo: 'borrado' });
    expect(await getZonaPorId(db, zona.zona.id)).toBeUndefined();
    expect((await listServicios(db)).some((s) => s.id === secos.servicio.id)).toBe(false);
    const acciones = (await listAuditoria(db, { pagina: 1, porPagina: 100 })).items.map((e) => e.accion);
    for (const accion of [
      'recoleccion.servicio_alta',
      'recoleccion.servicio_cambio',
      'recoleccion.servicio_baja',
      'recoleccion.cambio_alta',
      'recoleccion.cambio_baja',
      'recoleccion.zona_baja',
    ])
      expect(acciones).toContain(accion);
  });
  it('un cambio guarda quién lo cargó, que sólo la lista del panel dice; el sistema no es nadie; una cuenta borrada lo deja vacío', async () => {
    const { db } = database;
    const irene = await insertarUsuario(db, { nombre: 'Irene', rol: 'editor' });
    const zona = await createZona(db, irene.actor, { nombre: 'Quién cargó', geometria: poligono(0.2) });
    if (zona.tipo !== 'guardado') throw new Error('sin zona');
    const fecha = sumarDias(fechaEnArgentina(new Date()), 30);
    const cambio = (actor: Actor, motivo: string) => createCambio(db, actor, { zonaId: zona.zona.id, fecha, tipo: 'suspendido', motivo });
    const propio = await cambio(irene.actor, 'Corte de luz');
    const delSistema = await cambio(ACTOR_SISTEMA, 'Nevada');
    // An actor whose account is not there (deleted meanwhile): saved, with nobody.
    const huerfano = await cambio({ ...irene.actor, usuarioId: 987_654 }, 'Sin cuenta');
    for (const r of [propio, delSistema, huerfano]) expect(r.tipo).toBe('guardado');
    const creadoPor = async () =>
      Object.fromEntries(
        (
          await db
            .select({ motivo: cambiosRecoleccion.motivo, creadoPor: cambiosRecoleccion.creadoPor })
            .from(cambiosRecoleccion)
            .where(eq(cambiosRecoleccion.zonaId, zona.zona.id))
        ).map((f) => [f.motivo, f.creadoPor]),
      );
    expect(await creadoPor()).toEqual({ 'Corte de luz': irene.id, Nevada: null, 'Sin cuenta': null });

    const filtro = { zonaId: zona.zona.id, desde: fecha, hasta: fecha };
    expect((await listCambiosDelPanel(db, filtro)).map((c) => [c.motivo, c.cargadoPor])).toEqual([
      ['Corte de luz', 'Irene Prueba'],
      ['Nevada', null],
      ['Sin cuenta', null],
    ]);
    // The public calendars' query has no people in it.
    const publicos = await listCambios(db, filtro);
    expect(publicos).toHaveLength(3);
    for (const c of publicos) {
      expect(c).not.toHaveProperty('creadoPor');
      expect(c).not.toHaveProperty('cargadoPor');
    }

    // Deleting the account (`on delete set null`) keeps the change, without a name.
    await db.execute(sql`delete from usuarios where id = ${irene.id}`);
    expect(await creadoPor()).toEqual({ 'Corte de luz': null, Nevada: null, 'Sin cuenta': null });
    expect((await listCambiosDelPanel(db, filtro)).map((c) => c.cargadoPor)).toEqual([null, null, null]);
  });
});
