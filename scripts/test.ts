// `npm test`: builds if needed, then runs Vitest (its projects unit, db, http and process:
// vitest.config.ts) and Playwright (end-to-end in Chromium) at the same time, and ends with one line
// totalling both: "N passed, N failed". Playwright's output is kept and printed after Vitest's, so
// each reads whole; `--secuencial` runs them one after the other (docs/decisions/046-tests-por-tipo.md).
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { build, buildIsCurrent } from './build.ts';
import { playwrightTotals, totalsLine, vitestTotals, withExitStatus } from './test-totals.ts';

const bin = (name: string) => path.resolve('node_modules/.bin', name);
const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'vla-test-'));
const vitestJson = path.join(tmp, 'vitest.json');
const playwrightJson = path.join(tmp, 'playwright.json');
const playwrightLog = path.join(tmp, 'playwright.log');
const procesosListos = path.join(tmp, 'procesos-listos');
const secuencial = process.argv.includes('--secuencial');
const extra = process.argv.slice(2).filter((a) => a !== '--secuencial');

if (!buildIsCurrent()) await build();

/** Runs a command to its end; its output to this terminal, or to `logFile`. Resolves to its exit status. */
function run(command: string, args: string[], env: Record<string, string> = {}, logFile?: string): Promise<number | null> {
  const out = logFile ? fs.openSync(logFile, 'w') : 'inherit';
  const child = spawn(command, args, { stdio: ['ignore', out, out], env: { ...process.env, TZ: 'America/Argentina/Buenos_Aires', ...env } });
  return new Promise((resolve) => {
    child.on('error', () => resolve(null));
    child.on('close', (status) => {
      if (typeof out === 'number') fs.closeSync(out);
      resolve(status);
    });
  });
}

// Two cores: Vitest's files spend much of their time waiting on PostgreSQL, a spawned server or a
// timer, and Playwright on the browser; together they keep both cores busy where one after the other
// left one idle. Playwright starts once Vitest's process tests are over (they start Vitest's run):
// beside a browser and the e2e server, their servers' starts and signals missed their time limits.
const e2eRun = () => run(bin('playwright'), ['test'], { E2E_JSON: playwrightJson }, playwrightLog);
// The setup-hook reporter lists any beforeAll/afterAll over 10 s (tests/setup/preparaciones.ts);
// the other one says when the process tests are over (tests/setup/procesos-listos.ts).
const unitPending = run(
  bin('vitest'),
  [
    'run',
    '--reporter=default',
    '--reporter=./tests/setup/preparaciones.ts',
    '--reporter=./tests/setup/procesos-listos.ts',
    '--reporter=json',
    `--outputFile.json=${vitestJson}`,
    ...extra,
  ],
  { VLA_PROCESOS_LISTOS: procesosListos },
);
let unitDone = false;
void unitPending.then(() => (unitDone = true));
const e2ePending = secuencial
  ? undefined
  : (async () => {
      while (!unitDone && !fs.existsSync(procesosListos)) await new Promise((r) => setTimeout(r, 500));
      return e2eRun();
    })();
const unitStatus = await unitPending;
if (!secuencial) console.log('\nVitest terminó; los tests end-to-end (Playwright) siguen o ya terminaron:\n');
const e2eStatus = await (e2ePending ?? e2eRun());
process.stdout.write(fs.existsSync(playwrightLog) ? fs.readFileSync(playwrightLog) : '');

function readJson<T>(file: string): T | undefined {
  try {
    return JSON.parse(fs.readFileSync(file, 'utf8')) as T;
  } catch {
    return undefined;
  }
}

const vitestReport = readJson<Parameters<typeof vitestTotals>[0]>(vitestJson);
const playwrightReport = readJson<Parameters<typeof playwrightTotals>[0]>(playwrightJson);
const unitTotals = withExitStatus(vitestReport && vitestTotals(vitestReport), unitStatus);
const e2eTotals = withExitStatus(playwrightReport && playwrightTotals(playwrightReport), e2eStatus);
const total = { passed: unitTotals.passed + e2eTotals.passed, failed: unitTotals.failed + e2eTotals.failed };

fs.rmSync(tmp, { recursive: true, force: true });
console.log(`\nVitest: ${totalsLine(unitTotals)} · Playwright: ${totalsLine(e2eTotals)}`);
console.log(totalsLine(total));
process.exit(total.failed > 0 ? 1 : 0);
