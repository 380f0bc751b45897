import type { Server } from 'node:http';
import type { Socket } from 'node:net';
import { addressKey } from '#domain/shared/addresses.ts';

const BODY = JSON.stringify({ error: 'Hay demasiadas conexiones abiertas desde tu dirección. Esperá unos segundos y probá de nuevo.' });
const TOO_MANY = [
  'HTTP/1.1 429 Too Many Requests',
  'Content-Type: application/json; charset=utf-8',
  `Content-Length: ${Buffer.byteLength(BODY)}`,
  'Retry-After: 10',
  'Cache-Control: no-store',
  'Connection: close',
  '',
  BODY,
].join('\r\n');

/**
 * At most `max` open connections per client address, counted at the socket (before any request is
 * parsed), so one address holding many slow connections cannot take the server's capacity. The
 * connection over the limit gets a 429 and is closed. Addresses are keyed as every per-address
 * limit is (domain/shared/addresses.ts): IPv6 clients count by their /64, the block a single
 * household or phone usually holds.
 *
 * Behind a proxy (TRUST_PROXY) the app passes 0 and there is no limit here: every socket comes from
 * the proxy, so all clients would share one count, and the real client is known only once its
 * X-Forwarded-For has been read. The proxy limits connections per client instead
 * (docs/architecture.md, "Dirección del cliente").
 */
export function limitConnectionsPerAddress(server: Server, max: number): void {
  if (max <= 0) return;
  const open = new Map<string, number>();
  server.on('connection', (socket: Socket) => {
    const key = addressKey(socket.remoteAddress ?? '');
    const count = (open.get(key) ?? 0) + 1;
    if (count > max) {
      socket.on('error', () => {});
      socket.write(TOO_MANY, () => socket.destroy());
      return;
    }
    open.set(key, count);
    socket.once('close', () => {
      const left = (open.get(key) ?? 1) - 1;
      if (left <= 0) open.delete(key);
      else open.set(key, left);
    });
  });
}
