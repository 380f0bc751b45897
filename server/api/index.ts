import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Db } from '../../db/client.ts';
import type { Cifrado } from '../../domain/shared/cifrado.ts';
import type { Log, Storage } from '../../domain/shared/context.ts';
import { decretosApi } from './decretos.ts';
import { TIEMPO_DESCARGA, sendDocumento } from '../documentos.ts';
import { gobiernoApi } from './gobierno.ts';
import { openApiDocument } from './openapi.ts';
import { registerApiDocs } from './visor.ts';
import { contrato, serializarConEsquema } from './contrato.ts';
import { ordenanzasApi } from './ordenanzas.ts';

export type ApiContext = {
  db: Db;
  storage: Storage;
  /**
   * The public origin (SITE_URL), the only source of absolute links in exports, feeds, mails and the
   * API description; never the request's Host or X-Forwarded-* (docs/architecture.md).
   */
  siteUrl: string;
  log: Log;
  cifrado: Cifrado;
  /** The client's address as limits key it (an IPv6 /64). */
  direccion(request: FastifyRequest): string;
  solicitudes: { limites: { porDireccion: number; porPersona: number }; consultasPorMinuto: number; avisarCorreo(): void };
};

const idDocumento = (valor: string | undefined) => (valor && /^\d{1,10}$/.test(valor) ? Number(valor) : -1);

/** The JSON API under /api/v1 (open-data reads) and its OpenAPI document and viewer at /api/docs. */
export async function registerApi(app: FastifyInstance, ctx: ApiContext): Promise<void> {
  // Generated once: the routes' schemas do not change while the process runs.
  let documento: unknown;
  registerApiDocs(app, () => (documento ??= openApiDocument(ctx.siteUrl)));
  // Unknown API addresses answer JSON here rather than falling through to the pages' catch-all.
  app.route({
    method: ['GET', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS'],
    url: '/api/*',
    config: { notFound: true },
    handler: (request, reply) => app.answerNotFound(request, reply),
  });

  await app.register(
    async (api) => {
      api.setSerializerCompiler(serializarConEsquema);
      await ordenanzasApi(api, ctx);
      await api.register(async (scope) => decretosApi(scope, ctx));
      await gobiernoApi(api, ctx);
      api.get<{ Params: { id: string } }>('/documentos/:id', { ...contrato('GET /documentos/:id'), compress: false, handlerTimeout: TIEMPO_DESCARGA }, (request, reply) =>
        sendDocumento(request, reply, ctx, idDocumento(request.params.id)),
      );
    },
    { prefix: '/api/v1' },
  );
}

export { idDocumento };
