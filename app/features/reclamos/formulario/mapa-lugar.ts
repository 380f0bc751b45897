/**
 * The map of /reclamos/nuevo, with Leaflet, loaded only in the browser from an effect (docs/architecture.md,
 * "JavaScript sólo donde hace falta"): one pin the visitor drops with a click or a tap (or, by keyboard,
 * at the map's centre from the page's button), moved rather than added again. The page fills the form's
 * latitude and longitude from it: the map is an enhancement of those fields.
 */
import * as L from 'leaflet';
import { crearMapaBase } from '#app/lib/mapa-base.ts';

export type PuntoMapa = { latitud: number; longitud: number };

export type MapaLugar = { centro(): PuntoMapa; marcar(punto: PuntoMapa): void; destruir(): void };

export function createMapaLugar(opciones: {
  contenedor: HTMLElement;
  teselas: string;
  centro: PuntoMapa;
  pin: PuntoMapa | null;
  alElegir: (punto: PuntoMapa) => void;
}): MapaLugar {
  const mapa = crearMapaBase(opciones.contenedor, { teselas: opciones.teselas, minZoom: 11 });
  const icono = L.divIcon({ className: 'reclamo-nuevo__pin', iconSize: [24, 24], iconAnchor: [12, 24] });
  let pin: L.Marker | undefined;
  const marcar = (p: PuntoMapa) => {
    if (pin) pin.setLatLng([p.latitud, p.longitud]);
    else pin = L.marker([p.latitud, p.longitud], { icon: icono, keyboard: false, title: 'El lugar del problema' }).addTo(mapa);
  };
  const inicio = opciones.pin ?? opciones.centro;
  mapa.setView([inicio.latitud, inicio.longitud], opciones.pin ? 17 : 14);
  if (opciones.pin) marcar(opciones.pin);
  mapa.on('click', (e: L.LeafletMouseEvent) => {
    const p = { latitud: e.latlng.lat, longitud: e.latlng.lng };
    marcar(p);
    opciones.alElegir(p);
  });
  return {
    centro: () => {
      const c = mapa.getCenter();
      return { latitud: c.lat, longitud: c.lng };
    },
    marcar: (p) => {
      marcar(p);
      mapa.setView([p.latitud, p.longitud], Math.max(mapa.getZoom(), 16));
    },
    destruir: () => mapa.remove(),
  };
}
