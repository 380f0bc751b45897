import { DataTable } from '#app/components/ui/data-table.tsx';
import { type VehiculoMostrado, ubicacionRelativa } from './estado.ts';

type Props = {
  vehiculos: VehiculoMostrado[];
  etiquetas: { iconos: Record<string, string>; servicios: Record<string, string> };
  minutosRecientes: number;
  /** Service hours, 'HH:MM' (equal: the whole day). */
  horario: { desde: string; hasta: string };
  /** The town centre of the settings, from which each position is said in words. */
  centro: { latitud: number; longitud: number };
};

/**
 * The map's accessible alternative: every vehicle on the map with what it is, its
 * service, where it is from the town centre and when it last reported, written by the server and kept up to date by the page. It is
 * what screen readers and browsers without JavaScript use; a silent vehicle is said so in words,
 * not only drawn grey.
 */
export function ListaVehiculos({ vehiculos, etiquetas, minutosRecientes, horario, centro }: Props) {
  if (vehiculos.length === 0) {
    const horas = horario.desde === horario.hasta ? '' : `, de ${horario.desde} a ${horario.hasta}`;
    return (
      <p className="vehiculos__vacio">
        {`En este momento ningún vehículo informa su posición. Aparecen aquí y en el mapa mientras recorren la ciudad${horas}.`}
      </p>
    );
  }
  return (
    <DataTable
      caption={`Vehículos que informaron su posición en los últimos ${minutosRecientes} minutos`}
      columns={['Vehículo', 'Tipo', 'Servicio', 'Ubicación', 'Último reporte']}
      rows={vehiculos}
      rowKey={(v) => v.id}
      rowClassName={(v) => (v.estado === 'gris' ? 'vehiculos__fila--gris' : undefined)}
      className="tabla-gobierno tabla-apilada tabla-vehiculos"
      cells={(v) => [
        <span className="vehiculos__nombre" key="alias">
          <span
            className={`vehiculos__icono icono-vehiculo icono-vehiculo--${v.icono} vehiculo-marcador--${v.servicio}${v.estado === 'gris' ? ' vehiculo-marcador--gris' : ''}`}
            aria-hidden="true"
          />
          {v.alias}
        </span>,
        etiquetas.iconos[v.icono] ?? v.icono,
        etiquetas.servicios[v.servicio] ?? v.servicio,
        ubicacionRelativa(v.latitud, v.longitud, centro),
        <span key="visto" className={v.estado === 'gris' ? 'vehiculos__silencio' : undefined}>
          {v.texto}, a las <time dateTime={v.vistoEn}>{v.horaTexto}</time>
        </span>,
      ]}
    />
  );
}
