// A real S3-protocol server (s3rver) on loopback, for the storage contract and the HTTP tests
// (docs/decisions/016-almacenamiento-s3.md), and a server that accepts and never answers.
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import S3rver from 's3rver';
import { type S3Settings, createS3Storage } from '#db/storage-s3.ts';
import { puertoLibre } from './smtp.ts';

/** s3rver's own fixed credentials. */
const CREDENCIALES = { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' };

export type ServidorS3 = {
  endpoint: string;
  bucket: string;
  /** Where s3rver keeps the bucket's files. */
  directorio: string;
  /** The settings of a client of this server (S3_TIMEOUT_MS: `timeoutMs`). */
  settings(timeoutMs?: number): S3Settings;
  /** The S3_* variables of an app on this server. */
  env(): Record<string, string>;
  /** Stops the server (the port stays assigned to it: `iniciar()` opens it again). */
  detener(): Promise<void>;
  iniciar(): Promise<void>;
  /** Stops it and removes its folder. */
  cerrar(): Promise<void>;
};

export async function iniciarS3(bucket = 'vla-archivos'): Promise<ServidorS3> {
  const directorio = fs.mkdtempSync(path.join(os.tmpdir(), 'vla-s3-'));
  const port = await puertoLibre();
  let servidor: S3rver | undefined;
  const iniciar = async () => {
    servidor = new S3rver({ address: '127.0.0.1', port, silent: true, directory: directorio, configureBuckets: [{ name: bucket }] });
    await servidor.run();
  };
  const detener = async () => {
    await servidor?.close();
    servidor = undefined;
  };
  await iniciar();
  const endpoint = `http://127.0.0.1:${port}`;
  return {
    endpoint,
    bucket,
    directorio,
    settings: (timeoutMs = 5_000) => ({ endpoint, bucket, region: 'us-east-1', ...CREDENCIALES, forcePathStyle: true, timeoutMs }),
    env: () => ({ S3_ENDPOINT: endpoint, S3_BUCKET: bucket, S3_ACCESS_KEY_ID: CREDENCIALES.accessKeyId, S3_SECRET_ACCESS_KEY: CREDENCIALES.secretAccessKey }),
    detener,
    iniciar,
    cerrar: async () => {
      await detener();
      fs.rmSync(directorio, { recursive: true, force: true });
    },
  };
}

/** An S3 storage on a test server, closed with the server's `cerrar`. */
export function almacenamientoS3(servidor: ServidorS3, timeoutMs?: number): ReturnType<typeof createS3Storage> {
  return createS3Storage(servidor.settings(timeoutMs));
}

/** A TCP server that accepts connections and never answers (a frozen store); `recibido()`: the bytes it got. */
export async function iniciarMudo(): Promise<{ endpoint: string; recibido(): string; cerrar(): Promise<void> }> {
  const sockets = new Set<net.Socket>();
  let recibido = '';
  const server = net.createServer((socket) => {
    sockets.add(socket);
    socket.on('data', (trozo: Buffer) => (recibido += trozo.toString('latin1')));
    socket.on('error', () => {});
    socket.on('close', () => sockets.delete(socket));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as net.AddressInfo;
  return {
    endpoint: `http://127.0.0.1:${port}`,
    recibido: () => recibido,
    cerrar: () =>
      new Promise<void>((resolve) => {
        for (const socket of sockets) socket.destroy();
        server.close(() => resolve());
      }),
  };
}
