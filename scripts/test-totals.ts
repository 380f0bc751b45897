// The totals `npm test` prints, from the runners' JSON reports. A test file whose setup failed (an
// import, a beforeAll) reports its tests as skipped or none at all, and the runners' own counts
// leave it out: here each of those tests counts as failed, and such a file counts at least one.

export type Totals = { passed: number; failed: number };

type VitestReport = {
  testResults?: { status: string; assertionResults?: { status: string }[] }[];
};

type PlaywrightReport = {
  stats?: { expected?: number; unexpected?: number; flaky?: number };
  // Errors outside any test: global setup, the web server that did not start, a spec that did not load.
  errors?: unknown[];
};

export function vitestTotals(report: VitestReport): Totals {
  let passed = 0;
  let failed = 0;
  for (const file of report.testResults ?? []) {
    const tests = file.assertionResults ?? [];
    const ok = tests.filter((t) => t.status === 'passed').length;
    passed += ok;
    if (file.status === 'failed') failed += Math.max(1, tests.length - ok);
    else failed += tests.filter((t) => t.status === 'failed').length;
  }
  return { passed, failed };
}

export function playwrightTotals(report: PlaywrightReport): Totals {
  const stats = report.stats ?? {};
  return {
    passed: (stats.expected ?? 0) + (stats.flaky ?? 0),
    failed: (stats.unexpected ?? 0) + (report.errors?.length ?? 0),
  };
}

/**
 * A runner that exited with an error but whose report shows no failure (it crashed, could not
 * start, or wrote no report) counts as one failure, so the total never looks clean when it is not.
 */
export function withExitStatus(totals: Totals | undefined, status: number | null): Totals {
  const t = totals ?? { passed: 0, failed: 0 };
  return status !== 0 && t.failed === 0 ? { ...t, failed: 1 } : t;
}

export const totalsLine = (t: Totals) => `${t.passed} passed, ${t.failed} failed`;
