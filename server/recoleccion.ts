import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { calendarioIcs, rangoDelArchivo } from '#domain/recoleccion/ical.ts';
import { RUTA_GEOJSON, rutaIcs, rutaMes } from '#domain/recoleccion/enlaces.ts';
import { revisionDeZona, zonasComoGeoJson } from '#domain/recoleccion/publicacion.ts';
import { calendarioDeZona, getZona, listServicios, listZonas } from '#domain/recoleccion/queries.ts';
import type { AppContext } from '#domain/shared/context.ts';
import { fechaEnArgentina } from '#domain/shared/fechas.ts';
import { sendError } from './errors.ts';
import { sendWithEtag } from './feeds.ts';

/** A zone's or a service's slug as the tables allow it (db/schema/recoleccion.ts): anything else names nothing. */
const SLUG = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;
const esSlug = (texto: string) => texto.length <= 60 && SLUG.test(texto);

/** A subscribed calendar reads the file again every day (REFRESH-INTERVAL); caches may keep it five minutes, like the feeds. */
const CACHE = 'public, max-age=300';

const NO_HAY_ZONA = 'No hay una zona de recolección con esa dirección. Buscá tu zona en Mi calle.';
const NO_HAY_SERVICIO = 'Esa zona de recolección no tiene un servicio con esa dirección. Buscá tu zona en Mi calle.';

/**
 * The collection calendars anyone can subscribe to (/recoleccion/{zona}.ics, one service's at
 * /recoleccion/{zona}/{servicio}.ics) and the zones as GeoJSON (docs/decisions/056-mi-calle.md),
 * with ETag and 304 like the feeds. The printable month page (/recoleccion/{zona}) is a page.
 */
export function registerRecoleccion(app: FastifyInstance, ctx: AppContext): void {
  const host = new URL(ctx.url('/')).host;

  async function sendIcs(request: FastifyRequest, reply: FastifyReply, slugZona: string, slugServicio?: string) {
    const zona = esSlug(slugZona) ? await getZona(ctx.db, slugZona) : undefined;
    if (!zona) return sendError(request, reply, 404, NO_HAY_ZONA);
    const servicios = slugServicio === undefined ? zona.servicios : zona.servicios.filter((s) => s.slug === slugServicio);
    if (slugServicio !== undefined && servicios.length === 0) return sendError(request, reply, 404, NO_HAY_SERVICIO);
    const { desde, hasta } = rangoDelArchivo(fechaEnArgentina(ctx.clock.now()));
    const [calendarios, revision] = await Promise.all([calendarioDeZona(ctx.db, { id: zona.id, servicios }, desde, hasta), revisionDeZona(ctx.db, zona.id)]);
    const archivo = rutaIcs(zona.slug, slugServicio);
    const body = calendarioIcs({
      zona,
      servicios,
      soloServicio: slugServicio !== undefined,
      calendarios,
      fuente: ctx.url(archivo),
      pagina: ctx.url(rutaMes(zona.slug)),
      host,
      revision,
    });
    reply.header('content-disposition', `attachment; filename="${archivo.slice('/recoleccion/'.length).replace('/', '-')}"`);
    // ETag only: a holiday or the passing of a day changes the file without a newer revision.
    return sendWithEtag(request, reply, { type: 'text/calendar; charset=utf-8', body, cacheControl: CACHE });
  }

  app.get<{ Params: { zona: string } }>('/recoleccion/:zona.ics', (request, reply) => sendIcs(request, reply, request.params.zona));
  app.get<{ Params: { zona: string; servicio: string } }>('/recoleccion/:zona/:servicio.ics', (request, reply) =>
    esSlug(request.params.servicio) ? sendIcs(request, reply, request.params.zona, request.params.servicio) : sendError(request, reply, 404, NO_HAY_SERVICIO),
  );

  app.get(RUTA_GEOJSON, async (request, reply) => {
    const [zonas, servicios] = await Promise.all([listZonas(ctx.db), listServicios(ctx.db)]);
    return sendWithEtag(request, reply, {
      type: 'application/geo+json',
      body: JSON.stringify(zonasComoGeoJson(zonas, servicios, ctx.url)),
      cacheControl: CACHE,
    });
  });
}
