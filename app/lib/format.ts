const fecha = new Intl.DateTimeFormat('es-AR', { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'UTC' });

/** '2019-05-14' → '14 de mayo de 2019' (a calendar date: no time zone shift). */
export function formatLongDate(iso: string): string {
  return fecha.format(new Date(`${iso.slice(0, 10)}T00:00:00Z`));
}

/** 12345 → '12 KB'; 1234567 → '1,2 MB'. */
export function formatFileSize(bytes: number): string {
  if (bytes < 1024 * 1024) return `${Math.max(1, Math.round(bytes / 1024)).toLocaleString('es-AR')} KB`;
  return `${(bytes / 1024 / 1024).toLocaleString('es-AR', { maximumFractionDigits: 1 })} MB`;
}

const fechaHora = new Intl.DateTimeFormat('es-AR', { day: '2-digit', month: '2-digit', year: 'numeric', timeZone: 'America/Argentina/Buenos_Aires' });

/** An instant as the town's calendar date: '2026-11-02T13:00:00Z' → '02/11/2026'. */
export function formatShortDate(iso: string): string {
  return fechaHora.format(new Date(iso));
}

/** 'application/pdf' → 'PDF', 'image/png' → 'PNG'. */
export function fileFormatName(tipoContenido: string): string {
  const sub = tipoContenido.split('/')[1] ?? '';
  return sub === 'jpeg' ? 'JPEG' : sub.toUpperCase() || 'archivo';
}
