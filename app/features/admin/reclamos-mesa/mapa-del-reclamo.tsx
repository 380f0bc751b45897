import { useState } from 'react';
import { useHydrated } from '#app/lib/use-hydrated.ts';
import { useMapaDiferido } from '#app/lib/use-mapa-diferido.ts';

/**
 * The small map of a report's page for staff: Leaflet is fetched only once the page is hydrated
 * (./mapa-punto.ts), so no other back-office page carries it. Without JavaScript, or if the map
 * fails, the page's address and coordinates stay the way to the place.
 */
export function MapaDelReclamo({ teselas, latitud, longitud }: { teselas: string; latitud: number; longitud: number }) {
  const hidratado = useHydrated();
  const [sinFondo, setSinFondo] = useState(false);
  const { contenedor, estado } = useMapaDiferido(
    hidratado,
    () =>
      import('./mapa-punto.ts').then(
        ({ createMapaPunto }) =>
          (elemento: HTMLDivElement) =>
            createMapaPunto({ contenedor: elemento, teselas, punto: { latitud, longitud }, alCambiarFondo: (disponible) => setSinFondo(!disponible) }),
      ),
    [teselas, latitud, longitud],
  );

  if (!hidratado) return null;
  return (
    <div className="reclamos__marco">
      <div ref={contenedor} className="reclamos__mapa reclamos__mapa--chico" role="region" aria-label="Mapa del lugar del reclamo" />
      {estado === 'cargando' ? <p className="reclamos__aviso-mapa">Cargando el mapa…</p> : null}
      {estado === 'error' ? (
        <p className="reclamos__aviso-mapa" role="alert">
          No se pudo cargar el mapa: el lugar está escrito arriba.
        </p>
      ) : null}
      {sinFondo ? (
        <p className="reclamos__aviso-fondo" role="status">
          No se pudieron cargar las calles del mapa: el punto sigue en su lugar.
        </p>
      ) : null}
    </div>
  );
}
