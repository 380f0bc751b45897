/**
 * The base every Leaflet map of the site's pages shares (Mi calle's pin map, the report form's place,
 * the public map of reports and the back-office heat map): animations off for reduced motion, the
 * keyboard on, the zoom and attribution controls in Spanish, and the tiles, whose failure is told to
 * the page (app/lib/fondo-del-mapa.ts) when it asks.
 */
import * as L from 'leaflet';
import { avisarSinFondo } from './fondo-del-mapa.ts';

const ATRIBUCION = '© colaboradores de <a href="https://www.openstreetmap.org/copyright" lang="en">OpenStreetMap</a>';

export function crearMapaBase(contenedor: HTMLElement, opciones: { teselas: string; minZoom: number; alCambiarFondo?: (disponible: boolean) => void }): L.Map {
  const animar = !window.matchMedia('(prefers-reduced-motion: reduce)').matches;
  const mapa = L.map(contenedor, {
    minZoom: opciones.minZoom,
    maxZoom: 18,
    zoomControl: false,
    attributionControl: false,
    zoomAnimation: animar,
    fadeAnimation: animar,
    markerZoomAnimation: animar,
    keyboard: true,
  });
  L.control.zoom({ zoomInTitle: 'Acercar', zoomOutTitle: 'Alejar' }).addTo(mapa);
  L.control.attribution({ prefix: '<a href="https://leafletjs.com" lang="en">Leaflet</a>' }).addTo(mapa);
  const teselas = L.tileLayer(opciones.teselas, {
    attribution: ATRIBUCION,
    minZoom: opciones.minZoom,
    maxZoom: L.Browser.retina ? 19 : 18,
    detectRetina: true,
  });
  if (opciones.alCambiarFondo) avisarSinFondo(teselas, opciones.alCambiarFondo);
  teselas.addTo(mapa);
  return mapa;
}
