/**
 * The API's contract: for every /api/v1 route, its input schemas (the same zod schemas the pages
 * use, from domain/) and its response schemas. One table serves three purposes
 * (docs/architecture.md, "API y su descripción"): the routes take their response schemas from
 * here, so every JSON response is parsed by its schema before it is sent and no field the schema
 * does not name leaves (z.object strips unknown keys); `openapi.ts` generates the OpenAPI document
 * from it with zod-openapi; and a route without an entry here fails at registration.
 */
import type { ZodOpenApiOperationObject, ZodOpenApiResponseObject } from 'zod-openapi';
import { solicitudDecretoSchema } from '#domain/decretos/schemas.ts';
import { LIMITE_COINCIDENCIAS, filtrosOrdenanzasSchema, porPaginaSchema } from '#domain/ordenanzas/schemas.ts';
import { formatNumber } from '#domain/shared/formato.ts';
import { z } from '#domain/shared/zod.ts';
import { ETIQUETAS_ICONO, ETIQUETAS_SERVICIO, ICONOS_VEHICULO, SERVICIOS_VEHICULO } from '#domain/vehiculos/campos.ts';

type Esquema = z.ZodType;

// ---------------------------------------------------------------------------------------------
// Responses. Field names are the original site's (docs/sitio-original.md §3), ordinances keep its capitals.

const errorSchema = z
  .object({
    error: z.string().meta({ description: 'Qué pasó, en castellano.' }),
    errores: z.record(z.string(), z.string()).optional().meta({ description: 'Un mensaje por campo inválido.' }),
    referencia: z.string().optional().meta({ description: 'Código de referencia de un error del servidor (5xx).' }),
  })
  .meta({ id: 'Error' });

const entero = z.int();
const texto = z.string();
const fechaHora = z.string().meta({ description: 'Fecha y hora ISO 8601.' });
const documento = z
  .object({ id: entero.meta({ description: 'Se descarga en /api/v1/documentos/{id} (o /downloadArchivoAppTurismo?id={id}).' }) })
  .meta({ id: 'DocumentoRef' });

const ordenanzaSchema = z
  .object({
    ID: entero,
    Numero: entero,
    Anio: entero,
    Estado: entero.meta({ description: 'Código de estado; otros códigos se muestran como Desconocido.' }),
    EstadoDescripcion: texto,
    FechaEmision: texto.nullable().meta({ description: 'Fecha y hora, AAAA-MM-DDT00:00:00.' }),
    Descripcion: texto,
    Expediente: texto.nullable(),
    ModificatoriaDe: entero.nullable().meta({ description: 'ID de la ordenanza que esta modifica.' }),
    ModificatoriaDeNumero: entero.nullable(),
    ModificatoriaDeAnio: entero.nullable(),
    DocumentoID: entero.nullable().meta({ description: 'Se descarga en /api/v1/documentos/{DocumentoID}.' }),
  })
  .meta({ id: 'Ordenanza' });

const paginaOrdenanzas = z
  .object({
    items: z.array(ordenanzaSchema),
    total: entero.meta({
      description: 'Cuántas ordenanzas cumplen los filtros; si `totalExacto` es false, la búsqueda dejó de contar ahí y hay más.',
    }),
    totalExacto: z.boolean().meta({
      description: `False cuando las palabras coinciden con más de ${formatNumber(LIMITE_COINCIDENCIAS)} ordenanzas: \`total\` vale ${formatNumber(LIMITE_COINCIDENCIAS)}, sólo esas (las más recientes) se ordenan por relevancia y las demás siguen, en las páginas siguientes, por año y número descendentes.`,
    }),
    pagina: entero,
    porPagina: entero,
  })
  .meta({ id: 'PaginaOrdenanzas' });

const ordenanzaDetalle = ordenanzaSchema
  .extend({ ModificadaPor: z.array(z.object({ ID: entero, Numero: entero, Anio: entero, Descripcion: texto })) })
  .meta({ id: 'OrdenanzaDetalle' });

const solicitudCreada = z
  .object({ codigo: texto.meta({ example: 'SD-2026-7KQ-3XM-9PK' }), estado: texto.meta({ example: 'recibida' }) })
  .meta({ id: 'SolicitudCreada' });

const plazoSolicitud = z
  .object({
    fechaLimite: texto.meta({ description: 'Último día para responder, AAAA-MM-DD (días hábiles de Argentina).', example: '2026-04-20' }),
    prorrogada: z.boolean().meta({ description: 'El plazo se prorrogó (una sola vez, ley 27.275 art. 11).' }),
    diasHabiles: entero.meta({ description: 'Días hábiles del plazo, contados desde el día hábil siguiente al de la recepción.', example: 15 }),
  })
  .meta({ id: 'PlazoSolicitud' });

const estadoSolicitud = z
  .object({
    codigo: texto,
    estado: texto,
    estadoDescripcion: texto,
    historial: z.array(z.object({ estado: texto, fecha: fechaHora })),
    plazo: plazoSolicitud.nullable().meta({ description: 'Mientras la solicitud está abierta; null cuando fue enviada o rechazada.' }),
  })
  .meta({ id: 'EstadoSolicitud', description: 'Estado, fechas y plazo de respuesta, sin datos personales.' });

const boletinVigente = z
  .object({
    legales: texto,
    licitaciones: texto,
    boletin: z
      .object({ id: entero, numeroBoletinOficial: entero, mes: entero, anio: entero, titulo: texto, documento })
      .nullable()
      .meta({ description: 'El boletín oficial vigente: el último publicado (por año, mes y número); null si todavía no hay ninguno.' }),
  })
  .meta({ id: 'BoletinVigente', description: 'El boletín oficial vigente: sus textos (HTML saneado) y su edición.' });
const ordenanzaBoletin = z.object({ numero: texto, titulo: texto, link: texto }).meta({ id: 'OrdenanzaBoletin' });
const decretoBoletin = z.object({ numero: texto, descripcion: texto, area: texto }).meta({ id: 'DecretoBoletin' });
const boletinOficial = z
  .object({
    id: entero,
    documento,
    numeroBoletinOficial: entero,
    mesAsString: texto,
    anioDocumentoAsString: texto,
    usuarioCreacion: texto,
    fechaCreacion: fechaHora,
  })
  .meta({ id: 'BoletinOficial' });
const area = z.object({ nombre: texto, domicilio: texto, telefono: texto, email: texto }).meta({ id: 'Area' });
const ejecutivo = z
  .object({
    intendenteNombre: texto,
    intendenteEmail: texto,
    intendenteTelefono: texto,
    viceIntendenteNombre: texto,
    viceIntendenteEmail: texto,
    viceIntendenteTelefono: texto,
  })
  .meta({ id: 'Ejecutivo' });
const secretaria = z
  .object({
    secretaria: z.object({ nombre: texto, secretarioNombre: texto, secretarioEmail: texto, secretarioTelefono: texto }),
    subSecretariaList: z.array(z.object({ nombre: texto, subSecretarioNombre: texto, subSecretarioEmail: texto, subSecretarioTelefono: texto })),
  })
  .meta({ id: 'SecretariaEntrada' });
const nombre = z.object({ nombre: texto });
const concejo = z
  .object({
    presidencia: z
      .object({
        nombrePresidente: texto,
        nombreVicepresidente: texto,
        nombreSecretaria: texto,
        nombreProsecretaria: texto,
        nombreSecretariaDigesto: texto,
        telefono: texto,
      })
      .nullable(),
    bloqueList: z.array(
      z.object({
        bloque: z.object({ nombreBloque: texto, nombreSecetaria: texto.meta({ description: 'Con la grafía del sitio original.' }) }),
        concejalesList: z.array(nombre),
        asesoresList: z.array(nombre),
      }),
    ),
  })
  .meta({ id: 'Concejo' });
const observatorio = z.object({ texto, logo: documento.nullable(), galeria: nombre }).meta({ id: 'Observatorio' });
const imagenGaleria = z.object({ id: entero, imagen: documento, titulo: texto, descripcion: texto, alt: texto }).meta({ id: 'ImagenGaleria' });
const documentoPeriodico = z
  .object({ id: entero, documento, mesAsString: texto.meta({ description: 'Vacío en los informes anuales.' }), anioDocumentoAsString: texto })
  .meta({ id: 'DocumentoPeriodico' });
const estadoContable = z
  .object({
    id: entero,
    tipoEstadoContable: z.enum(['RECURSOS', 'GASTOS']),
    tipoEstadoContableAsString: z.enum(['Ejecución de Recursos', 'Ejecución de Gastos']),
    documento,
    mesAsString: texto,
    anioDocumentoAsString: texto,
    usuarioCreacion: texto,
    fechaCreacion: fechaHora,
  })
  .meta({ id: 'EstadoContable' });
const sueldo = z.object({ id: entero, documento, periodoSueldoAsString: texto, anioDocumentoAsString: texto }).meta({ id: 'Sueldo' });
const enlacePlan = z.object({ titulo: texto, descripcion: texto, url: texto }).meta({ id: 'EnlacePlan' });
const sesionApi = z
  .object({
    nombre: texto.meta({ description: 'Nombre y apellido.' }),
    email: texto,
    rol: z.enum(['administrador', 'editor', 'mesa-de-entradas']),
  })
  .meta({ id: 'Sesion', description: 'Quién es el dueño del token del encabezado Aero-Token.' });

const vehiculoEnMapa = z
  .object({
    id: entero,
    latitud: z.number().meta({ description: 'Grados (WGS 84).' }),
    longitud: z.number().meta({ description: 'Grados (WGS 84).' }),
    alias: texto,
    icono: z.enum(ICONOS_VEHICULO).meta({ description: `El ícono del marcador: ${ICONOS_VEHICULO.map((i) => `${i} (${ETIQUETAS_ICONO[i]})`).join(', ')}.` }),
    servicio: z.enum(SERVICIOS_VEHICULO).meta({ description: `${SERVICIOS_VEHICULO.map((s) => `${s} (${ETIQUETAS_SERVICIO[s]})`).join(' o ')}.` }),
    velocidadKmh: z.number().nullable().meta({ description: 'km/h; null si el dispositivo no la informó.' }),
    rumbo: z.number().nullable().meta({ description: 'Grados desde el norte, de 0 a menos de 360; null si no se conoce.' }),
    vistoEn: fechaHora.meta({ description: 'Cuándo el dispositivo tomó la posición (ISO 8601, UTC).' }),
  })
  .meta({ id: 'VehiculoEnMapa', description: 'Un vehículo en el mapa público: su última posición pública reciente.' });

const numeroOsmAnd = (description: string) => z.string().optional().meta({ description });
const parametrosOsmAnd = z
  .object({
    id: z.string().optional().meta({ description: 'Identificador del dispositivo (el configurado en el vehículo). Obligatorio, o `deviceid`.' }),
    deviceid: z.string().optional().meta({ description: 'Otro nombre de `id`.' }),
    lat: numeroOsmAnd('Latitud en grados (punto decimal).'),
    lon: numeroOsmAnd('Longitud en grados.'),
    location: z.string().optional().meta({ description: 'En lugar de lat y lon: `latitud,longitud`.' }),
    timestamp: z.string().optional().meta({
      description:
        'Segundos o milisegundos desde 1970, ISO 8601 o `AAAA-MM-DD HH:MM:SS` (sin zona, UTC). Sin hora, o más de 5 minutos en el futuro, vale la del servidor; de más de 30 días atrás se acusa (200) y no se guarda.',
    }),
    speed: numeroOsmAnd('Velocidad en nudos (se guarda en km/h).'),
    bearing: numeroOsmAnd('Rumbo en grados desde el norte (también `heading`).'),
    heading: numeroOsmAnd('Otro nombre de `bearing`.'),
    altitude: numeroOsmAnd('Altitud en metros.'),
    accuracy: numeroOsmAnd('Precisión en metros.'),
    batt: numeroOsmAnd('Batería en porcentaje (0 a 100).'),
    hdop: numeroOsmAnd('Se acepta y no se guarda (no está en metros).'),
    valid: z.string().optional().meta({ description: '`false` o `0`: el dispositivo no tiene señal; se acusa (200) y no se guarda.' }),
  })
  .meta({
    description:
      'El protocolo OsmAnd: otros parámetros (cell, wifi, ignition…) se ignoran. Sin lat, lon ni location (sólo antenas o wifi) se acusa (200) y no se guarda nada; también 0, 0. Un valor opcional imposible (velocidad de más de 500 km/h, batería de más de 100) queda afuera y la posición se guarda.',
  });

const traccarClient = z
  .object({
    device_id: texto.meta({ description: 'Identificador del dispositivo.' }),
    location: z
      .object({
        timestamp: texto.optional().meta({ description: 'ISO 8601; sin ella, la hora del servidor.', example: '2026-07-15T15:00:00.000Z' }),
        coords: z.object({
          latitude: z.number(),
          longitude: z.number(),
          speed: z.number().optional().meta({ description: 'm/s; negativa si no se conoce.' }),
          heading: z.number().optional().meta({ description: 'Grados; negativo si no se conoce.' }),
          altitude: z.number().optional(),
          accuracy: z.number().optional().meta({ description: 'Metros.' }),
        }),
        battery: z.object({ level: z.number().meta({ description: 'De 0 a 1; negativo si no se conoce.' }) }).optional(),
        is_moving: z.boolean().optional(),
        event: z.string().optional(),
        odometer: z.number().optional(),
      })
      .optional()
      .meta({ description: 'Sin location, o sin coords (un latido, un evento), se acusa (200) y no se guarda nada.' }),
  })
  .meta({ id: 'PosicionTraccarClient', description: 'El JSON de Traccar Client 9 o posterior; otras claves se ignoran.' });

const reenvioTraccar = z
  .object({
    position: z.object({
      latitude: z.number(),
      longitude: z.number(),
      speed: z.number().optional().meta({ description: 'Nudos.' }),
      course: z.number().optional(),
      altitude: z.number().optional(),
      accuracy: z.number().optional(),
      fixTime: z
        .union([texto, z.number()])
        .optional()
        .meta({ description: 'ISO 8601 o milisegundos desde 1970 (si falta, deviceTime; sin las dos, la hora del servidor).' }),
      deviceTime: z.union([texto, z.number()]).optional(),
      valid: z.boolean().optional(),
      attributes: z.object({ batteryLevel: z.number().optional().meta({ description: 'Porcentaje.' }) }).optional(),
    }),
    device: z.object({ uniqueId: texto.meta({ description: 'Identificador del dispositivo.' }) }),
  })
  .meta({ id: 'PosicionReenvioTraccar', description: 'El reenvío de posiciones de un servidor Traccar (forward.type=json); otras claves se ignoran.' });

// ---------------------------------------------------------------------------------------------
// Inputs beyond the domain's schemas.

const formato = z.enum(['json', 'csv']).optional().meta({ description: 'csv para exportar (también con Accept: text/csv).' });
const pattern = z.string().optional().meta({ description: 'Texto a buscar (vacío: todos).' });
const conPattern = z.object({ pattern });
const id = z.object({
  id: z
    .string()
    .regex(/^\d{1,10}$/)
    .meta({ description: 'ID numérico.' }),
});

// ---------------------------------------------------------------------------------------------
// The routes.

type Respuesta = {
  descripcion: string;
  /** The JSON body's schema; the route's serializer parses every response with it. */
  json?: Esquema;
  /** The same rows as CSV (Accept: text/csv or formato=csv). */
  csv?: boolean;
  /** Other content (files). */
  contenido?: ZodOpenApiResponseObject['content'];
  encabezados?: z.ZodObject;
};

export type Route = {
  resumen: string;
  descripcion?: string;
  query?: z.ZodObject;
  params?: z.ZodObject;
  cuerpo?: Esquema;
  /** A form body (application/x-www-form-urlencoded) the route also takes, besides `cuerpo`. */
  cuerpoFormulario?: z.ZodObject;
  /** Needs the `Aero-Token` header (a personal token): documented as the AeroToken security scheme. */
  autenticada?: boolean;
  respuestas: Record<number, Respuesta>;
};

const error = (descripcion: string): Respuesta => ({ descripcion, json: errorSchema });
const lista = (resumen: string, esquema: Esquema, opciones: { query?: z.ZodObject; csv?: boolean } = {}): Route => ({
  resumen,
  query: opciones.csv ? (opciones.query ?? z.object({})).extend({ formato }) : opciones.query,
  respuestas: { 200: { descripcion: resumen, json: z.array(esquema), csv: opciones.csv } },
});
const reintentar = z.object({ 'retry-after': z.string().meta({ description: 'Segundos hasta poder intentar de nuevo.' }) });

/** The ingest's 503: the position was not stored (the site too busy, restarting, or the database not answering). */
const sinGuardar = {
  ...error('No se guardó la posición: el sitio está saturado, se reinicia o la base no responde; reintentar después'),
  encabezados: reintentar,
};

/** Keyed by method and path as Fastify registers them under /api/v1. */
export const ROUTES = {
  'GET /ordenanzas': {
    resumen: 'Buscar ordenanzas',
    descripcion: `JSON paginado, o CSV con todas las coincidencias con \`Accept: text/csv\` o \`formato=csv\`. Por relevancia si hay palabras (si coinciden más de ${formatNumber(LIMITE_COINCIDENCIAS)}, las ${formatNumber(LIMITE_COINCIDENCIAS)} más recientes por relevancia y después el resto, ver \`totalExacto\`); si no, por año y número descendentes.`,
    query: filtrosOrdenanzasSchema.extend({
      porPagina: porPaginaSchema,
      formato,
    }),
    respuestas: {
      200: { descripcion: 'Ordenanzas que cumplen todos los filtros', json: paginaOrdenanzas, csv: true },
      400: error('Filtros inválidos: un mensaje por campo'),
    },
  },
  'GET /ordenanzas/:id': {
    resumen: 'Una ordenanza, con las que la modifican',
    params: id,
    respuestas: { 200: { descripcion: 'La ordenanza', json: ordenanzaDetalle }, 404: error('No existe') },
  },
  'POST /solicitudes-decreto': {
    resumen: 'Pedir la copia de un decreto (sendSolicitudDecreto)',
    descripcion:
      'Registra la solicitud y encola dos correos: el acuse al ciudadano, con el código de seguimiento, y el aviso a la mesa de entradas. La misma combinación de DNI, correo y número dentro de 10 minutos devuelve el código ya dado. Límites por dirección, por DNI y por correo (ver el README). Cuerpo de hasta 16 KB.',
    cuerpo: solicitudDecretoSchema,
    respuestas: {
      201: { descripcion: 'Solicitud registrada', json: solicitudCreada },
      400: error('Datos inválidos: un mensaje por campo'),
      413: error('Cuerpo demasiado grande'),
      429: { ...error('Demasiadas solicitudes'), encabezados: reintentar },
      503: error('No se pudo registrar; probar más tarde'),
    },
  },
  'GET /solicitudes-decreto/:codigo': {
    resumen: 'Estado de una solicitud de decreto por su código de seguimiento',
    params: z.object({ codigo: z.string().meta({ example: 'SD-2026-7KQ-3XM-9PK' }) }),
    respuestas: {
      200: { descripcion: 'Estado, fechas y plazo de respuesta, sin datos personales', json: estadoSolicitud },
      404: error('No hay una solicitud con ese código (también si el código está mal escrito)'),
      429: { ...error('Demasiadas consultas'), encabezados: reintentar },
    },
  },
  'GET /documentos/:id': {
    resumen: 'Descargar un documento (PDF o imagen)',
    descripcion:
      'Con ETag, Last-Modified (304 al revalidar) y rangos de bytes (206). De una imagen, `tamano=web` da su copia para la web (WebP, hasta 1600 px de ancho) y `tamano=miniatura` la miniatura (WebP, 320 px).',
    params: id,
    query: z.object({ tamano: z.enum(['web', 'miniatura']).optional().meta({ description: 'Sólo imágenes: la copia para la web o la miniatura, en WebP.' }) }),
    respuestas: {
      200: {
        descripcion: 'El archivo',
        contenido: { 'application/pdf': { schema: z.string().meta({ format: 'binary' }) }, 'image/*': { schema: z.string().meta({ format: 'binary' }) } },
      },
      206: { descripcion: 'Un rango del archivo' },
      304: { descripcion: 'Sin cambios' },
      404: error('No existe'),
      410: error('Retirado por el municipio (qué era y cuándo se retiró)'),
      416: { descripcion: 'Rango imposible' },
      503: { ...error('El almacenamiento de archivos no responde; reintentar después'), encabezados: reintentar },
    },
  },
  'GET /boletin-vigente': {
    resumen: 'Boletín vigente: texto legal y licitaciones (HTML saneado)',
    respuestas: { 200: { descripcion: 'El boletín vigente', json: boletinVigente } },
  },
  'GET /boletin-vigente/ordenanzas': lista('Ordenanzas del boletín vigente', ordenanzaBoletin, { query: conPattern, csv: true }),
  'GET /boletin-vigente/decretos': lista('Decretos del boletín vigente', decretoBoletin, { query: conPattern, csv: true }),
  'GET /boletines-oficiales': lista('Boletines oficiales, del más reciente al más antiguo', boletinOficial, { csv: true }),
  'GET /areas': lista('Áreas municipales', area, { query: conPattern, csv: true }),
  'GET /ejecutivo': { resumen: 'Intendente y Viceintendente', respuestas: { 200: { descripcion: 'El Ejecutivo', json: ejecutivo }, 404: error('Sin datos') } },
  'GET /secretarias': lista('Secretarías con sus subsecretarías', secretaria, { query: conPattern }),
  'GET /concejo-deliberante': { resumen: 'Concejo Deliberante: presidencia y bloques', respuestas: { 200: { descripcion: 'El Concejo', json: concejo } } },
  'GET /observatorio-vial': {
    resumen: 'Observatorio Vial: texto, logo y galería',
    respuestas: { 200: { descripcion: 'El Observatorio', json: observatorio }, 404: error('Sin datos') },
  },
  'GET /observatorio-vial/galeria': {
    ...lista('Imágenes de una galería', imagenGaleria, {
      query: z.object({ gallery: z.string().meta({ description: 'Nombre de la galería (galeria.nombre del Observatorio).' }) }),
    }),
    respuestas: { 200: { descripcion: 'Imágenes de la galería', json: z.array(imagenGaleria) }, 400: error('Falta gallery') },
  },
  'GET /observatorio-vial/movimiento-terminal': lista(
    'Movimiento mensual de pasajeros de la Terminal, del mes más reciente al más antiguo',
    documentoPeriodico,
    { csv: true },
  ),
  'GET /observatorio-vial/informes-estadisticos': lista('Informes estadísticos anuales (OSSIVI), del más reciente al más antiguo', documentoPeriodico, {
    csv: true,
  }),
  'GET /estados-contables': lista('Estados contables, del período más reciente al más antiguo', estadoContable, { csv: true }),
  'GET /sueldos': lista('Informes de sueldos, del período más reciente al más antiguo', sueldo, { csv: true }),
  'GET /plan-estrategico': lista('Enlaces del Plan Estratégico', enlacePlan, { csv: true }),
  'GET /posiciones': {
    resumen: 'Recibir la posición de un rastreador (protocolo OsmAnd)',
    descripcion:
      'La URL que se configura en OsmAnd, en Traccar Client anterior a 9 o en un rastreador que habla OsmAnd (también la raíz de `INGEST_PORT`). Sin sesión: el identificador del dispositivo es la credencial. Una posición por solicitud; se acepta una por segundo por dispositivo, con ráfagas de 20. Todo reporte bien formado recibe 200, así la cola del rastreador avanza. Ver docs/decisions/015-seguimiento-de-vehiculos.md y docs/decisions/036-ingesta-de-rastreadores.md.',
    query: parametrosOsmAnd,
    respuestas: {
      200: {
        descripcion:
          'Guardada (o ya estaba: mismo dispositivo y hora), o acusada sin nada que guardar (sin coordenadas, sin señal, más vieja que lo que se conservan las posiciones). Cuerpo vacío, como responde Traccar.',
      },
      400: error('Falta el identificador, las coordenadas son imposibles o un valor no se puede leer: no se guardó nada'),
      404: error('Ningún vehículo activo tiene ese identificador de dispositivo'),
      429: { ...error('Demasiadas posiciones de ese dispositivo, o demasiados identificadores desconocidos desde esa dirección'), encabezados: reintentar },
      503: sinGuardar,
    },
  },
  'POST /posiciones': {
    resumen: 'Recibir la posición de un rastreador (Traccar Client 9, reenvío de Traccar u OsmAnd)',
    descripcion:
      'JSON de Traccar Client 9 o posterior, o el reenvío JSON de un servidor Traccar; o los parámetros de OsmAnd en la dirección o en un formulario. Cuerpo de hasta 16 KB. Mismas respuestas que el GET.',
    cuerpo: z.union([traccarClient, reenvioTraccar]),
    cuerpoFormulario: parametrosOsmAnd,
    respuestas: {
      200: { descripcion: 'Guardada (o ya estaba), o acusada sin nada que guardar. Cuerpo vacío.' },
      400: error('Falta el identificador, las coordenadas son imposibles o un valor no se puede leer: no se guardó nada'),
      404: error('Ningún vehículo activo tiene ese identificador de dispositivo'),
      413: error('Cuerpo demasiado grande'),
      429: { ...error('Demasiadas posiciones de ese dispositivo, o demasiados identificadores desconocidos desde esa dirección'), encabezados: reintentar },
      503: sinGuardar,
    },
  },
  'GET /vehiculos': {
    resumen: 'Vehículos en el mapa: recolección de residuos y máquinas de reparación de calles',
    descripcion:
      'Cada vehículo activo con su última posición pública de los últimos minutos (ajuste del sitio, 15 por defecto). Las posiciones en el depósito y fuera del horario de servicio nunca son públicas.',
    respuestas: { 200: { descripcion: 'Los vehículos, por alias', json: z.array(vehiculoEnMapa) } },
  },
  'GET /vehiculos/stream': {
    resumen: 'Posiciones en vivo (Server-Sent Events)',
    descripcion:
      'Primero `retry:` y un evento `instantanea` (data: la misma lista que GET /vehiculos), después un evento `posicion` (data: un VehiculoEnMapa) por cada posición pública nueva, de cualquier instancia del sitio, y un comentario cada 15 s. Se cierra a los 30 minutos (el navegador se reconecta y recibe otra instantánea).',
    respuestas: {
      200: {
        descripcion: 'El stream de eventos',
        contenido: { 'text/event-stream': { schema: z.string().meta({ description: 'event: instantanea | posicion; data: JSON.' }) } },
      },
      429: error('Demasiados streams abiertos desde esa dirección o desde su red (/24 o /64)'),
      503: { ...error('Demasiados streams abiertos en el sitio; probar más tarde'), encabezados: reintentar },
    },
  },
  'GET /sesion': {
    resumen: 'Quién llama: el perfil del dueño del token',
    descripcion:
      'Requiere el encabezado `Aero-Token` con un token personal creado en el panel (Mi cuenta). Sin él, o con un token revocado o de una cuenta desactivada, responde 401.',
    autenticada: true,
    respuestas: {
      200: { descripcion: 'El perfil: nombre, correo y rol', json: sesionApi },
      401: error('Falta el token o no es válido'),
    },
  },
} satisfies Record<string, Route>;

export type RouteKey = keyof typeof ROUTES;

/**
 * Fastify route options for a route of the table: its response schemas, which the API scope's
 * serializer compiler (index.ts) applies to every JSON body it sends.
 */
export function contract(clave: RouteKey): { schema: { response: Record<number, Esquema> } } {
  const ruta: Route | undefined = ROUTES[clave];
  if (!ruta) throw new Error(`La ruta ${clave} de la API no está en el contrato (server/api/contract.ts).`);
  const response: Record<number, Esquema> = {};
  for (const [estado, r] of Object.entries(ruta.respuestas)) if (r.json) response[Number(estado)] = r.json;
  return { schema: { response } };
}

/** The OpenAPI operation of a route of the table. */
export function operation(ruta: Route): ZodOpenApiOperationObject {
  const responses: ZodOpenApiOperationObject['responses'] = {};
  for (const [estado, r] of Object.entries(ruta.respuestas)) {
    const content: NonNullable<ZodOpenApiResponseObject['content']> = { ...r.contenido };
    if (r.json) content['application/json'] = { schema: r.json };
    if (r.csv) content['text/csv'] = { schema: z.string().meta({ description: 'Las mismas filas en CSV (RFC 4180, UTF-8 con BOM).' }) };
    responses[estado as '200'] = {
      description: r.descripcion,
      ...(Object.keys(content).length ? { content } : {}),
      ...(r.encabezados ? { headers: r.encabezados } : {}),
    };
  }
  return {
    summary: ruta.resumen,
    ...(ruta.descripcion ? { description: ruta.descripcion } : {}),
    ...(ruta.query || ruta.params ? { requestParams: { ...(ruta.query ? { query: ruta.query } : {}), ...(ruta.params ? { path: ruta.params } : {}) } } : {}),
    ...(ruta.cuerpo
      ? {
          requestBody: {
            required: true,
            content: {
              'application/json': { schema: ruta.cuerpo },
              ...(ruta.cuerpoFormulario ? { 'application/x-www-form-urlencoded': { schema: ruta.cuerpoFormulario } } : {}),
            },
          },
        }
      : {}),
    ...(ruta.autenticada ? { security: [{ AeroToken: [] }] } : {}),
    responses,
  };
}

/**
 * The API scope's serializer compiler: a JSON body goes out as its schema parses it, so only the
 * fields the schema names leave, and a body that does not fit its schema is a 500, not a leak.
 */
export function serializeWithSchema({ schema }: { schema: unknown }): (data: unknown) => string {
  const esquema = schema as Esquema;
  return (data) => JSON.stringify(esquema.parse(data));
}
