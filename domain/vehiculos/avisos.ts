import { ICONOS_VEHICULO, type IconoVehiculo, SERVICIOS_VEHICULO, type ServicioVehiculo } from './campos.ts';
import type { VehiculoEnMapa } from './queries.ts';

/**
 * What the trigger of migrations 0011 and 0012 announces on POSICIONES_VEHICULO_CHANNEL for every stored
 * position (docs/decisions/015-seguimiento-de-vehiculos.md): the position, its vehicle and whether
 * the public may see it.
 */
export type AvisoPosicion = {
  /** The position's id. */
  id: number;
  vehiculo: VehiculoEnMapa;
  publica: boolean;
  /** Whether the vehicle is active: the command refuses reports of inactive ones, a hand-made row may not. */
  activo: boolean;
};

const numero = (valor: unknown) => (typeof valor === 'number' && Number.isFinite(valor) ? valor : undefined);
const numeroONulo = (valor: unknown) => (valor === null ? null : numero(valor));

/** The announcement in a NOTIFY payload, or undefined for anything that is not one. */
export function readAvisoPosicion(payload: string): AvisoPosicion | undefined {
  let valor: unknown;
  try {
    valor = JSON.parse(payload);
  } catch {
    return undefined;
  }
  if (typeof valor !== 'object' || valor === null) return undefined;
  const a = valor as Record<string, unknown>;
  const [id, vehiculoId, latitud, longitud] = [numero(a.id), numero(a.vehiculoId), numero(a.latitud), numero(a.longitud)];
  const [velocidadKmh, rumbo] = [numeroONulo(a.velocidadKmh), numeroONulo(a.rumbo)];
  const vistoEn = typeof a.hora === 'string' ? new Date(a.hora) : undefined;
  if (id === undefined || vehiculoId === undefined || latitud === undefined || longitud === undefined) return undefined;
  if (velocidadKmh === undefined || rumbo === undefined || !vistoEn || Number.isNaN(vistoEn.getTime())) return undefined;
  if (typeof a.alias !== 'string' || typeof a.publica !== 'boolean' || typeof a.activo !== 'boolean') return undefined;
  if (!ICONOS_VEHICULO.includes(a.icono as IconoVehiculo) || !SERVICIOS_VEHICULO.includes(a.servicio as ServicioVehiculo)) return undefined;
  return {
    id,
    publica: a.publica,
    activo: a.activo,
    vehiculo: {
      id: vehiculoId,
      alias: a.alias,
      icono: a.icono as IconoVehiculo,
      servicio: a.servicio as ServicioVehiculo,
      latitud,
      longitud,
      velocidadKmh,
      rumbo,
      vistoEn,
    },
  };
}
