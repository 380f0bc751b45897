import { randomBytes } from 'node:crypto';
import pg from 'pg';

export type ScratchDatabases = {
  /** A new, empty database on the server; answers its address. */
  create(): Promise<string>;
  /** Drops every database it created and closes its connection. */
  drop(): Promise<void>;
};

/** Scratch databases on the PostgreSQL server at `url` (BENCH_DATABASE_URL), for one section's runs. */
export async function scratchDatabases(url: string): Promise<ScratchDatabases> {
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  const names: string[] = [];
  return {
    async create() {
      const name = `vla_bench_${randomBytes(4).toString('hex')}`;
      await admin.query(`create database ${name}`);
      names.push(name);
      const scratch = new URL(url);
      scratch.pathname = `/${name}`;
      return scratch.toString();
    },
    async drop() {
      for (const name of names) await admin.query(`drop database if exists ${name} with (force)`);
      await admin.end();
    },
  };
}
