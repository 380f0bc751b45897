// The formatters are made on first use: the first Intl object a page makes loads the locale's data,
// tens of milliseconds of a phone's main thread, which a page that only imports this module should not pay.
let fecha: Intl.DateTimeFormat | undefined;

/** '2019-05-14' → '14 de mayo de 2019' (a calendar date: no time zone shift). */
export function formatLongDate(iso: string): string {
  fecha ??= new Intl.DateTimeFormat('es-AR', { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'UTC' });
  return fecha.format(new Date(`${iso.slice(0, 10)}T00:00:00Z`));
}

/**
 * 12345 → '12.345', as `toLocaleString('es-AR')` writes a whole number, but without Intl: pages
 * that hydrate format numbers as they do, and a page's first Intl call loads the locale's data,
 * 40-85 ms of main thread on this machine (docs/decisions/010-lighthouse.md).
 */
export function formatInteger(n: number): string {
  return String(Math.trunc(n)).replace(/\B(?=(\d{3})+(?!\d))/g, '.');
}

/** A non-negative number with at most one decimal, as `toLocaleString('es-AR', { maximumFractionDigits: 1 })`: 1.25 → '1,3'. */
function formatOneDecimal(x: number): string {
  const tenths = Math.round(x * 10);
  const decimal = tenths % 10;
  return `${formatInteger(Math.floor(tenths / 10))}${decimal === 0 ? '' : `,${decimal}`}`;
}

/** 12345 → '12 KB'; 1234567 → '1,2 MB'. */
export function formatFileSize(bytes: number): string {
  if (bytes < 1024 * 1024) return `${formatInteger(Math.max(1, Math.round(bytes / 1024)))} KB`;
  return `${formatOneDecimal(bytes / 1024 / 1024)} MB`;
}

let fechaHora: Intl.DateTimeFormat | undefined;

/** An instant as the town's calendar date: '2026-11-02T13:00:00Z' → '02/11/2026'. */
export function formatShortDate(iso: string): string {
  fechaHora ??= new Intl.DateTimeFormat('es-AR', { day: '2-digit', month: '2-digit', year: 'numeric', timeZone: 'America/Argentina/Buenos_Aires' });
  return fechaHora.format(new Date(iso));
}

/** 'application/pdf' → 'PDF', 'image/png' → 'PNG'. */
export function fileFormatName(tipoContenido: string): string {
  const sub = tipoContenido.split('/')[1] ?? '';
  return sub === 'jpeg' ? 'JPEG' : sub.toUpperCase() || 'archivo';
}
