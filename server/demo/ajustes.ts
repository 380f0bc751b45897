import { ACTOR_SISTEMA } from '#domain/shared/actor.ts';
import { saveAjustes, valoresAjustes, versionAjustes } from '#domain/sitio/ajustes-panel.ts';
import { defaultSiteSettings, getSiteSettings } from '#domain/sitio/settings.ts';
import type { Seeder } from './seeder.ts';

/**
 * The site's contacts and links, through the form staff use (its checks, the audit as «El
 * sistema»). The demo's are the defaults, which a new database already reads: the command finds
 * nothing to change and writes nothing.
 */
export const seedAjustes: Seeder = {
  nombre: 'ajustes',
  run: async ({ db }) => {
    const version = versionAjustes(await getSiteSettings(db));
    const guardado = await saveAjustes(db, ACTOR_SISTEMA, { ...valoresAjustes(defaultSiteSettings), version });
    if (guardado.tipo !== 'guardado') throw new Error(`ajustes de demostración: ${JSON.stringify(guardado)}`);
  },
};
