/*
 * Which positions the public may see (docs/decisions/015-seguimiento-de-vehiculos.md):
 * none inside the municipal depot, none outside the service hours. Both are the site's settings
 * (`vehiculos.deposito`, `vehiculos.horario`); the position is stored either way, for staff, and
 * `publica` is decided once, when it arrives, so a later change of the settings does not reveal
 * what was private.
 */
import { minutoDelDiaEnArgentina } from '#domain/shared/fechas.ts';
import type { SiteSettings } from '#domain/sitio/settings.ts';

type Ajustes = Pick<SiteSettings['vehiculos'], 'deposito' | 'horario'>;

const RADIO_TIERRA_M = 6_371_008.8;
const rad = (grados: number) => (grados * Math.PI) / 180;

/** Great-circle distance in metres (haversine): exact enough for a circle of a few hundred metres. */
export function distanciaMetros(a: { latitud: number; longitud: number }, b: { latitud: number; longitud: number }): number {
  const dLat = rad(b.latitud - a.latitud);
  const dLon = rad(b.longitud - a.longitud);
  const h = Math.sin(dLat / 2) ** 2 + Math.cos(rad(a.latitud)) * Math.cos(rad(b.latitud)) * Math.sin(dLon / 2) ** 2;
  return 2 * RADIO_TIERRA_M * Math.asin(Math.min(1, Math.sqrt(h)));
}

/** Inside the depot's circle (its edge included); a radius of 0 means no depot. */
export function enElDeposito(posicion: { latitud: number; longitud: number }, deposito: Ajustes['deposito']): boolean {
  return deposito.radioM > 0 && distanciaMetros(posicion, deposito) <= deposito.radioM;
}

const minutos = (hhmm: string) => Number(hhmm.slice(0, 2)) * 60 + Number(hhmm.slice(3, 5));

/**
 * Within service hours, read in Argentina's time: from `desde` (included) to `hasta` (excluded).
 * `desde` equal to `hasta` is the whole day; `hasta` before `desde` crosses midnight (22:00 to 06:00).
 */
export function enHorarioDeServicio(instante: Date, horario: Ajustes['horario']): boolean {
  const desde = minutos(horario.desde);
  const hasta = minutos(horario.hasta);
  if (desde === hasta) return true;
  const ahora = minutoDelDiaEnArgentina(instante);
  return desde < hasta ? ahora >= desde && ahora < hasta : ahora >= desde || ahora < hasta;
}

/** Whether the public may see a position taken at `hora` at that place. */
export function esPublica(posicion: { latitud: number; longitud: number; horaDispositivo: Date }, ajustes: Ajustes): boolean {
  return !enElDeposito(posicion, ajustes.deposito) && enHorarioDeServicio(posicion.horaDispositivo, ajustes.horario);
}
