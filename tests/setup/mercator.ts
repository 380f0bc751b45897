/** Web Mercator at `zoom` in Leaflet's 256 px tiles: a point's pixel on the whole world's map, as Leaflet projects it. */
export function pixel(latitud: number, longitud: number, zoom: number): { x: number; y: number } {
  const escala = 256 * 2 ** zoom;
  const seno = Math.sin((latitud * Math.PI) / 180);
  return { x: (escala * (longitud + 180)) / 360, y: escala * (0.5 - Math.log((1 + seno) / (1 - seno)) / (4 * Math.PI)) };
}
