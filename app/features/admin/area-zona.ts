/**
 * A zone's area as the back-office's drawing map handles it (docs/decisions/056-mi-calle.md): the
 * text of the `geometria` field read into polygons, and polygons written back as that text. No
 * Leaflet here, so the page and its tests can use it without a browser. The map only needs the
 * shape: the server's `leerGeometria` checks the rest (closed rings, the town's box, the limits)
 * and says in Spanish what to fix.
 */

/** One polygon: its rings of [longitude, latitude] positions, GeoJSON's order; the first is the outline. */
export type Poligono = [number, number][][];

/** The zoom of a new zone's map, centred on the site's map centre: most of the town, its zones around. */
export const ZOOM_ZONA_NUEVA = 14;

const esNumero = (x: unknown): x is number => typeof x === 'number' && Number.isFinite(x);

function anillo(valor: unknown): [number, number][] | null {
  if (!Array.isArray(valor)) return null;
  const puntos: [number, number][] = [];
  for (const p of valor) {
    if (!Array.isArray(p) || p.length < 2 || !esNumero(p[0]) || !esNumero(p[1])) return null;
    puntos.push([p[0], p[1]]);
  }
  return puntos;
}

function poligono(valor: unknown): Poligono | null {
  if (!Array.isArray(valor) || valor.length === 0) return null;
  const anillos: [number, number][][] = [];
  for (const a of valor) {
    const leido = anillo(a);
    if (!leido) return null;
    anillos.push(leido);
  }
  return anillos;
}

/**
 * The polygons of the field's text: a Polygon, a MultiPolygon, a Feature of one or a
 * FeatureCollection of them, as the form accepts. An empty text is no polygon; `null` when the
 * text is not such GeoJSON (the map then keeps what it shows).
 */
export function poligonosDelTexto(texto: string): Poligono[] | null {
  if (texto.trim() === '') return [];
  let json: unknown;
  try {
    json = JSON.parse(texto);
  } catch {
    return null;
  }
  const poligonos: Poligono[] = [];
  const recoger = (objeto: unknown): boolean => {
    if (!objeto || typeof objeto !== 'object' || Array.isArray(objeto)) return false;
    const o = objeto as { type?: unknown; coordinates?: unknown; geometry?: unknown; features?: unknown };
    switch (o.type) {
      case 'Polygon': {
        const p = poligono(o.coordinates);
        if (p) poligonos.push(p);
        return p !== null;
      }
      case 'MultiPolygon':
        return Array.isArray(o.coordinates) && o.coordinates.every((c) => recoger({ type: 'Polygon', coordinates: c }));
      case 'Feature':
        return recoger(o.geometry);
      case 'FeatureCollection':
        return Array.isArray(o.features) && o.features.length > 0 && o.features.every(recoger);
      default:
        return false;
    }
  };
  return recoger(json) ? poligonos : null;
}

const cerrado = (a: readonly [number, number][]) => {
  const [primero] = a;
  const ultimo = a[a.length - 1];
  return a.length > 1 && primero !== undefined && ultimo !== undefined && primero[0] === ultimo[0] && primero[1] === ultimo[1];
};

const redondear = (x: number) => Math.round(x * 1e6) / 1e6;

/**
 * The field's text for the polygons the map has: a Polygon for one, a MultiPolygon for more, and
 * an empty text for none. Every ring closed; coordinates to six decimals (about 10 cm here).
 */
export function textoDeLosPoligonos(poligonos: readonly Poligono[]): string {
  const limpios = poligonos.map((p) =>
    p.map((a) => {
      const puntos = a.map(([x, y]): [number, number] => [redondear(x), redondear(y)]);
      const [primero] = puntos;
      if (primero && !cerrado(puntos)) puntos.push([primero[0], primero[1]]);
      return puntos;
    }),
  );
  if (limpios.length === 0) return '';
  if (limpios.length === 1) return JSON.stringify({ type: 'Polygon', coordinates: limpios[0] });
  return JSON.stringify({ type: 'MultiPolygon', coordinates: limpios });
}

/** «un polígono de 4 vértices», «2 polígonos con 11 vértices»: a closed ring's last position is not one more. */
export function describirArea(poligonos: readonly Poligono[]): string {
  const vertices = poligonos.flat().reduce((n, a) => n + (cerrado(a) ? a.length - 1 : a.length), 0);
  const v = vertices === 1 ? 'un vértice' : `${vertices} vértices`;
  return poligonos.length === 1 ? `un polígono de ${v}` : `${poligonos.length} polígonos con ${v}`;
}
