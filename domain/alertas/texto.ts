import type { BusquedaGuardada } from '#db/schema/index.ts';
import { ESTADO_TODOS, etiquetaEstado } from '#domain/ordenanzas/estados.ts';
import type { Frecuencia, TipoAlerta } from './campos.ts';

/** A subscription as the pages and mails describe it. */
export type SuscripcionDescrita = { tipo: TipoAlerta; busqueda: BusquedaGuardada | null; frecuencia: Frecuencia };

/** The saved search in words: «Ordenanzas con «agua» de 2024, en estado Derogada». */
export function describirBusqueda(busqueda: BusquedaGuardada | null): string {
  if (!busqueda) return 'Ordenanzas nuevas';
  const partes = ['Ordenanzas'];
  if (busqueda.pattern) partes.push(`con «${busqueda.pattern}»`);
  if (busqueda.numero !== undefined) partes.push(`número ${busqueda.numero}`);
  if (busqueda.anio !== undefined) partes.push(`de ${busqueda.anio}`);
  if (busqueda.estado !== ESTADO_TODOS) partes.push(`en estado ${etiquetaEstado(busqueda.estado)}`);
  return partes.length === 1 ? 'Todas las ordenanzas nuevas' : partes.join(' ');
}

/** «Ordenanzas con «agua» de 2024, diario» or «Boletines oficiales nuevos, apenas se publican». */
export function describirSuscripcion(s: SuscripcionDescrita): string {
  const que = s.tipo === 'boletines' ? 'Boletines oficiales nuevos' : describirBusqueda(s.busqueda);
  return `${que}, ${s.frecuencia === 'diaria' ? 'un resumen diario' : 'apenas se publican'}`;
}

/** The search's query string as the search page and the feed read it (`?pattern=agua&anio=2024`), empty for every ordinance. */
export function consultaDeBusqueda(busqueda: BusquedaGuardada): string {
  const params = new URLSearchParams();
  if (busqueda.estado !== ESTADO_TODOS) params.set('estado', String(busqueda.estado));
  if (busqueda.numero !== undefined) params.set('numero', String(busqueda.numero));
  if (busqueda.anio !== undefined) params.set('anio', String(busqueda.anio));
  if (busqueda.pattern) params.set('pattern', busqueda.pattern);
  const q = params.toString();
  return q ? `?${q}` : '';
}

/** The token pages' addresses: the secret goes in the query string, which the request log never writes (docs/decisions/024-alertas.md). */
export const rutaConfirmar = (token: string) => `/alertas/confirmar?token=${encodeURIComponent(token)}`;
export const rutaGestion = (token: string) => `/alertas/gestion?token=${encodeURIComponent(token)}`;
export const rutaBaja = (token: string) => `/alertas/baja?token=${encodeURIComponent(token)}`;
