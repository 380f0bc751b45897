// Migration 0012 on a database that already holds positions (docs/decisions/015, «Escritura
// por lotes»): duplicates of (vehiculo_id, hora_dispositivo), written before the unique index
// existed, must not make it fail. The migrations run here one file at a time, as the migrator runs
// them, with rows written in between.
import fs from 'node:fs';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { unaccent } from '@electric-sql/pglite/contrib/unaccent';
import pg from 'pg';
import { describe, expect, it } from 'vitest';
import { type Engine, createScratchDatabase, engines } from '#tests/setup/database.ts';

const carpeta = path.resolve('db/migrations');
const archivos = fs
  .readdirSync(carpeta)
  .filter((f) => f.endsWith('.sql'))
  .sort();
const sentencias = (archivo: string) =>
  fs
    .readFileSync(path.join(carpeta, archivo), 'utf8')
    .split('--> statement-breakpoint')
    .map((s) => s.trim())
    .filter(Boolean);

type Base = { exec(texto: string): Promise<void>; filas<T>(texto: string): Promise<T[]>; close(): Promise<void> };

async function abrir(engine: Engine): Promise<Base> {
  if (engine === 'pglite') {
    const base = await PGlite.create({ extensions: { unaccent, pg_trgm } });
    return {
      exec: async (texto) => void (await base.exec(texto)),
      filas: async <T>(texto: string) => (await base.query<T>(texto)).rows,
      close: () => base.close(),
    };
  }
  const scratch = await createScratchDatabase();
  const client = new pg.Client({ connectionString: scratch.url });
  await client.connect();
  return {
    exec: async (texto) => void (await client.query(texto)),
    filas: async <T>(texto: string) => (await client.query(texto)).rows as T[],
    close: async () => {
      await client.end();
      await scratch.drop();
    },
  };
}

describe.each(engines)('la migración 0012 sobre posiciones repetidas (%s)', (engine) => {
  it('deja la primera guardada de cada vehículo y hora, borra las demás y crea el índice único', async () => {
    const base = await abrir(engine);
    try {
      const i = archivos.findIndex((f) => f.startsWith('0012_'));
      for (const archivo of archivos.slice(0, i)) for (const s of sentencias(archivo)) await base.exec(s);
      await base.exec(
        `insert into vehiculos (alias, icono, servicio, dispositivo) values ('A', 'camion', 'recoleccion', 'a'), ('B', 'camion', 'recoleccion', 'b')`,
      );
      await base.exec(`insert into posiciones_vehiculo (vehiculo_id, latitud, longitud, hora_dispositivo, publica) values
        (1, -40.1, -71, '2026-01-01T00:00:00Z', true), (1, -40.2, -71, '2026-01-01T00:00:00Z', true),
        (1, -40.3, -71, '2026-01-01T00:00:00Z', true), (1, -40.4, -71, '2026-01-01T00:00:01Z', true),
        (2, -40.5, -71, '2026-01-01T00:00:00Z', true), (2, -40.6, -71, '2026-01-01T00:00:00Z', true)`);
      for (const s of sentencias(archivos[i]!)) await base.exec(s);
      expect(await base.filas<{ latitud: number }>('select latitud from posiciones_vehiculo order by id')).toEqual([
        { latitud: -40.1 },
        { latitud: -40.4 },
        { latitud: -40.5 },
      ]);
      await expect(
        base.exec(
          `insert into posiciones_vehiculo (vehiculo_id, latitud, longitud, hora_dispositivo, publica) values (1, -40.7, -71, '2026-01-01T00:00:00Z', true)`,
        ),
      ).rejects.toThrow(/duplicate key|posiciones_vehiculo_hora_idx/);
    } finally {
      await base.close();
    }
  });
});
