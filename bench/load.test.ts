import { describe, expect, it } from 'vitest';
import { parseWrk } from './load.ts';

// wrk's report as Debian's wrk 4.1 prints it with --latency (one real run, and one with errors).
const REPORT = `Running 1s test @ http://127.0.0.1:3200/areas
  1 threads and 2 connections
  Thread Stats   Avg      Stdev     Max   +/- Stdev
    Latency    10.65ms   12.96ms  84.94ms   90.91%
    Req/Sec   261.30     91.60   343.00     80.00%
  Latency Distribution
     50%    6.16ms
     75%    8.62ms
     90%   22.38ms
     99%   76.60ms
  261 requests in 1.01s, 9.43MB read
Requests/sec:    259.17
Transfer/sec:      9.36MB
`;

describe('el informe de wrk', () => {
  it('da solicitudes por segundo, p50 y p99 en milisegundos, sin errores', () => {
    expect(parseWrk(REPORT)).toEqual({ requestsPerSecond: 259.17, p50: 6.16, p99: 76.6, errors: 0, non2xx: 0 });
  });

  it('lee microsegundos y segundos, los errores de conexión y las respuestas que no son 2xx ni 3xx', () => {
    const conErrores = REPORT.replace('50%    6.16ms', '50%  850.00us')
      // wrk pads a value in seconds with a space at the end of the line.
      .replace('99%   76.60ms', '99%    1.20s ')
      .replace('Requests/sec:', '  Socket errors: connect 0, read 2, write 0, timeout 3\n  Non-2xx or 3xx responses: 7\nRequests/sec:');
    expect(parseWrk(conErrores)).toEqual({ requestsPerSecond: 259.17, p50: 0.85, p99: 1200, errors: 5, non2xx: 7 });
  });
});
