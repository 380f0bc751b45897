import { useRef } from 'react';
import { ChoiceField } from '#app/components/ui/choice-field.tsx';
import { FormField, RequiredFieldsNote } from '#app/components/ui/form-field.tsx';
import { type DatosMapaZona, MapaZona } from './mapa-zona.tsx';

/**
 * The fields of Mi calle's back-office forms (docs/decisions/056-mi-calle.md): a zone, a service
 * with its rule builder, a one-off change. The ids are the field names, so each page holds at most
 * one form of each kind.
 */

export type CampoZona = 'nombre' | 'slug' | 'descripcion' | 'geometria' | 'archivo';
export type CampoServicio =
  'nombre' | 'slug' | 'frecuencia' | 'dias' | 'regla' | 'desde' | 'horaDesde' | 'horaHasta' | 'feriado' | 'guardia' | 'servicioVehiculo' | 'supervisorEmail';
export type CampoCambio = 'zonaId' | 'servicioId' | 'fecha' | 'tipo' | 'motivo' | 'horaDesde' | 'horaHasta';

type Errores<C extends string> = Partial<Record<C, string>>;

const ETIQUETAS_ZONA: Record<CampoZona, string> = {
  nombre: 'Nombre',
  slug: 'Dirección corta',
  descripcion: 'Descripción',
  geometria: 'Área (GeoJSON)',
  archivo: 'Archivo GeoJSON del área',
};
const ETIQUETAS_SERVICIO: Record<CampoServicio, string> = {
  nombre: 'Nombre del servicio',
  slug: 'Dirección corta',
  frecuencia: 'Cada cuánto pasa',
  dias: 'Días',
  regla: 'Regla de repetición (RRULE)',
  desde: 'Rige desde',
  horaDesde: 'Desde la hora',
  horaHasta: 'Hasta la hora',
  feriado: 'En un feriado',
  guardia: 'Nombre del recorrido de guardia',
  servicioVehiculo: 'Vehículos que lo hacen',
  supervisorEmail: 'Email del supervisor',
};
const ETIQUETAS_CAMBIO: Record<CampoCambio, string> = {
  zonaId: 'Zona',
  servicioId: 'Servicio',
  fecha: 'Fecha',
  tipo: 'Qué cambia',
  motivo: 'Motivo',
  horaDesde: 'Desde la hora',
  horaHasta: 'Hasta la hora',
};

/** The error summary's rows: [field id, label, message]. The builder's days link to the first checkbox. */
function resumen<C extends string>(etiquetas: Record<C, string>, errores: Errores<C>): [string, string, string][] {
  return (Object.entries(errores) as [C, string][]).map(([c, m]) => [c === 'dias' ? 'dias-MO' : c, etiquetas[c], m]);
}
export const erroresZona = (e: Errores<CampoZona>) => resumen(ETIQUETAS_ZONA, e);
export const erroresServicio = (e: Errores<CampoServicio>) => resumen(ETIQUETAS_SERVICIO, e);
export const erroresCambio = (e: Errores<CampoCambio>) => resumen(ETIQUETAS_CAMBIO, e);

/** A zone's fields; with `mapa`, the drawing map above the file and the text of the area, which it writes. */
export function CamposZona({
  errores,
  valores,
  nueva,
  mapa,
}: {
  errores: Errores<CampoZona>;
  valores: Errores<CampoZona>;
  nueva: boolean;
  mapa: DatosMapaZona;
}) {
  const geometria = useRef<HTMLTextAreaElement>(null);
  return (
    <>
      <RequiredFieldsNote />
      <FormField name="nombre" label={ETIQUETAS_ZONA.nombre} error={errores.nombre} required hint="Como la conocen los vecinos, por ejemplo Puerto Manzano.">
        {(control) => <input {...control} className="form-control" maxLength={80} autoComplete="off" defaultValue={valores.nombre ?? ''} />}
      </FormField>
      <FormField
        name="slug"
        label={ETIQUETAS_ZONA.slug}
        error={errores.slug}
        hint={
          nueva
            ? 'Opcional: la parte de la dirección del calendario (/recoleccion/puerto-manzano.ics). Si la dejás vacía, sale del nombre.'
            : 'Los calendarios suscriptos usan esta dirección: cambiala sólo si hace falta. Vacía, queda la que tiene.'
        }
      >
        {(control) => <input {...control} className="form-control" maxLength={60} autoComplete="off" spellCheck={false} defaultValue={valores.slug ?? ''} />}
      </FormField>
      <FormField name="descripcion" label={ETIQUETAS_ZONA.descripcion} error={errores.descripcion} hint="Opcional: qué calles o barrios abarca.">
        {(control) => <textarea {...control} className="form-control" rows={2} maxLength={1000} defaultValue={valores.descripcion ?? ''} />}
      </FormField>
      <MapaZona datos={mapa} campo={geometria} nueva={nueva} />
      <FormField
        name="archivo"
        label={ETIQUETAS_ZONA.archivo}
        error={errores.archivo}
        hint="Un archivo .geojson o .json de hasta 1 MB con un Polygon o MultiPolygon (o un Feature o FeatureCollection de ellos), en coordenadas WGS 84. Si subís un archivo, reemplaza al texto de abajo."
      >
        {(control) => <input {...control} type="file" className="form-control" accept=".geojson,.json,application/geo+json,application/json" />}
      </FormField>
      <FormField
        name="geometria"
        label={ETIQUETAS_ZONA.geometria}
        error={errores.geometria}
        required={nueva}
        hint={
          nueva
            ? 'Si no subís un archivo, pegá aquí el GeoJSON del área. Con JavaScript, el mapa lo escribe al dibujar.'
            : 'El área actual en GeoJSON: editala aquí, en el mapa, o subí un archivo nuevo. Vacía, queda el área que tiene.'
        }
      >
        {(control) => (
          <textarea
            {...control}
            ref={geometria}
            className="form-control recoleccion__geojson"
            rows={6}
            spellCheck={false}
            defaultValue={valores.geometria ?? ''}
          />
        )}
      </FormField>
    </>
  );
}

export const DIAS = [
  ['MO', 'Lunes'],
  ['TU', 'Martes'],
  ['WE', 'Miércoles'],
  ['TH', 'Jueves'],
  ['FR', 'Viernes'],
  ['SA', 'Sábado'],
  ['SU', 'Domingo'],
] as const;

const FRECUENCIAS = [
  ['semanal', 'Todas las semanas, los días marcados'],
  ['quincenal', 'Cada dos semanas, los días marcados (contando desde la fecha en que rige)'],
  ['mensual', 'Una vez por mes: el primero de los días marcados de cada mes'],
  ['personalizada', 'Con la regla de repetición escrita abajo'],
] as const;

const FERIADOS = [
  ['sin_servicio', 'No pasa'],
  ['dia_habil_siguiente', 'Pasa el día hábil siguiente'],
  ['guardia', 'Hace un recorrido de guardia'],
] as const;

export function CamposServicio({ errores, valores }: { errores: Errores<CampoServicio>; valores: Errores<CampoServicio> }) {
  const dias = new Set((valores.dias ?? '').split(','));
  const frecuencia = valores.frecuencia || 'semanal';
  return (
    <>
      <RequiredFieldsNote />
      <FormField name="nombre" label={ETIQUETAS_SERVICIO.nombre} error={errores.nombre} required hint="Por ejemplo Húmedos, Secos y reciclables, Poda y ramas.">
        {(control) => <input {...control} className="form-control" maxLength={80} autoComplete="off" defaultValue={valores.nombre ?? ''} />}
      </FormField>
      <FormField
        name="slug"
        label={ETIQUETAS_SERVICIO.slug}
        error={errores.slug}
        hint="Opcional: la parte de la dirección de su calendario. Vacía, sale del nombre (o queda la que tiene)."
      >
        {(control) => <input {...control} className="form-control" maxLength={60} autoComplete="off" spellCheck={false} defaultValue={valores.slug ?? ''} />}
      </FormField>
      <ChoiceField
        name="frecuencia"
        type="radio"
        legend={ETIQUETAS_SERVICIO.frecuencia}
        error={errores.frecuencia}
        choices={FRECUENCIAS.map(([valor, texto]) => ({
          id: valor === 'semanal' ? 'frecuencia' : `frecuencia-${valor}`,
          value: valor,
          label: texto,
          defaultChecked: frecuencia === valor,
        }))}
      />
      <ChoiceField
        name="dias"
        type="checkbox"
        legend={ETIQUETAS_SERVICIO.dias}
        error={errores.dias}
        choicesClassName="recoleccion__dias"
        choices={DIAS.map(([valor, texto]) => ({ id: `dias-${valor}`, value: valor, label: texto, defaultChecked: dias.has(valor) }))}
      />
      <FormField
        name="regla"
        label={ETIQUETAS_SERVICIO.regla}
        error={errores.regla}
        hint="Sólo si elegiste «Con la regla de repetición»: una RRULE de iCalendar (RFC 5545) sin DTSTART, por ejemplo FREQ=WEEKLY;BYDAY=MO,WE,FR o FREQ=MONTHLY;BYDAY=1MO."
      >
        {(control) => <input {...control} className="form-control" maxLength={300} autoComplete="off" spellCheck={false} defaultValue={valores.regla ?? ''} />}
      </FormField>
      <FormField
        name="desde"
        label={ETIQUETAS_SERVICIO.desde}
        error={errores.desde}
        hint="Opcional: desde cuándo cuentan los días (cada dos semanas cuenta desde aquí)."
      >
        {(control) => <input {...control} type="date" className="form-control" min="2000-01-01" max="2100-12-31" defaultValue={valores.desde ?? ''} />}
      </FormField>
      <div className="recoleccion__horas">
        <FormField name="horaDesde" label={ETIQUETAS_SERVICIO.horaDesde} error={errores.horaDesde} hint="Vacías las dos: todo el día.">
          {(control) => <input {...control} type="time" className="form-control" defaultValue={valores.horaDesde ?? ''} />}
        </FormField>
        <FormField name="horaHasta" label={ETIQUETAS_SERVICIO.horaHasta} error={errores.horaHasta}>
          {(control) => <input {...control} type="time" className="form-control" defaultValue={valores.horaHasta ?? ''} />}
        </FormField>
      </div>
      <FormField name="feriado" label={ETIQUETAS_SERVICIO.feriado} error={errores.feriado} hint="Según la tabla de feriados del panel.">
        {(control) => (
          <select {...control} className="form-select" defaultValue={valores.feriado || 'sin_servicio'}>
            {FERIADOS.map(([valor, texto]) => (
              <option key={valor} value={valor}>
                {texto}
              </option>
            ))}
          </select>
        )}
      </FormField>
      <FormField
        name="guardia"
        label={ETIQUETAS_SERVICIO.guardia}
        error={errores.guardia}
        hint="Sólo con recorrido de guardia, por ejemplo Recorrido de guardia de feriados."
      >
        {(control) => <input {...control} className="form-control" maxLength={80} autoComplete="off" defaultValue={valores.guardia ?? ''} />}
      </FormField>
      <FormField
        name="servicioVehiculo"
        label={ETIQUETAS_SERVICIO.servicioVehiculo}
        error={errores.servicioVehiculo}
        hint="Sus posiciones dicen «¿Cuándo pasó?» y la cobertura."
      >
        {(control) => (
          <select {...control} className="form-select" defaultValue={valores.servicioVehiculo || 'recoleccion'}>
            <option value="recoleccion">Recolección</option>
            <option value="vialidad">Vialidad</option>
          </select>
        )}
      </FormField>
      <FormField
        name="supervisorEmail"
        label={ETIQUETAS_SERVICIO.supervisorEmail}
        error={errores.supervisorEmail}
        hint="Opcional: recibe el resumen diario de la cobertura."
      >
        {(control) => (
          <input {...control} type="email" className="form-control" maxLength={254} autoComplete="off" defaultValue={valores.supervisorEmail ?? ''} />
        )}
      </FormField>
    </>
  );
}

export function CamposCambio({
  errores,
  valores,
  servicios,
}: {
  errores: Errores<CampoCambio>;
  valores: Errores<CampoCambio>;
  servicios: { id: number; nombre: string }[];
}) {
  return (
    <>
      <RequiredFieldsNote />
      <FormField name="fecha" label={ETIQUETAS_CAMBIO.fecha} error={errores.fecha} required>
        {(control) => <input {...control} type="date" className="form-control" min="2000-01-01" max="2100-12-31" defaultValue={valores.fecha ?? ''} />}
      </FormField>
      <FormField name="servicioId" label={ETIQUETAS_CAMBIO.servicioId} error={errores.servicioId} hint="Una pasada extra es de un servicio.">
        {(control) => (
          <select {...control} className="form-select" defaultValue={valores.servicioId ?? ''}>
            <option value="">Todos los servicios de la zona</option>
            {servicios.map((s) => (
              <option key={s.id} value={String(s.id)}>
                {s.nombre}
              </option>
            ))}
          </select>
        )}
      </FormField>
      <FormField name="tipo" label={ETIQUETAS_CAMBIO.tipo} error={errores.tipo}>
        {(control) => (
          <select {...control} className="form-select" defaultValue={valores.tipo ?? 'suspendido'}>
            <option value="suspendido">Ese día no pasa</option>
            <option value="pasada_extra">Pasada extra ese día</option>
          </select>
        )}
      </FormField>
      <FormField
        name="motivo"
        label={ETIQUETAS_CAMBIO.motivo}
        error={errores.motivo}
        required
        hint="Lo leen los vecinos, por ejemplo «No hay recolección por nevada»."
      >
        {(control) => <input {...control} className="form-control" maxLength={300} autoComplete="off" defaultValue={valores.motivo ?? ''} />}
      </FormField>
      <div className="recoleccion__horas">
        <FormField
          name="horaDesde"
          label={ETIQUETAS_CAMBIO.horaDesde}
          error={errores.horaDesde}
          hint="Opcional, para una pasada extra: vacías, el horario del servicio."
        >
          {(control) => <input {...control} type="time" className="form-control" defaultValue={valores.horaDesde ?? ''} />}
        </FormField>
        <FormField name="horaHasta" label={ETIQUETAS_CAMBIO.horaHasta} error={errores.horaHasta}>
          {(control) => <input {...control} type="time" className="form-control" defaultValue={valores.horaHasta ?? ''} />}
        </FormField>
      </div>
    </>
  );
}
