import type { BusquedaGuardada } from '#db/schema/index.ts';
import { tituloDeBusqueda } from '#domain/ordenanzas/publicacion.ts';
import type { Frecuencia, TipoAlerta } from './campos.ts';

/** A subscription as the pages and mails describe it. */
export type SuscripcionDescrita = { tipo: TipoAlerta; busqueda: BusquedaGuardada | null; frecuencia: Frecuencia };

/** The saved search in words, as its Atom feed titles it: «Ordenanzas con «agua» vigentes de 2024». */
export function describirBusqueda(busqueda: BusquedaGuardada | null): string {
  return (busqueda && tituloDeBusqueda(busqueda)) ?? 'Todas las ordenanzas nuevas';
}

/** «Ordenanzas con «agua» vigentes de 2024, un resumen diario» or «Boletines oficiales nuevos, apenas se publican». */
export function describirSuscripcion(s: SuscripcionDescrita): string {
  const que = s.tipo === 'boletines' ? 'Boletines oficiales nuevos' : describirBusqueda(s.busqueda);
  return `${que}, ${s.frecuencia === 'diaria' ? 'un resumen diario' : 'apenas se publican'}`;
}

/** The token pages' addresses: the secret goes in the query string, which the request log never writes (docs/decisions/024-alertas.md). */
export const rutaConfirmar = (token: string) => `/alertas/confirmar?token=${encodeURIComponent(token)}`;
export const rutaGestion = (token: string) => `/alertas/gestion?token=${encodeURIComponent(token)}`;
export const rutaBaja = (token: string) => `/alertas/baja?token=${encodeURIComponent(token)}`;
