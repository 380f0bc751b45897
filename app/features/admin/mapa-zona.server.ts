import type { PageContext } from '#app/context.ts';
import type { Zona } from '#domain/recoleccion/queries.ts';
import { getSiteSettingsForPages } from '#domain/sitio/settings.ts';
import type { DatosMapaZona } from './mapa-zona.tsx';

/**
 * What the zone pages' drawing map needs (./mapa-zona.tsx): the tiles as the public maps use them,
 * the site's map centre (where a map without an area starts), and the zones other than `excepto`,
 * drawn faintly for context.
 */
export async function datosMapaZona(ctx: PageContext, zonas: readonly Zona[], excepto?: number): Promise<DatosMapaZona> {
  const { vehiculos } = await getSiteSettingsForPages(ctx.db);
  return {
    teselas: ctx.config.mapTileUrl,
    centro: vehiculos.centro,
    otras: zonas.filter((z) => z.id !== excepto).map((z) => ({ nombre: z.nombre, geometria: z.geometria })),
  };
}
