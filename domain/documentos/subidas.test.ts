// The upload pipeline (docs/decisions/017-subidas.md) on a real database and a real
// storage folder, with real sharp on generated images: kinds by content, EXIF out, the web size and
// the thumbnail, and nothing left behind when anything fails.
import fs from 'node:fs';
import path from 'node:path';
import { count, eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '#db/client.ts';
import { generarPng } from '#db/factories/imagen.ts';
import { generarPdf } from '#db/factories/pdf.ts';
import { documentos } from '#db/schema/index.ts';
import { createTestDatabase, engines } from '#tests/setup/database.ts';
import { createTestStorage } from '#tests/setup/storage.ts';
import { SubidaRechazadaError, TIPOS_IMAGEN, saveSubida, reconocerTipo } from './subidas.ts';

/** Every file under a folder, as paths relative to it. */
function archivos(raiz: string): string[] {
  return fs.existsSync(raiz) ? (fs.readdirSync(raiz, { recursive: true }) as string[]).filter((f) => fs.statSync(path.join(raiz, f)).isFile()) : [];
}

/** A Windows program's first bytes: the MZ header and a PE signature where the header says. */
function ejecutable(): Uint8Array {
  const b = new Uint8Array(1024);
  b.set([0x4d, 0x5a]);
  b[0x3c] = 0x80;
  b.set([0x50, 0x45, 0x00, 0x00], 0x80);
  return b;
}

const paisaje = (ancho: number, alto: number) => generarPng({ ancho, alto, cielo: [120, 170, 230], montana: [60, 90, 60], lago: [30, 80, 160], semilla: 3 });

describe.each(engines)('subidas (%s)', (engine) => {
  let database: Database;
  const storage = createTestStorage();
  const ctx = () => ({ db: database.db, storage });
  const cuantos = async () => (await database.db.select({ n: count() }).from(documentos))[0]!.n;
  beforeAll(async () => {
    database = await createTestDatabase(engine);
  });
  afterAll(async () => {
    await database.close();
    storage.remove();
  });

  it('un PDF: reconocido por el contenido, con su texto y el nombre original para la descarga', async () => {
    const data = await generarPdf({ titulo: 'BOLETÍN OFICIAL N° 12', parrafos: ['Ordenanza sobre los arrayanes.'] });
    const doc = await saveSubida(ctx(), { data, nombreArchivo: 'C:\\Escaneos\\Boletín 12 "final".PDF' }, { tipos: ['pdf'] }, async (_tx, d) => d);
    expect(doc.tipoContenido).toBe('application/pdf');
    expect(doc.nombreArchivo).toBe('Boletín 12 final.pdf');
    expect(doc.texto).toContain('arrayanes');
    expect(doc.claveWeb).toBeNull();
    expect(fs.readFileSync(path.join(storage.root, doc.clave)).equals(Buffer.from(data))).toBe(true);
  });

  it('un .exe o una página HTML llamados .pdf se rechazan diciendo qué son, y no queda nada guardado', async () => {
    const antes = { filas: await cuantos(), archivos: archivos(storage.root).length };
    const html = new TextEncoder().encode('<!DOCTYPE html><html><body><script>alert(1)</script></body></html>');
    const casos: [Uint8Array, RegExp][] = [
      [ejecutable(), /^El archivo es un programa ejecutable de Windows, no un PDF/],
      [html, /^El archivo es una página web \(HTML\), no un PDF/],
      [new TextEncoder().encode('hola, esto es texto'), /^El archivo es un archivo de texto, no un PDF/],
      [new Uint8Array(), /^El archivo está vacío/],
      [paisaje(40, 30), /^El archivo es una imagen PNG, no un PDF: elegí un PDF\.$/],
      [new TextEncoder().encode('%PDF-1.7 esto no es un PDF de verdad'), /dañado/],
    ];
    for (const [data, mensaje] of casos) {
      let trabajo = false;
      const intento = saveSubida(ctx(), { data, nombreArchivo: 'boletin.pdf' }, { tipos: ['pdf'] }, async () => {
        trabajo = true;
      });
      await expect(intento).rejects.toThrow(SubidaRechazadaError);
      await expect(intento).rejects.toThrow(mensaje);
      expect(trabajo).toBe(false);
    }
    // A field that takes images says which.
    await expect(reconocerTipo(ejecutable(), TIPOS_IMAGEN)).rejects.toThrow(
      'El archivo es un programa ejecutable de Windows, no una imagen PNG, una imagen JPEG o una imagen WebP',
    );
    // Larger than the limit: refused before anything is read.
    await expect(saveSubida(ctx(), { data: new Uint8Array(2048), nombreArchivo: 'x.pdf' }, { tipos: ['pdf'], maxBytes: 1024 }, async () => {})).rejects.toThrow(
      'El archivo supera los 1 KB permitidos',
    );
    expect(await cuantos()).toBe(antes.filas);
    expect(archivos(storage.root)).toHaveLength(antes.archivos);
  });

  it('una foto: girada por su EXIF, sin EXIF ni GPS, con tamaño web (1600 px, WebP) y miniatura (320 px, WebP)', async () => {
    // A 3000×2000 JPEG taken with the camera turned (orientation 6: shown rotated 90°), with EXIF.
    const foto = await sharp(paisaje(3000, 2000))
      .jpeg()
      .withExif({ IFD0: { Make: 'Camara de prueba', Artist: 'Fotógrafa municipal' }, IFD3: { GPSLatitudeRef: 'S', GPSLatitude: '40/1 45/1 0/1' } })
      .withMetadata({ orientation: 6 })
      .toBuffer();
    const enviada = await sharp(foto).metadata();
    expect(enviada.exif).toBeDefined();
    expect(enviada.orientation).toBe(6);

    const doc = await saveSubida(ctx(), { data: new Uint8Array(foto), nombreArchivo: 'IMG_0001.jpeg' }, { tipos: TIPOS_IMAGEN }, async (_tx, d) => d);
    expect(doc.tipoContenido).toBe('image/jpeg');
    expect(doc.nombreArchivo).toBe('IMG_0001.jpg');
    const leer = (clave: string | null) => sharp(fs.readFileSync(path.join(storage.root, clave!))).metadata();
    const original = await leer(doc.clave);
    expect(original.exif).toBeUndefined();
    expect(original.xmp).toBeUndefined();
    expect(original.orientation).toBeUndefined();
    // Turned: now standing, 2000 wide and 3000 tall.
    expect([original.width, original.height]).toEqual([2000, 3000]);
    const web = await leer(doc.claveWeb);
    expect(web.format).toBe('webp');
    expect(web.width).toBe(1600);
    expect(web.exif).toBeUndefined();
    const miniatura = await leer(doc.claveMiniatura);
    expect(miniatura.format).toBe('webp');
    expect(miniatura.width).toBe(320);
    const [fila] = await database.db.select().from(documentos).where(eq(documentos.id, doc.id));
    expect(fila).toMatchObject({ claveWeb: doc.claveWeb, claveMiniatura: doc.claveMiniatura, tamano: fs.statSync(path.join(storage.root, doc.clave)).size });
  });

  it('una imagen chica no se agranda; una imagen dañada se rechaza', async () => {
    const doc = await saveSubida(ctx(), { data: paisaje(200, 100), nombreArchivo: 'logo.png' }, { tipos: TIPOS_IMAGEN }, async (_tx, d) => d);
    expect((await sharp(fs.readFileSync(path.join(storage.root, doc.claveWeb!))).metadata()).width).toBe(200);
    const rota = paisaje(200, 100).slice(0, 60);
    await expect(saveSubida(ctx(), { data: rota, nombreArchivo: 'logo.png' }, { tipos: TIPOS_IMAGEN }, async () => {})).rejects.toThrow(/dañada/);
  });

  it('si la transacción falla después de guardar los archivos, se borran y la fila no queda', async () => {
    const antes = { filas: await cuantos(), archivos: archivos(storage.root) };
    const data = await sharp(paisaje(800, 600)).webp().toBuffer();
    let claves: (string | null)[] = [];
    await expect(
      saveSubida(ctx(), { data: new Uint8Array(data), nombreArchivo: 'galeria.webp' }, { tipos: TIPOS_IMAGEN }, async (tx, d) => {
        claves = [d.clave, d.claveWeb, d.claveMiniatura];
        // The three files are there while the transaction runs, and the row is visible inside it.
        for (const clave of claves) expect(fs.existsSync(path.join(storage.root, clave!))).toBe(true);
        expect((await tx.select({ n: count() }).from(documentos))[0]!.n).toBe(antes.filas + 1);
        throw new Error('el número ya existe');
      }),
    ).rejects.toThrow('el número ya existe');
    expect(claves).toHaveLength(3);
    for (const clave of claves) expect(fs.existsSync(path.join(storage.root, clave!))).toBe(false);
    expect(await cuantos()).toBe(antes.filas);
    expect(archivos(storage.root).sort()).toEqual(antes.archivos.sort());
  });
});
