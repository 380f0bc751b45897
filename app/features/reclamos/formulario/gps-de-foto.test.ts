import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { leerGpsDeFoto } from '#domain/reclamos/fotos.ts';
import { gpsDeJpeg } from './gps-de-foto.ts';

const foto = async (exif: Parameters<ReturnType<typeof sharp>['withExif']>[0] | null) => {
  let imagen = sharp({ create: { width: 60, height: 40, channels: 3, background: '#a83' } }).jpeg();
  if (exif) imagen = imagen.withExif(exif);
  const b = await imagen.toBuffer();
  return b.buffer.slice(b.byteOffset, b.byteOffset + b.byteLength) as ArrayBuffer;
};

const GPS = { IFD3: { GPSLatitudeRef: 'S', GPSLatitude: '40/1 45/1 4368/100', GPSLongitudeRef: 'W', GPSLongitude: '71/1 38/1 4632/100' } };

describe('GPS de una foto, leído en el navegador', () => {
  it('lee la latitud y la longitud que escribió el teléfono, como las lee el servidor', async () => {
    const buffer = await foto({ IFD0: { Make: 'Apple', Model: 'iPhone 15' }, ...GPS });
    const punto = gpsDeJpeg(buffer);
    expect(punto).not.toBeNull();
    expect(punto!.latitud).toBeCloseTo(-(40 + 45 / 60 + 43.68 / 3600), 6);
    expect(punto!.longitud).toBeCloseTo(-(71 + 38 / 60 + 46.32 / 3600), 6);
    const servidor = await leerGpsDeFoto(new Uint8Array(buffer));
    expect(punto!.latitud).toBeCloseTo(servidor!.latitud, 5);
    expect(punto!.longitud).toBeCloseTo(servidor!.longitud, 5);
  });

  it('al norte y al este, sin signo', async () => {
    const punto = gpsDeJpeg(await foto({ IFD3: { GPSLatitudeRef: 'N', GPSLatitude: '10/1 0/1 0/1', GPSLongitudeRef: 'E', GPSLongitude: '20/1 30/1 0/1' } }));
    expect(punto).toEqual({ latitud: 10, longitud: 20.5 });
  });

  it('sin GPS, sin EXIF, un PNG, un archivo cortado o basura: nada', async () => {
    expect(gpsDeJpeg(await foto({ IFD0: { Make: 'Apple' } }))).toBeNull();
    expect(gpsDeJpeg(await foto(null))).toBeNull();
    const png = await sharp({ create: { width: 10, height: 10, channels: 3, background: '#000' } })
      .png()
      .toBuffer();
    expect(gpsDeJpeg(new Uint8Array(png).buffer)).toBeNull();
    const entera = await foto(GPS);
    for (const corte of [3, 20, 40, 80]) expect(() => gpsDeJpeg(entera.slice(0, corte))).not.toThrow();
    expect(gpsDeJpeg(new ArrayBuffer(0))).toBeNull();
    expect(gpsDeJpeg(new Uint8Array([0xff, 0xd8, 0xff, 0xe1, 0x00, 0x02, 0xff]).buffer)).toBeNull();
  });
});
