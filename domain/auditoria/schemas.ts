import { esFechaValida, sumarDias } from '#domain/shared/fechas.ts';
import { paginaDeListaSchema } from '#domain/shared/zod.ts';
import { accionesDeSeccion, esSeccionAuditoria } from './acciones.ts';
import type { FiltrosAuditoria } from './queries.ts';

/** The audit page's filters as the URL carries them (a GET form): what was asked, as typed. */
export type FiltrosAuditoriaUrl = {
  persona?: string;
  seccion?: string;
  accion?: string;
  entidad?: string;
  desde?: string;
  hasta?: string;
  pagina: number;
  /** The page as typed, when it was not a page: the form shows it back in its own field. */
  paginaEscrita?: string;
};

/** One message per control, keyed by its field id, in the form's order. */
export type ErroresFiltros = Partial<Record<'persona' | 'seccion' | 'desde' | 'hasta' | 'pagina', string>>;

const LARGO = 80;

const texto = (params: URLSearchParams, nombre: string) => {
  const v = params.get(nombre)?.trim();
  return v ? v.slice(0, LARGO) : undefined;
};

/** A day typed as AAAA-MM-DD, as the start of that day in Buenos Aires (UTC-3, no daylight saving). */
const inicioDelDia = (dia: string) => new Date(`${dia}T00:00:00-03:00`);

/**
 * Reads the filters of /admin/auditoria and its CSV. A value that cannot be a filter (a day that
 * does not exist, a person or section not in the lists) is left out and said, never a failure.
 */
export function readFiltrosAuditoria(
  params: URLSearchParams,
  porPagina: number,
): { url: FiltrosAuditoriaUrl; consulta: FiltrosAuditoria; errores: ErroresFiltros } {
  const errores: ErroresFiltros = {};
  // The page as every back-office list reads it: not a page is said on its own field, and page 1 shown.
  const leida = paginaDeListaSchema.safeParse(params.get('pagina') ?? undefined);
  const pagina = leida.success ? leida.data : 1;
  const url: FiltrosAuditoriaUrl = { pagina };
  const consulta: FiltrosAuditoria = { pagina, porPagina };
  if (!leida.success) {
    errores.pagina = leida.error.issues[0]!.message;
    url.paginaEscrita = (params.get('pagina') ?? '').slice(0, LARGO);
  }

  const persona = texto(params, 'persona');
  if (persona !== undefined) {
    url.persona = persona;
    if (/^\d{1,9}$/.test(persona)) consulta.usuarioId = Number(persona);
    else errores.persona = 'Elegí una persona de la lista.';
  }
  const seccion = texto(params, 'seccion');
  if (seccion !== undefined) {
    url.seccion = seccion;
    if (esSeccionAuditoria(seccion)) consulta.acciones = accionesDeSeccion(seccion);
    else errores.seccion = 'Elegí una sección de la lista.';
  }
  // Codes, kept for links into the log (a request's history, the sign-ins); the form does not ask them.
  const accion = texto(params, 'accion');
  if (accion !== undefined) url.accion = consulta.accion = accion;
  const entidad = texto(params, 'entidad');
  if (entidad !== undefined) url.entidad = consulta.entidad = entidad;

  const desde = texto(params, 'desde');
  if (desde !== undefined) {
    url.desde = desde;
    if (esFechaValida(desde)) consulta.desde = inicioDelDia(desde);
    else errores.desde = 'Escribí una fecha que exista, como 28/11/2026.';
  }
  const hasta = texto(params, 'hasta');
  if (hasta !== undefined) {
    url.hasta = hasta;
    if (esFechaValida(hasta)) consulta.hasta = inicioDelDia(sumarDias(hasta, 1));
    else errores.hasta = 'Escribí una fecha que exista, como 28/11/2026.';
  }
  if (consulta.desde && consulta.hasta && consulta.desde >= consulta.hasta) errores.hasta = 'La fecha «Hasta» tiene que ser igual o posterior a «Desde».';
  // In the form's order, so the error summary lists them as the fields come.
  const { pagina: errorPagina, ...otros } = errores;
  return { url, consulta, errores: errorPagina === undefined ? otros : { ...otros, pagina: errorPagina } };
}
