import { PNG } from 'pngjs';

export type Paisaje = {
  ancho?: number;
  alto?: number;
  cielo: [number, number, number];
  montana: [number, number, number];
  lago: [number, number, number];
  semilla: number;
};

/**
 * A small generated landscape (sky gradient, a mountain ridge, a lake) as PNG bytes: demo gallery
 * images and logos without shipping photographs.
 */
export function generarPng(p: Paisaje): Uint8Array {
  const ancho = p.ancho ?? 640;
  const alto = p.alto ?? 400;
  const png = new PNG({ width: ancho, height: alto });
  const horizonte = Math.round(alto * 0.62);
  for (let x = 0; x < ancho; x++) {
    const t = x / ancho;
    const cresta = Math.round(alto * (0.3 + 0.12 * Math.sin(t * 6.3 + p.semilla) + 0.06 * Math.sin(t * 17 + p.semilla * 2)));
    for (let y = 0; y < alto; y++) {
      const i = (y * ancho + x) * 4;
      let c: [number, number, number];
      if (y >= horizonte) {
        const f = 0.75 + 0.25 * ((y - horizonte) / (alto - horizonte));
        c = [p.lago[0] * f, p.lago[1] * f, p.lago[2] * f];
      } else if (y >= cresta) {
        const nieve = y - cresta < 14 ? 1 : 0;
        c = nieve ? [240, 244, 248] : p.montana;
      } else {
        const f = y / horizonte;
        c = [p.cielo[0] + (255 - p.cielo[0]) * f * 0.6, p.cielo[1] + (255 - p.cielo[1]) * f * 0.6, p.cielo[2] + (255 - p.cielo[2]) * f * 0.4];
      }
      png.data[i] = c[0];
      png.data[i + 1] = c[1];
      png.data[i + 2] = c[2];
      png.data[i + 3] = 255;
    }
  }
  return new Uint8Array(PNG.sync.write(png, { colorType: 2 }));
}
