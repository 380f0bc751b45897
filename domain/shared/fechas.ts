/**
 * Calendar dates of the town (Villa La Angostura keeps Argentina's one time zone, UTC-3 all year
 * since 2009): the day an instant falls on there, and arithmetic on such days. A calendar date is
 * 'AAAA-MM-DD' text, as PostgreSQL's `date` reads and writes it, so no time zone can shift it.
 */

import { ZONA_ARGENTINA } from './formato.ts';

/** A calendar date, 'AAAA-MM-DD'. */
export type Fecha = string;

// en-CA writes dates as AAAA-MM-DD.
const diaEnArgentina = new Intl.DateTimeFormat('en-CA', { timeZone: ZONA_ARGENTINA, year: 'numeric', month: '2-digit', day: '2-digit' });

/** The day an instant falls on in Argentina: 2026-03-27T02:30Z (23:30 of the 26th there) → '2026-03-26'. */
export function fechaEnArgentina(instante: Date): Fecha {
  return diaEnArgentina.format(instante);
}

const horaYMinuto = new Intl.DateTimeFormat('en-GB', { timeZone: ZONA_ARGENTINA, hour: '2-digit', minute: '2-digit', hourCycle: 'h23' });

/** Minutes since midnight in Argentina at `instante`. */
export function minutoDelDiaEnArgentina(instante: Date): number {
  const partes = horaYMinuto.formatToParts(instante);
  const valor = (tipo: string) => Number(partes.find((p) => p.type === tipo)?.value ?? 0);
  return valor('hour') * 60 + valor('minute');
}

const FORMATO_FECHA = /^(\d{4})-(\d{2})-(\d{2})$/;

/** True for a date that exists: '2026-02-29' does not. */
export function esFechaValida(texto: string): boolean {
  const partes = FORMATO_FECHA.exec(texto);
  if (!partes) return false;
  const [anio, mes, dia] = [Number(partes[1]), Number(partes[2]), Number(partes[3])];
  const d = new Date(Date.UTC(anio, mes - 1, dia));
  return d.getUTCFullYear() === anio && d.getUTCMonth() === mes - 1 && d.getUTCDate() === dia;
}

const DIA_MS = 86_400_000;
const aMs = (fecha: Fecha) => Date.parse(`${fecha}T00:00:00Z`);

/** The date `dias` days after (or before, when negative) `fecha`. */
export function sumarDias(fecha: Fecha, dias: number): Fecha {
  return new Date(aMs(fecha) + dias * DIA_MS).toISOString().slice(0, 10);
}

/** 0 Sunday … 6 Saturday, as Date.getDay. */
export function diaDeLaSemana(fecha: Fecha): number {
  return new Date(aMs(fecha)).getUTCDay();
}

const FORMATO_FECHA_Y_HORA = /^(\d{4}-\d{2}-\d{2})T(\d{2}):(\d{2})$/;

/**
 * The instant a date and time of Argentina names, as a `datetime-local` field sends it
 * ('2026-03-27T09:30'): undefined for anything else or a time that does not exist. The offset is
 * found, not assumed: the candidate at UTC-3 must fall on that day and minute there.
 */
export function instanteEnArgentina(texto: string): Date | undefined {
  const partes = FORMATO_FECHA_Y_HORA.exec(texto);
  if (!partes || !esFechaValida(partes[1]!)) return undefined;
  const [hora, minuto] = [Number(partes[2]), Number(partes[3])];
  if (hora > 23 || minuto > 59) return undefined;
  const instante = new Date(aMs(partes[1]!) + (hora * 60 + minuto + 180) * 60_000);
  return fechaEnArgentina(instante) === partes[1] && minutoDelDiaEnArgentina(instante) === hora * 60 + minuto ? instante : undefined;
}

/** An instant as a `datetime-local` field shows it in Argentina: '2026-03-27T09:30'. */
export function valorFechaYHora(instante: Date): string {
  const minutos = minutoDelDiaEnArgentina(instante);
  return `${fechaEnArgentina(instante)}T${String(Math.floor(minutos / 60)).padStart(2, '0')}:${String(minutos % 60).padStart(2, '0')}`;
}
