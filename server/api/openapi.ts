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
      description: 'Lecturas públicas, sin autenticación. Los nombres de campo siguen a los del sitio original.',
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
