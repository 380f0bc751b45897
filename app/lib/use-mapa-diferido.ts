import { type DependencyList, type RefObject, useEffect, useRef, useState } from 'react';

/** What a map module builds: the page keeps it to draw on it, and takes it down when it leaves. */
export interface MapaMontado {
  destruir(): void;
}

export type EstadoDelMapa = 'cargando' | 'listo' | 'error';

/**
 * A map whose module (Leaflet and the page's own drawing) is fetched only in the browser, once
 * `activo` (the page has hydrated and has something to show): the server's HTML already says in
 * words and tables what the map shows (docs/architecture.md, «Seguimiento de vehículos: el mapa»). `cargar` imports the module
 * and returns how to build the map in its container; it runs again when `deps` change, after the
 * previous map is taken down. `estado` says whether the map is loading, ready or failed to load
 * (each page shows its Spanish notice then); `mapa` is the one built, for the page's later drawing.
 */
export function useMapaDiferido<M extends MapaMontado>(
  activo: boolean,
  cargar: () => Promise<(contenedor: HTMLDivElement) => M>,
  deps: DependencyList,
): { contenedor: RefObject<HTMLDivElement | null>; mapa: RefObject<M | null>; estado: EstadoDelMapa } {
  const contenedor = useRef<HTMLDivElement>(null);
  const mapa = useRef<M | null>(null);
  const [estado, setEstado] = useState<EstadoDelMapa>('cargando');
  useEffect(() => {
    if (!activo) return;
    let vigente = true;
    let creado: M | undefined;
    cargar()
      .then((crear) => {
        if (!vigente || !contenedor.current) return;
        creado = crear(contenedor.current);
        mapa.current = creado;
        setEstado('listo');
      })
      .catch(() => {
        if (vigente) setEstado('error');
      });
    return () => {
      vigente = false;
      creado?.destruir();
      mapa.current = null;
    };
    // The caller's `deps` are what its `cargar` reads; `cargar` itself is a new function each render.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [activo, ...deps]);
  return { contenedor, mapa, estado };
}
