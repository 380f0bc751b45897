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

// Migration 0019 on a database with the old, separate current bulletin (docs/decisions/050-un-solo-boletin.md):
// its newest texts, its ordinances (in their order) and its decrees (the numbers as staff wrote them) go onto the
// latest official bulletin by edition (year, month, number), not the last one uploaded; a number it cannot read
// stays only in the old table, which the migration keeps.
describe.each(engines)('la migración 0019 sobre un boletín vigente cargado (%s)', (engine) => {
  it('pasa textos, ordenanzas y decretos del boletín vigente al último boletín oficial y conserva las tablas viejas', async () => {
    const base = await abrir(engine);
    try {
      const i = archivos.findIndex((f) => f.startsWith('0019_boletin'));
      for (const archivo of archivos.slice(0, i)) for (const s of sentencias(archivo)) await base.exec(s);
      await base.exec(`insert into documentos (nombre_archivo, tipo_contenido, tamano, sha256, clave) values
        ('b324.pdf', 'application/pdf', 10, 'a', 'k1'), ('b325.pdf', 'application/pdf', 10, 'b', 'k2'), ('b300.pdf', 'application/pdf', 10, 'c', 'k3')`);
      // N° 300 of 2025 is uploaded last (a historic load): the latest edition is still N° 325.
      await base.exec(`insert into boletines_oficiales (documento_id, numero_boletin_oficial, mes, anio, usuario_creacion, fecha_creacion) values
        (1, 324, 10, 2026, 'Ana', '2026-11-02T13:00:00Z'), (2, 325, 11, 2026, 'Ana', '2026-11-27T13:00:00Z'), (3, 300, 10, 2025, 'Ana', '2026-11-28T13:00:00Z')`);
      await base.exec(
        `insert into boletin_vigente (legales, licitaciones) values ('<p>Viejo</p>', '<p>Vieja</p>'), ('<p>Legales</p>', '<h3>Licitación 14/2026</h3>')`,
      );
      await base.exec(`insert into boletin_vigente_ordenanzas (numero, titulo, link, orden) values
        ('3456/2026', 'Segunda', '/consulta-ordenanzas/2026/3456', 5), ('3455/2026', 'Primera', 'https://ejemplo.org/3455', 2)`);
      await base.exec(`insert into boletin_vigente_decretos (numero, descripcion, area, orden) values
        ('1421/2026', 'Fiesta de los Jardines', 'Turismo', 0), ('Decreto N° 0123-26', 'Con prefijo', 'Hacienda', 1),
        ('55 de 2025', 'Con de', 'Ambiente', 2), ('1421/2026', 'Repetido', 'Turismo', 3), ('sin número', 'Ilegible', 'Obras', 4)`);
      for (const s of sentencias(archivos[i]!)) await base.exec(s);

      expect(await base.filas(`select numero_boletin_oficial as n, legales, licitaciones from boletines_oficiales order by numero_boletin_oficial`)).toEqual([
        { n: 300, legales: '', licitaciones: '' },
        { n: 324, legales: '', licitaciones: '' },
        { n: 325, legales: '<p>Legales</p>', licitaciones: '<h3>Licitación 14/2026</h3>' },
      ]);
      expect(await base.filas(`select boletin_id, numero, titulo, link, orden from boletines_ordenanzas order by orden`)).toEqual([
        { boletin_id: 2, numero: '3455/2026', titulo: 'Primera', link: 'https://ejemplo.org/3455', orden: 0 },
        { boletin_id: 2, numero: '3456/2026', titulo: 'Segunda', link: '/consulta-ordenanzas/2026/3456', orden: 1 },
      ]);
      expect(await base.filas(`select boletin_id, numero, anio, descripcion from boletines_decretos order by anio, numero`)).toEqual([
        { boletin_id: 2, numero: 55, anio: 2025, descripcion: 'Con de' },
        { boletin_id: 2, numero: 123, anio: 2026, descripcion: 'Con prefijo' },
        { boletin_id: 2, numero: 1421, anio: 2026, descripcion: 'Fiesta de los Jardines' },
      ]);
      // The old tables stay (a contraction is a later release): the version still running reads them.
      expect(await base.filas(`select count(*)::int as n from boletin_vigente_decretos`)).toEqual([{ n: 5 }]);
      // The new table raises the content version, like every content table.
      const [antes] = await base.filas<{ v: string }>(`select version::text as v from version_contenido where id = 1`);
      await base.exec(`insert into boletines_ordenanzas (boletin_id, numero, titulo, link) values (1, '1/2026', 'x', '/')`);
      const [despues] = await base.filas<{ v: string }>(`select version::text as v from version_contenido where id = 1`);
      expect(despues?.v).not.toBe(antes?.v);
    } finally {
      await base.close();
    }
  });

  it('sin boletines oficiales no pasa nada, y la migración no falla', async () => {
    const base = await abrir(engine);
    try {
      const i = archivos.findIndex((f) => f.startsWith('0019_boletin'));
      for (const archivo of archivos.slice(0, i)) for (const s of sentencias(archivo)) await base.exec(s);
      await base.exec(`insert into boletin_vigente (legales, licitaciones) values ('<p>Legales</p>', '')`);
      await base.exec(`insert into boletin_vigente_decretos (numero, descripcion, area) values ('1421/2026', 'x', 'y')`);
      for (const s of sentencias(archivos[i]!)) await base.exec(s);
      expect(await base.filas(`select count(*)::int as n from boletines_decretos`)).toEqual([{ n: 0 }]);
    } finally {
      await base.close();
    }
  });
});

// Migration 0026 on a database with a street index and holidays (docs/decisions/056-mi-calle.md): the
// stretches loaded before it hold every number (the version still running writes none), a parity other
// than the three is refused, and a holiday's change raises the content version that empties the cache.
describe.each(engines)('la migración 0026 sobre un índice de calles cargado (%s)', (engine) => {
  it('los tramos quedan con todas sus alturas y un feriado sube la versión del contenido', async () => {
    const base = await abrir(engine);
    try {
      const i = archivos.findIndex((f) => f.startsWith('0026_'));
      expect(i).toBeGreaterThan(0);
      for (const archivo of archivos.slice(0, i)) for (const s of sentencias(archivo)) await base.exec(s);
      await base.exec(`insert into calles_recoleccion (nombre, nombre_normalizado, desde, hasta, geometria)
        values ('Los Notros', 'los notros', 100, 1499, '[[-71.64,-40.7565],[-71.64,-40.7665]]')`);
      for (const s of sentencias(archivos[i]!)) await base.exec(s);
      expect(await base.filas(`select nombre, paridad from calles_recoleccion`)).toEqual([{ nombre: 'Los Notros', paridad: 'todos' }]);
      // The version still running inserts without the column; the new one, with one of the three.
      await base.exec(`insert into calles_recoleccion (nombre, nombre_normalizado, desde, hasta, geometria, paridad)
        values ('Los Notros', 'los notros', 1500, 2498, '[[-71.641,-40.769],[-71.642,-40.78]]', 'pares')`);
      await expect(
        base.exec(`insert into calles_recoleccion (nombre, nombre_normalizado, desde, hasta, geometria, paridad)
          values ('Los Notros', 'los notros', 1, 99, '[[-71.64,-40.75],[-71.64,-40.756]]', 'par')`),
      ).rejects.toThrow(/calles_recoleccion_paridad/);

      const version = async () => (await base.filas<{ v: string }>(`select version::text as v from version_contenido where id = 1`))[0]?.v;
      const antes = await version();
      await base.exec(`insert into feriados (fecha, nombre, tipo) values ('2031-03-17', 'Asueto', 'local')`);
      const conAlta = await version();
      expect(conAlta).not.toBe(antes);
      await base.exec(`update feriados set nombre = 'Asueto municipal' where fecha = '2031-03-17'`);
      expect(await version()).not.toBe(conAlta);
    } finally {
      await base.close();
    }
  });
});
