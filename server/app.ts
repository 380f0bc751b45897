import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import compress from '@fastify/compress';
import fastifyStatic from '@fastify/static';
import Fastify, { type FastifyInstance, type FastifyRequest } from 'fastify';
import type { ServerBuild } from 'react-router';
import type { ViteDevServer } from 'vite';
import { type Database, openDatabase } from '../db/client.ts';
import { createLocalStorage } from '../db/storage.ts';
import type { Storage } from '../domain/shared/context.ts';
import { systemClock } from '../domain/shared/context.ts';
import { createWorkerCorreo } from '../domain/correo/outbox.ts';
import { transporteSmtp } from '../domain/correo/smtp.ts';
import { seedDemoContent } from './demo/index.ts';
import type { Config } from './env.ts';
import { registerApi } from './api/index.ts';
import { registerCompat } from './compat.ts';
import { registerFeeds } from './feeds.ts';
import { buildInfo, registerHealth } from './health.ts';
import { registerPages } from './pages.ts';
import { registerSecurityHeaders } from './security.ts';

export { loadConfig } from './env.ts';
export { openDatabase, openPglite, openPostgres } from '../db/client.ts';
export { createLocalStorage } from '../db/storage.ts';
export { seedDemoContent } from './demo/index.ts';
export { buildInfo };

export type AppOptions = {
  config: Config;
  database: Database;
  storage: Storage;
  /** In development, Vite serves the client files and rebuilds pages on each request. */
  vite?: ViteDevServer;
  /** Logger setting: false in tests, JSON in production. */
  logger?: boolean;
};

const clientDir = path.resolve(process.cwd(), 'build/client');

export async function buildApp(options: AppOptions): Promise<FastifyInstance> {
  const { config, database, storage, vite } = options;
  const app = Fastify({
    logger:
      options.logger === false
        ? false
        : {
            level: config.logLevel,
            // Cookies and tokens never reach the log; bodies (with DNI or e-mail) are never logged.
            redact: ['req.headers.cookie', 'req.headers.authorization', 'req.headers["aero-token"]'],
          },
    trustProxy: config.trustProxy,
    return503OnClosing: true,
  });

  registerSecurityHeaders(app, config);
  // Dynamic responses: brotli at a fast level with a small window (the default 4 MiB window per
  // stream halved page throughput); hashed assets are precompressed at build time.
  await app.register(compress, {
    global: true,
    threshold: 1024,
    encodings: ['br', 'gzip'],
    brotliOptions: {
      params: {
        [zlib.constants.BROTLI_PARAM_MODE]: zlib.constants.BROTLI_MODE_TEXT,
        [zlib.constants.BROTLI_PARAM_QUALITY]: 4,
        [zlib.constants.BROTLI_PARAM_LGWIN]: 16,
      },
    },
  });

  if (vite) {
    const middie = await import('@fastify/middie');
    await app.register(middie.default);
    app.use(vite.middlewares);
  } else if (fs.existsSync(clientDir)) {
    await app.register(fastifyStatic, {
      root: clientDir,
      wildcard: false,
      index: false,
      preCompressed: true,
      setHeaders(reply, filePath) {
        const immutable = filePath.startsWith(path.join(clientDir, 'assets') + path.sep);
        reply.header('cache-control', immutable ? 'public, max-age=31536000, immutable' : 'public, max-age=3600');
      },
    });
  }

  registerHealth(app, database);
  // The outbox worker (issue 4): its state is only in the database, so it simply starts with the
  // app and stops before the database closes; several instances share the work safely.
  const worker = createWorkerCorreo({
    db: database.db,
    log: app.log,
    transporte: config.smtpUrl ? transporteSmtp(config.smtpUrl) : undefined,
    from: config.mailFrom,
  });
  app.addHook('onReady', async () => worker.start());
  app.addHook('onClose', async () => worker.stop());
  const solicitudes = { limitePorIp: config.solicitudesPorIp, avisarCorreo: () => worker.nudge() };
  const apiContext = {
    db: database.db,
    storage,
    log: app.log,
    siteUrl: (request: FastifyRequest) => config.siteUrl ?? `${request.protocol}://${request.host}`,
    solicitudes,
  };
  await registerApi(app, apiContext);
  await registerCompat(app, apiContext);
  registerFeeds(app, apiContext);

  const log = app.log;
  const publicConfig = { siteUrl: config.siteUrl ?? `http://localhost:${config.port}`, mapTileUrl: config.mapTileUrl };
  await registerPages(app, {
    build: vite
      ? () => vite.ssrLoadModule('virtual:react-router/server-build') as Promise<ServerBuild>
      : () => import('virtual:react-router/server-build'),
    mode: vite ? 'development' : 'production',
    siteUrl: config.siteUrl,
    loadContext: (request) => ({ db: database.db, storage, clock: systemClock, log, config: publicConfig, clientIp: request.ip, solicitudes }),
  });

  return app;
}

/** Files under DATA_DIR/archivos (also with PostgreSQL, unless object storage is configured). */
export function openStorage(config: Config): Storage {
  return createLocalStorage(path.join(config.dataDir, 'archivos'));
}

/** The whole process: database, demo content, HTTP server, graceful shutdown. */
export async function start(config: Config, vite?: ViteDevServer): Promise<{ app: FastifyInstance; close(): Promise<void> }> {
  const database = await openDatabase(config);
  const storage = openStorage(config);
  let app: FastifyInstance | undefined;
  try {
    if (config.seedDemo) {
      const applied = await seedDemoContent({ db: database.db, storage });
      if (applied.length > 0) console.log(`Contenido de demostración cargado: ${applied.join(', ')}`);
    }
    app = await buildApp({ config, database, storage, vite });
    await app.listen({ port: config.port, host: config.host });
  } catch (error) {
    await app?.close().catch(() => {});
    await database.close();
    throw error;
  }
  const server = app;
  let closing: Promise<void> | undefined;
  const close = () =>
    (closing ??= (async () => {
      await server.close();
      await database.close();
    })());
  return { app: server, close };
}
