import { PassThrough, type Readable } from 'node:stream';
import { EVENTO_INSTANTANEA, EVENTO_POSICION, EVENTO_RECONECTAR } from '#domain/vehiculos/eventos.ts';
import type { Database } from '#db/client.ts';
import { POSICIONES_VEHICULO_CHANNEL } from '#db/schema/index.ts';
import { readAvisoPosicion } from '#domain/vehiculos/avisos.ts';
import type { VehiculoEnMapa } from '#domain/vehiculos/queries.ts';

/**
 * The live vehicle map's fan-out (docs/decisions/015-seguimiento-de-vehiculos.md): one
 * LISTEN per instance on POSICIONES_VEHICULO_CHANNEL, and every open Server-Sent Events stream of
 * this instance gets each public position, whichever instance stored it. Nothing is shared in this
 * process's memory but the open streams themselves.
 *
 * A stream starts with `retry:` and an `instantanea` event (the vehicles on the map now), then one
 * `posicion` event per position that is public, of an active vehicle, recent enough for the map
 * and newer than what that stream last showed of its vehicle; a comment every LATIDO_MS keeps
 * proxies from closing it. It ends after `duracionMaximaMs` (the browser reconnects, perhaps to
 * another instance, and gets a fresh snapshot) and when the app closes, then with a `reconectar`
 * event so the page reconnects at once (docs/decisions/028-cierre-ordenado.md). When the listening
 * connection was lost, every stream gets a new snapshot once it is back: positions may have been
 * missed meanwhile.
 */

/** A vehicle as the API and the stream show it. */
export type VehiculoApi = {
  id: number;
  alias: string;
  icono: string;
  servicio: string;
  latitud: number;
  longitud: number;
  velocidadKmh: number | null;
  rumbo: number | null;
  vistoEn: string;
};

export const aVehiculoApi = (v: VehiculoEnMapa): VehiculoApi => ({
  id: v.id,
  alias: v.alias,
  icono: v.icono,
  servicio: v.servicio,
  latitud: v.latitud,
  longitud: v.longitud,
  velocidadKmh: v.velocidadKmh,
  rumbo: v.rumbo,
  vistoEn: v.vistoEn.toISOString(),
});

/** How long a browser waits before reconnecting a stream that ended or broke. */
export const REINTENTO_MS = 5_000;
const LATIDO_MS = 15_000;
/** A client this far behind (bytes waiting to be sent) is too slow to follow: its stream ends. */
const MAXIMO_PENDIENTE = 512 * 1024;

export type OpcionesEnVivo = {
  /** Streams open at once on this instance. */
  maximo: number;
  /** Streams open at once from one address (an IPv6 /64). */
  maximoPorDireccion: number;
  /**
   * Streams open at once from one network (an IPv4 /24, an IPv6 /64): what no single network can
   * take is kept for the others (docs/decisions/036-ingesta-de-rastreadores.md).
   */
  maximoPorRed: number;
  /** A stream ends after this long; the browser reconnects. */
  duracionMaximaMs: number;
  latidoMs?: number;
  /** The vehicles on the map now (`listVehiculosEnMapa` with the settings' recent minutes). */
  instantanea(): Promise<VehiculoEnMapa[]>;
  /** The settings' `minutosRecientes`: a position older than this is not on the map. */
  minutosRecientes(): Promise<number>;
  now(): Date;
  log: { warn(obj: object, msg: string): void };
};

export type Apertura = { ok: true; stream: Readable } | { ok: false; status: 429 | 503; mensaje: string };

export type VehiculosEnVivo = {
  /** Opens a stream for a client at `direccion` (as limits key it), or says why not. */
  abrir(direccion: string): Promise<Apertura>;
  /** Streams open now. */
  abiertas(): number;
  /** Resolves once this instance has heard of the position `id` (tests). */
  oida(id: number): Promise<void>;
  /** Ends every stream with a `reconectar` event (the app is closing): each browser reconnects elsewhere. */
  cerrarStreams(): void;
  stop(): Promise<void>;
};

type Cliente = {
  stream: PassThrough;
  direccion: string;
  red: string;
  desde: number;
  /** Frees its places (once): when it ends, or when it is made to give its place to another network. */
  irse(): void;
  /** Per vehicle, the time of the last position this stream showed. */
  visto: Map<number, number>;
  /** Positions heard while its snapshot is being read: they are sent after it. */
  espera: { id: number; hora: number; texto: string }[] | undefined;
};

const evento = (nombre: string, datos: unknown) => `event: ${nombre}\ndata: ${JSON.stringify(datos)}\n\n`;

/**
 * The network of an address as limits key it (`addressKey`): an IPv4 address's /24, an IPv6
 * key's /64 (the key already is); anything else is a network of its own.
 */
export function redDe(direccion: string): string {
  const ipv4 = /^(\d{1,3}\.\d{1,3}\.\d{1,3})\.\d{1,3}$/.exec(direccion);
  return ipv4 ? `${ipv4[1]}.0/24` : direccion;
}

const sumar = (mapa: Map<string, number>, clave: string, n: number) => {
  const total = (mapa.get(clave) ?? 0) + n;
  if (total <= 0) mapa.delete(clave);
  else mapa.set(clave, total);
};

export async function watchVehiculosEnVivo(database: Database, opciones: OpcionesEnVivo): Promise<VehiculosEnVivo> {
  const clientes = new Set<Cliente>();
  const porDireccion = new Map<string, number>();
  const porRed = new Map<string, number>();
  const oidas = new Map<number, (() => void)[]>();
  const ultimasOidas: number[] = [];
  let minutosRecientes = await opciones.minutosRecientes();
  let perdida = false;
  let cerrando = false;

  const escribir = (cliente: Cliente, texto: string) => {
    const { stream } = cliente;
    if (stream.destroyed || stream.writableEnded) return;
    if (stream.writableLength + stream.readableLength > MAXIMO_PENDIENTE) {
      stream.destroy();
      return;
    }
    stream.write(texto);
  };

  /** A position for a stream, unless it already showed a newer one of that vehicle. */
  const mostrar = (cliente: Cliente, id: number, hora: number, texto: string) => {
    if ((cliente.visto.get(id) ?? -Infinity) >= hora) return;
    cliente.visto.set(id, hora);
    escribir(cliente, texto);
  };

  /** A snapshot for a stream: it replaces what the stream knew of every vehicle. */
  const enviarInstantanea = (cliente: Cliente, vehiculos: VehiculoEnMapa[]) => {
    cliente.visto = new Map(vehiculos.map((v) => [v.id, v.vistoEn.getTime()]));
    escribir(cliente, evento(EVENTO_INSTANTANEA, vehiculos.map(aVehiculoApi)));
  };

  const refrescarAjustes = async () => {
    try {
      minutosRecientes = await opciones.minutosRecientes();
    } catch {
      // The last value read stays.
    }
  };

  const resincronizar = async () => {
    await refrescarAjustes();
    try {
      const vehiculos = await opciones.instantanea();
      for (const cliente of clientes) if (!cliente.espera) enviarInstantanea(cliente, vehiculos);
    } catch (error) {
      opciones.log.warn({ err: error }, 'no se pudo leer la instantánea del mapa en vivo');
    }
  };

  const marcarOida = (id: number) => {
    ultimasOidas.push(id);
    if (ultimasOidas.length > 1000) ultimasOidas.shift();
    for (const resolver of oidas.get(id) ?? []) resolver();
    oidas.delete(id);
  };

  const stopListening = await database.listen(
    POSICIONES_VEHICULO_CHANNEL,
    {
      notify(payload) {
        const aviso = readAvisoPosicion(payload);
        if (!aviso) return;
        marcarOida(aviso.id);
        // Private positions (depot, outside service hours) never leave the server.
        if (!aviso.publica || !aviso.activo) return;
        const { vehiculo } = aviso;
        const hora = vehiculo.vistoEn.getTime();
        if (hora < opciones.now().getTime() - minutosRecientes * 60_000) return;
        const texto = evento(EVENTO_POSICION, aVehiculoApi(vehiculo));
        for (const cliente of clientes) {
          if (cliente.espera) cliente.espera.push({ id: vehiculo.id, hora, texto });
          else mostrar(cliente, vehiculo.id, hora, texto);
        }
      },
      connected() {
        if (!perdida) return;
        perdida = false;
        void resincronizar();
      },
      lost() {
        // Said once per loss, not at every attempt to get it back.
        if (!perdida) {
          opciones.log.warn({}, 'se perdió la conexión que escucha las posiciones de los vehículos; los mapas en vivo se resincronizan al recuperarla');
        }
        perdida = true;
      },
    },
    { once: true },
  );

  const latido = setInterval(() => {
    void refrescarAjustes();
    const vencidos = Date.now() - opciones.duracionMaximaMs;
    for (const cliente of clientes) {
      if (cliente.espera) continue;
      if (cliente.desde <= vencidos) cliente.stream.end(': fin del turno de este stream, el navegador se reconecta\n\n');
      else escribir(cliente, ': latido\n\n');
    }
  }, opciones.latidoMs ?? LATIDO_MS);
  latido.unref();

  /**
   * With every place taken, a visitor from `red` takes the place of the stream open longest of the
   * busiest network (none is ever active on the client's side: a stream only receives), when that
   * network would still hold more than `red` afterwards. So a few networks that took every place
   * give them back one by one, and a network never takes a place from one as busy as itself. The
   * stream that gives its place ends; its browser reconnects after its `retry:`.
   */
  const cederLugar = (red: string): boolean => {
    let masOcupada: string | undefined;
    let cuantas = 0;
    for (const [otra, n] of porRed) {
      if (n > cuantas) [masOcupada, cuantas] = [otra, n];
    }
    if (masOcupada === undefined || cuantas <= (porRed.get(red) ?? 0) + 1) return false;
    let elegido: Cliente | undefined;
    for (const cliente of clientes) {
      if (cliente.red === masOcupada && !cliente.espera && (!elegido || cliente.desde < elegido.desde)) elegido = cliente;
    }
    if (!elegido) return false;
    elegido.irse();
    elegido.stream.end(': este mapa en vivo cedió su lugar a otra red; el navegador se reconecta\n\n');
    return true;
  };

  const cerrarStreams = () => {
    if (cerrando) return;
    cerrando = true;
    for (const cliente of clientes) cliente.stream.end(evento(EVENTO_RECONECTAR, {}));
  };

  return {
    async abrir(direccion) {
      if (cerrando) return { ok: false, status: 503, mensaje: 'El sitio se está reiniciando: el mapa en vivo se reconecta en unos segundos.' };
      const abiertasAqui = porDireccion.get(direccion) ?? 0;
      if (abiertasAqui >= opciones.maximoPorDireccion) {
        return {
          ok: false,
          status: 429,
          mensaje: `Hay demasiados mapas en vivo abiertos desde tu dirección (hasta ${opciones.maximoPorDireccion}). Cerrá alguno y probá de nuevo.`,
        };
      }
      const red = redDe(direccion);
      if ((porRed.get(red) ?? 0) >= opciones.maximoPorRed) {
        return {
          ok: false,
          status: 429,
          mensaje: `Hay demasiados mapas en vivo abiertos desde tu red (hasta ${opciones.maximoPorRed}). Probá de nuevo en unos minutos; mientras tanto, /api/v1/vehiculos da las posiciones.`,
        };
      }
      if (clientes.size >= opciones.maximo && !cederLugar(red)) {
        return {
          ok: false,
          status: 503,
          mensaje:
            'El mapa en vivo tiene demasiadas conexiones abiertas en este momento. Probá de nuevo en unos segundos; mientras tanto, /api/v1/vehiculos da las posiciones.',
        };
      }
      // Counted before the snapshot is read, so many arriving at once cannot pass the bounds.
      const stream = new PassThrough();
      let ido = false;
      const irse = () => {
        if (ido) return;
        ido = true;
        clientes.delete(cliente);
        sumar(porDireccion, direccion, -1);
        sumar(porRed, red, -1);
      };
      const cliente: Cliente = { stream, direccion, red, desde: Date.now(), irse, visto: new Map(), espera: [] };
      sumar(porDireccion, direccion, 1);
      sumar(porRed, red, 1);
      clientes.add(cliente);
      stream.once('close', irse);
      stream.once('finish', irse);
      let vehiculos: VehiculoEnMapa[];
      try {
        vehiculos = await opciones.instantanea();
      } catch (error) {
        irse();
        stream.destroy();
        throw error;
      }
      escribir(cliente, `retry: ${REINTENTO_MS}\n\n`);
      enviarInstantanea(cliente, vehiculos);
      // Positions heard while the snapshot was read follow it, unless it already had newer ones.
      const espera = cliente.espera ?? [];
      cliente.espera = undefined;
      for (const { id, hora, texto } of espera) mostrar(cliente, id, hora, texto);
      if (cerrando) stream.end(evento(EVENTO_RECONECTAR, {}));
      return { ok: true, stream };
    },
    abiertas: () => clientes.size,
    oida(id) {
      if (ultimasOidas.includes(id)) return Promise.resolve();
      return new Promise((resolve) => oidas.set(id, [...(oidas.get(id) ?? []), resolve]));
    },
    cerrarStreams,
    async stop() {
      clearInterval(latido);
      cerrarStreams();
      await stopListening();
    },
  };
}
