import type { FastifyInstance } from 'fastify';
import type { AppContext } from '#domain/shared/context.ts';
import { decretosApi } from './decretos.ts';
import { DOWNLOAD_TIMEOUT_MS, sendDocumento } from '#server/documentos.ts';
import { gobiernoApi } from './gobierno.ts';
import { openApiDocument } from './openapi.ts';
import { registerApiDocs } from './docs-viewer.ts';
import { contract, serializeWithSchema } from './contract.ts';
import { PREFIJO_OPEN311, open311Api } from './open311.ts';
import { ordenanzasApi } from './ordenanzas.ts';
import { sesionApi } from './sesion.ts';
import { vehiculosApi } from './vehiculos.ts';
import type { ServiciosVehiculos } from './vehiculos.ts';

const idDocumento = (valor: string | undefined) => (valor && /^\d{1,10}$/.test(valor) ? Number(valor) : -1);

/** The JSON API under /api/v1 (open-data reads) and its OpenAPI document and viewer at /api/docs. */
export async function registerApi(app: FastifyInstance, ctx: AppContext, vehiculos: ServiciosVehiculos): Promise<void> {
  // Generated once: the routes' schemas do not change while the process runs.
  let documento: unknown;
  registerApiDocs(app, () => (documento ??= openApiDocument(ctx.url)));
  // Unknown API addresses answer JSON here rather than falling through to the pages' catch-all.
  app.route({
    method: ['GET', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS'],
    url: '/api/*',
    config: { notFound: true },
    handler: (request, reply) => app.answerNotFound(request, reply),
  });

  await app.register(
    async (api) => {
      api.setSerializerCompiler(serializeWithSchema);
      await ordenanzasApi(api, ctx);
      await api.register(async (scope) => decretosApi(scope, ctx));
      await gobiernoApi(api, ctx);
      await sesionApi(api, ctx);
      await vehiculosApi(api, ctx, vehiculos);
      api.get<{ Params: { id: string } }>(
        '/documentos/:id',
        { ...contract('GET /documentos/:id'), compress: false, handlerTimeout: DOWNLOAD_TIMEOUT_MS },
        (request, reply) => sendDocumento(request, reply, ctx, idDocumento(request.params.id)),
      );
    },
    { prefix: '/api/v1' },
  );
  // Citizen reports in Open311 GeoReport v2 (docs/decisions/057-reclamos.md), with its own error form.
  await app.register(async (scope) => open311Api(scope, ctx), { prefix: PREFIJO_OPEN311 });
}

export { idDocumento };
