import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { type Database, openPglite, openPostgres } from '../../db/client.ts';

export type Engine = 'pglite' | 'postgresql';

/** PGlite always; PostgreSQL too when TEST_DATABASE_URL is set (CI sets it). */
export const engines: Engine[] = process.env.TEST_DATABASE_URL ? ['pglite', 'postgresql'] : ['pglite'];

/**
 * A fresh, migrated database: an in-memory PGlite, or a new database on the PostgreSQL server,
 * dropped again on close. No test sees another test file's data.
 */
export async function createTestDatabase(
  engine: Engine,
  // The HTTP tests pass the built server's openers, so database and queries share one drizzle copy.
  open: { openPglite: typeof openPglite; openPostgres: typeof openPostgres } = { openPglite, openPostgres },
): Promise<Database> {
  if (engine === 'pglite') return open.openPglite(undefined);
  const adminUrl = process.env.TEST_DATABASE_URL;
  if (!adminUrl) throw new Error('TEST_DATABASE_URL no está definida');
  const name = `vla_test_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  const database = await open.openPostgres(url.toString(), 20);
  return {
    ...database,
    close: async () => {
      await database.close();
      const dropper = new pg.Client({ connectionString: adminUrl });
      await dropper.connect();
      // pool.end() resolves before its sockets have closed; forcing the drop while one is still
      // closing would hand that client a FATAL error nobody listens to. Wait for them to go.
      for (let i = 0; i < 50; i++) {
        const { rows } = await dropper.query<{ n: string }>('select count(*) as n from pg_stat_activity where datname = $1', [name]);
        if (Number(rows[0]?.n) === 0) break;
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
      await dropper.query(`drop database if exists ${name} with (force)`);
      await dropper.end();
    },
  };
}
