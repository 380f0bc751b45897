import { asc, sql } from 'drizzle-orm';
import { type Db, queryRows, withoutBlocking } from '#db/client.ts';
import { vehiculos } from '#db/schema/index.ts';
import type { AppContext } from '#domain/shared/context.ts';
import { consumeLimits, limitCounts } from '#domain/shared/limits.ts';
import { getSiteSettingsForPages } from '#domain/sitio/settings.ts';
import type { PosicionRecibida, ReporteSinPosicion } from './ingesta.ts';
import { esPublica } from './privacidad.ts';

/**
 * The rate of reports one device may send (docs/decisions/015-seguimiento-de-vehiculos.md): one a
 * second on average, with a burst of RAFAGA_POR_DISPOSITIVO (a phone that was offline sends what
 * it buffered as fast as it can; the rest waits for its 429 to pass). A GCRA kept in the vehicle's
 * row (`proximo_reporte`), read and written under that row's lock: exact across instances.
 */
export const INTERVALO_POR_DISPOSITIVO_MS = 1_000;
export const RAFAGA_POR_DISPOSITIVO = 20;

/**
 * Unknown or deactivated identifiers one address may try (its /64 for IPv6) in 10 minutes: the
 * device identifier is the only credential of a tracker, and this bounds guessing it. Only
 * failures count, so a fleet behind one address is never slowed by its own reports.
 */
export const DESCONOCIDOS_POR_DIRECCION = { max: 30, windowSeconds: 600 };

export type ResultadoRegistro =
  /** Stored, and announced at commit. */
  | { tipo: 'registrada'; id: number; vehiculoId: number; publica: boolean }
  /** The same vehicle already has a position at that time (a retry): acknowledged, not stored twice. */
  | { tipo: 'repetida'; vehiculoId: number }
  /** A report of an active vehicle with no position to store (no fix, cell only, too old): acknowledged. */
  | { tipo: 'sin_posicion'; vehiculoId: number }
  /** No active vehicle has this device: a tracker gets 404, as from Traccar. */
  | { tipo: 'desconocido' }
  | { tipo: 'limite'; reintentarEnSegundos: number; mensaje: string };

/** A position to store, with the client's address as limits key it (to bound guesses of device identifiers). */
export type PosicionARegistrar = {
  /** A position, or a report that names its device and has none to store (`readPosicion`). */
  posicion: PosicionRecibida | ReporteSinPosicion;
  direccion?: string;
  /** When it arrived (the context's clock by default): the rate limit and `recibida_en` count from it. */
  llegada?: Date;
};

const LIMITE_DIRECCION: ResultadoRegistro = {
  tipo: 'limite',
  reintentarEnSegundos: DESCONOCIDOS_POR_DIRECCION.windowSeconds,
  mensaje: 'Llegaron demasiados identificadores de dispositivo desconocidos desde tu dirección. Revisá el identificador configurado y probá más tarde.',
};
const MENSAJE_LIMITE_DISPOSITIVO = 'El dispositivo mandó demasiadas posiciones seguidas: se acepta una por segundo. Probá de nuevo en unos segundos.';

/**
 * Stores positions devices reported, in one transaction with a few set-based statements
 * whatever their number (docs/decisions/015-seguimiento-de-vehiculos.md, «Escritura por lotes»);
 * answers each one's result, in order. Each is decided as if it had come alone, in the order given:
 * an address that tried too many unknown identifiers is refused (`limitCounts`, locked); a device
 * of no active vehicle is `desconocido` and counts for its address; a device past its rate gets
 * `limite` (the GCRA in `proximo_reporte`, its vehicle's row locked, in the order of ids so that
 * two instances never wait for each other in a circle); a position its vehicle already has at that
 * time, stored earlier or earlier in this batch, is `repetida`; the rest are stored, public or not
 * as the depot and service hours of the settings say (`esPublica`, from where and when it was
 * taken). The trigger of migration 0012 announces every stored one on POSICIONES_VEHICULO_CHANNEL
 * at commit. If anything fails, the whole transaction does: nothing is stored, nothing counted.
 */
export async function registrarPosiciones(
  ctx: Pick<AppContext, 'db' | 'clock' | 'cipher'>,
  entradas: readonly PosicionARegistrar[],
): Promise<ResultadoRegistro[]> {
  if (entradas.length === 0) return [];
  const ajustes = (await getSiteSettingsForPages(ctx.db)).vehiculos;
  const ahora = ctx.clock.now();
  const lote = entradas.map((e) => ({
    ...e,
    llegada: e.llegada ?? ahora,
    publica: 'sinPosicion' in e.posicion ? false : esPublica(e.posicion, ajustes),
    claveDireccion: e.direccion === undefined ? undefined : ctx.cipher.hash('limite-ingesta-desconocidos', e.direccion),
  }));

  // The batch's few statements need no answer from this thread in between that cannot wait: on
  // PGlite they do not block it, so the server keeps reading reports while the batch is written
  // (docs/decisions/015-seguimiento-de-vehiculos.md, «Escritura por lotes»).
  return withoutBlocking(() =>
    ctx.db.transaction(async (transaccion) => {
      const tx = transaccion as unknown as Db;
      const claves = lote.flatMap((e) => (e.claveDireccion === undefined ? [] : [e.claveDireccion]));
      const cuentas = await limitCounts(tx, claves, DESCONOCIDOS_POR_DIRECCION);
      const dispositivos = [...new Set(lote.map((e) => e.posicion.dispositivo))];
      const filas = await tx
        .select({ id: vehiculos.id, dispositivo: vehiculos.dispositivo, activo: vehiculos.activo, proximoReporte: vehiculos.proximoReporte })
        .from(vehiculos)
        // One parameter for the batch's identifiers, however many (hundreds of parameters cost more).
        .where(sql`${vehiculos.dispositivo} in (select jsonb_array_elements_text(${JSON.stringify(dispositivos)}::jsonb))`)
        .orderBy(asc(vehiculos.id))
        .for('update');
      const porDispositivo = new Map(filas.map((v) => [v.dispositivo, { ...v, proximo: v.proximoReporte?.getTime() }]));

      const resultados: ResultadoRegistro[] = [];
      const desconocidos = new Map<string, number>();
      const proximos = new Map<number, number>();
      const nuevas = new Map<string, number>();
      for (const [n, e] of lote.entries()) {
        const cuenta = e.claveDireccion === undefined ? 0 : (cuentas.get(e.claveDireccion) ?? 0);
        if (cuenta >= DESCONOCIDOS_POR_DIRECCION.max) {
          resultados.push(LIMITE_DIRECCION);
          continue;
        }
        const vehiculo = porDispositivo.get(e.posicion.dispositivo);
        if (!vehiculo || !vehiculo.activo) {
          if (e.claveDireccion !== undefined) {
            cuentas.set(e.claveDireccion, cuenta + 1);
            desconocidos.set(e.claveDireccion, (desconocidos.get(e.claveDireccion) ?? 0) + 1);
          }
          resultados.push({ tipo: 'desconocido' });
          continue;
        }
        const llegada = e.llegada.getTime();
        const previsto = Math.max(vehiculo.proximo ?? llegada, llegada);
        const adelanto = previsto - llegada - (RAFAGA_POR_DISPOSITIVO - 1) * INTERVALO_POR_DISPOSITIVO_MS;
        if (adelanto > 0) {
          resultados.push({ tipo: 'limite', reintentarEnSegundos: Math.max(1, Math.ceil(adelanto / 1000)), mensaje: MENSAJE_LIMITE_DISPOSITIVO });
          continue;
        }
        vehiculo.proximo = previsto + INTERVALO_POR_DISPOSITIVO_MS;
        proximos.set(vehiculo.id, vehiculo.proximo);
        if ('sinPosicion' in e.posicion) {
          resultados.push({ tipo: 'sin_posicion', vehiculoId: vehiculo.id });
          continue;
        }
        // `repetida` until the INSERT below stores it; a retry counts against the rate like any report.
        resultados.push({ tipo: 'repetida', vehiculoId: vehiculo.id });
        const clave = `${vehiculo.id} ${e.posicion.horaDispositivo.getTime()}`;
        if (!nuevas.has(clave)) nuevas.set(clave, n);
      }

      await consumeLimits(tx, desconocidos, DESCONOCIDOS_POR_DIRECCION);
      // Every report taken (stored or repeated) moved its vehicle's rate on; only those are written.
      if (proximos.size === 0) return resultados;
      const datosProximos = JSON.stringify([...proximos].map(([id, proximo]) => ({ id, proximo: new Date(proximo).toISOString() })));
      const datosNuevas = JSON.stringify(
        [...nuevas.values()].map((n) => {
          const { llegada, publica } = lote[n]!;
          // Only positions are in `nuevas`.
          const posicion = lote[n]!.posicion as PosicionRecibida;
          const { vehiculoId } = resultados[n] as { vehiculoId: number };
          return {
            n,
            vehiculo_id: vehiculoId,
            latitud: posicion.latitud,
            longitud: posicion.longitud,
            velocidad_kmh: posicion.velocidadKmh,
            rumbo: posicion.rumbo,
            altitud: posicion.altitud,
            precision_m: posicion.precisionM,
            bateria: posicion.bateria,
            hora_dispositivo: posicion.horaDispositivo.toISOString(),
            recibida_en: llegada.toISOString(),
            publica,
          };
        }),
      );
      // One statement writes the batch (each statement is a round trip, on PGlite one that holds the
      // server's thread): each vehicle's next report time, and one INSERT of the new positions in
      // order of arrival, from which the unique index of migration 0012 on (vehiculo_id,
      // hora_dispositivo) leaves out what another transaction stored first.
      const guardadas = await queryRows<{ n: number | string; id: number | string }>(
        tx,
        sql`with proximos as (
            update vehiculos set proximo_reporte = d.proximo
            from jsonb_to_recordset(${datosProximos}::jsonb) as d(id integer, proximo timestamptz)
            where vehiculos.id = d.id
          ), datos as (
            select * from jsonb_to_recordset(${datosNuevas}::jsonb) as d(
              n integer, vehiculo_id integer, latitud double precision, longitud double precision,
              velocidad_kmh double precision, rumbo double precision, altitud double precision,
              precision_m double precision, bateria double precision, hora_dispositivo timestamptz,
              recibida_en timestamptz, publica boolean)
          ), guardadas as (
            insert into posiciones_vehiculo
              (vehiculo_id, latitud, longitud, velocidad_kmh, rumbo, altitud, precision_m, bateria, hora_dispositivo, recibida_en, publica)
            select vehiculo_id, latitud, longitud, velocidad_kmh, rumbo, altitud, precision_m, bateria, hora_dispositivo, recibida_en, publica
            from datos order by n
            on conflict (vehiculo_id, hora_dispositivo) do nothing
            returning id, vehiculo_id, hora_dispositivo
          )
          select datos.n, guardadas.id from guardadas join datos using (vehiculo_id, hora_dispositivo)`,
      );
      for (const fila of guardadas) {
        const n = Number(fila.n);
        const { vehiculoId } = resultados[n] as { vehiculoId: number };
        resultados[n] = { tipo: 'registrada', id: Number(fila.id), vehiculoId, publica: lote[n]!.publica };
      }
      return resultados;
    }),
  );
}

/** One position alone: `registrarPosiciones` with a batch of one. */
export async function registrarPosicion(
  ctx: Pick<AppContext, 'db' | 'clock' | 'cipher'>,
  posicion: PosicionRecibida,
  opciones: { direccion?: string } = {},
): Promise<ResultadoRegistro> {
  const [resultado] = await registrarPosiciones(ctx, [{ posicion, ...opciones }]);
  return resultado!;
}
