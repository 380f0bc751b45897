import { sql } from 'drizzle-orm';
import { queryRows } from '#db/client.ts';
import type { AppContext } from '#domain/shared/context.ts';

/**
 * How long positions are kept (docs/decisions/015-seguimiento-de-vehiculos.md,
 * «Retención»). Nothing shown reads further back than a day: the public map the last
 * `minutosRecientes`, a road machine's trail `horasRecorrido` (12 by default, 24 at most), the
 * panel each vehicle's last report. A month leaves staff time to look into a complaint about a
 * route ("¿pasó el recolector el martes?") and keeps the table to about ten million rows with a
 * fleet of 20 reporting every 5 s, instead of growing for ever.
 */
export const RETENCION_POSICIONES_DIAS = 30;

/**
 * Rows one statement deletes at most: each is a short transaction of its own (a few tens of
 * milliseconds), so the cleanup never holds locks or PGlite's thread for long, and reports and
 * pages go on between two of them.
 */
export const LOTE_BORRADO_POSICIONES = 5_000;

/** Statements one run makes at most (a million rows): what is left waits for the next run. */
const MAXIMO_LOTES_POR_CORRIDA = 200;

const DIA_MS = 24 * 3_600_000;

/**
 * Deletes the positions received more than RETENCION_POSICIONES_DIAS ago, in bounded batches;
 * answers how many. By `recibida_en`, which has its own index: a device time is never more than
 * 5 minutes later than it (domain/vehiculos/ingesta.ts), so every position deleted was also taken
 * more than the retention ago. Several instances may run it at once: each batch skips the rows
 * another one is deleting.
 */
export async function removePosicionesVencidas(ctx: Pick<AppContext, 'db' | 'clock'>, opciones: { lote?: number; maximoLotes?: number } = {}): Promise<number> {
  const lote = opciones.lote ?? LOTE_BORRADO_POSICIONES;
  const limite = new Date(ctx.clock.now().getTime() - RETENCION_POSICIONES_DIAS * DIA_MS).toISOString();
  let total = 0;
  for (let i = 0; i < (opciones.maximoLotes ?? MAXIMO_LOTES_POR_CORRIDA); i++) {
    const [fila] = await queryRows<{ n: number | string }>(
      ctx.db,
      sql`with borradas as (
            delete from posiciones_vehiculo where id in (
              select id from posiciones_vehiculo where recibida_en < ${limite}::timestamptz
              order by recibida_en limit ${lote} for update skip locked)
            returning 1)
          select count(*)::integer as n from borradas`,
    );
    const borradas = Number(fila?.n ?? 0);
    total += borradas;
    if (borradas < lote) break;
  }
  return total;
}
