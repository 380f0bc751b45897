// Long pages made short and placed (docs/decisions/051-listas-largas-y-migas.md), in Chromium: the
// finance list's year filter from the keyboard (a GET form: the page loads no JavaScript), a wrong
// year, the accessibility statement's table of contents, and the breadcrumbs; axe at 390 and 1366 px.
import type { Page } from '@playwright/test';
import { expect, expectAccessible, expectAccessibleAtWidths, test, viewports } from './fixtures.ts';

const filas = (page: Page) => page.getByRole('table', { name: /^Estados contables/ }).locator('tbody tr');

test('Estados Contables: el año se elige con el teclado, queda en la dirección y la lista se acorta', async ({ page }) => {
  await page.setViewportSize(viewports.telefono);
  await page.goto('/estados-contables');
  await expect(page.getByRole('table', { name: 'Estados contables de 2026, del período más reciente al más antiguo' })).toBeVisible();
  await expect(filas(page)).toHaveCount(20);

  const anio = page.getByRole('combobox', { name: 'Año' });
  await expect(anio).toHaveValue('2026');
  await anio.focus();
  await anio.selectOption('2025');
  await page.keyboard.press('Tab');
  await expect(page.getByRole('button', { name: 'Mostrar' })).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/estados-contables\?anio=2025$/);
  await expect(page.getByRole('table', { name: 'Estados contables de 2025, del período más reciente al más antiguo' })).toBeVisible();
  await expect(filas(page)).toHaveCount(24);
  await expect(page.getByRole('combobox', { name: 'Año' })).toHaveValue('2025');
  // A phone sees one year: about a third of the 48 rows' height.
  const alto = await page.evaluate(() => document.documentElement.scrollHeight);
  expect(alto).toBeLessThan(5_000);

  await page.getByRole('combobox', { name: 'Año' }).selectOption({ label: 'Todos los años' });
  await page.getByRole('button', { name: 'Mostrar' }).click();
  await expect(page).toHaveURL(/\/estados-contables\?anio=todos$/);
  await expect(filas(page)).toHaveCount(48);
});

test('Estados Contables con un año filtrado pasa axe a 390 y 1366 px', async ({ page }) => {
  await expectAccessibleAtWidths(page, '/estados-contables?anio=2025');
});

test('Sueldos: un año que no está dice qué hacer, pasa axe, y el select lo corrige', async ({ page }) => {
  await page.setViewportSize(viewports.telefono);
  await page.goto('/sueldos?anio=1999');
  await expect(page).toHaveTitle(/^Error: Sueldos/);
  const resumen = page.getByRole('alert').filter({ hasText: 'Revisá el año' });
  await expect(resumen).toContainText('No hay informes de sueldos de 1999. Elegí uno de los años de la lista.');
  await expectAccessible(page);
  await page.setViewportSize(viewports.escritorio);
  await expectAccessible(page);
  await resumen.getByRole('link').click();
  await expect(page).toHaveURL(/#anio$/);
  await page.getByRole('combobox', { name: 'Año' }).selectOption('2025');
  await page.getByRole('button', { name: 'Mostrar' }).click();
  await expect(page).toHaveURL(/\/sueldos\?anio=2025$/);
  await expect(page.getByRole('heading', { level: 2, name: '2025' })).toBeVisible();
  await expect(page.getByRole('link', { name: /^Sueldos Aguinaldo 1er semestre 2025/ })).toBeVisible();
});

test('la declaración de accesibilidad: el índice lleva con el teclado a cada sección; axe a 390 y 1366 px', async ({ page }) => {
  await expectAccessibleAtWidths(page, '/accesibilidad');
  await page.setViewportSize(viewports.telefono);
  const indice = page.getByRole('navigation', { name: 'En esta página' });
  await expect(indice.getByRole('link')).toHaveCount(7);
  // From the intro's last link, Tab reaches the contents' first entry.
  await page.getByRole('link', { name: 'Informar una barrera', exact: true }).focus();
  await page.keyboard.press('Tab');
  await expect(indice.getByRole('link', { name: 'Compromiso y objetivo' })).toBeFocused();
  await page.keyboard.press('Tab');
  await page.keyboard.press('Tab');
  const autoevaluacion = indice.getByRole('link', { name: 'Autoevaluación' });
  await expect(autoevaluacion).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/#autoevaluacion$/);
  await expect(page.getByRole('heading', { level: 2, name: 'Autoevaluación' })).toBeInViewport();
  // The next Tab goes on from the section, not from the top of the page: the first link after it.
  await page.keyboard.press('Tab');
  const despues = await page.evaluate(() => {
    const titulo = document.getElementById('autoevaluacion')!;
    return Boolean(document.activeElement && titulo.compareDocumentPosition(document.activeElement) & Node.DOCUMENT_POSITION_FOLLOWING);
  });
  expect(despues).toBe(true);
});

test('las migas: debajo del encabezado, la página actual marcada, Inicio con el teclado', async ({ page }) => {
  await page.setViewportSize(viewports.telefono);
  await page.goto('/sueldos');
  const migas = page.getByRole('navigation', { name: 'Ruta de navegación' });
  await expect(migas.getByRole('listitem')).toHaveText(['Inicio', 'Sueldos']);
  await expect(migas.getByText('Sueldos')).toHaveAttribute('aria-current', 'page');
  await expect(migas).toBeInViewport();
  await migas.getByRole('link', { name: 'Inicio' }).focus();
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByRole('navigation', { name: 'Ruta de navegación' })).toHaveCount(0);
});
