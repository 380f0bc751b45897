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

const MENSAJE_ANIO = 'Elegí un año entre 2000 y 2100, escrito con cuatro números, por ejemplo 2027.';
const MENSAJE_PASO = 'Ese feriado no existe: elegilo de la lista del año.';

/** A date of the URL that names a holiday of the list (to edit it or to confirm deleting it); empty: none. */
const fechaDeLaLista = z
  .string({ error: MENSAJE_PASO })
  .trim()
  .transform((v) => (v === '' ? undefined : v))
  .pipe(z.string().refine(esFechaValida, { error: MENSAJE_PASO }).optional())
  .optional();

/**
 * The holidays page's URL (/admin/feriados): the year shown (empty: the current one) and, as a
 * step of the page, the holiday being edited or the one whose deletion is being confirmed.
 */
export const vistaFeriadosSchema = z.object({
  anio: z
    .string({ error: MENSAJE_ANIO })
    .trim()
    .transform((v) => (v === '' ? undefined : v))
    .pipe(
      z
        .string()
        .regex(/^\d{4}$/, { error: MENSAJE_ANIO })
        .transform(Number)
        .pipe(z.number().min(2000, { error: MENSAJE_ANIO }).max(2100, { error: MENSAJE_ANIO }))
        .optional(),
    )
    .optional(),
  editar: fechaDeLaLista,
  borrar: fechaDeLaLista,
});

/**
 * Deleting a holiday: its date, and the confirmation the page's confirmation step sends. A POST
 * without it (an old form, a crafted request) deletes nothing.
 */
export const bajaFeriadoSchema = z.object({
  fecha: z.string({ error: MENSAJE_PASO }).trim().refine(esFechaValida, { error: MENSAJE_PASO }),
  confirmado: z.literal('si', { error: 'Para borrar un feriado, confirmalo en la página que lo pregunta: usá el botón «Borrar» de su fila.' }),
});
