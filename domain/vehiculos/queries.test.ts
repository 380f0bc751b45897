import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '#db/client.ts';
import { posicionesVehiculo } from '#db/schema/index.ts';
import { insertVehiculo } from '#tests/factories/vehiculos.ts';
import { createTestDatabase, engines } from '#tests/setup/database.ts';
import { MAXIMO_PUNTOS_RECORRIDO, listRecorridosVialidad, listVehiculosEnMapa } from './queries.ts';

const AHORA = new Date('2026-07-15T15:00:00Z');
const haceMin = (min: number) => new Date(AHORA.getTime() - min * 60_000);

describe.each(engines)('lo que el mapa público muestra (%s)', (engine) => {
  let database: Database;
  beforeAll(async () => {
    database = await createTestDatabase(engine);
  });
  afterAll(() => database.close());

  const vehiculo = async (alias: string, datos: Parameters<typeof insertVehiculo>[1] = {}) => (await insertVehiculo(database.db, { alias, ...datos })).id;
  const posicion = (vehiculoId: number, minutos: number, datos: Partial<typeof posicionesVehiculo.$inferInsert> = {}) =>
    database.db
      .insert(posicionesVehiculo)
      .values({ vehiculoId, latitud: -40.76, longitud: -71.64, horaDispositivo: haceMin(minutos), publica: true, ...datos });

  it('cada vehículo activo con su última posición pública reciente; ni los inactivos, ni los viejos, ni lo privado', async () => {
    const recolector = await vehiculo('Recolector 1');
    await posicion(recolector, 12, { latitud: -40.1 });
    await posicion(recolector, 3, { latitud: -40.2, velocidadKmh: 18.5, rumbo: 90 });
    await posicion(recolector, 1, { latitud: -40.3, publica: false }); // at the depot: never public
    const viejo = await vehiculo('Camión viejo');
    await posicion(viejo, 40);
    const inactivo = await vehiculo('Inactivo', { activo: false });
    await posicion(inactivo, 1);
    const soloPrivado = await vehiculo('En el depósito');
    await posicion(soloPrivado, 1, { publica: false });

    const mapa = await listVehiculosEnMapa(database.db, AHORA, 15);
    expect(mapa).toEqual([
      {
        id: recolector,
        alias: 'Recolector 1',
        icono: 'recolector',
        servicio: 'recoleccion',
        latitud: -40.2,
        longitud: -71.64,
        velocidadKmh: 18.5,
        rumbo: 90,
        vistoEn: haceMin(3),
      },
    ]);
    expect((await listVehiculosEnMapa(database.db, AHORA, 60)).map((v) => v.alias)).toEqual(['Camión viejo', 'Recolector 1']);
  });

  it('el recorrido de las máquinas viales, del punto más viejo al más nuevo, sólo en la ventana y sólo lo público', async () => {
    const moto = await vehiculo('Motoniveladora', { icono: 'motoniveladora', servicio: 'vialidad' });
    const recolector = await vehiculo('Recolector 2');
    await posicion(moto, 13 * 60); // out of the 12 h window
    await posicion(moto, 5 * 60, { latitud: -40.5 });
    await posicion(moto, 60, { latitud: -40.6, publica: false });
    await posicion(moto, 10, { latitud: -40.7 });
    await posicion(recolector, 10); // not a road machine: no trail
    const recorridos = await listRecorridosVialidad(database.db, AHORA, 12);
    expect([...recorridos.keys()]).toEqual([moto]);
    expect(recorridos.get(moto)).toEqual([
      { latitud: -40.5, longitud: -71.64, hora: haceMin(5 * 60) },
      { latitud: -40.7, longitud: -71.64, hora: haceMin(10) },
    ]);
  });

  it('un recorrido largo se ralea parejo hasta el máximo, y conserva el último punto', async () => {
    const moto = await vehiculo('Quitanieve', { icono: 'motoniveladora', servicio: 'vialidad', dispositivo: 'quitanieve' });
    const n = MAXIMO_PUNTOS_RECORRIDO + 500;
    const filas = Array.from({ length: n }, (_, i) => ({
      vehiculoId: moto,
      latitud: -40.7 + i / 1e6,
      longitud: -71.6,
      horaDispositivo: new Date(AHORA.getTime() - (n - i) * 5_000),
      publica: true,
    }));
    for (let i = 0; i < filas.length; i += 500) await database.db.insert(posicionesVehiculo).values(filas.slice(i, i + 500));
    const puntos = (await listRecorridosVialidad(database.db, AHORA, 12)).get(moto)!;
    expect(puntos).toHaveLength(MAXIMO_PUNTOS_RECORRIDO);
    expect(puntos.at(-1)!.hora).toEqual(filas.at(-1)!.horaDispositivo);
    expect(puntos[0]!.hora).toEqual(filas[0]!.horaDispositivo);
  });
});
