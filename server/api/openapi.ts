import { ESTADOS_ORDENANZA } from '../../domain/ordenanzas/estados.ts';
import { buildInfo } from '../health.ts';
import { gobiernoPaths, gobiernoSchemas } from './openapi-gobierno.ts';

const filtros = [
  { name: 'estado', in: 'query', description: `Código de estado (${ESTADOS_ORDENANZA.map((e) => `${e.codigo} ${e.etiqueta}`).join(', ')}); -1 o vacío: todos.`, schema: { type: 'integer', default: -1 } },
  { name: 'numero', in: 'query', description: 'Número de ordenanza, exacto.', schema: { type: 'integer', minimum: 1 } },
  { name: 'anio', in: 'query', description: 'Año, exacto.', schema: { type: 'integer', minimum: 1900, maximum: 2100 } },
  { name: 'pattern', in: 'query', description: 'Palabras a buscar en la descripción, el expediente y el texto del PDF; todas deben estar (sin importar acentos, mayúsculas ni plurales; la última también como prefijo).', schema: { type: 'string', maxLength: 200 } },
];

const error = { type: 'object', properties: { error: { type: 'string' }, errores: { type: 'object', additionalProperties: { type: 'string' } } }, required: ['error'] };

/** The OpenAPI 3.1 document of the public API, served at /api/docs. */
export function openApiDocument(siteUrl: string) {
  return {
    openapi: '3.1.0',
    info: {
      title: 'API de datos abiertos de la Municipalidad de Villa La Angostura',
      version: buildInfo.version,
      description: 'Lecturas públicas, sin autenticación, y el pedido de copias de decretos. Los nombres de campo siguen a los del sitio original.',
    },
    servers: [{ url: siteUrl }],
    paths: {
      '/api/v1/ordenanzas': {
        get: {
          summary: 'Buscar ordenanzas',
          description: 'JSON paginado, o CSV con todas las coincidencias con `Accept: text/csv` o `formato=csv`.',
          parameters: [
            ...filtros,
            { name: 'pagina', in: 'query', schema: { type: 'integer', minimum: 1, default: 1 } },
            { name: 'porPagina', in: 'query', schema: { type: 'integer', minimum: 1, maximum: 100, default: 25 } },
            { name: 'formato', in: 'query', schema: { type: 'string', enum: ['json', 'csv'] } },
          ],
          responses: {
            '200': {
              description: 'Ordenanzas que cumplen todos los filtros: por relevancia si hay palabras, si no por año y número descendentes.',
              content: {
                'application/json': {
                  schema: {
                    type: 'object',
                    properties: {
                      items: { type: 'array', items: { $ref: '#/components/schemas/Ordenanza' } },
                      total: { type: 'integer' },
                      pagina: { type: 'integer' },
                      porPagina: { type: 'integer' },
                    },
                    required: ['items', 'total'],
                  },
                },
                'text/csv': { schema: { type: 'string' } },
              },
            },
            '400': { description: 'Filtros inválidos', content: { 'application/json': { schema: error } } },
          },
        },
      },
      '/api/v1/ordenanzas/{id}': {
        get: {
          summary: 'Una ordenanza, con las que la modifican',
          parameters: [{ name: 'id', in: 'path', required: true, schema: { type: 'integer' } }],
          responses: {
            '200': { description: 'La ordenanza', content: { 'application/json': { schema: { $ref: '#/components/schemas/OrdenanzaDetalle' } } } },
            '404': { description: 'No existe', content: { 'application/json': { schema: error } } },
          },
        },
      },
      '/api/v1/solicitudes-decreto': {
        post: {
          summary: 'Pedir la copia de un decreto (sendSolicitudDecreto)',
          description:
            'Registra la solicitud y encola dos correos: el acuse al ciudadano, con el código de seguimiento, y el aviso a la mesa de entradas. El mismo DNI y número de decreto dentro de 10 minutos devuelve la solicitud ya registrada. Límite por IP: 5 solicitudes cada 10 minutos (configurable). Cuerpo de hasta 16 KB.',
          requestBody: {
            required: true,
            content: {
              'application/json': {
                schema: {
                  type: 'object',
                  properties: {
                    nombre: { type: 'string', maxLength: 120 },
                    dni: { type: 'string', description: '7 u 8 números; se aceptan puntos.' },
                    email: { type: 'string', format: 'email', maxLength: 254 },
                    numero: { type: 'string', maxLength: 30, description: 'Número de decreto, por ejemplo 123/2024.' },
                    ordenanza: { type: ['integer', 'string'], description: 'ID de una ordenanza con expediente (opcional).' },
                    aclaraciones: { type: 'string', maxLength: 2000 },
                  },
                  required: ['nombre', 'dni', 'email', 'numero'],
                },
              },
            },
          },
          responses: {
            '201': {
              description: 'Solicitud registrada',
              content: { 'application/json': { schema: { type: 'object', properties: { codigo: { type: 'string', example: 'SD-2026-000123' }, estado: { type: 'string', example: 'recibida' } }, required: ['codigo', 'estado'] } } },
            },
            '400': { description: 'Datos inválidos: un mensaje por campo', content: { 'application/json': { schema: error } } },
            '413': { description: 'Cuerpo demasiado grande', content: { 'application/json': { schema: error } } },
            '429': { description: 'Demasiadas solicitudes desde esta IP', content: { 'application/json': { schema: error } } },
            '503': { description: 'No se pudo registrar; probar más tarde', content: { 'application/json': { schema: error } } },
          },
        },
      },
      '/api/v1/solicitudes-decreto/{codigo}': {
        get: {
          summary: 'Estado de una solicitud de decreto por su código de seguimiento',
          parameters: [{ name: 'codigo', in: 'path', required: true, schema: { type: 'string', example: 'SD-2026-000123' } }],
          responses: {
            '200': {
              description: 'Estado y fechas, sin datos personales',
              content: {
                'application/json': {
                  schema: {
                    type: 'object',
                    properties: {
                      codigo: { type: 'string' },
                      estado: { type: 'string' },
                      estadoDescripcion: { type: 'string' },
                      historial: { type: 'array', items: { type: 'object', properties: { estado: { type: 'string' }, fecha: { type: 'string', format: 'date-time' } } } },
                    },
                  },
                },
              },
            },
            '404': { description: 'No existe', content: { 'application/json': { schema: error } } },
          },
        },
      },
      '/api/v1/documentos/{id}': {
        get: {
          summary: 'Descargar un documento (PDF o imagen)',
          description: 'Con ETag, Last-Modified (304 al revalidar) y rangos de bytes (206).',
          parameters: [{ name: 'id', in: 'path', required: true, schema: { type: 'integer' } }],
          responses: {
            '200': { description: 'El archivo', content: { 'application/pdf': {}, 'image/*': {} } },
            '206': { description: 'Un rango del archivo' },
            '304': { description: 'Sin cambios' },
            '404': { description: 'No existe', content: { 'application/json': { schema: error } } },
            '416': { description: 'Rango imposible' },
          },
        },
      },
      ...gobiernoPaths,
    },
    components: {
      schemas: {
        ...gobiernoSchemas,
        Ordenanza: {
          type: 'object',
          properties: {
            ID: { type: 'integer' },
            Numero: { type: 'integer' },
            Anio: { type: 'integer' },
            Estado: { type: 'integer', description: 'Código de estado; otros códigos se muestran como Desconocido.' },
            EstadoDescripcion: { type: 'string' },
            FechaEmision: { type: ['string', 'null'], description: 'Fecha y hora, AAAA-MM-DDT00:00:00' },
            Descripcion: { type: 'string' },
            Expediente: { type: ['string', 'null'] },
            ModificatoriaDe: { type: ['integer', 'null'], description: 'ID de la ordenanza que esta modifica' },
            ModificatoriaDeNumero: { type: ['integer', 'null'] },
            ModificatoriaDeAnio: { type: ['integer', 'null'] },
            DocumentoID: { type: ['integer', 'null'], description: 'Se descarga en /api/v1/documentos/{DocumentoID}' },
          },
          required: ['ID', 'Numero', 'Anio', 'Estado', 'FechaEmision', 'Descripcion', 'Expediente', 'ModificatoriaDe'],
        },
        OrdenanzaDetalle: {
          allOf: [
            { $ref: '#/components/schemas/Ordenanza' },
            {
              type: 'object',
              properties: {
                ModificadaPor: {
                  type: 'array',
                  items: { type: 'object', properties: { ID: { type: 'integer' }, Numero: { type: 'integer' }, Anio: { type: 'integer' }, Descripcion: { type: 'string' } } },
                },
              },
            },
          ],
        },
      },
    },
  };
}
