/**
 * The small map of a report's page in the back office (/admin/reclamos/:codigo), with Leaflet, loaded
 * only in the browser from an effect (docs/architecture.md, "JavaScript sólo donde hace falta"): the
 * report's point with a pin, nothing to choose. The page says the address and the coordinates as text,
 * so the pin stays out of the tab order; the map's own container takes the focus for its keys.
 */
import * as L from 'leaflet';
import { crearMapaBase } from '#app/lib/mapa-base.ts';

type OpcionesMapaPunto = {
  contenedor: HTMLElement;
  teselas: string;
  punto: { latitud: number; longitud: number };
  alCambiarFondo: (disponible: boolean) => void;
};

export function createMapaPunto(opciones: OpcionesMapaPunto): { destruir(): void } {
  const mapa = crearMapaBase(opciones.contenedor, { teselas: opciones.teselas, minZoom: 10, alCambiarFondo: opciones.alCambiarFondo });
  const { latitud, longitud } = opciones.punto;
  mapa.setView([latitud, longitud], 17);
  const icono = L.divIcon({ className: 'reclamos__pin', iconSize: [24, 24], iconAnchor: [12, 12] });
  L.marker([latitud, longitud], { icon: icono, keyboard: false, interactive: false, title: 'El lugar del reclamo' }).addTo(mapa);
  return { destruir: () => mapa.remove() };
}
