import { FormField, RequiredFieldsNote } from '#app/components/ui/form-field.tsx';
import type { PreguntaCategoria } from '#db/schema/reclamos.ts';
import {
  type CampoCategoria,
  ETIQUETAS_SERVICIO,
  ETIQUETAS_TIPO_PREGUNTA,
  FILAS_PREGUNTAS,
  LIMITES_CATALOGO,
  TIPOS_PREGUNTA,
} from '#domain/reclamos/catalogo-campos.ts';

/**
 * The fields of a report category (docs/decisions/057-reclamos.md), for the new and the edit page.
 * The extra questions are rows of plain fields (its questions and FILAS_PREGUNTAS empty ones), so
 * the form works without JavaScript: an empty row is ignored, a row emptied removes its question.
 */

export const ETIQUETAS_CATEGORIA: Record<CampoCategoria, string> = {
  nombre: 'Nombre',
  codigo: 'Código',
  grupo: 'Grupo',
  descripcion: 'Descripción',
  aviso: 'Aviso antes del formulario',
  preguntas: 'Preguntas extra',
  radioDuplicadosM: 'Radio de duplicados (metros)',
  plazoDiasHabiles: 'Plazo (días hábiles)',
  areaId: 'Área responsable',
  servicioVehiculo: 'Servicio de vehículos',
};

/** The error summary's rows, in the form's order; the questions' error links to the first row. */
export const erroresCategoria = (errores: Partial<Record<CampoCategoria, string>>): [string, string, string][] =>
  (Object.keys(ETIQUETAS_CATEGORIA) as CampoCategoria[])
    .filter((c) => errores[c])
    .map((c) => [c === 'preguntas' ? 'pregunta_etiqueta_1' : c, ETIQUETAS_CATEGORIA[c], errores[c]!]);

export type ValoresCategoria = Partial<Record<CampoCategoria, string>> & { filas?: FilaFormulario[] };
export type FilaFormulario = { codigo: string; etiqueta: string; tipo: string; requerida: boolean; opciones: string };

/** A category's questions as the form's rows. */
export const filasDe = (preguntas: PreguntaCategoria[]): FilaFormulario[] =>
  preguntas.map((p) => ({
    codigo: p.codigo,
    etiqueta: p.etiqueta,
    tipo: p.tipo,
    requerida: p.requerida,
    opciones: (p.opciones ?? []).map((o) => `${o.clave}: ${o.nombre}`).join('\n'),
  }));

/** The question rows a submitted form had, to show them back after an error. */
export function filasDelFormulario(form: FormData): FilaFormulario[] {
  const filas: FilaFormulario[] = [];
  const leer = (campo: string) => {
    const v = form.get(campo);
    return typeof v === 'string' ? v.slice(0, 2000) : '';
  };
  for (let n = 1; n <= LIMITES_CATALOGO.preguntas + FILAS_PREGUNTAS; n++) {
    const fila = {
      codigo: leer(`pregunta_codigo_${n}`),
      etiqueta: leer(`pregunta_etiqueta_${n}`),
      tipo: leer(`pregunta_tipo_${n}`),
      requerida: form.get(`pregunta_requerida_${n}`) !== null,
      opciones: leer(`pregunta_opciones_${n}`),
    };
    if (fila.codigo.trim() !== '' || fila.etiqueta.trim() !== '' || fila.opciones.trim() !== '') filas.push(fila);
  }
  return filas;
}

export function CamposCategoria({
  errores,
  valores,
  areas,
}: {
  errores: Partial<Record<CampoCategoria, string>>;
  valores: ValoresCategoria;
  areas: { id: number; nombre: string }[];
}) {
  const filas = [
    ...(valores.filas ?? []),
    ...Array.from({ length: FILAS_PREGUNTAS }, () => ({ codigo: '', etiqueta: '', tipo: '', requerida: false, opciones: '' })),
  ].slice(0, LIMITES_CATALOGO.preguntas + FILAS_PREGUNTAS);
  return (
    <>
      <RequiredFieldsNote />
      <FormField name="nombre" label={ETIQUETAS_CATEGORIA.nombre} error={errores.nombre} required hint="Como lo ve quien reclama, por ejemplo «Bache».">
        {(c) => <input {...c} className="form-control" maxLength={LIMITES_CATALOGO.nombre} autoComplete="off" defaultValue={valores.nombre ?? ''} />}
      </FormField>
      <FormField
        name="codigo"
        label={ETIQUETAS_CATEGORIA.codigo}
        error={errores.codigo}
        hint="El service_code de Open311: letras minúsculas sin acentos, números y guiones. Vacío, se arma con el nombre."
      >
        {(c) => (
          <input
            {...c}
            className="form-control"
            maxLength={LIMITES_CATALOGO.codigo}
            autoComplete="off"
            spellCheck={false}
            defaultValue={valores.codigo ?? ''}
          />
        )}
      </FormField>
      <FormField
        name="grupo"
        label={ETIQUETAS_CATEGORIA.grupo}
        error={errores.grupo}
        hint="Las categorías del mismo grupo se muestran juntas, por ejemplo «Calles y veredas»."
      >
        {(c) => <input {...c} className="form-control" maxLength={LIMITES_CATALOGO.grupo} autoComplete="off" defaultValue={valores.grupo ?? ''} />}
      </FormField>
      <FormField
        name="descripcion"
        label={ETIQUETAS_CATEGORIA.descripcion}
        error={errores.descripcion}
        hint="Qué entra en esta categoría, en una o dos oraciones."
      >
        {(c) => <textarea {...c} className="form-control" rows={3} maxLength={LIMITES_CATALOGO.descripcion} defaultValue={valores.descripcion ?? ''} />}
      </FormField>
      <FormField
        name="aviso"
        label={ETIQUETAS_CATEGORIA.aviso}
        error={errores.aviso}
        hint="Opcional. Se muestra antes de reclamar, por ejemplo «Si hay cables o peligro, llamá al 103 (Defensa Civil)»."
      >
        {(c) => <textarea {...c} className="form-control" rows={2} maxLength={LIMITES_CATALOGO.aviso} defaultValue={valores.aviso ?? ''} />}
      </FormField>
      <FormField
        name="radioDuplicadosM"
        label={ETIQUETAS_CATEGORIA.radioDuplicadosM}
        error={errores.radioDuplicadosM}
        hint={`Entre ${LIMITES_CATALOGO.radio.min} y ${LIMITES_CATALOGO.radio.max}: un reclamo abierto de esta categoría a esa distancia se ofrece como el mismo.`}
      >
        {(c) => <input {...c} className="form-control" inputMode="numeric" maxLength={4} defaultValue={valores.radioDuplicadosM ?? '50'} />}
      </FormField>
      <FormField
        name="plazoDiasHabiles"
        label={ETIQUETAS_CATEGORIA.plazoDiasHabiles}
        error={errores.plazoDiasHabiles}
        hint={`Entre ${LIMITES_CATALOGO.plazo.min} y ${LIMITES_CATALOGO.plazo.max} días hábiles, contados con los feriados.`}
      >
        {(c) => <input {...c} className="form-control" inputMode="numeric" maxLength={3} defaultValue={valores.plazoDiasHabiles ?? '10'} />}
      </FormField>
      <FormField name="areaId" label={ETIQUETAS_CATEGORIA.areaId} error={errores.areaId}>
        {(c) => (
          <select {...c} className="form-select" defaultValue={valores.areaId ?? ''}>
            <option value="">Sin área asignada</option>
            {areas.map((a) => (
              <option key={a.id} value={String(a.id)}>
                {a.nombre}
              </option>
            ))}
          </select>
        )}
      </FormField>
      <FormField
        name="servicioVehiculo"
        label={ETIQUETAS_CATEGORIA.servicioVehiculo}
        error={errores.servicioVehiculo}
        hint="Si los reclamos de esta categoría se contrastan con las pasadas de los vehículos de ese servicio."
      >
        {(c) => (
          <select {...c} className="form-select" defaultValue={valores.servicioVehiculo ?? 'ninguno'}>
            <option value="ninguno">Ninguno</option>
            {Object.entries(ETIQUETAS_SERVICIO).map(([valor, etiqueta]) => (
              <option key={valor} value={valor}>
                {etiqueta}
              </option>
            ))}
          </select>
        )}
      </FormField>
      <fieldset className="campo" aria-describedby={errores.preguntas ? 'preguntas-ayuda preguntas-error' : 'preguntas-ayuda'}>
        <legend>{ETIQUETAS_CATEGORIA.preguntas}</legend>
        <p id="preguntas-ayuda" className="campo__ayuda">
          Opcional. Cada fila es una pregunta más del formulario; una fila vacía no cuenta y vaciar una fila borra su pregunta. Para el tipo opción, escribí una
          opción por línea («clave: nombre», o sólo el nombre).
        </p>
        {errores.preguntas ? (
          <p id="preguntas-error" className="campo__error">
            <span className="visually-hidden">Error: </span>
            {errores.preguntas}
          </p>
        ) : null}
        {filas.map((f, i) => {
          const n = i + 1;
          return (
            <fieldset key={n} className="admin__fila-pregunta">
              <legend>Pregunta {n}</legend>
              <div className="campo">
                <label htmlFor={`pregunta_etiqueta_${n}`}>Pregunta</label>
                <input
                  id={`pregunta_etiqueta_${n}`}
                  name={`pregunta_etiqueta_${n}`}
                  className="form-control"
                  maxLength={LIMITES_CATALOGO.etiqueta}
                  defaultValue={f.etiqueta}
                />
              </div>
              <div className="campo">
                <label htmlFor={`pregunta_codigo_${n}`}>Código</label>
                <input
                  id={`pregunta_codigo_${n}`}
                  name={`pregunta_codigo_${n}`}
                  className="form-control"
                  maxLength={40}
                  spellCheck={false}
                  defaultValue={f.codigo}
                />
              </div>
              <div className="campo">
                <label htmlFor={`pregunta_tipo_${n}`}>Tipo de respuesta</label>
                <select id={`pregunta_tipo_${n}`} name={`pregunta_tipo_${n}`} className="form-select" defaultValue={f.tipo}>
                  <option value="">Elegí el tipo</option>
                  {TIPOS_PREGUNTA.map((t) => (
                    <option key={t} value={t}>
                      {ETIQUETAS_TIPO_PREGUNTA[t]}
                    </option>
                  ))}
                </select>
              </div>
              <div className="campo">
                <label htmlFor={`pregunta_opciones_${n}`}>Opciones (una por línea)</label>
                <textarea id={`pregunta_opciones_${n}`} name={`pregunta_opciones_${n}`} className="form-control" rows={2} defaultValue={f.opciones} />
              </div>
              <div className="form-check">
                <input
                  id={`pregunta_requerida_${n}`}
                  name={`pregunta_requerida_${n}`}
                  type="checkbox"
                  className="form-check-input"
                  defaultChecked={f.requerida}
                />
                <label htmlFor={`pregunta_requerida_${n}`} className="form-check-label">
                  Respuesta obligatoria
                </label>
              </div>
            </fieldset>
          );
        })}
      </fieldset>
    </>
  );
}
