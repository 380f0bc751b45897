import { defaultSiteSettings, saveSiteSettings } from '#domain/sitio/settings.ts';
import type { Seeder } from './seeder.ts';

export const seedAjustes: Seeder = {
  nombre: 'ajustes',
  run: ({ db }) => saveSiteSettings(db, defaultSiteSettings),
};
