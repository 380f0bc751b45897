import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '#db/client.ts';
import { ajustesSitio } from '#db/schema/index.ts';
import { createTestDatabase, engines } from '#tests/setup/database.ts';
import { SETTINGS_TTL_MS, defaultSiteSettings, getSiteSettings, getSiteSettingsForPages, writeSiteSettings } from './settings.ts';

describe.each(engines)('ajustes del sitio (%s)', (engine) => {
  let database: Database;
  beforeAll(async () => {
    database = await createTestDatabase(engine);
  });
  afterAll(() => database.close());

  it('sin filas devuelve los valores por defecto', async () => {
    await database.db.delete(ajustesSitio);
    expect(await getSiteSettings(database.db)).toEqual(defaultSiteSettings);
  });

  it('guarda y lee cada clave, y la actualiza', async () => {
    const municipio = { direccion: 'Av. Siete Lagos 100', telefono: '+54 294 400-0000' };
    await writeSiteSettings(database.db, { municipio });
    expect((await getSiteSettings(database.db)).municipio).toEqual(municipio);
    await writeSiteSettings(database.db, { emailContacto: 'mesa@villalaangostura.gob.ar' });
    const settings = await getSiteSettings(database.db);
    expect(settings.emailContacto).toBe('mesa@villalaangostura.gob.ar');
    expect(settings.municipio).toEqual(municipio);
  });

  it('rechaza al guardar un valor inválido', async () => {
    await expect(writeSiteSettings(database.db, { emailContacto: 'no es un correo' })).rejects.toThrow();
  });

  it('un valor guardado que ya no es válido cae en el valor por defecto', async () => {
    await database.db.execute(
      sql`insert into ajustes_sitio (clave, valor) values ('redes', '{"instagram": "javascript:alert(1)"}'::jsonb)
          on conflict (clave) do update set valor = excluded.valor`,
    );
    expect((await getSiteSettings(database.db)).redes).toEqual(defaultSiteSettings.redes);
  });
});

describe('ajustes para las páginas', () => {
  it('se leen una vez cada 10 segundos y se releen al guardar', async () => {
    const database = await createTestDatabase('pglite');
    try {
      await writeSiteSettings(database.db, { emailContacto: 'uno@villalaangostura.gob.ar' });
      const t0 = 1_000_000;
      expect((await getSiteSettingsForPages(database.db, t0)).emailContacto).toBe('uno@villalaangostura.gob.ar');
      // Written behind the cache's back (as another instance would): not seen until the TTL passes.
      await database.db.execute(sql`update ajustes_sitio set valor = '"otro@villalaangostura.gob.ar"'::jsonb where clave = 'emailContacto'`);
      expect((await getSiteSettingsForPages(database.db, t0 + 5_000)).emailContacto).toBe('uno@villalaangostura.gob.ar');
      expect((await getSiteSettingsForPages(database.db, t0 + SETTINGS_TTL_MS + 1)).emailContacto).toBe('otro@villalaangostura.gob.ar');
      await writeSiteSettings(database.db, { emailContacto: 'tres@villalaangostura.gob.ar' });
      expect((await getSiteSettingsForPages(database.db, t0 + SETTINGS_TTL_MS + 2)).emailContacto).toBe('tres@villalaangostura.gob.ar');
    } finally {
      await database.close();
    }
  });
});
