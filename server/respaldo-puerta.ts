// The running embedded site's door for backups (docs/decisions/031-respaldos.md). PGlite's folder
// belongs to the one process that opened it, so that process takes the snapshot when asked. The
// door is a unix socket inside DATA_DIR, readable by the site's user only, like the data itself.
import fs from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import type { Database } from '#db/client.ts';
import type { AppContext } from '#domain/shared/context.ts';
import { SOCKET_RESPALDO, avisarAdministradores, instantaneaPglite } from './respaldo.ts';

const AVISO_MAX_BYTES = 64 * 1024;

export async function abrirPuertaDeRespaldo(dataDir: string, partes: { database: Database; context: AppContext }): Promise<() => Promise<void>> {
  const socketPath = path.join(dataDir, SOCKET_RESPALDO);
  // One left by a process that died: this one holds the folder's lock now.
  fs.rmSync(socketPath, { force: true });
  const servidor = http.createServer((pedido, respuesta) => {
    const fallar = (error: unknown) => {
      partes.context.log.error({ err: error instanceof Error ? error.message : String(error) }, 'respaldo: el pedido por el socket falló');
      if (!respuesta.headersSent) respuesta.writeHead(500, { 'content-type': 'text/plain; charset=utf-8' });
      respuesta.end(error instanceof Error ? error.message : 'error');
    };
    if (pedido.method === 'GET' && pedido.url === '/instantanea') {
      instantaneaPglite(partes.database)
        .then(async ({ datos, ...estado }) => {
          const bytes = Buffer.from(await datos.arrayBuffer());
          respuesta.writeHead(200, {
            'content-type': 'application/x-tar',
            'content-length': bytes.length,
            'x-estado': Buffer.from(JSON.stringify(estado)).toString('base64'),
          });
          respuesta.end(bytes);
        })
        .catch(fallar);
      return;
    }
    if (pedido.method === 'POST' && pedido.url === '/aviso') {
      const partesCuerpo: Buffer[] = [];
      let largo = 0;
      pedido.on('data', (parte: Buffer) => {
        largo += parte.length;
        if (largo <= AVISO_MAX_BYTES) partesCuerpo.push(parte);
      });
      pedido.on('end', () => {
        Promise.resolve()
          .then(async () => {
            if (largo > AVISO_MAX_BYTES) throw new Error('aviso demasiado largo');
            const aviso = JSON.parse(Buffer.concat(partesCuerpo).toString('utf8')) as { asunto: unknown; texto: unknown };
            if (typeof aviso.asunto !== 'string' || typeof aviso.texto !== 'string') throw new Error('aviso sin asunto o texto');
            const avisados = await avisarAdministradores(partes.context.db, partes.context.cipher, { asunto: aviso.asunto, texto: aviso.texto });
            partes.context.mailer.wake();
            respuesta.writeHead(200, { 'content-type': 'application/json' });
            respuesta.end(JSON.stringify({ avisados }));
          })
          .catch(fallar);
      });
      return;
    }
    respuesta.writeHead(404).end();
  });
  await new Promise<void>((resolve, reject) => {
    servidor.once('error', reject);
    servidor.listen(socketPath, () => resolve());
  });
  fs.chmodSync(socketPath, 0o600);
  return () =>
    new Promise<void>((resolve) => {
      servidor.close(() => resolve());
      servidor.closeAllConnections();
    });
}
