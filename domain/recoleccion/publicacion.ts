/*
 * What the site publishes of the collection zones for anyone to reuse (docs/decisions/056-mi-calle.md):
 * the zones as GeoJSON (RFC 7946) with their services, and when a zone's calendar last changed.
 * Nothing here is personal: zones, rules and windows are the Municipality's own.
 */
import { eq } from 'drizzle-orm';
import type { Db } from '#db/client.ts';
import { cambiosRecoleccion, serviciosRecoleccion, zonasRecoleccion } from '#db/schema/index.ts';
import { ultimoCambio } from '#domain/auditoria/queries.ts';
import { rutaIcs, rutaMes } from './enlaces.ts';
import { type Servicio, type Zona, listZonas } from './queries.ts';

/**
 * When a zone's calendar last changed: the zone, its services and its one-off changes, and the audit
 * of services and changes (a deletion leaves no row). The holidays come from another module and
 * change a few times a year: a calendar reads them anew every time, only its DTSTAMP does not move.
 */
export async function revisionDeZona(db: Db, zonaId: number): Promise<Date> {
  const fecha = await ultimoCambio(db, {
    columnas: [
      { columna: zonasRecoleccion.updatedAt, donde: eq(zonasRecoleccion.id, zonaId) },
      { columna: serviciosRecoleccion.updatedAt, donde: eq(serviciosRecoleccion.zonaId, zonaId) },
      { columna: cambiosRecoleccion.createdAt, donde: eq(cambiosRecoleccion.zonaId, zonaId) },
    ],
    entidades: ['servicio_recoleccion', 'cambio_recoleccion'],
  });
  return fecha ?? new Date(0);
}

/** The zones as a GeoJSON FeatureCollection, each with its services, their rules and windows, and its calendars' addresses. */
export function zonasComoGeoJson(zonas: readonly Zona[], servicios: readonly Servicio[], url: (ruta: string) => string) {
  return {
    type: 'FeatureCollection' as const,
    features: zonas.map((zona) => ({
      type: 'Feature' as const,
      id: zona.slug,
      geometry: { type: 'MultiPolygon' as const, coordinates: zona.geometria },
      properties: {
        slug: zona.slug,
        nombre: zona.nombre,
        descripcion: zona.descripcion,
        pagina: url(rutaMes(zona.slug)),
        calendario: url(rutaIcs(zona.slug)),
        servicios: servicios
          .filter((s) => s.zonaId === zona.id)
          .map((s) => ({
            slug: s.slug,
            nombre: s.nombre,
            regla: s.regla,
            desde: s.desde,
            horaDesde: s.horaDesde,
            horaHasta: s.horaHasta,
            feriado: s.feriado,
            guardia: s.guardia,
            calendario: url(rutaIcs(zona.slug, s.slug)),
          })),
      },
    })),
  };
}

/** Each zone's calendar file as a download of the open-data catalogue (site paths). */
export async function calendariosDelCatalogo(db: Db) {
  return (await listZonas(db)).map((zona) => ({
    id: `recoleccion-${zona.slug}-ics`,
    title: `Calendario de recolección de ${zona.nombre} (iCalendar)`,
    description: `Los días de cada servicio en la zona ${zona.nombre}, desde 30 días atrás hasta un año adelante, con los feriados y los cambios puntuales aplicados.`,
    downloadURL: rutaIcs(zona.slug),
    accessURL: rutaMes(zona.slug),
    fileName: `${zona.slug}.ics`,
  }));
}
