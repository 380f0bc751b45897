import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '#db/client.ts';
import { documentos } from '#db/schema/index.ts';
import { generarPng } from '#db/factories/imagen.ts';
import { generarPdf } from '#db/factories/pdf.ts';
import { createTestDatabase, engines } from '#tests/setup/database.ts';
import { createTestStorage } from '#tests/setup/storage.ts';
import { storeDocumento } from './commands.ts';
import { SubidaRechazadaError } from './subidas.ts';
import { getArchivoDocumento, getDocumento } from './queries.ts';

describe.each(engines)('documentos (%s)', (engine) => {
  let database: Database;
  const storage = createTestStorage();
  beforeAll(async () => {
    database = await createTestDatabase(engine);
  });
  afterAll(async () => {
    await database.close();
    storage.remove();
  });

  it('guarda un PDF, extrae su texto y lo reconoce por el contenido', async () => {
    const data = await generarPdf({ titulo: 'ORDENANZA N° 1/2020', parrafos: ['Protección de los arrayanes del bosque.'] });
    const guardado = await storeDocumento({ db: database.db, storage }, { data, nombreArchivo: '../../etc/passwd.txt' });
    expect(guardado.tipoContenido).toBe('application/pdf');
    expect(guardado.texto).toContain('Protección de los arrayanes del bosque.');
    const meta = await getDocumento(database.db, guardado.id);
    expect(meta?.nombreArchivo).toBe('passwd.pdf');
    expect(meta?.tamano).toBe(data.length);
    expect(fs.readFileSync(path.join(storage.root, meta!.clave)).equals(Buffer.from(data))).toBe(true);
  });

  it('rechaza lo que no es PDF ni imagen aunque se llame .pdf, sin guardar nada', async () => {
    const antes = (await database.db.select().from(documentos)).length;
    const html = new TextEncoder().encode('<html><script>alert(1)</script></html>');
    await expect(storeDocumento({ db: database.db, storage }, { data: html, nombreArchivo: 'ordenanza.pdf' })).rejects.toThrow(SubidaRechazadaError);
    await expect(storeDocumento({ db: database.db, storage }, { data: new Uint8Array(), nombreArchivo: 'x.pdf' })).rejects.toThrow('El archivo está vacío');
    const roto = new TextEncoder().encode('%PDF-1.7 esto no es un PDF de verdad');
    await expect(storeDocumento({ db: database.db, storage }, { data: roto, nombreArchivo: 'x.pdf' })).rejects.toThrow(/dañado/);
    expect((await database.db.select().from(documentos)).length).toBe(antes);
  });

  it('acepta imágenes PNG reconociéndolas por su contenido, con las copias del proceso de subidas', async () => {
    const png = generarPng({ ancho: 40, alto: 30, cielo: [120, 170, 220], montana: [70, 90, 80], lago: [40, 90, 140], semilla: 1 });
    const guardado = await storeDocumento({ db: database.db, storage }, { data: png, nombreArchivo: 'foto' });
    expect(guardado.tipoContenido).toBe('image/png');
    expect(guardado.claveMiniatura).not.toBeNull();
    expect((await getDocumento(database.db, guardado.id))?.nombreArchivo).toBe('foto.png');
  });

  it('lo reconoce el mismo código que las subidas del panel: un GIF ya no se acepta', async () => {
    const antes = (await database.db.select().from(documentos)).length;
    const gif = Buffer.from('474946383961010001000000002c00000000010001000002024401003b', 'hex');
    await expect(storeDocumento({ db: database.db, storage }, { data: gif, nombreArchivo: 'animada.gif' })).rejects.toThrow(/El archivo es una imagen GIF/);
    expect((await database.db.select().from(documentos)).length).toBe(antes);
  });

  it('un documento privado no sale por las descargas públicas, pero quien lo envía lo lee', async () => {
    const data = await generarPdf({ titulo: 'DECRETO N° 5/2026', parrafos: ['Copia para un vecino.'] });
    const guardado = await storeDocumento({ db: database.db, storage }, { data, nombreArchivo: 'decreto-5.pdf', publico: false });
    expect(guardado.nombreArchivo).toBe('decreto-5.pdf');
    expect(await getDocumento(database.db, guardado.id)).toBeUndefined();
    const archivo = await getArchivoDocumento(database.db, guardado.id);
    expect(archivo).toMatchObject({ id: guardado.id, nombreArchivo: 'decreto-5.pdf', tipoContenido: 'application/pdf' });
    expect(fs.readFileSync(path.join(storage.root, archivo!.clave)).equals(Buffer.from(data))).toBe(true);
    expect(await getArchivoDocumento(database.db, 0)).toBeUndefined();
  });
});
