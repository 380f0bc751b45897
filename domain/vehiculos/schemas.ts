import { paginaDeListaSchema, z } from '#domain/shared/zod.ts';
import { ETIQUETAS_ICONO, ETIQUETAS_SERVICIO, ICONOS_VEHICULO, SERVICIOS_VEHICULO } from './campos.ts';

/**
 * The back-office's vehicle forms and list (/admin/vehiculos): one schema each for the
 * pages, the commands and the tests. The maxima are the table's own checks (db/schema/vehiculos.ts).
 */

export const LARGO_ALIAS = 80;
export const LARGO_DISPOSITIVO = 100;
export const POR_PAGINA_VEHICULOS = 25;
const LARGO_BUSQUEDA = 100;

/**
 * What a device identifier may be written with: ASCII letters, digits, and `.`, `_`, `-` and `:`
 * inside, starting with a letter or a digit. Every tracker and app we know of accepts these (the
 * site's random `k7mq-x3fp-9wcr`, an IMEI, `vla-recolector-1`); a space, an accent or a symbol would have to
 * be typed the same way on a phone's keyboard and travels escaped in the OsmAnd address, where
 * one wrong character silently becomes another device.
 */
export const PATRON_DISPOSITIVO = /^[A-Za-z0-9][A-Za-z0-9._:-]*$/;

/** Shorter than this, or digits only (an IMEI, a phone number), an identifier can be guessed or read off the phone. */
export const MINIMO_DISPOSITIVO_SEGURO = 12;

/** Whether a device identifier is one anyone could guess or read: staff may still save it, warned. */
export const dispositivoDebil = (dispositivo: string): boolean => dispositivo.length < MINIMO_DISPOSITIVO_SEGURO || /^\d+$/.test(dispositivo);

export const AVISO_DISPOSITIVO_DEBIL =
  'Este identificador es corto (menos de 12 caracteres) o tiene sólo números, como un IMEI o un número de teléfono. Es la única clave del rastreador: cualquiera que lo sepa puede mover el vehículo en el mapa público. Conviene uno largo y al azar, como el que propone el sitio al agregar un vehículo.';

const MENSAJE_ALIAS = 'Escribí el nombre del vehículo como lo ve el público en el mapa, por ejemplo Recolector 3.';
const MENSAJE_ICONO = `Elegí el ícono del vehículo: ${Object.values(ETIQUETAS_ICONO).join(', ').toLowerCase()}.`;
const MENSAJE_SERVICIO = `Elegí el servicio del vehículo: ${Object.values(ETIQUETAS_SERVICIO).join(' o ').toLowerCase()}.`;
const MENSAJE_DISPOSITIVO = 'Escribí el identificador del dispositivo: el que propone el sitio, u otro largo y al azar, por ejemplo k7mq-x3fp-9wcr.';
const MENSAJE_FORMATO_DISPOSITIVO =
  'Escribí el identificador con letras sin acentos, números, puntos, guiones o dos puntos, sin espacios y empezando con una letra o un número; por ejemplo k7mq-x3fp-9wcr.';

/** A vehicle as the back-office's create and edit forms send it. */
export const vehiculoSchema = z.object({
  alias: z
    .string({ error: MENSAJE_ALIAS })
    .transform((v) => v.replace(/\s+/g, ' ').trim())
    .pipe(
      z
        .string()
        .min(1, { error: MENSAJE_ALIAS })
        .max(LARGO_ALIAS, { error: `Escribí el nombre con hasta ${LARGO_ALIAS} caracteres.` })
        // The page's door already refuses control characters; a command called from elsewhere too.
        .refine((v) => !/\p{Cc}/u.test(v), { error: 'Escribí el nombre sólo con letras, números y signos comunes.' }),
    ),
  icono: z.enum(ICONOS_VEHICULO, { error: MENSAJE_ICONO }),
  servicio: z.enum(SERVICIOS_VEHICULO, { error: MENSAJE_SERVICIO }),
  dispositivo: z
    .string({ error: MENSAJE_DISPOSITIVO })
    .trim()
    .min(1, { error: MENSAJE_DISPOSITIVO })
    .max(LARGO_DISPOSITIVO, { error: `Escribí el identificador con hasta ${LARGO_DISPOSITIVO} caracteres.` })
    .regex(PATRON_DISPOSITIVO, { error: MENSAJE_FORMATO_DISPOSITIVO }),
});

export type DatosVehiculo = z.output<typeof vehiculoSchema>;

export const ESTADOS_FILTRO_VEHICULO = ['activos', 'inactivos'] as const;

const MENSAJE_ESTADO = 'Elegí activos, inactivos o todos.';
const vacioEsNada = (v: string) => (v === '' ? undefined : v);

/** The list's search, filter and page, as its GET form puts them in the URL. */
export const filtrosVehiculosSchema = z.object({
  /** Part of the alias (accents and case aside) or of the device identifier. */
  texto: z
    .string({ error: 'Escribí parte del nombre o del identificador a buscar.' })
    .trim()
    .max(LARGO_BUSQUEDA, { error: `Escribí hasta ${LARGO_BUSQUEDA} caracteres para buscar: parte del nombre o del identificador.` })
    .transform(vacioEsNada)
    .optional(),
  estado: z
    .string({ error: MENSAJE_ESTADO })
    .trim()
    .transform(vacioEsNada)
    .pipe(z.enum(ESTADOS_FILTRO_VEHICULO, { error: MENSAJE_ESTADO }).optional())
    .optional(),
  pagina: paginaDeListaSchema,
});

export type FiltrosVehiculos = z.output<typeof filtrosVehiculosSchema>;

/** A vehicle's id as its address (/admin/vehiculos/:id) writes it: a positive integer the column can hold, else nothing. */
export function parseVehiculoId(texto: string | undefined): number | null {
  if (texto === undefined || !/^[1-9]\d{0,9}$/.test(texto)) return null;
  const id = Number(texto);
  return id <= 2_147_483_647 ? id : null;
}

/**
 * Deactivating or reactivating: the new state and the confirmation the page's step sends. A POST
 * without it (an old form, a crafted request) changes nothing.
 */
export const estadoVehiculoSchema = z.object({
  activo: z.enum(['si', 'no'], { error: 'Elegí si el vehículo queda activo o inactivo: usá el botón de la página.' }).transform((v) => v === 'si'),
  confirmado: z.literal('si', {
    error: 'Para desactivar o reactivar un vehículo, confirmalo en la página que lo pregunta: usá el botón «Desactivar» o «Reactivar».',
  }),
});
