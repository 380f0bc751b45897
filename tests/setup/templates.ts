// The databases every test file starts from, built once per Vitest run (tests/setup/global-plantillas.ts):
// per engine, one migrated and empty, and one with the demo content and its files. A test file
// gets a copy of either instead of migrating and seeding its own, which took 5-15 s per file.
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import type * as App from '#server/app.ts';

export type Content = 'empty' | 'demo';

export type Templates = {
  /** Tarballs of PGlite data folders (`dumpDataDir`), loaded into a new in-memory instance. */
  pglite: Record<Content, string>;
  /** Databases on the TEST_DATABASE_URL server, copied with `create database … template …`. */
  postgresql?: Record<Content, string>;
  /** The demo's stored files (PDFs, images), per engine: their keys are in the database. */
  archivos: { pglite: string; postgresql?: string };
};

declare module 'vitest' {
  export interface ProvidedContext {
    templates: Templates | undefined;
  }
}

export function serverUrl(name: string): string {
  const url = new URL(process.env.TEST_DATABASE_URL!);
  url.pathname = `/${name}`;
  return url.toString();
}

/** Runs one statement on the server's admin database (TEST_DATABASE_URL). */
export async function adminQuery<T extends pg.QueryResultRow>(text: string, values: unknown[] = []): Promise<T[]> {
  const admin = new pg.Client({ connectionString: process.env.TEST_DATABASE_URL });
  await admin.connect();
  try {
    return (await admin.query<T>(text, values)).rows;
  } finally {
    await admin.end();
  }
}

/**
 * pool.end() resolves before its sockets have closed. A database cannot be copied while anyone is
 * connected to it, nor dropped without handing a closing client a FATAL error: wait for them to go.
 */
export async function waitForNoConnections(name: string): Promise<void> {
  const admin = new pg.Client({ connectionString: process.env.TEST_DATABASE_URL });
  await admin.connect();
  try {
    for (let i = 0; i < 100; i++) {
      const { rows } = await admin.query<{ n: string }>('select count(*) as n from pg_stat_activity where datname = $1', [name]);
      if (Number(rows[0]?.n) === 0) return;
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    throw new Error(`la base ${name} sigue con conexiones abiertas`);
  } finally {
    await admin.end();
  }
}

/**
 * The templates are built once, at the start of a run, while everything else starts too (Playwright's
 * server, `npm run check`, the forks): the seed's statements may wait for the CPU far longer than a
 * visitor's request ever may. Setup, not a subject of any test: the production bounds stay in db/client.ts.
 */
const LIMITES_DE_PREPARACION = { connectTimeoutMs: 120_000, statementTimeoutMs: 120_000, idleInTransactionTimeoutMs: 120_000, poolSize: 4 };

/** Builds every template with the built server's code; returns them and how to remove them. */
export async function buildTemplates(mod: typeof App): Promise<{ templates: Templates; remove(): Promise<void> }> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'vla-plantillas-'));
  const created: string[] = [];

  const pglite = async (): Promise<Templates['pglite']> => {
    const database = await mod.openPglite(undefined, LIMITES_DE_PREPARACION);
    try {
      const empty = path.join(dir, 'pglite-vacia.tar');
      fs.writeFileSync(empty, Buffer.from(await (await database.dumpDataDir!()).arrayBuffer()));
      await mod.seedDemoContent({ db: database.db, storage: mod.createLocalStorage(path.join(dir, 'archivos-pglite')) });
      const demo = path.join(dir, 'pglite-demo.tar');
      fs.writeFileSync(demo, Buffer.from(await (await database.dumpDataDir!()).arrayBuffer()));
      return { empty, demo };
    } finally {
      await database.close();
    }
  };

  const postgresql = async (): Promise<Templates['postgresql']> => {
    if (!process.env.TEST_DATABASE_URL) return undefined;
    const suffix = randomBytes(6).toString('hex');
    const empty = `vla_plantilla_vacia_${suffix}`;
    const demo = `vla_plantilla_demo_${suffix}`;
    await adminQuery(`create database ${empty}`);
    created.push(empty);
    await (await mod.openPostgres(serverUrl(empty), LIMITES_DE_PREPARACION)).close();
    await waitForNoConnections(empty);
    await adminQuery(`create database ${demo} template ${empty}`);
    created.push(demo);
    const database = await mod.openPostgres(serverUrl(demo), LIMITES_DE_PREPARACION);
    try {
      await mod.seedDemoContent({ db: database.db, storage: mod.createLocalStorage(path.join(dir, 'archivos-postgresql')) });
    } finally {
      await database.close();
    }
    await waitForNoConnections(demo);
    return { empty, demo };
  };

  const remove = async () => {
    for (const name of created) await adminQuery(`drop database if exists ${name} with (force)`);
    fs.rmSync(dir, { recursive: true, force: true });
  };
  try {
    const [pgliteTemplates, postgresqlTemplates] = await Promise.all([pglite(), postgresql()]);
    const archivos = (engine: string) => {
      // A demo without files still gets a folder to copy.
      const folder = path.join(dir, `archivos-${engine}`);
      fs.mkdirSync(folder, { recursive: true });
      return folder;
    };
    return {
      templates: {
        pglite: pgliteTemplates,
        ...(postgresqlTemplates ? { postgresql: postgresqlTemplates } : {}),
        archivos: { pglite: archivos('pglite'), ...(postgresqlTemplates ? { postgresql: archivos('postgresql') } : {}) },
      },
      remove,
    };
  } catch (error) {
    await remove();
    throw error;
  }
}
