/** The site paths of a zone's printable month page and calendar files (docs/decisions/056-mi-calle.md), for pages, files and the catalogue alike. */
export const rutaMes = (zona: string) => `/recoleccion/${zona}`;
export const rutaIcs = (zona: string, servicio?: string) => (servicio ? `/recoleccion/${zona}/${servicio}.ics` : `/recoleccion/${zona}.ics`);
export const RUTA_GEOJSON = '/recoleccion/zonas.geojson';
