import type { FastifyInstance } from 'fastify';
import type { Database } from '#db/client.ts';

export const buildInfo = __BUILD_INFO__;

export function registerHealth(app: FastifyInstance, database: Database): void {
  app.get('/health/live', async (_request, reply) => {
    reply.header('cache-control', 'no-store');
    return { status: 'ok', ...buildInfo };
  });

  app.get('/health/ready', async (request, reply) => {
    reply.header('cache-control', 'no-store');
    try {
      const ready = await database.migrationsApplied();
      if (!ready) return reply.status(503).send({ status: 'migraciones pendientes', database: database.engine });
      return { status: 'ok', database: database.engine };
    } catch (error) {
      request.log.error({ err: error }, 'health check: database unreachable');
      return reply.status(503).send({ status: 'base de datos inaccesible', database: database.engine });
    }
  });
}
