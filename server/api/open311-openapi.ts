/**
 * The Open311 GeoReport v2 operations in the site's OpenAPI document (server/api/openapi.ts): the
 * standard's fields as zod schemas, so the document describes what server/api/open311.ts answers.
 */
import type { ZodOpenApiOperationObject, ZodOpenApiPathItemObject } from 'zod-openapi';
import { LIMITE_CLAVE_OPEN311 } from '#domain/reclamos/open311-queries.ts';
import { DIAS_POR_DEFECTO, PAGINA_TAMANO_MAXIMO, PAGINA_TAMANO_POR_DEFECTO } from '#domain/reclamos/open311.ts';
import { z } from '#domain/shared/zod.ts';
import { PREFIJO_OPEN311 } from './open311.ts';

const texto = z.string();
const fecha = z.string().meta({ description: 'ISO 8601 con el desfase de Argentina (-03:00).', example: '2026-11-20T09:30:00-03:00' });

const errores = z
  .array(z.object({ code: z.int(), description: texto.meta({ description: 'Qué pasó, en castellano.' }) }))
  .meta({ id: 'Open311Errores', description: 'Los errores en la forma del estándar (en XML: errors/error/code y description).' });

const servicio = z
  .object({
    service_code: texto,
    service_name: texto,
    description: texto,
    metadata: z.boolean().meta({ description: 'true si la categoría tiene preguntas: ver services/{service_code}.' }),
    type: z.enum(['realtime', 'batch', 'blackbox']),
    keywords: texto.meta({ description: 'Palabras separadas por comas.' }),
    group: texto,
  })
  .meta({ id: 'Open311Servicio' });

const definicion = z
  .object({
    service_code: texto,
    attributes: z.array(
      z.object({
        variable: z.boolean(),
        code: texto.meta({ description: 'Se envía como attribute[code] al crear un reclamo.' }),
        datatype: z.enum(['string', 'number', 'datetime', 'text', 'singlevaluelist', 'multivaluelist']),
        required: z.boolean(),
        datatype_description: texto,
        order: z.int(),
        description: texto,
        values: z.array(z.object({ key: texto, name: texto })).optional(),
      }),
    ),
  })
  .meta({ id: 'Open311DefinicionServicio' });

const solicitud = z
  .object({
    service_request_id: texto.meta({ example: 'RC-2026-7KQ-3XM-9PK' }),
    status: z.enum(['open', 'closed']).meta({ description: 'open: recibido, en curso o derivado; closed: resuelto, no corresponde o duplicado.' }),
    status_notes: texto.meta({ description: 'El estado del sitio y la última respuesta pública.' }),
    service_name: texto,
    service_code: texto,
    description: texto,
    agency_responsible: texto.meta({ description: 'El organismo si fue derivado; si no, el área municipal.' }),
    service_notice: texto,
    requested_datetime: fecha,
    updated_datetime: fecha,
    expected_datetime: texto.meta({ description: 'El fin del día del plazo mientras está abierto; vacío si está cerrado.' }),
    address: texto,
    address_id: texto,
    zipcode: texto,
    lat: z.number(),
    long: z.number(),
    media_url: texto.meta({ description: 'La primera foto (copia para la web, sin metadatos); vacío si no tiene.' }),
  })
  .meta({ id: 'Open311Solicitud', description: 'Un reclamo visible, sin datos de quien lo hizo.' });

const token = z.object({ service_request_id: texto, token: texto }).meta({ id: 'Open311Token' });

const crear = z
  .object({
    api_key: texto,
    service_code: texto,
    lat: z.union([z.number(), texto]).optional(),
    long: z.union([z.number(), texto]).optional(),
    address_string: texto.optional(),
    description: texto,
    email: texto.meta({ description: 'Para avisarle cada cambio; nunca se publica.' }),
    first_name: texto.optional(),
    last_name: texto.optional(),
  })
  .catchall(texto)
  .meta({ id: 'Open311Crear', description: 'Y las respuestas a las preguntas de la categoría como attribute[code] (en JSON, también un objeto attribute).' });
const creado = z.object({ service_request_id: texto, token: texto, service_notice: texto }).meta({ id: 'Open311Creado' });

const formato = z.object({ formato: z.enum(['json', 'xml']).meta({ description: 'json o xml.' }) });

const respuesta = (descripcion: string, json: z.ZodType) => ({
  description: descripcion,
  content: {
    'application/json': { schema: json },
    'application/xml': { schema: z.string().meta({ description: 'Los mismos datos con los nombres de elemento del estándar.' }) },
  },
});
const error = (descripcion: string) => respuesta(descripcion, errores);
const CORS = 'Con `Access-Control-Allow-Origin: *`.';
/** Every operation reads the database: while it does not answer, the standard's error with Retry-After. */
const SIN_BASE = error('El servicio no está disponible por un momento: probar de nuevo después de los segundos de Retry-After');

const operacion = (o: ZodOpenApiOperationObject): ZodOpenApiOperationObject => ({ tags: ['Open311 GeoReport v2'], ...o });

/** The paths, keyed as OpenAPI writes them. */
export function open311Paths(): Record<string, ZodOpenApiPathItemObject> {
  return {
    [`${PREFIJO_OPEN311}/services.{formato}`]: {
      get: operacion({
        summary: 'Categorías de reclamo (GET services)',
        description: `Las categorías activas, en el orden del municipio. ${CORS}`,
        requestParams: { path: formato },
        responses: { 200: respuesta('Las categorías', z.array(servicio)), 400: error('Formato desconocido'), 503: SIN_BASE },
      }),
    },
    [`${PREFIJO_OPEN311}/services/{service_code}.{formato}`]: {
      get: operacion({
        summary: 'Las preguntas de una categoría (GET service definition)',
        requestParams: { path: formato.extend({ service_code: texto.meta({ example: 'bache' }) }) },
        responses: {
          200: respuesta('La definición', definicion),
          400: error('Formato desconocido'),
          404: error('No hay una categoría activa con ese código'),
          503: SIN_BASE,
        },
      }),
    },
    [`${PREFIJO_OPEN311}/requests.{formato}`]: {
      get: operacion({
        summary: 'Reclamos (GET service requests)',
        description: `Del más nuevo al más viejo; sin fechas, los de los últimos ${DIAS_POR_DEFECTO} días. Si hay más páginas, el encabezado \`Link\` (rel="next") da la siguiente. Los reclamos ocultos por el municipio no aparecen. ${CORS}`,
        requestParams: {
          path: formato,
          query: z.object({
            service_request_id: texto.optional().meta({ description: 'Códigos separados por comas (hasta 100); con él se ignoran los demás parámetros.' }),
            service_code: texto.optional().meta({ description: 'Códigos de categoría separados por comas.' }),
            status: texto.optional().meta({ description: 'open, closed u open,closed.' }),
            start_date: texto.optional().meta({ description: 'ISO 8601; sin zona, hora de Argentina.' }),
            end_date: texto.optional().meta({ description: 'ISO 8601; por defecto, ahora.' }),
            page: z.string().optional().meta({ description: 'Desde 1.' }),
            page_size: z
              .string()
              .optional()
              .meta({ description: `Hasta ${PAGINA_TAMANO_MAXIMO}; ${PAGINA_TAMANO_POR_DEFECTO} por defecto.` }),
          }),
        },
        responses: { 200: respuesta('Los reclamos', z.array(solicitud)), 400: error('Un parámetro no se puede leer'), 503: SIN_BASE },
      }),
      post: operacion({
        summary: 'Crear un reclamo (POST service request)',
        description: `Con una clave (\`api_key\`) que da la Municipalidad. El lugar va en \`lat\` y \`long\`, o sólo en \`address_string\` (calle y altura, que se ubican en el índice de calles). Hasta ${LIMITE_CLAVE_OPEN311.max} reclamos por hora por clave. Las fotos se suben desde el formulario del sitio. ${CORS}`,
        requestParams: { path: formato },
        requestBody: {
          required: true,
          content: { 'application/x-www-form-urlencoded': { schema: crear }, 'application/json': { schema: crear } },
        },
        responses: {
          201: respuesta('Reclamo recibido: su código (también el token)', z.array(creado)),
          400: error('Un campo falta o no sirve: un error por campo, con el nombre del estándar'),
          403: error('Falta api_key o no es una clave vigente'),
          429: error('La clave envió demasiados reclamos en la última hora (Retry-After)'),
          503: SIN_BASE,
        },
      }),
    },
    [`${PREFIJO_OPEN311}/requests/{service_request_id}.{formato}`]: {
      get: operacion({
        summary: 'Un reclamo (GET service request)',
        requestParams: { path: formato.extend({ service_request_id: texto.meta({ example: 'RC-2026-7KQ-3XM-9PK' }) }) },
        responses: {
          200: respuesta('Una lista con el reclamo', z.array(solicitud)),
          400: error('Formato desconocido'),
          404: error('No hay un reclamo visible con ese código'),
          503: SIN_BASE,
        },
      }),
    },
    [`${PREFIJO_OPEN311}/tokens/{token}.{formato}`]: {
      get: operacion({
        summary: 'El reclamo de un token (GET service_request_id from a token)',
        description: 'El token que devuelve la creación es el código del reclamo.',
        requestParams: { path: formato.extend({ token: texto.meta({ example: 'RC-2026-7KQ-3XM-9PK' }) }) },
        responses: {
          200: respuesta('Una lista con el código', z.array(token)),
          400: error('Formato desconocido'),
          404: error('No hay un reclamo visible con ese token'),
          503: SIN_BASE,
        },
      }),
    },
  };
}
