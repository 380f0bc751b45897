/**
 * The GPS position of a JPEG photo, read in the browser (docs/decisions/057-reclamos.md): only the
 * Exif GPS tags (latitude, longitude and their references), to OFFER the photo's place; nothing is
 * sent. null for any other file, a photo without GPS or one this small reader does not understand.
 */
export type PuntoDeFoto = { latitud: number; longitud: number };

export function gpsDeJpeg(buffer: ArrayBuffer): PuntoDeFoto | null {
  const v = new DataView(buffer);
  if (v.byteLength < 4 || v.getUint16(0) !== 0xffd8) return null;
  let i = 2;
  while (i + 4 <= v.byteLength) {
    if (v.getUint8(i) !== 0xff) return null;
    const marca = v.getUint8(i + 1);
    const largo = v.getUint16(i + 2);
    if (marca === 0xda || marca === 0xd9) return null;
    if (marca === 0xe1 && i + 10 <= v.byteLength && v.getUint32(i + 4) === 0x45786966) return leerTiff(v, i + 10, Math.min(v.byteLength, i + 2 + largo));
    i += 2 + largo;
  }
  return null;
}

function leerTiff(v: DataView, base: number, fin: number): PuntoDeFoto | null {
  try {
    const le = v.getUint16(base) === 0x4949;
    const u16 = (o: number) => v.getUint16(base + o, le);
    const u32 = (o: number) => v.getUint32(base + o, le);
    const entradas = (ifd: number) => {
      const n = u16(ifd);
      return Array.from({ length: n }, (_, k) => ifd + 2 + k * 12);
    };
    const ifd0 = u32(4);
    const gps = entradas(ifd0).find((e) => u16(e) === 0x8825);
    if (gps === undefined) return null;
    const ifdGps = u32(gps + 8);
    if (base + ifdGps >= fin) return null;
    let latRef = '';
    let lonRef = '';
    let lat: number | undefined;
    let lon: number | undefined;
    const racional = (o: number) => {
      const den = u32(o + 4);
      return den === 0 ? NaN : u32(o) / den;
    };
    const grados = (e: number) => {
      if (u16(e + 2) !== 5 || u32(e + 4) !== 3) return undefined;
      const o = u32(e + 8);
      return racional(o) + racional(o + 8) / 60 + racional(o + 16) / 3600;
    };
    for (const e of entradas(ifdGps)) {
      const tag = u16(e);
      if (tag === 1) latRef = String.fromCharCode(v.getUint8(base + e + 8));
      if (tag === 3) lonRef = String.fromCharCode(v.getUint8(base + e + 8));
      if (tag === 2) lat = grados(e);
      if (tag === 4) lon = grados(e);
    }
    if (lat === undefined || lon === undefined || !Number.isFinite(lat) || !Number.isFinite(lon)) return null;
    const latitud = latRef === 'S' ? -lat : lat;
    const longitud = lonRef === 'W' ? -lon : lon;
    if (Math.abs(latitud) > 90 || Math.abs(longitud) > 180 || (latitud === 0 && longitud === 0)) return null;
    return { latitud, longitud };
  } catch {
    return null;
  }
}
