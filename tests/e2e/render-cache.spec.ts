import type { Page } from '@playwright/test';
import { esperarHidratacion, expect, test } from './fixtures.ts';

/** CSP violations the page reports, recorded from before its first script. */
async function recordViolations(page: Page): Promise<() => Promise<string[]>> {
  await page.addInitScript(() => {
    const seen: string[] = [];
    (window as unknown as { violaciones: string[] }).violaciones = seen;
    document.addEventListener('securitypolicyviolation', (event) => seen.push(`${event.violatedDirective} ${event.blockedURI}`));
  });
  return () => page.evaluate(() => (window as unknown as { violaciones: string[] }).violaciones);
}

// A page from the render cache carries no nonce: its CSP names each inline script by its hash
// (docs/decisions/007-cache-de-paginas.md). Chromium must run them all and report no violation, on
// the visit that fills the cache and on the one it answers: a page with behaviour hydrates, a static
// page (docs/decisions/008-javascript-solo-donde-hace-falta.md) prints its version line from its
// one inline script. (The fixture's request routing turns Chromium's HTTP cache off, so 304 is
// tested in tests/http/render-cache.test.ts.)
const versionLine = (page: Page) => page.waitForEvent('console', (message) => message.text().startsWith('Municipalidad de Villa La Angostura'));

test('una página de la caché corre sus scripts bajo la CSP, al llenarla y al responder de ella', async ({ page }) => {
  const violations = await recordViolations(page);
  // Query strings of their own: no other test fills these entries first.
  for (const [url, hidrata] of [
    ['/solicitud-decretos?prueba=cache-e2e', true],
    ['/plan-estrategico?prueba=cache-e2e', false],
  ] as const) {
    // The first visit fills the entry and the next is answered from it. A write elsewhere in the run
    // (another test's, a scheduled job's) raises the content version and empties the cache between
    // the two: then the next visit fills it again, and the one after is the hit. Each visit is checked.
    const visitas: string[] = [];
    while (visitas.length < 5 && visitas.at(-1) !== 'hit') {
      const version = versionLine(page);
      const response = await page.goto(url);
      visitas.push(response?.headers()['x-cache'] ?? '');
      const csp = response?.headers()['content-security-policy'] ?? '';
      expect(csp).toMatch(/script-src 'self' 'sha256-/);
      expect(csp).not.toContain('nonce-');
      await version;
      if (hidrata) await esperarHidratacion(page);
      expect(await violations()).toEqual([]);
    }
    expect(visitas[0], url).toBe('miss');
    expect(visitas.at(-1), url).toBe('hit');
  }
});

test('una página que no se guarda sigue con su nonce, distinto en cada respuesta', async ({ page }) => {
  const violations = await recordViolations(page);
  const first = await page.goto('/solicitud-decretos/estado');
  const version = versionLine(page);
  const second = await page.goto('/solicitud-decretos/estado');
  const nonce = (r: typeof first) => /'nonce-([^']+)'/.exec(r?.headers()['content-security-policy'] ?? '')?.[1];
  expect(first?.headers()['x-cache']).toBe('bypass');
  expect(nonce(first)).toBeTruthy();
  expect(nonce(second)).not.toBe(nonce(first));
  // Its inline script ran under the nonce of its own response.
  await version;
  expect(await violations()).toEqual([]);
});
