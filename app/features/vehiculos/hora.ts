// Made on first use: a page's first Intl object loads the locale's data (docs/decisions/010-lighthouse.md).
// The server writes the times the page starts with; the browser only formats those that arrive live.
// The zone is domain/shared/fechas.ts's ZONA_ARGENTINA, written here: that module makes a formatter
// as it loads, which the browser would pay for while hydrating.
let formato: Intl.DateTimeFormat | undefined;

/** An instant's time of day in Argentina, 24 h: '2026-07-15T17:32:10Z' → '14:32'. */
export function horaEnArgentina(iso: string): string {
  formato ??= new Intl.DateTimeFormat('es-AR', { hour: '2-digit', minute: '2-digit', hourCycle: 'h23', timeZone: 'America/Argentina/Buenos_Aires' });
  return formato.format(new Date(iso));
}
