import fs from 'node:fs';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { unaccent } from '@electric-sql/pglite/contrib/unaccent';
import { type SQL, sql } from 'drizzle-orm';
import { drizzle as drizzleNodePg } from 'drizzle-orm/node-postgres';
import { migrate as migrateNodePg } from 'drizzle-orm/node-postgres/migrator';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import pg from 'pg';
import * as schema from './schema/index.ts';

export type Schema = typeof schema;
/** The one database type services receive, whichever engine is behind it. */
export type Db = PgDatabase<PgQueryResultHKT, Schema>;

export type Database = {
  db: Db;
  engine: 'pglite' | 'postgresql';
  /** True when every migration in the folder is recorded as applied. */
  migrationsApplied(): Promise<boolean>;
  close(): Promise<void>;
};

export const migrationsFolder = path.resolve(process.cwd(), 'db/migrations');

function journalEntries(): number {
  const journal = JSON.parse(fs.readFileSync(path.join(migrationsFolder, 'meta/_journal.json'), 'utf8')) as {
    entries: unknown[];
  };
  return journal.entries.length;
}

/** Rows of a raw query; both drivers answer `{ rows }` (values may differ in type: count is a string on pg). */
export async function queryRows<T extends Record<string, unknown>>(db: Db, query: SQL): Promise<T[]> {
  const result = (await db.execute(query)) as unknown as { rows: T[] };
  return result.rows;
}

async function countApplied(db: Db): Promise<number> {
  const rows = await queryRows<{ n: number | string }>(db, sql`select count(*) as n from drizzle.__drizzle_migrations`);
  return Number(rows[0]?.n ?? 0);
}

export class DataDirLockedError extends Error {}

/**
 * PGlite does not lock its folder, and two processes writing it corrupt it. A lock file holding the
 * owner's pid makes a second process refuse with a clear message; a lock left by a dead process is
 * taken over.
 */
function acquireLock(dataDir: string): () => void {
  const lockPath = path.join(dataDir, 'municipalidad.lock');
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      fs.writeFileSync(lockPath, String(process.pid), { flag: 'wx' });
      return () => fs.rmSync(lockPath, { force: true });
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      const owner = Number(fs.readFileSync(lockPath, 'utf8'));
      if (Number.isInteger(owner) && owner > 0 && owner !== process.pid && isAlive(owner)) {
        throw new DataDirLockedError(
          `La base de datos en ${dataDir} ya está abierta por otro proceso (pid ${owner}). ` +
            'Detené ese proceso o usá otro DATA_DIR.',
        );
      }
      fs.rmSync(lockPath, { force: true });
    }
  }
  throw new DataDirLockedError(`No se pudo tomar el bloqueo de ${dataDir}.`);
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

const pgliteExtensions = { unaccent, pg_trgm };

/** An embedded database: in memory when dataDir is undefined (tests), else a locked folder. */
export async function openPglite(dataDir: string | undefined): Promise<Database> {
  let release = () => {};
  if (dataDir) {
    fs.mkdirSync(dataDir, { recursive: true });
    release = acquireLock(dataDir);
  }
  try {
    const client = await PGlite.create({ dataDir: dataDir ? path.join(dataDir, 'pglite') : undefined, extensions: pgliteExtensions });
    const db = drizzlePglite(client, { schema }) as unknown as Db;
    await migratePglite(drizzlePglite(client), { migrationsFolder });
    return {
      db,
      engine: 'pglite',
      migrationsApplied: async () => (await countApplied(db)) >= journalEntries(),
      close: async () => {
        await client.close();
        release();
      },
    };
  } catch (error) {
    release();
    throw error;
  }
}

export async function openPostgres(url: string, poolSize = 10): Promise<Database> {
  const pool = new pg.Pool({ connectionString: url, max: poolSize });
  // An idle connection that the server closes (a restart, a failover, an administrator) emits an
  // error; unhandled, it would end the process. The pool replaces the connection on next use.
  pool.on('error', (error) => {
    console.warn(`PostgreSQL cerró una conexión inactiva: ${error.message}`);
  });
  const db = drizzleNodePg(pool, { schema }) as unknown as Db;
  // Several instances may start together: an advisory lock lets one migrate while the others wait.
  const client = await pool.connect();
  try {
    await client.query('select pg_advisory_lock(727001)');
    await migrateNodePg(drizzleNodePg(client), { migrationsFolder });
  } finally {
    await client.query('select pg_advisory_unlock(727001)').catch(() => {});
    client.release();
  }
  return {
    db,
    engine: 'postgresql',
    migrationsApplied: async () => (await countApplied(db)) >= journalEntries(),
    close: () => pool.end(),
  };
}

export function openDatabase(options: { databaseUrl: string | undefined; dataDir: string }): Promise<Database> {
  return options.databaseUrl ? openPostgres(options.databaseUrl) : openPglite(options.dataDir);
}
