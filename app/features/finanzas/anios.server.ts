import { type FiltroAnio, aniosDe, elegirAnio } from '#domain/finanzas/anios.ts';
import type { Section } from '#app/components/ui/section.tsx';

/**
 * A finance list cut to the year its address asks for (`?anio=`, docs/decisions/051-listas-largas-y-migas.md):
 * the section with that year's items (none when the year is wrong), the years offered and the filter.
 * A section that did not load stays as it was, with no years to offer.
 */
export function listaPorAnio<T extends { anio: number }>(seccion: Section<T[]>, url: string, que: string) {
  if (!seccion.ok) return { seccion, anios: [] as number[], filtro: { tipo: 'todos' } as FiltroAnio };
  const anios = aniosDe(seccion.datos);
  const filtro = elegirAnio(new URL(url).searchParams.get('anio'), anios, que);
  const datos = filtro.tipo === 'anio' ? seccion.datos.filter((i) => i.anio === filtro.anio) : filtro.tipo === 'todos' ? seccion.datos : [];
  return { seccion: { ok: true, datos } as Section<T[]>, anios, filtro };
}
