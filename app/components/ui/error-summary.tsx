import type { Ref } from 'react';

type Props = {
  title: string;
  /** [field id, visible label, message], in the form's order. */
  errors: [string, string, string][];
  /** The page focuses the summary when it appears (GOV.UK pattern). */
  ref?: Ref<HTMLDivElement>;
  /** For a page without JavaScript whose form posts to `#id`: the browser focuses the summary itself. */
  id?: string;
};

/** The list of a form's errors, each linking to its field; announced and focusable. */
export function ErrorSummary({ title, errors, ref, id }: Props) {
  if (errors.length === 0) return null;
  return (
    <div className="resumen-errores" role="alert" tabIndex={-1} ref={ref} id={id} aria-labelledby="resumen-errores-titulo">
      <h2 id="resumen-errores-titulo">{title}</h2>
      <ul>
        {errors.map(([campo, etiqueta, mensaje]) => (
          <li key={campo}>
            <a href={`#${campo}`}>
              {etiqueta}: {mensaje}
            </a>
          </li>
        ))}
      </ul>
    </div>
  );
}
