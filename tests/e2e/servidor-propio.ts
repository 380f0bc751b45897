import { type ChildProcess, spawn } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';

/** A free port on 127.0.0.1, as the run's config finds its own. */
const puertoLibre = () =>
  new Promise<number>((resolve, reject) => {
    const s = net.createServer();
    s.once('error', reject);
    s.listen(0, '127.0.0.1', () => {
      const { port } = s.address() as net.AddressInfo;
      s.close(() => resolve(port));
    });
  });

export type ServidorPropio = { baseURL: string; cerrar(): Promise<void> };

/**
 * The built app on a port and a fresh embedded database of its own, for a test that changes a
 * setting the whole server applies (which roles must use a second factor): on the run's shared
 * server it would redirect the other specs' sign-ins meanwhile. Ready when /health/ready answers;
 * `cerrar` stops it and deletes its data.
 */
export async function iniciarServidorPropio(): Promise<ServidorPropio> {
  const port = await puertoLibre();
  const datos = fs.mkdtempSync(path.join(os.tmpdir(), 'vla-e2e-propio-'));
  const baseURL = `http://127.0.0.1:${port}`;
  const log = fs.openSync(path.join(datos, 'servidor.log'), 'a');
  const proceso: ChildProcess = spawn(process.execPath, ['server/index.ts'], {
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: path.join(datos, 'datos'),
      LOG_LEVEL: 'warn',
      SMTP_URL: `smtp://127.0.0.1:${process.env.E2E_SMTP_PORT}`,
      MAP_TILE_URL: 'http://teselas.e2e.invalid/{z}/{x}/{y}.png',
      TZ: 'America/Argentina/Buenos_Aires',
    },
    stdio: ['ignore', log, log],
  });
  const terminado = new Promise<void>((resolve) => proceso.once('exit', () => resolve()));
  const cerrar = async () => {
    if (proceso.exitCode === null) proceso.kill('SIGTERM');
    await terminado;
    fs.closeSync(log);
    fs.rmSync(datos, { recursive: true, force: true });
  };
  // Until it answers ready, or exits: the test's own timeout bounds the wait.
  for (;;) {
    if (proceso.exitCode !== null) {
      const salida = fs.readFileSync(path.join(datos, 'servidor.log'), 'utf8').slice(-2000);
      await cerrar();
      throw new Error(`El servidor propio terminó antes de estar listo:\n${salida}`);
    }
    const listo = await fetch(`${baseURL}/health/ready`).then(
      (r) => r.ok,
      () => false,
    );
    if (listo) return { baseURL, cerrar };
    await new Promise((r) => setTimeout(r, 250));
  }
}
