import { firstValues, type FormInput } from '#domain/shared/form.ts';
import { instanteEnArgentina } from '#domain/shared/fechas.ts';

/**
 * The shared control group of a content form (docs/decisions/053-borradores-y-publicacion-programada.md):
 * «Publicar ahora» (today's behaviour, the default), «Guardar como borrador» or «Programar» at a
 * date and time of Argentina. These fields are never kept with the publication.
 */
export type Controles = { modo: 'ahora' } | { modo: 'borrador' } | { modo: 'programada'; publicarEn: Date };

/** The furthest ahead a publication can be scheduled. */
const MAXIMO_DIAS = 2 * 366;

export const MENSAJES_FECHA = {
  falta: 'Elegí la fecha y la hora en que se publica.',
  invalida: 'Escribí una fecha y hora que existan, por ejemplo 27/03/2026 09:30.',
  pasada: 'Elegí una fecha y hora futuras: la que elegiste ya pasó.',
  lejana: 'Elegí una fecha dentro de los próximos dos años.',
} as const;

/** Reads the controls: the mode, and for «Programar» a future time, or the Spanish error of `publicarEn`. */
export function leerControles(input: FormInput, ahora: Date): { ok: true; controles: Controles } | { ok: false; error: string } {
  const valores = firstValues(input);
  const modo = valores.publicacion;
  if (modo === 'borrador') return { ok: true, controles: { modo: 'borrador' } };
  if (modo !== 'programar') return { ok: true, controles: { modo: 'ahora' } };
  const texto = typeof valores.publicarEn === 'string' ? valores.publicarEn.trim() : '';
  if (texto === '') return { ok: false, error: MENSAJES_FECHA.falta };
  const publicarEn = texto.length <= 16 ? instanteEnArgentina(texto) : undefined;
  if (!publicarEn) return { ok: false, error: MENSAJES_FECHA.invalida };
  if (publicarEn.getTime() <= ahora.getTime()) return { ok: false, error: MENSAJES_FECHA.pasada };
  if (publicarEn.getTime() > ahora.getTime() + MAXIMO_DIAS * 86_400_000) return { ok: false, error: MENSAJES_FECHA.lejana };
  return { ok: true, controles: { modo: 'programada', publicarEn } };
}
