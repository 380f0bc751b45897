import { paginaDeListaSchema, z } from '#domain/shared/zod.ts';
import { ESTADOS_CORREO } from './bandeja.ts';

/** The outbox page's filter and button (/admin/correo): one schema each for the page and the tests. */

export const POR_PAGINA_BANDEJA = 25;
/** Longer than any reference the site writes (a tracking code is 19 characters). */
const LARGO_REFERENCIA = 64;

const MENSAJE_ESTADO = 'Elegí un estado de la lista: pendiente, enviado, fallido o anulado.';

/** Empty or blank is "no filter". */
const vacioEsNada = (v: string) => (v === '' ? undefined : v);

/** The list's filters, as the page's GET form puts them in the URL. */
export const filtrosBandejaSchema = z.object({
  estado: z
    .string({ error: MENSAJE_ESTADO })
    .trim()
    .transform(vacioEsNada)
    .pipe(z.enum(ESTADOS_CORREO, { error: MENSAJE_ESTADO }).optional())
    .optional(),
  /** What caused the mail, whole: a request's tracking code (SD-2026-7KQ-3XM-9PK). */
  referencia: z
    .string({ error: 'Escribí la referencia a buscar, por ejemplo el código de una solicitud.' })
    .trim()
    .max(LARGO_REFERENCIA, {
      error: `La referencia puede tener hasta ${LARGO_REFERENCIA} caracteres: copiá el código de la solicitud, por ejemplo SD-2026-7KQ-3XM-9PK.`,
    })
    .transform(vacioEsNada)
    .optional(),
  pagina: paginaDeListaSchema,
});

/** The «Reintentar» button of one failed mail: its id, as the row's hidden field sends it. */
export const reintentoSchema = z.object({
  correo: z
    .string({ error: 'Ese correo no existe: volvé a la bandeja y usá el botón de su fila.' })
    .trim()
    .regex(/^[1-9]\d{0,9}$/, { error: 'Ese correo no existe: volvé a la bandeja y usá el botón de su fila.' })
    .transform(Number)
    .pipe(z.number().max(2_147_483_647, { error: 'Ese correo no existe: volvé a la bandeja y usá el botón de su fila.' })),
});
