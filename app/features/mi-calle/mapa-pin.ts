/**
 * The pin map of /mi-calle, with Leaflet, loaded only in the browser from an effect (docs/architecture.md,
 * "JavaScript sólo donde hace falta"): the zones drawn with their names, and a pin the visitor drops
 * with a click or a tap (or, by keyboard, at the map's centre from the page's button). Choosing a point
 * hands it to the page, which goes to `?lat=&lon=`: the map is an enhancement of that address.
 * Under the site's CSP: zone names enter as tooltips' text content, never as HTML.
 */
import * as L from 'leaflet';
import { crearMapaBase } from '#app/lib/mapa-base.ts';

type PuntoMapa = { latitud: number; longitud: number };

export type OpcionesMapaPin = {
  contenedor: HTMLElement;
  teselas: string;
  centro: PuntoMapa;
  zonas: readonly { slug: string; nombre: string; geometria: [number, number][][][] }[];
  pin: PuntoMapa | null;
  /** The zone chosen from the list, without a point: the map shows that zone rather than the whole town. */
  zonaElegida: string | null;
  alElegir: (punto: PuntoMapa) => void;
};

export type MapaPin = { centro(): PuntoMapa; destruir(): void };

export function createMapaPin(opciones: OpcionesMapaPin): MapaPin {
  const mapa = crearMapaBase(opciones.contenedor, { teselas: opciones.teselas, minZoom: 11 });
  let elegida: L.GeoJSON | undefined;
  const capas = opciones.zonas.map((z) => {
    const capa = L.geoJSON({ type: 'Feature', properties: {}, geometry: { type: 'MultiPolygon', coordinates: z.geometria } } as GeoJSON.Feature, {
      style: { color: '#1b5e3f', weight: 2, fillOpacity: 0.08 },
      // A click inside a zone is a click on the map: the pin goes there.
      interactive: false,
    });
    const etiqueta = document.createElement('span');
    etiqueta.textContent = z.nombre;
    capa.bindTooltip(etiqueta, { permanent: true, direction: 'center', className: 'mi-calle__zona-etiqueta' });
    if (z.slug === opciones.zonaElegida) elegida = capa;
    return capa.addTo(mapa);
  });
  const grupo = L.featureGroup(capas);
  if (opciones.pin) mapa.setView([opciones.pin.latitud, opciones.pin.longitud], 16);
  else if (elegida) mapa.fitBounds(elegida.getBounds(), { padding: [10, 10] });
  else if (capas.length > 0) mapa.fitBounds(grupo.getBounds(), { padding: [10, 10] });
  else mapa.setView([opciones.centro.latitud, opciones.centro.longitud], 14);
  const icono = L.divIcon({ className: 'mi-calle__pin', iconSize: [24, 24], iconAnchor: [12, 24] });
  if (opciones.pin) L.marker([opciones.pin.latitud, opciones.pin.longitud], { icon: icono, keyboard: false, title: 'Tu punto' }).addTo(mapa);
  mapa.on('click', (e: L.LeafletMouseEvent) => {
    L.marker(e.latlng, { icon: icono, keyboard: false }).addTo(mapa);
    opciones.alElegir({ latitud: e.latlng.lat, longitud: e.latlng.lng });
  });
  return {
    centro: () => {
      const c = mapa.getCenter();
      return { latitud: c.lat, longitud: c.lng };
    },
    destruir: () => mapa.remove(),
  };
}
