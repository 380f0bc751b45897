// `npm test`: builds if needed, runs Vitest (unit, database, HTTP, process) and then Playwright
// (end-to-end in Chromium), and ends with one line totalling both: "N passed, N failed".
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { build, buildIsCurrent } from './build.ts';

const bin = (name: string) => path.resolve('node_modules/.bin', name);
const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'vla-test-'));
const vitestJson = path.join(tmp, 'vitest.json');
const playwrightJson = path.join(tmp, 'playwright.json');
const extra = process.argv.slice(2);

if (!buildIsCurrent()) await build();

const run = (command: string, args: string[], env: Record<string, string> = {}) =>
  spawnSync(command, args, { stdio: 'inherit', env: { ...process.env, TZ: 'America/Argentina/Buenos_Aires', ...env } });

const unit = run(bin('vitest'), ['run', '--reporter=default', '--reporter=json', `--outputFile.json=${vitestJson}`, ...extra]);
const e2e = run(bin('playwright'), ['test'], { E2E_JSON: playwrightJson });

function readJson<T>(file: string): T | undefined {
  try {
    return JSON.parse(fs.readFileSync(file, 'utf8')) as T;
  } catch {
    return undefined;
  }
}

const v = readJson<{ numPassedTests: number; numFailedTests: number }>(vitestJson);
const p = readJson<{ stats: { expected: number; unexpected: number; flaky: number } }>(playwrightJson);
// A runner that exits with an error without reporting a failed test (it crashed, or could not
// start) counts as one failure, so the total never looks clean when it is not.
const crashed = (result: { status: number | null }, reportedFailures: number | undefined) =>
  result.status !== 0 && !reportedFailures ? 1 : 0;
const passed = (v?.numPassedTests ?? 0) + (p ? p.stats.expected + p.stats.flaky : 0);
const failed =
  (v?.numFailedTests ?? 0) + (p?.stats.unexpected ?? 0) + crashed(unit, v?.numFailedTests) + crashed(e2e, p?.stats.unexpected);

fs.rmSync(tmp, { recursive: true, force: true });
console.log(`\nVitest: ${v ? `${v.numPassedTests} passed, ${v.numFailedTests} failed` : 'sin resultados'} · Playwright: ${p ? `${p.stats.expected + p.stats.flaky} passed, ${p.stats.unexpected} failed` : 'sin resultados'}`);
console.log(`${passed} passed, ${failed} failed`);
process.exit(failed > 0 ? 1 : 0);
