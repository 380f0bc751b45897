/**
 * The original site's address for environmental complaints, the settings' default. Kept apart from the
 * settings' schema so the site's menu, which runs in the browser too, can compare against it without
 * loading zod (whose eval probe the pages' CSP reports).
 */
export const DENUNCIAS_MEDIO_AMBIENTE_ORIGINAL = 'https://formularios.villalaangostura.gob.ar/denuncias-medio-ambiente';
