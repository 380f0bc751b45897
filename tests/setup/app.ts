import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import type { FastifyInstance } from 'fastify';
import type { AppContext, Clock } from '#domain/shared/context.ts';
import type * as App from '#server/app.ts';
import { type Engine, type TestDatabase, createTestDatabase, templates } from './database.ts';
import { createTestStorage } from './storage.ts';

type AppModule = typeof App;

/** The public address of the apps tests build: every absolute link must start with it. */
export const TEST_SITE_URL = 'https://sitio.prueba.villalaangostura.gob.ar';

/** The built server module: pages need the build, as `npm start` serves them. */
export async function loadBuiltApp(): Promise<AppModule> {
  return (await import(pathToFileURL(path.resolve('build/server/index.js')).href)) as AppModule;
}

export type TestApp = {
  app: FastifyInstance;
  database: TestDatabase;
  storage: ReturnType<typeof createTestStorage>;
  /** The context the app serves with: its data key reads what it stores encrypted (DNI, e-mail, mail bodies). */
  context: AppContext;
  /** The key of personal data it was built with (a second instance on its database needs it). */
  dataKey: string;
  /** The app's log lines, parsed, when created with `logs: true`. */
  logs: Record<string, unknown>[];
  close(): Promise<void>;
};

/**
 * The whole app on a database of its own with the demo content, for `inject`: a copy of the demo
 * built once per run (tests/setup/templates.ts), with a copy of its files. `seed: false`: empty.
 * `sameDatabaseAs`: a second instance on another app's database and files (on PostgreSQL with a
 * pool of its own, as another process would; PGlite, one process, shares the one connection).
 */
export async function createTestApp(
  engine: Engine = 'pglite',
  options: {
    env?: Record<string, string>;
    seed?: boolean;
    logs?: boolean;
    sameDatabaseAs?: TestApp;
    clock?: Clock;
    /** The storage `npm start` opens for these settings (S3 with S3_BUCKET), with no demo files; `root` is DATA_DIR. */
    storageFromConfig?: boolean;
    /** Back-office sections of the test's own, with their pages (tests/fixtures/seccion-de-prueba.ts). */
    secciones?: (mod: AppModule) => NonNullable<Parameters<AppModule['buildApp']>[0]['secciones']>;
  } = {},
): Promise<TestApp> {
  const env = options.env ?? {};
  const mod = await loadBuiltApp();
  // A deployment's settings: its public address and a key of its own for personal data.
  const config = mod.loadConfig({
    NODE_ENV: 'production',
    SITE_URL: TEST_SITE_URL,
    DATA_KEY: options.sameDatabaseAs?.dataKey || randomBytes(32).toString('hex'),
    LOG_LEVEL: options.logs ? 'info' : 'silent',
    // The demo fleet's simulator would report on its own timer: only the tests that ask for it.
    SIMULADOR_VEHICULOS: 'false',
    ...env,
  });
  const { poolSize: _poolSize, ...timeouts } = config.database;
  const seed = options.seed !== false;
  const other = options.sameDatabaseAs;
  let database: TestDatabase;
  let storage: TestApp['storage'];
  if (other) {
    database =
      engine === 'postgresql' ? await mod.openPostgres(other.database.url!, { ...config.database, ...timeouts }) : { ...other.database, close: async () => {} };
    storage = { ...other.storage, remove: () => {} };
  } else {
    database = await createTestDatabase(engine, mod, timeouts, seed ? 'demo' : 'empty');
    if (options.storageFromConfig) {
      const opened = mod.openStorage(config);
      storage = { ...opened, root: config.dataDir, remove: () => opened.close?.() };
    } else {
      storage = createTestStorage(mod.createLocalStorage);
      if (seed) fs.cpSync(templates()!.archivos[engine]!, storage.root, { recursive: true });
    }
  }
  const logs: Record<string, unknown>[] = [];
  const logStream = { write: (line: string) => void logs.push(JSON.parse(line) as Record<string, unknown>) };
  const app = await mod.buildApp({
    config,
    database,
    storage,
    ...(options.logs ? { logStream } : { logger: false }),
    ...(options.clock ? { clock: options.clock } : {}),
    ...(options.secciones ? { secciones: options.secciones(mod) } : {}),
  });
  await app.ready();
  return {
    app,
    database,
    storage,
    context: app.context,
    dataKey: config.dataKeys?.current.toString('hex') ?? '',
    logs,
    close: async () => {
      await app.close();
      await database.close();
      storage.remove();
    },
  };
}
