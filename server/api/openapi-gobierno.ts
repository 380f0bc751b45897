// OpenAPI paths and schemas of the government, bulletin and finance calls (server/api/gobierno.ts).
const s = { type: 'string' } as const;
const i = { type: 'integer' } as const;
const documento = { type: 'object', properties: { id: { ...i, description: 'Se descarga en /api/v1/documentos/{id} (o /downloadArchivoAppTurismo?id={id})' } }, required: ['id'] };
const objeto = (properties: Record<string, unknown>) => ({ type: 'object', properties, required: Object.keys(properties) });
const lista = (ref: string) => ({ type: 'array', items: { $ref: `#/components/schemas/${ref}` } });
const error = { type: 'object', properties: { error: s }, required: ['error'] };

const pattern = { name: 'pattern', in: 'query', description: 'Texto a buscar (vacío: todos).', schema: { type: 'string' } };
const formato = { name: 'formato', in: 'query', description: 'csv para exportar (también con Accept: text/csv).', schema: { type: 'string', enum: ['json', 'csv'] } };

function get(summary: string, schema: unknown, opciones: { parameters?: unknown[]; csv?: boolean; descripcion?: string; respuestas?: Record<string, unknown> } = {}) {
  return {
    get: {
      summary,
      ...(opciones.descripcion ? { description: opciones.descripcion } : {}),
      parameters: [...(opciones.parameters ?? []), ...(opciones.csv ? [formato] : [])],
      responses: {
        '200': { description: summary, content: { 'application/json': { schema }, ...(opciones.csv ? { 'text/csv': { schema: s } } : {}) } },
        ...opciones.respuestas,
      },
    },
  };
}

export const gobiernoPaths = {
  '/api/v1/boletin-vigente': get('Boletín vigente: texto legal y licitaciones (HTML saneado)', { $ref: '#/components/schemas/BoletinVigente' }),
  '/api/v1/boletin-vigente/ordenanzas': get('Ordenanzas del boletín vigente', lista('OrdenanzaBoletin'), { parameters: [pattern], csv: true }),
  '/api/v1/boletin-vigente/decretos': get('Decretos del boletín vigente', lista('DecretoBoletin'), { parameters: [pattern], csv: true }),
  '/api/v1/boletines-oficiales': get('Boletines oficiales, del más reciente al más antiguo', lista('BoletinOficial'), { csv: true }),
  '/api/v1/areas': get('Áreas municipales', lista('Area'), { parameters: [pattern], csv: true }),
  '/api/v1/ejecutivo': get('Intendente y Viceintendente', { $ref: '#/components/schemas/Ejecutivo' }, { respuestas: { '404': { description: 'Sin datos', content: { 'application/json': { schema: error } } } } }),
  '/api/v1/secretarias': get('Secretarías con sus subsecretarías', lista('SecretariaEntrada'), { parameters: [pattern] }),
  '/api/v1/concejo-deliberante': get('Concejo Deliberante: presidencia y bloques', { $ref: '#/components/schemas/Concejo' }),
  '/api/v1/observatorio-vial': get('Observatorio Vial: texto, logo y galería', { $ref: '#/components/schemas/Observatorio' }, { respuestas: { '404': { description: 'Sin datos', content: { 'application/json': { schema: error } } } } }),
  '/api/v1/observatorio-vial/galeria': get('Imágenes de una galería', lista('ImagenGaleria'), {
    parameters: [{ name: 'gallery', in: 'query', required: true, description: 'Nombre de la galería (galeria.nombre del Observatorio).', schema: s }],
    respuestas: { '400': { description: 'Falta gallery', content: { 'application/json': { schema: error } } } },
  }),
  '/api/v1/observatorio-vial/movimiento-terminal': get('Movimiento mensual de pasajeros de la Terminal, del mes más reciente al más antiguo', lista('DocumentoPeriodico'), { csv: true }),
  '/api/v1/observatorio-vial/informes-estadisticos': get('Informes estadísticos anuales (OSSIVI), del más reciente al más antiguo', lista('DocumentoPeriodico'), { csv: true }),
  '/api/v1/estados-contables': get('Estados contables, del período más reciente al más antiguo', lista('EstadoContable'), { csv: true }),
  '/api/v1/sueldos': get('Informes de sueldos, del período más reciente al más antiguo', lista('Sueldo'), { csv: true }),
  '/api/v1/plan-estrategico': get('Enlaces del Plan Estratégico', lista('EnlacePlan'), { csv: true }),
};

export const gobiernoSchemas = {
  BoletinVigente: objeto({ legales: s, licitaciones: s }),
  OrdenanzaBoletin: objeto({ numero: s, titulo: s, link: s }),
  DecretoBoletin: objeto({ numero: s, descripcion: s, area: s }),
  BoletinOficial: objeto({ id: i, documento, numeroBoletinOficial: i, mesAsString: s, anioDocumentoAsString: s, usuarioCreacion: s, fechaCreacion: { type: 'string', format: 'date-time' } }),
  Area: objeto({ nombre: s, domicilio: s, telefono: s, email: s }),
  Ejecutivo: objeto({ intendenteNombre: s, intendenteEmail: s, intendenteTelefono: s, viceIntendenteNombre: s, viceIntendenteEmail: s, viceIntendenteTelefono: s }),
  SecretariaEntrada: objeto({
    secretaria: objeto({ nombre: s, secretarioNombre: s, secretarioEmail: s, secretarioTelefono: s }),
    subSecretariaList: { type: 'array', items: objeto({ nombre: s, subSecretarioNombre: s, subSecretarioEmail: s, subSecretarioTelefono: s }) },
  }),
  Concejo: objeto({
    presidencia: { oneOf: [objeto({ nombrePresidente: s, nombreVicepresidente: s, nombreSecretaria: s, nombreProsecretaria: s, nombreSecretariaDigesto: s, telefono: s }), { type: 'null' }] },
    bloqueList: {
      type: 'array',
      items: objeto({
        bloque: objeto({ nombreBloque: s, nombreSecetaria: { ...s, description: 'Con la grafía del sitio original.' } }),
        concejalesList: { type: 'array', items: objeto({ nombre: s }) },
        asesoresList: { type: 'array', items: objeto({ nombre: s }) },
      }),
    },
  }),
  Observatorio: objeto({ texto: s, logo: { oneOf: [documento, { type: 'null' }] }, galeria: objeto({ nombre: s }) }),
  ImagenGaleria: objeto({ id: i, imagen: documento, titulo: s, descripcion: s, alt: s }),
  DocumentoPeriodico: objeto({ id: i, documento, mesAsString: { ...s, description: 'Vacío en los informes anuales' }, anioDocumentoAsString: s }),
  EstadoContable: objeto({
    id: i,
    tipoEstadoContable: { type: 'string', enum: ['RECURSOS', 'GASTOS'] },
    tipoEstadoContableAsString: { type: 'string', enum: ['Ejecución de Recursos', 'Ejecución de Gastos'] },
    documento,
    mesAsString: s,
    anioDocumentoAsString: s,
    usuarioCreacion: s,
    fechaCreacion: { type: 'string', format: 'date-time' },
  }),
  Sueldo: objeto({ id: i, documento, periodoSueldoAsString: s, anioDocumentoAsString: s }),
  EnlacePlan: objeto({ titulo: s, descripcion: s, url: s }),
};
