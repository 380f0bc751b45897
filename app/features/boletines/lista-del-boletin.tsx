import type { ReactNode, Ref } from 'react';
import { Form } from 'react-router';
import { DataTable } from '#app/components/ui/data-table.tsx';
import { ErrorSummary } from '#app/components/ui/error-summary.tsx';
import { FormField, RequiredFieldsNote } from '#app/components/ui/form-field.tsx';

/** One field of the add-a-line form: its name on the page, label, hint and longest value. */
export type CampoLinea<C extends string> = { nombre: C; etiqueta: string; ayuda?: string; largo: number };

type Props<T extends { id: number }, C extends string> = {
  /** The section's id prefix: `ordenanzas` gives `ordenanzas-titulo`, `agregar-ordenanza-titulo`. */
  clave: 'ordenanza' | 'decreto';
  titulo: string;
  intro?: ReactNode;
  enlace: string;
  caption: string;
  columnas: string[];
  filas: T[];
  celdas: (fila: T) => ReactNode[];
  /** How a line is named for a screen reader: «la ordenanza 3456/2026». */
  nombre: (fila: T) => string;
  vacio: string;
  /** «Subir» and «Bajar» on each line, when the public page follows the list's order. */
  ordenable?: boolean;
  agregar: { titulo: string; resumen: string; boton: string };
  campos: CampoLinea<C>[];
  errores: Partial<Record<C, string>>;
  valores: Partial<Record<C, string>>;
  refResumen: Ref<HTMLDivElement>;
};

/**
 * A list of what a bulletin publishes (its ordinances, its decrees) on the bulletin's back-office
 * page: the table with a «Quitar» (and, when the list is ordered by hand, «Subir» and «Bajar») on
 * each line, and the form that adds a line. Each button is a plain form POST, so it needs no
 * JavaScript (docs/decisions/050-un-solo-boletin.md).
 */
export function ListaDelBoletin<T extends { id: number }, C extends string>({ refResumen, ...p }: Props<T, C>) {
  const plural = `${p.clave}s`;
  const columnas = [...p.columnas, p.ordenable ? 'Acciones' : 'Quitar'];
  return (
    <section aria-labelledby={`${plural}-titulo`} className="admin__seccion">
      <h2 id={`${plural}-titulo`}>{p.titulo}</h2>
      {p.intro}
      {p.filas.length > 0 ? (
        <DataTable
          caption={p.caption}
          className="tabla-admin"
          columns={columnas}
          rows={p.filas}
          rowKey={(f) => f.id}
          cells={(f) => {
            const i = p.filas.indexOf(f);
            return [
              ...p.celdas(f),
              <Form method="post" action={p.enlace} className="admin__acciones">
                <input type="hidden" name={p.clave} value={f.id} />
                {p.ordenable ? (
                  <>
                    <button type="submit" name="intent" value={`subir-${p.clave}`} className="btn btn-sm btn-outline-secondary" disabled={i === 0}>
                      Subir<span className="visually-hidden"> {p.nombre(f)}</span>
                    </button>{' '}
                    <button
                      type="submit"
                      name="intent"
                      value={`bajar-${p.clave}`}
                      className="btn btn-sm btn-outline-secondary"
                      disabled={i === p.filas.length - 1}
                    >
                      Bajar<span className="visually-hidden"> {p.nombre(f)}</span>
                    </button>{' '}
                  </>
                ) : null}
                <button type="submit" name="intent" value={`quitar-${p.clave}`} className="btn btn-outline-danger btn-sm" aria-label={`Quitar ${p.nombre(f)}`}>
                  Quitar
                </button>
              </Form>,
            ];
          }}
        />
      ) : (
        <p>{p.vacio}</p>
      )}
      <h3 id={`agregar-${p.clave}-titulo`}>{p.agregar.titulo}</h3>
      <ErrorSummary
        title={p.agregar.resumen}
        errors={p.campos.flatMap((c) => (p.errores[c.nombre] ? [[c.nombre, c.etiqueta, p.errores[c.nombre]!] as [string, string, string]] : []))}
        ref={refResumen}
      />
      <Form method="post" action={p.enlace} className="admin__formulario" noValidate aria-labelledby={`agregar-${p.clave}-titulo`}>
        <RequiredFieldsNote />
        {p.campos.map((c) => (
          <FormField key={c.nombre} name={c.nombre} label={c.etiqueta} hint={c.ayuda} error={p.errores[c.nombre]} required>
            {(control) => <input {...control} className="form-control" autoComplete="off" maxLength={c.largo} defaultValue={p.valores[c.nombre] ?? ''} />}
          </FormField>
        ))}
        <button type="submit" name="intent" value={`agregar-${p.clave}`} className="btn btn-primary">
          {p.agregar.boton}
        </button>
      </Form>
    </section>
  );
}
