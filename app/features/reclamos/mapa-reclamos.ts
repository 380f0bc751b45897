/**
 * The map of /reclamos, with Leaflet, loaded only in the browser from an effect (docs/architecture.md,
 * "JavaScript sólo donde hace falta"): one dot per report of the filter, with its code, category and
 * state in a popup that links to its page. The list below the map holds the same reports and is the
 * keyboard's way to them, so the dots stay out of the tab order. Under the site's CSP every text enters
 * as text content, never as HTML.
 */
import * as L from 'leaflet';
import { crearMapaBase } from '#app/lib/mapa-base.ts';

export type PuntoMapaReclamo = { codigo: string; categoria: string; estadoEtiqueta: string; abierto: boolean; latitud: number; longitud: number };

export type OpcionesMapaReclamos = {
  contenedor: HTMLElement;
  teselas: string;
  centro: { latitud: number; longitud: number };
  puntos: readonly PuntoMapaReclamo[];
  alCambiarFondo: (disponible: boolean) => void;
};

export type MapaReclamos = { destruir(): void };

function contenidoPopup(p: PuntoMapaReclamo): HTMLElement {
  const caja = document.createElement('div');
  const enlace = document.createElement('a');
  enlace.href = `/reclamos/${encodeURIComponent(p.codigo)}`;
  enlace.textContent = p.codigo;
  const categoria = document.createElement('div');
  categoria.textContent = p.categoria;
  const estado = document.createElement('div');
  estado.textContent = p.estadoEtiqueta;
  caja.append(enlace, categoria, estado);
  return caja;
}

export function createMapaReclamos(opciones: OpcionesMapaReclamos): MapaReclamos {
  const mapa = crearMapaBase(opciones.contenedor, { teselas: opciones.teselas, minZoom: 10, alCambiarFondo: opciones.alCambiarFondo });
  const marcadores = opciones.puntos.map((p) =>
    L.circleMarker([p.latitud, p.longitud], {
      radius: 8,
      weight: 2,
      color: '#ffffff',
      fillColor: p.abierto ? '#b3261e' : '#1b5e3f',
      fillOpacity: 0.9,
    })
      .bindPopup(contenidoPopup(p))
      .addTo(mapa),
  );
  if (marcadores.length > 0) mapa.fitBounds(L.featureGroup(marcadores).getBounds(), { padding: [20, 20], maxZoom: 16 });
  else mapa.setView([opciones.centro.latitud, opciones.centro.longitud], 14);
  return { destruir: () => mapa.remove() };
}
