import { execFile } from 'node:child_process';
import http from 'node:http';
import { promisify } from 'node:util';
import autocannon from 'autocannon';

export type LoadResult = { requestsPerSecond: number; p50: number; p99: number; errors: number; non2xx: number; generador: 'wrk' | 'autocannon' };

const HEADERS = { 'accept-encoding': 'br, gzip', 'user-agent': 'Mozilla/5.0 (bench)' };
const run = promisify(execFile);

/** wrk's latency figure ("850.00us", "12.34ms", "1.20s") in milliseconds. */
function wrkMs(text: string): number {
  const m = /^([\d.]+)(us|ms|s|m)$/.exec(text.trim());
  if (!m) throw new Error(`latencia de wrk ilegible: ${text}`);
  const factor = { us: 0.001, ms: 1, s: 1000, m: 60_000 }[m[2] as 'us' | 'ms' | 's' | 'm'];
  return Number(m[1]) * factor;
}

/** The figures of `wrk --latency`'s report. */
export function parseWrk(report: string): Omit<LoadResult, 'generador'> {
  const percentile = (p: string) => wrkMs(new RegExp(`^\\s*${p}%\\s+(\\S+)\\s*$`, 'm').exec(report)?.[1] ?? 'NaNms');
  const socket = /Socket errors: connect (\d+), read (\d+), write (\d+), timeout (\d+)/.exec(report);
  return {
    requestsPerSecond: Number(/Requests\/sec:\s+([\d.]+)/.exec(report)?.[1] ?? Number.NaN),
    p50: percentile('50'),
    p99: percentile('99'),
    errors: socket ? socket.slice(1).reduce((n, x) => n + Number(x), 0) : 0,
    non2xx: Number(/Non-2xx or 3xx responses: (\d+)/.exec(report)?.[1] ?? 0),
  };
}

let wrkPresent: Promise<boolean> | undefined;
/** Whether Debian's wrk is installed (`apt-get install wrk`). */
const hasWrk = () =>
  (wrkPresent ??= run('wrk', ['--version']).then(
    () => true,
    (error: NodeJS.ErrnoException & { stdout?: string }) => error.code !== 'ENOENT' && /wrk/.test(String(error.stdout ?? '')),
  ));

/**
 * A bounded load on a loopback address: fixed duration and connections, it stops by itself. With
 * wrk installed (C, one thread) the load generator takes little of the two cores the server
 * shares with it, as in the first measurements (docs/benchmarks.md); otherwise autocannon (Node), which takes
 * about as much CPU as the server and lowers every figure.
 */
export async function loadTest(url: string, options: { seconds?: number; connections?: number; encoding?: 'identity' } = {}): Promise<LoadResult> {
  const connections = options.connections ?? 20;
  const seconds = options.seconds ?? 8;
  // `identity`: no Accept-Encoding at all, as a bare `wrk URL` asks.
  const sent: Record<string, string> = options.encoding === 'identity' ? { 'user-agent': HEADERS['user-agent'] } : HEADERS;
  if (await hasWrk()) {
    const headers = Object.entries(sent).flatMap(([k, v]) => ['-H', `${k}: ${v}`]);
    const { stdout } = await run('wrk', ['-t1', `-c${connections}`, `-d${seconds}s`, '--latency', ...headers, url], { timeout: (seconds + 30) * 1000 });
    if (!/Requests\/sec/.test(stdout)) throw new Error(`wrk no midió ${url}:\n${stdout}`);
    return { ...parseWrk(stdout), generador: 'wrk' };
  }
  const result = await autocannon({ url, connections, duration: seconds, headers: sent });
  return {
    requestsPerSecond: result.requests.average,
    p50: result.latency.p50,
    p99: result.latency.p99,
    errors: result.errors,
    non2xx: result.non2xx,
    generador: 'autocannon',
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
