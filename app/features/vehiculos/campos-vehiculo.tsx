import { type ControlProps, FormField, RequiredFieldsNote } from '#app/components/ui/form-field.tsx';

/** The vehicle form's fields, shared by the list's «Agregar» and a vehicle's «Editar». */
export type CampoVehiculo = 'alias' | 'icono' | 'servicio' | 'dispositivo';

const ETIQUETAS: Record<CampoVehiculo, string> = {
  alias: 'Nombre',
  icono: 'Ícono en el mapa',
  servicio: 'Servicio',
  dispositivo: 'Identificador del dispositivo',
};

export type OpcionesVehiculo = {
  iconos: { valor: string; etiqueta: string }[];
  servicios: { valor: string; etiqueta: string }[];
  largoAlias: number;
  largoDispositivo: number;
};

type Textos = Partial<Record<CampoVehiculo, string>>;

/** The error summary's rows, in the form's order. */
export const erroresVehiculo = (errores: Textos): [string, string, string][] =>
  (Object.keys(ETIQUETAS) as CampoVehiculo[]).flatMap((c) => (errores[c] ? [[c, ETIQUETAS[c], errores[c]] as [string, string, string]] : []));

export function CamposVehiculo({
  errores,
  valores,
  opciones,
  avisoDispositivo,
}: {
  errores: Textos;
  valores: Textos;
  opciones: OpcionesVehiculo;
  /** The warning for a weak identifier (a short or all-digit one), when the form brings one back. */
  avisoDispositivo?: string | null;
}) {
  return (
    <>
      <RequiredFieldsNote />
      <FormField name="alias" label={ETIQUETAS.alias} error={errores.alias} required hint="Como lo ve el público en el mapa, por ejemplo Recolector 3.">
        {(control) => <input {...control} className="form-control" maxLength={opciones.largoAlias} autoComplete="off" defaultValue={valores.alias ?? ''} />}
      </FormField>
      <FormField name="icono" label={ETIQUETAS.icono} error={errores.icono} required>
        {(control) => <Opciones control={control} vacia="Elegí el ícono" opciones={opciones.iconos} valor={valores.icono} />}
      </FormField>
      <FormField
        name="servicio"
        label={ETIQUETAS.servicio}
        error={errores.servicio}
        required
        hint="Las máquinas de reparación de calles dejan en el mapa el recorrido de las últimas horas."
      >
        {(control) => <Opciones control={control} vacia="Elegí el servicio" opciones={opciones.servicios} valor={valores.servicio} />}
      </FormField>
      <FormField
        name="dispositivo"
        label={ETIQUETAS.dispositivo}
        error={errores.dispositivo}
        required
        hint="Es la clave del rastreador: quien la sepa puede mover el vehículo en el mapa. El sitio propone uno largo y al azar para un vehículo nuevo, que la hoja de configuración lleva en su código QR; no uses el IMEI ni el número del teléfono. Letras sin acentos, números, puntos, guiones o dos puntos, sin espacios."
      >
        {(control) => (
          <input
            {...control}
            className="form-control vehiculos__campo-dispositivo"
            maxLength={opciones.largoDispositivo}
            autoComplete="off"
            autoCapitalize="none"
            spellCheck={false}
            defaultValue={valores.dispositivo ?? ''}
          />
        )}
      </FormField>
      {avisoDispositivo ? <p className="aviso vehiculos__aviso-dispositivo">{avisoDispositivo}</p> : null}
    </>
  );
}

/** A select of one of the fields' lists, with an empty first choice that asks for one. */
function Opciones({
  control,
  vacia,
  opciones,
  valor,
}: {
  control: ControlProps;
  vacia: string;
  opciones: readonly { valor: string; etiqueta: string }[];
  valor: string | undefined;
}) {
  return (
    <select {...control} className="form-select" defaultValue={valor ?? ''}>
      <option value="">{vacia}</option>
      {opciones.map((o) => (
        <option key={o.valor} value={o.valor}>
          {o.etiqueta}
        </option>
      ))}
    </select>
  );
}
