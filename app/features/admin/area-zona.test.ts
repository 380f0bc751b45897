import { describe, expect, it } from 'vitest';
import { leerGeometria } from '#domain/recoleccion/schemas.ts';
import { describirArea, poligonosDelTexto, textoDeLosPoligonos } from './area-zona.ts';

const CUADRADO: [number, number][] = [
  [-71.65, -40.76],
  [-71.64, -40.76],
  [-71.64, -40.77],
  [-71.65, -40.77],
  [-71.65, -40.76],
];
const OTRO: [number, number][] = [
  [-71.6, -40.76],
  [-71.59, -40.76],
  [-71.59, -40.77],
  [-71.6, -40.77],
  [-71.6, -40.76],
];

describe('poligonosDelTexto', () => {
  it('reads every shape the form accepts, and an empty text as no polygon', () => {
    expect(poligonosDelTexto('')).toEqual([]);
    expect(poligonosDelTexto('  \n')).toEqual([]);
    expect(poligonosDelTexto(JSON.stringify({ type: 'Polygon', coordinates: [CUADRADO] }))).toEqual([[CUADRADO]]);
    expect(poligonosDelTexto(JSON.stringify({ type: 'MultiPolygon', coordinates: [[CUADRADO], [OTRO]] }))).toEqual([[CUADRADO], [OTRO]]);
    const coleccion = {
      type: 'FeatureCollection',
      features: [
        { type: 'Feature', properties: {}, geometry: { type: 'Polygon', coordinates: [CUADRADO] } },
        { type: 'Feature', properties: { nombre: 'b' }, geometry: { type: 'MultiPolygon', coordinates: [[OTRO]] } },
      ],
    };
    expect(poligonosDelTexto(JSON.stringify(coleccion))).toEqual([[CUADRADO], [OTRO]]);
  });

  it('drops an altitude', () => {
    const conAltura = CUADRADO.map(([x, y]) => [x, y, 800]);
    expect(poligonosDelTexto(JSON.stringify({ type: 'Polygon', coordinates: [conAltura] }))).toEqual([[CUADRADO]]);
  });

  it('answers null for what the map cannot show, so the map keeps what it had', () => {
    for (const texto of [
      '{"type": "Polygon", "coordinates": [',
      JSON.stringify({ type: 'Point', coordinates: [-71.65, -40.76] }),
      JSON.stringify({ type: 'Polygon', coordinates: [[['a', 'b']]] }),
      JSON.stringify({ type: 'Polygon', coordinates: [] }),
      JSON.stringify({ type: 'FeatureCollection', features: [] }),
      JSON.stringify([CUADRADO]),
      '42',
    ])
      expect(poligonosDelTexto(texto), texto).toBeNull();
  });
});

describe('textoDeLosPoligonos', () => {
  it('writes a Polygon for one, a MultiPolygon for more, nothing for none', () => {
    expect(textoDeLosPoligonos([])).toBe('');
    expect(JSON.parse(textoDeLosPoligonos([[CUADRADO]]))).toEqual({ type: 'Polygon', coordinates: [CUADRADO] });
    expect(JSON.parse(textoDeLosPoligonos([[CUADRADO], [OTRO]]))).toEqual({ type: 'MultiPolygon', coordinates: [[CUADRADO], [OTRO]] });
  });

  it('closes open rings and rounds to six decimals', () => {
    const abierto: [number, number][] = [
      [-71.650000049, -40.7600000001],
      [-71.6400004, -40.76],
      [-71.64, -40.77],
      [-71.65, -40.77],
    ];
    expect(JSON.parse(textoDeLosPoligonos([[abierto]])).coordinates).toEqual([
      [
        [-71.65, -40.76],
        [-71.64, -40.76],
        [-71.64, -40.77],
        [-71.65, -40.77],
        [-71.65, -40.76],
      ],
    ]);
  });

  it('writes what the server reads back as the same area', () => {
    const texto = textoDeLosPoligonos([[CUADRADO], [OTRO]]);
    const leido = leerGeometria(texto);
    expect(leido.ok && leido.area.geometria).toEqual([[CUADRADO], [OTRO]]);
    expect(poligonosDelTexto(texto)).toEqual([[CUADRADO], [OTRO]]);
  });
});

describe('describirArea', () => {
  it('counts a closed ring’s vertices once', () => {
    expect(describirArea([[CUADRADO]])).toBe('un polígono de 4 vértices');
    expect(describirArea([[CUADRADO], [OTRO.slice(0, 4)]])).toBe('2 polígonos con 8 vértices');
  });
});
