/**
 * The map that draws a collection zone's area in the back-office (docs/decisions/056-mi-calle.md),
 * with Leaflet and Leaflet-Geoman's drawing and editing tools. Only the zone pages import it, from
 * an effect once hydrated: Leaflet and Geoman are a chunk that no public page asks for.
 *
 * The map writes nothing itself: every change (a polygon drawn, a vertex or the whole area moved, a
 * polygon deleted) hands the area's polygons to the page, which writes the `geometria` field; the
 * form and the server stay those of a page without JavaScript. The other zones are drawn faintly,
 * neither clickable nor editable, but the drawing snaps to their edges (neighbouring zones share
 * them).
 *
 * Under the site's CSP (docs/decisions/006-cabeceras-de-seguridad.md): Leaflet and Geoman position
 * things through the DOM's style properties, Geoman's icons are `data:` images of its stylesheet,
 * and zone names enter as text content, never as HTML.
 */
import * as L from 'leaflet';
import { avisarSinFondo } from '#app/lib/fondo-del-mapa.ts';
// Geoman extends the global `L` that Leaflet 1.9 sets when it loads, so Leaflet is imported first.
import '@geoman-io/leaflet-geoman-free';
import { type Poligono, ZOOM_ZONA_NUEVA } from './area-zona.ts';

type Punto = { latitud: number; longitud: number };

export type OpcionesMapaZona = {
  contenedor: HTMLElement;
  /** The tile URL template (config MAP_TILE_URL), as the public maps use it. */
  teselas: string;
  /** Where a map without an area starts: the site's map centre. */
  centro: Punto;
  /** The other zones, drawn faintly for context. */
  otras: readonly { nombre: string; geometria: [number, number][][][] }[];
  /** The area the field has when the map opens. */
  area: readonly Poligono[];
  /** Every change made on the map: the area's polygons now, and what was done. */
  alCambiarArea: (poligonos: Poligono[], como: 'dibujo' | 'edicion' | 'borrado') => void;
  /** `false` when every tile of a view failed (drawing still works), `true` when one loads again. */
  alCambiarFondo: (disponible: boolean) => void;
};

export type MapaZona = {
  /** Shows these polygons as the area (the field's text changed), fitting the view to them. */
  mostrarArea(poligonos: readonly Poligono[]): void;
  destruir(): void;
};

const ATRIBUCION = '© colaboradores de <a href="https://www.openstreetmap.org/copyright" lang="en">OpenStreetMap</a>';

/** The area's line and fill: the site's dark blue, clear over the faint grey zones and the tiles. */
const ESTILO_AREA: L.PathOptions = { color: '#016a9a', weight: 3, fillOpacity: 0.2 };
const ESTILO_OTRAS: L.PathOptions = { color: '#4d5c54', weight: 1, dashArray: '4 4', fillOpacity: 0.06 };

/** Geoman's words in the site's Spanish (voseo), over its own Spanish ('es'). */
const TEXTOS = {
  tooltips: {
    firstVertex: 'Hacé clic para ubicar el primer vértice',
    continueLine: 'Hacé clic para ubicar el vértice siguiente',
    finishPoly: 'Hacé clic en el primer vértice para cerrar el polígono',
    finishRect: 'Hacé clic para ubicar la esquina opuesta',
  },
  actions: { finish: 'Terminar', cancel: 'Cancelar', removeLastVertex: 'Borrar el último vértice' },
  buttonTitles: {
    drawPolyButton: 'Dibujar un polígono',
    drawRectButton: 'Dibujar un rectángulo',
    editButton: 'Mover los vértices del área',
    dragButton: 'Mover el área entera',
    deleteButton: 'Borrar un polígono del área',
  },
};

const aPunto = ([longitud, latitud]: [number, number]): L.LatLngTuple => [latitud, longitud];

export function createMapaZona(opciones: OpcionesMapaZona): MapaZona {
  const { contenedor } = opciones;
  const animar = !window.matchMedia('(prefers-reduced-motion: reduce)').matches;
  const mapa = L.map(contenedor, {
    minZoom: 11,
    maxZoom: 19,
    zoomControl: false,
    attributionControl: false,
    zoomAnimation: animar,
    fadeAnimation: animar,
    markerZoomAnimation: animar,
    keyboard: true,
  });
  // The same controls as the public maps (app/features/mi-calle/mapa-pin.ts): in Spanish.
  L.control.zoom({ zoomInTitle: 'Acercar', zoomOutTitle: 'Alejar' }).addTo(mapa);
  L.control.attribution({ prefix: '<a href="https://leafletjs.com" lang="en">Leaflet</a>' }).addTo(mapa);

  // Without tiles the drawing goes on over a plain background, and the page says why: the vehicle
  // map's way (app/features/vehiculos/mapa-leaflet.ts). A tile that loads later brings the streets back.
  const teselas = L.tileLayer(opciones.teselas, { attribution: ATRIBUCION, minZoom: 11, maxZoom: 19, maxNativeZoom: 18 });
  avisarSinFondo(teselas, opciones.alCambiarFondo);
  teselas.addTo(mapa);

  // The other zones: not clickable (a click inside one draws a vertex), not editable, but snapped to.
  const otras = L.featureGroup().addTo(mapa);
  for (const z of opciones.otras) {
    const capa = L.polygon(
      z.geometria.map((p) => p.map((a) => a.map(aPunto))),
      { ...ESTILO_OTRAS, interactive: false, pmIgnore: true, snapIgnore: false },
    );
    const etiqueta = document.createElement('span');
    etiqueta.textContent = z.nombre;
    capa.bindTooltip(etiqueta, { permanent: true, direction: 'center', className: 'mapa-zona__otra' });
    capa.addTo(otras);
  }

  // The area: Geoman puts what it draws here, and the field's text is read into it.
  const area = L.featureGroup().addTo(mapa);
  mapa.pm.setLang('es', TEXTOS, 'es');
  mapa.pm.setGlobalOptions({
    layerGroup: area,
    pathOptions: ESTILO_AREA,
    // A zone's outline that crosses itself is not an area the site could test a point against.
    allowSelfIntersection: false,
    snappable: true,
    snapDistance: 15,
  });
  mapa.pm.addControls({
    position: 'topleft',
    drawMarker: false,
    drawCircleMarker: false,
    drawPolyline: false,
    drawCircle: false,
    drawText: false,
    cutPolygon: false,
    rotateMode: false,
    drawPolygon: true,
    drawRectangle: true,
    editMode: true,
    dragMode: true,
    removalMode: true,
  });
  // Geoman writes a button's name as the title of the element around it: the button itself gets it
  // as its accessible name.
  for (const caja of contenedor.querySelectorAll<HTMLElement>('.leaflet-pm-toolbar .button-container[title]')) {
    caja.querySelector('.leaflet-buttons-control-button')?.setAttribute('aria-label', caja.title);
  }
  // Geoman's vertex handles are Leaflet markers, which would each be a button in the tab order with
  // no name: they are for the mouse and the finger; the keyboard's way is the field below the map.
  mapa.on('layeradd', (e: L.LayerEvent) => {
    const elemento = e.layer instanceof L.Marker ? e.layer.getElement() : undefined;
    if (elemento?.classList.contains('marker-icon')) {
      elemento.tabIndex = -1;
      elemento.removeAttribute('role');
      elemento.setAttribute('aria-hidden', 'true');
    }
  });

  const poligonos = (): Poligono[] =>
    area
      .getLayers()
      .filter((c): c is L.Polygon => c instanceof L.Polygon)
      .flatMap((c) => {
        const g = c.toGeoJSON(6).geometry;
        if (g.type === 'Polygon') return [g.coordinates as Poligono];
        if (g.type === 'MultiPolygon') return g.coordinates as Poligono[];
        return [];
      });
  const avisar = (como: 'dibujo' | 'edicion' | 'borrado') => () => opciones.alCambiarArea(poligonos(), como);
  mapa.on('pm:create', avisar('dibujo'));
  mapa.on('pm:remove', avisar('borrado'));
  // A vertex dragged, added or removed, or the whole polygon moved: events of the polygon that reach its group.
  area.on('pm:edit pm:dragend', avisar('edicion'));

  const mostrar = (lista: readonly Poligono[]) => {
    area.clearLayers();
    for (const p of lista)
      L.polygon(
        p.map((a) => a.map(aPunto)),
        ESTILO_AREA,
      ).addTo(area);
  };
  const encuadrar = () => {
    const limites = area.getBounds();
    if (limites.isValid()) mapa.fitBounds(limites, { padding: [20, 20], maxZoom: 17, animate: false });
    else mapa.setView([opciones.centro.latitud, opciones.centro.longitud], ZOOM_ZONA_NUEVA, { animate: false });
  };
  mostrar(opciones.area);
  encuadrar();

  return {
    mostrarArea(lista) {
      // A mode left on would hold handles of the polygons being replaced.
      mapa.pm.disableDraw();
      mapa.pm.disableGlobalEditMode();
      mapa.pm.disableGlobalDragMode();
      mapa.pm.disableGlobalRemovalMode();
      mostrar(lista);
      encuadrar();
    },
    destruir: () => mapa.remove(),
  };
}
