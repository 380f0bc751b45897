import { sql } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createTestDatabase, engines } from '#tests/setup/database.ts';
import { esperarHasta } from '#tests/setup/smtp.ts';
import { type Database, queryRows } from './client.ts';
import { isDatabaseUnavailable } from './errors.ts';

describe.each(engines)('base de datos (%s)', (engine) => {
  let database: Database;
  beforeAll(async () => {
    database = await createTestDatabase(engine);
  });
  afterAll(() => database.close());

  it('aplica todas las migraciones al abrir', async () => {
    expect(await database.migrationsApplied()).toBe(true);
  });

  it('tiene unaccent y pg_trgm, y un unaccent inmutable que sirve en índices', async () => {
    const { db } = database;
    const rows = await queryRows<{ plain: string; similar: number }>(
      db,
      sql`select public.f_unaccent('Habilitación Ñandú') as plain, similarity('ordenanza', 'ordenansa') as similar`,
    );
    expect(rows[0]?.plain).toBe('Habilitacion Nandu');
    expect(Number(rows[0]?.similar)).toBeGreaterThan(0.3);
    await db.execute(sql`create temporary table prueba (texto text)`);
    await db.execute(sql`create index prueba_fts on prueba using gin (to_tsvector('spanish', public.f_unaccent(texto)))`);
    await db.execute(sql`insert into prueba values ('Habilitación de comercios')`);
    const found = await queryRows<{ texto: string }>(
      db,
      sql`select texto from prueba where to_tsvector('spanish', public.f_unaccent(texto)) @@ websearch_to_tsquery('spanish', public.f_unaccent('HABILITACION comercios'))`,
    );
    expect(found.map((r) => r.texto)).toEqual(['Habilitación de comercios']);
  });

  it('migrar dos veces no cambia nada', async () => {
    const reopened = await createTestDatabase(engine);
    expect(await reopened.migrationsApplied()).toBe(true);
    await reopened.close();
  });
});

describe.runIf(engines.includes('postgresql'))('PostgreSQL: conexiones cortadas por el servidor', () => {
  it('una conexión inactiva que el servidor termina no tira abajo el proceso y la siguiente consulta funciona', async () => {
    const database = await createTestDatabase('postgresql');
    try {
      const avisos = vi.spyOn(console, 'warn').mockImplementation(() => {});
      const [antes] = await queryRows<{ pid: number }>(database.db, sql`select pg_backend_pid() as pid`);
      const admin = new pg.Client({ connectionString: process.env.TEST_DATABASE_URL });
      await admin.connect();
      await admin.query('select pg_terminate_backend($1)', [antes!.pid]);
      await admin.end();
      // The pool hears of it on the idle connection's socket and says so (db/client.ts): the process
      // lives on, and the next query gets a new connection.
      await esperarHasta(() => avisos.mock.calls.some(([texto]) => String(texto).startsWith('PostgreSQL cerró una conexión inactiva')));
      const [despues] = await queryRows<{ ok: number }>(database.db, sql`select 1 as ok`);
      expect(despues?.ok).toBe(1);
    } finally {
      await database.close();
    }
  });

  it('una base cerrada a conexiones nuevas (mantenimiento) es una base que no atiende: 503, no 500', async () => {
    const database = await createTestDatabase('postgresql');
    const admin = new pg.Client({ connectionString: process.env.TEST_DATABASE_URL });
    await admin.connect();
    const [fila] = await queryRows<{ nombre: string }>(database.db, sql`select current_database() as nombre`);
    const nombre = fila!.nombre;
    const abrir = () => admin.query(`alter database "${nombre}" allow_connections true`);
    try {
      await admin.query(`alter database "${nombre}" allow_connections false`);
      const avisos = vi.spyOn(console, 'warn').mockImplementation(() => {});
      await admin.query('select pg_terminate_backend(pid) from pg_stat_activity where datname = $1 and pid <> pg_backend_pid()', [nombre]);
      // The pool drops the terminated connection (db/client.ts says so); the query then needs a new one, which the server refuses.
      await esperarHasta(() => avisos.mock.calls.some(([texto]) => String(texto).startsWith('PostgreSQL cerró una conexión inactiva')));
      const error = await queryRows(database.db, sql`select 1`).then(
        () => undefined,
        (e: unknown) => e,
      );
      expect((error as { cause?: { code?: string } }).cause?.code).toBe('55000');
      expect(isDatabaseUnavailable(error)).toBe(true);
      await abrir();
      const [despues] = await queryRows<{ ok: number }>(database.db, sql`select 1 as ok`);
      expect(despues?.ok).toBe(1);
    } finally {
      await abrir();
      await admin.end();
      await database.close();
    }
  });
});
