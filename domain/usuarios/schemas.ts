import { ROLES } from '#domain/shared/actor.ts';
import { z } from '#domain/shared/zod.ts';
import { LARGO_MAXIMO_CLAVE, LARGO_MAXIMO_NOMBRE_TOKEN } from './campos.ts';

/** Forms of sign-in and of the back-office's users pages (docs/architecture.md, "Formularios"). */

const requerido = (mensaje: string, max = 320) => z.string({ error: mensaje }).trim().min(1, mensaje).max(max, `Puede tener hasta ${max} caracteres.`);

/** A password as typed: never trimmed (spaces may be part of it). */
const clave = (mensaje: string) =>
  z
    .string({ error: mensaje })
    .min(1, mensaje)
    .max(LARGO_MAXIMO_CLAVE * 4, `Puede tener hasta ${LARGO_MAXIMO_CLAVE} caracteres.`);

export const ingresoSchema = z.object({
  email: requerido('Escribí tu correo electrónico.'),
  clave: clave('Escribí tu contraseña.'),
});

export const codigoSchema = z.object({
  codigo: requerido('Escribí el código de 6 números de tu aplicación, o un código de recuperación.', 40),
});

const rol = z.enum(ROLES, { error: 'Elegí uno de los roles de la lista.' });

/** A person's name: letters, spaces and the punctuation of names. */
const nombre = (mensaje: string) =>
  requerido(mensaje, 80).regex(/^[\p{L}\p{M}][\p{L}\p{M}' .-]*$/u, 'Escribilo con letras (puede llevar espacios, apóstrofos, puntos y guiones).');

export const invitacionSchema = z.object({
  email: z
    .string({ error: 'Escribí el correo de la persona.' })
    .trim()
    .min(1, 'Escribí el correo de la persona.')
    .max(254, 'Puede tener hasta 254 caracteres.')
    .pipe(z.email('Escribí un correo válido, por ejemplo nombre@villalaangostura.gob.ar.')),
  nombre: nombre('Escribí el nombre de la persona.'),
  apellido: nombre('Escribí el apellido de la persona.'),
  rol,
});

export const cambioRolSchema = z.object({ usuario: z.coerce.number().int().positive(), rol });

/** The person a row's button is about. */
export const usuarioIdSchema = z.object({ usuario: z.coerce.number().int().positive() });

/** One of one's API tokens. */
export const tokenIdSchema = z.object({ token: z.coerce.number().int().positive() });

const actual = clave('Escribí tu contraseña actual (o el código de 6 números de tu aplicación).');

/** The password (or a TOTP code) again, to confirm a sensitive change of one's own account. */
export const claveActualSchema = z.object({ actual });

export const activacionSchema = codigoSchema.extend({ actual });

export const sesionIdSchema = z.object({ sesion: z.coerce.number().int().positive() });

export const claveNuevaSchema = z
  .object({
    clave: clave('Escribí la contraseña nueva.'),
    confirmacion: clave('Escribí de nuevo la contraseña nueva.'),
  })
  .refine((d) => d.clave === d.confirmacion, { path: ['confirmacion'], message: 'Las dos contraseñas no coinciden: escribila igual en los dos campos.' });

export const cambioClaveSchema = z
  .object({
    actual,
    clave: clave('Escribí la contraseña nueva.'),
    confirmacion: clave('Escribí de nuevo la contraseña nueva.'),
  })
  .refine((d) => d.clave === d.confirmacion, { path: ['confirmacion'], message: 'Las dos contraseñas no coinciden: escribila igual en los dos campos.' });

export const tokenApiSchema = z.object({
  nombre: requerido('Escribí para qué es el token, por ejemplo «Planilla de solicitudes».', LARGO_MAXIMO_NOMBRE_TOKEN),
  actual,
});

const pagina = z.coerce.number({ error: 'La página es un número.' }).int('La página es un número entero.').min(1).max(10_000).catch(1);

export const filtrosUsuariosSchema = z.object({
  q: z.string().trim().max(100).catch(''),
  pagina,
});
