/** Small parts of the vehicle pages: states said in words, never by colour alone. */

export function EstadoVehiculo({ activo }: { activo: boolean }) {
  return <span className={`estado-vehiculo estado-vehiculo--${activo ? 'activo' : 'inactivo'}`}>{activo ? 'Activo' : 'Inactivo'}</span>;
}

/** Whether a position reached the public map: private ones were at the depot or outside service hours. */
export const visibilidadTexto = (publica: boolean) => (publica ? 'Pública' : 'Privada');

type Reporte = { iso: string; texto: string; hace: string; recibida: string; publica: boolean };

/** A vehicle's last report: how long ago, when, and whether the public saw it. */
export function UltimoReporteTexto({ reporte }: { reporte: Reporte | null }) {
  if (!reporte) return <>Sin reportes</>;
  return (
    <>
      <span className="tabla-admin__principal">{reporte.hace}</span>
      <span className="tabla-admin__detalle">
        <time dateTime={reporte.iso} className="sin-corte">
          {reporte.texto}
        </time>
        {' · '}
        {visibilidadTexto(reporte.publica)}
      </span>
    </>
  );
}
