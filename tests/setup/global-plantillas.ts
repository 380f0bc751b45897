// Runs before the projects that use a database (db, http, process): a current build for the HTTP
// tests, and the databases every test file copies (tests/setup/templates.ts), removed at the end.
// Each of those projects runs this file; the build and the templates are made once per run.
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import type { TestProject } from 'vitest/node';
import { build, buildIsCurrent } from '#scripts/build.ts';
import type * as App from '#server/app.ts';
import { type Templates, buildTemplates } from './templates.ts';

type Compartidas = { usos: number; listas: Promise<{ templates: Templates; remove(): Promise<void> }> };

// Each project imports this file anew: the one run's templates live on the main process's global object.
const global = globalThis as { vlaPlantillas?: Compartidas };

async function preparar(): Promise<{ templates: Templates; remove(): Promise<void> }> {
  if (!buildIsCurrent()) await build();
  const started = performance.now();
  const mod = (await import(pathToFileURL(path.resolve('build/server/index.js')).href)) as typeof App;
  // The demo accounts' passwords at the test databases' cost, as every test file's own users
  // (domain/usuarios/claves.ts); the variable is gone again before any test process starts.
  process.env.VLA_CLAVES_DE_PRUEBA = 'rapidas';
  try {
    const listas = await buildTemplates(mod);
    if (process.env.VLA_TEST_TIMINGS) console.log(`plantillas de base listas en ${Math.round(performance.now() - started)} ms`);
    return listas;
  } finally {
    delete process.env.VLA_CLAVES_DE_PRUEBA;
  }
}

export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const compartidas = (global.vlaPlantillas ??= { usos: 0, listas: preparar() });
  compartidas.usos += 1;
  project.provide('templates', (await compartidas.listas).templates);
  return async () => {
    compartidas.usos -= 1;
    if (compartidas.usos > 0) return;
    delete global.vlaPlantillas;
    await (await compartidas.listas).remove();
  };
}
