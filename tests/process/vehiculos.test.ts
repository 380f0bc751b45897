// The built server as `npm start` runs it, with the demo fleet: the simulator moves it
// through the ingest, INGEST_PORT takes a tracker's report, and SIGTERM with live map streams open
// tells them to reconnect, ends them and exits promptly after its wait (the streams never hold the
// close; docs/decisions/028-cierre-ordenado.md).
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freePort } from '#scripts/free-port.ts';
import { createServerDataDir, engines } from '#tests/setup/database.ts';
import { type Run, startServer, waitFor } from '#tests/setup/proceso.ts';

/** Reads a Server-Sent Events stream: the names of its events, until it ends. */
async function leerEventos(res: Response, nombres: string[]): Promise<void> {
  const lector = res.body!.pipeThrough(new TextDecoderStream()).getReader();
  for (;;) {
    const { value, done } = await lector.read();
    if (done) return;
    for (const m of value.matchAll(/^event: (\w+)$/gm)) nombres.push(m[1]!);
  }
}

/** The wait after SIGTERM before the site stops listening. */
const ESPERA_MS = 1_000;
/** How long requests in flight may take after it: an open stream must not hold the close that long. */
const PLAZO_MS = 15_000;

describe.each(engines)('el mapa en vivo en el proceso real (%s)', (engine) => {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'vla-vehiculos-'));
  let baseDeDatos: Awaited<ReturnType<typeof createServerDataDir>> | undefined;
  let run: Run | undefined;
  let port = 0;
  let ingestPort = 0;

  beforeAll(async () => {
    // The demo copied from this run's template: the process finds it (and its fleet) as it is.
    baseDeDatos = await createServerDataDir(engine, dataDir);
    [port, ingestPort] = [await freePort(), await freePort()];
    run = startServer({
      PORT: String(port),
      INGEST_PORT: String(ingestPort),
      DATA_DIR: dataDir,
      DATABASE_URL: baseDeDatos.databaseUrl,
      DATA_KEY: randomBytes(32).toString('hex'),
      SEED_DEMO: 'true',
      SIMULADOR_INTERVALO_MS: '1000',
      SHUTDOWN_DELAY_MS: String(ESPERA_MS),
      SHUTDOWN_TIMEOUT_MS: String(PLAZO_MS),
      LOG_LEVEL: 'info',
    });
    await waitFor(() => run!.output().includes(`http://127.0.0.1:${port}`) || run!.child.exitCode !== null, 'el servidor', 120_000);
    expect(run.child.exitCode, run.output()).toBeNull();
  }, 180_000);

  afterAll(async () => {
    run?.child.kill('SIGKILL');
    fs.rmSync(dataDir, { recursive: true, force: true });
    await baseDeDatos?.drop();
  });

  it('el simulador mueve la flota, INGEST_PORT recibe OsmAnd, y SIGTERM pide a los streams que se reconecten y sale enseguida', async () => {
    // The line after the site's: the two may reach this process in separate reads.
    const linea = `Posiciones de rastreadores (protocolo OsmAnd) también en http://127.0.0.1:${ingestPort}/`;
    await waitFor(() => run!.output().includes(linea) || run!.child.exitCode !== null, 'la línea del puerto de ingesta', 10_000);
    expect(run!.output()).toContain(linea);
    const res = await fetch(`http://127.0.0.1:${port}/api/v1/vehiculos/stream`);
    expect(res.status).toBe(200);
    const eventos: string[] = [];
    const lectura = leerEventos(res, eventos);
    // The simulator is on by default with the demo fleet: positions arrive on their own.
    await waitFor(() => eventos.filter((e) => e === 'posicion').length >= 5, 'las posiciones del simulador', 30_000);
    expect(eventos[0]).toBe('instantanea');

    const reporte = await fetch(
      `http://127.0.0.1:${ingestPort}/?id=vla-recolector-1&lat=-40.7621&lon=-71.6449&timestamp=${Math.floor(Date.now() / 1000) - 30}&speed=5`,
    );
    expect(reporte.status).toBe(200);
    expect(await reporte.text()).toBe('');

    const inicio = performance.now();
    run!.child.kill('SIGTERM');
    expect(await run!.exited).toBe(0);
    // The streams ended at once: the site's own log says its connections closed right after the
    // wait, and the process did not wait out the deadline for requests in flight.
    const cerradas = /"ms":(\d+),"msg":"cierre: pedidos en curso respondidos, conexiones cerradas"/.exec(run!.output());
    expect(cerradas, run!.output()).not.toBeNull();
    expect(Number(cerradas![1])).toBeLessThan(ESPERA_MS + 2_000);
    expect(performance.now() - inicio, run!.output()).toBeLessThan(PLAZO_MS);
    await lectura;
    expect(eventos.at(-1)).toBe('reconectar');
    expect(run!.output()).not.toMatch(/"level":50/);
  });
});
