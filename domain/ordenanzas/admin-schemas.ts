import { z } from '#domain/shared/zod.ts';
import { ESTADOS_ORDENANZA, esEstadoValido } from './estados.ts';
import { parseNumeroAnio } from './numero.ts';
import { filtrosOrdenanzasSchema } from './schemas.ts';
import { formatNumber } from '#domain/shared/formato.ts';

/**
 * The back-office's ordinance form and list (/admin/ordenanzas): one schema for the
 * form, the CSV import and the tests. The bounds are the public search's (schemas.ts).
 */

export const ANIO_MINIMO = 1900;
export const ANIO_MAXIMO = 2100;
const NUMERO_MAXIMO = 2_000_000_000;
export const LARGO_DESCRIPCION = 2000;
export const LARGO_EXPEDIENTE = 200;

const MENSAJE_NUMERO = 'Escribí el número de la ordenanza, sólo con dígitos (por ejemplo 4310).';
const MENSAJE_NUMERO_RANGO = `Escribí un número de ordenanza entre 1 y ${formatNumber(NUMERO_MAXIMO)}.`;
const MENSAJE_ANIO = `Escribí el año de la ordenanza con cuatro cifras, entre ${ANIO_MINIMO} y ${ANIO_MAXIMO}.`;
const MENSAJE_ESTADO = `Elegí el estado de la ordenanza: ${ESTADOS_ORDENANZA.map((e) => `${e.codigo} ${e.etiqueta}`).join(', ')}.`;
const MENSAJE_FECHA = 'Escribí la fecha de emisión como AAAA-MM-DD (por ejemplo 2026-03-15), o dejala vacía si no se conoce.';
const MENSAJE_DESCRIPCION = 'Escribí la descripción de la ordenanza: es lo que el público lee en la consulta.';
const MENSAJE_MODIFICA = 'Escribí la ordenanza que modifica como número/año (por ejemplo 250/2021), o dejalo vacío si no modifica ninguna.';

const sinControl = (v: string) => !/[\p{Cc}\u2028\u2029]/u.test(v.replace(/[\n\r\t]/g, ' '));

const entero = (mensaje: string, rango: string, min: number, max: number) =>
  z
    .string({ error: mensaje })
    .trim()
    .min(1, { error: mensaje })
    .regex(/^\d+$/, { error: mensaje })
    .transform(Number)
    .pipe(z.number({ error: rango }).int({ error: rango }).min(min, { error: rango }).max(max, { error: rango }));

/** A real calendar date (2026-02-30 is refused), written ISO. */
const esFechaReal = (v: string) => {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(v);
  if (!m) return false;
  const d = new Date(Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3])));
  return d.getUTCFullYear() === Number(m[1]) && d.getUTCMonth() === Number(m[2]) - 1 && d.getUTCDate() === Number(m[3]);
};

/** An ordinance as the back-office's form (and each row of the CSV import) sends it. */
export const ordenanzaSchema = z.object({
  numero: entero(MENSAJE_NUMERO, MENSAJE_NUMERO_RANGO, 1, NUMERO_MAXIMO),
  anio: entero(MENSAJE_ANIO, MENSAJE_ANIO, ANIO_MINIMO, ANIO_MAXIMO),
  estado: z
    .string({ error: MENSAJE_ESTADO })
    .trim()
    .regex(/^\d+$/, { error: MENSAJE_ESTADO })
    .transform(Number)
    .refine((n) => esEstadoValido(n), { error: MENSAJE_ESTADO }),
  fechaEmision: z
    .string({ error: MENSAJE_FECHA })
    .trim()
    .refine((v) => v === '' || esFechaReal(v), { error: MENSAJE_FECHA })
    .transform((v) => (v === '' ? null : v))
    .default(null),
  descripcion: z
    .string({ error: MENSAJE_DESCRIPCION })
    .transform((v) => v.replace(/\s+/g, ' ').trim())
    .pipe(
      z
        .string()
        .min(1, { error: MENSAJE_DESCRIPCION })
        .max(LARGO_DESCRIPCION, { error: `Escribí la descripción con hasta ${formatNumber(LARGO_DESCRIPCION)} caracteres.` })
        .refine(sinControl, { error: 'Escribí la descripción sólo con letras, números y signos comunes.' }),
    ),
  expediente: z
    .string({ error: 'Escribí el expediente como texto, o dejalo vacío.' })
    .transform((v) => v.replace(/\s+/g, ' ').trim())
    .pipe(
      z
        .string()
        .max(LARGO_EXPEDIENTE, { error: `Escribí el expediente con hasta ${LARGO_EXPEDIENTE} caracteres.` })
        .refine(sinControl, { error: 'Escribí el expediente sólo con letras, números y signos comunes.' }),
    )
    .transform((v) => (v === '' ? null : v))
    .default(null),
  /** The ordinance it modifies, as número/año; checked against the register by the command. */
  modifica: z
    .string({ error: MENSAJE_MODIFICA })
    .trim()
    .transform((v, ctx) => {
      if (v === '') return null;
      const leido = parseNumeroAnio(v);
      if (!leido || leido.anio === undefined) {
        ctx.addIssue({ code: 'custom', message: MENSAJE_MODIFICA });
        return z.NEVER;
      }
      return { numero: leido.numero, anio: leido.anio };
    })
    .default(null),
});

export type DatosOrdenanza = z.output<typeof ordenanzaSchema>;
export type CampoOrdenanza = keyof DatosOrdenanza;

export const ETIQUETAS_ORDENANZA: Record<CampoOrdenanza | 'archivo', string> = {
  numero: 'Número',
  anio: 'Año',
  estado: 'Estado',
  fechaEmision: 'Fecha de emisión',
  descripcion: 'Descripción',
  expediente: 'Expediente',
  modifica: 'Modifica a la ordenanza',
  archivo: 'Documento en PDF',
};

/** The bulk import's template columns, in its order: the header row names them (importacion.ts). */
export const COLUMNAS = ['numero', 'anio', 'estado', 'fecha_emision', 'descripcion', 'expediente', 'modifica'] as const;

export const ORDENES = ['numero', 'anio', 'fecha', 'estado'] as const;

const MENSAJE_ORDEN = 'Elegí ordenar por número, año, fecha o estado.';
const MENSAJE_SENTIDO = 'Elegí orden ascendente o descendente.';

/** The list: the public search's filters (estado, número, año, words, page) plus its order. */
export const filtrosAdminSchema = filtrosOrdenanzasSchema.extend({
  orden: z
    .string({ error: MENSAJE_ORDEN })
    .trim()
    .transform((v) => (v === '' ? 'anio' : v))
    .pipe(z.enum(ORDENES, { error: MENSAJE_ORDEN }))
    .default('anio'),
  sentido: z
    .string({ error: MENSAJE_SENTIDO })
    .trim()
    .transform((v) => (v === '' ? 'desc' : v))
    .pipe(z.enum(['asc', 'desc'], { error: MENSAJE_SENTIDO }))
    .default('desc'),
});

export type FiltrosAdmin = z.output<typeof filtrosAdminSchema>;

/** The delete step's confirmation. */
export const confirmacionSchema = z.object({ confirmado: z.literal('si', { error: 'Confirmá que querés retirar la ordenanza.' }) });
