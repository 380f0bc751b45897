import type { AddressInfo } from 'node:net';
import { asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { posicionesVehiculo } from '#db/schema/index.ts';
import { getVehiculoAdmin } from '#domain/vehiculos/admin.ts';
import { listRecorridosVialidad } from '#domain/vehiculos/queries.ts';
import { type TestApp, createTestApp } from '#tests/setup/app.ts';
import { engines } from '#tests/setup/database.ts';
import { insertVehiculo } from '#tests/factories/vehiculos.ts';

/*
 * What real trackers send (docs/decisions/036-ingesta-de-rastreadores.md): the request shapes of
 * Traccar's own OsmAnd decoder tests and of Traccar Client, each delivered as a GET, as a POST with
 * the query string and as a form body, with times old and new. A well-formed report gets 200 (the
 * client's queue moves on); only a missing or unknown device, or coordinates that cannot be, a 4xx.
 */

/** 15 July 2026, 12:00 in Argentina: inside the default service hours. */
const AHORA = new Date('2026-07-15T15:00:00Z');
const HORA = 3_600_000;
const DIA = 24 * HORA;
const segundos = (ms: number) => String(Math.floor(ms / 1000));
const hace = (ms: number) => AHORA.getTime() - ms;
/** `yyyy-MM-dd HH:mm:ss` in UTC, as some trackers write it. */
const fechaHora = (ms: number) => new Date(ms).toISOString().slice(0, 19).replace('T', ' ');

type Esperado = { status: number; guardada?: { hora: Date; [campo: string]: unknown } };
type Caso = { nombre: string; parametros: (id: string) => Record<string, string>; esperado: Esperado };

const guardadaA = (ms: number, otros: Record<string, unknown> = {}) => ({ status: 200, guardada: { hora: new Date(ms), ...otros } });
const nadaGuardado = { status: 200 };

/** The OsmAnd shapes of Traccar's decoder tests, with the site's coordinates and times around `AHORA`. */
const CASOS_OSMAND: Caso[] = [
  {
    nombre: 'segundos, speed, bearing, altitude y hdop',
    parametros: (id) => ({ id, timestamp: segundos(hace(10_000)), lat: '-40.7621', lon: '-71.6449', speed: '0.0', bearing: '0.0', altitude: '0', hdop: '0.0' }),
    esperado: guardadaA(hace(10_000), { velocidadKmh: 0, rumbo: 0, altitud: 0, precisionM: null }),
  },
  {
    nombre: 'ISO 8601 con Z y hdop',
    parametros: (id) => ({
      id,
      lat: '-40.7621',
      lon: '-71.6449',
      timestamp: new Date(hace(20_000)).toISOString(),
      hdop: '6.0',
      altitude: '224.0',
      speed: '0.0',
    }),
    esperado: guardadaA(hace(20_000), { altitud: 224 }),
  },
  {
    nombre: 'milisegundos',
    parametros: (id) => ({ id, lat: '-40.7621', lon: '-71.6449', timestamp: String(hace(30_500)), hdop: '6.0', altitude: '224.0', speed: '0.0' }),
    esperado: guardadaA(hace(30_500)),
  },
  {
    nombre: 'yyyy-MM-dd HH:mm:ss, id al final',
    parametros: (id) => ({ lat: '-40.7621', lon: '-71.6449', timestamp: fechaHora(hace(40_000)), altitude: '384.7', speed: '0.0', id }),
    esperado: guardadaA(hace(40_000), { altitud: 384.7 }),
  },
  {
    nombre: 'sin timestamp, deviceid, heading, vacc y hacc: la hora del servidor',
    parametros: (deviceid) => ({ lat: '-40.7621', lon: '-71.6449', speed: '0.0', heading: '90.0', vacc: '0', hacc: '0', altitude: '0', deviceid }),
    esperado: guardadaA(AHORA.getTime(), { rumbo: 90 }),
  },
  {
    nombre: 'sin timestamp, con batt',
    parametros: (id) => ({ id, lat: '-40.7621', lon: '-71.6449', altitude: '350.059479', speed: '0.000000', batt: '87' }),
    esperado: guardadaA(AHORA.getTime(), { bateria: 87 }),
  },
  {
    nombre: 'location=lat,lon',
    parametros: (id) => ({ id, timestamp: segundos(hace(50_000)), location: '-40.7621,-71.6449' }),
    esperado: guardadaA(hace(50_000), { latitud: -40.7621, longitud: -71.6449 }),
  },
  {
    nombre: 'atributos que el sitio no guarda (ignition, rpm, fuel)',
    parametros: (id) => ({
      id,
      timestamp: segundos(hace(60_000)),
      lat: '-40.7621',
      lon: '-71.6449',
      bearing: '7.19889788244',
      speed: '40',
      ignition: 'true',
      rpm: '933',
      fuel: '24',
    }),
    esperado: guardadaA(hace(60_000), { velocidadKmh: 74.08 }),
  },
  {
    nombre: 'accuracy en metros',
    parametros: (id) => ({ id, timestamp: segundos(hace(70_000)), lat: '-40.7621', lon: '-71.6449', accuracy: '12.5' }),
    esperado: guardadaA(hace(70_000), { precisionM: 12.5 }),
  },
  {
    nombre: 'de hace tres días (un teléfono que estuvo sin señal): historia',
    parametros: (id) => ({ id, timestamp: segundos(hace(3 * DIA)), lat: '-40.7621', lon: '-71.6449' }),
    esperado: guardadaA(hace(3 * DIA)),
  },
  {
    nombre: 'de hace 20 días: historia',
    parametros: (id) => ({ id, timestamp: fechaHora(hace(20 * DIA)), lat: '-40.7621', lon: '-71.6449' }),
    esperado: guardadaA(hace(20 * DIA)),
  },
  {
    nombre: 'de hace 40 días, más que lo que se conservan las posiciones: acusada, nada guardado',
    parametros: (id) => ({ id, timestamp: segundos(hace(40 * DIA)), lat: '-40.7621', lon: '-71.6449' }),
    esperado: nadaGuardado,
  },
  {
    nombre: 'con el reloj una hora adelantado: la hora del servidor',
    parametros: (id) => ({ id, timestamp: segundos(AHORA.getTime() + HORA), lat: '-40.7621', lon: '-71.6449' }),
    esperado: guardadaA(AHORA.getTime()),
  },
  {
    nombre: 'sólo antenas y redes wifi: acusada, nada guardado',
    parametros: (id) => ({ id, timestamp: segundos(hace(5_000)), cell: '722,310,16,2224', wifi: '00-14-22-01-23-45,-80' }),
    esperado: nadaGuardado,
  },
  {
    nombre: 'sin señal de GPS (0, 0): acusada, nada guardado',
    parametros: (id) => ({ id, timestamp: segundos(hace(5_000)), lat: '0', lon: '0' }),
    esperado: nadaGuardado,
  },
  {
    nombre: 'valid=false: acusada, nada guardado',
    parametros: (id) => ({ id, timestamp: segundos(hace(5_000)), lat: '-40.7621', lon: '-71.6449', valid: 'false' }),
    esperado: nadaGuardado,
  },
  {
    nombre: 'una velocidad imposible (un salto del GPS): la posición sin la velocidad',
    parametros: (id) => ({ id, timestamp: segundos(hace(5_000)), lat: '-40.7621', lon: '-71.6449', speed: '5000', batt: '140' }),
    esperado: guardadaA(hace(5_000), { velocidadKmh: null, bateria: null }),
  },
];

/** Traccar Client's JSON (its background-location SDK), as in Traccar's decoder tests, at `hora`. */
function traccarClient(id: string, hora: number | undefined, cambios: { coords?: Record<string, unknown>; location?: Record<string, unknown> } = {}) {
  return {
    location: {
      ...(hora === undefined ? {} : { timestamp: new Date(hora).toISOString() }),
      coords: { latitude: -40.7621, longitude: -71.6449, accuracy: 5, speed: -1, heading: -1, altitude: 802, speed_accuracy: -1, ...cambios.coords },
      is_moving: false,
      odometer: 0,
      event: 'motionchange',
      battery: { level: 0.79, is_charging: false },
      activity: { type: 'still', confidence: 100 },
      extras: {},
      uuid: '2FB04C65-99CF-42AB-8DD3-EBCB4B108BF8',
      _: `&id=${id}&lat=-40.7621&lon=-71.6449&`,
      ...cambios.location,
    },
    device_id: id,
  };
}

type CasoJson = { nombre: string; cuerpo: (id: string) => unknown; esperado: Esperado };

const CASOS_JSON: CasoJson[] = [
  {
    nombre: 'detenido: velocidad y rumbo -1, batería 0.79',
    cuerpo: (id) => traccarClient(id, hace(12_000)),
    esperado: guardadaA(hace(12_000), { velocidadKmh: null, rumbo: null, bateria: 79, precisionM: 5 }),
  },
  {
    nombre: 'en movimiento, con is_moving, heading y batería cargando',
    cuerpo: (id) =>
      traccarClient(id, hace(13_000), {
        coords: { speed: 18.67, heading: 63 },
        location: { is_moving: true, battery: { level: 1, is_charging: true }, activity: { type: 'in_vehicle' } },
      }),
    esperado: guardadaA(hace(13_000), { velocidadKmh: 67.21, rumbo: 63, bateria: 100 }),
  },
  {
    nombre: 'batería -1 (no se sabe)',
    cuerpo: (id) => traccarClient(id, hace(14_000), { location: { battery: { level: -1, is_charging: false } } }),
    esperado: guardadaA(hace(14_000), { bateria: null }),
  },
  {
    nombre: 'sin timestamp: la hora del servidor',
    cuerpo: (id) => traccarClient(id, undefined),
    esperado: guardadaA(AHORA.getTime()),
  },
  {
    nombre: 'de hace dos días (el búfer de un teléfono sin señal): historia',
    cuerpo: (id) => traccarClient(id, hace(2 * DIA)),
    esperado: guardadaA(hace(2 * DIA)),
  },
  {
    nombre: 'de hace 45 días: acusada, nada guardado',
    cuerpo: (id) => traccarClient(id, hace(45 * DIA)),
    esperado: nadaGuardado,
  },
  {
    nombre: 'un evento sin location (un latido): acusado, nada guardado',
    cuerpo: (id) => ({ device_id: id, event: 'heartbeat', is_moving: false }),
    esperado: nadaGuardado,
  },
  {
    nombre: 'location sin coords: acusada, nada guardado',
    cuerpo: (id) => ({ device_id: id, location: { timestamp: new Date(hace(1_000)).toISOString(), event: 'providerchange', battery: { level: 0.5 } } }),
    esperado: nadaGuardado,
  },
];

const ENTREGAS = ['GET con query string', 'POST con query string', 'POST con formulario'] as const;

describe.each(engines)('la ingesta con lo que mandan los rastreadores reales (%s)', (engine) => {
  let t: TestApp;
  const clock = { now: () => AHORA };
  let n = 0;
  let ipSiguiente = 1;
  const ip = () => `10.77.${Math.floor(ipSiguiente / 250)}.${(ipSiguiente++ % 250) + 1}`;

  beforeAll(async () => {
    t = await createTestApp(engine, { seed: false, clock });
  });
  afterAll(() => t?.close());

  async function vehiculo() {
    n += 1;
    return insertVehiculo(t.database.db, { alias: `Recolector ${n}`, dispositivo: `rc-${engine}-${n}-k7mqx3fp` });
  }
  const guardadas = (vehiculoId: number) =>
    t.database.db.select().from(posicionesVehiculo).where(eq(posicionesVehiculo.vehiculoId, vehiculoId)).orderBy(asc(posicionesVehiculo.horaDispositivo));

  async function comprobar(vehiculoId: number, res: { statusCode: number; body: string }, esperado: Esperado) {
    expect(res.statusCode, res.body).toBe(esperado.status);
    expect(res.body).toBe('');
    const filas = await guardadas(vehiculoId);
    if (!esperado.guardada) {
      expect(filas).toEqual([]);
      return;
    }
    const { hora, ...otros } = esperado.guardada;
    expect(filas).toEqual([expect.objectContaining({ horaDispositivo: hora, ...otros })]);
  }

  describe.each(ENTREGAS)('OsmAnd, %s', (entrega) => {
    it.each(CASOS_OSMAND)('$nombre', async ({ parametros, esperado }) => {
      const v = await vehiculo();
      const query = new URLSearchParams(parametros(v.dispositivo)).toString();
      const res =
        entrega === 'GET con query string'
          ? await t.app.inject({ url: `/api/v1/posiciones?${query}`, remoteAddress: ip() })
          : entrega === 'POST con query string'
            ? await t.app.inject({ method: 'POST', url: `/api/v1/posiciones?${query}`, remoteAddress: ip() })
            : await t.app.inject({
                method: 'POST',
                url: '/api/v1/posiciones',
                headers: { 'content-type': 'application/x-www-form-urlencoded' },
                payload: query,
                remoteAddress: ip(),
              });
      await comprobar(v.id, res, esperado);
    });
  });

  describe('Traccar Client, JSON', () => {
    it.each(CASOS_JSON)('$nombre', async ({ cuerpo, esperado }) => {
      const v = await vehiculo();
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/v1/posiciones',
        headers: { 'content-type': 'application/json', 'user-agent': 'TraccarClient/9.4 (Android)' },
        payload: JSON.stringify(cuerpo(v.dispositivo)),
        remoteAddress: ip(),
      });
      await comprobar(v.id, res, esperado);
    });
  });

  it('sólo un identificador que falta o no existe, o coordenadas imposibles, reciben un 4xx', async () => {
    const v = await vehiculo();
    const pedir = (query: string) => t.app.inject({ url: `/api/v1/posiciones?${query}`, remoteAddress: ip() });
    const sinId = await pedir('lat=-40.76&lon=-71.64&timestamp=1377177267');
    expect(sinId.statusCode).toBe(400);
    expect(sinId.json()).toEqual({ error: expect.stringMatching(/identificador del dispositivo/) });
    // A report without coordinates still names a device, and an unknown one is told so.
    for (const query of ['id=no-existe-9x7&lat=-40.76&lon=-71.64', 'id=no-existe-9x7&cell=722,310,16,2224', 'id=no-existe-9x7']) {
      expect((await pedir(query)).statusCode, query).toBe(404);
    }
    const sinLocation = await t.app.inject({
      method: 'POST',
      url: '/api/v1/posiciones',
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify({ device_id: 'no-existe-9x7', event: 'heartbeat' }),
      remoteAddress: ip(),
    });
    expect(sinLocation.statusCode).toBe(404);
    for (const [query, motivo] of [
      [`id=${v.dispositivo}&lat=-95&lon=-71.64`, /latitud tiene que estar entre -90 y 90/],
      [`id=${v.dispositivo}&lat=-40.76&lon=200`, /longitud tiene que estar entre -180 y 180/],
      [`id=${v.dispositivo}&lat=-40.76`, /latitud sin la longitud/],
      [`id=${v.dispositivo}&lat=norte&lon=-71.64`, /lat tiene que ser un número/],
    ] as const) {
      const res = await pedir(query);
      expect(res.statusCode, query).toBe(400);
      expect((res.json() as { error: string }).error).toMatch(motivo);
    }
    expect(await guardadas(v.id)).toEqual([]);
  });

  it('lo viejo que llega después es historia: el mapa, el stream, el recorrido y el último reporte siguen con lo más nuevo por hora del dispositivo', async () => {
    const v = await insertVehiculo(t.database.db, {
      alias: 'Motoniveladora tardía',
      icono: 'motoniveladora',
      servicio: 'vialidad',
      dispositivo: `mn-${engine}-tardia-q8w2`,
    });
    const enviar = (lat: number, hora: number) =>
      t.app.inject({ url: `/api/v1/posiciones?id=${v.dispositivo}&lat=${lat}&lon=-71.64&timestamp=${segundos(hora)}`, remoteAddress: ip() });
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    const base = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
    expect((await enviar(-40.701, hace(60_000))).statusCode).toBe(200);

    const control = new AbortController();
    const res = await fetch(`${base}/api/v1/vehiculos/stream`, { signal: control.signal });
    const lector = res.body!.pipeThrough(new TextDecoderStream()).getReader();
    let texto = '';
    const hastaQueDiga = async (parte: string) => {
      while (!texto.includes(parte)) {
        const { value, done } = await lector.read();
        if (done) throw new Error(`el stream terminó sin decir ${parte}`);
        texto += value;
      }
    };
    try {
      await hastaQueDiga('event: instantanea');
      // A phone that was offline sends what it buffered: ten minutes ago, then an hour, then two days.
      for (const [lat, hora] of [
        [-40.702, hace(10 * 60_000)],
        [-40.703, hace(HORA)],
        [-40.704, hace(2 * DIA)],
      ] as const) {
        expect((await enviar(lat, hora)).statusCode).toBe(200);
      }
      const [ultimaVieja] = await t.database.db.select({ id: posicionesVehiculo.id }).from(posicionesVehiculo).where(eq(posicionesVehiculo.latitud, -40.704));
      await t.app.vehiculosEnVivo.oida(ultimaVieja!.id);
      // Then a fresh one: the first position event the stream sends is that one.
      expect((await enviar(-40.705, hace(1_000))).statusCode).toBe(200);
      await hastaQueDiga('event: posicion');
      const eventos = texto.split('\n\n').filter((b) => b.startsWith('event: posicion'));
      expect(eventos).toHaveLength(1);
      expect(eventos[0]).toContain('-40.705');
    } finally {
      control.abort();
    }

    const mapa = (await t.app.inject({ url: '/api/v1/vehiculos' })).json() as { id: number; latitud: number }[];
    expect(mapa.find((m) => m.id === v.id)).toMatchObject({ latitud: -40.705 });
    expect((await guardadas(v.id)).map((p) => p.latitud)).toEqual([-40.704, -40.703, -40.702, -40.701, -40.705]);
    // The trail of the last 12 h ends at the fresh position; the one of two days ago is not in it.
    const recorrido = (await listRecorridosVialidad(t.database.db, AHORA, 12)).get(v.id)!;
    expect(recorrido.map((p) => p.latitud)).toEqual([-40.703, -40.702, -40.701, -40.705]);
    // The back-office's last report is the fresh one too.
    const admin = await getVehiculoAdmin(t.database.db, v.id);
    expect(admin?.ultimoReporte?.hora).toEqual(new Date(hace(1_000)));
  });
});
