import { FormField } from '#app/components/ui/form-field.tsx';
import { CampoPdf } from '#app/features/admin/documentos-panel.tsx';
import type { LimiteSubida } from '#app/features/admin/subidas.ts';
import type { TipoFinanzas } from '#domain/finanzas/campos.ts';
import type { CampoFinanzas } from '#domain/finanzas/admin.ts';
import { TIPOS_ESTADO_CONTABLE } from '#domain/finanzas/campos.ts';
import { monthName } from '#domain/shared/meses.ts';

/** What each list is called, in the page's words (docs/decisions/020-finanzas-en-el-panel.md). */
export const TEXTOS_FINANZAS = {
  'estados-contables': {
    titulo: 'Estados contables',
    publica: '/estados-contables',
    paginaPublica: 'la página de Estados Contables',
    uno: 'estado contable',
    varios: 'estados contables',
    el: 'el estado contable',
    subir: 'Subir un estado contable',
    archivo: 'PDF del estado contable',
  },
  sueldos: {
    titulo: 'Sueldos',
    publica: '/sueldos',
    paginaPublica: 'la página de Sueldos',
    uno: 'informe de sueldos',
    varios: 'informes de sueldos',
    el: 'el informe de sueldos',
    subir: 'Subir un informe de sueldos',
    archivo: 'PDF del informe de sueldos',
  },
} as const satisfies Record<TipoFinanzas, Record<string, string>>;

const ETIQUETAS: Record<CampoFinanzas, string> = { tipo: 'Tipo', mes: 'Mes', periodo: 'Período', anio: 'Año', archivo: 'PDF' };
const CAMPOS: Record<TipoFinanzas, CampoFinanzas[]> = { 'estados-contables': ['tipo', 'mes', 'anio', 'archivo'], sueldos: ['periodo', 'anio', 'archivo'] };

/** The error summary's rows: field, label and message, in the form's order. */
export const erroresFinanzas = (tipo: TipoFinanzas, errores: Partial<Record<CampoFinanzas, string>>): [string, string, string][] =>
  CAMPOS[tipo].filter((c) => errores[c]).map((c) => [c, c === 'archivo' ? TEXTOS_FINANZAS[tipo].archivo : ETIQUETAS[c], errores[c]!]);

type Props = {
  tipo: TipoFinanzas;
  errores: Partial<Record<CampoFinanzas, string>>;
  valores: Partial<Record<CampoFinanzas, string>>;
  limite: LimiteSubida;
  periodos: readonly (readonly [string, number])[];
  reemplazo?: boolean;
};

/**
 * The fields of an accounting statement (resources or expenses, month, year) or of a salary report
 * (period, year), and the PDF with the upload's progress. `reemplazo`: the PDF is optional.
 */
export function CamposFinanzas({ tipo, errores, valores, limite, periodos, reemplazo = false }: Props) {
  const anio = (
    <FormField name="anio" label={ETIQUETAS.anio} error={errores.anio} required>
      {(control) => <input {...control} className="form-control" inputMode="numeric" defaultValue={valores.anio ?? ''} maxLength={4} autoComplete="off" />}
    </FormField>
  );
  return (
    <>
      {tipo === 'estados-contables' ? (
        <div className="admin__campos-fila">
          <FormField name="tipo" label={ETIQUETAS.tipo} error={errores.tipo} required>
            {(control) => (
              <select {...control} className="form-select" defaultValue={valores.tipo ?? ''}>
                <option value="">Elegí el tipo</option>
                {Object.entries(TIPOS_ESTADO_CONTABLE).map(([valor, texto]) => (
                  <option key={valor} value={valor}>
                    {texto}
                  </option>
                ))}
              </select>
            )}
          </FormField>
          <FormField name="mes" label={ETIQUETAS.mes} error={errores.mes} required>
            {(control) => (
              <select {...control} className="form-select" defaultValue={valores.mes ?? ''}>
                <option value="">Elegí el mes</option>
                {Array.from({ length: 12 }, (_, i) => (
                  <option key={i} value={i + 1}>
                    {monthName(i + 1)}
                  </option>
                ))}
              </select>
            )}
          </FormField>
          {anio}
        </div>
      ) : (
        <div className="admin__campos-fila">
          <FormField name="periodo" label={ETIQUETAS.periodo} error={errores.periodo} required>
            {(control) => (
              <select {...control} className="form-select" defaultValue={valores.periodo ?? ''}>
                <option value="">Elegí el período</option>
                {periodos.map(([periodo]) => (
                  <option key={periodo} value={periodo}>
                    {periodo}
                  </option>
                ))}
              </select>
            )}
          </FormField>
          {anio}
        </div>
      )}
      <CampoPdf etiqueta={TEXTOS_FINANZAS[tipo].archivo} error={errores.archivo} limite={limite} reemplazo={reemplazo} />
    </>
  );
}
