import type { Db } from '#db/client.ts';
import { vehiculos } from '#db/schema/index.ts';
import type { PosicionRecibida } from '#domain/vehiculos/ingesta.ts';

let siguiente = 0;

/** An active vehicle with a device identifier of its own (unique in the run); overrides replace fields. */
export async function insertVehiculo(db: Db, datos: Partial<typeof vehiculos.$inferInsert> = {}) {
  const n = ++siguiente;
  const [v] = await db
    .insert(vehiculos)
    .values({ alias: `Vehículo ${n}`, icono: 'recolector', servicio: 'recoleccion', dispositivo: `disp-${process.pid}-${n}`, ...datos })
    .returning({ id: vehiculos.id, dispositivo: vehiculos.dispositivo });
  return v!;
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
