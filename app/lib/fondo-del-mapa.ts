import type { TileLayer } from 'leaflet';

/**
 * Tells the page when a map has no background (docs/decisions/051-listas-largas-y-migas.md): Leaflet's
 * 'load' comes when every tile of the view has loaded or failed, and none loaded is a map without its
 * streets. What is drawn on it stays, over the plain background, and the page says why; a tile that
 * loads later brings the streets back. The vehicle map and the back-office zone map use it.
 */
export function avisarSinFondo(teselas: TileLayer, alCambiarFondo: (disponible: boolean) => void): void {
  let cargadas = 0;
  let fallidas = 0;
  let sinFondo = false;
  teselas.on('tileload', () => {
    cargadas++;
    if (sinFondo) {
      sinFondo = false;
      alCambiarFondo(true);
    }
  });
  teselas.on('tileerror', () => fallidas++);
  teselas.on('load', () => {
    if (!sinFondo && cargadas === 0 && fallidas > 0) {
      sinFondo = true;
      alCambiarFondo(false);
    }
  });
}
