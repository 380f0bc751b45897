/**
 * How the site writes dates and numbers: Spanish of Argentina, in the town's time zone, for pages,
 * mails, CSV files and feeds alike (docs/decisions/043-tablas-y-formatos.md). Dates the API returns
 * stay ISO text; these are only for people. An invalid date throws `RangeError`, as Intl does.
 *
 * Two kinds of date: a calendar date ('AAAA-MM-DD', a day with no time, as PostgreSQL's `date`),
 * written in UTC so that no zone shifts it; and an instant (a `Date` or ISO text), written as the
 * clock on the wall in Villa La Angostura shows it.
 *
 * Each formatter is made on first use: the first Intl object a page makes loads the locale's data,
 * tens of milliseconds of a phone's main thread (docs/decisions/010-lighthouse.md), which a page that
 * only imports this module should not pay.
 */

/** The zone every date the site shows or counts is read in: Argentina keeps UTC-3 all year, with no summer time since 2009. */
export const ZONA_ARGENTINA = 'America/Argentina/Buenos_Aires';

const LOCALE = 'es-AR';

function alUsar<T>(crear: () => T): () => T {
  let valor: T | undefined;
  return () => (valor ??= crear());
}

const fechaDeDia = (fecha: string) => new Date(`${fecha.slice(0, 10)}T00:00:00Z`);
const instante = (valor: Date | string) => (typeof valor === 'string' ? new Date(valor) : valor);
const enUtc = (opciones: Intl.DateTimeFormatOptions) => alUsar(() => new Intl.DateTimeFormat(LOCALE, { ...opciones, timeZone: 'UTC' }));
const enArgentina = (opciones: Intl.DateTimeFormatOptions) => alUsar(() => new Intl.DateTimeFormat(LOCALE, { ...opciones, timeZone: ZONA_ARGENTINA }));

const DD_MM_AAAA = { day: '2-digit', month: '2-digit', year: 'numeric' } as const;
const diaLargo = enUtc({ day: 'numeric', month: 'long', year: 'numeric' });
const diaLargoConSemana = enUtc({ weekday: 'long', day: 'numeric', month: 'long', year: 'numeric' });
const diaCorto = enUtc(DD_MM_AAAA);
const fechaCorta = enArgentina(DD_MM_AAAA);
const fechaYHora = enArgentina({ ...DD_MM_AAAA, hour: '2-digit', minute: '2-digit', hourCycle: 'h23' });
const fechaYHoraBreve = enArgentina({ dateStyle: 'short', timeStyle: 'short' });
const fechaYHoraConSegundos = enArgentina({ dateStyle: 'short', timeStyle: 'medium' });
const fechaYHoraLarga = enArgentina({ dateStyle: 'long', timeStyle: 'short' });
const hora = enArgentina({ hour: '2-digit', minute: '2-digit', hourCycle: 'h23' });
const anio = alUsar(() => new Intl.DateTimeFormat('en', { timeZone: ZONA_ARGENTINA, year: 'numeric' }));

// ------------------------------------------------------------------ calendar dates

/** '2019-05-14' → '14 de mayo de 2019'. */
export const formatLongDate = (fecha: string): string => diaLargo().format(fechaDeDia(fecha));

/** '2026-04-20' → 'lunes, 20 de abril de 2026'. */
export const formatLongDateWithWeekday = (fecha: string): string => diaLargoConSemana().format(fechaDeDia(fecha));

/** '2026-04-20' → 'Lunes, 20 de abril de 2026': the same, where it starts a line. */
export const formatLongDateWithWeekdayCapitalized = (fecha: string): string => {
  const texto = formatLongDateWithWeekday(fecha);
  return texto.charAt(0).toLocaleUpperCase(LOCALE) + texto.slice(1);
};

/** '2026-04-20' → '20/04/2026'. */
export const formatCalendarDate = (fecha: string): string => diaCorto().format(fechaDeDia(fecha));

// ------------------------------------------------------------------ instants, in Argentina

/** The town's calendar date of an instant: '2026-11-02T13:00:00Z' → '02/11/2026'. */
export const formatShortDate = (valor: Date | string): string => fechaCorta().format(instante(valor));

/** '2026-11-24T22:42:00Z' → '24/11/2026, 19:42'. */
export const formatDateTime = (valor: Date | string): string => fechaYHora().format(instante(valor));

/** The locale's short style: '28/11/26, 10:14 a. m.'. */
export const formatDateTimeShort = (valor: Date | string): string => fechaYHoraBreve().format(instante(valor));

/** The locale's short style with seconds: '28/11/26, 10:14:05 a. m.'. */
export const formatDateTimeSeconds = (valor: Date | string): string => fechaYHoraConSegundos().format(instante(valor));

/** The locale's long style: '28 de noviembre de 2026 a las 10:14 a. m.'. */
export const formatDateTimeLong = (valor: Date | string): string => fechaYHoraLarga().format(instante(valor));

/** The time of day, 24 h: '2026-07-15T17:32:10Z' → '14:32'. */
export const formatTime = (valor: Date | string): string => hora().format(instante(valor));

/** The year an instant falls in, in Argentina: '2027-01-01T01:00:00Z' → '2026'. */
export const yearInArgentina = (valor: Date): string => anio().format(valor);

// ------------------------------------------------------------------ numbers

const numero = alUsar(() => new Intl.NumberFormat(LOCALE));
const entero = alUsar(() => new Intl.NumberFormat(LOCALE, { maximumFractionDigits: 0 }));
const unDecimal = alUsar(() => new Intl.NumberFormat(LOCALE, { maximumFractionDigits: 1 }));

/** 100000 → '100.000'; 1.2345 → '1,235' (up to three decimals). */
export const formatNumber = (n: number | bigint): string => numero().format(n);

/** Rounded to a whole number: 64.6 → '65'; 1234 → '1.234'. */
export const formatWholeNumber = (n: number): string => entero().format(n);

/** Up to one decimal: 1.25 → '1,3'; 2 → '2'. */
export const formatOneDecimal = (n: number): string => unDecimal().format(n);

/**
 * 12345 → '12.345', as `formatNumber` writes a whole number, but without Intl: pages that hydrate
 * format numbers as they do, and a page's first Intl call loads the locale's data.
 */
export function formatInteger(n: number): string {
  return String(Math.trunc(n)).replace(/\B(?=(\d{3})+(?!\d))/g, '.');
}

/** A non-negative number with at most one decimal, as `formatOneDecimal` but without Intl. */
function formatOneDecimalPlain(x: number): string {
  const tenths = Math.round(x * 10);
  const decimal = tenths % 10;
  return `${formatInteger(Math.floor(tenths / 10))}${decimal === 0 ? '' : `,${decimal}`}`;
}

/** A download's size, without Intl: 12345 → '12 KB'; 1234567 → '1,2 MB'. */
export function formatFileSize(bytes: number): string {
  if (bytes < 1024 * 1024) return `${formatInteger(Math.max(1, Math.round(bytes / 1024)))} KB`;
  return `${formatOneDecimalPlain(bytes / 1024 / 1024)} MB`;
}
