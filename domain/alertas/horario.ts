import { fechaEnArgentina, sumarDias } from '#domain/shared/fechas.ts';

/** The daily digest's hour in the town (docs/decisions/024-alertas.md). */
export const HORA_RESUMEN = 8;

/** The first 08:00 in Villa La Angostura (UTC-3 all year) after `ahora`. */
export function proximoResumen(ahora: Date): Date {
  const hoy = fechaEnArgentina(ahora);
  const hora = String(HORA_RESUMEN).padStart(2, '0');
  const aLas = (fecha: string) => new Date(`${fecha}T${hora}:00:00-03:00`);
  const candidato = aLas(hoy);
  return candidato.getTime() > ahora.getTime() ? candidato : aLas(sumarDias(hoy, 1));
}
