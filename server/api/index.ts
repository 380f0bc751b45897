import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Db } from '../../db/client.ts';
import type { Log, Storage } from '../../domain/shared/context.ts';
import { decretosApi } from './decretos.ts';
import { sendDocumento } from '../documentos.ts';
import { gobiernoApi } from './gobierno.ts';
import { openApiDocument } from './openapi.ts';
import { ordenanzasApi } from './ordenanzas.ts';

export type ApiContext = {
  db: Db;
  storage: Storage;
  /** The public origin, for absolute links in exports. */
  siteUrl(request: FastifyRequest): string;
  log: Log;
  solicitudes: { limitePorIp: number; avisarCorreo(): void };
};

const idDocumento = (valor: string | undefined) => (valor && /^\d{1,10}$/.test(valor) ? Number(valor) : -1);

/** The JSON API under /api/v1 (open-data reads) and its OpenAPI document at /api/docs. */
export async function registerApi(app: FastifyInstance, ctx: ApiContext): Promise<void> {
  app.get('/api/docs', async (request) => openApiDocument(ctx.siteUrl(request)));

  await app.register(
    async (api) => {
      api.setNotFoundHandler((_request, reply) => reply.status(404).send({ error: 'No existe ese recurso en la API.' }));
      await ordenanzasApi(api, ctx);
      await api.register(async (scope) => decretosApi(scope, ctx));
      await gobiernoApi(api, ctx);
      api.get<{ Params: { id: string } }>('/documentos/:id', { compress: false }, (request, reply) =>
        sendDocumento(request, reply, ctx, idDocumento(request.params.id)),
      );
    },
    { prefix: '/api/v1' },
  );
}

export { idDocumento };
