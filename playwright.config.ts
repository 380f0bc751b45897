import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { defineConfig } from '@playwright/test';

// The config is read by the runner and again by each worker: the port and the data folder are
// chosen once, by the runner, and handed to the workers through the environment.
process.env.E2E_PORT ??= execFileSync(process.execPath, [
  '-e',
  "const s=require('net').createServer();s.listen(0,'127.0.0.1',()=>{console.log(s.address().port);s.close()})",
])
  .toString()
  .trim();
process.env.E2E_DATA_DIR ??= fs.mkdtempSync(path.join(os.tmpdir(), 'vla-e2e-'));
// A real SMTP server for the run (tests/setup/smtp-e2e.ts): mail the site sends lands as files here.
process.env.E2E_SMTP_PORT ??= execFileSync(process.execPath, [
  '-e',
  "const s=require('net').createServer();s.listen(0,'127.0.0.1',()=>{console.log(s.address().port);s.close()})",
])
  .toString()
  .trim();
process.env.E2E_MAIL_DIR ??= fs.mkdtempSync(path.join(os.tmpdir(), 'vla-e2e-correo-'));
// Everything the server writes, checked after the run for e-mail addresses and passwords (tests/e2e/registro.teardown.ts).
process.env.E2E_LOG ??= path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'vla-e2e-log-')), 'servidor.log');
const port = process.env.E2E_PORT;
const HEADLESS_SHELL = '/usr/bin/chromium-headless-shell';
const baseURL = `http://127.0.0.1:${port}`;

export default defineConfig({
  testDir: 'tests/e2e',
  fullyParallel: true,
  workers: 2,
  forbidOnly: !!process.env.CI,
  retries: 0,
  // A test's time limit is a guard against a hang, not a speed goal (those live in `npm run bench`): the
  // axe checks of several pages at two widths took 20-24 s on a busy two-core machine, and the CI
  // machine runs the suite about 2.3 times slower than a quiet one (docs/benchmarks.md).
  timeout: 90_000,
  reporter: process.env.E2E_JSON ? [['list'], ['json', { outputFile: process.env.E2E_JSON }]] : [['list']],
  use: {
    baseURL,
    locale: 'es-AR',
    timezoneId: 'America/Argentina/Buenos_Aires',
    // Traces keep each step's actions, console and network for a failure, without the screencast (its
    // frames cost about a quarter of the suite's time on two cores) nor DOM snapshots (8 to 15 % more):
    // the failure's error context still has the page's accessibility snapshot.
    trace: { mode: 'retain-on-failure', screenshots: false, snapshots: false },
    launchOptions: {
      // Debian's Chromium; no test downloads a browser. Its headless shell when installed (package
      // chromium-headless-shell, the same Chromium built for headless use, which Playwright itself
      // runs headless by default): the full browser opens its own interface pages for every test's
      // window, and the suite took 8 to 9 minutes instead of 5 on two cores.
      executablePath: process.env.CHROMIUM_PATH ?? (fs.existsSync(HEADLESS_SHELL) ? HEADLESS_SHELL : '/usr/bin/chromium'),
      args: ['--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'],
    },
  },
  projects: [{ name: 'chromium' }],
  globalTeardown: './tests/e2e/registro.teardown.ts',
  webServer: [
    {
      command: 'node tests/setup/smtp-e2e.ts',
      port: Number(process.env.E2E_SMTP_PORT),
      reuseExistingServer: false,
      timeout: 30_000,
      stdout: 'ignore',
      stderr: 'pipe',
    },
    {
      // The built app, as `npm start` runs it, on a free port with a fresh embedded database; its
      // output goes to E2E_LOG, whole, for the check at the end of the run.
      command: 'node server/index.ts > "$E2E_LOG" 2>&1',
      url: `${baseURL}/health/ready`,
      reuseExistingServer: false,
      timeout: 90_000,
      stdout: 'ignore',
      stderr: 'pipe',
      env: {
        PORT: port,
        HOST: '127.0.0.1',
        DATA_DIR: process.env.E2E_DATA_DIR,
        // Every request logged, so the check of the log sees everything the server could leak.
        LOG_LEVEL: 'info',
        SMTP_URL: `smtp://127.0.0.1:${process.env.E2E_SMTP_PORT}`,
        // Every test posts from 127.0.0.1 to the one shared server: the per-IP limit is tested over HTTP.
        SOLICITUDES_POR_IP: '10000',
        RECLAMOS_POR_IP: '10000',
        // The alerts' job every second, so the e2e alert arrives within the test (tests/e2e/alertas.spec.ts).
        ALERTAS_INTERVALO_MS: '1000',
        // Scheduled publications every second, so the e2e one goes out within the test (tests/e2e/borradores.spec.ts).
        PUBLICACIONES_INTERVALO_MS: '1000',
        // Reclamos' «¿Se resolvió?» as soon as a report is solved, looked for every second (tests/e2e/reclamos-recorrido.spec.ts).
        RECLAMOS_CONSULTA_DIAS: '0',
        RECLAMOS_CONSULTAS_INTERVALO_MS: '1000',
        // Mi calle's push subscriptions may name the test's push service on loopback (tests/e2e/mi-calle-avisos.spec.ts).
        PUSH_SERVICIOS_LOCALES: 'true',
        // The vehicle map's tiles come from another origin, answered by tests/e2e/fixtures.ts with
        // a plain tile (no test may reach the internet); `.invalid` never resolves.
        MAP_TILE_URL: 'http://teselas.e2e.invalid/{z}/{x}/{y}.png',
        TZ: 'America/Argentina/Buenos_Aires',
      },
    },
  ],
});
