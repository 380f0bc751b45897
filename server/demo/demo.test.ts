import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { Database } from '#db/client.ts';
import { datosDemo } from '#db/schema/index.ts';
import { getSiteSettings } from '#domain/sitio/settings.ts';
import { listRecorridosVialidad, listVehiculosEnMapa } from '#domain/vehiculos/queries.ts';
import { ajustar } from '#tests/factories/ajustes.ts';
import { createTestDatabase, engines } from '#tests/setup/database.ts';
import { createTestStorage } from '#tests/setup/storage.ts';
import { seedDemoContent, seeders } from './index.ts';
import { VEHICULOS_DEMO } from './vehiculos.ts';

describe.each(engines)('contenido de demostración (%s)', (engine) => {
  let database: Database;
  let storage: ReturnType<typeof createTestStorage>;
  beforeEach(async () => {
    database = await createTestDatabase(engine);
    storage = createTestStorage();
  });
  afterEach(async () => {
    await database.close();
    storage.remove();
  });

  // The whole demo, through the commands staff use: 17-30 s on a busy two-core machine, more than the default limit.
  it('llena una base vacía una sola vez', { timeout: 120_000 }, async () => {
    const first = await seedDemoContent({ db: database.db, storage });
    expect(first).toEqual(seeders.map((s) => s.nombre));
    expect((await getSiteSettings(database.db)).emailContacto).toMatch(/@/);
    // The fleet is on the map at once, each road machine with its two hours of trail.
    const ahora = new Date();
    expect(await listVehiculosEnMapa(database.db, ahora, 15)).toHaveLength(VEHICULOS_DEMO.length);
    const recorridos = [...(await listRecorridosVialidad(database.db, ahora, 3)).values()];
    expect(recorridos.map((r) => r.length)).toEqual(VEHICULOS_DEMO.filter((v) => v.servicio === 'vialidad').map(() => 60));
    expect(await seedDemoContent({ db: database.db, storage })).toEqual([]);
    expect(await database.db.select().from(datosDemo)).toHaveLength(seeders.length);
  });

  it('no toca una base con contenido real', async () => {
    await ajustar(database.db, { emailContacto: 'real@villalaangostura.gob.ar' });
    expect(await seedDemoContent({ db: database.db, storage })).toEqual([]);
    expect((await getSiteSettings(database.db)).emailContacto).toBe('real@villalaangostura.gob.ar');
  });
});
