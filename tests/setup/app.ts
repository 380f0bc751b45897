import path from 'node:path';
import { pathToFileURL } from 'node:url';
import type { FastifyInstance } from 'fastify';
import type { Database } from '../../db/client.ts';
import type * as App from '../../server/app.ts';
import { type Engine, createTestDatabase } from './database.ts';

type AppModule = typeof App;

/** The built server module: pages need the build, as `npm start` serves them. */
export async function loadBuiltApp(): Promise<AppModule> {
  return (await import(pathToFileURL(path.resolve('build/server/index.js')).href)) as AppModule;
}

export type TestApp = { app: FastifyInstance; database: Database; close(): Promise<void> };

/** The whole app on a fresh database with its demo content, for `inject`. */
export async function createTestApp(engine: Engine = 'pglite', env: Record<string, string> = {}): Promise<TestApp> {
  const mod = await loadBuiltApp();
  const database = await createTestDatabase(engine, mod);
  const config = mod.loadConfig({ NODE_ENV: 'production', LOG_LEVEL: 'silent', ...env });
  await mod.seedDemoContent({ db: database.db });
  const app = await mod.buildApp({ config, database, logger: false });
  await app.ready();
  return {
    app,
    database,
    close: async () => {
      await app.close();
      await database.close();
    },
  };
}
