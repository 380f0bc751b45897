import { FormField } from '#app/components/ui/form-field.tsx';

/**
 * The end of every back-office list's filter form (a GET form, kept in the address): the page field
 * when the address carried one that is not a page, the button and the way back to the whole list.
 */
export function PieDeFiltros({
  base,
  boton = 'Buscar',
  pagina,
}: {
  base: string;
  boton?: string;
  pagina?: { etiqueta: string; error?: string; valor?: string };
}) {
  return (
    <>
      {pagina?.error ? (
        <FormField name="pagina" label={pagina.etiqueta} error={pagina.error}>
          {(control) => <input {...control} className="form-control" inputMode="numeric" defaultValue={pagina.valor ?? ''} />}
        </FormField>
      ) : null}
      <div className="admin__filtros-acciones">
        <button type="submit" className="btn btn-primary">
          {boton}
        </button>
        <a href={base}>Quitar filtros</a>
      </div>
    </>
  );
}
