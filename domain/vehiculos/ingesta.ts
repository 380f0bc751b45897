/**
 * Reading a position as trackers send it (docs/decisions/015-seguimiento-de-vehiculos.md):
 * pure functions, no database, no clock of their own. Three formats, the ones a Traccar server
 * itself accepts on its OsmAnd port and sends when it forwards:
 *
 * - **OsmAnd** (the OsmAnd app, Traccar Client before 9, many hardware trackers): HTTP parameters in
 *   the query string, or in a form body when the query string has none. `id` or `deviceid`, `lat`
 *   and `lon` or `location=lat,lon`, `timestamp` (epoch seconds, epoch milliseconds, ISO 8601 or
 *   `AAAA-MM-DD HH:MM:SS` in UTC), `speed` in knots, `bearing` or `heading`, `altitude` (m),
 *   `accuracy` (m), `batt` (%), `valid`. Any other key is ignored.
 * - **Traccar Client 9+**: its JSON body, `{ device_id, location: { timestamp, coords: { latitude,
 *   longitude, speed (m/s), heading, altitude, accuracy }, battery: { level (0..1) }, is_moving,
 *   odometer, … } }`. Negative speed, heading, accuracy and battery level mean "unknown".
 * - **Position forwarding of a Traccar server** (`forward.type=json`): `{ position: { latitude,
 *   longitude, speed (knots), course, altitude, accuracy, fixTime, deviceTime, valid, attributes: {
 *   batteryLevel } }, device: { uniqueId } }`.
 *
 * Every result is in one set of units: degrees (WGS 84), km/h, degrees from north in [0, 360),
 * metres, battery percent.
 *
 * A tracker that gets an error sends the same report again, and Traccar Client keeps its whole
 * offline buffer behind it (docs/decisions/036-ingesta-de-rastreadores.md). So only what no retry
 * can mend is refused, with a Spanish reason: no device identifier, coordinates that cannot be on
 * Earth, text where a number goes. Everything else a real client sends is acknowledged: without a
 * time, the server's; a time ahead of the server's clock, the server's too; without coordinates
 * (cell or Wi-Fi only, no GPS fix, `valid=false`, the point 0, 0) or older than the positions are
 * kept, nothing to store (`posicion: null`); an optional value no vehicle can have (a speed of
 * 900 km/h, a battery of 120 %) is left out and the position kept.
 */

/** A position read from a report, in the units the table keeps. */
export type PosicionRecibida = {
  /** The identifier the device sent, as written: the vehicle's `dispositivo`. */
  dispositivo: string;
  latitud: number;
  longitud: number;
  velocidadKmh: number | null;
  rumbo: number | null;
  altitud: number | null;
  precisionM: number | null;
  bateria: number | null;
  /** When the device took it. */
  horaDispositivo: Date;
};

export type FormatoIngesta = 'osmand' | 'traccar-client' | 'traccar-reenvio';

/** Why a well-formed report leaves nothing to store. */
export type SinPosicion = 'sin_coordenadas' | 'sin_senal' | 'vencida';

export type LecturaPosicion =
  | { ok: true; formato: FormatoIngesta; posicion: PosicionRecibida }
  /** Acknowledged, nothing to store; the device is still checked (an unknown one gets its 404). */
  | { ok: true; formato: FormatoIngesta; posicion: null; dispositivo: string; sinPosicion: SinPosicion }
  | { ok: false; motivo: string };

/** What a request brought: HTTP parameters (query string or form body), or a parsed JSON body. */
export type EntradaIngesta = { parametros: URLSearchParams } | { json: unknown };

export const NUDOS_A_KMH = 1.852;
export const MS_A_KMH = 3.6;
/** A device clock may run a little ahead; past this its time is a wrong clock's, and the server's is used. */
export const MAXIMO_ADELANTO_MS = 5 * 60_000;
/**
 * Trackers buffer positions while offline and send them later, oldest first: any age is history,
 * up to the positions' retention (RETENCION_POSICIONES_DIAS, retencion.ts); older, nothing is kept.
 */
export const MAXIMA_ANTIGUEDAD_MS = 30 * 24 * 3_600_000;
export const MAXIMA_VELOCIDAD_KMH = 500;
export const MAXIMO_LARGO_DISPOSITIVO = 100;
const ALTITUD = { min: -1_000, max: 20_000 };
const MAXIMA_PRECISION_M = 100_000;
/** Epoch values below this are seconds, above it milliseconds (as Traccar reads them). */
const LIMITE_SEGUNDOS = 2_147_483_647;
const MAXIMO_LARGO_NUMERO = 40;

class Invalida extends Error {}
const invalida = (motivo: string): never => {
  throw new Invalida(motivo);
};
/** A well-formed report with nothing to store: thrown once its device identifier is read. */
class SinGuardar extends Error {
  readonly dispositivo: string;
  readonly razon: SinPosicion;
  constructor(dispositivo: string, razon: SinPosicion) {
    super(razon);
    this.dispositivo = dispositivo;
    this.razon = razon;
  }
}

// eslint-disable-next-line no-control-regex -- finding control characters is the point
const CONTROL = /[\u0000-\u001f\u007f-\u009f]/;
const DECIMAL = /^[+-]?(?:\d+(?:\.\d*)?|\.\d+)(?:[eE][+-]?\d+)?$/;
const ENTERO_EPOCH = /^\d+(?:\.\d+)?$/;
const ISO = /^(\d{4})-(\d{2})-(\d{2})[Tt ](\d{2}):(\d{2})(?::(\d{2})(?:[.,](\d{1,9}))?)?([Zz]|[+-]\d{2}(?::?\d{2})?)?$/;

/** A number written in a parameter, strictly: no hex, no spaces, no "Infinity", no comma decimals. */
function numeroDeTexto(valor: string, campo: string): number {
  if (valor.length > MAXIMO_LARGO_NUMERO || !DECIMAL.test(valor)) invalida(`${campo} tiene que ser un número (con punto decimal), y llegó otra cosa.`);
  const n = Number(valor);
  if (!Number.isFinite(n)) invalida(`${campo} es un número demasiado grande.`);
  return n;
}

/** A number of a JSON body: a JSON number (a numeric string is accepted too), or undefined when absent or null. */
function numeroDeJson(valor: unknown, campo: string): number | undefined {
  if (valor === undefined || valor === null) return undefined;
  if (typeof valor === 'number') {
    if (!Number.isFinite(valor)) invalida(`${campo} es un número demasiado grande.`);
    return valor;
  }
  if (typeof valor === 'string') return numeroDeTexto(valor, campo);
  return invalida(`${campo} tiene que ser un número.`);
}

function dispositivoValido(valor: unknown, campo: string): string {
  if (typeof valor === 'number' && Number.isSafeInteger(valor) && valor >= 0) return String(valor);
  if (typeof valor !== 'string' || valor.trim() === '') return invalida(`Falta el identificador del dispositivo (${campo}).`);
  if (valor.length > MAXIMO_LARGO_DISPOSITIVO) invalida(`El identificador del dispositivo puede tener hasta ${MAXIMO_LARGO_DISPOSITIVO} caracteres.`);
  if (CONTROL.test(valor) || !valor.isWellFormed()) invalida('El identificador del dispositivo tiene caracteres de control o no es texto válido.');
  return valor;
}

function coordenadas(dispositivo: string, latitud: number | undefined, longitud: number | undefined): { latitud: number; longitud: number } {
  // A report of cell towers or Wi-Fi networks only, or a heartbeat: acknowledged, nothing to store.
  if (latitud === undefined && longitud === undefined) throw new SinGuardar(dispositivo, 'sin_coordenadas');
  if (latitud === undefined || longitud === undefined) return invalida('Llegó la latitud sin la longitud, o al revés: mandá las dos.');
  if (latitud < -90 || latitud > 90) invalida('La latitud tiene que estar entre -90 y 90 grados.');
  if (longitud < -180 || longitud > 180) invalida('La longitud tiene que estar entre -180 y 180 grados.');
  // What a GPS without a fix reports: the point in the Gulf of Guinea, never a vehicle of the town.
  if (latitud === 0 && longitud === 0) throw new SinGuardar(dispositivo, 'sin_senal');
  return { latitud, longitud };
}

/*
 * The optional values: a negative one means the device does not know it (Traccar Client writes
 * -1), and one no vehicle can have (a GPS glitch) is left out: the position is still good.
 */

/** km/h from a speed in the format's unit. */
function velocidad(valor: number | undefined, aKmh: number): number | null {
  if (valor === undefined || valor < 0) return null;
  // Two decimals: a knot is 1.852 km/h, and 2.6 kn is not 4.8152000000000001 km/h.
  const kmh = Math.round(valor * aKmh * 100) / 100;
  return kmh > MAXIMA_VELOCIDAD_KMH ? null : kmh;
}

/** Degrees from north in [0, 360). */
function rumbo(valor: number | undefined): number | null {
  if (valor === undefined || valor < 0 || valor >= 720) return null;
  return valor % 360;
}

function altitud(valor: number | undefined): number | null {
  if (valor === undefined || valor < ALTITUD.min || valor > ALTITUD.max) return null;
  return valor;
}

function precision(valor: number | undefined): number | null {
  if (valor === undefined || valor < 0 || valor > MAXIMA_PRECISION_M) return null;
  return valor;
}

/** Battery percent. */
function bateria(porcentaje: number | undefined): number | null {
  if (porcentaje === undefined || porcentaje < 0 || porcentaje > 100) return null;
  return porcentaje;
}

const diasDelMes = (anio: number, mes: number) => new Date(Date.UTC(anio, mes, 0)).getUTCDate();

/** An ISO 8601 date and time (or `AAAA-MM-DD HH:MM:SS`); without a zone it is UTC. */
function horaIso(texto: string): Date | undefined {
  const m = ISO.exec(texto);
  if (!m) return undefined;
  const [anio, mes, dia, hora, minuto] = [1, 2, 3, 4, 5].map((i) => Number(m[i]));
  const segundo = Number(m[6] ?? 0);
  if (mes! < 1 || mes! > 12 || dia! < 1 || dia! > diasDelMes(anio!, mes!) || hora! > 23 || minuto! > 59 || segundo > 59) return undefined;
  const ms = Number((m[7] ?? '0').padEnd(3, '0').slice(0, 3));
  let desfase = 0;
  const zona = m[8];
  if (zona && zona.toUpperCase() !== 'Z') {
    const signo = zona.startsWith('-') ? -1 : 1;
    const digitos = zona.slice(1).replace(':', '');
    const horas = Number(digitos.slice(0, 2));
    const minutos = Number(digitos.slice(2) || '0');
    if (horas > 14 || minutos > 59) return undefined;
    desfase = signo * (horas * 60 + minutos) * 60_000;
  }
  return new Date(Date.UTC(anio!, mes! - 1, dia!, hora!, minuto!, segundo, ms) - desfase);
}

/** Epoch seconds or milliseconds, told apart by size as Traccar does. */
function horaEpoch(n: number): Date {
  return new Date(Math.round(n < LIMITE_SEGUNDOS ? n * 1000 : n));
}

function horaDeTexto(texto: string, campo: string): Date {
  if (texto.length > 40) return invalida(`${campo} no es una fecha y hora válida.`);
  const hora = ENTERO_EPOCH.test(texto) ? horaEpoch(Number(texto)) : horaIso(texto);
  if (!hora || Number.isNaN(hora.getTime())) {
    return invalida(`${campo} no es una fecha y hora válida: mandala en segundos o milisegundos desde 1970, o en ISO 8601 (2026-07-15T15:00:00Z).`);
  }
  return hora;
}

/** The time a JSON body gives, or undefined when it gives none. */
function horaDeJson(valor: unknown, campo: string): Date | undefined {
  if (valor === undefined || valor === null || valor === '') return undefined;
  if (typeof valor === 'number') {
    if (!Number.isFinite(valor) || valor < 0) invalida(`${campo} no es una fecha y hora válida.`);
    return horaEpoch(valor);
  }
  if (typeof valor !== 'string') return invalida(`${campo} no es una fecha y hora válida.`);
  return horaDeTexto(valor, campo);
}

/**
 * The time to store: the device's, or the server's when the report has none or its clock runs
 * ahead (the position is taken as just sent). Older than the positions are kept: nothing to store.
 */
function horaCreible(dispositivo: string, hora: Date | undefined, ahora: Date): Date {
  if (hora === undefined || hora.getTime() > ahora.getTime() + MAXIMO_ADELANTO_MS) return ahora;
  if (hora.getTime() < ahora.getTime() - MAXIMA_ANTIGUEDAD_MS) throw new SinGuardar(dispositivo, 'vencida');
  return hora;
}

const esObjeto = (valor: unknown): valor is Record<string, unknown> => typeof valor === 'object' && valor !== null && !Array.isArray(valor);

/** The first value of the first of `claves` that is present. */
function parametro(parametros: URLSearchParams, ...claves: string[]): string | undefined {
  for (const clave of claves) {
    const valor = parametros.get(clave);
    if (valor !== null) return valor;
  }
  return undefined;
}

const opcional = (parametros: URLSearchParams, campo: string, ...claves: string[]) => {
  const valor = parametro(parametros, ...claves);
  return valor === undefined || valor === '' ? undefined : numeroDeTexto(valor, campo);
};

function leerOsmAndSinCapturar(parametros: URLSearchParams, ahora: Date): PosicionRecibida {
  const dispositivo = dispositivoValido(parametro(parametros, 'id', 'deviceid'), 'id o deviceid');
  const valido = parametros.get('valid');
  let latitud = opcional(parametros, 'lat', 'lat');
  let longitud = opcional(parametros, 'lon', 'lon');
  const location = parametros.get('location');
  if ((latitud === undefined || longitud === undefined) && location !== null && location !== '') {
    const partes = location.split(',');
    if (partes.length !== 2) invalida('location tiene que ser la latitud y la longitud separadas por una coma (location=-40.76,-71.64).');
    latitud = numeroDeTexto(partes[0]!.trim(), 'La latitud de location');
    longitud = numeroDeTexto(partes[1]!.trim(), 'La longitud de location');
  }
  const posicion = coordenadas(dispositivo, latitud, longitud);
  // The device says it has no fix: its coordinates are an old or a made-up point.
  if (valido !== null && ['false', '0'].includes(valido.toLowerCase())) throw new SinGuardar(dispositivo, 'sin_senal');
  const timestamp = parametros.get('timestamp');
  const hora = timestamp === null || timestamp === '' ? undefined : horaDeTexto(timestamp, 'timestamp');
  return {
    dispositivo,
    ...posicion,
    velocidadKmh: velocidad(opcional(parametros, 'speed', 'speed'), NUDOS_A_KMH),
    rumbo: rumbo(opcional(parametros, 'bearing', 'bearing', 'heading')),
    altitud: altitud(opcional(parametros, 'altitude', 'altitude')),
    precisionM: precision(opcional(parametros, 'accuracy', 'accuracy')),
    bateria: bateria(opcional(parametros, 'batt', 'batt')),
    horaDispositivo: horaCreible(dispositivo, hora, ahora),
  };
}

function leerTraccarClientSinCapturar(cuerpo: Record<string, unknown>, ahora: Date): PosicionRecibida {
  const dispositivo = dispositivoValido(cuerpo.device_id, 'device_id');
  const location = cuerpo.location;
  if (Array.isArray(location)) invalida('Mandá una posición por solicitud: location tiene que ser un objeto, no una lista.');
  // A heartbeat or an event without a location: acknowledged, nothing to store.
  if (location === undefined || location === null) throw new SinGuardar(dispositivo, 'sin_coordenadas');
  if (!esObjeto(location)) return invalida('location tiene que ser un objeto con la posición.');
  const coords = location.coords ?? {};
  if (!esObjeto(coords)) return invalida('location.coords tiene que ser un objeto con la latitud y la longitud.');
  const posicion = coordenadas(
    dispositivo,
    numeroDeJson(coords.latitude, 'location.coords.latitude'),
    numeroDeJson(coords.longitude, 'location.coords.longitude'),
  );
  // The battery is inside location (the SDK's native format); a copy at the top is read as well.
  const battery = esObjeto(location.battery) ? location.battery : esObjeto(cuerpo.battery) ? cuerpo.battery : undefined;
  const nivel = battery ? numeroDeJson(battery.level, 'battery.level') : undefined;
  const hora = horaDeJson(location.timestamp, 'location.timestamp');
  return {
    dispositivo,
    ...posicion,
    velocidadKmh: velocidad(numeroDeJson(coords.speed, 'location.coords.speed'), MS_A_KMH),
    rumbo: rumbo(numeroDeJson(coords.heading, 'location.coords.heading')),
    altitud: altitud(numeroDeJson(coords.altitude, 'location.coords.altitude')),
    precisionM: precision(numeroDeJson(coords.accuracy, 'location.coords.accuracy')),
    // A fraction, 0..1; anything else is left out.
    bateria: nivel === undefined || nivel < 0 || nivel > 1 ? null : bateria(Math.round(nivel * 1000) / 10),
    horaDispositivo: horaCreible(dispositivo, hora, ahora),
  };
}

function leerReenvioSinCapturar(cuerpo: Record<string, unknown>, ahora: Date): PosicionRecibida {
  const { position, device } = cuerpo;
  if (!esObjeto(position) || !esObjeto(device)) return invalida('Un reenvío de Traccar trae los objetos position y device.');
  const dispositivo = dispositivoValido(device.uniqueId, 'device.uniqueId');
  const posicion = coordenadas(dispositivo, numeroDeJson(position.latitude, 'position.latitude'), numeroDeJson(position.longitude, 'position.longitude'));
  if (position.valid === false) throw new SinGuardar(dispositivo, 'sin_senal');
  const atributos = esObjeto(position.attributes) ? position.attributes : {};
  const hora = horaDeJson(position.fixTime ?? position.deviceTime, 'position.fixTime');
  return {
    dispositivo,
    ...posicion,
    velocidadKmh: velocidad(numeroDeJson(position.speed, 'position.speed'), NUDOS_A_KMH),
    rumbo: rumbo(numeroDeJson(position.course, 'position.course')),
    altitud: altitud(numeroDeJson(position.altitude, 'position.altitude')),
    // Traccar writes 0 when it does not know the accuracy.
    precisionM: precision(numeroDeJson(position.accuracy, 'position.accuracy') || undefined),
    bateria: bateria(numeroDeJson(atributos.batteryLevel, 'position.attributes.batteryLevel')),
    horaDispositivo: horaCreible(dispositivo, hora, ahora),
  };
}

function capturar(formato: FormatoIngesta, leer: () => PosicionRecibida): LecturaPosicion {
  try {
    return { ok: true, formato, posicion: leer() };
  } catch (error) {
    if (error instanceof SinGuardar) return { ok: true, formato, posicion: null, dispositivo: error.dispositivo, sinPosicion: error.razon };
    if (error instanceof Invalida) return { ok: false, motivo: error.message };
    throw error;
  }
}

/** A report in the OsmAnd protocol: its HTTP parameters. */
export function readOsmAnd(parametros: URLSearchParams, ahora: Date): LecturaPosicion {
  return capturar('osmand', () => leerOsmAndSinCapturar(parametros, ahora));
}

/**
 * A JSON body: Traccar Client 9+ (`device_id`, `location`) or a Traccar server's forwarding
 * (`position`, `device`), told apart by their keys.
 */
export function readJson(cuerpo: unknown, ahora: Date): LecturaPosicion {
  if (Array.isArray(cuerpo)) return { ok: false, motivo: 'Mandá una posición por solicitud: un objeto JSON, no una lista.' };
  if (!esObjeto(cuerpo)) return { ok: false, motivo: 'El cuerpo tiene que ser un objeto JSON con la posición.' };
  if ('position' in cuerpo || 'device' in cuerpo) return capturar('traccar-reenvio', () => leerReenvioSinCapturar(cuerpo, ahora));
  if ('device_id' in cuerpo || 'location' in cuerpo) return capturar('traccar-client', () => leerTraccarClientSinCapturar(cuerpo, ahora));
  return {
    ok: false,
    motivo: 'El JSON no tiene la forma de Traccar Client (device_id y location) ni la de un reenvío de un servidor Traccar (position y device).',
  };
}

/** What a report with nothing to store still names: its device, to be checked like any other. */
export type ReporteSinPosicion = { dispositivo: string; sinPosicion: SinPosicion };

/** A report in any of the three formats. */
export function readPosicion(entrada: EntradaIngesta, ahora: Date): LecturaPosicion {
  return 'json' in entrada ? readJson(entrada.json, ahora) : readOsmAnd(entrada.parametros, ahora);
}
