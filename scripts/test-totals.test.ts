import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { playwrightTotals, totalsLine, vitestTotals, withExitStatus } from './test-totals.ts';

describe('los totales de npm test', () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'vla-totales-'));
  afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

  it('cuentan como fallado un archivo cuyo beforeAll falla, con los tests que no corrieron', () => {
    // A real Vitest report: one file whose setup fails, one that passes, one that does not import.
    fs.writeFileSync(path.join(dir, 'falla.test.mjs'), "beforeAll(() => { throw new Error('sin base'); });\nit('uno', () => {});\nit('dos', () => {});\n");
    fs.writeFileSync(path.join(dir, 'pasa.test.mjs'), "it('tres', () => {});\n");
    fs.writeFileSync(path.join(dir, 'no-importa.test.mjs'), "import './no-existe.mjs';\nit('cuatro', () => {});\n");
    const report = path.join(dir, 'report.json');
    const vitest = path.resolve('node_modules/vitest/vitest.mjs');
    const run = spawnSync(process.execPath, [vitest, 'run', '--root', dir, '--globals', '--reporter=json', `--outputFile.json=${report}`], {
      encoding: 'utf8',
      env: { ...process.env, CI: '1' },
    });
    expect(run.status).not.toBe(0);
    const totals = withExitStatus(vitestTotals(JSON.parse(fs.readFileSync(report, 'utf8'))), run.status);
    expect(totalsLine(totals)).toBe('1 passed, 3 failed');
  });

  it('cuentan los errores de Playwright fuera de los tests (el servidor no arrancó)', () => {
    expect(playwrightTotals({ stats: { expected: 0, unexpected: 0, flaky: 0 }, errors: [{ message: 'Timed out waiting for webServer' }] })).toEqual({
      passed: 0,
      failed: 1,
    });
    expect(playwrightTotals({ stats: { expected: 5, unexpected: 1, flaky: 1 }, errors: [] })).toEqual({ passed: 6, failed: 1 });
  });

  it('cuentan una falla si el runner terminó con error sin informar ninguna', () => {
    expect(withExitStatus(undefined, 1)).toEqual({ passed: 0, failed: 1 });
    expect(withExitStatus({ passed: 3, failed: 0 }, 0)).toEqual({ passed: 3, failed: 0 });
  });
});
