import type { Page } from '@playwright/test';
import { esperarHidratacion, expect, expectAccessible, expectAccessibleAtWidths, test, viewports } from './fixtures.ts';

const CLAVE_SESION = 'municipalidad_vla';
// The browser keeps only the profile (docs/decisions/012-sesiones-y-roles.md); the session is the server's cookie.
const sesion = { user: { firstName: 'Ana', email: 'ana@example.com' } };

/** The page as the server sent it, kept still: the app's scripts load empty, so nothing runs. */
async function sinScriptsDeLaApp(page: Page): Promise<void> {
  await page.route(/\/assets\/.*\.js$/, (route) => route.fulfill({ status: 200, contentType: 'text/javascript', body: '' }));
}

async function guardarSesion(page: Page, valor: unknown): Promise<void> {
  await page.goto('/home');
  await page.evaluate(([clave, texto]) => localStorage.setItem(clave, texto), [CLAVE_SESION, JSON.stringify(valor)] as const);
}

function sesionGuardada(page: Page): Promise<string | null> {
  return page.evaluate((clave) => localStorage.getItem(clave), CLAVE_SESION);
}

test.describe('/sign-out', () => {
  test('muestra Signing out..., espera 1,5 s, borra la sesión y va a /login', async ({ page }) => {
    await guardarSesion(page, sesion);
    // The redirect comes 1.5 s after the page came alive, and the session is there until then.
    // Timed inside the page from the moment it marks itself hydrated (an observer installed before
    // any of its scripts), so neither a busy machine nor a late start of the test can blur it.
    await page.addInitScript((clave) => {
      const w = window as unknown as { medicion?: Promise<{ salioALosMs: number; sesionAntes: string | null }> };
      w.medicion = new Promise((resolve) => {
        // The root element may not exist yet when this runs: watch the whole document.
        const observador = new MutationObserver(() => {
          if (!document.documentElement?.classList.contains('hidratado')) return;
          observador.disconnect();
          const inicio = performance.now();
          let sesionAntes: string | null = null;
          const vigilar = setInterval(() => {
            if (location.pathname === '/sign-out') {
              if (performance.now() - inicio < 1000) sesionAntes = localStorage.getItem(clave);
              return;
            }
            clearInterval(vigilar);
            resolve({ salioALosMs: performance.now() - inicio, sesionAntes });
          }, 10);
        });
        observador.observe(document, { attributes: true, attributeFilter: ['class'], subtree: true });
      });
    }, CLAVE_SESION);
    await page.goto('/sign-out');
    const medicion = page.evaluate(() => (window as unknown as { medicion: Promise<{ salioALosMs: number; sesionAntes: string | null }> }).medicion);
    await expect(page).toHaveTitle('Cerrando sesión | Municipalidad de Villa La Angostura');
    const estado = page.getByRole('status');
    await expect(estado.getByRole('heading', { level: 1, name: 'Signing out...' })).toBeVisible();
    await expect(estado.getByRole('heading', { level: 1 })).toHaveAttribute('lang', 'en');
    const { salioALosMs, sesionAntes } = await medicion;
    expect(salioALosMs).toBeGreaterThanOrEqual(1400);
    expect(sesionAntes).not.toBeNull();

    await expect(page).toHaveURL(/\/login$/);
    expect(await sesionGuardada(page)).toBeNull();
  });

  test('accesible en teléfono y computadora', async ({ page }) => {
    // The screen leaves after 1.5 s; the scan looks at it as the server sent it.
    await sinScriptsDeLaApp(page);
    for (const [nombre, tamano] of Object.entries(viewports)) {
      await test.step(nombre, async () => {
        await page.setViewportSize(tamano);
        await page.goto('/sign-out');
        await expect(page.getByRole('heading', { name: 'Signing out...' })).toBeVisible();
        await expectAccessible(page);
      });
    }
  });
});

test.describe('/unauthorized', () => {
  test('responde 403 y manda a /sign-out, y de ahí a /login', async ({ page }) => {
    await guardarSesion(page, sesion);
    const response = await page.goto('/unauthorized');
    expect(response?.status()).toBe(403);
    await expect(page).toHaveURL(/\/sign-out$/);
    await expect(page.getByRole('heading', { name: 'Signing out...' })).toBeVisible();
    // 1.5 s on the screen, then /login loads: on a busy two-core machine that took more than the 5 s default.
    await expect(page).toHaveURL(/\/login$/, { timeout: 15_000 });
    expect(await sesionGuardada(page)).toBeNull();
  });
});

test.describe('/notfound y direcciones desconocidas', () => {
  for (const path of ['/notfound', '/no-existe', '/gobierno/no-existe/tampoco']) {
    test(`${path} responde 404 con el enlace Back to Home`, async ({ page }) => {
      const response = await page.goto(path);
      expect(response?.status()).toBe(404);
      await expect(page).toHaveTitle('Página no encontrada | Municipalidad de Villa La Angostura');
      await expect(page.getByRole('heading', { level: 1, name: '404 - Ooops, Something Went Wrong' })).toBeVisible();
      const volver = page.getByRole('link', { name: 'Back to Home' });
      await expect(volver).toHaveAttribute('href', '/');
      // The screen loads no JavaScript (tests/e2e/javascript.spec.ts): the link is a plain one.
      await volver.click();
      await expect(page).toHaveURL(/\/$/);
      await expect(page.getByRole('heading', { level: 1, name: 'Municipalidad de Villa La Angostura' })).toBeVisible();
    });
  }

  test('accesible en teléfono y computadora', async ({ page }) => {
    await expectAccessibleAtWidths(page, '/notfound');
  });
});

test.describe('/login', () => {
  test('sin sesión muestra el formulario de ingreso (en lugar de los botones de ejemplo del spec)', async ({ page }) => {
    await page.goto('/login');
    await expect(page).toHaveTitle('Ingresar | Municipalidad de Villa La Angostura');
    await expect(page.getByLabel('Correo electrónico')).toBeVisible();
    await expect(page.getByLabel('Contraseña')).toBeVisible();
    await expect(page.getByRole('button', { name: 'Ingresar' })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Button as link' })).toHaveCount(0);
    await expect(page.getByText('Preparing app...')).toBeHidden();
  });

  test('un perfil guardado sin sesión en el servidor no cuenta: se queda en /login y lo borra', async ({ page }) => {
    await guardarSesion(page, sesion);
    await page.goto('/login');
    // The app reads the session once it runs, after the load event (docs/decisions/010-lighthouse.md).
    await esperarHidratacion(page);
    await expect(page.getByRole('button', { name: 'Ingresar' })).toBeVisible();
    expect(new URL(page.url()).pathname).toBe('/login');
    expect(await sesionGuardada(page)).toBeNull();
  });

  test('/reservas lleva al panel (y sin sesión, al ingreso)', async ({ page }) => {
    await page.goto('/reservas');
    await expect(page).toHaveURL(/\/login\?siguiente=%2Fadmin$/);
  });

  test('el formulario llega escrito por el servidor, sin Preparing app... (la página ya tiene qué mostrar)', async ({ request }) => {
    const html = await (await request.get('/login')).text();
    expect(html).not.toContain('Preparing app...');
    expect(html).not.toContain('<noscript>');
    expect(html).toMatch(/<form[^>]*aria-label="Ingreso del personal"/);
  });

  test('accesible en teléfono y computadora', async ({ page }) => {
    for (const [nombre, tamano] of Object.entries(viewports)) {
      await test.step(nombre, async () => {
        await page.setViewportSize(tamano);
        await page.goto('/login');
        await expect(page.getByRole('button', { name: 'Ingresar' })).toBeVisible();
        await expectAccessible(page);
      });
    }
  });
});

test.describe('sin JavaScript', () => {
  test.use({ javaScriptEnabled: false });

  test('/login no se queda en Preparing app...', async ({ page }) => {
    await page.goto('/login');
    await expect(page.getByRole('button', { name: 'Ingresar' })).toBeVisible();
    await expect(page.getByText('Preparing app...')).toBeHidden();
  });

  test('/unauthorized muestra 403 y el enlace Back to Login', async ({ page }) => {
    const response = await page.goto('/unauthorized');
    expect(response?.status()).toBe(403);
    await expect(page).toHaveTitle('Acceso denegado | Municipalidad de Villa La Angostura');
    await expect(page.getByRole('heading', { level: 1, name: '403 - You Shall Not Pass' })).toBeVisible();
    const volver = page.getByRole('link', { name: 'Back to Login' });
    await expect(volver).toHaveAttribute('href', '/sign-out');
    await volver.click();
    await expect(page).toHaveURL(/\/sign-out$/);
    await expect(page.getByRole('heading', { name: 'Signing out...' })).toBeVisible();
    // A same-site navigation: nothing to confirm (docs/decisions/035-bloqueo-de-ingreso.md); without JavaScript the link goes on.
    await expect(page.getByRole('link', { name: 'Back to Login' })).toHaveAttribute('href', '/login');
  });
});

test('/unauthorized es accesible en teléfono y computadora', async ({ page }) => {
  // It leaves for /sign-out at once, with an inline line of its own (it loads no script files):
  // the scan looks at the page as the server sent it, less that line.
  await page.route(/\/unauthorized$/, async (route) => {
    const response = await route.fetch();
    const html = await response.text();
    const sinSalida = html.replace(/<script nonce="[^"]+">location\.replace\('\/sign-out'\);<\/script>/, '');
    expect(sinSalida, 'la línea que manda a /sign-out').not.toBe(html);
    await route.fulfill({ response, body: sinSalida });
  });
  for (const [nombre, tamano] of Object.entries(viewports)) {
    await test.step(nombre, async () => {
      await page.setViewportSize(tamano);
      await page.goto('/unauthorized');
      await expect(page.getByRole('heading', { name: '403 - You Shall Not Pass' })).toBeVisible();
      await expectAccessible(page);
    });
  }
});
