import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { Db } from '#db/client.ts';
import { datosDemo } from '#db/schema/index.ts';
import { NUDOS_A_KMH } from '#domain/vehiculos/ingesta.ts';
import { distanciaMetros } from '#domain/vehiculos/privacidad.ts';
import { RUTA_INGESTA } from '#server/api/vehiculos.ts';
import { scheduleJob } from '#server/scheduled-jobs.ts';
import { VEHICULOS_DEMO, posicionDemo } from './vehiculos.ts';

/**
 * The demo fleet's simulator (docs/decisions/015-seguimiento-de-vehiculos.md): every
 * `intervaloMs` each vehicle of VEHICULOS_DEMO reports where `posicionDemo` puts it, as a phone
 * running OsmAnd would, with a real HTTP GET to this same server's ingest: same guard, parser,
 * limits, command, trigger and live stream as any tracker. It runs only while the server listens
 * (an app tested through `inject` has no address to report to) and stops when it closes.
 *
 * `activo`: true or false as configured (SIMULADOR_VEHICULOS); undefined, on when this database
 * holds the demo fleet (the demo's seed recorded it in datos_demo), so `npm start` moves the map
 * and a real installation never sees made-up vehicles.
 */
export function scheduleSimulador(app: FastifyInstance, db: Db, opciones: { activo: boolean | undefined; intervaloMs: number }): void {
  if (opciones.activo === false) return;
  let habilitado: Promise<boolean> | undefined;
  let cerrando = false;
  /** Each vehicle's last answer: a failure is logged when it starts, not every few seconds. */
  const estados = new Map<string, number>();
  const demoCargada = async () => (await db.select({ nombre: datosDemo.nombre }).from(datosDemo).where(eq(datosDemo.nombre, 'vehiculos'))).length > 0;
  app.addHook('preClose', async () => {
    cerrando = true;
  });
  scheduleJob(app, {
    name: 'simulador de vehículos',
    firstAfterMs: Math.min(opciones.intervaloMs, 2_000),
    everyMs: opciones.intervaloMs,
    run: async () => {
      // Asked once; a failed question (the database down) is asked again on the next run.
      habilitado ??= demoCargada().then(
        (cargada) => {
          if (!cargada) app.log.warn({}, 'simulador de vehículos apagado: esta base no tiene la flota de demostración');
          return cargada;
        },
        (error: unknown) => {
          habilitado = undefined;
          throw error;
        },
      );
      if (!(await habilitado)) return;
      const direccion = app.server.address() as AddressInfo | string | null;
      if (!direccion || typeof direccion === 'string') return;
      const ahora = app.context.clock.now();
      for (const [indice, vehiculo] of VEHICULOS_DEMO.entries()) {
        if (cerrando) return;
        const estado = await reportar(direccion, vehiculo.dispositivo, indice, ahora, opciones.intervaloMs);
        if (estado !== 200 && estado !== estados.get(vehiculo.dispositivo) && !cerrando) {
          app.log.warn({ estado, vehiculo: vehiculo.alias }, 'el simulador de vehículos no pudo reportar una posición (se avisa otra vez si cambia)');
        }
        estados.set(vehiculo.dispositivo, estado);
      }
    },
  });
}

/** Degrees from north, from one point to the next. */
function rumbo(desde: [number, number], hasta: [number, number]): number {
  const rad = Math.PI / 180;
  const y = Math.sin((hasta[1] - desde[1]) * rad) * Math.cos(hasta[0] * rad);
  const x = Math.cos(desde[0] * rad) * Math.sin(hasta[0] * rad) - Math.sin(desde[0] * rad) * Math.cos(hasta[0] * rad) * Math.cos((hasta[1] - desde[1]) * rad);
  return (((Math.atan2(y, x) / rad) % 360) + 360) % 360;
}

/** One OsmAnd report of a demo vehicle; resolves with the status (0 when the request failed). */
function reportar(direccion: AddressInfo, dispositivo: string, indice: number, ahora: Date, intervaloMs: number): Promise<number> {
  const [lat, lon] = posicionDemo(indice, ahora);
  const antes = posicionDemo(indice, new Date(ahora.getTime() - intervaloMs));
  const metros = distanciaMetros({ latitud: antes[0], longitud: antes[1] }, { latitud: lat, longitud: lon });
  const nudos = ((metros / (intervaloMs / 1000)) * 3.6) / NUDOS_A_KMH;
  const parametros = new URLSearchParams({
    id: dispositivo,
    lat: lat.toFixed(6),
    lon: lon.toFixed(6),
    timestamp: String(Math.floor(ahora.getTime() / 1000)),
    speed: nudos.toFixed(1),
    bearing: rumbo(antes, [lat, lon]).toFixed(0),
    altitude: '790',
    accuracy: '8',
    batt: String(90 - indice * 7),
  });
  // The address it listens on; "any address" is reached through the loopback.
  const host = direccion.address === '0.0.0.0' ? '127.0.0.1' : direccion.address === '::' ? '::1' : direccion.address;
  return new Promise((resolve) => {
    const request = http.get({ host, port: direccion.port, path: `${RUTA_INGESTA}?${parametros}`, agent: false, timeout: 5_000 }, (response) => {
      response.resume();
      response.on('end', () => resolve(response.statusCode ?? 0));
      response.on('error', () => resolve(0));
    });
    request.on('timeout', () => request.destroy());
    request.on('error', () => resolve(0));
  });
}
