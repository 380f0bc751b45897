import fs from 'node:fs';
import AxeBuilder from '@axe-core/playwright';
import { type Browser, type Page, test as base, expect } from '@playwright/test';

export { expect };

export const viewports = {
  telefono: { width: 390, height: 844 },
  escritorio: { width: 1366, height: 900 },
} as const;

type Fixtures = {
  /** Console errors and page errors seen so far; a test fails if any remain at its end. */
  consoleErrors: string[];
};

/**
 * The map's tiles: playwright.config.ts points MAP_TILE_URL at another origin, whose images are
 * answered with this plain 256 px tile (land and two streets), a valid PNG.
 */
const TESELA = fs.readFileSync(new URL('./tesela.png', import.meta.url));

/**
 * Every test: requests leave only for this site (no internet here, and no test may depend on it),
 * and a console error or an uncaught exception (a CSP violation, a hydration mismatch) fails it.
 * A request to an external link is answered by a stub page so navigation to it can be asserted;
 * an image from another origin (the map's tiles) by a tile.
 */
export const test = base.extend<Fixtures>({
  consoleErrors: [
    async ({ page, baseURL }, use) => {
      const errors: string[] = [];
      const origin = new URL(baseURL ?? 'http://127.0.0.1').origin;
      await page.route(
        (url) => url.origin !== origin && url.protocol.startsWith('http'),
        (route) =>
          route.request().resourceType() === 'image'
            ? route.fulfill({ status: 200, contentType: 'image/png', body: TESELA })
            : route.fulfill({ status: 200, contentType: 'text/html', body: '<!doctype html><title>externo</title><p>externo</p>' }),
      );
      // Pages answered 400, 403, 404, 410, 413, 416 or 429 on purpose make Chromium log 'Failed to load
      // resource: …' once each (an upload's XMLHttpRequest too, app/features/admin/subida-con-progreso.tsx); exactly those lines are expected, any other error is not. So does
      // the vehicle map's live stream when it is refused (the page says so and tries again later).
      const expected: string[] = [];
      page.on('response', (response) => {
        const kind = response.request().resourceType();
        if (
          response.url().startsWith(origin) &&
          (kind === 'document' || kind === 'fetch' || kind === 'xhr' || kind === 'eventsource') &&
          [400, 403, 404, 410, 413, 416, 429].includes(response.status())
        ) {
          expected.push(`Failed to load resource: the server responded with a status of ${response.status()} (${response.statusText()})`);
        }
      });
      page.on('console', (message) => {
        if (message.type() === 'error') errors.push(message.text());
      });
      page.on('pageerror', (error) => errors.push(error.message));
      await use(errors);
      const unexpected = [...errors];
      for (const line of expected) {
        const i = unexpected.indexOf(line);
        if (i >= 0) unexpected.splice(i, 1);
      }
      expect(unexpected, 'errores en la consola del navegador').toEqual([]);
    },
    { auto: true },
  ],
});

/**
 * Waits until the app has hydrated (the root component marks `<html class="hidratado">`). A page
 * with behaviour asks for its scripts only after the load event and a frame, then fetches its
 * modules a level at a time (docs/decisions/010-lighthouse.md): on a machine loaded by other work
 * that took more than Playwright's default 5 s, so this one wait allows 20 s. What it checks is
 * that the page hydrates, not how fast: `npm run bench -- lighthouse` measures that.
 */
export async function esperarHidratacion(page: Page): Promise<void> {
  await expect(page.locator('html')).toHaveClass(/\bhidratado\b/, { timeout: 20_000 });
}

/** Opens a path and waits until the app has hydrated. */
export async function abrirHidratada(page: Page, path: string): Promise<void> {
  await page.goto(path);
  await esperarHidratacion(page);
}

/**
 * The map's vehicle markers, the one exception to WCAG 2.2's target size (2.5.8) that this site
 * takes: a marker stands where its vehicle is, so two vehicles on one street overlap, and the
 * criterion's "essential" exception names exactly this case ("in digital maps, the position of
 * pins"). The page's list of vehicles says the same in text (docs/decisions/015-seguimiento-de-vehiculos.md),
 * every other rule still applies to the markers, and `vehiculos.spec.ts` checks each is 24 px or more.
 */
const MARCADOR_DE_MAPA = '.leaflet-marker-icon';

/** axe-core scan for WCAG 2.0, 2.1 and 2.2 A and AA; fails listing each violation and its nodes. */
export async function expectAccessible(page: Page): Promise<void> {
  // The page's stylesheets first: a link followed before hydration loads a whole document, and on a
  // busy machine axe could otherwise measure it before its CSS arrives (unstyled 17 px links).
  await page.waitForLoadState('load');
  // axe.run in the page itself (the builder's legacy mode) instead of a partial run per frame finished in a
  // new blank page that loads axe again: the site has no frames, and each scan saved that page's
  // opening. Only violations carry their nodes' details (axe's documented speed option): passes and
  // inapplicable rules are not read here. (docs/decisions/046-tests-por-tipo.md)
  // (`options` replaces what the builder holds, so it goes before the tags.)
  const results = await new AxeBuilder({ page })
    .options({ resultTypes: ['violations'] })
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22a', 'wcag22aa'])
    .setLegacyMode()
    .analyze();
  for (const v of results.violations.filter((r) => r.id === 'target-size')) {
    const esMarcador = await page.evaluate(({ selectores, marcador }) => selectores.map((s) => document.querySelector(s)?.matches(marcador) === true), {
      selectores: v.nodes.map((n) => n.target.join(' ')),
      marcador: MARCADOR_DE_MAPA,
    });
    v.nodes = v.nodes.filter((_, i) => !esMarcador[i]);
  }
  const summary = results.violations
    .filter((v) => v.nodes.length > 0)
    .map((v) => `${v.id} (${v.impact}): ${v.help}\n${v.nodes.map((n) => `    ${n.target.join(' ')}: ${n.failureSummary ?? ''}`).join('\n')}`);
  expect(summary, `violaciones de accesibilidad en ${page.url()}`).toEqual([]);
}

/**
 * Opens a path at the first width and runs the scan at each width, resizing the page it loaded:
 * the styles at each width are what axe checks, and one load per page is enough for that.
 */
export async function expectAccessibleAtWidths(page: Page, path: string): Promise<void> {
  let loaded = false;
  for (const [name, size] of Object.entries(viewports)) {
    await test.step(`axe en ${name}`, async () => {
      await page.setViewportSize(size);
      if (!loaded) await page.goto(path);
      loaded = true;
      await expectAccessible(page);
    });
  }
}

/**
 * Signs a staff person in through the login form, lands on `destino` and saves the session to `archivo`,
 * for a spec's `test.use({ storageState })`: one sign-in per spec file instead of one per test.
 */
export async function guardarSesion(
  browser: Browser,
  baseURL: string | undefined,
  persona: { email: string; clave: string },
  destino: string,
  archivo: string,
): Promise<void> {
  const contexto = await browser.newContext({ baseURL, locale: 'es-AR', timezoneId: 'America/Argentina/Buenos_Aires' });
  const page = await contexto.newPage();
  await page.goto(`/login?siguiente=${encodeURIComponent(destino)}`);
  // A spec whose tests run on both workers signs in once per worker, and the context of the second
  // already carries the first one's saved session (the spec's `storageState`): /login sends it on.
  if (new URL(page.url()).pathname !== destino) {
    await expect(page.getByRole('heading', { level: 1, name: 'Ingreso del personal municipal' })).toBeVisible();
    await page.getByLabel('Correo electrónico').fill(persona.email);
    await page.getByLabel('Contraseña').fill(persona.clave);
    await page.getByRole('button', { name: 'Ingresar' }).click();
    await expect(page).toHaveURL((url) => url.pathname === destino);
  }
  await contexto.storageState({ path: archivo });
  await contexto.close();
}
