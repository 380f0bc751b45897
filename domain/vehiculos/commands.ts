import { eq, sql } from 'drizzle-orm';
import { type Db, queryRows } from '#db/client.ts';
import { vehiculos } from '#db/schema/index.ts';
import type { AppContext } from '#domain/shared/context.ts';
import { consumeLimit, limitReached } from '#domain/shared/limits.ts';
import { getSiteSettingsForPages } from '#domain/sitio/settings.ts';
import type { PosicionRecibida } from './ingesta.ts';
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
  /** No active vehicle has this device: a tracker gets 404, as from Traccar. */
  | { tipo: 'desconocido' }
  | { tipo: 'limite'; reintentarEnSegundos: number; mensaje: string };

/**
 * Stores a position a device reported (issue 13), when the device belongs to an active vehicle and
 * is within its rate; decides whether the public may see it (depot and service hours, settings of
 * the site) from where and when it was taken. The trigger of migration 0011 announces it on
 * POSICIONES_VEHICULO_CHANNEL when the transaction commits. `direccion`: the client's address as
 * limits key it, to bound guesses of device identifiers.
 */
export async function registrarPosicion(
  ctx: Pick<AppContext, 'db' | 'clock' | 'cipher'>,
  posicion: PosicionRecibida,
  opciones: { direccion?: string } = {},
): Promise<ResultadoRegistro> {
  const ahora = ctx.clock.now();
  const ajustes = (await getSiteSettingsForPages(ctx.db)).vehiculos;
  const publica = esPublica(posicion, ajustes);
  const claveDireccion = opciones.direccion === undefined ? undefined : ctx.cipher.hash('limite-ingesta-desconocidos', opciones.direccion);
  const limiteDireccion = (): ResultadoRegistro => ({
    tipo: 'limite',
    reintentarEnSegundos: DESCONOCIDOS_POR_DIRECCION.windowSeconds,
    mensaje: 'Llegaron demasiados identificadores de dispositivo desconocidos desde tu dirección. Revisá el identificador configurado y probá más tarde.',
  });

  return ctx.db.transaction(async (transaccion) => {
    const tx = transaccion as unknown as Db;
    if (claveDireccion && (await limitReached(tx, claveDireccion, DESCONOCIDOS_POR_DIRECCION))) return limiteDireccion();
    // The row lock orders the reports of one device, on every instance.
    const [vehiculo] = await tx
      .select({ id: vehiculos.id, activo: vehiculos.activo, proximoReporte: vehiculos.proximoReporte })
      .from(vehiculos)
      .where(eq(vehiculos.dispositivo, posicion.dispositivo))
      .for('update');
    if (!vehiculo || !vehiculo.activo) {
      if (claveDireccion && !(await consumeLimit(tx, claveDireccion, DESCONOCIDOS_POR_DIRECCION)).allowed) return limiteDireccion();
      return { tipo: 'desconocido' };
    }

    const previsto = Math.max(vehiculo.proximoReporte?.getTime() ?? ahora.getTime(), ahora.getTime());
    const adelanto = previsto - ahora.getTime() - (RAFAGA_POR_DISPOSITIVO - 1) * INTERVALO_POR_DISPOSITIVO_MS;
    if (adelanto > 0) {
      return {
        tipo: 'limite',
        reintentarEnSegundos: Math.max(1, Math.ceil(adelanto / 1000)),
        mensaje: 'El dispositivo mandó demasiadas posiciones seguidas: se acepta una por segundo. Probá de nuevo en unos segundos.',
      };
    }
    await tx
      .update(vehiculos)
      .set({ proximoReporte: new Date(previsto + INTERVALO_POR_DISPOSITIVO_MS) })
      .where(eq(vehiculos.id, vehiculo.id));

    const hora = posicion.horaDispositivo.toISOString();
    const [fila] = await queryRows<{ id: number | string }>(
      tx,
      sql`insert into posiciones_vehiculo
            (vehiculo_id, latitud, longitud, velocidad_kmh, rumbo, altitud, precision_m, bateria, hora_dispositivo, recibida_en, publica)
          select ${vehiculo.id}::integer, ${posicion.latitud}::double precision, ${posicion.longitud}::double precision,
                 ${posicion.velocidadKmh}::double precision, ${posicion.rumbo}::double precision, ${posicion.altitud}::double precision,
                 ${posicion.precisionM}::double precision, ${posicion.bateria}::double precision,
                 ${hora}::timestamptz, ${ahora.toISOString()}::timestamptz, ${publica}::boolean
          where not exists (select 1 from posiciones_vehiculo where vehiculo_id = ${vehiculo.id}::integer and hora_dispositivo = ${hora}::timestamptz)
          returning id`,
    );
    if (!fila) return { tipo: 'repetida', vehiculoId: vehiculo.id };
    return { tipo: 'registrada', id: Number(fila.id), vehiculoId: vehiculo.id, publica };
  });
}
