import { describe, expect, it } from 'vitest';
import { type LecturaPosicion, type PosicionRecibida, readJson, readOsmAnd, readPosicion } from './ingesta.ts';

const AHORA = new Date('2026-07-15T15:00:00Z');
const EPOCH = AHORA.getTime() / 1000;
const osmand = (query: string) => readOsmAnd(new URLSearchParams(query), AHORA);

function posicion(lectura: LecturaPosicion): PosicionRecibida {
  if (!lectura.ok) throw new Error(`esperaba una posición y llegó: ${lectura.motivo}`);
  if (lectura.posicion === null) throw new Error(`esperaba una posición y llegó un reporte sin ella: ${lectura.sinPosicion}`);
  return lectura.posicion;
}
/** Why a report was acknowledged with nothing to store, and whose it was. */
function sinPosicion(lectura: LecturaPosicion): { dispositivo: string; sinPosicion: string } {
  if (!lectura.ok) throw new Error(`esperaba un acuse sin posición y llegó un rechazo: ${lectura.motivo}`);
  if (lectura.posicion !== null) throw new Error('esperaba un acuse sin posición y llegó una posición');
  return { dispositivo: lectura.dispositivo, sinPosicion: lectura.sinPosicion };
}
function motivo(lectura: LecturaPosicion): string {
  if (lectura.ok) throw new Error('esperaba un rechazo y llegó una posición');
  return lectura.motivo;
}

describe('OsmAnd: los parámetros como los manda un rastreador', () => {
  it('una línea real de OsmAnd o de Traccar Client anterior a 9, todo en las unidades de la tabla', () => {
    const lectura = osmand(
      `id=862104053123456&timestamp=${EPOCH}&lat=-40.7621&lon=-71.6449&speed=10.0&bearing=271.5&altitude=802.4&accuracy=6.0&batt=87.0&charge=false&hdop=0.9`,
    );
    expect(lectura).toEqual({
      ok: true,
      formato: 'osmand',
      posicion: {
        dispositivo: '862104053123456',
        latitud: -40.7621,
        longitud: -71.6449,
        velocidadKmh: 18.52,
        rumbo: 271.5,
        altitud: 802.4,
        precisionM: 6,
        bateria: 87,
        horaDispositivo: AHORA,
      },
    });
  });

  it('deviceid en lugar de id, heading en lugar de bearing, location en lugar de lat y lon', () => {
    const p = posicion(osmand(`deviceid=abc-123&location=-40.76,-71.64&heading=45&timestamp=${EPOCH}`));
    expect(p).toMatchObject({ dispositivo: 'abc-123', latitud: -40.76, longitud: -71.64, rumbo: 45 });
    // id wins over deviceid, lat and lon over location.
    expect(posicion(osmand(`id=uno&deviceid=dos&lat=-40.1&lon=-71.1&location=-40.9,-71.9&timestamp=${EPOCH}`))).toMatchObject({
      dispositivo: 'uno',
      latitud: -40.1,
      longitud: -71.1,
    });
  });

  it('lo opcional ausente queda en null; las claves desconocidas se ignoran', () => {
    const p = posicion(osmand(`id=x&lat=-40.76&lon=-71.64&timestamp=${EPOCH}&ignition=true&rpm=933&driverUniqueId=ABC&cell=257,02,16,2224`));
    expect(p).toMatchObject({ velocidadKmh: null, rumbo: null, altitud: null, precisionM: null, bateria: null });
  });

  it('timestamp en segundos, con decimales, en milisegundos, ISO 8601 con y sin zona, y AAAA-MM-DD HH:MM:SS en UTC', () => {
    const hora = (t: string) => posicion(osmand(`id=x&lat=-40.76&lon=-71.64&timestamp=${encodeURIComponent(t)}`)).horaDispositivo.toISOString();
    expect(hora(String(EPOCH))).toBe('2026-07-15T15:00:00.000Z');
    expect(hora(`${EPOCH - 60}.25`)).toBe('2026-07-15T14:59:00.250Z');
    expect(hora(String(AHORA.getTime() - 1500))).toBe('2026-07-15T14:59:58.500Z');
    expect(hora('2026-07-15T14:58:00Z')).toBe('2026-07-15T14:58:00.000Z');
    expect(hora('2026-07-15T11:58:00.123-03:00')).toBe('2026-07-15T14:58:00.123Z');
    expect(hora('2026-07-15T11:58:00-0300')).toBe('2026-07-15T14:58:00.000Z');
    expect(hora('2026-07-15T14:58')).toBe('2026-07-15T14:58:00.000Z');
    expect(hora('2026-07-15 14:58:30')).toBe('2026-07-15T14:58:30.000Z');
    // A form or query string writes the space as "+".
    expect(posicion(osmand('id=x&lat=-40.76&lon=-71.64&timestamp=2026-07-15+14:58:30')).horaDispositivo.toISOString()).toBe('2026-07-15T14:58:30.000Z');
  });

  it('la velocidad llega en nudos y se guarda en km/h; una negativa es desconocida', () => {
    const kmh = (speed: string) => posicion(osmand(`id=x&lat=-40.76&lon=-71.64&timestamp=${EPOCH}&speed=${speed}`)).velocidadKmh;
    expect(kmh('1')).toBe(1.85);
    expect(kmh('0')).toBe(0);
    expect(kmh('27')).toBe(50);
    expect(kmh('-1')).toBeNull();
  });

  it('el rumbo queda entre 0 y menos de 360; negativo es desconocido', () => {
    const r = (bearing: string) => posicion(osmand(`id=x&lat=-40.76&lon=-71.64&timestamp=${EPOCH}&bearing=${bearing}`)).rumbo;
    expect(r('0')).toBe(0);
    expect(r('359.9')).toBe(359.9);
    expect(r('360')).toBe(0);
    expect(r('450')).toBe(90);
    expect(r('-1')).toBeNull();
    expect(r('1000')).toBeNull();
  });

  it.each([
    ['sin identificador', `lat=-40.76&lon=-71.64&timestamp=${EPOCH}`, /identificador del dispositivo/],
    ['identificador en blanco', `id=%20%20&lat=-40.76&lon=-71.64&timestamp=${EPOCH}`, /identificador del dispositivo/],
    ['identificador larguísimo', `id=${'x'.repeat(101)}&lat=-40.76&lon=-71.64&timestamp=${EPOCH}`, /hasta 100 caracteres/],
    ['identificador con un byte nulo', `id=a%00b&lat=-40.76&lon=-71.64&timestamp=${EPOCH}`, /caracteres de control/],
    ['sin latitud', `id=x&lon=-71.64&timestamp=${EPOCH}`, /latitud sin la longitud, o al revés/],
    ['latitud fuera de rango', `id=x&lat=-91&lon=-71.64&timestamp=${EPOCH}`, /latitud tiene que estar entre -90 y 90/],
    ['longitud fuera de rango', `id=x&lat=-40.76&lon=181&timestamp=${EPOCH}`, /longitud tiene que estar entre -180 y 180/],
    ['NaN', `id=x&lat=NaN&lon=-71.64&timestamp=${EPOCH}`, /lat tiene que ser un número/],
    ['Infinity', `id=x&lat=Infinity&lon=-71.64&timestamp=${EPOCH}`, /lat tiene que ser un número/],
    ['coma decimal', `id=x&lat=-40,76&lon=-71.64&timestamp=${EPOCH}`, /punto decimal/],
    ['hexadecimal', `id=x&lat=0x10&lon=-71.64&timestamp=${EPOCH}`, /lat tiene que ser un número/],
    ['un número enorme', `id=x&lat=1e400&lon=-71.64&timestamp=${EPOCH}`, /demasiado grande/],
    ['un número de mil cifras', `id=x&lat=${'1'.repeat(1000)}&lon=-71.64&timestamp=${EPOCH}`, /lat tiene que ser un número/],
    ['location con tres partes', `id=x&location=1,2,3&timestamp=${EPOCH}`, /separadas por una coma/],
    ['hora ilegible', 'id=x&lat=-40.76&lon=-71.64&timestamp=ayer', /no es una fecha y hora válida/],
    ['30 de febrero', 'id=x&lat=-40.76&lon=-71.64&timestamp=2026-02-30T10:00:00Z', /no es una fecha y hora válida/],
    ['25 horas', 'id=x&lat=-40.76&lon=-71.64&timestamp=2026-07-15T25:00:00Z', /no es una fecha y hora válida/],
  ])('rechaza con un motivo en castellano: %s', (_caso, query, esperado) => {
    expect(motivo(osmand(query))).toMatch(esperado);
  });

  it('un valor opcional que ningún vehículo tiene (un salto del GPS) queda afuera y la posición se guarda', () => {
    const p = posicion(osmand(`id=x&lat=-40.76&lon=-71.64&timestamp=${EPOCH}&speed=1000&batt=180&altitude=99999&accuracy=1e9&bearing=1000`));
    expect(p).toMatchObject({ latitud: -40.76, velocidadKmh: null, bateria: null, altitud: null, precisionM: null, rumbo: null });
  });

  it('sin timestamp, o con un reloj adelantado más de 5 minutos: la hora del servidor', () => {
    expect(posicion(osmand('id=x&lat=-40.76&lon=-71.64')).horaDispositivo).toEqual(AHORA);
    expect(posicion(osmand('id=x&lat=-40.76&lon=-71.64&timestamp=')).horaDispositivo).toEqual(AHORA);
    expect(posicion(osmand(`id=x&lat=-40.76&lon=-71.64&timestamp=${EPOCH + 3600}`)).horaDispositivo).toEqual(AHORA);
  });

  it('lo que guardó sin señal días enteros es historia; más viejo que la conservación, un acuse sin nada que guardar', () => {
    const hace12Dias = new Date(AHORA.getTime() - 12 * 86_400_000);
    expect(posicion(osmand(`id=x&lat=-40.76&lon=-71.64&timestamp=${EPOCH - 12 * 86_400}`)).horaDispositivo).toEqual(hace12Dias);
    expect(sinPosicion(osmand(`id=x&lat=-40.76&lon=-71.64&timestamp=${EPOCH - 31 * 86_400}`))).toEqual({ dispositivo: 'x', sinPosicion: 'vencida' });
    expect(sinPosicion(osmand('id=x&lat=-40.76&lon=-71.64&timestamp=0'))).toEqual({ dispositivo: 'x', sinPosicion: 'vencida' });
  });

  it.each([
    [
      'sólo antenas y wifi (de las pruebas del decodificador de Traccar)',
      'id=123456&timestamp=1377177267&cell=257,02,16,2224&cell=257,02,16,2223,-90&wifi=00-14-22-01-23-45,-80',
      'sin_coordenadas',
    ],
    ['nada más que el identificador', 'id=x', 'sin_coordenadas'],
    ['lat y lon vacíos', 'id=x&lat=&lon=&location=', 'sin_coordenadas'],
    ['0, 0: sin señal de GPS', `id=x&lat=0&lon=0&timestamp=${EPOCH}`, 'sin_senal'],
    ['el dispositivo dice que no vale', `id=x&lat=-40.76&lon=-71.64&timestamp=${EPOCH}&valid=false`, 'sin_senal'],
  ])('se acusa sin nada que guardar: %s', (_caso, query, razon) => {
    expect(sinPosicion(osmand(query)).sinPosicion).toBe(razon);
  });

  it('un poco en el futuro (un reloj adelantado) y de hace seis días (lo que guardó sin señal) se aceptan', () => {
    expect(osmand(`id=x&lat=-40.76&lon=-71.64&timestamp=${EPOCH + 4 * 60}`).ok).toBe(true);
    expect(osmand(`id=x&lat=-40.76&lon=-71.64&timestamp=${EPOCH - 6 * 86_400}`).ok).toBe(true);
  });
});

describe('Traccar Client 9: su JSON', () => {
  // Exactly as the app sends it (the background-location SDK's format), with its extra keys.
  const cuerpo = (cambios: Record<string, unknown> = {}, coords: Record<string, unknown> = {}) => ({
    location: {
      timestamp: '2026-07-15T14:59:12.862Z',
      coords: { latitude: -40.7621, longitude: -71.6449, accuracy: 5, speed: 5, heading: 63, altitude: 802, ...coords },
      is_moving: true,
      odometer: 1234,
      event: 'motionchange',
      battery: { level: 0.79, is_charging: false },
      activity: { type: 'in_vehicle' },
      extras: {},
      _: '&id=48241179&lat=-40.7621&lon=-71.6449&timestamp=2026-07-15T14:59:12.862Z&',
      ...cambios,
    },
    device_id: '48241179',
  });

  it('todo en las unidades de la tabla: m/s a km/h, nivel de batería a porcentaje', () => {
    expect(readJson(cuerpo(), AHORA)).toEqual({
      ok: true,
      formato: 'traccar-client',
      posicion: {
        dispositivo: '48241179',
        latitud: -40.7621,
        longitud: -71.6449,
        velocidadKmh: 18,
        rumbo: 63,
        altitud: 802,
        precisionM: 5,
        bateria: 79,
        horaDispositivo: new Date('2026-07-15T14:59:12.862Z'),
      },
    });
  });

  it('-1 en velocidad, rumbo, precisión y batería es "no se sabe"', () => {
    const p = posicion(readJson(cuerpo({ battery: { level: -1, is_charging: false } }, { speed: -1, heading: -1, accuracy: -1 }), AHORA));
    expect(p).toMatchObject({ velocidadKmh: null, rumbo: null, precisionM: null, bateria: null });
  });

  it('sin hora: la del servidor; batería como porcentaje o velocidad de avión: quedan afuera', () => {
    expect(posicion(readJson(cuerpo({ timestamp: undefined }), AHORA)).horaDispositivo).toEqual(AHORA);
    expect(posicion(readJson(cuerpo({ battery: { level: 79 } }), AHORA)).bateria).toBeNull();
    expect(posicion(readJson(cuerpo({}, { speed: 300 }), AHORA)).velocidadKmh).toBeNull();
  });

  it.each([
    ['sin location (un latido)', { device_id: 'x', is_moving: false, event: 'heartbeat' }, 'sin_coordenadas'],
    ['sin coords', { device_id: 'x', location: { timestamp: '2026-07-15T14:59:12Z', event: 'providerchange' } }, 'sin_coordenadas'],
    ['0, 0', cuerpo({}, { latitude: 0, longitude: 0 }), 'sin_senal'],
    ['de hace dos meses', cuerpo({ timestamp: '2026-05-15T10:00:00Z' }), 'vencida'],
  ])('se acusa sin nada que guardar: %s', (_caso, json, razon) => {
    expect(sinPosicion(readJson(json, AHORA)).sinPosicion).toBe(razon);
  });

  it('la batería también se lee fuera de location; un device_id numérico vale', () => {
    const { location } = cuerpo({ battery: undefined });
    expect(posicion(readJson({ device_id: 48241179, location, battery: { level: 0.5 } }, AHORA))).toMatchObject({ dispositivo: '48241179', bateria: 50 });
  });

  it.each([
    ['sin device_id', { location: cuerpo().location }, /device_id/],
    ['varias posiciones en una lista', { device_id: 'x', location: [cuerpo().location] }, /una posición por solicitud/],
    ['latitud como texto no numérico', cuerpo({}, { latitude: 'norte' }), /latitude tiene que ser un número/],
    ['latitud booleana', cuerpo({}, { latitude: true }), /latitude tiene que ser un número/],
    ['hora ilegible', cuerpo({ timestamp: 'mañana' }), /no es una fecha y hora válida/],
    ['coords que no es un objeto', cuerpo({ coords: 'x' }), /location.coords tiene que ser un objeto/],
  ])('rechaza con un motivo en castellano: %s', (_caso, json, esperado) => {
    expect(motivo(readJson(json, AHORA))).toMatch(esperado);
  });
});

describe('reenvío de posiciones de un servidor Traccar', () => {
  const reenvio = (position: Record<string, unknown> = {}, device: Record<string, unknown> = {}) => ({
    position: {
      id: 12345,
      attributes: { batteryLevel: 85, distance: 15.4, totalDistance: 12500.5, motion: true },
      deviceId: 10,
      protocol: 'osmand',
      serverTime: '2026-07-15T14:59:55.000+00:00',
      deviceTime: '2026-07-15T14:59:50.000+00:00',
      fixTime: '2026-07-15T14:59:50.000+00:00',
      outdated: false,
      valid: true,
      latitude: -40.7621,
      longitude: -71.6449,
      altitude: 802,
      speed: 10,
      course: 180,
      address: null,
      accuracy: 0,
      network: null,
      ...position,
    },
    device: { id: 10, name: 'Recolector 1', uniqueId: '862104053123456', status: 'online', disabled: false, ...device },
  });

  it('nudos a km/h, la batería de los atributos, fixTime; precisión 0 es desconocida', () => {
    expect(readJson(reenvio(), AHORA)).toEqual({
      ok: true,
      formato: 'traccar-reenvio',
      posicion: {
        dispositivo: '862104053123456',
        latitud: -40.7621,
        longitud: -71.6449,
        velocidadKmh: 18.52,
        rumbo: 180,
        altitud: 802,
        precisionM: null,
        bateria: 85,
        horaDispositivo: new Date('2026-07-15T14:59:50Z'),
      },
    });
  });

  it('las horas también en milisegundos (Traccar 5.3), y deviceTime si falta fixTime', () => {
    const ms = AHORA.getTime() - 10_000;
    expect(posicion(readJson(reenvio({ fixTime: ms }), AHORA)).horaDispositivo).toEqual(new Date(ms));
    expect(posicion(readJson(reenvio({ fixTime: undefined, deviceTime: ms }), AHORA)).horaDispositivo).toEqual(new Date(ms));
  });

  it('sin horas: la del servidor; una posición no válida se acusa sin nada que guardar', () => {
    expect(posicion(readJson(reenvio({ fixTime: undefined, deviceTime: undefined }), AHORA)).horaDispositivo).toEqual(AHORA);
    expect(sinPosicion(readJson(reenvio({ valid: false }), AHORA))).toEqual({ dispositivo: '862104053123456', sinPosicion: 'sin_senal' });
  });

  it.each([
    ['sin device', { position: reenvio().position }, /position y device/],
    ['sin uniqueId', reenvio({}, { uniqueId: undefined }), /device.uniqueId/],
    ['latitud fuera de rango', reenvio({ latitude: 123 }), /latitud/],
  ])('rechaza con un motivo en castellano: %s', (_caso, json, esperado) => {
    expect(motivo(readJson(json, AHORA))).toMatch(esperado);
  });
});

describe('cualquier otro JSON', () => {
  it.each([
    ['una lista', [1, 2]],
    ['un número', 5],
    ['null', null],
    ['un objeto de otra cosa', { nombre: 'Lucía' }],
  ])('se rechaza: %s', (_caso, json) => {
    expect(readJson(json, AHORA).ok).toBe(false);
  });

  it('readPosicion elige por la entrada', () => {
    expect(readPosicion({ parametros: new URLSearchParams(`id=x&lat=-40.76&lon=-71.64&timestamp=${EPOCH}`) }, AHORA).ok).toBe(true);
    expect(readPosicion({ json: { nombre: 'x' } }, AHORA).ok).toBe(false);
  });
});
