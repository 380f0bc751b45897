import net from 'node:net';

/**
 * A tiny HTTP/1.1 client over a bare socket, for requests no well-behaved client would send:
 * invalid UTF-8, NUL and control bytes, odd methods, missing or malformed Host headers, HTTP/1.0,
 * over-long URLs. Every byte is written exactly as given (strings as UTF-8, Buffers untouched), with
 * `Connection: close` and no Accept-Encoding, so the answer ends with the connection and its body is
 * plain. A server that does not answer within the timeout is reported as hung.
 */

export type Bytes = string | Buffer;

export type RawRequest = {
  method?: string;
  /** The request target exactly as it goes on the wire (already percent-encoded, or raw bytes). */
  target: Bytes;
  /** 'HTTP/1.1' unless given. */
  version?: string;
  /** The Host header: 127.0.0.1:port unless given; null leaves it out. */
  host?: Bytes | null;
  headers?: [string, Bytes][];
  body?: Bytes;
  /** Content-Length of the body; false leaves it out (a body sent without it). */
  contentLength?: boolean;
};

export type RawResponse = {
  status: number;
  statusText: string;
  /** Header names in lower case; repeated headers joined with ', '. */
  headers: Record<string, string>;
  body: Buffer;
  /** The body decoded as UTF-8. */
  text: string;
};

const CRLF = '\r\n';

/** The request's bytes: request line, Host, the given headers, Connection: close, then the body. */
function encodeRequest(request: RawRequest, defaultHost: string): Buffer {
  const parts: Buffer[] = [];
  const push = (value: Bytes) => parts.push(typeof value === 'string' ? Buffer.from(value, 'utf8') : value);
  push(`${request.method ?? 'GET'} `);
  push(request.target);
  push(` ${request.version ?? 'HTTP/1.1'}${CRLF}`);
  const host = request.host === undefined ? defaultHost : request.host;
  if (host !== null) {
    push('Host: ');
    push(host);
    push(CRLF);
  }
  for (const [name, value] of request.headers ?? []) {
    push(`${name}: `);
    push(value);
    push(CRLF);
  }
  const body = request.body === undefined ? undefined : typeof request.body === 'string' ? Buffer.from(request.body, 'utf8') : request.body;
  if (body && request.contentLength !== false) push(`Content-Length: ${body.length}${CRLF}`);
  push(`Connection: close${CRLF}${CRLF}`);
  if (body) parts.push(body);
  return Buffer.concat(parts);
}

function decodeChunked(data: Buffer): Buffer {
  const chunks: Buffer[] = [];
  let offset = 0;
  while (offset < data.length) {
    const lineEnd = data.indexOf(CRLF, offset);
    if (lineEnd === -1) break;
    const size = parseInt(data.subarray(offset, lineEnd).toString('latin1').split(';')[0]!.trim(), 16);
    if (Number.isNaN(size)) throw new Error('respuesta inválida: tamaño de chunk ilegible');
    offset = lineEnd + 2;
    if (size === 0) return Buffer.concat(chunks);
    if (offset + size > data.length) break;
    chunks.push(data.subarray(offset, offset + size));
    offset += size + 2;
  }
  // The connection closed before the last chunk: the server gave up (or died) mid-answer.
  const partial = Buffer.concat(chunks).subarray(0, 200).toString('utf8');
  throw new Error(`respuesta cortada: el cuerpo chunked no terminó (recibido: ${JSON.stringify(partial)})`);
}

/** Parses a complete answer; interim 1xx answers before it are skipped. */
function parseResponse(data: Buffer, method = 'GET'): RawResponse {
  let rest = data;
  for (;;) {
    const headEnd = rest.indexOf(CRLF + CRLF);
    if (headEnd === -1) throw new Error(`respuesta incompleta: ${JSON.stringify(rest.subarray(0, 200).toString('latin1'))}`);
    const [statusLine = '', ...lines] = rest.subarray(0, headEnd).toString('latin1').split(CRLF);
    const match = /^HTTP\/\d\.\d (\d{3})(?: (.*))?$/.exec(statusLine);
    if (!match) throw new Error(`línea de estado inválida: ${JSON.stringify(statusLine)}`);
    const status = Number(match[1]);
    const headers: Record<string, string> = {};
    for (const line of lines) {
      const colon = line.indexOf(':');
      if (colon === -1) continue;
      const name = line.slice(0, colon).trim().toLowerCase();
      const value = line.slice(colon + 1).trim();
      headers[name] = headers[name] === undefined ? value : `${headers[name]}, ${value}`;
    }
    rest = rest.subarray(headEnd + 4);
    if (status >= 100 && status < 200) continue;
    let body: Buffer;
    if (method === 'HEAD' || status === 204 || status === 304) body = Buffer.alloc(0);
    else if (/\bchunked\b/i.test(headers['transfer-encoding'] ?? '')) body = decodeChunked(rest);
    else if (headers['content-length'] !== undefined) {
      const length = Number(headers['content-length']);
      if (rest.length < length) throw new Error(`respuesta cortada: llegaron ${rest.length} de ${length} bytes`);
      body = rest.subarray(0, length);
    } else body = rest;
    // Header values are read as latin1 above; re-read them as UTF-8, as servers send them.
    for (const name of Object.keys(headers)) headers[name] = Buffer.from(headers[name]!, 'latin1').toString('utf8');
    return { status, statusText: match[2] ?? '', headers, body, text: body.toString('utf8') };
  }
}

export class HangError extends Error {}

/**
 * Sends one request on a new connection and reads until the server closes it. Rejects when the
 * connection fails or closes without a complete answer, and with HangError after `timeoutMs`.
 */
export function rawRequest(port: number, request: RawRequest, timeoutMs = 10_000): Promise<RawResponse> {
  const bytes = encodeRequest(request, `127.0.0.1:${port}`);
  return new Promise((resolve, reject) => {
    const socket = net.connect({ host: '127.0.0.1', port });
    const received: Buffer[] = [];
    let settled = false;
    const finish = (error: Error | undefined) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      socket.destroy();
      if (error) return reject(error);
      try {
        resolve(parseResponse(Buffer.concat(received), request.method));
      } catch (parseError) {
        reject(parseError instanceof Error ? parseError : new Error(String(parseError)));
      }
    };
    const timer = setTimeout(() => {
      const head = Buffer.concat(received).subarray(0, 120).toString('latin1');
      finish(new HangError(`sin respuesta completa en ${timeoutMs / 1000} s${head ? ` (recibido: ${JSON.stringify(head)})` : ''}`));
    }, timeoutMs);
    // No half-close after writing: Node's HTTP server drops a request whose client ended its side.
    socket.on('connect', () => socket.write(bytes));
    socket.on('data', (chunk: Buffer) => received.push(chunk));
    const closed = () => finish(received.length > 0 ? undefined : new Error('la conexión se cerró sin respuesta'));
    socket.on('end', closed);
    socket.on('close', closed);
    socket.on('error', (error: NodeJS.ErrnoException) => {
      // A reset after a complete answer (the server closed with unread request bytes) is fine.
      if (received.length > 0 && error.code === 'ECONNRESET') return finish(undefined);
      finish(new Error(`error de conexión: ${error.code ?? error.message}`));
    });
  });
}
