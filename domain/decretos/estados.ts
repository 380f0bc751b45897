/** Statuses of a decree-copy request, with the label the status page shows. */
const ESTADOS_SOLICITUD = {
  recibida: 'Recibida',
  en_proceso: 'En proceso',
  enviada: 'Documento enviado',
  rechazada: 'Rechazada',
} as const;

/** The status page's sentence after «Hola {nombre}:», one per status (the label alone does not make a sentence). */
const FRASES_ESTADO: Record<string, string> = {
  recibida: 'recibimos tu solicitud y la vamos a tramitar.',
  en_proceso: 'tu solicitud está en proceso: la mesa de entradas está buscando el decreto.',
  enviada: 'te enviamos el documento que pediste a tu correo electrónico.',
  rechazada: 'tu solicitud fue rechazada. Abajo está el mensaje de la mesa de entradas con el motivo.',
};
export const fraseEstadoSolicitud = (estado: string): string => FRASES_ESTADO[estado] ?? 'no pudimos leer el estado de tu solicitud.';

export function etiquetaEstadoSolicitud(estado: string): string {
  return (ESTADOS_SOLICITUD as Record<string, string>)[estado] ?? 'Desconocido';
}

export type EstadoSolicitud = keyof typeof ESTADOS_SOLICITUD;
export const ESTADOS = ['recibida', 'en_proceso', 'enviada', 'rechazada'] as const satisfies readonly EstadoSolicitud[];

/**
 * The desk's only moves: recibida → en_proceso → enviada | rechazada, and recibida →
 * rechazada. Enviada and rechazada are closed: nothing leaves them.
 */
const TRANSICIONES: Record<EstadoSolicitud, readonly EstadoSolicitud[]> = {
  recibida: ['en_proceso', 'rechazada'],
  en_proceso: ['enviada', 'rechazada'],
  enviada: [],
  rechazada: [],
};

export const estadosSiguientes = (estado: string): readonly EstadoSolicitud[] => TRANSICIONES[estado as EstadoSolicitud] ?? [];
export const esCerrada = (estado: string): boolean => estado === 'enviada' || estado === 'rechazada';

/** Why a request in `de` cannot go to `a`, in Spanish; undefined when it can. */
export function motivoTransicionInvalida(de: string, a: EstadoSolicitud): string | undefined {
  if (estadosSiguientes(de).includes(a)) return undefined;
  const origen = `«${etiquetaEstadoSolicitud(de)}»`;
  if (esCerrada(de)) return `La solicitud está en ${origen} y ya no cambia de estado.`;
  if (de === a) return `La solicitud ya está en ${origen}.`;
  if (a === 'enviada') return 'Primero pasá la solicitud a «En proceso»; después enviá el decreto.';
  return `Una solicitud en ${origen} no puede pasar a «${etiquetaEstadoSolicitud(a)}».`;
}
