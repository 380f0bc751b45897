import { isDatabaseUnavailable } from '#db/errors.ts';
import { verificarClaveOpen311 } from '#domain/reclamos/catalogo.ts';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import {
  type ErrorOpen311,
  type Formato,
  aDefinicion,
  aServicio,
  aSolicitud,
  definicionXml,
  entradaDeOpen311,
  erroresDeOpen311,
  erroresXml,
  leerArchivo,
  leerCodigo,
  leerCodigoServicio,
  leerFiltros,
  serviciosXml,
  solicitudesXml,
} from '#domain/reclamos/open311.ts';
import { crearReclamo } from '#domain/reclamos/commands.ts';
import {
  LIMITE_CLAVE_OPEN311,
  avisoDeServicio,
  consumirLimiteClave,
  getServicioOpen311,
  getSolicitudOpen311,
  listServiciosOpen311,
  listSolicitudesOpen311,
} from '#domain/reclamos/open311-queries.ts';
import { ubicarDireccion } from '#domain/recoleccion/ubicacion.ts';
import type { AppContext } from '#domain/shared/context.ts';
import { httpErrorMessage } from '#domain/shared/http-errors.ts';

/** A report is a few short fields (photos come through the site's form): 64 KiB is plenty. */
const CUERPO_MAXIMO = 64 * 1024;

/** Where the API lives: GeoReport v2's usual path. */
export const PREFIJO_OPEN311 = '/open311/v2';

const TIPOS: Record<Formato, string> = { json: 'application/json; charset=utf-8', xml: 'application/xml; charset=utf-8' };
const FORMATO_DESCONOCIDO = 'Pedí el recurso en JSON o en XML: terminá la dirección en .json o en .xml.';

/** Every answer may be read from a page of another site (the standard's clients are often browsers). */
function cors(reply: FastifyReply): FastifyReply {
  return reply.header('access-control-allow-origin', '*');
}

/** An error in the standard's form: a list of code and description (JSON), or errors/error (XML). */
export function sendErrorOpen311(reply: FastifyReply, formato: Formato | undefined, code: number, description: string | ErrorOpen311[]): FastifyReply {
  const errores: ErrorOpen311[] = typeof description === 'string' ? [{ code, description }] : description;
  cors(reply).status(code).header('cache-control', 'no-store');
  return formato === 'xml' ? reply.type(TIPOS.xml).send(erroresXml(errores)) : reply.type(TIPOS.json).send(JSON.stringify(errores));
}

/** A successful read, cacheable a minute like the other public API answers. */
function enviar(reply: FastifyReply, formato: Formato, json: unknown, xml: () => string): FastifyReply {
  cors(reply).header('cache-control', 'public, max-age=60');
  return formato === 'xml' ? reply.type(TIPOS.xml).send(xml()) : reply.type(TIPOS.json).send(JSON.stringify(json));
}

/** The format of the request's own address (for the errors Fastify raises before a handler). */
function formatoDe(request: FastifyRequest): Formato | undefined {
  const ruta = request.url.split('?')[0] ?? '';
  return leerArchivo(ruta.slice(ruta.lastIndexOf('/') + 1)).formato;
}

const MENSAJES_FASTIFY: Record<string, string> = {
  FST_ERR_CTP_BODY_TOO_LARGE: 'El cuerpo de la solicitud es demasiado grande.',
  FST_ERR_CTP_INVALID_MEDIA_TYPE: 'Enviá el reclamo como formulario (application/x-www-form-urlencoded) o como JSON.',
  FST_ERR_CTP_EMPTY_JSON_BODY: 'El cuerpo de la solicitud está vacío.',
  FST_ERR_CTP_INVALID_JSON_BODY: 'El cuerpo de la solicitud no es JSON válido.',
  FST_ERR_BAD_URL: 'La dirección tiene caracteres mal codificados.',
};

/**
 * Open311 GeoReport v2 (docs/decisions/057-reclamos.md): the categories as services, the visible
 * reports as service requests, in JSON and XML, under /open311/v2.
 */
export async function open311Api(app: FastifyInstance, ctx: AppContext): Promise<void> {
  // A request the framework refuses (a body too large, malformed JSON) answers in the standard's form too.
  // A database that does not answer (or an answer that did not start in time) is a 503 with
  // Retry-After in that form as well, so a client reads it as any other error of the API.
  app.setErrorHandler((error: FastifyError, request, reply) => {
    if (isDatabaseUnavailable(error) || error.code === 'FST_ERR_HANDLER_TIMEOUT') {
      request.log.error({ err: error }, 'servicio no disponible');
      reply.header('retry-after', '30');
      return sendErrorOpen311(reply, formatoDe(request), 503, httpErrorMessage(503));
    }
    const status = typeof error.statusCode === 'number' ? error.statusCode : 500;
    if (status >= 500) throw error;
    return sendErrorOpen311(reply, formatoDe(request), status, MENSAJES_FASTIFY[error.code] ?? 'La solicitud no se pudo leer.');
  });

  // services.{format} and requests.{format}
  app.get<{ Params: { archivo: string }; Querystring: Record<string, unknown> }>('/:archivo', async (request, reply) => {
    const { nombre, formato } = leerArchivo(request.params.archivo);
    if (nombre !== 'services' && nombre !== 'requests') return sendErrorOpen311(reply, formato, 404, 'No existe ese recurso: están services y requests.');
    if (!formato) return sendErrorOpen311(reply, undefined, 400, FORMATO_DESCONOCIDO);
    if (nombre === 'services') {
      const servicios = (await listServiciosOpen311(ctx.db)).map(aServicio);
      return enviar(reply, formato, servicios, () => serviciosXml(servicios));
    }
    const filtros = leerFiltros(request.query, ctx.clock.now());
    if (!filtros.ok) return sendErrorOpen311(reply, formato, filtros.error.code, filtros.error.description);
    const { reclamos, hayMas } = await listSolicitudesOpen311(ctx.db, filtros.valor);
    if (hayMas && filtros.valor.tipo === 'filtros') {
      const siguiente = new URLSearchParams(request.query as Record<string, string>);
      siguiente.set('page', String(filtros.valor.pagina + 1));
      reply.header('link', `<${ctx.url(`${PREFIJO_OPEN311}/requests.${formato}?${siguiente}`)}>; rel="next"`);
    }
    const solicitudes = reclamos.map((r) => aSolicitud(r, ctx.url));
    return enviar(reply, formato, solicitudes, () => solicitudesXml(solicitudes));
  });

  app.get<{ Params: { archivo: string } }>('/services/:archivo', async (request, reply) => {
    const { nombre, formato } = leerArchivo(request.params.archivo);
    if (!formato) return sendErrorOpen311(reply, undefined, 400, FORMATO_DESCONOCIDO);
    const codigo = leerCodigoServicio(nombre);
    const categoria = codigo && (await getServicioOpen311(ctx.db, codigo));
    if (!categoria) return sendErrorOpen311(reply, formato, 404, 'No hay un servicio con ese código: ver la lista en services.json.');
    const definicion = aDefinicion(categoria);
    return enviar(reply, formato, definicion, () => definicionXml(definicion));
  });

  app.get<{ Params: { archivo: string } }>('/requests/:archivo', async (request, reply) => {
    const { nombre, formato } = leerArchivo(request.params.archivo);
    if (!formato) return sendErrorOpen311(reply, undefined, 400, FORMATO_DESCONOCIDO);
    const codigo = leerCodigo(nombre);
    const reclamo = codigo && (await getSolicitudOpen311(ctx.db, codigo));
    // A mistyped code, an unknown one and a hidden one get the same answer.
    if (!reclamo) return sendErrorOpen311(reply, formato, 404, 'No hay un reclamo con ese código.');
    const solicitudes = [aSolicitud(reclamo, ctx.url)];
    return enviar(reply, formato, solicitudes, () => solicitudesXml(solicitudes));
  });

  // The token a POST answers is the report's own code: it is public from the start.
  app.get<{ Params: { archivo: string } }>('/tokens/:archivo', async (request, reply) => {
    const { nombre, formato } = leerArchivo(request.params.archivo);
    if (!formato) return sendErrorOpen311(reply, undefined, 400, FORMATO_DESCONOCIDO);
    const codigo = leerCodigo(nombre);
    const reclamo = codigo && (await getSolicitudOpen311(ctx.db, codigo));
    if (!reclamo) return sendErrorOpen311(reply, formato, 404, 'No hay un reclamo con ese token.');
    const respuesta = [{ service_request_id: reclamo.codigo, token: reclamo.codigo }];
    return enviar(reply, formato, respuesta, () => solicitudesXml(respuesta));
  });

  // POST requests: a form (the standard's) or JSON. Multipart (media) is not taken here.
  app.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string', bodyLimit: CUERPO_MAXIMO }, (_request, cuerpo, done) => {
    const campos: Record<string, string | string[]> = {};
    for (const [clave, valor] of new URLSearchParams(cuerpo as string)) {
      const previo = campos[clave];
      campos[clave] = previo === undefined ? valor : [...(Array.isArray(previo) ? previo : [previo]), valor];
    }
    done(null, campos);
  });

  app.post<{ Params: { archivo: string }; Querystring: Record<string, unknown> }>('/:archivo', { bodyLimit: CUERPO_MAXIMO }, async (request, reply) => {
    const { nombre, formato } = leerArchivo(request.params.archivo);
    if (nombre !== 'requests') return sendErrorOpen311(reply, formato, 404, 'Sólo se crean reclamos: POST requests.json o requests.xml.');
    if (!formato) return sendErrorOpen311(reply, undefined, 400, FORMATO_DESCONOCIDO);
    const cuerpo = request.body && typeof request.body === 'object' && !Array.isArray(request.body) ? (request.body as Record<string, unknown>) : {};
    const claveId = (await verificarClaveOpen311(ctx.db, cuerpo.api_key ?? request.query.api_key))?.id;
    if (claveId === undefined) return sendErrorOpen311(reply, formato, 403, 'Falta api_key o no es una clave vigente: pedila a la Municipalidad.');
    // Counted before the work: a key that floods is refused whatever it sends.
    if (!(await consumirLimiteClave(ctx, claveId))) {
      const ventana = LIMITE_CLAVE_OPEN311.windowSeconds;
      reply.header('retry-after', String(ventana - (Math.floor(ctx.clock.now().getTime() / 1000) % ventana)));
      return sendErrorOpen311(reply, formato, 429, `Esta clave ya envió ${LIMITE_CLAVE_OPEN311.max} reclamos en la última hora: probá más tarde.`);
    }
    const entrada = entradaDeOpen311(cuerpo);
    if (!entrada.latitud && !entrada.longitud) {
      if (!entrada.direccion) return sendErrorOpen311(reply, formato, 400, 'Falta el lugar: enviá lat y long, o address_string con la calle y la altura.');
      // Only the address: the street index places it (docs/decisions/056-mi-calle.md).
      const ubicacion = await ubicarDireccion(ctx.db, entrada.direccion);
      if (ubicacion.tipo !== 'encontrada') return sendErrorOpen311(reply, formato, 400, `address_string: ${ubicacion.mensaje}`);
      // Seven decimals (about a centimetre): an interpolated point has more than a coordinate is read with.
      entrada.latitud = ubicacion.punto.latitud.toFixed(7);
      entrada.longitud = ubicacion.punto.longitud.toFixed(7);
    }
    const resultado = await crearReclamo(ctx, entrada, { origen: 'open311', claveOpen311Id: claveId });
    if (resultado.tipo === 'invalido') return sendErrorOpen311(reply, formato, 400, erroresDeOpen311(resultado.errores));
    if (resultado.tipo === 'limite') {
      reply.header('retry-after', String(resultado.reintentarEnSegundos));
      return sendErrorOpen311(reply, formato, 429, resultado.mensaje);
    }
    const respuesta = [
      { service_request_id: resultado.codigo, token: resultado.codigo, service_notice: await avisoDeServicio(ctx.db, entrada.categoria ?? '') },
    ];
    cors(reply).status(201).header('cache-control', 'no-store');
    return formato === 'xml' ? reply.type(TIPOS.xml).send(solicitudesXml(respuesta)) : reply.type(TIPOS.json).send(JSON.stringify(respuesta));
  });

  // Anything else under /open311/v2 answers the standard's 404, not the site's page.
  app.route({
    method: ['GET', 'POST', 'PUT', 'PATCH', 'DELETE'],
    url: '/*',
    bodyLimit: CUERPO_MAXIMO,
    handler: (request, reply) => sendErrorOpen311(reply, formatoDe(request), 404, 'No existe ese recurso de Open311.'),
  });
}
