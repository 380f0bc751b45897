import { formatTime } from '#domain/shared/formato.ts';

// The server writes the times the page starts with; the browser only formats those that arrive live.

/** An instant's time of day in Argentina, 24 h: '2026-07-15T17:32:10Z' → '14:32'. */
export const horaEnArgentina = (iso: string): string => formatTime(iso);
