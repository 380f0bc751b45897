import { defaultSiteSettings, saveSiteSettings } from '#domain/sitio/settings.ts';
import type { Seeder } from './index.ts';

export const seedAjustes: Seeder = {
  nombre: 'ajustes',
  run: ({ db }) => saveSiteSettings(db, defaultSiteSettings),
};
