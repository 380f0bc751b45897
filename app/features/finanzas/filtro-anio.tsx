import { type FiltroAnio, TODOS_LOS_ANIOS } from '#domain/finanzas/anios.ts';
import { ErrorSummary } from '#app/components/ui/error-summary.tsx';
import { FormField } from '#app/components/ui/form-field.tsx';

/**
 * The year filter above a finance list: a GET form, so it works without JavaScript and the year
 * stays in the address (docs/decisions/051-listas-largas-y-migas.md). A wrong year is said in an
 * error summary and under the select, which offers the years the list has.
 */
export function FiltroPorAnio({ accion, anios, filtro }: { accion: string; anios: number[]; filtro: FiltroAnio }) {
  if (anios.length === 0) return null;
  const error = filtro.tipo === 'invalido' ? filtro.mensaje : undefined;
  const elegido = filtro.tipo === 'anio' ? String(filtro.anio) : filtro.tipo === 'todos' ? TODOS_LOS_ANIOS : String(anios[0]);
  return (
    <>
      <ErrorSummary title="Revisá el año" errors={error ? [['anio', 'Año', error]] : []} />
      <form method="get" action={accion} className="filtros filtros--anio" aria-label="Filtrar por año">
        <FormField name="anio" label="Año" error={error}>
          {(control) => (
            <select {...control} className="form-select" defaultValue={elegido}>
              {anios.map((anio) => (
                <option key={anio} value={anio}>
                  {anio}
                </option>
              ))}
              <option value={TODOS_LOS_ANIOS}>Todos los años</option>
            </select>
          )}
        </FormField>
        <div className="filtros__acciones">
          <button type="submit" className="btn btn-primary">
            Mostrar
          </button>
        </div>
      </form>
    </>
  );
}

/** What the list below the filter shows, in words: "de 2026" or "de todos los años". */
export function queAnio(filtro: FiltroAnio): string {
  return filtro.tipo === 'anio' ? `de ${filtro.anio}` : 'de todos los años';
}
