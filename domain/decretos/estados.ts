/** Statuses of a decree-copy request, with the label the status page shows. */
const ESTADOS_SOLICITUD = {
  recibida: 'Recibida',
  en_proceso: 'En proceso',
  enviada: 'Documento enviado',
  rechazada: 'Rechazada',
} as const;

export function etiquetaEstadoSolicitud(estado: string): string {
  return (ESTADOS_SOLICITUD as Record<string, string>)[estado] ?? 'Desconocido';
}
