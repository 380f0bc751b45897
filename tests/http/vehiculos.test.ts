import type { AddressInfo } from 'node:net';
import type { InjectOptions } from 'fastify';
import { and, eq, gt, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { posicionesVehiculo, vehiculos } from '#db/schema/index.ts';
import { RAFAGA_POR_DISPOSITIVO } from '#domain/vehiculos/commands.ts';
import { VEHICULOS_DEMO } from '#server/demo/vehiculos.ts';
import { type TestApp, createTestApp } from '#tests/setup/app.ts';
import { engines } from '#tests/setup/database.ts';
import { insertVehiculo } from '#tests/factories/vehiculos.ts';

/** 15 July 2026, 12:00 in Argentina: inside the default service hours (06:00 to 22:00). */
const INICIO = new Date('2026-07-15T15:00:00Z');
const CALLE = { lat: -40.7621, lon: -71.6449 };
const FORM = { 'content-type': 'application/x-www-form-urlencoded' };
const JSON_CT = { 'content-type': 'application/json' };

type Evento = { evento: string; datos: unknown };

/**
 * A Server-Sent Events stream read over a real socket, as a browser's EventSource reads it: the
 * `retry:` hint, the comments and each event with its JSON data.
 */
async function abrirStream(url: string, headers: Record<string, string> = {}) {
  const control = new AbortController();
  const res = await fetch(url, { signal: control.signal, headers });
  const lector = res.body!.pipeThrough(new TextDecoderStream()).getReader();
  let resto = '';
  const leidos: { retry?: number; comentarios: string[] } = { comentarios: [] };
  let terminado = false;
  const siguienteBloque = async (): Promise<string | undefined> => {
    for (;;) {
      const fin = resto.indexOf('\n\n');
      if (fin !== -1) {
        const bloque = resto.slice(0, fin);
        resto = resto.slice(fin + 2);
        return bloque;
      }
      const { value, done } = await lector.read();
      if (done) {
        terminado = true;
        return undefined;
      }
      resto += value;
    }
  };
  return {
    res,
    leidos,
    terminado: () => terminado,
    /** The next event (comments and `retry:` are kept aside), or undefined when the stream ended. */
    async siguiente(): Promise<Evento | undefined> {
      for (;;) {
        const bloque = await siguienteBloque();
        if (bloque === undefined) return undefined;
        let evento = 'message';
        let datos: string | undefined;
        for (const linea of bloque.split('\n')) {
          if (linea.startsWith(':')) leidos.comentarios.push(linea.slice(1).trim());
          else if (linea.startsWith('retry: ')) leidos.retry = Number(linea.slice(7));
          else if (linea.startsWith('event: ')) evento = linea.slice(7);
          else if (linea.startsWith('data: ')) datos = linea.slice(6);
        }
        if (datos !== undefined) return { evento, datos: JSON.parse(datos) };
      }
    },
    /** Reads until the stream ends. */
    async hastaElFin(): Promise<Evento[]> {
      const resto: Evento[] = [];
      for (let e = await this.siguiente(); e; e = await this.siguiente()) resto.push(e);
      return resto;
    },
    cerrar: () => control.abort(),
  };
}

async function escuchar(t: TestApp): Promise<string> {
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  return `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
}

describe.each(engines)('seguimiento de vehículos por HTTP (%s)', (engine) => {
  let t: TestApp;
  let reloj = INICIO;
  const clock = { now: () => reloj };
  let n = 0;
  let ipSiguiente = 1;
  const ip = () => `10.55.${Math.floor(ipSiguiente / 250)}.${(ipSiguiente++ % 250) + 1}`;

  beforeAll(async () => {
    t = await createTestApp(engine, { seed: false, clock, logs: true });
  });
  afterAll(() => t?.close());

  async function vehiculo(datos: Parameters<typeof insertVehiculo>[1] = {}) {
    n += 1;
    return insertVehiculo(t.database.db, { alias: `Recolector ${n}`, dispositivo: `rastreador-${engine}-${n}`, ...datos });
  }
  const guardadas = (vehiculoId: number) => t.database.db.select().from(posicionesVehiculo).where(eq(posicionesVehiculo.vehiculoId, vehiculoId));
  const segundos = (fecha: Date) => Math.floor(fecha.getTime() / 1000);
  /** An OsmAnd query string; `cambios` replace or add parameters. */
  const osmand = (dispositivo: string, cambios: Record<string, string | number> = {}) =>
    new URLSearchParams({
      id: dispositivo,
      timestamp: String(segundos(reloj)),
      lat: String(CALLE.lat),
      lon: String(CALLE.lon),
      ...Object.fromEntries(Object.entries(cambios).map(([k, v]) => [k, String(v)])),
    }).toString();
  /** Traccar Client 9's body, as the app posts it. */
  const traccarClient = (dispositivo: string, hora = reloj) =>
    JSON.stringify({
      location: {
        timestamp: hora.toISOString(),
        coords: { latitude: CALLE.lat, longitude: CALLE.lon, accuracy: 4.9, speed: 5, heading: 63, altitude: 802 },
        is_moving: true,
        odometer: 1520,
        event: 'motionchange',
        battery: { level: 0.79, is_charging: false },
        activity: { type: 'in_vehicle' },
        extras: {},
      },
      device_id: dispositivo,
    });

  describe('la ingesta: /api/v1/posiciones', () => {
    it('una línea de OsmAnd tal como la manda el rastreador: 200 sin cuerpo, guardada en km/h', async () => {
      const v = await vehiculo();
      const res = await t.app.inject({
        url: `/api/v1/posiciones?id=${v.dispositivo}&timestamp=${segundos(reloj)}&lat=-40.762100&lon=-71.644900&speed=10.0&bearing=271.5&altitude=802.4&accuracy=6.0&batt=87.0`,
        headers: { 'user-agent': 'Dalvik/2.1.0 (Linux; U; Android 14; SM-A546E Build/UP1A.231005.007)', accept: '*/*' },
        remoteAddress: ip(),
      });
      expect(res.statusCode, res.body).toBe(200);
      expect(res.body).toBe('');
      expect(res.headers['cache-control']).toBe('no-store');
      expect(await guardadas(v.id)).toEqual([
        expect.objectContaining({
          latitud: -40.7621,
          longitud: -71.6449,
          velocidadKmh: 18.52,
          rumbo: 271.5,
          bateria: 87,
          horaDispositivo: reloj,
          publica: true,
        }),
      ]);
    });

    it('por POST: parámetros en la dirección sin cuerpo, en un formulario, y en un cuerpo de cualquier tipo', async () => {
      const v = await vehiculo();
      const hora = (s: number) => `&timestamp=${segundos(reloj) - s}`;
      const base = `id=${v.dispositivo}&lat=${CALLE.lat}&lon=${CALLE.lon}`;
      const respuestas = [
        await t.app.inject({ method: 'POST', url: `/api/v1/posiciones?${base}${hora(4)}`, remoteAddress: ip() }),
        await t.app.inject({ method: 'POST', url: '/api/v1/posiciones', headers: FORM, payload: `${base}${hora(3)}`, remoteAddress: ip() }),
        await t.app.inject({
          method: 'POST',
          url: '/api/v1/posiciones',
          headers: { 'content-type': 'text/plain' },
          payload: `${base}${hora(2)}`,
          remoteAddress: ip(),
        }),
        // The query string wins over the body, as in Traccar.
        await t.app.inject({ method: 'POST', url: `/api/v1/posiciones?${base}${hora(1)}`, headers: FORM, payload: 'id=otro', remoteAddress: ip() }),
      ];
      expect(respuestas.map((r) => r.statusCode)).toEqual([200, 200, 200, 200]);
      expect(await guardadas(v.id)).toHaveLength(4);
    });

    it('el JSON de Traccar Client 9, exactamente como lo manda: 200; m/s y batería 0..1 a km/h y porcentaje', async () => {
      const v = await vehiculo();
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/v1/posiciones',
        headers: { ...JSON_CT, 'user-agent': 'TraccarClient/9.4 (Android)' },
        payload: traccarClient(v.dispositivo),
        remoteAddress: ip(),
      });
      expect(res.statusCode, res.body).toBe(200);
      expect(res.body).toBe('');
      expect(await guardadas(v.id)).toEqual([expect.objectContaining({ velocidadKmh: 18, rumbo: 63, precisionM: 4.9, bateria: 79, altitud: 802 })]);
    });

    it('el reenvío JSON de un servidor Traccar: 200', async () => {
      const v = await vehiculo();
      const payload = {
        position: {
          id: 1,
          deviceId: 10,
          protocol: 'osmand',
          fixTime: reloj.toISOString(),
          valid: true,
          latitude: CALLE.lat,
          longitude: CALLE.lon,
          speed: 5,
          course: 10,
          accuracy: 0,
          attributes: { batteryLevel: 40 },
        },
        device: { id: 10, name: v.alias, uniqueId: v.dispositivo, status: 'online' },
      };
      const res = await t.app.inject({ method: 'POST', url: '/api/v1/posiciones', payload, remoteAddress: ip() });
      expect(res.statusCode, res.body).toBe(200);
      expect(await guardadas(v.id)).toEqual([expect.objectContaining({ velocidadKmh: 9.26, rumbo: 10, bateria: 40, precisionM: null })]);
    });

    it('datos inválidos u hostiles: 400 (o 413) en castellano, nunca un 5xx, y nada guardado', async () => {
      const v = await vehiculo();
      const casos: { nombre: string; pedido: InjectOptions; estado: number; mensaje: RegExp }[] = [
        { nombre: 'latitud imposible', pedido: { url: `/api/v1/posiciones?${osmand(v.dispositivo, { lat: -95 })}` }, estado: 400, mensaje: /latitud/ },
        { nombre: 'NaN', pedido: { url: `/api/v1/posiciones?${osmand(v.dispositivo, { lat: 'NaN' })}` }, estado: 400, mensaje: /número/ },
        {
          nombre: 'hora ilegible',
          pedido: { url: `/api/v1/posiciones?id=${v.dispositivo}&lat=-40.76&lon=-71.64&timestamp=ayer` },
          estado: 400,
          mensaje: /fecha y hora/,
        },
        { nombre: 'sin nada', pedido: { url: '/api/v1/posiciones' }, estado: 400, mensaje: /identificador/ },
        { nombre: 'byte nulo en la dirección', pedido: { url: `/api/v1/posiciones?${osmand(v.dispositivo)}%00` }, estado: 400, mensaje: /control/ },
        { nombre: 'UTF-8 inválido en la dirección', pedido: { url: `/api/v1/posiciones?${osmand(v.dispositivo)}&x=%C3%28` }, estado: 400, mensaje: /UTF-8/ },
        {
          nombre: 'byte nulo en el JSON',
          pedido: { method: 'POST', url: '/api/v1/posiciones', headers: JSON_CT, payload: traccarClient(`${v.dispositivo}\u0000`) },
          estado: 400,
          mensaje: /control/,
        },
        {
          nombre: 'JSON roto',
          pedido: { method: 'POST', url: '/api/v1/posiciones', headers: JSON_CT, payload: '{"device_id": "x", "location": {' },
          estado: 400,
          mensaje: /JSON/,
        },
        { nombre: 'JSON vacío', pedido: { method: 'POST', url: '/api/v1/posiciones', headers: JSON_CT, payload: '' }, estado: 400, mensaje: /vacío/ },
        { nombre: 'JSON de otra cosa', pedido: { method: 'POST', url: '/api/v1/posiciones', payload: { nombre: 'Lucía' } }, estado: 400, mensaje: /Traccar/ },
        {
          nombre: 'una lista',
          pedido: { method: 'POST', url: '/api/v1/posiciones', headers: JSON_CT, payload: `[${traccarClient(v.dispositivo)}]` },
          estado: 400,
          mensaje: /una posición por solicitud/,
        },
        {
          nombre: 'JSON anidado sin fin',
          pedido: { method: 'POST', url: '/api/v1/posiciones', headers: JSON_CT, payload: `${'['.repeat(5000)}${']'.repeat(5000)}` },
          estado: 400,
          mensaje: /./,
        },
        {
          nombre: '__proto__',
          pedido: { method: 'POST', url: '/api/v1/posiciones', headers: JSON_CT, payload: '{"__proto__": {"x": 1}, "device_id": "x"}' },
          estado: 400,
          mensaje: /JSON/,
        },
        {
          nombre: 'XML',
          pedido: { method: 'POST', url: '/api/v1/posiciones', headers: { 'content-type': 'application/xml' }, payload: '<posicion lat="1"/>' },
          estado: 400,
          mensaje: /identificador/,
        },
        {
          nombre: 'binario',
          pedido: {
            method: 'POST',
            url: '/api/v1/posiciones',
            headers: { 'content-type': 'application/octet-stream' },
            payload: Buffer.from([0xff, 0xfe, 0x00, 0x01]),
          },
          estado: 400,
          mensaje: /UTF-8|control/,
        },
        {
          nombre: 'multipart',
          pedido: {
            method: 'POST',
            url: '/api/v1/posiciones',
            headers: { 'content-type': 'multipart/form-data; boundary=x' },
            payload: '--x\r\nContent-Disposition: form-data; name="id"\r\n\r\nx\r\n--x--\r\n',
          },
          estado: 400,
          mensaje: /./,
        },
        {
          nombre: 'cuerpo gigante',
          pedido: { method: 'POST', url: '/api/v1/posiciones', headers: FORM, payload: `${osmand(v.dispositivo)}&relleno=${'x'.repeat(40_000)}` },
          estado: 413,
          mensaje: /supera el máximo de 16 KB/,
        },
        {
          nombre: 'JSON gigante',
          pedido: { method: 'POST', url: '/api/v1/posiciones', headers: JSON_CT, payload: JSON.stringify({ device_id: 'x', relleno: 'x'.repeat(40_000) }) },
          estado: 413,
          mensaje: /supera el máximo/,
        },
      ];
      for (const { nombre, pedido, estado, mensaje } of casos) {
        const res = await t.app.inject({ remoteAddress: ip(), ...pedido });
        expect(res.statusCode, `${nombre}: ${res.body}`).toBe(estado);
        expect((res.json() as { error: string }).error, nombre).toMatch(mensaje);
      }
      expect(await guardadas(v.id)).toEqual([]);
      // HEAD would be a GET without its body: it stores nothing and is not allowed.
      const head = await t.app.inject({ method: 'HEAD', url: `/api/v1/posiciones?${osmand(v.dispositivo)}` });
      expect(head.statusCode).toBe(405);
      expect(head.headers.allow).toBe('GET, POST');
      expect(await guardadas(v.id)).toEqual([]);
    });

    it('un dispositivo desconocido o de un vehículo inactivo: 404, como responde Traccar; el log no lo nombra', async () => {
      const inactivo = await vehiculo({ activo: false });
      const desconocido = await t.app.inject({ url: `/api/v1/posiciones?${osmand('secreto-que-no-existe-42')}`, remoteAddress: ip() });
      expect(desconocido.statusCode).toBe(404);
      expect(desconocido.json()).toEqual({ error: expect.stringMatching(/Ningún vehículo activo tiene ese identificador/) });
      const json = await t.app.inject({
        method: 'POST',
        url: '/api/v1/posiciones',
        headers: JSON_CT,
        payload: traccarClient(inactivo.dispositivo),
        remoteAddress: ip(),
      });
      expect(json.statusCode).toBe(404);
      expect(await guardadas(inactivo.id)).toEqual([]);
      const log = JSON.stringify(t.logs);
      expect(log).not.toContain('secreto-que-no-existe-42');
      expect(log).not.toContain(inactivo.dispositivo);
      expect(log).not.toContain(String(CALLE.lat));
    });

    it('más de una por segundo por dispositivo: 429 con Retry-After, y nada guardado de más', async () => {
      const v = await vehiculo();
      const direccion = ip();
      const estados: number[] = [];
      for (let i = 0; i <= RAFAGA_POR_DISPOSITIVO; i++) {
        const res = await t.app.inject({
          url: `/api/v1/posiciones?${osmand(v.dispositivo, { timestamp: segundos(reloj) - 100 + i })}`,
          remoteAddress: direccion,
        });
        estados.push(res.statusCode);
        if (res.statusCode === 429) {
          expect(res.headers['retry-after']).toBe('1');
          expect((res.json() as { error: string }).error).toMatch(/una por segundo/);
        }
      }
      expect(estados).toEqual([...Array<number>(RAFAGA_POR_DISPOSITIVO).fill(200), 429]);
      expect(await guardadas(v.id)).toHaveLength(RAFAGA_POR_DISPOSITIVO);
      reloj = new Date(reloj.getTime() + 1_000);
      expect((await t.app.inject({ url: `/api/v1/posiciones?${osmand(v.dispositivo)}`, remoteAddress: direccion })).statusCode).toBe(200);
    });
  });

  describe('GET /api/v1/vehiculos', () => {
    it('cada vehículo activo con su última posición pública de los últimos 15 minutos, con la forma del spec y más', async () => {
      reloj = new Date(INICIO.getTime() + 3_600_000);
      await t.database.db.delete(posicionesVehiculo);
      const hace = (min: number) => new Date(reloj.getTime() - min * 60_000);
      const reciente = await vehiculo({ alias: 'Motoniveladora 3', icono: 'motoniveladora', servicio: 'vialidad' });
      const viejo = await vehiculo({ alias: 'Camión viejo' });
      const enElDeposito = await vehiculo({ alias: 'En el depósito' });
      const inactivo = await vehiculo({ alias: 'Inactivo', activo: false });
      const fila = (vehiculoId: number, min: number, publica = true) => ({
        vehiculoId,
        latitud: -40.76,
        longitud: -71.64,
        velocidadKmh: 12.5,
        rumbo: 180,
        horaDispositivo: hace(min),
        publica,
      });
      await t.database.db
        .insert(posicionesVehiculo)
        .values([
          fila(reciente.id, 10),
          fila(reciente.id, 3),
          fila(reciente.id, 1, false),
          fila(viejo.id, 20),
          fila(enElDeposito.id, 2, false),
          fila(inactivo.id, 1),
        ]);
      const res = await t.app.inject({ url: '/api/v1/vehiculos' });
      expect(res.statusCode).toBe(200);
      expect(res.headers['cache-control']).toBe('public, max-age=5');
      expect(res.json()).toEqual([
        {
          id: reciente.id,
          latitud: -40.76,
          longitud: -71.64,
          alias: 'Motoniveladora 3',
          icono: 'motoniveladora',
          servicio: 'vialidad',
          velocidadKmh: 12.5,
          rumbo: 180,
          vistoEn: hace(3).toISOString(),
        },
      ]);
    });
  });

  describe('GET /api/v1/vehiculos/stream', () => {
    let base: string;
    beforeAll(async () => {
      base = await escuchar(t);
    });

    it('una instantánea al conectarse y después cada posición pública nueva; nunca una privada', async () => {
      reloj = new Date(INICIO.getTime() + 2 * 3_600_000);
      const v = await vehiculo({ alias: 'Recolector en vivo' });
      const stream = await abrirStream(`${base}/api/v1/vehiculos/stream`);
      try {
        expect(stream.res.status).toBe(200);
        expect(stream.res.headers.get('content-type')).toBe('text/event-stream; charset=utf-8');
        expect(stream.res.headers.get('cache-control')).toBe('no-cache, no-transform');
        expect(stream.res.headers.get('content-encoding')).toBeNull();
        const primero = await stream.siguiente();
        expect(stream.leidos.retry).toBe(5000);
        expect(primero).toEqual({ evento: 'instantanea', datos: expect.any(Array) });

        // In the depot: stored, heard by this instance, never sent.
        const privada = await t.app.inject({ url: `/api/v1/posiciones?id=${v.dispositivo}&lat=-40.7668&lon=-71.6325&timestamp=${segundos(reloj) - 10}` });
        expect(privada.statusCode).toBe(200);
        const [filaPrivada] = await guardadas(v.id);
        expect(filaPrivada!.publica).toBe(false);
        await t.app.vehiculosEnVivo.oida(filaPrivada!.id);
        const publica = await t.app.inject({ method: 'POST', url: '/api/v1/posiciones', headers: JSON_CT, payload: traccarClient(v.dispositivo) });
        expect(publica.statusCode).toBe(200);
        expect(await stream.siguiente()).toEqual({
          evento: 'posicion',
          datos: {
            id: (await t.database.db.select({ id: vehiculos.id }).from(vehiculos).where(eq(vehiculos.dispositivo, v.dispositivo)))[0]!.id,
            alias: 'Recolector en vivo',
            icono: 'recolector',
            servicio: 'recoleccion',
            latitud: CALLE.lat,
            longitud: CALLE.lon,
            velocidadKmh: 18,
            rumbo: 63,
            vistoEn: reloj.toISOString(),
          },
        });
        // An older position of the same vehicle (a buffered one) does not move it back.
        await t.app.inject({ url: `/api/v1/posiciones?${osmand(v.dispositivo, { timestamp: segundos(reloj) - 5 })}` });
        reloj = new Date(reloj.getTime() + 1_000);
        await t.app.inject({ url: `/api/v1/posiciones?${osmand(v.dispositivo, { lat: -40.75 })}` });
        const siguiente = (await stream.siguiente()) as { datos: { latitud: number; vistoEn: string } };
        expect(siguiente.datos).toMatchObject({ latitud: -40.75, vistoEn: reloj.toISOString() });
      } finally {
        stream.cerrar();
      }
    });

    it('un cliente que se va se limpia; hay un máximo por dirección (429) y uno total (503), en castellano', async () => {
      await expect.poll(() => t.app.vehiculosEnVivo.abiertas()).toBe(0);
      const otro = await createTestApp(engine, { sameDatabaseAs: t, clock, env: { MAX_STREAMS: '3', MAX_STREAMS_PER_IP: '2' } });
      try {
        const url = `${await escuchar(otro)}/api/v1/vehiculos/stream`;
        const a = await abrirStream(url);
        const b = await abrirStream(url);
        await a.siguiente();
        await b.siguiente();
        expect(otro.app.vehiculosEnVivo.abiertas()).toBe(2);
        const tercero = await fetch(url);
        expect(tercero.status).toBe(429);
        expect(await tercero.json()).toEqual({ error: expect.stringMatching(/demasiados mapas en vivo abiertos desde tu dirección \(hasta 2\)/) });
        // From another address (inject), the third fits and the fourth finds the site full.
        const control = new AbortController();
        const desdeOtra = await otro.app.inject({ url: '/api/v1/vehiculos/stream', remoteAddress: '10.9.9.9', payloadAsStream: true, signal: control.signal });
        expect(desdeOtra.statusCode).toBe(200);
        const lleno = await otro.app.inject({ url: '/api/v1/vehiculos/stream', remoteAddress: '10.9.9.10' });
        expect(lleno.statusCode).toBe(503);
        expect(lleno.headers['retry-after']).toBe('30');
        expect(lleno.json()).toEqual({ error: expect.stringMatching(/demasiadas conexiones abiertas/) });
        // The browser that leaves frees its place.
        a.cerrar();
        await expect.poll(() => otro.app.vehiculosEnVivo.abiertas()).toBe(2);
        const de_nuevo = await abrirStream(url);
        expect(de_nuevo.res.status).toBe(200);
        b.cerrar();
        de_nuevo.cerrar();
        control.abort();
      } finally {
        await otro.close();
      }
      expect(otro.app.vehiculosEnVivo.abiertas()).toBe(0);
    });

    it('al cerrar la aplicación cada stream recibe el aviso de reconectar y termina, y el cierre no espera por ellos', async () => {
      const otro = await createTestApp(engine, { sameDatabaseAs: t, clock });
      const url = `${await escuchar(otro)}/api/v1/vehiculos/stream`;
      const streams = [await abrirStream(url), await abrirStream(url)];
      for (const s of streams) await s.siguiente();
      const inicio = performance.now();
      await otro.close();
      expect(performance.now() - inicio).toBeLessThan(2_000);
      for (const s of streams) {
        // The page's EventSource reconnects, reaching the other instance (docs/decisions/028-cierre-ordenado.md).
        expect(await s.hastaElFin()).toEqual([{ evento: 'reconectar', datos: {} }]);
        expect(s.terminado()).toBe(true);
      }
    });

    it.runIf(engine === 'postgresql')('si se pierde la conexión que escucha, al recuperarla cada stream recibe una instantánea nueva', async () => {
      const stream = await abrirStream(`${base}/api/v1/vehiculos/stream`);
      try {
        expect((await stream.siguiente())?.evento).toBe('instantanea');
        await t.database.db.execute(
          sql`select pg_terminate_backend(pid) from pg_stat_activity where datname = current_database() and application_name = 'vla-listen-posiciones_vehiculo'`,
        );
        expect((await stream.siguiente())?.evento).toBe('instantanea');
      } finally {
        stream.cerrar();
      }
    });

    it('dos instancias sobre la misma base: la posición que llega a una sale por el stream de la otra', async () => {
      const otra = await createTestApp(engine, { sameDatabaseAs: t, clock });
      try {
        const v = await vehiculo({ alias: 'Pala de la otra instancia', icono: 'pala_cargadora', servicio: 'vialidad' });
        const stream = await abrirStream(`${await escuchar(otra)}/api/v1/vehiculos/stream`);
        try {
          await stream.siguiente();
          reloj = new Date(reloj.getTime() + 1_000);
          const res = await t.app.inject({ method: 'POST', url: '/api/v1/posiciones', headers: JSON_CT, payload: traccarClient(v.dispositivo) });
          expect(res.statusCode).toBe(200);
          expect(await stream.siguiente()).toMatchObject({ evento: 'posicion', datos: { alias: 'Pala de la otra instancia', vistoEn: reloj.toISOString() } });
        } finally {
          stream.cerrar();
        }
      } finally {
        await otra.close();
      }
    });
  });

  it('INGEST_PORT: la raíz de su propio puerto recibe OsmAnd y JSON; nada más del sitio se alcanza por él', async () => {
    const otro = await createTestApp(engine, { sameDatabaseAs: t, clock, env: { INGEST_PORT: '0' } });
    try {
      const puerto = await otro.app.ingest!.listen('127.0.0.1');
      const v = await vehiculo();
      reloj = new Date(reloj.getTime() + 1_000);
      const get = await fetch(`http://127.0.0.1:${puerto}/?${osmand(v.dispositivo)}`);
      expect(get.status).toBe(200);
      expect(await get.text()).toBe('');
      reloj = new Date(reloj.getTime() + 1_000);
      const post = await fetch(`http://127.0.0.1:${puerto}/`, { method: 'POST', headers: JSON_CT, body: traccarClient(v.dispositivo) });
      expect(post.status).toBe(200);
      expect(await guardadas(v.id)).toHaveLength(2);
      expect((await fetch(`http://127.0.0.1:${puerto}/?id=no-existe&lat=-40.7&lon=-71.6&timestamp=${segundos(reloj)}`)).status).toBe(404);
      expect((await fetch(`http://127.0.0.1:${puerto}/?id=${v.dispositivo}&lat=NaN`)).status).toBe(400);
      for (const ruta of ['/api/v1/vehiculos', '/home', '/admin']) {
        const res = await fetch(`http://127.0.0.1:${puerto}${ruta}`);
        expect(res.status, ruta).toBe(404);
        expect(await res.json()).toEqual({ error: expect.stringMatching(/sólo se reciben posiciones/) });
      }
    } finally {
      await otro.close();
    }
  });
});

describe.each(engines)('el simulador de la flota de demostración (%s)', (engine) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(engine, { env: { SIMULADOR_VEHICULOS: 'true', SIMULADOR_INTERVALO_MS: '1000' } });
  });
  afterAll(() => t?.close());

  const nuevas = async (desde: Date) =>
    new Set(
      (
        await t.database.db
          .select({ dispositivo: vehiculos.dispositivo })
          .from(posicionesVehiculo)
          .innerJoin(vehiculos, eq(vehiculos.id, posicionesVehiculo.vehiculoId))
          .where(and(gt(posicionesVehiculo.recibidaEn, desde)))
      ).map((f) => f.dispositivo),
    );

  it('reporta cada vehículo de la demo por HTTP a la ingesta del propio sitio, y sólo mientras escucha', async () => {
    const desde = new Date();
    // Its first run comes a second after start: without an address to report to, it stores nothing (a pause that checks nothing happens).
    await new Promise((resolve) => setTimeout(resolve, 1_500));
    expect(await nuevas(desde)).toEqual(new Set());
    const base = await escuchar(t);
    const stream = await abrirStream(`${base}/api/v1/vehiculos/stream`);
    try {
      await stream.siguiente();
      const vistos = new Set<string>();
      while (vistos.size < VEHICULOS_DEMO.length) {
        const e = (await stream.siguiente()) as { evento: string; datos: { alias: string } };
        expect(e.evento).toBe('posicion');
        vistos.add(e.datos.alias);
      }
      expect([...vistos].sort()).toEqual(VEHICULOS_DEMO.map((v) => v.alias).sort());
      expect(await nuevas(desde)).toEqual(new Set(VEHICULOS_DEMO.map((v) => v.dispositivo)));
    } finally {
      stream.cerrar();
    }
  });
});
