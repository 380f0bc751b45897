import { FormField } from '#app/components/ui/form-field.tsx';

/**
 * The shared control group of a content form (docs/decisions/053-borradores-y-publicacion-programada.md):
 * «Publicar ahora» (the default, what saving always did), «Guardar como borrador» or «Programar»
 * at a date and time of Argentina. Plain radio buttons and a `datetime-local` field: it works
 * without JavaScript, the time field read only when «Programar» is chosen. `borrador` carries the
 * pending publication being edited. `prefijo` keeps the ids unique on a page with several forms.
 */
export type ValoresControles = { publicacion?: string; publicarEn?: string; borrador?: string };

const OPCIONES = [
  ['ahora', 'Publicar ahora', 'Se ve en el sitio en cuanto guardás.'],
  ['borrador', 'Guardar como borrador', 'No se ve en el sitio: lo podés revisar, previsualizar y publicar después.'],
  ['programar', 'Programar', 'Se publica sola en la fecha y hora que elijas.'],
] as const;

/** The time's line in a form's error summary, when it has an error. */
export const resumenFecha = (error: string | undefined, prefijo = ''): [string, string, string][] =>
  error ? [[`${prefijo}publicarEn`, 'Fecha y hora de publicación', error]] : [];

export function ControlesPublicacion({
  valores,
  error,
  ahora = true,
  prefijo = '',
}: {
  valores: ValoresControles;
  error?: string;
  ahora?: boolean;
  prefijo?: string;
}) {
  const elegido = valores.publicacion ?? (ahora ? 'ahora' : 'borrador');
  return (
    <fieldset className="campo campo--completo admin__publicacion">
      <legend>Cuándo se publica</legend>
      {valores.borrador ? <input type="hidden" name="borrador" value={valores.borrador} /> : null}
      {OPCIONES.filter(([valor]) => ahora || valor !== 'ahora').map(([valor, texto, ayuda]) => (
        <div className="form-check" key={valor}>
          <input
            className="form-check-input"
            type="radio"
            id={`${prefijo}publicacion-${valor}`}
            name="publicacion"
            value={valor}
            defaultChecked={elegido === valor}
            aria-describedby={`${prefijo}publicacion-${valor}-ayuda`}
          />
          <label className="form-check-label" htmlFor={`${prefijo}publicacion-${valor}`}>
            {texto}
          </label>
          <p id={`${prefijo}publicacion-${valor}-ayuda`} className="campo__ayuda">
            {ayuda}
          </p>
        </div>
      ))}
      <FormField name={`${prefijo}publicarEn`} label="Fecha y hora de publicación" hint="Hora de Argentina. Sólo si elegiste «Programar»." error={error}>
        {(c) => <input {...c} name="publicarEn" type="datetime-local" className="form-control" defaultValue={valores.publicarEn ?? ''} />}
      </FormField>
    </fieldset>
  );
}
