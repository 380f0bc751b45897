import fs from 'node:fs';
import path from 'node:path';
import type { PGlite } from '@electric-sql/pglite';
import { type SQL, sql } from 'drizzle-orm';
import { drizzle as drizzleNodePg } from 'drizzle-orm/node-postgres';
import { migrate as migrateNodePg } from 'drizzle-orm/node-postgres/migrator';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import pg from 'pg';
import { DiscoError, causaDisco, fallaDisco } from './disco.ts';
import { DatabaseBreaker } from './errors.ts';
import { PgliteThread } from './pglite-thread.ts';

export { withoutBlocking } from './pglite-thread.ts';
import * as schema from './schema/index.ts';

type Schema = typeof schema;
/** The one database type services receive, whichever engine is behind it. */
export type Db = PgDatabase<PgQueryResultHKT, Schema>;

export type Database = {
  db: Db;
  engine: 'pglite' | 'postgresql';
  /** True when every migration in the folder is recorded as applied. */
  migrationsApplied(): Promise<boolean>;
  close(): Promise<void>;
  /** PostgreSQL: the pool's connections now, open, idle and callers waiting for one (the metrics, docs/decisions/030-metricas.md). */
  pool?(): { total: number; idle: number; waiting: number };
  /** PGlite: `listener` hears how long each statement waited for the embedded database's turn (ms). */
  onTurnWait?(listener: (ms: number) => void): void;
  /** PGlite only: the whole data folder as a tarball, to start copies of it (tests). */
  dumpDataDir?(): Promise<Blob>;
  /** PGlite only: a query's rows and the data folder taken at the same instant (backups, docs/decisions/031-respaldos.md). */
  snapshot?<T extends Record<string, unknown>>(query: string): Promise<{ rows: T[]; data: Blob }>;
  /**
   * Subscribes to NOTIFY on `channel`. A notification from a write of this process arrives before
   * the write's promise resolves; others as soon as the server sends them. `connected` is called
   * once listening (again after a lost connection is replaced), `lost` when notifications may have
   * been missed. Resolves with the way to stop.
   *
   * On PostgreSQL a channel of POOL_CHANNELS is heard on every pool connection as well (so a write
   * of this process is heard before it returns), and a notification may then arrive more than once.
   * `{ once: true }` listens only on the dedicated connection: each notification arrives once, this
   * process's own as soon as it commits, like any other's (the live vehicle map).
   */
  listen(channel: string, subscriber: Subscriber, options?: { once?: boolean }): Promise<() => Promise<void>>;
};

export type Subscriber = {
  notify(payload: string): void;
  connected(): void;
  lost(): void;
};

const migrationsFolder = path.resolve(process.cwd(), 'db/migrations');

/** How many migrations this code has: the migration level a backup may not exceed (docs/decisions/031-respaldos.md). */
export function journalEntries(): number {
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

class DataDirLockedError extends Error {}

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
          `La base de datos en ${dataDir} ya está abierta por otro proceso (pid ${owner}). ` + 'Detené ese proceso o usá otro DATA_DIR.',
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

/**
 * Bounds on the database, so that a frozen or overloaded one makes requests fail fast (503) instead
 * of holding them open. Defaults suit a small municipality: every page needs a few short queries.
 */
export type DatabaseLimits = {
  /** Waiting for a connection (PostgreSQL) or for the embedded database's turn (PGlite). */
  connectTimeoutMs: number;
  /** One statement, on the server and, a little later, on the client (a frozen server never answers). */
  statementTimeoutMs: number;
  /** A transaction left open without a statement. */
  idleInTransactionTimeoutMs: number;
  poolSize: number;
};

export const DEFAULT_DATABASE_LIMITS: DatabaseLimits = { connectTimeoutMs: 5_000, statementTimeoutMs: 5_000, idleInTransactionTimeoutMs: 10_000, poolSize: 10 };

/** An embedded database: in memory when dataDir is undefined (tests), else a locked folder. */
export async function openPglite(
  dataDir: string | undefined,
  limits: DatabaseLimits = DEFAULT_DATABASE_LIMITS,
  // Tests start each file from a copy of one database migrated and seeded once (tests/setup/templates.ts).
  options: { loadDataDir?: Blob } = {},
): Promise<Database> {
  let release = () => {};
  if (dataDir) {
    try {
      fs.mkdirSync(dataDir, { recursive: true });
      release = acquireLock(dataDir);
    } catch (error) {
      throw explainDiskFailure(error, dataDir);
    }
  }
  try {
    // Opened and migrated on its own thread; a statement waits at most connectTimeoutMs to start.
    const client = await PgliteThread.start({
      dataDir: dataDir ? path.join(dataDir, 'pglite') : undefined,
      loadDataDir: options.loadDataDir,
      migrationsFolder,
      waitMs: limits.connectTimeoutMs,
    });
    // drizzle uses only query, exec and transaction, which the thread answers as PGlite would.
    const db = drizzlePglite(client as unknown as PGlite, { schema }) as unknown as Db;
    return {
      db,
      engine: 'pglite',
      migrationsApplied: async () => (await countApplied(db)) >= journalEntries(),
      close: async () => {
        await client.close();
        release();
      },
      dumpDataDir: () => client.dumpDataDir(),
      snapshot: (query) => client.snapshot(query),
      onTurnWait: (listener) => {
        client.onTurnWait = listener;
      },
      // One process, one connection: a notification is delivered as the statement that sent it
      // returns, and never lost.
      listen: async (channel, subscriber) => {
        const unlisten = await client.listen(channel, (payload) => subscriber.notify(payload));
        subscriber.connected();
        // A database closed first has nothing left to stop.
        return async () => {
          try {
            await unlisten();
          } catch {
            // closed already
          }
        };
      },
    };
  } catch (error) {
    release();
    throw dataDir ? explainDiskFailure(error, dataDir) : error;
  }
}

/** A DATA_DIR the disk will not let us write: a Spanish message naming the folder and the cause. */
function explainDiskFailure(error: unknown, dataDir: string): unknown {
  const falla = fallaDisco(error);
  if (!falla) return error;
  return new DiscoError(
    falla,
    `No se pudo abrir la base de datos en ${path.resolve(dataDir)}: ${causaDisco(falla)} (${falla}). Liberá espacio o corregí el DATA_DIR y volvé a iniciar.`,
    {
      cause: error,
    },
  );
}

/**
 * Migrations run on a connection of their own without the pool's timeouts: several instances may
 * start together, and an advisory lock lets one migrate while the others wait as long as it takes.
 */
async function migratePostgres(url: string): Promise<void> {
  const client = new pg.Client({ connectionString: url });
  client.on('error', () => {});
  await client.connect();
  try {
    await client.query('select pg_advisory_lock(727001)');
    await migrateNodePg(drizzleNodePg(client), { migrationsFolder });
  } finally {
    await client.query('select pg_advisory_unlock(727001)').catch(() => {});
    await client.end().catch(() => {});
  }
}

export async function openPostgres(url: string, limits: DatabaseLimits = DEFAULT_DATABASE_LIMITS): Promise<Database> {
  await migratePostgres(url);
  const channels = new PoolChannels();
  const breaker = new DatabaseBreaker(Math.max(1_000, limits.connectTimeoutMs));
  const pool = new pg.Pool({
    onConnect: channels.onConnect,
    connectionString: url,
    max: limits.poolSize,
    connectionTimeoutMillis: limits.connectTimeoutMs,
    // The server cuts a statement (or a wait for a lock) a little before the client's own bound
    // below, so a live server's refusal arrives first and is told apart from a server that does
    // not answer (db/errors.ts, DatabaseBreaker).
    statement_timeout: Math.max(100, limits.statementTimeoutMs - 500),
    lock_timeout: Math.max(100, limits.statementTimeoutMs - 500),
    idle_in_transaction_session_timeout: limits.idleInTransactionTimeoutMs,
    // A server that stopped answering never cancels anything itself: the client gives up too, so a
    // frozen server is answered for within DB_STATEMENT_TIMEOUT_MS (docs/decisions/029-fallas.md).
    query_timeout: limits.statementTimeoutMs,
    keepAlive: true,
  });
  // An idle connection that the server closes (a restart, a failover, an administrator) emits an
  // error; unhandled, it would end the process. The pool replaces the connection on next use.
  pool.on('error', (error) => {
    console.warn(`PostgreSQL cerró una conexión inactiva: ${error.message}`);
  });
  // A connection lent to a transaction is no longer watched by the pool: a server-side end of it
  // (idle-in-transaction timeout, termination) must not be an unhandled 'error' event either. The
  // query in flight fails on its own and the connection is discarded when it is released.
  pool.on('connect', (client) => {
    client.on('error', () => {});
    guardStatements(client, breaker);
  });
  // A server that does not answer is waited for once, not by every statement (DatabaseBreaker).
  guardStatements(pool, breaker);
  const connect = pool.connect.bind(pool);
  pool.connect = ((callback?: Parameters<typeof pool.connect>[0]) => {
    // The pool's own calls (from pool.query) pass a callback and are guarded there.
    if (callback) return connect(callback);
    breaker.check();
    return connect().catch((error: unknown) => {
      breaker.observe(error);
      throw error;
    });
  }) as typeof pool.connect;
  const db = drizzleNodePg(pool, { schema }) as unknown as Db;
  const listeners = new Set<() => Promise<void>>();
  return {
    db,
    engine: 'postgresql',
    migrationsApplied: async () => (await countApplied(db)) >= journalEntries(),
    pool: () => ({ total: pool.totalCount, idle: pool.idleCount, waiting: pool.waitingCount }),
    close: async () => {
      await Promise.all([...listeners].map((stop) => stop()));
      await pool.end();
    },
    listen: async (channel, subscriber, options = {}) => {
      const stopPool = options.once ? () => {} : channels.add(channel, subscriber.notify);
      const stopListener = await dedicatedListener(url, channel, subscriber);
      const stop = async () => {
        listeners.delete(stop);
        stopPool();
        await stopListener();
      };
      listeners.add(stop);
      return stop;
    },
  };
}

/** Every promise-returning `query` of `target` (the pool, or a connection) checks and feeds the breaker. */
function guardStatements(target: { query: (...args: never[]) => unknown }, breaker: DatabaseBreaker): void {
  const query = target.query.bind(target) as (...args: unknown[]) => unknown;
  target.query = ((...args: unknown[]) => {
    if (typeof args.at(-1) === 'function') return query(...args);
    breaker.check();
    const result = query(...args);
    if (result instanceof Promise) result.catch(breaker.observe);
    return result;
  }) as typeof target.query;
}

/**
 * Channels every pool connection LISTENs to from the moment it connects, before it is lent
 * (docs/decisions/007-cache-de-paginas.md): PostgreSQL sends a session its own notifications before
 * it answers the COMMIT, so this process learns of its own writes before they return. A channel is
 * declared here because a connection opened before a later `listen` would not hear it.
 */
const POOL_CHANNELS = [schema.CONTENT_VERSION_CHANNEL];

class PoolChannels {
  private readonly subscribers = new Map<string, Set<(payload: string) => void>>();

  /** The pool's `onConnect`: the connection listens before its first borrower's statement. */
  readonly onConnect = async (client: pg.ClientBase): Promise<void> => {
    client.on('notification', (message) => {
      for (const notify of this.subscribers.get(message.channel) ?? []) notify(message.payload ?? '');
    });
    await client.query(POOL_CHANNELS.map((channel) => `LISTEN ${pg.escapeIdentifier(channel)}`).join('; '));
  };

  add(channel: string, notify: (payload: string) => void): () => void {
    if (!POOL_CHANNELS.includes(channel)) throw new Error(`El canal ${channel} no está en POOL_CHANNELS (db/client.ts).`);
    const set = this.subscribers.get(channel) ?? new Set();
    set.add(notify);
    this.subscribers.set(channel, set);
    return () => set.delete(notify);
  }
}

/** Longest wait between attempts to replace a lost listening connection. */
const LISTEN_RETRY_MAX_MS = 5_000;

/**
 * A connection of its own that LISTENs while the pool may have none open: other processes' writes
 * reach this one within milliseconds. When it is lost it is replaced, retrying with a growing wait.
 */
async function dedicatedListener(url: string, channel: string, subscriber: Subscriber): Promise<() => Promise<void>> {
  let stopped = false;
  let current: pg.Client | undefined;
  let retry: ReturnType<typeof setTimeout> | undefined;
  let wait = 100;
  const connect = async (): Promise<void> => {
    const client = new pg.Client({ connectionString: url, keepAlive: true, application_name: `vla-listen-${channel}` });
    let failed = false;
    const fail = () => {
      if (failed) return;
      failed = true;
      client.end().catch(() => {});
      if (current === client) current = undefined;
      subscriber.lost();
      if (!stopped) {
        retry = setTimeout(() => void connect(), wait);
        retry.unref();
        wait = Math.min(wait * 2, LISTEN_RETRY_MAX_MS);
      }
    };
    client.on('error', fail);
    client.on('end', fail);
    client.on('notification', (message) => {
      if (message.channel === channel) subscriber.notify(message.payload ?? '');
    });
    try {
      await client.connect();
      await client.query(`LISTEN ${pg.escapeIdentifier(channel)}`);
    } catch {
      fail();
      return;
    }
    if (stopped) {
      failed = true;
      await client.end().catch(() => {});
      return;
    }
    current = client;
    wait = 100;
    subscriber.connected();
  };
  await connect();
  return async () => {
    stopped = true;
    clearTimeout(retry);
    const client = current;
    current = undefined;
    if (client) {
      client.removeAllListeners('end');
      client.removeAllListeners('error');
      client.on('error', () => {});
      await client.end().catch(() => {});
    }
  };
}

export function openDatabase(options: { databaseUrl: string | undefined; dataDir: string; database?: DatabaseLimits }): Promise<Database> {
  return options.databaseUrl ? openPostgres(options.databaseUrl, options.database) : openPglite(options.dataDir, options.database);
}
