import type { PlazoSolicitud } from '#domain/plazos/calendario.ts';
import type { Fecha } from '#domain/shared/fechas.ts';
import { formatCalendarDate, formatDateTime } from '#domain/shared/formato.ts';

/**
 * The desk's dates as its pages write them, formatted on the server in the town's
 * zone: the pages hydrate, and text made here reads the same in the browser.
 */

/** An instant: '24/11/2026, 19:42' (Buenos Aires), with its ISO form for `<time dateTime>`. */
export const instante = (fecha: Date) => ({ iso: fecha.toISOString(), texto: formatDateTime(fecha) });

/** A calendar date: '2026-04-20' → '20/04/2026'. */
export const diaCorto = (fecha: Fecha) => formatCalendarDate(fecha);

export type PlazoEnPagina = {
  vence: Fecha;
  venceTexto: string;
  estado: PlazoSolicitud['estado'];
  prorrogada: boolean;
  diasHabilesRestantes: number;
};

/** What a page shows of a request's deadline; null once it is closed. */
export function plazoEnPagina(plazo: PlazoSolicitud | null, formato: (fecha: Fecha) => string = diaCorto): PlazoEnPagina | null {
  return plazo && { ...plazo, venceTexto: formato(plazo.vence) };
}
