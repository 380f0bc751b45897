// Files on object storage over HTTP (item 4; docs/decisions/016-almacenamiento-s3.md):
// the built app on S3_* settings pointing at a real S3-protocol server (s3rver) on loopback. An
// upload through the desk's page and one through storeDocumento land in the bucket, the public
// download serves them with the site's ETag, name and ranges, the outbox mails the decree read from
// the bucket, the local folder stays empty; with
// the server stopped, downloads and readiness answer 503 with Retry-After and uploads store nothing.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { generarPdf } from '#db/factories/pdf.ts';
import { documentos, solicitudesDecreto } from '#db/schema/index.ts';
import { storeDocumento } from '#domain/documentos/commands.ts';
import { MENSAJE_SIN_ALMACENAMIENTO } from '#server/documentos.ts';
import { DEMO_USUARIOS } from '#server/demo/usuarios.ts';
import { createSolicitud } from '#tests/factories/mesa.ts';
import { TEST_SITE_URL, type TestApp, createTestApp } from '#tests/setup/app.ts';
import { engines } from '#tests/setup/database.ts';
import { type ServidorS3, iniciarS3 } from '#tests/setup/s3.ts';
import { type ServidorSmtp, iniciarSmtp } from '#tests/setup/smtp.ts';
import { waitFor } from '#tests/setup/proceso.ts';

const MESA = DEMO_USUARIOS.find((u) => u.rol === 'mesa-de-entradas')!;
const FORM = { 'content-type': 'application/x-www-form-urlencoded', origin: TEST_SITE_URL };

/** Every file under a folder, relative to it (s3rver keeps each object as files of its own). */
function archivosBajo(dir: string): string[] {
  if (!fs.existsSync(dir)) return [];
  return (fs.readdirSync(dir, { recursive: true }) as string[]).filter((f) => fs.statSync(path.join(dir, f)).isFile());
}

async function multipart(campos: [string, string | File][]): Promise<{ payload: Buffer; tipo: string }> {
  const form = new FormData();
  for (const [nombre, valor] of campos) form.append(nombre, valor);
  const respuesta = new Response(form);
  return { payload: Buffer.from(await respuesta.arrayBuffer()), tipo: respuesta.headers.get('content-type')! };
}

describe.each(engines)('archivos en S3 por HTTP (%s)', (engine) => {
  let s3: ServidorS3;
  let smtp: ServidorSmtp;
  let t: TestApp;
  let dataDir: string;
  let cookie = '';

  beforeAll(async () => {
    s3 = await iniciarS3();
    smtp = await iniciarSmtp();
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'vla-datos-s3-'));
    t = await createTestApp(engine, {
      env: { ...s3.env(), DATA_DIR: dataDir, S3_TIMEOUT_MS: '1000', SMTP_URL: `smtp://127.0.0.1:${smtp.puerto}` },
      storageFromConfig: true,
    });
    const res = await t.app.inject({
      method: 'POST',
      url: '/login',
      headers: FORM,
      payload: new URLSearchParams({ paso: 'clave', email: MESA.email, clave: MESA.clave }).toString(),
      remoteAddress: '10.91.0.1',
    });
    expect(res.statusCode, res.body.slice(0, 300)).toBe(302);
    cookie = ([] as string[])
      .concat(res.headers['set-cookie'] ?? [])
      .find((c) => c.startsWith('__Host-vla_sesion='))!
      .split(';')[0]!;
  });
  afterAll(async () => {
    await t?.close();
    await s3?.cerrar();
    await smtp?.cerrar();
    if (dataDir) fs.rmSync(dataDir, { recursive: true, force: true });
  });

  const subirDecreto = async (codigo: string, pdf: Uint8Array, nombre: string) => {
    const { payload, tipo } = await multipart([
      ['intent', 'enviar'],
      ['archivo', new File([new Uint8Array(pdf)], nombre, { type: 'application/pdf' })],
      ['mensajeEnvio', 'Le enviamos la copia pedida.'],
    ]);
    const vista = await t.app.inject({
      method: 'POST',
      url: `/admin/solicitudes/${codigo}`,
      headers: { 'content-type': tipo, origin: TEST_SITE_URL, cookie },
      payload,
    });
    // The preview, then its confirmation (docs/decisions/052-confirmar-antes-de-escribir.md).
    const confirmacion = /name="confirmacion" value="([^"]+)"/.exec(vista.body)?.[1];
    if (vista.statusCode !== 200 || !confirmacion) return vista;
    return t.app.inject({
      method: 'POST',
      url: `/admin/solicitudes/${codigo}`,
      headers: { ...FORM, cookie },
      payload: new URLSearchParams({ intent: 'confirmar-envio', confirmacion }).toString(),
    });
  };
  const enProceso = async () => {
    const s = await createSolicitud(t.context, { nombre: 'Lía Almacenada' });
    const res = await t.app.inject({
      method: 'POST',
      url: `/admin/solicitudes/${s.codigo}`,
      headers: { ...FORM, cookie },
      payload: new URLSearchParams({ intent: 'en-proceso' }).toString(),
    });
    expect(res.statusCode).toBe(303);
    return s;
  };
  const cuantosDocumentos = async () => (await t.database.db.select({ n: count() }).from(documentos))[0]!.n;

  it('el decreto que sube la mesa de entradas queda en el bucket y no en la carpeta local', async () => {
    const s = await enProceso();
    const pdf = await generarPdf({
      titulo: 'Decreto 412/2026 guardado en el almacenamiento de objetos',
      parrafos: ['Decreto 412/2026 guardado en el almacenamiento de objetos'],
    });
    const res = await subirDecreto(s.codigo, pdf, 'Decreto 412-2026.pdf');
    expect(res.statusCode, res.body.slice(0, 300)).toBe(303);
    const [solicitud] = await t.database.db.select().from(solicitudesDecreto).where(eq(solicitudesDecreto.codigo, s.codigo));
    expect(solicitud?.estado).toBe('enviada');
    const [documento] = await t.database.db.select().from(documentos).where(eq(documentos.nombreArchivo, 'Decreto 412-2026.pdf'));
    expect(documento).toBeDefined();
    // s3rver keeps the object under the bucket's folder, by its key.
    expect(archivosBajo(path.join(s3.directorio, s3.bucket)).some((f) => f.startsWith(documento!.clave))).toBe(true);
    const leidos: Buffer[] = [];
    for await (const trozo of await t.storage.get(documento!.clave)) leidos.push(trozo as Buffer);
    expect(Buffer.concat(leidos)).toEqual(Buffer.from(pdf));
    expect(archivosBajo(dataDir)).toEqual([]);
    // The outbox reads the attachment from the bucket when it sends the mail.
    const base64 = Buffer.from(pdf).toString('base64');
    await waitFor(() => smtp.mensajes.some((m) => m.datos.replace(/\s+/g, '').includes(base64)), 'el correo con el decreto adjunto', 20_000);
    expect(smtp.mensajes.find((m) => m.datos.replace(/\s+/g, '').includes(base64))?.datos).toContain('Decreto 412-2026.pdf');
  });

  it('la descarga pública sirve el archivo del bucket con el ETag, el nombre y los rangos de siempre', async () => {
    const pdf = await generarPdf({
      titulo: 'Ordenanza 2222/2026 sobre la costanera del lago Correntoso',
      parrafos: ['Ordenanza 2222/2026 sobre la costanera del lago Correntoso'],
    });
    const guardado = await storeDocumento(t.context, { data: pdf, nombreArchivo: 'Ordenanza Nº 2222 — año 2026.pdf' });
    const [fila] = await t.database.db.select().from(documentos).where(eq(documentos.id, guardado.id));
    const url = `/api/v1/documentos/${guardado.id}`;

    const entero = await t.app.inject({ url });
    expect(entero.statusCode).toBe(200);
    expect(entero.rawPayload).toEqual(Buffer.from(pdf));
    expect(entero.headers.etag).toBe(`"${fila!.sha256}"`);
    expect(entero.headers['content-type']).toBe('application/pdf');
    expect(entero.headers['content-length']).toBe(String(pdf.length));
    expect(entero.headers['content-disposition']).toBe(
      `inline; filename="Ordenanza Nº 2222 ? año 2026.pdf"; filename*=UTF-8''Ordenanza%20N%C2%BA%202222%20%E2%80%94%20a%C3%B1o%202026.pdf`,
    );

    const rango = await t.app.inject({ url, headers: { range: 'bytes=10-109' } });
    expect(rango.statusCode).toBe(206);
    expect(rango.headers['content-range']).toBe(`bytes 10-109/${pdf.length}`);
    expect(rango.rawPayload).toEqual(Buffer.from(pdf.subarray(10, 110)));
    const primero = await t.app.inject({ url, headers: { range: 'bytes=0-0' } });
    expect(primero.statusCode).toBe(206);
    expect(primero.rawPayload).toEqual(Buffer.from(pdf.subarray(0, 1)));
    const final = await t.app.inject({ url, headers: { range: 'bytes=-20' } });
    expect(final.statusCode).toBe(206);
    expect(final.rawPayload).toEqual(Buffer.from(pdf.subarray(pdf.length - 20)));

    expect((await t.app.inject({ url, headers: { 'if-none-match': entero.headers.etag as string } })).statusCode).toBe(304);
    expect((await t.app.inject({ url, headers: { range: `bytes=${pdf.length + 5}-` } })).statusCode).toBe(416);
    expect(archivosBajo(dataDir)).toEqual([]);

    const listo = await t.app.inject({ url: '/health/ready' });
    expect(listo.statusCode).toBe(200);
    expect(listo.json()).toMatchObject({ status: 'ok', database: engine, almacenamiento: 's3', espacio: 'ok' });
  });

  it('un documento cuyo archivo falta en el bucket responde 404, como con la carpeta local', async () => {
    const guardado = await storeDocumento(t.context, {
      data: await generarPdf({ titulo: 'Se borra del bucket', parrafos: ['Se borra del bucket'] }),
      nombreArchivo: 'borrado.pdf',
    });
    const [fila] = await t.database.db.select().from(documentos).where(eq(documentos.id, guardado.id));
    await t.storage.delete(fila!.clave);
    const res = await t.app.inject({ url: `/api/v1/documentos/${guardado.id}` });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ error: 'El archivo del documento no está disponible.' });
  });

  it('con el servidor S3 detenido: la descarga y /health/ready responden 503 con Retry-After, una subida no guarda nada; al volver, todo sigue', async () => {
    const pdf = await generarPdf({ titulo: 'Decreto disponible otra vez', parrafos: ['Decreto disponible otra vez'] });
    const guardado = await storeDocumento(t.context, { data: pdf, nombreArchivo: 'vuelve.pdf' });
    const url = `/api/v1/documentos/${guardado.id}`;
    const s = await enProceso();
    await s3.detener();
    try {
      const res = await t.app.inject({ url });
      expect(res.statusCode).toBe(503);
      expect(res.headers['retry-after']).toBe('30');
      expect(res.headers['cache-control']).toBe('no-store');
      expect(res.headers.etag).toBeUndefined();
      expect(res.json()).toMatchObject({ error: MENSAJE_SIN_ALMACENAMIENTO });
      expect(res.body).not.toMatch(/ECONNREFUSED|S3|aws|127\.0\.0\.1/i);

      const listo = await t.app.inject({ url: '/health/ready' });
      expect(listo.statusCode).toBe(503);
      expect(listo.headers['retry-after']).toBe('30');
      expect(listo.json()).toEqual({ status: 'almacenamiento inaccesible', database: engine, almacenamiento: 's3' });

      // The desk's upload: a 503 page, never a 500; no document row, the request still in process.
      const antes = await cuantosDocumentos();
      const subida = await subirDecreto(
        s.codigo,
        await generarPdf({ titulo: 'No llega al bucket', parrafos: ['No llega al bucket'] }),
        'Decreto sin bucket.pdf',
      );
      expect(subida.statusCode).toBe(503);
      expect(subida.body).not.toMatch(/ECONNREFUSED|aws-sdk|127\.0\.0\.1/i);
      expect(await cuantosDocumentos()).toBe(antes);
      const [solicitud] = await t.database.db.select().from(solicitudesDecreto).where(eq(solicitudesDecreto.codigo, s.codigo));
      expect(solicitud?.estado).toBe('en_proceso');
    } finally {
      await s3.iniciar();
    }
    const otraVez = await t.app.inject({ url });
    expect(otraVez.statusCode).toBe(200);
    expect(otraVez.rawPayload).toEqual(Buffer.from(pdf));
    expect((await t.app.inject({ url: '/health/ready' })).statusCode).toBe(200);
    expect(archivosBajo(dataDir)).toEqual([]);
  });
});

describe.each(engines)('archivos en la carpeta local por HTTP (%s)', (engine) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(engine, { seed: false });
  });
  afterAll(() => t?.close());

  it('sin S3_BUCKET los archivos van a la carpeta; un archivo que falta responde 404 en JSON, sin las cabeceras del archivo', async () => {
    const pdf = await generarPdf({ titulo: 'En la carpeta local', parrafos: ['En la carpeta local'] });
    const guardado = await storeDocumento(t.context, { data: pdf, nombreArchivo: 'local.pdf' });
    const [fila] = await t.database.db.select().from(documentos).where(eq(documentos.id, guardado.id));
    expect(fs.existsSync(path.join(t.storage.root, fila!.clave))).toBe(true);
    expect((await t.app.inject({ url: '/health/ready' })).json()).toMatchObject({ status: 'ok', database: engine, almacenamiento: 'local', espacio: 'ok' });
    fs.rmSync(path.join(t.storage.root, fila!.clave));
    const res = await t.app.inject({ url: `/api/v1/documentos/${guardado.id}` });
    expect(res.statusCode).toBe(404);
    expect(res.headers['content-type']).toBe('application/json; charset=utf-8');
    expect(res.headers.etag).toBeUndefined();
    expect(res.headers['content-disposition']).toBeUndefined();
    expect(res.json()).toEqual({ error: 'El archivo del documento no está disponible.' });
  });
});
