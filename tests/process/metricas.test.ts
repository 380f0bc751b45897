// The metrics as an operator runs them (docs/decisions/030-metricas.md): the built server with
// METRICS_PORT, scraped by Debian's own Prometheus (the `prometheus` package) with the example
// alerts of deploy/prometheus loaded; promtool checks the configuration and tests the rules.
import { type ChildProcess, execFile, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freePort } from '#scripts/free-port.ts';
import { createServerDataDir, engines } from '#tests/setup/database.ts';
import { type Run, startServer, waitFor } from '#tests/setup/proceso.ts';

const PROMETHEUS = '/usr/bin/prometheus';
const PROMTOOL = '/usr/bin/promtool';
const DEPLOY = path.resolve('deploy/prometheus');
const run = promisify(execFile);

/** One instant query to Prometheus's HTTP API: each series' labels and value. */
async function consulta(puerto: number, query: string): Promise<{ metric: Record<string, string>; value: [number, string] }[]> {
  try {
    const res = await fetch(`http://127.0.0.1:${puerto}/api/v1/query?query=${encodeURIComponent(query)}`);
    if (!res.ok) return [];
    const cuerpo = (await res.json()) as { data: { result: { metric: Record<string, string>; value: [number, string] }[] } };
    return cuerpo.data.result;
  } catch {
    // Not listening yet.
    return [];
  }
}

async function esperarConsulta(puerto: number, query: string, que: string, cumple: (valor: number) => boolean = () => true) {
  let ultima: Awaited<ReturnType<typeof consulta>> = [];
  const hasta = Date.now() + 15_000;
  while (Date.now() < hasta) {
    ultima = await consulta(puerto, query);
    if (ultima.length > 0 && ultima.every((r) => cumple(Number(r.value[1])))) return ultima;
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(`Prometheus no mostró ${que} (${query}): ${JSON.stringify(ultima)}`);
}

describe('Prometheus de Debian con las reglas del despliegue', () => {
  it('promtool acepta deploy/prometheus/prometheus.yml y las reglas pasan sus pruebas', async () => {
    expect(fs.existsSync(PROMTOOL), 'falta promtool: instalá el paquete prometheus de Debian (apt-get install prometheus)').toBe(true);
    const config = await run(PROMTOOL, ['check', 'config', path.join(DEPLOY, 'prometheus.yml')]);
    expect(config.stdout).toContain('SUCCESS: 1 rule files found');
    const reglas = await run(PROMTOOL, ['test', 'rules', 'alertas.test.yml'], { cwd: DEPLOY });
    expect(reglas.stdout).toContain('SUCCESS');
  });
});

// One engine, as a town hall deploys it: PostgreSQL when the run has one (CI), else PGlite. Both
// engines' metrics are checked through inject (tests/http/metricas.test.ts); a second start here
// would double this file's time for nothing Prometheus sees differently.
const engine = engines.at(-1)!;

describe(`el puerto de métricas leído por Prometheus (${engine})`, () => {
  const carpeta = fs.mkdtempSync(path.join(os.tmpdir(), 'vla-metricas-'));
  const dataDir = path.join(carpeta, 'datos');
  let baseDeDatos: Awaited<ReturnType<typeof createServerDataDir>> | undefined;
  let sitio: Run | undefined;
  let prometheus: ChildProcess | undefined;
  let salidaPrometheus = '';
  let port = 0;
  let metricsPort = 0;
  let prometheusPort = 0;

  beforeAll(async () => {
    expect(fs.existsSync(PROMETHEUS), 'falta Prometheus: instalá el paquete prometheus de Debian (apt-get install prometheus)').toBe(true);
    fs.mkdirSync(dataDir);
    // The demo copied from this run's template: no migration nor seeding to wait for.
    baseDeDatos = await createServerDataDir(engine, dataDir);
    [port, metricsPort, prometheusPort] = [await freePort(), await freePort(), await freePort()];
    sitio = startServer({
      PORT: String(port),
      METRICS_PORT: String(metricsPort),
      DATA_DIR: dataDir,
      DATABASE_URL: baseDeDatos.databaseUrl,
      DATA_KEY: randomBytes(32).toString('hex'),
      SEED_DEMO: 'true',
      SIMULADOR_VEHICULOS: 'false',
    });
    const linea = `Métricas para Prometheus en http://127.0.0.1:${metricsPort}/metrics`;
    await waitFor(() => sitio!.output().includes(linea) || sitio!.child.exitCode !== null, 'el servidor y su puerto de métricas', 60_000);
    expect(sitio.output()).toContain(linea);

    // The deployment's alert rules, scraped every second, the job named as in deploy/prometheus.
    fs.copyFileSync(path.join(DEPLOY, 'alertas.yml'), path.join(carpeta, 'alertas.yml'));
    fs.writeFileSync(
      path.join(carpeta, 'prometheus.yml'),
      [
        'global: { scrape_interval: 1s, evaluation_interval: 1s, scrape_timeout: 1s }',
        'rule_files: [alertas.yml]',
        'scrape_configs:',
        '  - job_name: municipalidad',
        `    static_configs: [{ targets: ['127.0.0.1:${metricsPort}'] }]`,
        '',
      ].join('\n'),
    );
    prometheus = spawn(
      PROMETHEUS,
      [
        `--config.file=${path.join(carpeta, 'prometheus.yml')}`,
        `--storage.tsdb.path=${path.join(carpeta, 'tsdb')}`,
        `--web.listen-address=127.0.0.1:${prometheusPort}`,
      ],
      { stdio: ['ignore', 'pipe', 'pipe'] },
    );
    prometheus.stdout?.on('data', (chunk: Buffer) => (salidaPrometheus += chunk.toString()));
    prometheus.stderr?.on('data', (chunk: Buffer) => (salidaPrometheus += chunk.toString()));
  }, 90_000);

  afterAll(async () => {
    prometheus?.kill('SIGKILL');
    sitio?.child.kill('SIGKILL');
    await baseDeDatos?.drop();
    fs.rmSync(carpeta, { recursive: true, force: true });
  });

  it('Prometheus ve la instancia arriba y las cifras del sitio; el puerto público no tiene /metrics', { timeout: 40_000 }, async () => {
    const publica = await fetch(`http://127.0.0.1:${port}/metrics`);
    expect(publica.status).toBe(404);
    expect(await publica.text()).not.toContain('vla_');

    // A page twice: the second is the render cache's front door, measured all the same.
    for (let i = 0; i < 2; i++) expect((await fetch(`http://127.0.0.1:${port}/consulta-ordenanzas`)).status).toBe(200);
    const directa = await (await fetch(`http://127.0.0.1:${metricsPort}/metrics`)).text();
    expect(directa).toMatch(/^vla_http_request_duration_seconds_count\{route="\/consulta-ordenanzas",method="GET"\} 2$/m);
    expect(directa).toMatch(/^vla_render_cache_hits_total 1$/m);

    try {
      const up = await esperarConsulta(prometheusPort, 'up{job="municipalidad"}', 'el sitio arriba', (v) => v === 1);
      expect(up[0]!.metric.instance).toBe(`127.0.0.1:${metricsPort}`);
      const paginas = await esperarConsulta(
        prometheusPort,
        'vla_http_request_duration_seconds_count{route="/consulta-ordenanzas"}',
        'las páginas pedidas',
        (v) => v === 2,
      );
      expect(paginas[0]!.metric.method).toBe('GET');
      await esperarConsulta(prometheusPort, 'vla_metricas_base_ok', 'la base leída', (v) => v === 1);
      await esperarConsulta(prometheusPort, 'vla_disco_libre_bytes', 'el disco de DATA_DIR', (v) => v > 0);
      await esperarConsulta(prometheusPort, 'process_resident_memory_bytes{job="municipalidad"}', 'la memoria', (v) => v > 10_000_000);
      // The deployment's rules loaded and evaluated on these series: none fires on a healthy site.
      const reglas = (await (await fetch(`http://127.0.0.1:${prometheusPort}/api/v1/rules`)).json()) as {
        data: { groups: { rules: { name: string; health: string; state: string }[] }[] };
      };
      const todas = reglas.data.groups.flatMap((g) => g.rules);
      expect(todas.length).toBeGreaterThanOrEqual(10);
      expect(todas.filter((r) => r.health !== 'ok' && r.health !== 'unknown')).toEqual([]);
      expect(todas.filter((r) => r.state === 'firing').map((r) => r.name)).toEqual([]);
    } catch (error) {
      throw new Error(`${(error as Error).message}\nSalida de Prometheus:\n${salidaPrometheus.slice(-3000)}`);
    }
  });
});
