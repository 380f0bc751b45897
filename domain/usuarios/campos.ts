import type { Rol } from '#domain/shared/actor.ts';

/**
 * What the back-office's user pages show in the browser: limits, labels and messages, without
 * zod, the common-password list or anything of the server (the page would carry them otherwise:
 * the list alone is 400 KB).
 */

export const LARGO_MINIMO_CLAVE = 12;
/** Longer than any password manager's default; caps the work a hash may cost. */
export const LARGO_MAXIMO_CLAVE = 200;
export const LARGO_MAXIMO_NOMBRE_TOKEN = 80;

export const ETIQUETAS_ROL: Record<Rol, string> = {
  administrador: 'Administración',
  editor: 'Edición de contenido',
  'mesa-de-entradas': 'Mesa de entradas',
};

export const MENSAJE_ENLACE_INVALIDO = 'Este enlace ya se usó, venció (vale 72 horas) o no es válido. Pedile a un administrador que te envíe uno nuevo.';
