// `npm test`: builds if needed, runs Vitest (its projects unit, db, http and process: vitest.config.ts)
// and then Playwright (end-to-end in Chromium), and ends with one line totalling both: "N passed, N failed".
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { build, buildIsCurrent } from './build.ts';
import { playwrightTotals, totalsLine, vitestTotals, withExitStatus } from './test-totals.ts';

const bin = (name: string) => path.resolve('node_modules/.bin', name);
const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'vla-test-'));
const vitestJson = path.join(tmp, 'vitest.json');
const playwrightJson = path.join(tmp, 'playwright.json');
const extra = process.argv.slice(2);

if (!buildIsCurrent()) await build();

const run = (command: string, args: string[], env: Record<string, string> = {}) =>
  spawnSync(command, args, { stdio: 'inherit', env: { ...process.env, TZ: 'America/Argentina/Buenos_Aires', ...env } });

// The setup-hook reporter lists any beforeAll/afterAll over 10 s (tests/setup/preparaciones.ts).
const unit = run(bin('vitest'), [
  'run',
  '--reporter=default',
  '--reporter=./tests/setup/preparaciones.ts',
  '--reporter=json',
  `--outputFile.json=${vitestJson}`,
  ...extra,
]);
const e2e = run(bin('playwright'), ['test'], { E2E_JSON: playwrightJson });

function readJson<T>(file: string): T | undefined {
  try {
    return JSON.parse(fs.readFileSync(file, 'utf8')) as T;
  } catch {
    return undefined;
  }
}

const vitestReport = readJson<Parameters<typeof vitestTotals>[0]>(vitestJson);
const playwrightReport = readJson<Parameters<typeof playwrightTotals>[0]>(playwrightJson);
const unitTotals = withExitStatus(vitestReport && vitestTotals(vitestReport), unit.status);
const e2eTotals = withExitStatus(playwrightReport && playwrightTotals(playwrightReport), e2e.status);
const total = { passed: unitTotals.passed + e2eTotals.passed, failed: unitTotals.failed + e2eTotals.failed };

fs.rmSync(tmp, { recursive: true, force: true });
console.log(`\nVitest: ${totalsLine(unitTotals)} · Playwright: ${totalsLine(e2eTotals)}`);
console.log(totalsLine(total));
process.exit(total.failed > 0 ? 1 : 0);
