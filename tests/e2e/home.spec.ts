import type { Page } from '@playwright/test';
import { buildNavigation } from '#app/components/layout/navigation.ts';
import { defaultSiteSettings } from '#domain/sitio/settings.ts';
import { abrirHidratada, expect, expectAccessible, expectAccessibleAtWidths, test, viewports } from './fixtures.ts';

const { enlaces } = defaultSiteSettings;
const NUEVA_PESTANA = '(se abre en una pestaña nueva)';

// layout.spec.ts checks the dropdowns against the spec's table; the boxes show the same entries,
// so they are checked against the structure both are built from.
const cajas = buildNavigation(defaultSiteSettings).filter((menu) => menu.id !== 'empleados');

const destinos = [
  { opcion: 'Certificados Médicos', valor: 'certificados-medicos', url: enlaces.chatCertificadosMedicos },
  { opcion: 'Recursos Humanos', valor: 'recursos-humanos', url: enlaces.chatRecursosHumanos },
  { opcion: 'Recibos', valor: 'recibos', url: enlaces.recibosSueldo },
];

function caja(page: Page, titulo: string) {
  return page
    .getByRole('main')
    .locator('section')
    .filter({ has: page.getByRole('heading', { level: 2, name: titulo, exact: true }) });
}

test('/ y /home muestran el inicio con su título y descripción', async ({ page }) => {
  for (const path of ['/', '/home']) {
    const response = await page.goto(path);
    expect(response?.status()).toBe(200);
    await expect(page).toHaveTitle('Inicio | Municipalidad de Villa La Angostura');
    await expect(page.locator('meta[name="description"]')).toHaveAttribute('content', /Villa La Angostura/);
    await expect(page.getByRole('heading', { level: 1, name: 'Municipalidad de Villa La Angostura' })).toBeVisible();
  }
});

test('las cajas Gobierno, Ciudadano y Turismo tienen los mismos enlaces que los menús', async ({ page }) => {
  await page.setViewportSize(viewports.escritorio);
  await abrirHidratada(page, '/home');
  expect(cajas.map((menu) => menu.label)).toEqual(['Gobierno', 'Ciudadano', 'Turismo']);
  for (const menu of cajas) {
    await test.step(menu.label, async () => {
      const enlacesCaja = caja(page, menu.label).getByRole('link');
      await expect(enlacesCaja).toHaveCount(menu.entries.length);
      for (const [i, entrada] of menu.entries.entries()) {
        const enlace = enlacesCaja.nth(i);
        await expect(enlace).toBeVisible();
        await expect(enlace).toHaveAttribute('href', entrada.href);
        if (entrada.external) {
          await expect(enlace).toHaveAccessibleName(`${entrada.label} ${NUEVA_PESTANA}`);
          await expect(enlace).toHaveAttribute('target', '_blank');
          await expect(enlace).toHaveAttribute('rel', 'noopener noreferrer');
        } else {
          await expect(enlace).toHaveAccessibleName(entrada.label);
        }
      }
    });
  }
  // The spec's Turismo box: the four entries, all to the tourism site.
  await expect(caja(page, 'Turismo').getByRole('link')).toHaveText([/^Descubrí/, /^Organizá/, /^Explorá/, /^Disfrutá de VLA y sus eventos/]);
});

test('el banner Entérate las últimas novedades lleva a Noticias en otra pestaña', async ({ page }) => {
  await abrirHidratada(page, '/home');
  const banner = caja(page, 'Entérate las últimas novedades');
  const noticias = banner.getByRole('link', { name: `Noticias ${NUEVA_PESTANA}` });
  await expect(noticias).toBeVisible();
  await expect(noticias).toHaveAttribute('href', enlaces.noticias);
  await expect(noticias).toHaveAttribute('target', '_blank');
  await expect(noticias).toHaveAttribute('rel', 'noopener noreferrer');
});

test('el banner Acceso Empleados ofrece los tres destinos', async ({ page }) => {
  await abrirHidratada(page, '/home');
  const banner = caja(page, 'Acceso Empleados');
  const selector = banner.getByRole('combobox');
  await expect(selector).toHaveAccessibleName('Seleccioná a dónde querés ingresar');
  await expect(selector.locator('option')).toHaveText(destinos.map((destino) => destino.opcion));
  await expect(banner.getByRole('button', { name: 'INGRESAR' })).toBeVisible();
});

test('INGRESAR lleva a cada destino de Acceso Empleados', async ({ page }) => {
  for (const destino of destinos) {
    await test.step(destino.opcion, async () => {
      await abrirHidratada(page, '/home');
      await page.getByLabel('Seleccioná a dónde querés ingresar').selectOption({ label: destino.opcion });
      await page.getByRole('button', { name: 'INGRESAR' }).click();
      await expect(page).toHaveURL(destino.url);
    });
  }
});

test('un destino desconocido vuelve al inicio', async ({ page }) => {
  await page.goto('/acceso-empleados?destino=otro');
  await expect(page).toHaveURL(/\/home$/);
});

test('la página llega completa desde el servidor', async ({ request }) => {
  const response = await request.get('/home');
  expect(response.status()).toBe(200);
  const html = await response.text();
  for (const texto of [
    'Saltar al contenido',
    'Acceso Empleados',
    'INGRESAR',
    'Entérate las últimas novedades',
    'Noticias',
    '2025 Todos los derechos reservados',
    ...cajas.flatMap((menu) => menu.entries.map((entrada) => entrada.label)),
  ]) {
    expect(html, texto).toContain(texto);
  }
  expect(html).not.toMatch(/\sstyle="/);
});

test.describe('sin JavaScript', () => {
  test.use({ javaScriptEnabled: false });

  test('los menús se abren con el foco y el formulario de empleados funciona', async ({ page }) => {
    await page.setViewportSize(viewports.escritorio);
    await page.goto('/home');
    const nav = page.getByRole('navigation', { name: 'Principal' });
    const areas = nav.getByRole('link', { name: 'Áreas', exact: true });
    await expect(areas).toBeHidden();
    await nav.getByRole('button', { name: 'Gobierno' }).click();
    await expect(areas).toBeVisible();
    await expect(areas).toHaveAttribute('href', '/areas');

    await page.getByLabel('Seleccioná a dónde querés ingresar').selectOption({ label: 'Recibos' });
    await page.getByRole('button', { name: 'INGRESAR' }).click();
    await expect(page).toHaveURL(enlaces.recibosSueldo);
  });
});

test('accesible en teléfono y computadora', async ({ page }) => {
  await expectAccessibleAtWidths(page, '/home');
});

test('accesible con el menú de teléfono abierto', async ({ page }) => {
  await page.setViewportSize(viewports.telefono);
  await abrirHidratada(page, '/home');
  await page.getByRole('button', { name: 'Menú' }).click();
  await page.getByRole('navigation', { name: 'Principal' }).getByRole('button', { name: 'Empleados' }).click();
  await expectAccessible(page);
});
