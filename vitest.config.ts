import { defineConfig } from 'vitest/config';

// Vitest runs without the React Router plugin: domain and database code from source, HTTP
// behaviour through the built server (tests/setup/app.ts), exactly what `npm start` serves.
export default defineConfig({
  define: { __BUILD_INFO__: JSON.stringify({ version: '0.0.0-test', build: '0', date: '1970-01-01T00:00:00.000Z' }) },
  test: {
    include: ['**/*.test.ts'],
    exclude: ['node_modules/**', 'build/**', 'tests/e2e/**'],
    globalSetup: ['tests/setup/global.ts'],
    setupFiles: ['tests/setup/each-file.ts'],
    env: { TZ: 'America/Argentina/Buenos_Aires' },
    testTimeout: 30_000,
    hookTimeout: 60_000,
    pool: 'forks',
    // Three files at a time on two cores: much of a file's time is spent waiting on PostgreSQL, a
    // spawned server or a timer (the suite went from 302 to 254 s on a slow day).
    maxWorkers: 3,
    // A worker runs file after file without a new process and a new import of the built server and
    // PGlite each time: the suite's CPU went from about 1,100 to 750 s on two cores. No test changes
    // a module's state for the next one (no vi.mock, no env written at run time).
    isolate: false,
  },
});
