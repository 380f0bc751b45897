import http from 'node:http';
import autocannon from 'autocannon';

export type LoadResult = { requestsPerSecond: number; p50: number; p99: number; errors: number; non2xx: number };

/** A bounded load on a loopback address: fixed duration and connections, it stops by itself. */
export async function loadTest(url: string, options: { seconds?: number; connections?: number } = {}): Promise<LoadResult> {
  const result = await autocannon({
    url,
    connections: options.connections ?? 20,
    duration: options.seconds ?? 8,
    headers: { 'accept-encoding': 'br, gzip', 'user-agent': 'Mozilla/5.0 (bench)' },
  });
  return {
    requestsPerSecond: result.requests.average,
    p50: result.latency.p50,
    p99: result.latency.p99,
    errors: result.errors,
    non2xx: result.non2xx,
  };
}

/** The body as sent for one Accept-Encoding (fetch would decompress it); a status other than 200 throws. */
export function wireBytes(url: string, encoding: string): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    http
      .get(url, { headers: { 'accept-encoding': encoding } }, (response) => {
        const chunks: Buffer[] = [];
        response.on('data', (chunk: Buffer) => chunks.push(chunk));
        response.on('end', () => (response.statusCode === 200 ? resolve(Buffer.concat(chunks)) : reject(new Error(`${url}: ${response.statusCode}`))));
      })
      .on('error', reject);
  });
}
