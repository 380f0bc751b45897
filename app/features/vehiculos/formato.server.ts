import { instante } from '#app/features/mesa/formato.server.ts';
import type { UltimaBateria, UltimoReporte, VehiculoEnLista } from '#domain/vehiculos/admin.ts';
import { ETIQUETAS_ICONO, ETIQUETAS_SERVICIO, ICONOS_VEHICULO, SERVICIOS_VEHICULO } from '#domain/vehiculos/campos.ts';
import { LARGO_ALIAS, LARGO_DISPOSITIVO } from '#domain/vehiculos/schemas.ts';
import type { OpcionesVehiculo } from './campos-vehiculo.tsx';
import { formatWholeNumber } from '#domain/shared/formato.ts';

/**
 * The vehicle pages' texts, made on the server in the town's zone: the pages hydrate,
 * and text made here reads the same in the browser (no Intl while hydrating).
 */

/** How long ago, in words: 'hace 3 minutos', 'hace 2 horas', 'hace 5 días'. */
export function haceCuanto(desde: Date, ahora: Date): string {
  const minutos = Math.floor((ahora.getTime() - desde.getTime()) / 60_000);
  if (minutos < 1) return minutos < 0 ? 'con la hora del dispositivo adelantada' : 'hace menos de un minuto';
  if (minutos < 60) return minutos === 1 ? 'hace 1 minuto' : `hace ${minutos} minutos`;
  const horas = Math.floor(minutos / 60);
  if (horas < 48) return horas === 1 ? 'hace 1 hora' : `hace ${horas} horas`;
  return `hace ${formatWholeNumber(Math.floor(horas / 24))} días`;
}

/** A battery level as people read it: '65 %'. */
export const bateriaTexto = (nivel: number) => `${formatWholeNumber(nivel)} %`;

export type ReporteEnPagina = { iso: string; texto: string; hace: string; recibida: string; publica: boolean };
export type BateriaEnPagina = { texto: string; iso: string; cuando: string };

export const reporteEnPagina = (r: UltimoReporte | null, ahora: Date): ReporteEnPagina | null =>
  r && { ...instante(r.hora), hace: haceCuanto(r.hora, ahora), recibida: instante(r.recibidaEn).texto, publica: r.publica };

export const bateriaEnPagina = (b: UltimaBateria | null): BateriaEnPagina | null =>
  b && { texto: bateriaTexto(b.nivel), iso: b.hora.toISOString(), cuando: instante(b.hora).texto };

/** What the list and the detail show of a vehicle, as plain data for the page. */
export function vehiculoEnPagina(v: VehiculoEnLista, ahora: Date) {
  return {
    id: v.id,
    alias: v.alias,
    icono: v.icono,
    iconoEtiqueta: ETIQUETAS_ICONO[v.icono],
    servicio: v.servicio,
    servicioEtiqueta: ETIQUETAS_SERVICIO[v.servicio],
    dispositivo: v.dispositivo,
    activo: v.activo,
    ultimoReporte: reporteEnPagina(v.ultimoReporte, ahora),
    ultimaBateria: bateriaEnPagina(v.ultimaBateria),
  };
}

/** The vehicle form's choices and lengths, from the domain (the page's bundle never loads the schemas, nor zod). */
export const opcionesVehiculo = (): OpcionesVehiculo => ({
  iconos: ICONOS_VEHICULO.map((valor) => ({ valor, etiqueta: ETIQUETAS_ICONO[valor] })),
  servicios: SERVICIOS_VEHICULO.map((valor) => ({ valor, etiqueta: ETIQUETAS_SERVICIO[valor] })),
  largoAlias: LARGO_ALIAS,
  largoDispositivo: LARGO_DISPOSITIVO,
});
