import type { FastifyError, FastifyInstance } from 'fastify';
import { createSolicitudDecreto } from '../../domain/decretos/commands.ts';
import { getEstadoSolicitud } from '../../domain/decretos/queries.ts';
import { systemClock } from '../../domain/shared/context.ts';
import type { ApiContext } from './index.ts';

/** A request is a few short fields: 16 KiB is plenty, and caps what a client can make us parse. */
export const LIMITE_CUERPO_SOLICITUD = 16 * 1024;
export const MENSAJE_FALLA = 'No pudimos registrar la solicitud por un problema nuestro. Probá de nuevo en unos minutos.';

/** Driver errors quote the query's parameters (DNI, e-mail): only the error code reaches the log. */
export function codigoDeError(error: unknown): string | undefined {
  const e = error as { code?: unknown; cause?: { code?: unknown } } | undefined;
  const code = e?.cause?.code ?? e?.code;
  return typeof code === 'string' ? code : undefined;
}

/** POST /api/v1/solicitudes-decreto (the spec's sendSolicitudDecreto) and the status by tracking code. */
export async function decretosApi(app: FastifyInstance, ctx: ApiContext): Promise<void> {
  app.setErrorHandler((error: FastifyError, _request, reply) => {
    if (error.code === 'FST_ERR_CTP_BODY_TOO_LARGE') return reply.status(413).send({ error: `El cuerpo de la solicitud supera el máximo de ${LIMITE_CUERPO_SOLICITUD / 1024} KB.` });
    if (error.code === 'FST_ERR_CTP_INVALID_MEDIA_TYPE') return reply.status(415).send({ error: 'Enviá la solicitud como JSON (Content-Type: application/json).' });
    if (error.statusCode === 400) return reply.status(400).send({ error: 'El cuerpo de la solicitud no es JSON válido.' });
    ctx.log.error({ codigo: codigoDeError(error) }, 'API de solicitudes de decreto: error inesperado');
    return reply.status(503).send({ error: MENSAJE_FALLA });
  });

  app.post('/solicitudes-decreto', { bodyLimit: LIMITE_CUERPO_SOLICITUD }, async (request, reply) => {
    reply.header('cache-control', 'no-store');
    let resultado;
    try {
      resultado = await createSolicitudDecreto({ db: ctx.db, clock: systemClock, log: ctx.log }, request.body, {
        ip: request.ip,
        limitePorIp: ctx.solicitudes.limitePorIp,
        siteUrl: ctx.siteUrl(request),
      });
    } catch (error) {
      ctx.log.error({ codigo: codigoDeError(error) }, 'solicitud de decreto no registrada');
      return reply.status(503).send({ error: MENSAJE_FALLA });
    }
    if (resultado.tipo === 'invalida') return reply.status(400).send({ error: 'Revisá los datos de la solicitud.', errores: resultado.errores });
    if (resultado.tipo === 'limite') return reply.status(429).header('retry-after', '600').send({ error: resultado.mensaje });
    if (resultado.nueva) ctx.solicitudes.avisarCorreo();
    return reply.status(201).send({ codigo: resultado.codigo, estado: resultado.estado });
  });

  app.get<{ Params: { codigo: string } }>('/solicitudes-decreto/:codigo', async (request, reply) => {
    reply.header('cache-control', 'no-store');
    const estado = request.params.codigo.length <= 40 ? await getEstadoSolicitud(ctx.db, request.params.codigo) : undefined;
    if (!estado) return reply.status(404).send({ error: 'No hay una solicitud con ese código.' });
    // Open to anyone holding the code: status and dates only, no name.
    return { codigo: estado.codigo, estado: estado.estado, estadoDescripcion: estado.estadoEtiqueta, historial: estado.historial.map((h) => ({ estado: h.estado, fecha: h.fecha })) };
  });
}
