// The storage contract (docs/decisions/016-almacenamiento-s3.md): one suite run against the local
// folder and against a real S3-protocol server (s3rver) on loopback, so both backends keep the same
// semantics; then what only object storage has (timeouts, the bucket check) and the S3_* settings.
import { createHash, randomBytes } from 'node:crypto';
import fs from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '#server/env.ts';
import { loadBuiltApp } from '#tests/setup/app.ts';
import { type ServidorS3, almacenamientoS3, iniciarMudo, iniciarS3 } from '#tests/setup/s3.ts';
import { createTestStorage } from '#tests/setup/storage.ts';
import { createS3Storage } from './storage-s3.ts';
import { type Storage, StorageConfigError, StorageKeyError, StorageNotFoundError, StorageUnavailableError, checkStorageKey } from './storage.ts';

async function leer(stream: NodeJS.ReadableStream): Promise<Buffer> {
  const trozos: Buffer[] = [];
  for await (const trozo of stream) trozos.push(typeof trozo === 'string' ? Buffer.from(trozo) : trozo);
  return Buffer.concat(trozos);
}

const bytes = (texto: string) => new TextEncoder().encode(texto);

type Backend = { storage: Storage; cerrar(): Promise<void> };

const backends: [string, () => Promise<Backend>][] = [
  [
    'carpeta local',
    async () => {
      const storage = createTestStorage();
      return { storage, cerrar: async () => storage.remove() };
    },
  ],
  [
    'S3 (s3rver)',
    async () => {
      const servidor = await iniciarS3();
      const storage = almacenamientoS3(servidor);
      return {
        storage,
        cerrar: async () => {
          storage.close();
          await servidor.cerrar();
        },
      };
    },
  ],
];

describe('reglas de las claves (las mismas para los dos almacenamientos)', () => {
  it.each(['2026/4b9c1f0e-1d2a-4c3b-9f8e-7a6b5c4d3e2f.pdf', 'a', 'miniaturas/2026/x_web-1.webp', 'A-Z_0.9'])('acepta %s', (clave) => {
    expect(() => checkStorageKey(clave)).not.toThrow();
  });

  it.each([
    '',
    '../fuera.pdf',
    'a/../../fuera.pdf',
    '/absoluta.pdf',
    'a//b.pdf',
    'a/./b.pdf',
    'carpeta/',
    '.oculto',
    'a/.oculto',
    'con espacio.pdf',
    'barra\\invertida.pdf',
    'ñandú.pdf',
    'decreto–123.pdf',
    'nulo\u0000.pdf',
    'x'.repeat(513),
  ])('rechaza %j', (clave) => {
    expect(() => checkStorageKey(clave)).toThrow(StorageKeyError);
  });
});

describe.each(backends)('contrato del almacenamiento: %s', (_nombre, crear) => {
  let backend: Backend;
  let storage: Storage;
  beforeAll(async () => {
    backend = await crear();
    storage = backend.storage;
  });
  afterAll(() => backend?.cerrar());

  it('guarda y devuelve los mismos bytes', async () => {
    const datos = bytes('%PDF-1.4 ordenanza 1234 — año 2026, reglamentación de la costanera');
    await storage.put('2026/guardar.pdf', datos);
    expect(await leer(await storage.get('2026/guardar.pdf'))).toEqual(Buffer.from(datos));
  });

  it('devuelve rangos exactos de bytes (inclusivos), al principio, en el medio y al final', async () => {
    const datos = Buffer.from(Array.from({ length: 1000 }, (_v, i) => i % 251));
    await storage.put('2026/rangos.bin', datos);
    expect(await leer(await storage.get('2026/rangos.bin', { start: 0, end: 0 }))).toEqual(datos.subarray(0, 1));
    expect(await leer(await storage.get('2026/rangos.bin', { start: 0, end: 99 }))).toEqual(datos.subarray(0, 100));
    expect(await leer(await storage.get('2026/rangos.bin', { start: 250, end: 749 }))).toEqual(datos.subarray(250, 750));
    expect(await leer(await storage.get('2026/rangos.bin', { start: 999, end: 999 }))).toEqual(datos.subarray(999));
    expect(await leer(await storage.get('2026/rangos.bin', { start: 900, end: 999 }))).toEqual(datos.subarray(900));
  });

  it('reemplaza un archivo escrito otra vez con la misma clave', async () => {
    await storage.put('2026/reemplazo.pdf', bytes('primera versión, más larga que la segunda'));
    await storage.put('2026/reemplazo.pdf', bytes('segunda'));
    expect((await leer(await storage.get('2026/reemplazo.pdf'))).toString()).toBe('segunda');
  });

  it('una clave que no existe es StorageNotFoundError, también con un rango', async () => {
    await expect(storage.get('2026/no-existe.pdf')).rejects.toBeInstanceOf(StorageNotFoundError);
    await expect(storage.get('otra/carpeta/no-existe.pdf', { start: 0, end: 10 })).rejects.toBeInstanceOf(StorageNotFoundError);
  });

  it('borra: después la clave no existe; borrar lo que no existe no es un error', async () => {
    await storage.put('2026/borrar.pdf', bytes('para borrar'));
    await storage.delete('2026/borrar.pdf');
    await expect(storage.get('2026/borrar.pdf')).rejects.toBeInstanceOf(StorageNotFoundError);
    await expect(storage.delete('2026/borrar.pdf')).resolves.toBeUndefined();
    await expect(storage.delete('nunca/existio.pdf')).resolves.toBeUndefined();
  });

  it('un archivo grande (12 MB) vuelve entero y con un rango en el medio', async () => {
    const datos = randomBytes(12 * 1024 * 1024);
    await storage.put('2026/grande.bin', datos);
    const leido = await leer(await storage.get('2026/grande.bin'));
    expect(leido.length).toBe(datos.length);
    expect(createHash('sha256').update(leido).digest('hex')).toBe(createHash('sha256').update(datos).digest('hex'));
    const medio = { start: 5 * 1024 * 1024 + 17, end: 7 * 1024 * 1024 + 3 };
    expect(await leer(await storage.get('2026/grande.bin', medio))).toEqual(datos.subarray(medio.start, medio.end + 1));
  });

  it('los nombres con acentos u otros caracteres no son claves: se rechazan igual en los dos, sin escribir nada', async () => {
    for (const clave of ['2026/ñandú.pdf', '2026/decreto nº 5.pdf', '../fuera.pdf', '/2026/absoluta.pdf', '2026//doble.pdf']) {
      await expect(storage.put(clave, bytes('x'))).rejects.toBeInstanceOf(StorageKeyError);
      await expect(storage.get(clave)).rejects.toBeInstanceOf(StorageKeyError);
      await expect(storage.delete(clave)).rejects.toBeInstanceOf(StorageKeyError);
    }
    await expect(storage.get('2026/nandu.pdf')).rejects.toBeInstanceOf(StorageNotFoundError);
  });

  it('el contenido en UTF-8 (un texto con acentos y emojis) vuelve byte por byte', async () => {
    const datos = bytes('Villa La Angostura — ñandú, pingüino, 🏔️ «Nahuel Huapi»');
    await storage.put('2026/utf8.txt', datos);
    expect(await leer(await storage.get('2026/utf8.txt'))).toEqual(Buffer.from(datos));
  });
});

describe('almacenamiento S3: lo que sólo tiene el almacenamiento de objetos', () => {
  let servidor: ServidorS3;
  beforeAll(async () => {
    servidor = await iniciarS3();
  });
  afterAll(() => servidor?.cerrar());

  it('un servidor que acepta la conexión y nunca responde es StorageUnavailableError dentro del plazo', async () => {
    const mudo = await iniciarMudo();
    const storage = createS3Storage({ ...servidor.settings(400), endpoint: mudo.endpoint });
    try {
      for (const operacion of [
        () => storage.get('2026/x.pdf'),
        () => storage.put('2026/x.pdf', bytes('x')),
        () => storage.delete('2026/x.pdf'),
        () => storage.check(),
      ]) {
        const inicio = performance.now();
        const error = await operacion().then(
          () => undefined,
          (e: unknown) => e,
        );
        const demora = performance.now() - inicio;
        expect(error).toBeInstanceOf(StorageUnavailableError);
        expect((error as Error).message).toMatch(/^el almacenamiento de archivos no responde \(sin respuesta en \d+ ms\)$/);
        // The put gets a second more per megabyte begun; the retry stays inside the same deadline.
        expect(demora).toBeLessThan(2_500);
      }
    } finally {
      storage.close();
      await mudo.cerrar();
    }
  });

  it('cada subida manda Content-MD5 (el servidor rechaza un cuerpo que no coincide) y su tamaño', async () => {
    const mudo = await iniciarMudo();
    const storage = createS3Storage({ ...servidor.settings(300), endpoint: mudo.endpoint });
    const datos = bytes('contenido cuya suma se manda');
    try {
      await expect(storage.put('2026/suma.pdf', datos)).rejects.toBeInstanceOf(StorageUnavailableError);
      const pedido = mudo.recibido().toLowerCase();
      expect(pedido).toContain('put /vla-archivos/2026/suma.pdf');
      expect(pedido).toContain(`content-md5: ${createHash('md5').update(datos).digest('base64').toLowerCase()}`);
      expect(pedido).toContain(`content-length: ${datos.length}`);
    } finally {
      storage.close();
      await mudo.cerrar();
    }
  });

  it('un servidor detenido es StorageUnavailableError (con el código que db/errors.ts cuenta como 503); al volver, responde', async () => {
    const storage = almacenamientoS3(servidor, 2_000);
    try {
      await storage.put('2026/vuelve.pdf', bytes('antes de detenerlo'));
      await servidor.detener();
      const error = await storage.get('2026/vuelve.pdf').then(
        () => undefined,
        (e: unknown) => e,
      );
      expect(error).toBeInstanceOf(StorageUnavailableError);
      expect((error as StorageUnavailableError).code).toBe('STORAGE_UNAVAILABLE');
      const { isDatabaseUnavailable } = await import('./errors.ts');
      expect(isDatabaseUnavailable(error)).toBe(true);
      await expect(storage.check()).rejects.toBeInstanceOf(StorageUnavailableError);
      await servidor.iniciar();
      await expect(storage.check()).resolves.toBeUndefined();
      expect((await leer(await storage.get('2026/vuelve.pdf'))).toString()).toBe('antes de detenerlo');
    } finally {
      storage.close();
    }
  });

  it('check: un bucket que no existe o credenciales rechazadas son StorageConfigError que nombran la variable', async () => {
    const sinBucket = createS3Storage({ ...servidor.settings(), bucket: 'no-existe-este-bucket' });
    const malaClave = createS3Storage({ ...servidor.settings(), accessKeyId: 'OTRA', secretAccessKey: 'secreto-equivocado' });
    try {
      await expect(sinBucket.check()).rejects.toThrow(StorageConfigError);
      await expect(sinBucket.check()).rejects.toThrow(/^S3_BUCKET: el bucket «no-existe-este-bucket» no existe/);
      await expect(malaClave.check()).rejects.toThrow(/^S3_ACCESS_KEY_ID y S3_SECRET_ACCESS_KEY: el servidor de S3 rechazó las credenciales/);
      // At run time the same refusals are unavailability (503), never a 500 nor the SDK's text.
      const error = await sinBucket.get('2026/x.pdf').then(
        () => undefined,
        (e: unknown) => e,
      );
      expect(error).toBeInstanceOf(StorageUnavailableError);
      expect((error as Error).message).toBe('el almacenamiento de archivos no responde (NoSuchBucket, HTTP 404)');
    } finally {
      sinBucket.close();
      malaClave.close();
    }
  });

  it('al iniciar: una configuración rechazada detiene el arranque; un servidor inaccesible se anota sin secretos y sigue', async () => {
    const mod = await loadBuiltApp();
    const lineas: Record<string, unknown>[] = [];
    const anotar = (linea: Record<string, unknown>) => void lineas.push(linea);

    const sinBucket = mod.openStorage(mod.loadConfig({ ...servidor.env(), S3_BUCKET: 'no-existe-este-bucket' }));
    // The built module's own ConfigError class, which server/index.ts prints as its message alone.
    const rechazo = await mod.checkStorageAtStart(sinBucket, anotar).catch((e: unknown) => e);
    expect((rechazo as Error).constructor.name).toBe(ConfigError.name);
    await expect(mod.checkStorageAtStart(sinBucket, anotar)).rejects.toThrow(/^Configuración inválida:\n {2}S3_BUCKET: /);
    sinBucket.close?.();

    const bueno = mod.openStorage(mod.loadConfig(servidor.env()));
    await expect(mod.checkStorageAtStart(bueno, anotar)).resolves.toBe(true);
    bueno.close?.();

    const mudo = await iniciarMudo();
    const secreto = 'secreto-que-no-va-al-registro';
    const inaccesible = mod.openStorage(mod.loadConfig({ ...servidor.env(), S3_ENDPOINT: mudo.endpoint, S3_SECRET_ACCESS_KEY: secreto, S3_TIMEOUT_MS: '300' }));
    try {
      await expect(mod.checkStorageAtStart(inaccesible, anotar)).resolves.toBe(false);
    } finally {
      inaccesible.close?.();
      await mudo.cerrar();
    }
    expect(lineas).toHaveLength(1);
    expect(lineas[0]).toMatchObject({ level: 40, err: { type: 'StorageUnavailableError', code: 'STORAGE_UNAVAILABLE' } });
    expect(JSON.stringify(lineas)).not.toContain(secreto);
    expect(JSON.stringify(lineas)).not.toContain('S3RVER');

    // The local folder has nothing to check.
    const carpeta = createTestStorage();
    await expect(mod.checkStorageAtStart(carpeta, anotar)).resolves.toBe(true);
    carpeta.remove();
  });
});

describe('las variables S3_*', () => {
  const base = { S3_BUCKET: 'vla-archivos' };

  it('sin S3_BUCKET no hay almacenamiento de objetos', () => {
    expect(loadConfig({}).s3).toBeUndefined();
  });

  it('con S3_BUCKET: plazo de 10 s y estilo de ruta sólo con S3_ENDPOINT, salvo que se diga otra cosa', () => {
    expect(loadConfig(base).s3).toEqual({
      bucket: 'vla-archivos',
      region: 'us-east-1',
      endpoint: undefined,
      accessKeyId: undefined,
      secretAccessKey: undefined,
      forcePathStyle: false,
      timeoutMs: 10_000,
    });
    expect(loadConfig({ ...base, S3_ENDPOINT: 'http://minio:9000' }).s3?.forcePathStyle).toBe(true);
    expect(loadConfig({ ...base, S3_ENDPOINT: 'http://minio:9000', S3_FORCE_PATH_STYLE: 'false' }).s3?.forcePathStyle).toBe(false);
    expect(loadConfig({ ...base, S3_FORCE_PATH_STYLE: 'true', S3_TIMEOUT_MS: '2500', S3_REGION: 'sa-east-1' }).s3).toMatchObject({
      forcePathStyle: true,
      timeoutMs: 2_500,
      region: 'sa-east-1',
    });
  });

  it.each([
    [{ ...base, S3_ACCESS_KEY_ID: 'clave' }, /S3_ACCESS_KEY_ID y S3_SECRET_ACCESS_KEY: van las dos juntas/],
    [{ ...base, S3_SECRET_ACCESS_KEY: 'secreto' }, /S3_ACCESS_KEY_ID y S3_SECRET_ACCESS_KEY: van las dos juntas/],
    [{ S3_ENDPOINT: 'http://minio:9000' }, /S3_BUCKET: falta el nombre del bucket/],
    [{ S3_BUCKET: 'Mayúsculas_no' }, /S3_BUCKET: El nombre del bucket lleva de 3 a 63/],
    [{ ...base, S3_TIMEOUT_MS: 'pronto' }, /S3_TIMEOUT_MS/],
    [{ ...base, S3_FORCE_PATH_STYLE: 'quizás' }, /S3_FORCE_PATH_STYLE/],
    [{ ...base, S3_ENDPOINT: 'no es una dirección' }, /S3_ENDPOINT/],
  ])('rechaza %j con un mensaje que nombra la variable', (env, mensaje) => {
    expect(() => loadConfig(env)).toThrow(ConfigError);
    expect(() => loadConfig(env)).toThrow(mensaje);
  });

  it('la carpeta local no se crea al abrir el almacenamiento S3', async () => {
    const mod = await loadBuiltApp();
    const dir = fs.mkdtempSync(`${(await import('node:os')).tmpdir()}/vla-datos-`);
    try {
      const storage = mod.openStorage(mod.loadConfig({ ...base, DATA_DIR: dir }));
      storage.close?.();
      expect(fs.readdirSync(dir)).toEqual([]);
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});
