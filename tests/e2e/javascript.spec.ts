// JavaScript only where a page needs it (docs/architecture.md, "JavaScript sólo donde hace falta"):
// static pages load no script file and no module preload, print the version with one inline line
// and keep their menus working on CSS alone; pages with behaviour load their scripts once the page
// has loaded, and hydrate.
import type { APIRequestContext, Page } from '@playwright/test';
import { PAGINAS_PUBLICAS } from '#server/feeds.ts';
import { esperarHidratacion, expect, test, viewports } from './fixtures.ts';

const ESTATICAS = [
  '/areas',
  '/ejecutivo',
  '/concejo-deliverante',
  '/plan-estrategico',
  '/estados-contables',
  '/sueldos',
  '/datos',
  '/boletines-oficiales',
  '/consulta-ordenanzas',
  '/observatorio-vial',
  '/solicitud-decretos/estado',
  '/accesibilidad',
  '/buscar?q=sueldos',
  '/notfound',
  '/una-pagina-que-no-existe',
];
const CON_SCRIPTS = [
  '/',
  '/home',
  '/solicitud-decretos',
  '/seguimiento-vehiculos',
  '/mi-calle',
  '/reclamos',
  '/reclamos/nuevo',
  '/reclamos/nuevo?categoria=bache',
  '/login',
  '/sign-out',
];
const VERSION = /^Municipalidad de Villa La Angostura \d+\.\d+\.\d+ \(build \d+, \d{4}-\d{2}-\d{2}T[\d:.]+Z\)$/;

/** Every JavaScript file the page asks for from now on. */
function pedidosDeJavaScript(page: Page): string[] {
  const pedidos: string[] = [];
  page.on('request', (request) => {
    if (request.resourceType() === 'script' || new URL(request.url()).pathname.endsWith('.js')) pedidos.push(request.url());
  });
  return pedidos;
}

/** The address of an ordinance's own page, as the search lists it. */
async function paginaDeUnaOrdenanza(request: APIRequestContext): Promise<string> {
  const html = await (await request.get('/consulta-ordenanzas')).text();
  const ruta = /href="(\/consulta-ordenanzas\/\d+\/\d+)"/.exec(html)?.[1];
  expect(ruta, 'la consulta enlaza a la página de cada ordenanza').toBeTruthy();
  return ruta!;
}

/** Loads a static page and checks it used no JavaScript file, printing the version all the same. */
async function abrirEstatica(page: Page, ruta: string): Promise<void> {
  const pedidos = pedidosDeJavaScript(page);
  const version = page.waitForEvent('console', (message) => message.text().startsWith('Municipalidad de Villa La Angostura'));
  await page.goto(ruta);
  const mensaje = await version;
  expect(mensaje.type()).toBe('info');
  expect(mensaje.text()).toMatch(VERSION);
  await expect(page.locator('script[src]')).toHaveCount(0);
  await expect(page.locator('link[rel="modulepreload"]')).toHaveCount(0);
  // goto waited for the load event: every file the page asks for on its own has been asked for.
  expect(pedidos, `archivos de JavaScript pedidos por ${ruta}`).toEqual([]);
  await expect(page.locator('html')).not.toHaveClass(/hidratado/);
}

function botonMenu(page: Page, nombre: string) {
  return page.getByRole('navigation', { name: 'Principal' }).getByRole('button', { name: nombre, exact: true });
}

test('cada página pública está clasificada: estática o con scripts', () => {
  for (const ruta of PAGINAS_PUBLICAS) expect([...ESTATICAS, ...CON_SCRIPTS], ruta).toContain(ruta);
});

test.describe('páginas estáticas', () => {
  for (const ruta of ESTATICAS) {
    const conMenu = !['/notfound', '/una-pagina-que-no-existe'].includes(ruta);
    test(`${ruta}: ningún archivo de JavaScript, la versión en la consola${conMenu ? ', y el menú Ciudadano se abre' : ''}`, async ({ page }) => {
      await page.setViewportSize(viewports.escritorio);
      await abrirEstatica(page, ruta);
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
      // The same load serves the menu's check: one load per page (the menus work without scripts).
      if (conMenu) {
        const ciudadano = botonMenu(page, 'Ciudadano');
        await ciudadano.click();
        const lista = page.locator(`[id="${await ciudadano.getAttribute('aria-controls')}"]`);
        await expect(lista.getByRole('link', { name: 'Consulta de Ordenanzas', exact: true })).toBeVisible();
      }
    });
  }

  test('la página de una ordenanza, y la de una que no existe', async ({ page, request }) => {
    await abrirEstatica(page, await paginaDeUnaOrdenanza(request));
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(/^Ordenanza N° \d+\/\d+$/);
    await abrirEstatica(page, '/consulta-ordenanzas/1900/999999');
    await expect(page.getByRole('heading', { level: 1, name: 'Ordenanza no encontrada' })).toBeVisible();
  });

  test('el formulario del estado de una solicitud funciona sin scripts', async ({ page }) => {
    await abrirEstatica(page, '/solicitud-decretos/estado');
    const pedidos = pedidosDeJavaScript(page);
    await page.getByLabel('Código de seguimiento').fill('SD-2000-000001');
    await page.getByRole('button', { name: 'Consultar' }).click();
    await expect(page).toHaveURL(/\/solicitud-decretos\/estado\?codigo=SD-2000-000001$/);
    await expect(page.getByText('No encontramos una solicitud con el código SD-2000-000001.')).toBeVisible();
    expect(pedidos).toEqual([]);
  });

  test('/unauthorized manda a /sign-out con una línea en la página, sin archivos de JavaScript', async ({ page }) => {
    const pedidos: string[] = [];
    let enSignOut = false;
    page.on('request', (request) => {
      if (new URL(request.url()).pathname === '/sign-out') enSignOut = true;
      // What /sign-out loads is its own business (it hydrates): only what came before counts.
      else if (!enSignOut && (request.resourceType() === 'script' || new URL(request.url()).pathname.endsWith('.js'))) pedidos.push(request.url());
    });
    await page.goto('/notfound');
    const historial = await page.evaluate(() => history.length);
    const respuesta = page.waitForResponse((r) => new URL(r.url()).pathname === '/unauthorized');
    await page.goto('/unauthorized', { waitUntil: 'commit' });
    expect((await respuesta).status()).toBe(403);
    await expect(page).toHaveURL(/\/sign-out$/);
    await expect(page.getByRole('heading', { name: 'Signing out...' })).toBeVisible();
    expect(pedidos).toEqual([]);
    // /sign-out took the place of /unauthorized in the history, as the original's redirect does.
    expect(await page.evaluate(() => history.length)).toBe(historial + 1);
    await page.goBack();
    await expect(page).toHaveURL(/\/notfound$/);
  });

  test.describe('los menús funcionan sin scripts', () => {
    test('en computadora se abren con el foco y llevan a su página', async ({ page }) => {
      await page.setViewportSize(viewports.escritorio);
      await abrirEstatica(page, '/areas');
      const gobierno = botonMenu(page, 'Gobierno');
      await expect(gobierno).not.toHaveAttribute('aria-expanded');
      const lista = page.locator(`[id="${await gobierno.getAttribute('aria-controls')}"]`);
      await expect(lista).toBeHidden();
      await gobierno.click();
      await expect(lista.getByRole('link', { name: 'Ejecutivo', exact: true })).toBeVisible();
      await page.keyboard.press('Tab');
      await expect(lista.getByRole('link').first()).toBeFocused();
      const ciudadano = botonMenu(page, 'Ciudadano');
      await ciudadano.focus();
      await expect(lista).toBeHidden();
      await expect(
        page
          .locator(`[id="${await ciudadano.getAttribute('aria-controls')}"]`)
          .getByRole('link')
          .first(),
      ).toBeVisible();
      await gobierno.click();
      await lista.getByRole('link', { name: 'Ejecutivo', exact: true }).click();
      await expect(page).toHaveURL(/\/ejecutivo$/);
      await expect(page.getByRole('heading', { level: 1, name: 'Ejecutivo' })).toBeVisible();
    });

    test('en teléfono el botón Menú muestra la navegación', async ({ page }) => {
      await page.setViewportSize(viewports.telefono);
      await abrirEstatica(page, '/sueldos');
      const gobierno = botonMenu(page, 'Gobierno');
      await expect(gobierno).toBeHidden();
      await page.getByRole('button', { name: 'Menú' }).click();
      await expect(gobierno).toBeVisible();
      await gobierno.click();
      const areas = page.getByRole('navigation', { name: 'Principal' }).getByRole('link', { name: 'Áreas', exact: true });
      await expect(areas).toBeVisible();
      await areas.click();
      await expect(page).toHaveURL(/\/areas$/);
    });
  });
});

test.describe('páginas con comportamiento', () => {
  for (const ruta of CON_SCRIPTS) {
    test(`${ruta}: se muestra sin esperar sus scripts, los pide después de cargar y se hidrata`, async ({ page, request }) => {
      const pedidos = pedidosDeJavaScript(page);
      await page.goto(ruta);
      await esperarHidratacion(page);
      expect(pedidos.length).toBeGreaterThan(0);
      // The HTML as sent asks for no script file: the page paints with its CSS alone
      // (docs/decisions/010-lighthouse.md); React Router's module script waits, inert, for the loader.
      const html = await (await request.get(ruta)).text();
      expect(html).toContain('rel="stylesheet"');
      expect(html).not.toContain('rel="modulepreload"');
      expect(html).not.toMatch(/<script\b[^>]*\b(type="module"|src=)/);
      // Every script file was asked for after the load event.
      const tiempos = await page.evaluate(() => {
        const [navegacion] = performance.getEntriesByType('navigation') as PerformanceNavigationTiming[];
        const scripts = performance.getEntriesByType('resource').filter((r) => new URL(r.name).pathname.endsWith('.js'));
        return { carga: navegacion!.loadEventEnd, primerScript: Math.min(...scripts.map((r) => r.startTime)) };
      });
      expect(tiempos.primerScript).toBeGreaterThanOrEqual(tiempos.carga);
    });
  }
});
