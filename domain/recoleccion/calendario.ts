/*
 * The collection calendar (docs/decisions/056-mi-calle.md): a service's days from its RRULE, then
 * the holidays of the `feriados` table by the service's rule, then the zone's one-off changes. Pure:
 * the pages, the .ics files, the reminders and the coverage all compute it from the same rows.
 */
import rrulePkg from 'rrule';
import type { REGLAS_FERIADO, TIPOS_CAMBIO_RECOLECCION } from '#db/schema/recoleccion.ts';
import { esDiaHabil } from '#domain/plazos/calendario.ts';
import { type Fecha, sumarDias } from '#domain/shared/fechas.ts';
import { formatLongDateWithWeekday } from '#domain/shared/formato.ts';

const { rrulestr } = rrulePkg;

export type ReglaFeriado = (typeof REGLAS_FERIADO)[number];
export type TipoCambio = (typeof TIPOS_CAMBIO_RECOLECCION)[number];

/** What the calendar needs of a service. */
export type ServicioCalendario = {
  id: number;
  zonaId: number;
  nombre: string;
  regla: string;
  desde: Fecha;
  horaDesde: string | null;
  horaHasta: string | null;
  feriado: ReglaFeriado;
  guardia: string | null;
};

/** What the calendar needs of a one-off change; `servicioId` null: every service of the zone. */
export type CambioCalendario = {
  id: number;
  zonaId: number;
  servicioId: number | null;
  fecha: Fecha;
  tipo: TipoCambio;
  motivo: string;
  horaDesde: string | null;
  horaHasta: string | null;
};

/** Why a pass is on its day: the rule, a holiday moved it here, the holiday round, or an extra pass. */
export type ClasePasada = 'habitual' | 'trasladada' | 'guardia' | 'extra';

export type Pasada = {
  servicioId: number;
  fecha: Fecha;
  horaDesde: string | null;
  horaHasta: string | null;
  clase: ClasePasada;
  /** Said beside the day: the holiday that moved it, the round's name, the change's reason. */
  nota?: string;
  /** The day the rule gave, for a pass a holiday moved. */
  original?: Fecha;
  /** The one-off change behind it (an extra pass). */
  cambioId?: number;
};

/** A day the rule gave on which the service does not pass, and why. */
export type Suspension = { servicioId: number; fecha: Fecha; motivo: string; cambioId?: number };

export type Calendario = { pasadas: Pasada[]; suspensiones: Suspension[] };

/** The holidays by date, with their names (the `feriados` table). */
export type FeriadosConNombre = ReadonlyMap<Fecha, string>;

/** A date as RRULE's library reads it: noon UTC, so no time zone moves it to another day. */
const aInstante = (fecha: Fecha) => new Date(`${fecha}T12:00:00Z`);
const aFecha = (instante: Date) => instante.toISOString().slice(0, 10);

/**
 * `regla` as RRULE's library reads it: without the "RRULE:" prefix, in capitals (it fails on
 * lowercase), and a date-only UNTIL as the end of that day, since the days are read at noon and
 * RFC 5545 counts UNTIL in (a rule "until 20261231" passes on the 31st).
 */
function reglaParaRrule(regla: string): string {
  const limpia = regla
    .trim()
    .replace(/^RRULE:/i, '')
    .toUpperCase();
  return `RRULE:${limpia.replace(/(^|;)UNTIL=(\d{8})(?=;|$)/, '$1UNTIL=$2T235959Z')}`;
}

/** The parts of an RRULE that name days; a rule with hours, minutes or seconds, or a time-of-day frequency, is not a day rule. */
const REGLA_DE_DIAS =
  /^(?:RRULE:)?FREQ=(?:DAILY|WEEKLY|MONTHLY|YEARLY)(?:;(?:INTERVAL|COUNT)=\d{1,4}|;UNTIL=\d{8}|;WKST=(?:MO|TU|WE|TH|FR|SA|SU)|;BY(?:DAY|MONTHDAY|MONTH|YEARDAY|WEEKNO|SETPOS)=[-+0-9A-Z,]{1,100})*$/i;

/**
 * Whether `regla` is an RRULE this calendar can expand: one rule of days (no DTSTART, which is the
 * service's `desde`; no hours; an UNTIL is a date) that gives at least one day in two years.
 */
export function reglaValida(regla: string): boolean {
  const texto = regla.trim();
  if (!REGLA_DE_DIAS.test(texto)) return false;
  try {
    const r = rrulestr(reglaParaRrule(texto), { dtstart: aInstante('2026-01-01') });
    return r.between(aInstante('2026-01-01'), aInstante('2027-12-31'), true).length > 0;
  } catch {
    return false;
  }
}

/** The days `regla` gives between `desde` and `hasta`, both included, counting from the service's `desde`. */
export function diasDeLaRegla(servicio: Pick<ServicioCalendario, 'regla' | 'desde'>, desde: Fecha, hasta: Fecha): Fecha[] {
  const inicio = desde < servicio.desde ? servicio.desde : desde;
  if (inicio > hasta) return [];
  const r = rrulestr(reglaParaRrule(servicio.regla), { dtstart: aInstante(servicio.desde) });
  // A set, in order: a rule may name a day twice (BYDAY=MO with BYMONTHDAY=…), a day passes once.
  return [...new Set(r.between(aInstante(inicio), aInstante(hasta), true).map(aFecha))];
}

/** The next business day after `fecha` (Monday to Friday, not a holiday). */
function diaHabilSiguiente(fecha: Fecha, feriados: FeriadosConNombre): Fecha {
  const conjunto = new Set(feriados.keys());
  let dia = sumarDias(fecha, 1);
  while (!esDiaHabil(dia, conjunto)) dia = sumarDias(dia, 1);
  return dia;
}

/**
 * The passes and suspensions of `servicio` between `desde` and `hasta` (both included), with the
 * holidays and the zone's one-off changes applied:
 * - on a holiday the rule's day is suspended ('sin_servicio'), moved to the next business day
 *   ('dia_habil_siguiente'; a pass moved onto a day the service already passes is one pass), or kept
 *   as the holiday round ('guardia', with its name);
 * - a change 'suspendido' for the day (of this service or of every service of the zone) removes the
 *   pass, moved or not; a change 'pasada_extra' adds one, with its window or the service's, and
 *   replaces the day's suspension (a pass on a holiday); the later change of a day wins.
 * A day is at most one pass or one suspension, so a calendar file can name each by its date.
 * A pass moved from a day before `desde` into the range is included; one moved past `hasta` is not.
 */
export function calendarioDelServicio(
  servicio: ServicioCalendario,
  desde: Fecha,
  hasta: Fecha,
  feriados: FeriadosConNombre,
  cambios: readonly CambioCalendario[],
): Calendario {
  // One entry a day: a day is a pass, a suspension or neither.
  const pasadas = new Map<Fecha, Pasada>();
  const suspensiones = new Map<Fecha, Suspension>();
  const ventana = { horaDesde: servicio.horaDesde, horaHasta: servicio.horaHasta };
  // A week back: a holiday run (Carnaval, Semana Santa) may push a pass from before `desde` into it.
  for (const dia of diasDeLaRegla(servicio, sumarDias(desde, -7), hasta)) {
    const feriado = feriados.get(dia);
    if (feriado === undefined) {
      if (dia >= desde) pasadas.set(dia, { servicioId: servicio.id, fecha: dia, ...ventana, clase: 'habitual' });
      continue;
    }
    if (servicio.feriado === 'guardia') {
      if (dia >= desde)
        pasadas.set(dia, {
          servicioId: servicio.id,
          fecha: dia,
          ...ventana,
          clase: 'guardia',
          nota: `${servicio.guardia ?? 'Recorrido de guardia'} (${feriado})`,
        });
    } else if (servicio.feriado === 'dia_habil_siguiente') {
      const nuevo = diaHabilSiguiente(dia, feriados);
      if (nuevo >= desde && nuevo <= hasta && !pasadas.has(nuevo))
        pasadas.set(nuevo, {
          servicioId: servicio.id,
          fecha: nuevo,
          ...ventana,
          clase: 'trasladada',
          nota: `Por el feriado del ${formatLongDateWithWeekday(dia)} (${feriado})`,
          original: dia,
        });
      if (dia >= desde)
        suspensiones.set(dia, { servicioId: servicio.id, fecha: dia, motivo: `Feriado: ${feriado}. Pasa el ${formatLongDateWithWeekday(nuevo)}.` });
    } else if (dia >= desde) {
      suspensiones.set(dia, { servicioId: servicio.id, fecha: dia, motivo: `Feriado: ${feriado}.` });
    }
  }
  const propios = cambios
    .filter((c) => c.zonaId === servicio.zonaId && (c.servicioId === null || c.servicioId === servicio.id) && c.fecha >= desde && c.fecha <= hasta)
    .sort((a, b) => a.id - b.id);
  for (const cambio of propios) {
    if (cambio.tipo === 'suspendido') {
      if (pasadas.delete(cambio.fecha))
        suspensiones.set(cambio.fecha, { servicioId: servicio.id, fecha: cambio.fecha, motivo: cambio.motivo, cambioId: cambio.id });
    } else if (cambio.servicioId !== null) {
      suspensiones.delete(cambio.fecha);
      pasadas.set(cambio.fecha, {
        servicioId: servicio.id,
        fecha: cambio.fecha,
        horaDesde: cambio.horaDesde ?? servicio.horaDesde,
        horaHasta: cambio.horaHasta ?? servicio.horaHasta,
        clase: 'extra',
        nota: cambio.motivo,
        cambioId: cambio.id,
      });
    }
  }
  return {
    pasadas: [...pasadas.values()].sort((a, b) => a.fecha.localeCompare(b.fecha)),
    suspensiones: [...suspensiones.values()].sort((a, b) => a.fecha.localeCompare(b.fecha)),
  };
}
