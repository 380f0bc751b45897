import http from 'node:http';
import type { AddressInfo } from 'node:net';
import type { FastifyInstance } from 'fastify';
import { RUTA_INGESTA } from './api/vehiculos.ts';
import { limitConnectionsPerAddress } from './connections.ts';
import type { Config } from './env.ts';
import { handleClientError } from './errors.ts';

/**
 * The ingest's own port (INGEST_PORT; docs/decisions/015-seguimiento-de-vehiculos.md): trackers
 * configured as for a Traccar server (`http://host:5055/?id=…&lat=…`) report to its root. It is a
 * second HTTP server in front of the same Fastify app: its root and RUTA_INGESTA are handed to
 * the app's router as RUTA_INGESTA, so the same guard, limits, parsers, handler and errors answer;
 * any other address gets 404 here, and nothing else of the site is reachable through this port.
 */
export type IngestServer = {
  /** Starts listening; resolves with the port (INGEST_PORT=0 takes any free one). */
  listen(host: string): Promise<number>;
  /** Stops listening and drains connections like the main server (server/app.ts). */
  close(graceMs: number): Promise<void>;
};

const NO_EXISTE = JSON.stringify({ error: 'En este puerto sólo se reciben posiciones de rastreadores, en la raíz (protocolo OsmAnd).' });

export function createIngestServer(app: FastifyInstance, config: Config): IngestServer | undefined {
  const port = config.vehiculos.ingestPort;
  if (port === undefined) return undefined;
  const server = http.createServer(
    {
      requestTimeout: config.limits.requestTimeoutMs,
      headersTimeout: Math.min(10_000, config.limits.requestTimeoutMs),
      connectionsCheckingInterval: 1_000,
      requireHostHeader: false,
    },
    (request, response) => {
      const url = request.url ?? '/';
      const pregunta = url.indexOf('?');
      const ruta = pregunta === -1 ? url : url.slice(0, pregunta);
      if (ruta !== '/' && ruta !== RUTA_INGESTA) {
        response.writeHead(404, {
          'content-type': 'application/json; charset=utf-8',
          'cache-control': 'no-store',
          'content-length': Buffer.byteLength(NO_EXISTE),
        });
        response.end(NO_EXISTE);
        return;
      }
      request.url = RUTA_INGESTA + (pregunta === -1 ? '' : url.slice(pregunta));
      app.routing(request, response);
    },
  );
  server.on('clientError', handleClientError);
  limitConnectionsPerAddress(server, config.trustProxy ? 0 : config.limits.maxConnectionsPerIp);
  let closing: Promise<void> | undefined;
  return {
    listen: (host) =>
      new Promise((resolve, reject) => {
        server.once('error', reject);
        server.listen(port, host, () => {
          server.off('error', reject);
          resolve((server.address() as AddressInfo).port);
        });
      }),
    close: (graceMs) =>
      (closing ??= new Promise<void>((resolve) => {
        if (!server.listening) {
          resolve();
          return;
        }
        const idle = setInterval(() => server.closeIdleConnections(), 100);
        const cut = setTimeout(() => server.closeAllConnections(), graceMs);
        idle.unref();
        cut.unref();
        server.close(() => {
          clearInterval(idle);
          clearTimeout(cut);
          resolve();
        });
        server.closeIdleConnections();
      })),
  };
}
