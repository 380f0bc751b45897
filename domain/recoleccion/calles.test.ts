import { count, desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '#db/client.ts';
import { auditoria, callesRecoleccion } from '#db/schema/index.ts';
import { ACTOR_SISTEMA, type Actor } from '#domain/shared/actor.ts';
import { createTestDatabase, engines } from '#tests/setup/database.ts';
import { admiteAltura, importarCalles, leerParidad, normalizarCalle, resumenCalles, sinTipo } from './calles.ts';

const ENCABEZADO = 'calle,desde,hasta,lat_desde,lon_desde,lat_hasta,lon_hasta';
const csv = (...filas: string[]) => new File([[ENCABEZADO, ...filas].join('\n')], 'calles.csv', { type: 'text/csv' });
const MESA: Actor = { usuarioId: 99, email: 'mesa@muni.test', nombre: 'Mesa', rol: 'mesa-de-entradas' };

describe('nombres de calles', () => {
  it('unifica mayúsculas, acentos, puntuación y abreviaturas', () => {
    expect(normalizarCalle('Av. Arrayanes')).toBe('avenida arrayanes');
    expect(normalizarCalle('AVENIDA  arrayanes')).toBe('avenida arrayanes');
    expect(normalizarCalle('Avda Arrayanes')).toBe('avenida arrayanes');
    expect(normalizarCalle('Bv. Nahuel Huapi')).toBe(normalizarCalle('Boulevard Nahuel Huapi'));
    expect(normalizarCalle('Pje. Los Coihues')).toBe('pasaje los coihues');
    expect(normalizarCalle('Gral. Güemes')).toBe('general guemes');
    expect(normalizarCalle('Los Ñires')).toBe(normalizarCalle('los nires'));
    expect(normalizarCalle('Cerro Inacayal')).toBe('cerro inacayal');
  });
  it('quita el tipo de calle del principio, no el de en medio', () => {
    expect(sinTipo('avenida arrayanes')).toBe('arrayanes');
    expect(sinTipo('pasaje los coihues')).toBe('los coihues');
    expect(sinTipo('avenida')).toBe('avenida');
    expect(sinTipo('los notros')).toBe('los notros');
  });
});

describe('paridad de un tramo', () => {
  it('lee «pares», «impares» y «todos» como se escriban; vacía o sin valor, todos; otra cosa, nada', () => {
    expect(leerParidad('pares')).toBe('pares');
    expect(leerParidad(' Impares ')).toBe('impares');
    expect(leerParidad('TODOS')).toBe('todos');
    expect(leerParidad('')).toBe('todos');
    expect(leerParidad(undefined)).toBe('todos');
    expect(leerParidad(null)).toBe('todos');
    for (const mala of ['par', 'impar', 'p', 'ambos', 'pares e impares', 2, true]) expect(leerParidad(mala), String(mala)).toBeUndefined();
  });
  it('una altura es de un lado o del otro; «todos» las admite a todas', () => {
    expect(admiteAltura('pares', 250)).toBe(true);
    expect(admiteAltura('pares', 251)).toBe(false);
    expect(admiteAltura('impares', 251)).toBe(true);
    expect(admiteAltura('impares', 0)).toBe(false);
    expect(admiteAltura('todos', 251)).toBe(true);
  });
});

describe.each(engines)('importarCalles (%s)', (engine) => {
  let database: Database;
  beforeAll(async () => {
    database = await createTestDatabase(engine);
  });
  afterAll(() => database.close());

  it('carga un CSV entero y lo registra en la auditoría con la cantidad', async () => {
    const r = await importarCalles(
      database.db,
      ACTOR_SISTEMA,
      csv(
        'Av. Arrayanes,1,499,-40.76,-71.66,-40.761,-71.646',
        'Av. Arrayanes,500,1499,-40.761,-71.645,-40.762,-71.632',
        '"Los Notros",100,1499,-40.7565,-71.64,-40.7665,-71.64',
      ),
    );
    expect(r).toEqual({ tipo: 'importado', cantidad: 3 });
    const filas = await database.db.select().from(callesRecoleccion).orderBy(callesRecoleccion.id);
    expect(filas.map((f) => [f.nombre, f.nombreNormalizado, f.desde, f.hasta])).toEqual([
      ['Av. Arrayanes', 'avenida arrayanes', 1, 499],
      ['Av. Arrayanes', 'avenida arrayanes', 500, 1499],
      ['Los Notros', 'los notros', 100, 1499],
    ]);
    expect(filas[0]!.geometria).toEqual([
      [-71.66, -40.76],
      [-71.646, -40.761],
    ]);
    const [entrada] = await database.db
      .select()
      .from(auditoria)
      .where(eq(auditoria.accion, 'recoleccion.calles_importadas'))
      .orderBy(desc(auditoria.id))
      .limit(1);
    expect(entrada?.despues).toEqual({ cantidad: 3 });
    expect(await resumenCalles(database.db)).toMatchObject({ tramos: 3, calles: 2 });
  });

  it('un GeoJSON reemplaza el índice entero', async () => {
    const geojson = {
      type: 'FeatureCollection',
      features: [
        {
          type: 'Feature',
          properties: { nombre: 'Las Fucsias', desde: 1, hasta: '600' },
          geometry: {
            type: 'LineString',
            coordinates: [
              [-71.635, -40.757],
              [-71.6352, -40.761],
              [-71.635, -40.766],
            ],
          },
        },
      ],
    };
    const r = await importarCalles(database.db, ACTOR_SISTEMA, new File([JSON.stringify(geojson)], 'calles.geojson'));
    expect(r).toEqual({ tipo: 'importado', cantidad: 1 });
    const filas = await database.db.select({ nombre: callesRecoleccion.nombre, geometria: callesRecoleccion.geometria }).from(callesRecoleccion);
    expect(filas).toEqual([{ nombre: 'Las Fucsias', geometria: geojson.features[0]!.geometry.coordinates }]);
  });

  it('cada fila mala se informa con su línea y no se cambia nada', async () => {
    const r = await importarCalles(
      database.db,
      ACTOR_SISTEMA,
      csv(
        'Cerro Inacayal,1,800,-40.755,-71.656,-40.766,-71.656',
        ',1,10,-40.75,-71.65,-40.76,-71.65',
        'Los Maquis,500,1,-40.772,-71.65,-40.776,-71.642',
        'Los Radales,1,600,-140.77,-71.605,abc,-71.6',
      ),
    );
    expect(r.tipo).toBe('rechazado');
    if (r.tipo !== 'rechazado') return;
    expect(r.errores).toEqual([
      { lugar: 'Línea 3', mensaje: 'Falta el nombre de la calle.' },
      { lugar: 'Línea 4', mensaje: '«desde» (500) es mayor que «hasta» (1): la primera altura va en «desde».' },
      { lugar: 'Línea 5', mensaje: expect.stringContaining('Las coordenadas deben ser números') },
    ]);
    const [total] = await database.db.select({ n: count() }).from(callesRecoleccion);
    expect(total?.n).toBe(1);
  });

  it('un GeoJSON con elementos malos los nombra por número', async () => {
    const r = await importarCalles(
      database.db,
      ACTOR_SISTEMA,
      new File(
        [
          JSON.stringify({
            type: 'FeatureCollection',
            features: [
              {
                type: 'Feature',
                properties: { nombre: 'Buena', desde: 1, hasta: 10 },
                geometry: {
                  type: 'LineString',
                  coordinates: [
                    [-71.6, -40.7],
                    [-71.61, -40.71],
                  ],
                },
              },
              { type: 'Feature', properties: { nombre: 'Punto', desde: 1, hasta: 10 }, geometry: { type: 'Point', coordinates: [-71.6, -40.7] } },
              { type: 'Feature', properties: { desde: 'uno', hasta: 10 }, geometry: { type: 'LineString', coordinates: [[-71.6, -40.7]] } },
            ],
          }),
        ],
        'calles.json',
      ),
    );
    expect(r.tipo).toBe('rechazado');
    if (r.tipo !== 'rechazado') return;
    expect(r.errores.map((e) => e.lugar)).toEqual(['Elemento 2', 'Elemento 3', 'Elemento 3', 'Elemento 3']);
    expect(r.errores[0]!.mensaje).toContain('LineString');
  });

  it('rechaza un archivo sin encabezado, vacío, que no es UTF-8 o de quien no puede', async () => {
    const sinEncabezado = await importarCalles(database.db, ACTOR_SISTEMA, new File(['Arrayanes,1,10,-40,-71,-40,-71'], 'calles.csv'));
    expect(sinEncabezado).toMatchObject({ tipo: 'rechazado', general: expect.stringContaining('faltan: calle, desde') });
    expect(await importarCalles(database.db, ACTOR_SISTEMA, new File([], 'calles.csv'))).toMatchObject({
      tipo: 'rechazado',
      general: expect.stringContaining('vacío'),
    });
    const latin1 = new File([new Uint8Array([...new TextEncoder().encode(`${ENCABEZADO}\nCalle `), 0xf1, 0x0a])], 'calles.csv');
    expect(await importarCalles(database.db, ACTOR_SISTEMA, latin1)).toMatchObject({ tipo: 'rechazado', general: expect.stringContaining('UTF-8') });
    expect(await importarCalles(database.db, MESA, csv('Otra,1,10,-40.7,-71.6,-40.71,-71.61'))).toMatchObject({ tipo: 'prohibido' });
    const [total] = await database.db.select({ n: count() }).from(callesRecoleccion);
    expect(total?.n).toBe(1);
  });
  it('la columna paridad: cada vereda en su tramo, en mayúsculas o minúsculas; vacía, todas las alturas', async () => {
    const conParidad = (...filas: string[]) => new File([[`${ENCABEZADO},paridad`, ...filas].join('\n')], 'calles.csv', { type: 'text/csv' });
    const r = await importarCalles(
      database.db,
      ACTOR_SISTEMA,
      conParidad(
        'Los Cipreses,1,899,-40.757,-71.6457,-40.766,-71.6457,impares',
        'Los Cipreses,2,900,-40.757,-71.6453,-40.766,-71.6453,Pares',
        'Las Lengas,1,300,-40.76,-71.65,-40.761,-71.64,',
        'Los Ñires,1,300,-40.76,-71.65,-40.761,-71.64,todos',
      ),
    );
    expect(r).toEqual({ tipo: 'importado', cantidad: 4 });
    const filas = await database.db.select().from(callesRecoleccion).orderBy(callesRecoleccion.id);
    expect(filas.map((f) => [f.nombre, f.desde, f.paridad])).toEqual([
      ['Los Cipreses', 1, 'impares'],
      ['Los Cipreses', 2, 'pares'],
      ['Las Lengas', 1, 'todos'],
      ['Los Ñires', 1, 'todos'],
    ]);
    expect((await resumenCalles(database.db)).muestra.filter((t) => t.nombre === 'Los Cipreses').map((t) => t.paridad)).toEqual(['impares', 'pares']);
    // The column's name, like the others, in any case and place.
    const otraPosicion = new File(
      ['PARIDAD,calle,desde,hasta,lat_desde,lon_desde,lat_hasta,lon_hasta\nimpares,Las Lengas,1,99,-40.76,-71.65,-40.761,-71.64'],
      'calles.csv',
    );
    expect(await importarCalles(database.db, ACTOR_SISTEMA, otraPosicion)).toEqual({ tipo: 'importado', cantidad: 1 });
    expect((await database.db.select({ paridad: callesRecoleccion.paridad }).from(callesRecoleccion))[0]?.paridad).toBe('impares');
  });

  it('un CSV anterior, sin la columna paridad, se carga como siempre: cada tramo con todas sus alturas', async () => {
    const r = await importarCalles(
      database.db,
      ACTOR_SISTEMA,
      csv('Av. Arrayanes,1,499,-40.76,-71.66,-40.761,-71.646', 'Los Notros,100,1499,-40.7565,-71.64,-40.7665,-71.64'),
    );
    expect(r).toEqual({ tipo: 'importado', cantidad: 2 });
    expect((await database.db.select({ paridad: callesRecoleccion.paridad }).from(callesRecoleccion)).map((f) => f.paridad)).toEqual(['todos', 'todos']);
  });

  it('una paridad mala se informa con su línea y no se cambia nada', async () => {
    const antes = await database.db.select({ id: callesRecoleccion.id }).from(callesRecoleccion);
    const r = await importarCalles(
      database.db,
      ACTOR_SISTEMA,
      new File(
        [
          [
            `${ENCABEZADO},paridad`,
            'Los Cipreses,1,899,-40.757,-71.6457,-40.766,-71.6457,impares',
            'Los Cipreses,2,900,-40.757,-71.6453,-40.766,-71.6453,par',
            'Las Lengas,7,7,-40.76,-71.65,-40.761,-71.64,pares',
          ].join('\n'),
        ],
        'calles.csv',
      ),
    );
    expect(r).toEqual({
      tipo: 'rechazado',
      errores: [
        {
          lugar: 'Línea 3',
          mensaje: '«paridad» debe ser «pares», «impares» o «todos», o quedar vacía (el tramo lleva todas las alturas de su rango); dice «par».',
        },
        { lugar: 'Línea 4', mensaje: 'El tramo tiene una sola altura, el 7, que no es par: revisá la altura o la paridad.' },
      ],
    });
    expect(await database.db.select({ id: callesRecoleccion.id }).from(callesRecoleccion)).toEqual(antes);
  });

  it('un GeoJSON dice la paridad en la propiedad «paridad»; mal escrita, nombra el elemento', async () => {
    const elemento = (paridad: unknown, lon: number) => ({
      type: 'Feature',
      properties: { nombre: 'Los Cipreses', desde: 1, hasta: 900, ...(paridad === undefined ? {} : { paridad }) },
      geometry: {
        type: 'LineString',
        coordinates: [
          [lon, -40.757],
          [lon, -40.766],
        ],
      },
    });
    const archivo = (...features: unknown[]) => new File([JSON.stringify({ type: 'FeatureCollection', features })], 'calles.geojson');
    expect(
      await importarCalles(database.db, ACTOR_SISTEMA, archivo(elemento('impares', -71.6457), elemento('pares', -71.6453), elemento(undefined, -71.645))),
    ).toEqual({
      tipo: 'importado',
      cantidad: 3,
    });
    expect(
      (await database.db.select({ paridad: callesRecoleccion.paridad }).from(callesRecoleccion).orderBy(callesRecoleccion.id)).map((f) => f.paridad),
    ).toEqual(['impares', 'pares', 'todos']);
    const mala = await importarCalles(database.db, ACTOR_SISTEMA, archivo(elemento('pares', -71.6453), elemento(2, -71.6457)));
    expect(mala).toMatchObject({ tipo: 'rechazado', errores: [{ lugar: 'Elemento 2', mensaje: expect.stringContaining('«paridad» debe ser') }] });
  });
});
