import { Readable } from 'node:stream';
import type { ReadableStream as NodeReadableStream } from 'node:stream/web';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { RouterContextProvider, createRequestHandler, type ServerBuild } from 'react-router';
import { type AppLoadContext, appContext } from '../app/context.ts';

export const PAGE_BODY_LIMIT = 1024 * 1024;

type PagesOptions = {
  build: ServerBuild | (() => Promise<ServerBuild>);
  mode: string;
  /** Public origin; when unset, the request's own Host (local use without a proxy). */
  siteUrl: string | undefined;
  loadContext: (request: FastifyRequest, reply: FastifyReply) => Omit<AppLoadContext, 'nonce'>;
};

function toWebRequest(request: FastifyRequest, reply: FastifyReply, origin: string): Request {
  const headers = new Headers();
  for (const [name, value] of Object.entries(request.headers)) {
    if (value === undefined) continue;
    for (const item of Array.isArray(value) ? value : [value]) headers.append(name, item);
  }
  const controller = new AbortController();
  reply.raw.on('close', () => controller.abort());
  const hasBody = request.method !== 'GET' && request.method !== 'HEAD';
  return new Request(new URL(request.url, origin), {
    method: request.method,
    headers,
    body: hasBody && Buffer.isBuffer(request.body) ? new Uint8Array(request.body) : undefined,
    signal: controller.signal,
  });
}

/**
 * Every path that no other route claims goes to React Router. In this scope one catch-all parser
 * buffers any body up to 1 MiB (Fastify has no urlencoded parser; streaming the raw request would
 * bypass the limit), and the Web Response is sent back as a Node stream so compression applies.
 */
export async function registerPages(app: FastifyInstance, options: PagesOptions): Promise<void> {
  const handle = createRequestHandler(options.build, options.mode);
  await app.register(async (scope) => {
    scope.removeAllContentTypeParsers();
    scope.addContentTypeParser('*', { parseAs: 'buffer', bodyLimit: PAGE_BODY_LIMIT }, (_request, body, done) => {
      done(null, body);
    });
    scope.all('/*', async (request, reply) => {
      const origin = options.siteUrl ?? `${request.protocol}://${request.host}`;
      const context = new RouterContextProvider();
      context.set(appContext, { ...options.loadContext(request, reply), nonce: reply.cspNonce });
      const response = await handle(toWebRequest(request, reply, origin), context);
      reply.status(response.status);
      for (const [name, value] of response.headers) {
        if (name !== 'set-cookie') reply.header(name, value);
      }
      const cookies = response.headers.getSetCookie();
      if (cookies.length > 0) reply.header('set-cookie', cookies);
      if (!response.body) return reply.send();
      return reply.send(Readable.fromWeb(response.body as NodeReadableStream));
    });
  });
}
