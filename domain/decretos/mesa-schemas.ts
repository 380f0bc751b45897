import { formatNumber } from '#domain/shared/formato.ts';
import { paginaDeListaSchema, z } from '#domain/shared/zod.ts';
import { LIMITES_MESA, MENSAJE_PDF_GRANDE } from './campos.ts';
import { ESTADOS, etiquetaEstadoSolicitud } from './estados.ts';
import { solicitudDecretoSchema } from './schemas.ts';

/** The desk's forms and filters: one schema each for the back-office pages and the tests. */

export const POR_PAGINA_MESA = 25;
const MENSAJE_MAXIMO = LIMITES_MESA.mensaje;
const MOTIVO_MINIMO = 20;

const MENSAJE_LARGO = `El mensaje puede tener hasta ${formatNumber(MENSAJE_MAXIMO)} caracteres.`;

/** Optional free text: absent, empty or blank is ''. */
const textoOpcional = (max: number, mensaje: string) =>
  z
    .string({ error: mensaje })
    .trim()
    .max(max, { error: mensaje })
    .optional()
    .transform((v) => v ?? '');

/** A calendar day as a date input sends it (AAAA-MM-DD); empty: no bound. */
const dia = (mensaje: string) =>
  z
    .string({ error: mensaje })
    .trim()
    .transform((v) => (v === '' ? undefined : v))
    .pipe(
      z
        .string()
        .regex(/^\d{4}-\d{2}-\d{2}$/, { error: mensaje })
        .refine((v) => !Number.isNaN(Date.parse(`${v}T00:00:00Z`)) && new Date(`${v}T00:00:00Z`).toISOString().startsWith(v), { error: mensaje })
        .optional(),
    )
    .optional();

const MENSAJE_ESTADO = 'Elegí un estado de la lista.';
const MENSAJE_PLAZO = 'Elegí un plazo de la lista.';

/**
 * The deadline filter: near it (`por_vencer`: `plazos.diasPorVencer` business days or fewer left,
 * the due date included), past it (`vencida`), or both. Open requests only: closed ones have no
 * deadline (docs/decisions/011-plazos-y-feriados.md).
 */
export const PLAZOS_MESA = ['por_vencer', 'vencida', 'por_vencer_o_vencida'] as const;
export type PlazoMesa = (typeof PLAZOS_MESA)[number];

/** The request list's filters, as the page's GET form puts them in the URL. */
export const filtrosMesaSchema = z
  .object({
    estado: z
      .string({ error: MENSAJE_ESTADO })
      .trim()
      .transform((v) => (v === '' ? undefined : v))
      .pipe(z.enum(ESTADOS, { error: MENSAJE_ESTADO }).optional())
      .optional(),
    plazo: z
      .string({ error: MENSAJE_PLAZO })
      .trim()
      .transform((v) => (v === '' ? undefined : v))
      .pipe(z.enum(PLAZOS_MESA, { error: MENSAJE_PLAZO }).optional())
      .optional(),
    desde: dia('Escribí la fecha «desde» como AAAA-MM-DD, por ejemplo 2026-03-10.'),
    hasta: dia('Escribí la fecha «hasta» como AAAA-MM-DD, por ejemplo 2026-03-31.'),
    /** A tracking code, a name or part of it, a decree number, a whole DNI or a whole e-mail. */
    texto: z
      .string({ error: 'Escribí el texto a buscar.' })
      .trim()
      .max(100, { error: 'El texto a buscar puede tener hasta 100 caracteres.' })
      .transform((v) => (v === '' ? undefined : v))
      .optional(),
    pagina: paginaDeListaSchema,
  })
  .refine((f) => f.desde === undefined || f.hasta === undefined || f.desde <= f.hasta, {
    error: 'La fecha «desde» tiene que ser anterior o igual a la fecha «hasta».',
    path: ['hasta'],
  });

export type FiltrosMesa = z.output<typeof filtrosMesaSchema> & { porPagina?: number };

const MENSAJE_ESTADO_NUEVO = `Elegí el estado nuevo: ${etiquetaEstadoSolicitud('en_proceso')} o ${etiquetaEstadoSolicitud('rechazada')}.`;

/** A status change. «Enviada» is not here: it takes the decree's PDF (envioDecretoSchema). */
export const cambioEstadoSchema = z
  .object({
    estado: z
      .string({ error: MENSAJE_ESTADO_NUEVO })
      .trim()
      .refine((v) => v !== 'enviada', { error: 'Para marcarla enviada usá «Enviar decreto» y adjuntá el PDF.', abort: true })
      .pipe(z.enum(['en_proceso', 'rechazada'], { error: MENSAJE_ESTADO_NUEVO })),
    /** For the citizen; required to reject. */
    mensaje: textoOpcional(MENSAJE_MAXIMO, MENSAJE_LARGO),
  })
  .refine((c) => c.estado !== 'rechazada' || c.mensaje !== '', {
    error: 'Escribí el motivo del rechazo: se lo enviamos por correo al solicitante.',
    path: ['mensaje'],
  });

/** Sending the decree: its PDF (its kind checked by content by the upload pipeline; this is the desk's own 10 MB bound) and an optional message. */
export const envioDecretoSchema = z.object({
  archivo: z
    .file({ error: 'Adjuntá el decreto en PDF.' })
    .min(1, { error: 'El archivo está vacío: adjuntá el decreto en PDF.' })
    .max(LIMITES_MESA.pdf, { error: MENSAJE_PDF_GRANDE }),
  mensaje: textoOpcional(MENSAJE_MAXIMO, MENSAJE_LARGO),
});

/** Answering with the decree already published: the bulletin's document goes attached; only the optional message is typed. */
export const envioPublicadoSchema = envioDecretoSchema.pick({ mensaje: true });

const MENSAJE_MOTIVO = `Explicá en al menos ${MOTIVO_MINIMO} caracteres por qué se prorroga el plazo: se lo enviamos por correo al solicitante.`;

/** The once-only extension (law 27.275 art. 11): the reasons are required and go to the citizen. */
export const prorrogaSchema = z.object({
  motivo: z
    .string({ error: MENSAJE_MOTIVO })
    .trim()
    .min(MOTIVO_MINIMO, { error: MENSAJE_MOTIVO })
    .max(MENSAJE_MAXIMO, { error: `El motivo puede tener hasta ${formatNumber(MENSAJE_MAXIMO)} caracteres.` }),
});

/** The DNI of the person whose data is exported or erased (law 25.326 art. 14 and 16): as the request form reads it. */
export const dniTitularSchema = z.object({ dni: solicitudDecretoSchema.shape.dni });

/** The second step of sending a decree: the token of the preview the desk saw (domain/decretos/confirmacion.ts). */
export const confirmacionEnvioSchema = z.object({
  confirmacion: z
    .string({ error: 'Falta la confirmación: volvé a preparar el envío.' })
    .trim()
    .min(1, { error: 'Falta la confirmación: volvé a preparar el envío.' })
    .max(8000, { error: 'No reconocemos esta confirmación: volvé a preparar el envío.' }),
});
