import { sql } from 'drizzle-orm';
import type { Db } from '#db/client.ts';
import { queryRows } from '#db/client.ts';
import { registrarAuditoria } from '#domain/auditoria/commands.ts';
import type { Actor } from '#domain/shared/actor.ts';
import type { AppContext } from '#domain/shared/context.ts';
import { type FormInput, readForm } from '#domain/shared/form.ts';
import { puede } from '#domain/shared/permisos.ts';
import { z } from '#domain/shared/zod.ts';
import {
  RETENCION_POSICIONES_MAXIMA,
  RETENCION_POSICIONES_MINIMA,
  defaultSiteSettings,
  forgetSiteSettings,
  getSiteSettings,
  getSiteSettingsForPages,
  siteSettingsSchema,
  writeSiteSettings,
} from '#domain/sitio/settings.ts';

/**
 * How long positions are kept by default (docs/decisions/015-seguimiento-de-vehiculos.md,
 * «Retención»): the site setting `retencionPosicionesDias`, 8 days at least. The public map reads
 * the last `minutosRecientes`, a road machine's trail `horasRecorrido` (24 at most), «¿Cuándo
 * pasó?» this week, the coverage yesterday and today, which it keeps in its own table
 * (docs/architecture.md, «Cobertura y retención de posiciones»). A month leaves staff time to look
 * into a complaint about a route ("¿pasó el recolector el martes?") and keeps the table to about
 * ten million rows with a fleet of 20 reporting every 5 s, instead of growing for ever.
 */
export const RETENCION_POSICIONES_DIAS = defaultSiteSettings.retencionPosicionesDias;

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
 * Deletes the positions received more than the setting's days ago, in bounded batches;
 * answers how many. By `recibida_en`, which has its own index: a device time is never more than
 * 5 minutes later than it (domain/vehiculos/ingesta.ts), so every position deleted was also taken
 * more than the retention ago. Several instances may run it at once: each batch skips the rows
 * another one is deleting.
 */
export async function removePosicionesVencidas(ctx: Pick<AppContext, 'db' | 'clock'>, opciones: { lote?: number; maximoLotes?: number } = {}): Promise<number> {
  const lote = opciones.lote ?? LOTE_BORRADO_POSICIONES;
  const { retencionPosicionesDias } = await getSiteSettingsForPages(ctx.db);
  const limite = new Date(ctx.clock.now().getTime() - retencionPosicionesDias * DIA_MS).toISOString();
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

const MENSAJE_DIAS = `Escribí la cantidad de días como un número entero, entre ${RETENCION_POSICIONES_MINIMA} y ${RETENCION_POSICIONES_MAXIMA}.`;

/** The form's field: text of digits, then the setting's own bounds and messages. */
const retencionPosicionesSchema = z.object({
  dias: z
    .string({ error: MENSAJE_DIAS })
    .trim()
    .regex(/^\d{1,6}$/, { error: MENSAJE_DIAS })
    .transform(Number)
    .pipe(siteSettingsSchema.shape.retencionPosicionesDias),
});

export type ResultadoRetencionPosiciones =
  | { tipo: 'hecho'; antes: number; dias: number }
  | { tipo: 'invalido'; errores: { dias?: string }; valores: { dias?: string } }
  | { tipo: 'prohibido'; mensaje: string };

/**
 * Changes how many days of full positions are kept (the site setting `retencionPosicionesDias`),
 * for an administrator, audited (`vehiculo.retencion`) with the value before and after in the same
 * transaction. The next run of the retention job uses it; the coverage rows stay either way.
 */
export async function changeRetencionPosiciones(db: Db, actor: Actor, input: FormInput): Promise<ResultadoRetencionPosiciones> {
  if (!puede(actor, 'vehiculos')) return { tipo: 'prohibido', mensaje: 'Sólo un administrador puede cambiar cuánto tiempo se guardan las posiciones.' };
  const leido = readForm(retencionPosicionesSchema, input, { largo: 20 });
  if (!leido.ok) return { tipo: 'invalido', errores: leido.errores, valores: leido.valores };
  const { dias } = leido.datos;
  const antes = await db.transaction(async (tx) => {
    const t = tx as unknown as Db;
    const { retencionPosicionesDias: anterior } = await getSiteSettings(t);
    await writeSiteSettings(t, { retencionPosicionesDias: dias });
    await registrarAuditoria(t, {
      actor,
      accion: 'vehiculo.retencion',
      entidad: 'ajuste_sitio',
      entidadId: 'retencionPosicionesDias',
      antes: { dias: anterior },
      despues: { dias },
    });
    return anterior;
  });
  // Pages and jobs of this process read the new value at once (others on the content version's notice).
  forgetSiteSettings(db);
  return { tipo: 'hecho', antes, dias };
}
