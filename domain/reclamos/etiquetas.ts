/**
 * How a report's state reads to people, and its Open311 status (docs/decisions/057-reclamos.md):
 * recibido, en curso and derivado are `open`; the rest `closed`.
 */
import type { EstadoReclamo } from '#db/schema/index.ts';

export const ETIQUETAS_ESTADO: Record<EstadoReclamo, string> = {
  recibido: 'Recibido',
  en_curso: 'En curso',
  derivado: 'Derivado a otro organismo',
  resuelto: 'Resuelto',
  no_corresponde: 'No corresponde',
  duplicado: 'Duplicado',
};

/** The states with a clock running and duplicates offered. */
export const ESTADOS_ABIERTOS: readonly EstadoReclamo[] = ['recibido', 'en_curso', 'derivado'];

export const estaAbierto = (estado: EstadoReclamo): boolean => ESTADOS_ABIERTOS.includes(estado);
