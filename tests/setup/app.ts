import path from 'node:path';
import { pathToFileURL } from 'node:url';
import type { FastifyInstance } from 'fastify';
import type { Database } from '../../db/client.ts';
import type * as App from '../../server/app.ts';
import { type Engine, createTestDatabase } from './database.ts';
import { createTestStorage } from './storage.ts';

type AppModule = typeof App;

/** The built server module: pages need the build, as `npm start` serves them. */
export async function loadBuiltApp(): Promise<AppModule> {
  return (await import(pathToFileURL(path.resolve('build/server/index.js')).href)) as AppModule;
}

export type TestApp = { app: FastifyInstance; database: Database; storage: ReturnType<typeof createTestStorage>; close(): Promise<void> };

/** The whole app on a fresh database with its demo content, for `inject`. */
export async function createTestApp(
  engine: Engine = 'pglite',
  options: { env?: Record<string, string>; seed?: boolean } = {},
): Promise<TestApp> {
  const env = options.env ?? {};
  const mod = await loadBuiltApp();
  const database = await createTestDatabase(engine, mod);
  const storage = createTestStorage(mod.createLocalStorage);
  const config = mod.loadConfig({ NODE_ENV: 'production', LOG_LEVEL: 'silent', ...env });
  if (options.seed !== false) await mod.seedDemoContent({ db: database.db, storage });
  const app = await mod.buildApp({ config, database, storage, logger: false });
  await app.ready();
  return {
    app,
    database,
    storage,
    close: async () => {
      await app.close();
      await database.close();
      storage.remove();
    },
  };
}
