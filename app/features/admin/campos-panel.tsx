import { FormField, RequiredFieldsNote } from '#app/components/ui/form-field.tsx';

/**
 * The generic form of the Gobierno back-office (docs/decisions/019-panel-de-gobierno.md):
 * the fields of any kind in domain/gobierno/panel-tipos.ts, as the loader sends them (plain data),
 * each with its label, limit, hint and error, showing back what was typed.
 */

export type CampoVista = {
  nombre: string;
  etiqueta: string;
  tipo: 'texto' | 'email' | 'telefono' | 'url' | 'enlace' | 'referencia' | 'opcion';
  obligatorio?: boolean;
  largo: number;
  ayuda?: string;
  opciones?: readonly (readonly [string, string])[];
  enLista?: boolean;
};

type Textos = Record<string, string | undefined>;
/** Per reference field, the items it may point to: [id, name]. */
export type OpcionesReferencia = Record<string, [number, string][]>;

/** The error summary's rows, in the form's order, with ids prefixed like the fields. */
export const erroresCampos = (campos: readonly CampoVista[], errores: Textos, prefijo = ''): [string, string, string][] =>
  campos.flatMap((c) => (errores[c.nombre] ? [[`${prefijo}${c.nombre}`, c.etiqueta, errores[c.nombre]!] as [string, string, string]] : []));

const TIPOS_INPUT = { texto: 'text', email: 'email', telefono: 'tel', url: 'url', enlace: 'text' } as const;
const AUTOCOMPLETAR = { texto: 'off', email: 'off', telefono: 'off', url: 'url', enlace: 'off' } as const;

/**
 * The fields of a kind. `prefijo` keeps ids unique when a page has two forms (the list's «Agregar»
 * uses `nuevo-`); the submitted names stay the fields' own.
 */
export function CamposPanel({
  campos,
  valores,
  errores,
  opciones,
  prefijo = '',
}: {
  campos: readonly CampoVista[];
  valores: Textos;
  errores: Textos;
  opciones: OpcionesReferencia;
  prefijo?: string;
}) {
  return (
    <>
      {campos.some((c) => c.obligatorio) ? <RequiredFieldsNote /> : null}
      {campos.map((c) => (
        <FormField key={c.nombre} name={`${prefijo}${c.nombre}`} label={c.etiqueta} error={errores[c.nombre]} required={c.obligatorio} hint={c.ayuda}>
          {(control) => {
            const props = { ...control, name: c.nombre };
            if (c.tipo === 'referencia' || c.tipo === 'opcion') {
              const lista =
                c.tipo === 'opcion' ? (c.opciones ?? []).map(([v, e]) => [v, e] as const) : (opciones[c.nombre] ?? []).map(([v, e]) => [String(v), e] as const);
              return (
                <select {...props} className="form-select" defaultValue={valores[c.nombre] ?? ''}>
                  <option value="">Elegí una opción</option>
                  {lista.map(([v, e]) => (
                    <option key={v} value={v}>
                      {e}
                    </option>
                  ))}
                </select>
              );
            }
            return (
              <input
                {...props}
                type={TIPOS_INPUT[c.tipo]}
                className="form-control"
                maxLength={c.largo}
                autoComplete={AUTOCOMPLETAR[c.tipo]}
                spellCheck={c.tipo === 'texto'}
                defaultValue={valores[c.nombre] ?? ''}
              />
            );
          }}
        </FormField>
      ))}
    </>
  );
}
