import type { PlazoSolicitud } from '#domain/plazos/calendario.ts';
import { type Fecha, ZONA_ARGENTINA } from '#domain/shared/fechas.ts';

/**
 * The desk's dates as its pages write them (issue 12), formatted on the server in the town's
 * zone: the pages hydrate, and text made here reads the same in the browser.
 */
const fechaHora = new Intl.DateTimeFormat('es-AR', {
  day: '2-digit',
  month: '2-digit',
  year: 'numeric',
  hour: '2-digit',
  minute: '2-digit',
  hourCycle: 'h23',
  timeZone: ZONA_ARGENTINA,
});
const dia = new Intl.DateTimeFormat('es-AR', { day: '2-digit', month: '2-digit', year: 'numeric', timeZone: 'UTC' });

/** An instant: '24/11/2026, 19:42' (Buenos Aires), with its ISO form for `<time dateTime>`. */
export const instante = (fecha: Date) => ({ iso: fecha.toISOString(), texto: fechaHora.format(fecha) });

/** A calendar date: '2026-04-20' → '20/04/2026'. */
export const diaCorto = (fecha: Fecha) => dia.format(new Date(`${fecha}T00:00:00Z`));

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
