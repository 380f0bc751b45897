import type { FastifyInstance } from 'fastify';
import { isDatabaseUnavailable } from '#db/errors.ts';
import { createSolicitudDecreto } from '#domain/decretos/commands.ts';
import { lookupEstadoSolicitud } from '#domain/decretos/queries.ts';
import type { AppContext } from '#domain/shared/context.ts';
import { clientKey } from '#server/client-address.ts';
import { sendError } from '#server/errors.ts';
import { contract } from './contract.ts';

/** A request is a few short fields: 16 KiB is plenty, and caps what a client can make us parse. */
const SOLICITUD_BODY_LIMIT = 16 * 1024;
const FAILURE_MESSAGE = 'No pudimos registrar la solicitud por un problema nuestro. Probá de nuevo en unos minutos.';

/** POST /api/v1/solicitudes-decreto (the spec's sendSolicitudDecreto) and the status by tracking code. */
export async function decretosApi(app: FastifyInstance, ctx: AppContext): Promise<void> {
  app.post('/solicitudes-decreto', { ...contract('POST /solicitudes-decreto'), bodyLimit: SOLICITUD_BODY_LIMIT }, async (request, reply) => {
    reply.header('cache-control', 'no-store');
    let resultado;
    try {
      resultado = await createSolicitudDecreto(ctx, request.body, { direccion: clientKey(request) });
    } catch (error) {
      // The logger keeps the error's codes and SQL, never its parameters (DNI, e-mail).
      request.log.error({ err: error }, 'solicitud de decreto no registrada');
      return sendError(request, reply, isDatabaseUnavailable(error) ? 503 : 500, FAILURE_MESSAGE);
    }
    if (resultado.tipo === 'invalido') return reply.status(400).send({ error: 'Revisá los datos de la solicitud.', errores: resultado.errores });
    if (resultado.tipo === 'limite') return reply.status(429).header('retry-after', String(resultado.reintentarEnSegundos)).send({ error: resultado.mensaje });
    return reply.status(201).send({ codigo: resultado.codigo, estado: resultado.estado });
  });

  app.get<{ Params: { codigo: string } }>('/solicitudes-decreto/:codigo', contract('GET /solicitudes-decreto/:codigo'), async (request, reply) => {
    reply.header('cache-control', 'no-store');
    const r = await lookupEstadoSolicitud(ctx, request.params.codigo.slice(0, 60), { direccion: clientKey(request) });
    if (r.tipo === 'limite') return reply.status(429).header('retry-after', String(r.reintentarEnSegundos)).send({ error: r.mensaje });
    // A mistyped code and an unknown one get the same answer.
    if (r.tipo === 'desconocida') return reply.status(404).send({ error: 'No hay una solicitud con ese código.' });
    const estado = r.solicitud;
    // Open to anyone holding the code: status, dates and the deadline only, no name.
    return {
      codigo: estado.codigo,
      estado: estado.estado,
      estadoDescripcion: estado.estadoEtiqueta,
      historial: estado.historial.map((h) => ({ estado: h.estado, fecha: h.fecha })),
      plazo: estado.plazo && { fechaLimite: estado.plazo.vence, prorrogada: estado.plazo.prorrogada, diasHabiles: estado.plazo.diasHabiles },
    };
  });
}
