/*
 * A zone's collection calendar as an iCalendar file (RFC 5545, with RFC 7986's NAME, SOURCE and
 * REFRESH-INTERVAL) anyone can subscribe to (docs/decisions/056-mi-calle.md). One event per day,
 * not an RRULE: holidays and one-off changes move and cancel single days, and a day keeps its UID
 * ({zona}-{servicio}-{fecha}@{host}) whatever happens to it, so a subscribed calendar that reads
 * the file again turns the same event into a cancelled one instead of showing both. Pure: the
 * server reads the zone and computes its calendar, this only writes it.
 */
import ical, { ICalEventStatus, ICalEventTransparency, type ICalTemporalPlainDateTimeStub, type ICalTemporalZonedDateTimeStub } from 'ical-generator';
import { type Fecha, sumarDias } from '#domain/shared/fechas.ts';
import { ZONA_ARGENTINA } from '#domain/shared/formato.ts';
import type { Calendario, ClasePasada } from './calendario.ts';

/** How far a calendar file reaches: a month back (what just changed) and a year ahead. */
export const DIAS_ATRAS = 30;
export const DIAS_ADELANTE = 365;

/** How often a subscribed calendar should read the file again (RFC 7986 REFRESH-INTERVAL): a day. */
const REFRESCO_SEGUNDOS = 86_400;

/** The days a calendar file covers, from `hoy` (a date of Argentina). */
export function rangoDelArchivo(hoy: Fecha): { desde: Fecha; hasta: Fecha } {
  return { desde: sumarDias(hoy, -DIAS_ATRAS), hasta: sumarDias(hoy, DIAS_ADELANTE) };
}

/**
 * Argentina's zone as the file declares it: UTC-3 all year, with no summer time since 2009 (the
 * times of the events are the town's wall clock, read against this).
 */
const VTIMEZONE = [
  'BEGIN:VTIMEZONE',
  `TZID:${ZONA_ARGENTINA}`,
  'BEGIN:STANDARD',
  'TZOFFSETFROM:-0300',
  'TZOFFSETTO:-0300',
  'TZNAME:-03',
  'DTSTART:19700101T000000',
  'END:STANDARD',
  'END:VTIMEZONE',
].join('\r\n');

/** Argentina's offset from UTC: three hours behind all year (domain/shared/fechas.ts). */
const DESFASE_MS = 3 * 3_600_000;

/**
 * A wall-clock time of the town ('2026-12-14', '07:00') as ical-generator takes one with a TZID: the
 * shape of a Temporal.PlainDateTime and of its ZonedDateTime in Argentina, written as they are. A
 * `Date` would be read in the process's own time zone, which on a server is UTC.
 */
function horaLocal(fecha: Fecha, hora: string): ICalTemporalPlainDateTimeStub {
  const [year, month, day] = fecha.split('-').map(Number) as [number, number, number];
  const [hour, minute] = hora.split(':').map(Number) as [number, number];
  const campos = { year, month, day, hour, minute, second: 0 };
  const texto = `${fecha}T${hora}:00`;
  const instante = Date.UTC(year, month - 1, day, hour, minute) + DESFASE_MS;
  const plana: ICalTemporalPlainDateTimeStub = {
    ...campos,
    toJSON: () => texto,
    toString: () => texto,
    toPlainDate: () => ({ year, month, day, toJSON: () => fecha, toString: () => fecha }),
    toZonedDateTime: (zona) => enArgentina(zona),
  };
  const enArgentina = (zona: string): ICalTemporalZonedDateTimeStub => {
    if (zona !== ZONA_ARGENTINA) throw new RangeError(`horaLocal: sólo en ${ZONA_ARGENTINA}, no en ${zona}`);
    const zonada: ICalTemporalZonedDateTimeStub = {
      ...campos,
      timeZoneId: ZONA_ARGENTINA,
      toJSON: () => `${texto}-03:00[${ZONA_ARGENTINA}]`,
      toString: () => `${texto}-03:00[${ZONA_ARGENTINA}]`,
      toPlainDateTime: () => ({ ...plana, toZonedDateTime: (z) => enArgentina(z) }),
      withTimeZone: (z) => enArgentina(z),
      toInstant: () => ({
        epochMilliseconds: instante,
        toJSON: () => new Date(instante).toISOString(),
        toString: () => new Date(instante).toISOString(),
        toZonedDateTimeISO: (z) => enArgentina(z),
      }),
    };
    return zonada;
  };
  return plana;
}

/** What the file needs of a zone. */
export type ZonaIcs = { slug: string; nombre: string };

/** What the file needs of a service. */
export type ServicioIcs = { id: number; slug: string; nombre: string; horaDesde: string | null; horaHasta: string | null };

export type DatosIcs = {
  zona: ZonaIcs;
  /** The services of the file: every one of the zone, or the one its address names (`soloServicio`). */
  servicios: readonly ServicioIcs[];
  soloServicio: boolean;
  /** Each service's calendar over `rangoDelArchivo` (by service id). */
  calendarios: ReadonlyMap<number, Calendario>;
  /** The file's own absolute address (SOURCE) and the printable month page's (URL). */
  fuente: string;
  pagina: string;
  /** The site's host, for the UIDs. */
  host: string;
  /** When the zone's data last changed: every event's DTSTAMP, so the same data writes the same bytes. */
  revision: Date;
};

/** «Húmedos» → «Recolección de húmedos». */
export function tituloDelServicio(nombre: string): string {
  return `Recolección de ${nombre.charAt(0).toLocaleLowerCase('es-AR')}${nombre.slice(1)}`;
}

/** What the title of a day that is not the rule's adds. */
const CLASE_EN_EL_TITULO: Record<ClasePasada, string> = {
  habitual: '',
  trasladada: ' (día cambiado por feriado)',
  guardia: ' (feriado)',
  extra: ' (pasada extra)',
};

/** A sentence: a final period unless it has one. */
const oracion = (texto: string) => (/[.!?]$/.test(texto) ? texto : `${texto}.`);

/** The iCalendar text of a zone's calendar (or one service's): every pass and every suspended day. */
export function calendarioIcs(d: DatosIcs): string {
  const unico = d.soloServicio ? d.servicios[0] : undefined;
  const nombre = unico ? `${tituloDelServicio(unico.nombre)} en ${d.zona.nombre}` : `Recolección en ${d.zona.nombre}`;
  const cal = ical({
    prodId: { company: 'Municipalidad de Villa La Angostura', product: 'Mi calle', language: 'ES' },
    name: nombre,
    description: `Los días de ${unico ? tituloDelServicio(unico.nombre).toLocaleLowerCase('es-AR') : 'recolección'} en la zona ${d.zona.nombre} de Villa La Angostura, con los cambios por feriados y los avisos de la Municipalidad. Para imprimir: ${d.pagina}`,
    url: d.pagina,
    source: d.fuente,
    ttl: REFRESCO_SEGUNDOS,
    // A generator with no name: the VTIMEZONE goes with the timed events, and DTSTAMP stays in UTC
    // (with a calendar-wide name, ical-generator writes it as local time, which RFC 5545 forbids).
    timezone: { name: null, generator: (tz) => (tz === ZONA_ARGENTINA ? VTIMEZONE : null) },
    x: [['X-WR-TIMEZONE', ZONA_ARGENTINA]],
  });

  for (const servicio of d.servicios) {
    const calendario = d.calendarios.get(servicio.id);
    if (!calendario) continue;
    const titulo = tituloDelServicio(servicio.nombre);
    const uid = (fecha: Fecha) => `${d.zona.slug}-${servicio.slug}-${fecha}@${d.host}`;
    // The time a day's event takes: its own window, or the whole day.
    const cuando = (fecha: Fecha, horaDesde: string | null, horaHasta: string | null) =>
      horaDesde && horaHasta
        ? { start: horaLocal(fecha, horaDesde), end: horaLocal(fecha, horaHasta), timezone: ZONA_ARGENTINA }
        : { start: fecha, end: sumarDias(fecha, 1), allDay: true };

    for (const pasada of calendario.pasadas) {
      const nota = pasada.nota ? oracion(pasada.clase === 'extra' ? `Pasada extra: ${pasada.nota}` : pasada.nota) : null;
      cal.createEvent({
        id: uid(pasada.fecha),
        // A day that is not the rule's says so: a calendar that kept the old copy sees a newer one.
        sequence: pasada.clase === 'habitual' ? 0 : 1,
        stamp: d.revision,
        ...cuando(pasada.fecha, pasada.horaDesde, pasada.horaHasta),
        summary: `${titulo}${CLASE_EN_EL_TITULO[pasada.clase]}`,
        description: nota,
        transparency: ICalEventTransparency.TRANSPARENT,
        url: d.pagina,
      });
    }
    for (const suspension of calendario.suspensiones) {
      cal.createEvent({
        id: uid(suspension.fecha),
        sequence: 1,
        stamp: d.revision,
        ...cuando(suspension.fecha, servicio.horaDesde, servicio.horaHasta),
        status: ICalEventStatus.CANCELLED,
        summary: `${titulo} (suspendida)`,
        description: `No pasa. ${oracion(suspension.motivo)}`,
        transparency: ICalEventTransparency.TRANSPARENT,
        url: d.pagina,
      });
    }
  }
  // RFC 5545 §3.1 ends every line with CRLF, the last one too; ical-generator leaves it out.
  return `${cal.toString()}\r\n`;
}
