import { describe, expect, it } from 'vitest';
import {
  type PosicionEnVivo,
  type PuntoRecorrido,
  type VehiculoVivo,
  aplicarPosicion,
  bandasRecorrido,
  estadoVehiculo,
  extenderRecorrido,
  textoUltimoReporte,
  ubicacionRelativa,
  vehiculosMostrados,
} from './estado.ts';
import { esperaReintento, readInstantanea, readPosicion } from './en-vivo.ts';
import { tramosRecorrido } from './recorridos.ts';

const AHORA = Date.parse('2026-07-15T15:00:00Z');
const hace = (minutos: number) => new Date(AHORA - minutos * 60_000).toISOString();
const AJUSTES = { minutosRecientes: 15, minutosGris: 5, horasRecorrido: 12 };
const CONOCIDOS = { iconos: ['recolector', 'motoniveladora'], servicios: ['recoleccion', 'vialidad'] };

const vehiculo = (id: number, alias: string, minutos: number): VehiculoVivo => ({
  id,
  alias,
  icono: 'recolector',
  servicio: 'recoleccion',
  latitud: -40.76,
  longitud: -71.64,
  vistoEn: hace(minutos),
  horaTexto: '11:00',
});

describe('cuándo se vio cada vehículo', () => {
  it('reciente, gris desde minutosGris, fuera desde minutosRecientes', () => {
    expect(estadoVehiculo(hace(0), AHORA, AJUSTES)).toBe('reciente');
    expect(estadoVehiculo(hace(4.99), AHORA, AJUSTES)).toBe('reciente');
    expect(estadoVehiculo(hace(5), AHORA, AJUSTES)).toBe('gris');
    expect(estadoVehiculo(hace(14.99), AHORA, AJUSTES)).toBe('gris');
    expect(estadoVehiculo(hace(15), AHORA, AJUSTES)).toBe('fuera');
    // A device whose clock runs a little ahead reports from the future: it is recent.
    expect(estadoVehiculo(hace(-1), AHORA, AJUSTES)).toBe('reciente');
  });

  it('lo dice en palabras', () => {
    expect(textoUltimoReporte(hace(0.5), AHORA, 'reciente')).toBe('visto hace menos de 1 min');
    expect(textoUltimoReporte(hace(-2), AHORA, 'reciente')).toBe('visto hace menos de 1 min');
    expect(textoUltimoReporte(hace(3.9), AHORA, 'reciente')).toBe('visto hace 3 min');
    expect(textoUltimoReporte(hace(7), AHORA, 'gris')).toBe('sin reportar hace 7 min');
    expect(textoUltimoReporte(hace(75), AHORA, 'gris')).toBe('sin reportar hace 1 h 15 min');
    expect(textoUltimoReporte(hace(120), AHORA, 'gris')).toBe('sin reportar hace 2 h');
  });

  it('muestra los recientes y los grises, en el orden dado, y deja afuera los viejos', () => {
    const lista = [vehiculo(1, 'A', 1), vehiculo(2, 'B', 20), vehiculo(3, 'C', 6)];
    expect(vehiculosMostrados(lista, AHORA, AJUSTES).map((v) => [v.alias, v.estado, v.texto])).toEqual([
      ['A', 'reciente', 'visto hace 1 min'],
      ['C', 'gris', 'sin reportar hace 6 min'],
    ]);
  });
});

describe('las posiciones en vivo', () => {
  const dato = {
    id: 7,
    alias: 'Recolector 7',
    icono: 'recolector',
    servicio: 'recoleccion',
    latitud: -40.7,
    longitud: -71.6,
    velocidadKmh: 20,
    rumbo: 90,
    vistoEn: hace(0),
  };

  it('toma lo que el mapa dibuja y rechaza lo que no entiende', () => {
    expect(readPosicion(dato, CONOCIDOS)).toEqual({
      id: 7,
      alias: 'Recolector 7',
      icono: 'recolector',
      servicio: 'recoleccion',
      latitud: -40.7,
      longitud: -71.6,
      vistoEn: hace(0),
    });
    for (const malo of [
      null,
      'texto',
      { ...dato, id: '7' },
      { ...dato, alias: ' ' },
      { ...dato, latitud: Number.NaN },
      { ...dato, latitud: 91 },
      { ...dato, longitud: -181 },
      { ...dato, vistoEn: 'ayer' },
      { ...dato, icono: 'helicoptero' },
      { ...dato, servicio: 'policia' },
    ]) {
      expect(readPosicion(malo, CONOCIDOS), JSON.stringify(malo)).toBeNull();
    }
  });

  it('la instantánea: una lista, o un objeto con `vehiculos`; lo que no entiende queda afuera', () => {
    expect(readInstantanea([dato, { ...dato, id: 'x' }], CONOCIDOS)?.map((p) => p.id)).toEqual([7]);
    expect(readInstantanea({ vehiculos: [dato] }, CONOCIDOS)?.map((p) => p.id)).toEqual([7]);
    expect(readInstantanea({ otra: 'cosa' }, CONOCIDOS)).toBeNull();
    expect(readInstantanea(undefined, CONOCIDOS)).toBeNull();
  });

  it('mueve un vehículo en su lugar, agrega uno nuevo por alias e ignora una posición vieja', () => {
    const lista = [vehiculo(1, 'Barredora', 2), vehiculo(2, 'Recolector', 2)];
    const movido = aplicarPosicion(lista, { ...vehiculo(2, 'Recolector', 0), latitud: -40.8, horaTexto: '12:00' });
    expect(movido.map((v) => [v.id, v.latitud, v.horaTexto])).toEqual([
      [1, -40.76, '11:00'],
      [2, -40.8, '12:00'],
    ]);
    expect(aplicarPosicion(movido, vehiculo(3, 'Camión', 0)).map((v) => v.alias)).toEqual(['Barredora', 'Camión', 'Recolector']);
    expect(aplicarPosicion(movido, vehiculo(2, 'Recolector', 1))).toBe(movido);
  });

  it('alarga el recorrido de una máquina vial, sólo con puntos más nuevos', () => {
    const p = (minutos: number): PosicionEnVivo => ({ ...vehiculo(5, 'Moto', minutos), servicio: 'vialidad' });
    const uno = extenderRecorrido([], p(3));
    expect(uno).toEqual([{ id: 5, puntos: [[-40.76, -71.64, Date.parse(hace(3))]] }]);
    const dos = extenderRecorrido(uno, p(1));
    expect(dos[0]!.puntos).toHaveLength(2);
    expect(extenderRecorrido(dos, p(2))).toBe(dos);
  });

  it('reintenta el stream cada vez más tarde, hasta 5 minutos', () => {
    expect([0, 1, 2, 3, 10].map((n) => esperaReintento(n, 0.5))).toEqual([5_000, 10_000, 20_000, 40_000, 300_000]);
    expect(esperaReintento(0, 0)).toBe(4_500);
    expect(esperaReintento(0, 1)).toBe(5_500);
  });
});

describe('los recorridos de las máquinas viales', () => {
  it('tres bandas de edad: un cuarto, la mitad y todo el recorrido', () => {
    expect(bandasRecorrido(12)).toEqual([
      { minutos: 180, texto: 'Calles atendidas en las últimas 3 horas' },
      { minutos: 360, texto: 'Calles atendidas en las últimas 6 horas' },
      { minutos: 720, texto: 'Calles atendidas en las últimas 12 horas' },
    ]);
    expect(bandasRecorrido(4).map((b) => b.texto)).toEqual([
      'Calles atendidas en la última hora',
      'Calles atendidas en las últimas 2 horas',
      'Calles atendidas en las últimas 4 horas',
    ]);
    expect(bandasRecorrido(1).map((b) => b.texto)).toEqual([
      'Calles atendidas en los últimos 15 minutos',
      'Calles atendidas en los últimos 30 minutos',
      'Calles atendidas en la última hora',
    ]);
  });

  const punto = (minutos: number, lat: number): PuntoRecorrido => [lat, -71.6, AHORA - minutos * 60_000];

  it('corta las líneas por banda, por hueco y por la ventana', () => {
    const puntos = [
      punto(13 * 60, -40.1), // out of the 12 h window
      punto(11 * 60, -40.2),
      punto(11 * 60 - 5, -40.21),
      punto(11 * 60 - 8, -40.22),
      // 20 min without a public point (the depot): the line breaks
      punto(11 * 60 - 28, -40.3),
      punto(6 * 60 + 8, -40.31), // a 5 h gap: no line
      punto(6 * 60 + 5, -40.32),
      punto(6 * 60 + 2, -40.33),
      punto(6 * 60 - 5, -40.4), // into the 3–6 h band: a new line from the last point
      punto(2 * 60 + 58, -40.5), // nearly 3 h later, in the last 3 h: no line across
      punto(2 * 60 + 56, -40.51),
    ];
    const tramos = tramosRecorrido(puntos, AHORA, bandasRecorrido(12));
    expect(tramos.map((t) => [t.banda, t.puntos.map(([lat]) => lat)])).toEqual([
      [2, [-40.2, -40.21, -40.22]],
      [2, [-40.31, -40.32, -40.33]],
      [1, [-40.33, -40.4]],
      [0, [-40.5, -40.51]],
    ]);
  });
});

describe('dónde está, en palabras', () => {
  const centro = { latitud: -40.762, longitud: -71.646 };
  it('distancia y rumbo desde el centro', () => {
    expect(ubicacionRelativa(-40.762, -71.646, centro)).toBe('en el centro');
    expect(ubicacionRelativa(-40.7548, -71.646, centro)).toBe('a 800 m al norte del centro');
    expect(ubicacionRelativa(-40.7728, -71.646, centro)).toBe('a 1,2 km al sur del centro');
    expect(ubicacionRelativa(-40.762, -71.6222, centro)).toBe('a 2 km al este del centro');
    expect(ubicacionRelativa(-40.756, -71.654, centro)).toBe('a 900 m al noroeste del centro');
    expect(ubicacionRelativa(-40.7664, -71.6401, centro)).toBe('a 700 m al sureste del centro');
  });
});
