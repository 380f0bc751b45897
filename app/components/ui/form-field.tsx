import type { ReactNode } from 'react';

/** What the control of a field receives: spread them on the input, textarea or select. */
export type ControlProps = {
  id: string;
  name: string;
  required?: true;
  'aria-describedby'?: string;
  'aria-invalid'?: true;
};

type Props = {
  /** The field's name: also its id, so the error summary's `#nombre` link reaches it. */
  name: string;
  label: string;
  /** Shown under the control as `{nombre}-ayuda`. */
  hint?: ReactNode;
  /** Shown under the control as `{nombre}-error`, with "Error: " for screen readers. */
  error?: string;
  /** A visible asterisk (the form says what it means, see `RequiredFieldsNote`) and `required`. */
  required?: boolean;
  /** Announce the error as soon as it appears (a page whose only field is this one). */
  announceError?: boolean;
  /** Extra classes for the wrapper, such as `campo--completo`. */
  className?: string;
  children: (control: ControlProps) => ReactNode;
};

/**
 * One form field: label, control, hint and error, with `aria-describedby` pointing at
 * the hint and the error that are shown (in that order) and `aria-invalid` while there is an
 * error. The control comes from the render prop, so an input, a textarea, a select, a combobox or
 * an input with its button in one row all get the same wiring.
 */
export function FormField({
  name: nombre,
  label: etiqueta,
  hint: ayuda,
  error,
  required: obligatorio,
  announceError: anunciarError,
  className,
  children,
}: Props) {
  const ayudaId = `${nombre}-ayuda`;
  const errorId = `${nombre}-error`;
  const describe = [ayuda ? ayudaId : undefined, error ? errorId : undefined].filter(Boolean).join(' ');
  const control: ControlProps = { id: nombre, name: nombre };
  if (obligatorio) control.required = true;
  if (describe) control['aria-describedby'] = describe;
  if (error) control['aria-invalid'] = true;
  return (
    <div className={className ? `campo ${className}` : 'campo'}>
      <label htmlFor={nombre}>
        {etiqueta}
        {obligatorio ? (
          <span className="campo__obligatorio" aria-hidden="true">
            {' *'}
          </span>
        ) : null}
      </label>
      {children(control)}
      {ayuda ? (
        <p id={ayudaId} className="campo__ayuda">
          {ayuda}
        </p>
      ) : null}
      {error ? (
        <p id={errorId} className="campo__error" role={anunciarError ? 'alert' : undefined}>
          <span className="visually-hidden">Error: </span>
          {error}
        </p>
      ) : null}
    </div>
  );
}

/** Above a form with required fields: what the asterisk means. */
export function RequiredFieldsNote() {
  return <p className="campo__leyenda">Los campos con * son obligatorios.</p>;
}
