import type { ReactNode } from 'react';

/** One checkbox or radio button of a `ChoiceField`: its own `name` where it is not the group's. */
type Choice = { id: string; label: ReactNode; defaultChecked: boolean; value?: string; name?: string };

type Props = {
  /** The group's name: the inputs' name (unless a choice has its own) and the error's id, `{name}-error`. */
  name: string;
  type: 'checkbox' | 'radio';
  legend: ReactNode;
  choices: readonly Choice[];
  /** Shown under the choices, with "Error: " for screen readers; the fieldset's `aria-describedby` names it. */
  error?: string | undefined;
  /** The fieldset's id, where the error summary links to the group rather than to its first choice. */
  id?: string;
  /** A wrapper around the choices, for a layout of its own (the days of the week in a row). */
  choicesClassName?: string;
  /** More of the group, after the error (the e-mail field of the mail notices). */
  children?: ReactNode;
};

/**
 * A group of checkboxes or radio buttons, as `FormField` is one field: a fieldset with its legend,
 * a `form-check` per choice with its label, and the group's error under them, wired with
 * `aria-describedby`.
 */
export function ChoiceField({ name, type, legend, choices, error, id, choicesClassName, children }: Props) {
  const errorId = `${name}-error`;
  const lista = choices.map((c) => (
    <div className="form-check" key={c.id}>
      <input className="form-check-input" type={type} name={c.name ?? name} id={c.id} value={c.value} defaultChecked={c.defaultChecked} />
      <label className="form-check-label" htmlFor={c.id}>
        {c.label}
      </label>
    </div>
  ));
  return (
    <fieldset className="campo" id={id} aria-describedby={error ? errorId : undefined}>
      <legend>{legend}</legend>
      {choicesClassName ? <div className={choicesClassName}>{lista}</div> : lista}
      {error ? (
        <p className="campo__error" id={errorId}>
          <span className="visually-hidden">Error: </span>
          {error}
        </p>
      ) : null}
      {children}
    </fieldset>
  );
}
