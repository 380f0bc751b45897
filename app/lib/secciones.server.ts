import type { Log } from '../../domain/shared/context.ts';
import type { Seccion } from '../features/gobierno/seccion.tsx';

/**
 * Loads one section of an information page. A failure is logged and becomes `{ ok: false }`, so the
 * page still renders and says, in that section, that it could not load (ARCHITECTURE, change 5).
 */
export async function cargarSeccion<T>(log: Log, nombre: string, carga: () => Promise<T>): Promise<Seccion<T>> {
  try {
    return { ok: true, datos: await carga() };
  } catch (error) {
    log.error({ err: error, seccion: nombre }, 'no se pudo cargar una sección');
    return { ok: false };
  }
}
