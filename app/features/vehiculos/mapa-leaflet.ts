/**
 * The vehicle map with Leaflet, loaded only by /seguimiento-vehiculos and only in the
 * browser: the page imports this module from an effect, so Leaflet is a chunk of its own that no
 * other page asks for (docs/architecture.md, "Seguimiento de vehículos: el mapa").
 *
 * Behaviour as the spec describes the original: a marker per vehicle with its icon and its alias
 * as title; one info window with the alias, switched by clicking another marker and closed by
 * clicking the map; zoom 4 to 18; bounds fitted around the town centre, zoom 14 and 15 300 ms
 * later. Beyond it: markers move live, grey when a vehicle stops reporting, and the road
 * machines' trails coloured by age.
 *
 * Under the site's CSP (docs/decisions/006-cabeceras-de-seguridad.md): Leaflet positions
 * everything through the DOM's style properties, which `style-src 'self'` allows; a marker is an
 * empty element whose glyph is a background image of the page's stylesheet (an SVG file of the
 * build, `img-src 'self'`); texts that come from data (aliases) enter with textContent or as the
 * title property, never as HTML.
 */
import * as L from 'leaflet';
import { avisarSinFondo } from '#app/lib/fondo-del-mapa.ts';
import type { BandaRecorrido, RecorridoVivo, VehiculoVivo } from './estado.ts';
import { tramosRecorrido } from './recorridos.ts';

/** A vehicle as the page knows it (./estado.ts), with what the marker shows of it. */
export type MarcadorVehiculo = Pick<VehiculoVivo, 'id' | 'alias' | 'icono' | 'servicio' | 'latitud' | 'longitud'> & {
  gris: boolean;
  /** The icon's Spanish name ('Camión recolector'). */
  tipo: string;
  /** 'visto hace 3 min' or 'sin reportar hace 7 min'. */
  texto: string;
};

export type OpcionesMapa = {
  contenedor: HTMLElement;
  /** The tile URL template (config MAP_TILE_URL). */
  teselas: string;
  centro: { latitud: number; longitud: number };
  radioKm: number;
  /**
   * Whether the background map (the tiles) is there: `false` when every tile of a view failed, `true`
   * when one loads again. The markers and trails stay either way.
   */
  alCambiarFondo: (disponible: boolean) => void;
};

export type MapaVehiculos = {
  mostrarVehiculos(vehiculos: readonly MarcadorVehiculo[]): void;
  /** The road machines' trails at `ahora`, cut by the age bands. */
  mostrarRecorridos(recorridos: readonly RecorridoVivo[], ahora: number, bandas: readonly BandaRecorrido[]): void;
  destruir(): void;
};

export const ZOOM_MINIMO = 4;
export const ZOOM_MAXIMO = 18;
export const ZOOM_INICIAL = 14;
export const ZOOM_FINAL = 15;
export const ESPERA_ZOOM_MS = 300;

const ATRIBUCION = '© colaboradores de <a href="https://www.openstreetmap.org/copyright" lang="en">OpenStreetMap</a>';

/** One popup's content: the alias, what it is and when it was seen; updated in place. */
type Contenido = { raiz: HTMLElement; alias: HTMLElement; tipo: HTMLElement; texto: HTMLElement };

function crearContenido(): Contenido {
  const raiz = document.createElement('div');
  raiz.className = 'vehiculo-popup';
  const alias = document.createElement('strong');
  alias.className = 'vehiculo-popup__alias';
  const tipo = document.createElement('span');
  tipo.className = 'vehiculo-popup__tipo';
  const texto = document.createElement('span');
  texto.className = 'vehiculo-popup__visto';
  raiz.append(alias, tipo, texto);
  return { raiz, alias, tipo, texto };
}

type Entrada = { marcador: L.Marker; contenido: Contenido; icono: string; servicio: string };

const reducirMovimiento = () => window.matchMedia('(prefers-reduced-motion: reduce)').matches;

export function createMapa(opciones: OpcionesMapa): MapaVehiculos {
  const { contenedor } = opciones;
  const animar = !reducirMovimiento();
  const mapa = L.map(contenedor, {
    minZoom: ZOOM_MINIMO,
    maxZoom: ZOOM_MAXIMO,
    zoomControl: false,
    attributionControl: false,
    zoomAnimation: animar,
    fadeAnimation: animar,
    markerZoomAnimation: animar,
    keyboard: true,
  });
  L.control.zoom({ zoomInTitle: 'Acercar', zoomOutTitle: 'Alejar' }).addTo(mapa);
  L.control.attribution({ prefix: '<a href="https://leafletjs.com" lang="en">Leaflet</a>' }).addTo(mapa);

  // On a screen of more than one pixel per point (every phone), four tiles of the next zoom at half
  // their size: a sharp map, and no tile big enough to be the page's largest paint, so the heading
  // and the list are (docs/benchmarks.md, the map's LCP from 3.5 to 1.0 s). Leaflet then lowers
  // the layer's top zoom by one: it is raised by one so the map's own top zoom keeps its streets
  // (OpenStreetMap's tiles go to 19).
  const teselas = L.tileLayer(opciones.teselas, {
    minZoom: ZOOM_MINIMO,
    maxZoom: L.Browser.retina ? ZOOM_MAXIMO + 1 : ZOOM_MAXIMO,
    attribution: ATRIBUCION,
    detectRetina: true,
  });
  avisarSinFondo(teselas, opciones.alCambiarFondo);
  teselas.addTo(mapa);

  // Bounds around the town centre, then the spec's zoom 14 and, 300 ms later, 15 (the original's
  // steps: the bounds give the centre, the zoom is the spec's). The zoom is written on the map for
  // the page's tests, from the first one the map shows.
  const centro = L.latLng(opciones.centro.latitud, opciones.centro.longitud);
  mapa.fitBounds(centro.toBounds(opciones.radioKm * 2000), { animate: false });
  mapa.setZoom(ZOOM_INICIAL, { animate: false });
  const anotarZoom = () => contenedor.setAttribute('data-zoom', String(mapa.getZoom()));
  anotarZoom();
  mapa.on('zoomend', anotarZoom);
  const zoomFinal = window.setTimeout(() => mapa.setZoom(ZOOM_FINAL), ESPERA_ZOOM_MS);

  // Leaflet's close button says 'Close popup': in Spanish, like the rest of the page.
  mapa.on('popupopen', (evento: L.PopupEvent) => {
    const cerrar = evento.popup.getElement()?.querySelector('.leaflet-popup-close-button');
    cerrar?.setAttribute('aria-label', 'Cerrar');
    cerrar?.setAttribute('title', 'Cerrar');
  });

  const lineas = L.layerGroup().addTo(mapa);
  const marcadores = new Map<number, Entrada>();

  // Escape closes the popup wherever the focus is in the map (Leaflet only listens while the map
  // itself has it, not a marker or the popup's button); the focus goes back to the marker.
  let abierto: L.Marker | undefined;
  const alTeclear = (evento: KeyboardEvent) => {
    if (evento.key !== 'Escape' || !abierto?.isPopupOpen()) return;
    const enLaVentana = abierto.getPopup()?.getElement()?.contains(document.activeElement) ?? false;
    const marcador = abierto;
    marcador.closePopup();
    if (enLaVentana) marcador.getElement()?.focus();
  };
  contenedor.addEventListener('keydown', alTeclear);

  const icono = (v: MarcadorVehiculo) =>
    L.divIcon({
      className: `vehiculo-marcador icono-vehiculo icono-vehiculo--${v.icono} vehiculo-marcador--${v.servicio}${v.gris ? ' vehiculo-marcador--gris' : ''}`,
      html: '',
      iconSize: [36, 36],
      iconAnchor: [18, 18],
      popupAnchor: [0, -18],
    });

  function mostrarVehiculos(vehiculos: readonly MarcadorVehiculo[]) {
    const presentes = new Set<number>();
    for (const v of vehiculos) {
      presentes.add(v.id);
      let entrada = marcadores.get(v.id);
      if (!entrada) {
        const contenido = crearContenido();
        const marcador = L.marker([v.latitud, v.longitud], { icon: icono(v), title: v.alias, keyboard: true, riseOnHover: true });
        // One popup for the whole map (Leaflet closes the open one when another opens).
        marcador.bindPopup(contenido.raiz, { closeOnEscapeKey: true, autoPanPadding: [24, 24] });
        marcador.on('popupopen', () => (abierto = marcador));
        marcador.addTo(mapa);
        // The vehicle's public id, as the API and the live stream name it (the page's tests find markers by it).
        marcador.getElement()?.setAttribute('data-vehiculo', String(v.id));
        // Leaflet opens it with Enter; a role="button" opens with Space too.
        marcador.getElement()?.addEventListener('keydown', (evento) => {
          if (evento.key !== ' ') return;
          evento.preventDefault();
          marcador.openPopup();
        });
        entrada = { marcador, contenido, icono: v.icono, servicio: v.servicio };
        marcadores.set(v.id, entrada);
      } else {
        entrada.marcador.setLatLng([v.latitud, v.longitud]);
        if (entrada.icono !== v.icono || entrada.servicio !== v.servicio) {
          // A changed icon makes a new element: the focus, if it was there, goes with it.
          const conFoco = entrada.marcador.getElement() === document.activeElement;
          entrada.marcador.setIcon(icono(v));
          entrada.marcador.getElement()?.setAttribute('data-vehiculo', String(v.id));
          entrada.icono = v.icono;
          entrada.servicio = v.servicio;
          if (conFoco) entrada.marcador.getElement()?.focus();
        }
      }
      // Grey in place, without a new element: a marker with the focus keeps it.
      const elemento = entrada.marcador.getElement();
      elemento?.classList.toggle('vehiculo-marcador--gris', v.gris);
      if (elemento && elemento.title !== v.alias) elemento.title = v.alias;
      entrada.contenido.alias.textContent = v.alias;
      entrada.contenido.tipo.textContent = v.tipo;
      entrada.contenido.texto.textContent = v.texto;
    }
    for (const [id, entrada] of marcadores) {
      if (presentes.has(id)) continue;
      entrada.marcador.remove();
      marcadores.delete(id);
    }
  }

  function mostrarRecorridos(lista: readonly RecorridoVivo[], ahora: number, bandas: readonly BandaRecorrido[]) {
    lineas.clearLayers();
    const tramos = lista.flatMap((r) => tramosRecorrido(r.puntos, ahora, bandas));
    // Oldest first, so the newest lines are drawn on top.
    for (const tramo of tramos.sort((a, b) => b.banda - a.banda)) {
      L.polyline(tramo.puntos, { className: `recorrido recorrido--${tramo.banda}`, interactive: false }).addTo(lineas);
    }
  }

  return {
    mostrarVehiculos,
    mostrarRecorridos,
    destruir() {
      window.clearTimeout(zoomFinal);
      contenedor.removeEventListener('keydown', alTeclear);
      mapa.remove();
    },
  };
}
