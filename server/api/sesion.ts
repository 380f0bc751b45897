import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { AppContext } from '#domain/shared/context.ts';
import type { Persona } from '#domain/usuarios/sesiones.ts';
import { autenticarTokenApi } from '#domain/usuarios/tokens-api.ts';
import { contract } from './contract.ts';

const SIN_TOKEN = 'Falta el encabezado Aero-Token con un token personal válido (se crea en el panel, en Mi cuenta), o el token fue revocado.';

/**
 * The person behind the request's `Aero-Token` (docs/sitio-original.md §6), or a 401 in Spanish
 * already sent. For every authenticated route of the API.
 */
export async function requireApiToken(ctx: AppContext, request: FastifyRequest, reply: FastifyReply): Promise<Persona | undefined> {
  const cabecera = request.headers['aero-token'];
  const persona = await autenticarTokenApi(ctx, typeof cabecera === 'string' ? cabecera.trim() : undefined);
  if (!persona) {
    await reply.status(401).header('cache-control', 'no-store').send({ error: SIN_TOKEN });
    return undefined;
  }
  return persona;
}

/** GET /api/v1/sesion: the caller's profile. */
export async function sesionApi(app: FastifyInstance, ctx: AppContext): Promise<void> {
  app.get('/sesion', contract('GET /sesion'), async (request, reply) => {
    const persona = await requireApiToken(ctx, request, reply);
    if (!persona) return reply;
    reply.header('cache-control', 'no-store');
    return { nombre: persona.actor.nombre, email: persona.actor.email, rol: persona.actor.rol };
  });
}
