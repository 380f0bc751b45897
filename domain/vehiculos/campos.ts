import { ICONOS_VEHICULO, SERVICIOS_VEHICULO } from '#db/schema/vehiculos.ts';

export { ICONOS_VEHICULO, SERVICIOS_VEHICULO };
export type IconoVehiculo = (typeof ICONOS_VEHICULO)[number];
export type ServicioVehiculo = (typeof SERVICIOS_VEHICULO)[number];

/** The icons' Spanish names, for forms, titles and the accessible list. */
export const ETIQUETAS_ICONO: Record<IconoVehiculo, string> = {
  recolector: 'Camión recolector',
  motoniveladora: 'Motoniveladora',
  camion: 'Camión',
  pala_cargadora: 'Pala cargadora',
  barredora: 'Barredora',
  camioneta: 'Camioneta',
};

/** The services' Spanish names (the spec: waste collection, and road machines for street repair). */
export const ETIQUETAS_SERVICIO: Record<ServicioVehiculo, string> = {
  recoleccion: 'Recolección de residuos',
  vialidad: 'Reparación de calles',
};
