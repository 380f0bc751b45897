// `npm start` shows the address and the demo accounts, not pages of bundler notices before them:
// the build's log filter (vite.config.ts) drops the notices that are noise and keeps the rest.
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import type { UserConfig } from 'vite';
import { describe, expect, it } from 'vitest';

// The project's own config, by path (no alias reaches the repository's root).
const { default: config } = (await import(pathToFileURL(path.resolve('vite.config.ts')).href)) as { default: UserConfig };

type Log = { code?: string; message: string };
const opciones = config.build?.rolldownOptions as {
  checks?: { bundlerTimings?: boolean };
  onLog(level: string, log: Log, handler: (level: string, log: Log) => void): void;
};
const pasan = (level: string, log: Log) => {
  const vistos: Log[] = [];
  opciones.onLog(level, log, (_level, visto) => vistos.push(visto));
  return vistos.length === 1;
};

describe('lo que la compilación muestra', () => {
  it('calla el informe de tiempos, los módulos de Node que quedan fuera del navegador y el eval de PGlite', () => {
    expect(opciones.checks?.bundlerTimings).toBe(false);
    expect(
      pasan('warn', {
        message:
          '[plugin rolldown:vite-resolve] Module "node:fs" has been externalized for browser compatibility, imported by "db/client.ts". See https://vite.dev/guide/troubleshooting.html',
      }),
    ).toBe(false);
    expect(pasan('warn', { code: 'EVAL', message: 'Use of direct `eval` here. in node_modules/@electric-sql/pglite/dist/chunk-N66TTF7B.js' })).toBe(false);
  });

  it('deja pasar las advertencias y errores propios', () => {
    expect(pasan('warn', { code: 'EVAL', message: 'Use of direct `eval` here. in app/routes/inicio.tsx' })).toBe(true);
    expect(pasan('warn', { code: 'UNRESOLVED_IMPORT', message: 'Could not resolve "./falta.ts" in app/root.tsx' })).toBe(true);
    expect(pasan('error', { message: 'Module "node:fs" has been externalized for browser compatibility' })).toBe(true);
  });
});
