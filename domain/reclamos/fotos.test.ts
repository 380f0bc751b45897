import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { SubidaRechazadaError } from '#domain/documentos/subidas.ts';
import { MENSAJE_DEMASIADAS, MENSAJE_HEIC, comprobarFotos, leerGpsDeFoto, prepararFotos } from './fotos.ts';

/** A photo as a phone writes it: camera, date, orientation and the GPS of the place (Villa La Angostura's centre). */
export async function fotoDeTelefono(opciones: { ancho?: number; alto?: number; gps?: boolean } = {}): Promise<Uint8Array> {
  const { ancho = 120, alto = 80, gps = true } = opciones;
  const imagen = sharp({ create: { width: ancho, height: alto, channels: 3, background: '#a83' } })
    .jpeg()
    .withExif({
      IFD0: { Make: 'Apple', Model: 'iPhone 15', DateTime: '2026:03:10 11:00:00', Artist: 'Juana Pérez' },
      ...(gps ? { IFD3: { GPSLatitudeRef: 'S', GPSLatitude: '40/1 45/1 4368/100', GPSLongitudeRef: 'W', GPSLongitude: '71/1 38/1 4632/100' } } : {}),
    })
    .withXmp('<x:xmpmeta xmlns:x="adobe:ns:meta/"><rdf:RDF xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns#"/></x:xmpmeta>');
  return new Uint8Array(await imagen.toBuffer());
}

/** A PNG with a tEXt chunk (a comment with personal data) after its header. */
export async function pngConTexto(): Promise<Uint8Array> {
  const png = await sharp({ create: { width: 40, height: 30, channels: 3, background: '#3a8' } })
    .png()
    .toBuffer();
  const datos = Buffer.from('Comment\0Juana Perez, calle Falsa 123', 'latin1');
  const largo = Buffer.alloc(4);
  largo.writeUInt32BE(datos.length);
  const tipo = Buffer.from('tEXt', 'latin1');
  const { crc32 } = await import('node:zlib');
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(Buffer.concat([tipo, datos])) >>> 0);
  // After IHDR (8 bytes of signature + 25 of IHDR).
  return new Uint8Array(Buffer.concat([png.subarray(0, 33), largo, tipo, datos, crc, png.subarray(33)]));
}

/** The first bytes of an iPhone's HEIC (an ISO-BMFF `ftyp` box with the heic brand). */
const HEIC = new Uint8Array(Buffer.concat([Buffer.from([0, 0, 0, 0x18]), Buffer.from('ftypheic\0\0\0\0mif1heic', 'latin1'), Buffer.alloc(200)]));
const PDF = new Uint8Array(Buffer.from('%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n'));

const mensajeDe = async (promesa: Promise<unknown>) => {
  const error = await promesa.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(SubidaRechazadaError);
  return (error as Error).message;
};

describe('fotos de un reclamo', () => {
  it('sugiere el punto del GPS que escribió el teléfono', async () => {
    const punto = await leerGpsDeFoto(await fotoDeTelefono());
    expect(punto!.latitud).toBeCloseTo(-(40 + 45 / 60 + 43.68 / 3600), 6);
    expect(punto!.longitud).toBeCloseTo(-(71 + 38 / 60 + 46.32 / 3600), 6);
  });

  it('sin GPS, o lo que no es una foto, no sugiere nada (y no es un error)', async () => {
    expect(await leerGpsDeFoto(await fotoDeTelefono({ gps: false }))).toBeNull();
    expect(await leerGpsDeFoto(PDF)).toBeNull();
    expect(await leerGpsDeFoto(new Uint8Array())).toBeNull();
  });

  it('reescribe la foto sin ningún metadato: ni EXIF, ni GPS, ni XMP, ni IPTC', async () => {
    const foto = await fotoDeTelefono();
    const antes = await sharp(foto).metadata();
    expect(antes.exif).toBeDefined();
    expect(antes.xmp).toBeDefined();
    const { preparadas, sugerencia } = await prepararFotos([{ data: foto, nombreArchivo: 'IMG_0001.jpg' }]);
    expect(sugerencia).not.toBeNull();
    const p = preparadas[0]!;
    expect(p.tipo).toBe('jpeg');
    for (const variante of [p.original, p.web!, p.miniatura!]) {
      const m = await sharp(variante).metadata();
      expect(m.exif).toBeUndefined();
      expect(m.xmp).toBeUndefined();
      expect(m.iptc).toBeUndefined();
      expect(Buffer.from(variante).includes('iPhone')).toBe(false);
      expect(Buffer.from(variante).includes('Juana')).toBe(false);
    }
  });

  it('un PNG con un texto escondido se guarda sin el texto', async () => {
    const png = await pngConTexto();
    expect(Buffer.from(png).includes('Juana Perez')).toBe(true);
    expect((await sharp(png).metadata()).comments?.[0]?.text).toContain('Juana');
    const { preparadas } = await prepararFotos([{ data: png, nombreArchivo: 'captura.png' }]);
    for (const variante of [preparadas[0]!.original, preparadas[0]!.web!, preparadas[0]!.miniatura!]) {
      expect(Buffer.from(variante).includes('Juana')).toBe(false);
      expect((await sharp(variante).metadata()).comments).toBeUndefined();
    }
  });

  it('un PDF con nombre .jpg se rechaza por lo que es', async () => {
    const mensaje = await mensajeDe(comprobarFotos([{ data: PDF, nombreArchivo: 'foto.jpg' }]));
    expect(mensaje).toMatch(/^El archivo es un PDF, no una imagen PNG, .*JPEG.*WebP: elegí /);
  });

  it('HEIC del iPhone: un mensaje claro de qué hacer', async () => {
    expect(await mensajeDe(comprobarFotos([{ data: HEIC, nombreArchivo: 'IMG_0002.HEIC' }]))).toBe(MENSAJE_HEIC);
    expect(MENSAJE_HEIC).toMatch(/Más compatible/);
  });

  it('una cuarta foto no entra', async () => {
    const foto = { data: await fotoDeTelefono(), nombreArchivo: 'a.jpg' };
    expect(await mensajeDe(comprobarFotos([foto, foto, foto, foto]))).toBe(MENSAJE_DEMASIADAS);
    await expect(comprobarFotos([foto, foto, foto])).resolves.toBeUndefined();
  });

  it('una foto demasiado pesada se rechaza antes de leerla, y el mensaje dice cuál', async () => {
    const foto = { data: await fotoDeTelefono(), nombreArchivo: 'a.jpg' };
    const pesada = { data: new Uint8Array(2048).fill(0xff), nombreArchivo: 'b.jpg' };
    const mensaje = await mensajeDe(comprobarFotos([foto, pesada], 1024));
    expect(mensaje).toMatch(/^La foto 2: La foto supera los 1 KB permitidos/);
  });

  it('una imagen dañada se rechaza con un mensaje claro', async () => {
    const foto = await fotoDeTelefono();
    const cortada = foto.slice(0, 200);
    const mensaje = await mensajeDe(prepararFotos([{ data: cortada, nombreArchivo: 'rota.jpg' }]));
    expect(mensaje).toMatch(/dañada o incompleta/);
  });
});
