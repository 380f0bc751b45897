import { DataTable } from '#app/components/ui/data-table.tsx';
import { formatInteger } from '#domain/shared/formato.ts';

/** A coverage row as the loader sends it: instants already written as text of the town's hours. */
export type FilaCoberturaPagina = {
  clave: string;
  zona: string;
  servicio: string;
  horario: string;
  estado: string;
  /** The state's class: covered, not covered, pending (docs/architecture.md, «Cobertura y retención de posiciones»). */
  clase: 'cubierta' | 'no_cubierta' | 'pendiente' | 'sin_calcular';
  franja: string;
  posiciones: number;
  vehiculo: string | null;
};

/**
 * The coverage of a day as a table, one row per zone and service scheduled: the state in words (never
 * colour alone), the scheduled hours, when a vehicle of the service was first and last inside the
 * zone, how many positions and which vehicle.
 */
export function TablaCobertura({ filas, dia }: { filas: FilaCoberturaPagina[]; dia: string }) {
  return (
    <DataTable
      caption={`Cobertura del ${dia}, por zona y servicio`}
      columns={['Zona', 'Servicio', 'Horario previsto', 'Estado', 'Pasó', 'Posiciones', 'Vehículo']}
      rows={filas}
      rowKey={(f) => f.clave}
      rowClassName={(f) => (f.clase === 'no_cubierta' ? 'table-warning' : undefined)}
      cells={(f) => [f.zona, f.servicio, f.horario, <strong key="estado">{f.estado}</strong>, f.franja, formatInteger(f.posiciones), f.vehiculo ?? '—']}
    />
  );
}
