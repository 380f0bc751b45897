// Runs once before the Vitest suite: the right Node, a current build for the HTTP tests, and the
// databases every test file copies (tests/setup/templates.ts), removed again at the end.
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import type { TestProject } from 'vitest/node';
import { build, buildIsCurrent } from '#scripts/build.ts';
import type * as App from '#server/app.ts';
import { buildTemplates } from './templates.ts';

export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const major = Number(process.versions.node.split('.')[0]);
  if (major < 24) {
    throw new Error(`Los tests necesitan Node 24 (se ejecutan con ${process.versions.node}): usá "npm test".`);
  }
  if (!buildIsCurrent()) await build();
  const started = performance.now();
  const { templates, remove } = await buildTemplates((await import(pathToFileURL(path.resolve('build/server/index.js')).href)) as typeof App);
  if (process.env.VLA_TEST_TIMINGS) console.log(`plantillas de base listas en ${Math.round(performance.now() - started)} ms`);
  project.provide('templates', templates);
  return remove;
}
