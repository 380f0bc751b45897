import type { Db } from '#db/client.ts';
import { ACTOR_SISTEMA } from '#domain/shared/actor.ts';
import { createVehiculo, setActivo } from '#domain/vehiculos/admin.ts';
import type { PosicionRecibida } from '#domain/vehiculos/ingesta.ts';
import type { DatosVehiculo } from '#domain/vehiculos/schemas.ts';

let siguiente = 0;

/**
 * A vehicle with a device identifier of its own (unique in the run), added by the command staff
 * use (createVehiculo: its checks and the audit as «El sistema»); overrides replace the form's
 * fields, and `activo: false` deactivates it afterwards with `setActivo`, as staff would.
 */
export async function insertVehiculo(
  db: Db,
  datos: Partial<DatosVehiculo> & { activo?: boolean } = {},
): Promise<{ id: number; dispositivo: string; alias: string }> {
  const n = ++siguiente;
  const { activo = true, ...campos } = datos;
  const alta = await createVehiculo(db, ACTOR_SISTEMA, {
    alias: `Vehículo ${n}`,
    icono: 'recolector',
    servicio: 'recoleccion',
    dispositivo: `disp-${process.pid}-${n}`,
    ...campos,
  });
  if (alta.tipo !== 'guardado') throw new Error(`el vehículo de prueba no se guardó: ${JSON.stringify(alta)}`);
  const { id, dispositivo, alias } = alta.vehiculo;
  if (!activo) {
    const baja = await setActivo(db, ACTOR_SISTEMA, id, false);
    if (baja.tipo !== 'guardado') throw new Error(`el vehículo de prueba ${id} no se desactivó: ${JSON.stringify(baja)}`);
  }
  return { id, dispositivo, alias };
}

/** A position in a street of the town, as `readPosicion` reads one, taken at `horaDispositivo`. */
export const posicionEnLaCalle = (dispositivo: string, horaDispositivo: Date, datos: Partial<PosicionRecibida> = {}): PosicionRecibida => ({
  dispositivo,
  latitud: -40.762,
  longitud: -71.646,
  velocidadKmh: 18.52,
  rumbo: 90,
  altitud: 800,
  precisionM: 6,
  bateria: 87,
  horaDispositivo,
  ...datos,
});
