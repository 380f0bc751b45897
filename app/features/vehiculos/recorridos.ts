import type { BandaRecorrido, PuntoRecorrido } from './estado.ts';

/**
 * The road machines' trails cut into lines by age, for the map only: this module goes
 * in the chunk the page imports once it has hydrated (mapa-leaflet.ts), not in the page's own.
 */

const MINUTO = 60_000;

/**
 * A gap between two public points longer than this is not a street attended: the machine was in
 * the depot or out of service hours (positions never public), or without signal. The line is cut
 * there, so no straight line crosses the town where nobody drove, nor hints at a private position.
 */
export const CORTE_RECORRIDO_MS = 10 * MINUTO;

/** A piece of a trail in one age band (0 the newest), as a line of [lat, lng] points. */
export type TramoRecorrido = { banda: number; puntos: [number, number][] };

/**
 * A trail cut into lines by age band: each stretch between two points takes the band of its newer
 * end, stretches in a row of the same band make one line, and a gap longer than CORTE_RECORRIDO_MS
 * ends a line. Points older than the last band are left out.
 */
export function tramosRecorrido(puntos: readonly PuntoRecorrido[], ahora: number, bandas: readonly BandaRecorrido[]): TramoRecorrido[] {
  const banda = (instante: number) => {
    const edad = ahora - instante;
    return bandas.findIndex((b) => edad <= b.minutos * MINUTO);
  };
  const tramos: TramoRecorrido[] = [];
  let actual: TramoRecorrido | undefined;
  for (let i = 1; i < puntos.length; i++) {
    const [a, b] = [puntos[i - 1]!, puntos[i]!];
    const n = banda(b[2]);
    if (n < 0 || banda(a[2]) < 0 || b[2] - a[2] > CORTE_RECORRIDO_MS) {
      actual = undefined;
      continue;
    }
    if (!actual || actual.banda !== n) {
      actual = { banda: n, puntos: [[a[0], a[1]]] };
      tramos.push(actual);
    }
    actual.puntos.push([b[0], b[1]]);
  }
  return tramos;
}
