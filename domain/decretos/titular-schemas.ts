import { siteSettingsSchema } from '#domain/sitio/settings.ts';
import { z } from '#domain/shared/zod.ts';
import { dniTitularSchema } from './mesa-schemas.ts';

/**
 * The personal-data page's forms (/admin/datos-personales): erasing what is held about
 * a DNI (law 25.326 art. 16) and the retention of closed requests. Exporting takes the DNI alone
 * (dniTitularSchema).
 */

const MENSAJE_CONFIRMACION = 'Escribí de nuevo el DNI para confirmar que querés borrar sus datos.';

/**
 * Erasure asks for the DNI twice: a typo in the first would erase someone else's data. Its field
 * is `dniBorrado`, so the page's export form keeps `dni` (field names are the fields' ids).
 */
export const borradoTitularSchema = z
  .object({
    dniBorrado: dniTitularSchema.shape.dni,
    confirmacion: z.string({ error: MENSAJE_CONFIRMACION }).trim().min(1, { error: MENSAJE_CONFIRMACION }).max(20, { error: MENSAJE_CONFIRMACION }),
  })
  .refine((d) => d.confirmacion.replace(/[.\s]/g, '') === d.dniBorrado, {
    error: 'Los dos DNI no coinciden: escribí el mismo DNI en los dos campos para confirmar el borrado.',
    path: ['confirmacion'],
  });

const MENSAJE_DIAS = 'Escribí la cantidad de días como un número entero, entre 30 y 3650.';

/** The retention setting as the form sends it: text of digits, then the setting's own bounds. */
export const retencionSchema = z.object({
  dias: z
    .string({ error: MENSAJE_DIAS })
    .trim()
    .regex(/^\d{1,6}$/, { error: MENSAJE_DIAS })
    .transform(Number)
    .pipe(siteSettingsSchema.shape.retencionSolicitudesDias),
});
