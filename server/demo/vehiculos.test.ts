// The demo fleet's routes, without a database: the map opens at zoom 14 and settles at 15, and its
// markers are 36 px squares (app/features/vehiculos/mapa-leaflet.ts). Two demo vehicles whose
// markers cover each other make a marker unclickable for a visitor trying the demo, and make the
// map's end-to-end tests depend on the hour they run.
import { describe, expect, it } from 'vitest';
import { pixel } from '#tests/setup/mercator.ts';
import { posicionDemo, puntoEnRuta, VEHICULOS_DEMO, VUELTA_DEMO_MS } from './vehiculos.ts';

const LADO_DEL_MARCADOR_PX = 36;

describe('la flota de demostración', () => {
  it('recorre cada ruta de ida y vuelta: empieza y termina en su primer punto, y a mitad de vuelta está en el último', () => {
    const ruta = [
      [0, 0],
      [0, 2],
      [1, 2],
    ] as const;
    expect(puntoEnRuta(ruta, 0)).toEqual([0, 0]);
    expect(puntoEnRuta(ruta, 0.5)).toEqual([1, 2]);
    expect(puntoEnRuta(ruta, 0.25)).toEqual([0, 1.5]);
    expect(puntoEnRuta(ruta, 0.75)).toEqual([0, 1.5]);
    expect(puntoEnRuta(ruta, 1.25)).toEqual(puntoEnRuta(ruta, 0.25));
  });

  it('ningún par de marcadores se tapa en el zoom 14 ni en el 15, en ningún segundo de la vuelta', () => {
    const inicio = Date.UTC(2026, 10, 30);
    const tapados = new Set<string>();
    for (let segundo = 0; segundo < VUELTA_DEMO_MS / 1000; segundo++) {
      const instante = new Date(inicio + segundo * 1000);
      const puntos = VEHICULOS_DEMO.map((_, i) => posicionDemo(i, instante));
      for (const zoom of [14, 15]) {
        const pixeles = puntos.map(([latitud, longitud]) => pixel(latitud, longitud, zoom));
        for (let i = 0; i < pixeles.length; i++) {
          for (let j = i + 1; j < pixeles.length; j++) {
            const [a, b] = [pixeles[i]!, pixeles[j]!];
            if (Math.abs(a.x - b.x) < LADO_DEL_MARCADOR_PX && Math.abs(a.y - b.y) < LADO_DEL_MARCADOR_PX) {
              tapados.add(`${VEHICULOS_DEMO[i]!.alias} y ${VEHICULOS_DEMO[j]!.alias} en el zoom ${zoom}`);
            }
          }
        }
      }
    }
    expect([...tapados]).toEqual([]);
  });
});
