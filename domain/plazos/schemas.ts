import { TIPOS_FERIADO } from '#db/schema/plazos.ts';
import { esFechaValida } from '#domain/shared/fechas.ts';
import { z } from '#domain/shared/zod.ts';

export type TipoFeriado = (typeof TIPOS_FERIADO)[number];

const MENSAJE_FECHA = 'Ingresá una fecha válida con el formato AAAA-MM-DD, por ejemplo 2027-05-15.';
const MENSAJE_NOMBRE = 'Escribí el nombre del feriado, por ejemplo Día de la Independencia.';
const MENSAJE_TIPO = 'Elegí el tipo de feriado: inamovible, trasladable, día no laborable, puente o local.';
export const LARGO_NOMBRE_FERIADO = 150;

/**
 * A holiday as the back-office form (a date input, a name, a kind) and the tests send it. A
 * trasladable goes on the date it was moved to; the name may say where it came from.
 */
export const feriadoSchema = z.object({
  fecha: z
    .string({ error: MENSAJE_FECHA })
    .trim()
    .refine(esFechaValida, { error: MENSAJE_FECHA })
    .refine((f) => f >= '2000-01-01' && f <= '2100-12-31', { error: 'Ingresá una fecha entre el año 2000 y el 2100.' }),
  nombre: z
    .string({ error: MENSAJE_NOMBRE })
    .trim()
    .min(1, { error: MENSAJE_NOMBRE })
    .max(LARGO_NOMBRE_FERIADO, { error: `Escribí el nombre con hasta ${LARGO_NOMBRE_FERIADO} caracteres.` })
    .transform((v) => v.replace(/\s+/g, ' ')),
  tipo: z.enum(TIPOS_FERIADO, { error: MENSAJE_TIPO }),
});
