import { data } from 'react-router';
import type { Log } from '#domain/shared/context.ts';
import type { Section } from '#app/components/ui/section.tsx';

/**
 * Loads one section of an information page. A failure is logged and becomes `{ ok: false }`, so the
 * page still renders and says, in that section, that it could not load (docs/architecture.md, "Páginas por secciones").
 */
export async function loadSection<T>(log: Log, nombre: string, carga: () => Promise<T>): Promise<Section<T>> {
  try {
    return { ok: true, datos: await carga() };
  } catch (error) {
    log.error({ err: error, seccion: nombre }, 'no se pudo cargar una sección');
    return { ok: false };
  }
}

/**
 * A page made of sections answers 503 when any of them failed: it still renders, with the rest of
 * its content and a notice in the failed section, but caches and monitors learn it is degraded.
 */
export function sectionsPage<T extends Record<string, unknown>>(secciones: T) {
  const falla = Object.values(secciones).some((s) => typeof s === 'object' && s !== null && 'ok' in s && s.ok === false);
  return data(secciones, falla ? { status: 503, headers: { 'retry-after': '30' } } : undefined);
}
