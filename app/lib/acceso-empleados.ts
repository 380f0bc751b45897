import type { SiteSettings } from '#domain/sitio/settings.ts';

/**
 * The 'Acceso Empleados' banner's choices: the value sent as `destino` to /acceso-empleados, the
 * label shown, and the setting holding the external address it leads to.
 */
export const accesosEmpleados = [
  { destino: 'certificados-medicos', etiqueta: 'Certificados Médicos', enlace: 'chatCertificadosMedicos' },
  { destino: 'recursos-humanos', etiqueta: 'Recursos Humanos', enlace: 'chatRecursosHumanos' },
  { destino: 'recibos', etiqueta: 'Recibos', enlace: 'recibosSueldo' },
] as const satisfies ReadonlyArray<{ destino: string; etiqueta: string; enlace: keyof SiteSettings['enlaces'] }>;
