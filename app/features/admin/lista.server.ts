import { data } from 'react-router';
import { type FormResult, readForm } from '#domain/shared/form.ts';
import type { z } from '#domain/shared/zod.ts';

type Errores<S extends z.ZodObject> = Extract<FormResult<S>, { ok: false }>['errores'];

/**
 * The loader of a back-office list whose filters (search, order, page) travel in the address:
 * read with `schema`, what was typed kept up to `largo` characters to show back. A wrong filter is
 * a 400 with its errors and no list, its page links built from `sinFiltros`; otherwise one page of
 * `listar` and the total. `comun` is what the page needs either way. The bulletins', the finance
 * documents', the vehicles' and the mail's lists answer through it, key for key as before.
 */
export async function listaDelPanel<S extends z.ZodObject, C extends object, F, I>(
  params: URLSearchParams,
  schema: S,
  opciones: { largo: number; comun: C; sinFiltros: F; listar: (filtros: z.output<S>) => Promise<{ items: I[]; total: number }> },
) {
  const { largo, comun, sinFiltros, listar } = opciones;
  const leido = readForm(schema, params, { largo });
  if (!leido.ok) {
    return data(
      { ...comun, ok: false as const, errores: leido.errores, valores: leido.valores, items: [] as I[], total: 0, filtros: sinFiltros },
      { status: 400 },
    );
  }
  const { items, total } = await listar(leido.datos);
  return data({ ...comun, ok: true as const, errores: {} as Errores<S>, valores: leido.valores, filtros: leido.datos, total, items });
}
