import fs from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '#db/client.ts';
import { ACTOR_SISTEMA } from '#domain/shared/actor.ts';
import { distanciaMetros } from '#domain/vehiculos/privacidad.ts';
import { createTestDatabase, engines } from '#tests/setup/database.ts';
import { importarCalles } from './calles.ts';
import { createZona } from './commands.ts';
import { interpolar, leerDireccion, tramoDeLaAltura, ubicarDireccion, zonaDelPunto } from './ubicacion.ts';

// The demo's street index, read as a file: domain/ imports nothing from server/.
const callesDemo = fs.readFileSync(new URL('../../server/demo/calles-demo.csv', import.meta.url), 'utf8');

describe('leerDireccion', () => {
  it('lee la calle y la altura como se escriben', () => {
    expect(leerDireccion('Av. Arrayanes 250')).toEqual({ calle: 'Av. Arrayanes', numero: 250 });
    expect(leerDireccion('  arrayanes   250 ')).toEqual({ calle: 'arrayanes', numero: 250 });
    expect(leerDireccion('Los Notros al 1200')).toEqual({ calle: 'Los Notros', numero: 1200 });
    expect(leerDireccion('Las Fucsias N° 35')).toEqual({ calle: 'Las Fucsias', numero: 35 });
    expect(leerDireccion('Las Fucsias nro. 35')).toEqual({ calle: 'Las Fucsias', numero: 35 });
    expect(leerDireccion('Cerro Inacayal, 12')).toEqual({ calle: 'Cerro Inacayal', numero: 12 });
  });
  it('sin altura, sin calle o demasiado larga: un mensaje', () => {
    expect(leerDireccion('Av. Arrayanes')).toHaveProperty('mensaje');
    expect(leerDireccion('250')).toHaveProperty('mensaje');
    expect(leerDireccion('')).toHaveProperty('mensaje');
    expect(leerDireccion(`${'a'.repeat(10_000)} 250`)).toHaveProperty('mensaje');
    expect(leerDireccion('Arrayanes 1234567')).toHaveProperty('mensaje');
  });
});

describe('interpolar', () => {
  it('reparte a lo largo de la línea medida en el suelo', () => {
    const linea: [number, number][] = [
      [-71.66, -40.76],
      [-71.65, -40.76],
      [-71.65, -40.75],
    ];
    expect(interpolar(linea, 0)).toEqual({ latitud: -40.76, longitud: -71.66 });
    expect(interpolar(linea, 1)).toEqual({ latitud: -40.75, longitud: -71.65 });
    // The first leg is shorter on the ground (cos 40.76° ≈ 0.758): the middle falls on the second.
    const medio = interpolar(linea, 0.5);
    expect(medio.longitud).toBeCloseTo(-71.65, 6);
    expect(medio.latitud).toBeGreaterThan(-40.76);
    const total =
      distanciaMetros({ latitud: -40.76, longitud: -71.66 }, { latitud: -40.76, longitud: -71.65 }) +
      distanciaMetros({ latitud: -40.76, longitud: -71.65 }, { latitud: -40.75, longitud: -71.65 });
    const recorrido =
      distanciaMetros({ latitud: -40.76, longitud: -71.66 }, { latitud: -40.76, longitud: -71.65 }) +
      distanciaMetros({ latitud: -40.76, longitud: -71.65 }, medio);
    expect(Math.abs(recorrido - total / 2)).toBeLessThan(5);
  });
});

describe('tramoDeLaAltura', () => {
  const tramos = [
    { id: 'todas', desde: 1, hasta: 1000, paridad: 'todos' as const },
    { id: 'pares', desde: 2, hasta: 500, paridad: 'pares' as const },
    { id: 'impares', desde: 1001, hasta: 1999, paridad: 'impares' as const },
  ];
  it('elige el tramo del lado de la altura; uno de una vereda gana sobre uno de todas las alturas', () => {
    expect(tramoDeLaAltura(tramos, 40)?.id).toBe('pares');
    expect(tramoDeLaAltura(tramos, 41)?.id).toBe('todas');
    expect(tramoDeLaAltura(tramos, 600)?.id).toBe('todas');
    expect(tramoDeLaAltura(tramos, 1001)?.id).toBe('impares');
    // An even number where only the odd side is known: no stretch.
    expect(tramoDeLaAltura(tramos, 1002)).toBeUndefined();
    expect(tramoDeLaAltura(tramos, 2001)).toBeUndefined();
  });
});

describe.each(engines)('ubicarDireccion y zonaDelPunto (%s)', (engine) => {
  let database: Database;
  beforeAll(async () => {
    database = await createTestDatabase(engine);
    const r = await importarCalles(database.db, ACTOR_SISTEMA, new File([callesDemo], 'calles-demo.csv'));
    expect(r.tipo).toBe('importado');
    const cuadrado = (nombre: string, lat: [number, number], lon: [number, number]) =>
      createZona(database.db, ACTOR_SISTEMA, {
        nombre,
        descripcion: '',
        geometria: JSON.stringify({
          type: 'Polygon',
          coordinates: [
            [
              [lon[0], lat[0]],
              [lon[1], lat[0]],
              [lon[1], lat[1]],
              [lon[0], lat[1]],
              [lon[0], lat[0]],
            ],
          ],
        }),
      });
    expect((await cuadrado('Oeste', [-40.77, -40.75], [-71.67, -71.6455])).tipo).toBe('guardado');
    expect((await cuadrado('Este', [-40.77, -40.75], [-71.6455, -71.62])).tipo).toBe('guardado');
  });
  afterAll(() => database.close());

  it('encuentra la altura en su tramo e interpola el punto', async () => {
    const r = await ubicarDireccion(database.db, 'Av. Arrayanes 250');
    expect(r).toMatchObject({ tipo: 'encontrada', calle: 'Av. Arrayanes', numero: 250 });
    if (r.tipo !== 'encontrada') return;
    // 1–499 goes from -71.66 to -71.646: 250 is about half way.
    expect(r.punto.longitud).toBeCloseTo(-71.653, 3);
    expect(r.punto.latitud).toBeCloseTo(-40.7605, 3);
    expect((await zonaDelPunto(database.db, r.punto))?.nombre).toBe('Oeste');
  });

  it('sin el tipo de calle, en minúsculas o «al»: la misma calle', async () => {
    expect(await ubicarDireccion(database.db, 'arrayanes 900')).toMatchObject({ tipo: 'encontrada', calle: 'Av. Arrayanes' });
    expect(await ubicarDireccion(database.db, 'AVENIDA ARRAYANES 900')).toMatchObject({ tipo: 'encontrada', calle: 'Av. Arrayanes' });
    const notros = await ubicarDireccion(database.db, 'Los Notros al 1200');
    expect(notros).toMatchObject({ tipo: 'encontrada', calle: 'Los Notros' });
    if (notros.tipo === 'encontrada') expect((await zonaDelPunto(database.db, notros.punto))?.nombre).toBe('Este');
  });

  it('una calle que no conoce: hasta 5 parecidas', async () => {
    const r = await ubicarDireccion(database.db, 'Los Notro 300');
    expect(r.tipo).toBe('desconocida');
    if (r.tipo !== 'desconocida') return;
    expect(r.parecidas[0]).toBe('Los Notros');
    expect(r.parecidas.length).toBeLessThanOrEqual(5);
    const nada = await ubicarDireccion(database.db, 'Zzyzx 10');
    expect(nada).toMatchObject({ tipo: 'desconocida', parecidas: [] });
  });

  it('una altura fuera del índice dice qué alturas conoce', async () => {
    const r = await ubicarDireccion(database.db, 'Los Notros 5000');
    expect(r).toMatchObject({
      tipo: 'fuera_de_rango',
      calle: 'Los Notros',
      rangos: [
        [100, 1499],
        [1500, 2499],
      ],
    });
    expect(r.tipo === 'fuera_de_rango' && r.mensaje).toBe(
      'No tenemos el 5.000 de Los Notros: en el índice va del 100 al 1.499 y del 1.500 al 2.499. Revisá la altura o marcá tu casa en el mapa.',
    );
  });

  it('una altura par va a la vereda par, que es otro tramo y otra zona; la impar, a la suya', async () => {
    // The demo's Los Cipreses runs north-south on the border: the odd side west (Oeste), the even side east (Este).
    const par = await ubicarDireccion(database.db, 'Los Cipreses 450');
    expect(par).toMatchObject({ tipo: 'encontrada', calle: 'Los Cipreses', numero: 450 });
    if (par.tipo !== 'encontrada') return;
    expect(par.punto.longitud).toBeCloseTo(-71.6453, 6);
    expect((await zonaDelPunto(database.db, par.punto))?.nombre).toBe('Este');
    const impar = await ubicarDireccion(database.db, 'los cipreses 451');
    expect(impar).toMatchObject({ tipo: 'encontrada', calle: 'Los Cipreses', numero: 451 });
    if (impar.tipo !== 'encontrada') return;
    expect(impar.punto.longitud).toBeCloseTo(-71.6457, 6);
    expect((await zonaDelPunto(database.db, impar.punto))?.nombre).toBe('Oeste');
    // Both about half way along their side.
    expect(par.punto.latitud).toBeCloseTo(-40.7615, 3);
    expect(impar.punto.latitud).toBeCloseTo(-40.7615, 3);
    // 900 is even and only the even side reaches it; 901 neither side has, and the message names each side.
    expect(await ubicarDireccion(database.db, 'Los Cipreses 900')).toMatchObject({ tipo: 'encontrada' });
    const fuera = await ubicarDireccion(database.db, 'Los Cipreses 901');
    expect(fuera.tipo === 'fuera_de_rango' && fuera.mensaje).toBe(
      'No tenemos el 901 de Los Cipreses: en el índice va del 1 al 899 (impares) y del 2 al 900 (pares). Revisá la altura o marcá tu casa en el mapa.',
    );
  });

  it('un punto fuera de toda zona no tiene zona', async () => {
    expect(await zonaDelPunto(database.db, { latitud: -40.9, longitud: -71.6 })).toBeUndefined();
    expect(await zonaDelPunto(database.db, { latitud: -40.76, longitud: -71.63 })).toMatchObject({ nombre: 'Este', slug: 'este' });
  });
});
