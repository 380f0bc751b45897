import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { inject } from 'vitest';
import { DEFAULT_DATABASE_LIMITS, type Database, type DatabaseLimits, openPglite, openPostgres } from '#db/client.ts';
import { type Content, type Templates, adminQuery, serverUrl, waitForNoConnections } from './templates.ts';

export type Engine = 'pglite' | 'postgresql';

/** A test database; on PostgreSQL with its address, so a second app can open it (two instances). */
export type TestDatabase = Database & { url?: string };

/** PGlite always; PostgreSQL too when TEST_DATABASE_URL is set (CI sets it). */
export const engines: Engine[] = process.env.TEST_DATABASE_URL ? ['pglite', 'postgresql'] : ['pglite'];

/** This run's templates (tests/setup/global-plantillas.ts), or undefined outside a Vitest run. */
export function templates(): Templates | undefined {
  try {
    return inject('templates');
  } catch {
    return undefined;
  }
}

const pgliteTarballs = new Map<string, Blob>();

/**
 * A migrated database of its own: a copy of this run's empty template, or with `content: 'demo'`
 * of the one with the demo content (its files are in `templates().archivos`). An in-memory PGlite,
 * or a new database on the PostgreSQL server, dropped again on close. No test sees another test
 * file's data. Outside a Vitest run (no templates) it is a fresh database, migrated and empty.
 */
export async function createTestDatabase(
  engine: Engine,
  // The HTTP tests pass the built server's openers, so database and queries share one drizzle copy.
  open: { openPglite: typeof openPglite; openPostgres: typeof openPostgres } = { openPglite, openPostgres },
  limits: Partial<DatabaseLimits> = {},
  content: Content = 'empty',
): Promise<TestDatabase> {
  const all = templates();
  if (!all && content === 'demo') throw new Error('sin plantillas: el contenido de demostración se arma en tests/setup/global-plantillas.ts');
  if (engine === 'pglite') {
    const file = all?.pglite[content];
    let tarball = file ? pgliteTarballs.get(file) : undefined;
    if (file && !tarball) pgliteTarballs.set(file, (tarball = new Blob([fs.readFileSync(file)])));
    return open.openPglite(undefined, { ...DEFAULT_DATABASE_LIMITS, ...limits }, tarball ? { loadDataDir: tarball } : {});
  }
  const scratch = await createScratchDatabase(all?.postgresql?.[content]);
  const database = await open.openPostgres(scratch.url, { ...DEFAULT_DATABASE_LIMITS, poolSize: 20, ...limits });
  return {
    ...database,
    url: scratch.url,
    close: async () => {
      await database.close();
      await scratch.drop();
    },
  };
}

/**
 * A new database on the PostgreSQL server of TEST_DATABASE_URL, empty or a copy of `template`, for
 * a test file or a server process of its own; `drop` waits for its connections to close, then
 * drops it.
 */
export async function createScratchDatabase(template?: string): Promise<{ url: string; drop(): Promise<void> }> {
  if (!process.env.TEST_DATABASE_URL) throw new Error('TEST_DATABASE_URL no está definida');
  const name = `vla_test_${randomBytes(6).toString('hex')}`;
  await adminQuery(`create database ${name}${template ? ` template ${template}` : ''}`);
  return {
    url: serverUrl(name),
    drop: async () => {
      await waitForNoConnections(name).catch(() => {});
      await adminQuery(`drop database if exists ${name} with (force)`);
    },
  };
}

/**
 * A DATA_DIR for a server process that already holds a copy of one of this run's databases (on
 * PostgreSQL, a database copied from the template, whose address is returned): the process finds it
 * migrated, and with `demo` also finds the content and its files, so it neither migrates a new
 * embedded database nor seeds the demo, which take seconds each.
 */
export async function createServerDataDir(engine: Engine, dataDir: string, content: Content = 'demo'): Promise<{ databaseUrl: string; drop(): Promise<void> }> {
  const all = templates();
  if (!all) throw new Error('sin plantillas: las bases se arman en tests/setup/global-plantillas.ts');
  if (content === 'demo') fs.cpSync(all.archivos[engine]!, path.join(dataDir, 'archivos'), { recursive: true });
  if (engine === 'pglite') {
    const copia = await openPglite(dataDir, DEFAULT_DATABASE_LIMITS, { loadDataDir: new Blob([fs.readFileSync(all.pglite[content])]) });
    await copia.close();
    return { databaseUrl: '', drop: async () => {} };
  }
  const scratch = await createScratchDatabase(all.postgresql![content]);
  return { databaseUrl: scratch.url, drop: scratch.drop };
}
