import { defineConfig } from 'vitest/config';
import { OrdenPorTipo } from './tests/setup/orden.ts';

/**
 * The pure unit tests: no database, no build, no process of their own. `npm run test:unit` runs
 * only these, in seconds. A colocated test that is not listed here runs in `db`, which has
 * everything: a new test is never short of a database, and moves here once it is known not to need one.
 */
const UNIT = [
  'app/**/*.test.ts',
  'bench/load.test.ts',
  'db/migraciones-compatibles.test.ts',
  'domain/correo/estado.test.ts',
  'domain/decretos/codigo.test.ts',
  'domain/decretos/confirmacion.test.ts',
  'domain/decretos/numero-decreto.test.ts',
  'domain/decretos/schemas.test.ts',
  'domain/documentos/limites.test.ts',
  'domain/finanzas/anios.test.ts',
  'domain/ordenanzas/publicacion.test.ts',
  'domain/ordenanzas/schemas.test.ts',
  'domain/recoleccion/calendario.test.ts',
  'domain/recoleccion/ical.test.ts',
  'domain/recoleccion/schemas.test.ts',
  'domain/shared/addresses.test.ts',
  'domain/shared/cipher.test.ts',
  'domain/shared/context.test.ts',
  'domain/shared/form.test.ts',
  'domain/shared/formato.test.ts',
  'domain/shared/numero-decreto.test.ts',
  'domain/shared/zod.test.ts',
  'domain/usuarios/claves.test.ts',
  'domain/vehiculos/configuracion.test.ts',
  'domain/vehiculos/ingesta.test.ts',
  'domain/vehiculos/privacidad.test.ts',
  'domain/recoleccion/push.test.ts',
  'scripts/build-ruido.test.ts',
  'server/demo/vehiculos.test.ts',
  'server/env.test.ts',
  'server/input-guard.test.ts',
  'server/random-pool.test.ts',
  'server/respaldo-rotacion.test.ts',
  'server/scheduled-jobs.test.ts',
  'tests/idioma/*.test.ts',
  'tests/lint/*.test.ts',
];
/** The built server through `inject`. */
const HTTP = ['tests/http/**/*.test.ts'];
/** Processes of their own: the built server as `npm start` runs it, the scripts and tools an operator runs. */
const PROCESS = ['tests/process/**/*.test.ts', 'tests/deploy/**/*.test.ts', 'scripts/test-totals.test.ts'];

/** A build when it is not current and this run's database templates (tests/setup/global-plantillas.ts). */
const CON_PLANTILLAS = {
  globalSetup: ['tests/setup/global-plantillas.ts'],
  // Passwords hashed at the test databases' low cost, only in a test run (domain/usuarios/claves.ts).
  env: { VLA_CLAVES_DE_PRUEBA: 'rapidas' },
};

// Vitest runs without the React Router plugin: domain and database code from source, HTTP
// behaviour through the built server (tests/setup/app.ts), exactly what `npm start` serves.
export default defineConfig({
  define: { __BUILD_INFO__: JSON.stringify({ version: '0.0.0-test', build: '0', date: '1970-01-01T00:00:00.000Z' }) },
  test: {
    exclude: ['node_modules/**', 'build/**', 'tests/e2e/**'],
    // The right Node for every project, before anything else (tests/setup/global.ts).
    globalSetup: ['tests/setup/global.ts'],
    setupFiles: ['tests/setup/each-file.ts'],
    env: { TZ: 'America/Argentina/Buenos_Aires' },
    // Guards against a hang, not speed goals: a test that builds its own app took more than 30 s on a
    // loaded two-core machine (Vitest's files beside Playwright, the e2e server and Chromium), and the
    // CI machine runs the whole suite about 2.3 times slower than a quiet one (docs/benchmarks.md).
    testTimeout: 120_000,
    hookTimeout: 120_000,
    pool: 'forks',
    // Three files at a time on two cores: much of a file's time is spent waiting on PostgreSQL, a
    // spawned server or a timer (the suite went from 302 to 254 s on a slow day).
    maxWorkers: 3,
    // A worker runs file after file without a new process and a new import of the built server and
    // PGlite each time: the suite's CPU went from about 1,100 to 750 s on two cores. No test changes
    // a module's state for the next one (no vi.mock, no env written at run time).
    isolate: false,
    // V8 tiers up a WebAssembly import wrapper after 1,000 calls and frees the old one, racing other
    // threads of the process (PGlite's, the PDF reader's, Node's own type stripping): a fork died
    // with SIGSEGV or SIGTRAP after all its tests passed, 2 runs in 3. Never tiering them up avoids it.
    execArgv: ['--wasm-wrapper-tiering-budget=2147483647'],
    // Processes first, the pure unit tests last (tests/setup/orden.ts).
    sequence: { sequencer: OrdenPorTipo },
    projects: [
      { extends: true, test: { name: 'unit', include: UNIT } },
      {
        extends: true,
        test: {
          name: 'db',
          include: ['**/*.test.ts'],
          exclude: ['node_modules/**', 'build/**', 'tests/**', 'scripts/test-totals.test.ts', ...UNIT],
          ...CON_PLANTILLAS,
        },
      },
      { extends: true, test: { name: 'http', include: HTTP, ...CON_PLANTILLAS } },
      { extends: true, test: { name: 'process', include: PROCESS, ...CON_PLANTILLAS } },
    ],
  },
});
