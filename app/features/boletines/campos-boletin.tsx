import { FormField } from '#app/components/ui/form-field.tsx';
import { CampoPdf } from '#app/features/admin/documentos-panel.tsx';
import type { LimiteSubida } from '#app/features/admin/subidas.ts';
import type { CampoBoletin } from '#domain/boletines/admin.ts';

const MESES = ['Enero', 'Febrero', 'Marzo', 'Abril', 'Mayo', 'Junio', 'Julio', 'Agosto', 'Septiembre', 'Octubre', 'Noviembre', 'Diciembre'];

export const ETIQUETAS_BOLETIN: Record<CampoBoletin, string> = { numero: 'Número', mes: 'Mes', anio: 'Año', archivo: 'PDF del boletín' };

/** The error summary's rows: field, label and message, in the form's order. */
export const erroresBoletin = (errores: Partial<Record<CampoBoletin, string>>): [string, string, string][] =>
  (Object.keys(ETIQUETAS_BOLETIN) as CampoBoletin[]).filter((c) => errores[c]).map((c) => [c, ETIQUETAS_BOLETIN[c], errores[c]!]);

/**
 * The fields of a bulletin (number, month, year, PDF) for the create and edit forms, with the
 * upload's progress. `reemplazo`: the PDF is optional and replaces the current one.
 */
export function CamposBoletin({
  errores,
  valores,
  limite,
  reemplazo = false,
}: {
  errores: Partial<Record<CampoBoletin, string>>;
  valores: Partial<Record<CampoBoletin, string>>;
  limite: LimiteSubida;
  reemplazo?: boolean;
}) {
  return (
    <>
      <div className="admin__campos-fila">
        <FormField name="numero" label={ETIQUETAS_BOLETIN.numero} error={errores.numero} required>
          {(control) => (
            <input {...control} className="form-control" inputMode="numeric" defaultValue={valores.numero ?? ''} maxLength={6} autoComplete="off" />
          )}
        </FormField>
        <FormField name="mes" label={ETIQUETAS_BOLETIN.mes} error={errores.mes} required>
          {(control) => (
            <select {...control} className="form-select" defaultValue={valores.mes ?? ''}>
              <option value="">Elegí el mes</option>
              {MESES.map((m, i) => (
                <option key={m} value={i + 1}>
                  {m}
                </option>
              ))}
            </select>
          )}
        </FormField>
        <FormField name="anio" label={ETIQUETAS_BOLETIN.anio} error={errores.anio} required>
          {(control) => <input {...control} className="form-control" inputMode="numeric" defaultValue={valores.anio ?? ''} maxLength={4} autoComplete="off" />}
        </FormField>
      </div>
      <CampoPdf etiqueta={ETIQUETAS_BOLETIN.archivo} error={errores.archivo} limite={limite} reemplazo={reemplazo} />
    </>
  );
}
