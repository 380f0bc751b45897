import type { PosicionEnVivo, VehiculoVivo } from './estado.ts';
import { EVENTO_INSTANTANEA, EVENTO_POSICION, EVENTO_RECONECTAR } from '#domain/vehiculos/eventos.ts';
import { horaEnArgentina } from './hora.ts';

/**
 * The live positions: Server-Sent Events from `GET /api/v1/vehiculos/stream`, public
 * positions only. The stream opens with a snapshot of the vehicles on the map, then sends one
 * `posicion` event per position that changes. The page imports this module once it has hydrated
 * (a chunk of its own, like the map's: its first visit does not carry it).
 */
export const URL_EN_VIVO = '/api/v1/vehiculos/stream';
/**
 * The same as a `posicion` event, handed through the document instead of the network: how
 * tests/e2e/vehiculos.spec.ts moves a vehicle (`new CustomEvent(EVENTO_EN_LA_PAGINA, { detail })`).
 */
export const EVENTO_EN_LA_PAGINA = 'vehiculos:posicion';

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

/** The icons and services the page has labels for: a position with any other is not drawn. */
type Conocidos = { iconos: readonly string[]; servicios: readonly string[] };

const esNumero = (x: unknown): x is number => typeof x === 'number' && Number.isFinite(x);
const esTexto = (x: unknown): x is string => typeof x === 'string' && x.trim() !== '';

/**
 * The JSON of a live position, or null when it is not one this page can draw: the stream is our
 * own server's, but a page must not fall over (or draw in the ocean) on a message it does not
 * understand. Icons and services it has no label for are refused too.
 */
export function readPosicion(dato: unknown, conocidos: Conocidos): PosicionEnVivo | null {
  if (typeof dato !== 'object' || dato === null) return null;
  const { id, alias, icono, servicio, latitud, longitud, vistoEn } = dato as Record<string, unknown>;
  if (!esNumero(id) || !esTexto(alias) || !esTexto(icono) || !esTexto(servicio) || !esNumero(latitud) || !esNumero(longitud) || !esTexto(vistoEn)) return null;
  if (!conocidos.iconos.includes(icono) || !conocidos.servicios.includes(servicio)) return null;
  if (Math.abs(latitud) > 90 || Math.abs(longitud) > 180 || Number.isNaN(Date.parse(vistoEn))) return null;
  return { id, alias, icono, servicio, latitud, longitud, vistoEn: new Date(Date.parse(vistoEn)).toISOString() };
}

/** The snapshot's vehicles: an array, or an object with `vehiculos`; null if neither. */
export function readInstantanea(dato: unknown, conocidos: Conocidos): PosicionEnVivo[] | null {
  const lista = Array.isArray(dato) ? dato : (dato as { vehiculos?: unknown } | null | undefined)?.vehiculos;
  if (!Array.isArray(lista)) return null;
  return lista.map((d) => readPosicion(d, conocidos)).filter((p) => p !== null);
}

function readJson(texto: unknown): unknown {
  try {
    return JSON.parse(String(texto)) as unknown;
  } catch {
    return undefined;
  }
}

type Opciones = {
  conocidos: Conocidos;
  /** A position with its time of day written (Intl is created here, after hydration, on first use). */
  alRecibirPosicion(v: VehiculoVivo): void;
  /** The vehicles on the map when the stream opens (it replaces what the page shows). */
  alRecibirInstantanea(vehiculos: VehiculoVivo[]): void;
  alCambiarEstado(estado: EstadoEnVivo): void;
};

/**
 * Listens to the live stream until the returned function is called. A stream that fails to open
 * (404, 5xx, not an event stream) is closed and tried again after 5 s, 10 s, 20 s… up to 5 min, so
 * a page left open catches up once the stream is back; meanwhile the page keeps what it has.
 */
export function conectarEnVivo(opciones: Opciones): () => void {
  const { conocidos } = opciones;
  const conHora = (p: PosicionEnVivo): VehiculoVivo => ({ ...p, horaTexto: horaEnArgentina(p.vistoEn) });
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
      opciones.alCambiarEstado('en-vivo');
    });
    esta.addEventListener(EVENTO_POSICION, (evento) => {
      const p = readPosicion(readJson((evento as MessageEvent).data), conocidos);
      if (p) opciones.alRecibirPosicion(conHora(p));
    });
    esta.addEventListener(EVENTO_INSTANTANEA, (evento) => {
      const posiciones = readInstantanea(readJson((evento as MessageEvent).data), conocidos);
      if (posiciones) opciones.alRecibirInstantanea(posiciones.map(conHora));
    });
    // The instance is closing (docs/decisions/028-cierre-ordenado.md): a new stream at once, which
    // the proxy sends to another instance, instead of the browser's own wait of several seconds.
    // A short random pause spreads the pages of one instance over the next moment.
    esta.addEventListener(EVENTO_RECONECTAR, () => {
      esta.close();
      if (terminado) return;
      opciones.alCambiarEstado('reconectando');
      reintento = window.setTimeout(conectar, Math.floor(Math.random() * 500));
    });
    esta.addEventListener('error', () => {
      if (terminado) return;
      if (esta.readyState === EventSource.CONNECTING) {
        // The browser reconnects by itself after a dropped connection.
        opciones.alCambiarEstado('reconectando');
        return;
      }
      // Closed for good (an answer that is not an event stream): our own back-off.
      esta.close();
      opciones.alCambiarEstado('no-disponible');
      reintento = window.setTimeout(conectar, esperaReintento(intento));
      intento++;
    });
  };

  const enLaPagina = (evento: Event) => {
    const p = readPosicion((evento as CustomEvent<unknown>).detail, conocidos);
    if (p) opciones.alRecibirPosicion(conHora(p));
  };
  document.addEventListener(EVENTO_EN_LA_PAGINA, enLaPagina);
  conectar();
  return () => {
    terminado = true;
    fuente?.close();
    if (reintento !== undefined) window.clearTimeout(reintento);
    document.removeEventListener(EVENTO_EN_LA_PAGINA, enLaPagina);
  };
}
