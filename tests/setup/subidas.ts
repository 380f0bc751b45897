import fs from 'node:fs';
import path from 'node:path';
import type { LightMyRequestResponse } from 'fastify';
import { TEST_SITE_URL, type TestApp } from './app.ts';

/**
 * Uploads for HTTP tests of the back-office's document pages (bulletins, accounting
 * statements, salary reports): a multipart form as a browser sends it, and the files a storage
 * folder holds, to check that a refused upload left nothing.
 */

/** A multipart body of `campos` and its content type, with its boundary. */
async function multipart(campos: [string, string | File][]): Promise<{ payload: Buffer; tipo: string }> {
  const form = new FormData();
  for (const [nombre, valor] of campos) form.append(nombre, valor);
  const respuesta = new Response(form);
  return { payload: Buffer.from(await respuesta.arrayBuffer()), tipo: respuesta.headers.get('content-type')! };
}

/** A multipart post of `campos` from this site, signed in (or anonymous with `null`). */
export async function subirFormulario(t: TestApp, url: string, sesion: string | null, campos: [string, string | File][]): Promise<LightMyRequestResponse> {
  const { payload, tipo } = await multipart(campos);
  return t.app.inject({
    method: 'POST',
    url,
    headers: { 'content-type': tipo, origin: TEST_SITE_URL, ...(sesion ? { cookie: `__Host-vla_sesion=${sesion}` } : {}) },
    payload,
  });
}

/** Every file under a folder. */
export const archivosEn = (raiz: string): string[] =>
  fs.existsSync(raiz) ? (fs.readdirSync(raiz, { recursive: true }) as string[]).filter((f) => fs.statSync(path.join(raiz, f)).isFile()).sort() : [];
