// What the specs of Reclamos (docs/decisions/057-reclamos.md) share.
import sharp from 'sharp';

/** A JPEG with the GPS of a point near Villa La Angostura's centre, as a phone writes it. */
export async function fotoConGps(): Promise<Buffer> {
  return sharp({ create: { width: 120, height: 80, channels: 3, background: '#a83' } })
    .jpeg()
    .withExif({ IFD3: { GPSLatitudeRef: 'S', GPSLatitude: '40/1 45/1 4368/100', GPSLongitudeRef: 'W', GPSLongitude: '71/1 38/1 4632/100' } })
    .toBuffer();
}
