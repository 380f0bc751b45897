import { afterEach, beforeEach, vi } from 'vitest';

// console.error fails a test (STYLE: habits): an error nobody expected is a defect.
let consoleErrors: unknown[][] = [];
beforeEach(() => {
  consoleErrors = [];
  vi.spyOn(console, 'error').mockImplementation((...args: unknown[]) => {
    consoleErrors.push(args);
  });
});
afterEach(() => {
  vi.restoreAllMocks();
  if (consoleErrors.length > 0) {
    throw new Error(`console.error durante el test: ${consoleErrors.map((args) => args.map(String).join(' ')).join('\n')}`);
  }
});
