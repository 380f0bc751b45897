/**
 * Business days and the answer deadline of a decree-copy request
 * (docs/decisions/011-plazos-y-feriados.md). Pure functions: the holidays come in as a set of dates
 * (every row of the `feriados` table, whatever its kind), the instants as Dates read in Argentina's
 * zone. Nothing here reads the database or the clock.
 */
import { type Fecha, diaDeLaSemana, fechaEnArgentina, sumarDias } from '#domain/shared/fechas.ts';
import { formatLongDateWithWeekday } from '#domain/shared/formato.ts';

/** The dates of every holiday that stops the count: inamovibles, trasladables, no laborables, puentes and local ones alike. */
export type Feriados = ReadonlySet<Fecha>;

/** Law 27.275 art. 11: the deadline may be extended once, by 15 more business days. */
export const DIAS_HABILES_PRORROGA = 15;

/** Statuses whose request is answered: they have no deadline. */
const ESTADOS_CERRADOS: ReadonlySet<string> = new Set(['enviada', 'rechazada']);

/** False for a closed request (enviada, rechazada): its deadline no longer runs. */
export function tienePlazo(estado: string): boolean {
  return !ESTADOS_CERRADOS.has(estado);
}

/** Neither Saturday, Sunday nor a holiday of any kind. */
export function esDiaHabil(fecha: Fecha, feriados: Feriados): boolean {
  const dia = diaDeLaSemana(fecha);
  return dia !== 0 && dia !== 6 && !feriados.has(fecha);
}

/** A count of business days the functions accept: a whole number from 1 to a year's worth. */
function validarDias(dias: number): void {
  if (!Number.isInteger(dias) || dias < 1 || dias > 366) throw new RangeError(`cantidad de días hábiles inválida: ${dias}`);
}

/** The `dias`-th business day after `desde` (`desde` itself is never counted). */
export function sumarDiasHabiles(desde: Fecha, dias: number, feriados: Feriados): Fecha {
  validarDias(dias);
  let fecha = desde;
  for (let contados = 0; contados < dias;) {
    fecha = sumarDias(fecha, 1);
    if (esDiaHabil(fecha, feriados)) contados++;
  }
  return fecha;
}

/** Business days after `desde` up to `hasta` included; 0 when `hasta` is not after `desde`. */
export function diasHabilesEntre(desde: Fecha, hasta: Fecha, feriados: Feriados): number {
  let n = 0;
  for (let fecha = sumarDias(desde, 1); fecha <= hasta; fecha = sumarDias(fecha, 1)) if (esDiaHabil(fecha, feriados)) n++;
  return n;
}

/**
 * The last day to answer a request: counting starts on the first business day after the day it
 * was received in Argentina (a request of Thursday 26 March 2026 counts from Friday 27), and the
 * due date is the `diasHabiles`-th business day, plus DIAS_HABILES_PRORROGA more once extended.
 */
export function vencimiento(recibidaEn: Date, plazo: { diasHabiles: number; prorrogada: boolean }, feriados: Feriados): Fecha {
  validarDias(plazo.diasHabiles);
  return sumarDiasHabiles(fechaEnArgentina(recibidaEn), plazo.diasHabiles + (plazo.prorrogada ? DIAS_HABILES_PRORROGA : 0), feriados);
}

/** The rules of the count, from the site settings (`plazos`). */
export type ReglasPlazo = {
  /** Business days to answer (15 by default, law 27.275 art. 11). */
  diasHabiles: number;
  /** A request is `por_vencer` when this many business days or fewer remain (3 by default). */
  diasPorVencer: number;
};

/** What the desk and the citizen see of an open request's deadline. */
export type EstadoPlazo = 'en_plazo' | 'por_vencer' | 'vencida';

export type PlazoSolicitud = {
  /** The last day to answer, 'AAAA-MM-DD'. */
  vence: Fecha;
  prorrogada: boolean;
  estado: EstadoPlazo;
  /** Business days after today up to the due date included: 0 on the due date itself and after it. */
  diasHabilesRestantes: number;
};

/** The facts of a request the deadline depends on (`recibidaEn` is the request's `created_at`). */
export type SolicitudConPlazo = { estado: string; recibidaEn: Date; prorrogadaEn: Date | null };

/**
 * The deadline of a request at the instant `ahora`: null once it is closed (enviada or rechazada);
 * `vencida` after the due date, `por_vencer` from `diasPorVencer` business days before it until the
 * due date itself, `en_plazo` before that.
 */
export function plazoSolicitud(solicitud: SolicitudConPlazo, reglas: ReglasPlazo, feriados: Feriados, ahora: Date): PlazoSolicitud | null {
  if (!tienePlazo(solicitud.estado)) return null;
  const prorrogada = solicitud.prorrogadaEn !== null;
  const vence = vencimiento(solicitud.recibidaEn, { diasHabiles: reglas.diasHabiles, prorrogada }, feriados);
  const hoy = fechaEnArgentina(ahora);
  const diasHabilesRestantes = diasHabilesEntre(hoy, vence, feriados);
  const estado: EstadoPlazo = hoy > vence ? 'vencida' : diasHabilesRestantes <= reglas.diasPorVencer ? 'por_vencer' : 'en_plazo';
  return { vence, prorrogada, estado, diasHabilesRestantes };
}

/** '2026-04-20' → 'lunes 20 de abril de 2026' (a calendar date: no zone shift). */
export function formatFechaPlazo(fecha: Fecha): string {
  return formatLongDateWithWeekday(fecha).replace(',', '');
}

export type ResultadoProrroga = { ok: true; vence: Fecha } | { ok: false; mensaje: string };

/**
 * Whether a request's deadline may be extended now, and the new due date if so. Law 27.275 art. 11
 * allows it once, for a reason given to the citizen before the deadline passes: a second
 * extension, one after the due date or one of a closed request is refused, saying why in Spanish.
 * The command that extends (the desk's) stores `prorrogada_en` and mails the reasons.
 */
export function verificarProrroga(solicitud: SolicitudConPlazo, reglas: ReglasPlazo, feriados: Feriados, ahora: Date): ResultadoProrroga {
  if (solicitud.prorrogadaEn !== null) {
    return {
      ok: false,
      mensaje: `El plazo de esta solicitud ya fue prorrogado el ${formatFechaPlazo(fechaEnArgentina(solicitud.prorrogadaEn))}: la ley 27.275 (art. 11) permite prorrogarlo una sola vez.`,
    };
  }
  const plazo = plazoSolicitud(solicitud, reglas, feriados, ahora);
  if (!plazo) return { ok: false, mensaje: 'La solicitud ya está cerrada (enviada o rechazada): no hay plazo que prorrogar.' };
  if (plazo.estado === 'vencida') {
    return {
      ok: false,
      mensaje: `El plazo venció el ${formatFechaPlazo(plazo.vence)}: la ley 27.275 (art. 11) pide comunicar la prórroga antes del vencimiento.`,
    };
  }
  return { ok: true, vence: vencimiento(solicitud.recibidaEn, { diasHabiles: reglas.diasHabiles, prorrogada: true }, feriados) };
}

/**
 * The last day a request may be received for its due date (`dias` business days, counted as
 * `vencimiento` counts them) to fall on or before `limite`: every request received that day or
 * before is due by `limite`, every one received after it is due later. The due date is never
 * stored, so this is how a list asks the database for the requests due by a date.
 */
export function ultimoDiaDeRecepcion(limite: Fecha, dias: number, feriados: Feriados): Fecha {
  validarDias(dias);
  for (let fecha = limite, contados = 0; ; fecha = sumarDias(fecha, -1)) {
    if (esDiaHabil(fecha, feriados) && ++contados === dias) return sumarDias(fecha, -1);
  }
}

/**
 * The latest due date of an open request that `plazoSolicitud` would class, at the instant
 * `ahora`, as `vencida` (the due date is before today) or as at least `por_vencer` (the overdue
 * ones too: `diasPorVencer` business days or fewer remain).
 */
export function vencimientoMaximo(clase: 'vencida' | 'por_vencer', reglas: ReglasPlazo, feriados: Feriados, ahora: Date): Fecha {
  const hoy = fechaEnArgentina(ahora);
  if (clase === 'vencida') return sumarDias(hoy, -1);
  // diasHabilesEntre(hoy, vence) <= diasPorVencer: the due date is before the next business day after those.
  return sumarDias(sumarDiasHabiles(hoy, reglas.diasPorVencer + 1, feriados), -1);
}
