import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Database, queryRows } from '#db/client.ts';
import { posicionesVehiculo, vehiculos } from '#db/schema/index.ts';
import { listAuditoria } from '#domain/auditoria/queries.ts';
import type { Actor } from '#domain/shared/actor.ts';
import { createTestDatabase, engines } from '#tests/setup/database.ts';
import { createVehiculo, getVehiculoAdmin, listVehiculosAdmin, setActivo, updateVehiculo } from './admin.ts';

const admin: Actor = { usuarioId: 1, email: 'admin@villalaangostura.gob.ar', nombre: 'Ana', rol: 'administrador' };
const editor: Actor = { usuarioId: 2, email: 'editor@villalaangostura.gob.ar', nombre: 'Beto', rol: 'editor' };
const mesa: Actor = { usuarioId: 3, email: 'mesa@villalaangostura.gob.ar', nombre: 'Carla', rol: 'mesa-de-entradas' };

const AHORA = new Date('2026-07-15T15:00:00Z');
const haceMin = (min: number) => new Date(AHORA.getTime() - min * 60_000);

describe.each(engines)('vehículos en el panel (%s)', (engine) => {
  let database: Database;
  beforeAll(async () => {
    database = await createTestDatabase(engine);
  });
  afterAll(() => database.close());

  const auditoria = (id: number) => listAuditoria(database.db, { entidad: 'vehiculo', entidadId: String(id), pagina: 1, porPagina: 20 });
  async function alta(alias: string, dispositivo: string, datos: Record<string, string> = {}) {
    const r = await createVehiculo(database.db, admin, { alias, dispositivo, icono: 'recolector', servicio: 'recoleccion', ...datos });
    if (r.tipo !== 'guardado') throw new Error(`no se pudo dar de alta ${alias}: ${JSON.stringify(r)}`);
    return r.vehiculo;
  }

  it('un administrador da de alta un vehículo: recortado, activo, en la auditoría con lo que se guardó', async () => {
    const r = await createVehiculo(database.db, admin, {
      alias: '  Recolector   Norte ',
      icono: 'recolector',
      servicio: 'recoleccion',
      dispositivo: ' rec-norte-1 ',
    });
    expect(r).toMatchObject({ tipo: 'guardado', cambio: true, vehiculo: { alias: 'Recolector Norte', dispositivo: 'rec-norte-1', activo: true } });
    const id = r.tipo === 'guardado' ? r.vehiculo.id : 0;
    expect((await auditoria(id)).items).toMatchObject([
      {
        accion: 'vehiculo.alta',
        actorEmail: admin.email,
        entidadId: String(id),
        despues: { alias: 'Recolector Norte', icono: 'recolector', servicio: 'recoleccion', dispositivo: 'rec-norte-1', activo: true },
      },
    ]);
  });

  it('valida con mensajes en castellano y devuelve lo escrito; no guarda nada', async () => {
    const antes = (await database.db.select({ n: sql<number>`count(*)::int` }).from(vehiculos))[0]!.n;
    const mal = await createVehiculo(database.db, admin, { alias: '   ', icono: 'tractor', servicio: 'bomberos', dispositivo: 'con espacio' });
    expect(mal).toEqual({
      tipo: 'invalido',
      errores: {
        alias: 'Escribí el nombre del vehículo como lo ve el público en el mapa, por ejemplo Recolector 3.',
        icono: 'Elegí el ícono del vehículo: camión recolector, motoniveladora, camión, pala cargadora, barredora, camioneta.',
        servicio: 'Elegí el servicio del vehículo: recolección de residuos o reparación de calles.',
        dispositivo:
          'Escribí el identificador con letras sin acentos, números, puntos, guiones o dos puntos, sin espacios y empezando con una letra o un número; por ejemplo k7mq-x3fp-9wcr.',
      },
      valores: { alias: '   ', icono: 'tractor', servicio: 'bomberos', dispositivo: 'con espacio' },
    });
    const nada = await createVehiculo(database.db, admin, new URLSearchParams());
    expect(nada.tipo === 'invalido' && Object.keys(nada.errores)).toEqual(['alias', 'icono', 'servicio', 'dispositivo']);
    const casos: [Record<string, string>, Record<string, string>][] = [
      [{ alias: 'x'.repeat(81) }, { alias: 'Escribí el nombre con hasta 80 caracteres.' }],
      [{ alias: 'Uno\u0007dos' }, { alias: 'Escribí el nombre sólo con letras, números y signos comunes.' }],
      [{ alias: 'Nul\u0000' }, { alias: 'Escribí el nombre sólo con letras, números y signos comunes.' }],
      [{ dispositivo: 'a'.repeat(101) }, { dispositivo: 'Escribí el identificador con hasta 100 caracteres.' }],
      [
        { dispositivo: '' },
        { dispositivo: 'Escribí el identificador del dispositivo: el que propone el sitio, u otro largo y al azar, por ejemplo k7mq-x3fp-9wcr.' },
      ],
      [{ dispositivo: 'camión-1' }, { dispositivo: 'Escribí el identificador con letras sin acentos' }],
      [{ dispositivo: '-guion' }, { dispositivo: 'empezando con una letra o un número' }],
      [{ dispositivo: "a'b" }, { dispositivo: 'sin espacios' }],
    ];
    for (const [campos, errores] of casos) {
      const r = await createVehiculo(database.db, admin, { alias: 'Camión', icono: 'camion', servicio: 'vialidad', dispositivo: 'ok-1', ...campos });
      expect(r.tipo, JSON.stringify(campos).slice(0, 60)).toBe('invalido');
      for (const [campo, mensaje] of Object.entries(errores)) expect(r.tipo === 'invalido' && r.errores[campo as 'alias']).toContain(mensaje);
    }
    // A JSON body's other types are refused in Spanish too.
    expect(await createVehiculo(database.db, admin, { alias: 12, icono: null, servicio: ['vialidad'], dispositivo: { a: 1 } })).toMatchObject({
      tipo: 'invalido',
      errores: { alias: expect.stringContaining('Escribí el nombre'), dispositivo: expect.stringContaining('Escribí el identificador') },
    });
    expect((await database.db.select({ n: sql<number>`count(*)::int` }).from(vehiculos))[0]!.n).toBe(antes);
  });

  it('un identificador repetido se rechaza nombrando el vehículo que lo tiene, al crear y al editar', async () => {
    const primero = await alta('Camión repetido', 'repetido-1');
    const otra = await createVehiculo(database.db, admin, { alias: 'Otro', icono: 'camion', servicio: 'vialidad', dispositivo: 'repetido-1' });
    expect(otra).toEqual({
      tipo: 'invalido',
      errores: {
        dispositivo:
          'Ya hay un vehículo con el identificador repetido-1 (Camión repetido): cada teléfono o rastreador tiene el suyo. Revisá el identificador, o editá ese vehículo.',
      },
      valores: { alias: 'Otro', icono: 'camion', servicio: 'vialidad', dispositivo: 'repetido-1' },
    });
    // Compared as written: another case is another device.
    expect((await createVehiculo(database.db, admin, { alias: 'Mayúsculas', icono: 'camion', servicio: 'vialidad', dispositivo: 'REPETIDO-1' })).tipo).toBe(
      'guardado',
    );
    const segundo = await alta('Segundo', 'repetido-2');
    const cambio = await updateVehiculo(database.db, admin, segundo.id, {
      alias: 'Segundo',
      icono: 'recolector',
      servicio: 'recoleccion',
      dispositivo: 'repetido-1',
    });
    expect(cambio).toMatchObject({ tipo: 'invalido', errores: { dispositivo: expect.stringContaining('(Camión repetido)') } });
    // Its own identifier is no conflict.
    expect(
      (await updateVehiculo(database.db, admin, primero.id, { alias: 'Camión repetido', icono: 'camion', servicio: 'vialidad', dispositivo: 'repetido-1' }))
        .tipo,
    ).toBe('guardado');
  });

  it('dos altas con el mismo identificador a la vez: una se guarda, la otra recibe el mensaje del repetido', async () => {
    const datos = (alias: string) => ({ alias, icono: 'barredora', servicio: 'vialidad', dispositivo: 'carrera-1' });
    const resultados = await Promise.all([createVehiculo(database.db, admin, datos('Barredora A')), createVehiculo(database.db, admin, datos('Barredora B'))]);
    expect(resultados.map((r) => r.tipo).sort()).toEqual(['guardado', 'invalido']);
    expect(resultados.find((r) => r.tipo === 'invalido')).toMatchObject({
      errores: { dispositivo: expect.stringContaining('Ya hay un vehículo con el identificador carrera-1') },
    });
  });

  it.runIf(engine === 'postgresql')(
    'la restricción única decide cuando otra transacción guarda el identificador entre la comprobación y la escritura',
    async () => {
      let soltar!: () => void;
      const suelta = new Promise<void>((r) => (soltar = r));
      let guardada!: () => void;
      const guardadaYa = new Promise<void>((r) => (guardada = r));
      // Another administrator's insert, not committed yet: invisible to our check, but it holds the index entry.
      const otra = database.db.transaction(async (tx) => {
        await tx.insert(vehiculos).values({ alias: 'La otra', icono: 'camion', servicio: 'vialidad', dispositivo: 'carrera-2' });
        guardada();
        await suelta;
      });
      await guardadaYa;
      const nuestra = createVehiculo(database.db, admin, { alias: 'La nuestra', icono: 'camion', servicio: 'vialidad', dispositivo: 'carrera-2' });
      // Ours waits on the unique index for the other to end.
      await expect
        .poll(
          async () => (await queryRows<{ n: number }>(database.db, sql`select count(*)::int as n from pg_stat_activity where wait_event_type = 'Lock'`))[0]!.n,
          {
            timeout: 5_000,
          },
        )
        .toBeGreaterThan(0);
      soltar();
      await otra;
      expect(await nuestra).toEqual({
        tipo: 'invalido',
        errores: { dispositivo: expect.stringContaining('Ya hay un vehículo con el identificador carrera-2 (La otra)') },
        valores: expect.objectContaining({ dispositivo: 'carrera-2' }),
      });
    },
  );

  it('editar: cambia y audita antes y después; sin cambios no escribe; un vehículo que no existe, no_encontrado', async () => {
    const v = await alta('Para editar', 'editar-1');
    const r = await updateVehiculo(database.db, admin, v.id, { alias: ' Editado ', icono: 'motoniveladora', servicio: 'vialidad', dispositivo: 'editar-2' });
    expect(r).toMatchObject({ tipo: 'guardado', cambio: true, vehiculo: { id: v.id, alias: 'Editado', icono: 'motoniveladora', dispositivo: 'editar-2' } });
    expect(r.tipo === 'guardado' && r.vehiculo.updatedAt.getTime()).toBeGreaterThanOrEqual(v.updatedAt.getTime());
    const sinCambios = await updateVehiculo(database.db, admin, v.id, {
      alias: 'Editado',
      icono: 'motoniveladora',
      servicio: 'vialidad',
      dispositivo: 'editar-2',
    });
    expect(sinCambios).toMatchObject({ tipo: 'guardado', cambio: false });
    expect((await auditoria(v.id)).items).toMatchObject([
      {
        accion: 'vehiculo.cambio',
        antes: { alias: 'Para editar', icono: 'recolector', servicio: 'recoleccion', dispositivo: 'editar-1', activo: true },
        despues: { alias: 'Editado', icono: 'motoniveladora', servicio: 'vialidad', dispositivo: 'editar-2', activo: true },
      },
      { accion: 'vehiculo.alta' },
    ]);
    expect(await updateVehiculo(database.db, admin, 999_999, { alias: 'X', icono: 'camion', servicio: 'vialidad', dispositivo: 'x-1' })).toEqual({
      tipo: 'no_encontrado',
      mensaje: 'No existe el vehículo n.º 999999: puede que la dirección esté mal escrita. Volvé a la lista de vehículos.',
    });
    expect(await updateVehiculo(database.db, admin, v.id, { alias: '', icono: 'camion', servicio: 'vialidad', dispositivo: 'x-1' })).toMatchObject({
      tipo: 'invalido',
      errores: { alias: expect.any(String) },
    });
  });

  it('desactivar y reactivar, auditados; repetirlo no escribe; sólo administración cambia algo', async () => {
    const v = await alta('Para desactivar', 'desactivar-1');
    expect(await setActivo(database.db, admin, v.id, false)).toMatchObject({ tipo: 'guardado', cambio: true, vehiculo: { activo: false } });
    expect(await setActivo(database.db, admin, v.id, false)).toMatchObject({ tipo: 'guardado', cambio: false });
    expect(await setActivo(database.db, admin, v.id, true)).toMatchObject({ tipo: 'guardado', cambio: true, vehiculo: { activo: true } });
    expect((await auditoria(v.id)).items.map((e) => [e.accion, e.antes, e.despues])).toEqual([
      ['vehiculo.reactivacion', { activo: false }, { activo: true }],
      ['vehiculo.baja', { activo: true }, { activo: false }],
      ['vehiculo.alta', null, expect.objectContaining({ activo: true })],
    ]);
    expect(await setActivo(database.db, admin, 999_999, false)).toMatchObject({ tipo: 'no_encontrado' });
    for (const actor of [editor, mesa]) {
      const prohibido = { tipo: 'prohibido', mensaje: 'Sólo un administrador puede cambiar los vehículos.' };
      expect(await createVehiculo(database.db, actor, { alias: 'Intruso', icono: 'camion', servicio: 'vialidad', dispositivo: 'intruso-1' })).toEqual(
        prohibido,
      );
      expect(await updateVehiculo(database.db, actor, v.id, { alias: 'Intruso', icono: 'camion', servicio: 'vialidad', dispositivo: 'intruso-1' })).toEqual(
        prohibido,
      );
      expect(await setActivo(database.db, actor, v.id, false)).toEqual(prohibido);
    }
    const [fila] = await database.db.select().from(vehiculos).where(eq(vehiculos.id, v.id));
    expect(fila).toMatchObject({ alias: 'Para desactivar', activo: true });
    expect((await auditoria(v.id)).items).toHaveLength(3);
  });

  it('la lista: busca por nombre (sin acentos ni mayúsculas) o identificador, filtra activos e inactivos, pagina con el total, y trae el último reporte y la última batería', async () => {
    const db = database.db;
    const pala = await alta('Pala Cargadora Ñireco', 'lista-pala-1', { icono: 'pala_cargadora', servicio: 'vialidad' });
    const moto = await alta('Motoniveladora Lista', 'LISTA-moto_2');
    const sinReportes = await alta('Lista sin reportes', 'lista-3');
    await setActivo(db, admin, sinReportes.id, false);
    await db.insert(posicionesVehiculo).values([
      { vehiculoId: pala.id, latitud: -40.76, longitud: -71.64, horaDispositivo: haceMin(30), bateria: 80, publica: true },
      { vehiculoId: pala.id, latitud: -40.76, longitud: -71.64, horaDispositivo: haceMin(10), bateria: 64.5, publica: true },
      // The last report has no battery: the last level known is the one before, with its time.
      { vehiculoId: pala.id, latitud: -40.77, longitud: -71.63, horaDispositivo: haceMin(2), recibidaEn: haceMin(1), publica: false },
      { vehiculoId: moto.id, latitud: -40.75, longitud: -71.62, horaDispositivo: haceMin(5), bateria: 12, publica: true },
    ]);

    const buscar = (texto?: string, estado?: 'activos' | 'inactivos', pagina = 1, porPagina = 25) =>
      listVehiculosAdmin(db, { ...(texto ? { texto } : {}), ...(estado ? { estado } : {}), pagina, porPagina });

    const porNombre = await buscar('ñIRECO');
    expect(porNombre).toEqual({
      total: 1,
      items: [
        expect.objectContaining({
          id: pala.id,
          alias: 'Pala Cargadora Ñireco',
          activo: true,
          ultimoReporte: { hora: haceMin(2), recibidaEn: haceMin(1), publica: false },
          ultimaBateria: { nivel: 64.5, hora: haceMin(10) },
        }),
      ],
    });
    expect((await buscar('nireco')).total).toBe(1);
    expect((await buscar('moto_2')).items.map((v) => v.alias)).toEqual(['Motoniveladora Lista']);
    // LIKE's wildcards are letters here: '_' and '%' match only themselves.
    expect((await buscar('moto%2')).total).toBe(0);
    expect((await buscar('lista')).items.map((v) => v.alias)).toEqual(['Lista sin reportes', 'Motoniveladora Lista', 'Pala Cargadora Ñireco']);
    expect((await buscar('lista', 'activos')).items.map((v) => v.alias)).toEqual(['Motoniveladora Lista', 'Pala Cargadora Ñireco']);
    const inactivos = await buscar('lista', 'inactivos');
    expect(inactivos.items).toEqual([expect.objectContaining({ alias: 'Lista sin reportes', activo: false, ultimoReporte: null, ultimaBateria: null })]);
    const paginaDos = await buscar('lista', undefined, 2, 2);
    expect(paginaDos).toMatchObject({ total: 3, items: [{ alias: 'Pala Cargadora Ñireco' }] });
    expect((await buscar('lista', undefined, 9, 2)).items).toEqual([]);
    expect((await buscar('nada que ver')).total).toBe(0);
    expect((await buscar('!!!')).total).toBe(0);
  });

  it('el detalle: el vehículo, su último reporte y sus posiciones más recientes primero, a lo sumo las pedidas', async () => {
    const v = await alta('Detalle', 'detalle-1');
    await database.db.insert(posicionesVehiculo).values(
      Array.from({ length: 12 }, (_, i) => ({
        vehiculoId: v.id,
        latitud: -40.7 - i / 1000,
        longitud: -71.6,
        velocidadKmh: i,
        precisionM: 5,
        bateria: 90 - i,
        horaDispositivo: haceMin(60 - i),
        publica: i % 2 === 0,
      })),
    );
    const detalle = await getVehiculoAdmin(database.db, v.id);
    expect(detalle).toMatchObject({ id: v.id, alias: 'Detalle', ultimoReporte: { hora: haceMin(49), publica: false }, ultimaBateria: { nivel: 79 } });
    expect(detalle!.posiciones).toHaveLength(10);
    expect(detalle!.posiciones[0]).toEqual({
      hora: haceMin(49),
      recibidaEn: expect.any(Date),
      latitud: expect.closeTo(-40.711, 9),
      longitud: -71.6,
      velocidadKmh: 11,
      precisionM: 5,
      bateria: 79,
      publica: false,
    });
    expect(detalle!.posiciones.map((p) => p.hora.getTime())).toEqual([...detalle!.posiciones.map((p) => p.hora.getTime())].sort((a, b) => b - a));
    expect((await getVehiculoAdmin(database.db, v.id, 3))!.posiciones).toHaveLength(3);
    expect(await getVehiculoAdmin(database.db, 999_999)).toBeUndefined();
  });
});
