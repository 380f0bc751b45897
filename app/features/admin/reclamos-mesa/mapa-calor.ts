/**
 * The heat map of /admin/reclamos/mapa-de-calor, with Leaflet, loaded only in the browser from an
 * effect: one circle per cell of about 100 m, its area growing with the number of reports, the
 * count in its tooltip as text. The table below the map holds the same cells and is the way
 * without sight, keyboard or JavaScript, so the circles stay out of the tab order.
 */
import * as L from 'leaflet';
import { crearMapaBase } from '#app/lib/mapa-base.ts';

export type CeldaEnMapa = { latitud: number; longitud: number; cantidad: number };

export type OpcionesMapaCalor = {
  contenedor: HTMLElement;
  teselas: string;
  centro: { latitud: number; longitud: number };
  celdas: readonly CeldaEnMapa[];
  alCambiarFondo: (disponible: boolean) => void;
};

export function createMapaCalor(opciones: OpcionesMapaCalor): { destruir(): void } {
  const mapa = crearMapaBase(opciones.contenedor, { teselas: opciones.teselas, minZoom: 10, alCambiarFondo: opciones.alCambiarFondo });
  const maximo = Math.max(1, ...opciones.celdas.map((c) => c.cantidad));
  const circulos = opciones.celdas.map((c) =>
    // Radius in metres: the area grows with the count, from 30 m to 150 m.
    L.circle([c.latitud, c.longitud], {
      radius: 30 + 120 * Math.sqrt(c.cantidad / maximo),
      weight: 1,
      color: '#7a1712',
      fillColor: '#b3261e',
      fillOpacity: 0.25 + 0.5 * (c.cantidad / maximo),
      interactive: true,
    })
      .bindTooltip(c.cantidad === 1 ? '1 reclamo' : `${c.cantidad} reclamos`)
      .addTo(mapa),
  );
  // The bounds from the centres: a circle knows its own only once the map has a view, which this sets.
  if (circulos.length > 0) mapa.fitBounds(L.latLngBounds(opciones.celdas.map((c) => [c.latitud, c.longitud])), { padding: [40, 40], maxZoom: 16 });
  else mapa.setView([opciones.centro.latitud, opciones.centro.longitud], 14);
  return { destruir: () => mapa.remove() };
}
