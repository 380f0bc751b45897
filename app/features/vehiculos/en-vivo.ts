import { useEffect, useRef, useState } from 'react';

/**
 * The live positions (issue 13): Server-Sent Events from `GET /api/v1/vehiculos/stream`, public
 * positions only. The stream opens with a snapshot of the vehicles on the map, then sends one
 * `posicion` event per position that changes.
 */
export const URL_EN_VIVO = '/api/v1/vehiculos/stream';
export const EVENTO_POSICION = 'posicion';
export const EVENTO_INSTANTANEA = 'snapshot';

/**
 * Where the live updates stand: `conectando` before the first answer; `en-vivo` once open;
 * `reconectando` while the browser retries a connection that dropped; `no-disponible` when the
 * stream refused (a 404 before it exists, an error) and the page waits to try again.
 */
export type EstadoEnVivo = 'conectando' | 'en-vivo' | 'reconectando' | 'no-disponible';

/** The first retry waits this long, each next one twice as long, up to ESPERA_MAXIMA_MS. */
export const ESPERA_INICIAL_MS = 5_000;
export const ESPERA_MAXIMA_MS = 5 * 60_000;

/** How long to wait before the retry number `intento` (0 the first), with a tenth of jitter. */
export function esperaReintento(intento: number, azar = Math.random()): number {
  const base = Math.min(ESPERA_MAXIMA_MS, ESPERA_INICIAL_MS * 2 ** intento);
  return Math.round(base * (0.9 + azar * 0.2));
}

type Manejadores = {
  /** The data of one `posicion` event, parsed JSON. */
  alRecibirPosicion(dato: unknown): void;
  /** The data of the snapshot event, parsed JSON. */
  alRecibirInstantanea(dato: unknown): void;
};

function leerJson(texto: string): unknown {
  try {
    return JSON.parse(texto) as unknown;
  } catch {
    return undefined;
  }
}

/**
 * Listens to the live stream while the page is open. A stream that fails to open (404, 5xx, not
 * an event stream) is closed and tried again after 5 s, 10 s, 20 s… up to 5 min, so a page left
 * open catches up once the stream is back; meanwhile the page keeps what it has.
 */
export function usePosicionesEnVivo(manejadores: Manejadores): EstadoEnVivo {
  const [estado, setEstado] = useState<EstadoEnVivo>('conectando');
  const actuales = useRef(manejadores);
  useEffect(() => {
    actuales.current = manejadores;
  });

  useEffect(() => {
    let fuente: EventSource | undefined;
    let reintento: number | undefined;
    let intento = 0;
    let terminado = false;

    const conectar = () => {
      reintento = undefined;
      const esta = new EventSource(URL_EN_VIVO);
      fuente = esta;
      esta.addEventListener('open', () => {
        intento = 0;
        setEstado('en-vivo');
      });
      esta.addEventListener(EVENTO_POSICION, (evento) => actuales.current.alRecibirPosicion(leerJson((evento as MessageEvent<string>).data)));
      esta.addEventListener(EVENTO_INSTANTANEA, (evento) => actuales.current.alRecibirInstantanea(leerJson((evento as MessageEvent<string>).data)));
      esta.addEventListener('error', () => {
        if (terminado) return;
        if (esta.readyState === EventSource.CONNECTING) {
          // The browser reconnects by itself after a dropped connection.
          setEstado('reconectando');
          return;
        }
        // Closed for good (an answer that is not an event stream): our own back-off.
        esta.close();
        setEstado('no-disponible');
        reintento = window.setTimeout(conectar, esperaReintento(intento));
        intento++;
      });
    };
    conectar();
    return () => {
      terminado = true;
      fuente?.close();
      if (reintento !== undefined) window.clearTimeout(reintento);
    };
  }, []);

  return estado;
}
