import ICAL from 'ical.js';

/** One event of a calendar file as a subscriber's calendar reads it. */
export type EventoLeido = {
  uid: string;
  /** 'AAAA-MM-DD' for an all-day event, 'AAAA-MM-DDTHH:MM:SS' (the zone's wall clock) otherwise. */
  inicio: string;
  fin: string;
  todoElDia: boolean;
  zona: string | undefined;
  estado: string | undefined;
  resumen: string;
  descripcion: string | undefined;
};

export type CalendarioLeido = { propiedades: Record<string, string>; eventos: EventoLeido[] };

/**
 * Reads an iCalendar file with ical.js, a standard parser, and checks what RFC 5545 asks of it
 * beyond parsing: CRLF lines of at most 75 octets, VERSION and PRODID, every event with a unique UID,
 * DTSTAMP in UTC and DTSTART, and a VTIMEZONE for every TZID used. Throws on the first problem.
 */
export function leerIcs(texto: string): CalendarioLeido {
  if (!texto.endsWith('\r\n')) throw new Error('el archivo no termina en CRLF');
  for (const [n, linea] of texto.slice(0, -2).split('\r\n').entries()) {
    if (linea.includes('\n') || linea.includes('\r')) throw new Error(`línea ${n + 1}: un salto de línea sin CRLF`);
    if (Buffer.byteLength(linea) > 75) throw new Error(`línea ${n + 1}: ${Buffer.byteLength(linea)} octetos`);
  }
  const calendario = new ICAL.Component(ICAL.parse(texto));
  if (calendario.name !== 'vcalendar') throw new Error(`no es un VCALENDAR: ${calendario.name}`);
  if (calendario.getFirstPropertyValue('version') !== '2.0') throw new Error('sin VERSION:2.0');
  if (!calendario.getFirstPropertyValue('prodid')) throw new Error('sin PRODID');
  const zonas = new Set(calendario.getAllSubcomponents('vtimezone').map((z) => String(z.getFirstPropertyValue('tzid'))));
  const propiedades: Record<string, string> = {};
  for (const p of calendario.getAllProperties()) propiedades[p.name] = String(p.getFirstValue());
  const uids = new Set<string>();
  const eventos = calendario.getAllSubcomponents('vevent').map((v) => {
    const evento = new ICAL.Event(v);
    const uid = evento.uid;
    if (!uid) throw new Error('un evento sin UID');
    if (uids.has(uid)) throw new Error(`UID repetido: ${uid}`);
    uids.add(uid);
    const stamp = v.getFirstPropertyValue('dtstamp');
    if (!(stamp instanceof ICAL.Time) || stamp.zone !== ICAL.Timezone.utcTimezone) throw new Error(`${uid}: DTSTAMP no está en UTC`);
    const dtstart = v.getFirstProperty('dtstart');
    if (!dtstart) throw new Error(`${uid}: sin DTSTART`);
    const tzid = dtstart.getParameter('tzid');
    if (typeof tzid === 'string' && !zonas.has(tzid)) throw new Error(`${uid}: TZID ${tzid} sin VTIMEZONE`);
    const status = v.getFirstPropertyValue('status');
    const description = v.getFirstPropertyValue('description');
    return {
      uid,
      inicio: evento.startDate.toString(),
      fin: evento.endDate.toString(),
      todoElDia: evento.startDate.isDate,
      zona: typeof tzid === 'string' ? tzid : undefined,
      estado: status === null ? undefined : String(status),
      resumen: evento.summary,
      descripcion: description === null ? undefined : String(description),
    };
  });
  return { propiedades, eventos };
}
