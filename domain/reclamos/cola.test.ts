import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '#db/client.ts';
import { feriados, reclamos } from '#db/schema/index.ts';
import { PermisoDenegadoError } from '#domain/shared/permisos.ts';
import { registrarPosiciones } from '#domain/vehiculos/commands.ts';
import { testCipher, testContext } from '#tests/factories/decretos.ts';
import { admin, editor, mesa } from '#tests/factories/mesa.ts';
import { insertVehiculo, posicionEnLaCalle } from '#tests/factories/vehiculos.ts';
import { createTestDatabase, engines } from '#tests/setup/database.ts';
import { insertCategoriaReclamo, insertReclamo } from '#tests/setup/reclamos.ts';
import { colaReclamos, exportarCsv, getReclamoParaPersonal, mapaDeCalor, pasadasCerca } from './cola.ts';
import { cambiarEstado } from './estados.ts';

const cipher = testCipher();
/** A moment in Argentina's time (UTC-3). */
const hora = (texto: string) => new Date(`${texto}-03:00`);
const METROS_POR_GRADO = (6_371_008.8 * Math.PI) / 180;

describe.each(engines)('reclamos: la cola del personal (%s)', (engine) => {
  let database: Database;
  let ctx: ReturnType<typeof testContext>;
  beforeAll(async () => {
    database = await createTestDatabase(engine);
    ctx = testContext({ db: database.db, cipher });
    // A local holiday inside the clocks below (the test clock's today is Tuesday 10 March 2026).
    await database.db.insert(feriados).values({ fecha: '2026-03-18', nombre: 'Feriado local de prueba', tipo: 'local' }).onConflictDoNothing();
  });
  afterAll(() => database.close());
  const ahora = () => ctx.clock.now();

  it('ordena por urgencia, con el reloj en días hábiles de cada abierto y sin reloj los cerrados', async () => {
    const { id: categoriaId } = await insertCategoriaReclamo(database.db);
    const enPlazo = await insertReclamo(ctx, { categoriaId, venceEl: '2026-03-20' });
    const vencido = await insertReclamo(ctx, { categoriaId, venceEl: '2026-03-09' });
    const porVencer = await insertReclamo(ctx, { categoriaId, venceEl: '2026-03-13' });
    const hoy = await insertReclamo(ctx, { categoriaId, venceEl: '2026-03-10' });
    const cerrado = await insertReclamo(ctx, { categoriaId, venceEl: '2026-03-01' });
    await cambiarEstado(ctx, mesa, { reclamoId: cerrado.id, estadoEsperado: 'recibido', estado: 'resuelto' });

    const cola = await colaReclamos(database.db, { categoriaId }, ahora());
    expect(cola.total).toBe(5);
    expect(cola.items.map((r) => [r.codigo, r.plazo])).toEqual([
      [vencido.codigo, { vence: '2026-03-09', diasHabilesRestantes: 0, estado: 'vencida' }],
      [hoy.codigo, { vence: '2026-03-10', diasHabilesRestantes: 0, estado: 'por_vencer' }],
      [porVencer.codigo, { vence: '2026-03-13', diasHabilesRestantes: 3, estado: 'por_vencer' }],
      // 11, 12, 13, 16, 17, 19 and 20: the 18th is a holiday.
      [enPlazo.codigo, { vence: '2026-03-20', diasHabilesRestantes: 7, estado: 'en_plazo' }],
      [cerrado.codigo, null],
    ]);
    expect(cola.items.at(-1)).toMatchObject({ estado: 'resuelto', estadoEtiqueta: 'Resuelto', oculto: false });
    expect((await colaReclamos(database.db, { categoriaId, estado: 'abiertos' }, ahora())).total).toBe(4);
    expect((await colaReclamos(database.db, { categoriaId, estado: 'resuelto' }, ahora())).items.map((r) => r.codigo)).toEqual([cerrado.codigo]);
    // A state that does not exist filters nothing rather than failing.
    expect((await colaReclamos(database.db, { categoriaId, estado: 'borrado' as never }, ahora())).total).toBe(5);
  });

  it('filtra por código, por texto (sin comodines), por fechas, por área y persona; pagina', async () => {
    const { id: categoriaId } = await insertCategoriaReclamo(database.db);
    const a = await insertReclamo(ctx, { categoriaId, descripcion: 'Luminaria apagada al 100% de la cuadra', createdAt: hora('2026-03-02T10:00:00') });
    const b = await insertReclamo(ctx, { categoriaId, direccion: 'Calle Las Fucsias 12', createdAt: hora('2026-03-05T23:30:00') });
    expect((await colaReclamos(database.db, { categoriaId, q: a.codigo.toLowerCase() }, ahora())).items.map((r) => r.id)).toEqual([a.id]);
    expect((await colaReclamos(database.db, { categoriaId, q: '100%' }, ahora())).items.map((r) => r.id)).toEqual([a.id]);
    expect((await colaReclamos(database.db, { categoriaId, q: '%' }, ahora())).items.map((r) => r.id)).toEqual([a.id]);
    expect((await colaReclamos(database.db, { categoriaId, q: 'fucsias' }, ahora())).items.map((r) => r.id)).toEqual([b.id]);
    // The reporter's e-mail is never searched.
    expect((await colaReclamos(database.db, { categoriaId, q: b.email }, ahora())).total).toBe(0);
    expect((await colaReclamos(database.db, { categoriaId, desde: '2026-03-05', hasta: '2026-03-05' }, ahora())).items.map((r) => r.id)).toEqual([b.id]);
    expect((await colaReclamos(database.db, { categoriaId, hasta: '2026-03-04' }, ahora())).items.map((r) => r.id)).toEqual([a.id]);
    expect((await colaReclamos(database.db, { categoriaId, desde: 'ayer' }, ahora())).total).toBe(2);
    expect((await colaReclamos(database.db, { categoriaId, areaId: 999_999 }, ahora())).total).toBe(0);
    expect((await colaReclamos(database.db, { categoriaId, asignadoA: 999_999 }, ahora())).total).toBe(0);
    const segunda = await colaReclamos(database.db, { categoriaId }, ahora(), 2);
    expect(segunda).toMatchObject({ items: [], total: 2, pagina: 2 });
    expect((await colaReclamos(database.db, { categoriaId }, ahora(), -3)).pagina).toBe(1);
  });

  it('el detalle trae historial y fotos; el correo y el nombre de quien reclamó, sólo con mesa o datos personales', async () => {
    const { id: categoriaId } = await insertCategoriaReclamo(database.db, { nombre: 'Perro suelto' });
    const r = await insertReclamo(ctx, { categoriaId, email: 'ana@correo.com.ar', nombre: 'Ana Ruiz' });
    await cambiarEstado(ctx, mesa, { reclamoId: r.id, estadoEsperado: 'recibido', estado: 'en_curso', respuesta: 'Avisamos a Zoonosis.', nota: 'interno' });
    const paraEditor = await getReclamoParaPersonal(ctx, editor, r.id);
    expect(paraEditor).toMatchObject({ codigo: r.codigo, categoria: 'Perro suelto', estado: 'en_curso', reclamante: null, veReclamante: false, fotos: [] });
    expect(JSON.stringify(paraEditor)).not.toContain('ana@correo.com.ar');
    expect(JSON.stringify(paraEditor)).not.toContain('Ana Ruiz');
    expect(paraEditor?.historial.map((h) => [h.estadoEtiqueta, h.respuesta, h.nota])).toEqual([
      ['Recibido', '', ''],
      ['En curso', 'Avisamos a Zoonosis.', 'interno'],
    ]);
    expect(await getReclamoParaPersonal(ctx, mesa, r.id)).toMatchObject({ reclamante: { email: 'ana@correo.com.ar', nombre: 'Ana Ruiz' }, veReclamante: true });
    expect(await getReclamoParaPersonal(ctx, admin, r.id)).toMatchObject({ reclamante: { email: 'ana@correo.com.ar' } });
    expect(await getReclamoParaPersonal(ctx, admin, 999_999)).toBeUndefined();
    expect(await getReclamoParaPersonal(ctx, admin, Number.NaN)).toBeUndefined();
    const ajeno = { usuarioId: 99, email: 'x@villalaangostura.gob.ar', nombre: 'X', rol: 'otro' as never };
    await expect(getReclamoParaPersonal(ctx, ajeno, r.id)).rejects.toThrow(PermisoDenegadoError);
  });

  it('el CSV no lleva a quien reclamó y neutraliza las fórmulas', async () => {
    const { id: categoriaId } = await insertCategoriaReclamo(database.db, { nombre: 'Basural' });
    const r = await insertReclamo(ctx, {
      categoriaId,
      email: 'secreto@correo.com.ar',
      nombre: 'Nadia Sosa',
      descripcion: '=HYPERLINK("http://mal.example","clic")',
    });
    const csv = await exportarCsv(database.db, { categoriaId });
    const lineas = csv.trimEnd().split('\r\n');
    expect(lineas[0]).toBe('codigo,recibido,categoria,estado,direccion,barrio,latitud,longitud,descripcion,area,organismo,vence_el,resuelto_en,oculto');
    expect(lineas).toHaveLength(2);
    expect(lineas[1]).toContain(r.codigo);
    expect(lineas[1]).toContain(`"'=HYPERLINK(""http://mal.example"",""clic"")"`);
    expect(csv).not.toContain('secreto@correo.com.ar');
    expect(csv).not.toContain('Nadia');
  });

  it('el mapa de calor cuenta por celdas de unos 100 m, sin duplicados ni fuera de las fechas', async () => {
    const { id: categoriaId } = await insertCategoriaReclamo(database.db);
    const dia = hora('2026-03-03T12:00:00');
    await insertReclamo(ctx, { categoriaId, latitud: -40.76005, longitud: -71.64005, createdAt: dia });
    await insertReclamo(ctx, { categoriaId, latitud: -40.76095, longitud: -71.64095, createdAt: dia });
    await insertReclamo(ctx, { categoriaId, latitud: -40.76205, longitud: -71.64005, createdAt: dia });
    await insertReclamo(ctx, { categoriaId, latitud: -40.76005, longitud: -71.64005, createdAt: dia, estado: 'duplicado' });
    await insertReclamo(ctx, { categoriaId, latitud: -40.76005, longitud: -71.64005, createdAt: hora('2026-02-20T12:00:00') });
    expect(await mapaDeCalor(database.db, { categoriaId, desde: '2026-03-01', hasta: '2026-03-31' })).toEqual([
      { latitud: -40.7605, longitud: -71.6405, cantidad: 2 },
      { latitud: -40.7625, longitud: -71.6405, cantidad: 1 },
    ]);
    expect(await mapaDeCalor(database.db, { categoriaId, desde: 'no', hasta: '2026-03-31' })).toEqual([]);
  });

  it('las pasadas de los vehículos del servicio cerca del punto en la semana anterior, sólo las públicas', async () => {
    const { id: categoriaId } = await insertCategoriaReclamo(database.db, { servicioVehiculo: 'recoleccion' });
    const { id: sinServicio } = await insertCategoriaReclamo(database.db);
    const punto = { latitud: -40.75, longitud: -71.9 };
    const alNorte = (m: number) => ({ latitud: punto.latitud + m / METROS_POR_GRADO, longitud: punto.longitud });
    const camion = await insertVehiculo(database.db, { alias: 'Recolector 3' });
    const barredora = await insertVehiculo(database.db, { alias: 'Motoniveladora', servicio: 'vialidad' });
    const posiciones: { dispositivo: string; p: { latitud: number; longitud: number }; cuando: Date }[] = [];
    const registrar = (dispositivo: string, p: { latitud: number; longitud: number }, cuando: Date) => posiciones.push({ dispositivo, p, cuando });
    // One pass on the 6th: two positions ten minutes apart (60 m, then 40 m).
    registrar(camion.dispositivo, alNorte(60), hora('2026-03-06T09:00:00'));
    registrar(camion.dispositivo, alNorte(40), hora('2026-03-06T09:10:00'));
    // Another on the 8th; one at 2 a.m. (outside service hours: private); one 200 m away; one too old; one after the report.
    registrar(camion.dispositivo, alNorte(-30), hora('2026-03-08T10:00:00'));
    registrar(camion.dispositivo, alNorte(10), hora('2026-03-08T02:00:00'));
    registrar(camion.dispositivo, alNorte(200), hora('2026-03-08T11:00:00'));
    registrar(camion.dispositivo, alNorte(10), hora('2026-02-28T10:00:00'));
    registrar(camion.dispositivo, alNorte(10), hora('2026-03-09T13:00:00'));
    // Another service's vehicle right there does not count.
    registrar(barredora.dispositivo, alNorte(5), hora('2026-03-07T10:00:00'));
    // Through the ingest command, each arriving when it was taken (in order, as devices send them).
    for (const { dispositivo, p, cuando } of posiciones.sort((a, b) => a.cuando.getTime() - b.cuando.getTime())) {
      const [r] = await registrarPosiciones(ctx, [{ posicion: posicionEnLaCalle(dispositivo, cuando, p), llegada: cuando }]);
      expect(r?.tipo).toBe('registrada');
    }

    const reclamo = { categoriaId, ...punto, createdAt: hora('2026-03-09T12:00:00') };
    expect(await pasadasCerca(database.db, reclamo)).toEqual([
      { vehiculoId: camion.id, alias: 'Recolector 3', hora: hora('2026-03-08T10:00:00'), distanciaM: 30 },
      { vehiculoId: camion.id, alias: 'Recolector 3', hora: hora('2026-03-06T09:10:00'), distanciaM: 40 },
    ]);
    expect(await pasadasCerca(database.db, reclamo, 2)).toHaveLength(1);
    expect(await pasadasCerca(database.db, { ...reclamo, categoriaId: sinServicio })).toEqual([]);
    // A stored report reads the same way.
    const r = await insertReclamo(ctx, { categoriaId, ...punto, createdAt: reclamo.createdAt });
    const [fila] = await database.db.select().from(reclamos).where(eq(reclamos.id, r.id));
    expect(await pasadasCerca(database.db, fila!)).toHaveLength(2);
  });
});
