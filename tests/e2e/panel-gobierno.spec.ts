import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Browser } from '@playwright/test';
import { DEMO_USUARIOS } from '#server/demo/usuarios.ts';
import { esperarHidratacion, expect, expectAccessible, expectAccessibleAtWidths, test } from './fixtures.ts';

// The Gobierno back-office and the site settings against the run's one server. The
// editor and the administrator sign in once each. The area this spec changes is one it adds
// itself (named «Área e2e …», last in the order) and deletes at the end: the demo areas, which
// gobierno.spec.ts reads, are only read. The settings page is only scanned, never saved.
test.describe.configure({ mode: 'serial' });

const [ADMIN, EDITOR] = DEMO_USUARIOS as [(typeof DEMO_USUARIOS)[number], (typeof DEMO_USUARIOS)[number]];
const carpeta = fs.mkdtempSync(path.join(os.tmpdir(), 'vla-e2e-gobierno-'));
const SESION_EDITOR = path.join(carpeta, 'editor.json');
const SESION_ADMIN = path.join(carpeta, 'admin.json');
for (const archivo of [SESION_EDITOR, SESION_ADMIN]) fs.writeFileSync(archivo, JSON.stringify({ cookies: [], origins: [] }));

const SUFIJO = Date.now().toString(36);
const AREA = `Área e2e ${SUFIJO}`;
/** The page of the area this spec adds. */
let enlaceArea = '';

async function ingresar(browser: Browser, baseURL: string | undefined, cuenta: { email: string; clave: string }, archivo: string) {
  const contexto = await browser.newContext({
    baseURL,
    locale: 'es-AR',
    timezoneId: 'America/Argentina/Buenos_Aires',
    storageState: { cookies: [], origins: [] },
  });
  const page = await contexto.newPage();
  await page.goto('/login?siguiente=%2Fadmin');
  await page.getByLabel('Correo electrónico').fill(cuenta.email);
  await page.getByLabel('Contraseña').fill(cuenta.clave);
  await page.getByRole('button', { name: 'Ingresar' }).click();
  await expect(page).toHaveURL(/\/admin$/);
  await contexto.storageState({ path: archivo });
  await contexto.close();
}

test.beforeAll(async ({ browser, baseURL }) => {
  await ingresar(browser, baseURL, EDITOR, SESION_EDITOR);
  await ingresar(browser, baseURL, ADMIN, SESION_ADMIN);
});

test.describe('como editor', () => {
  test.use({ storageState: SESION_EDITOR });

  test('un editor agrega un área, cambia su teléfono y lo ve en /areas; después la borra con la confirmación', async ({ page }) => {
    await page.goto('/admin');
    await esperarHidratacion(page);
    const menu = page.getByRole('navigation', { name: 'Menú del panel' });
    await expect(menu.getByRole('link', { name: 'Ajustes' })).toHaveCount(0);
    await menu.getByRole('link', { name: 'Gobierno' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Gobierno' })).toBeVisible();
    await page.getByRole('link', { name: 'Áreas', exact: true }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Áreas' })).toBeVisible();

    // A mistake first: the summary names it and what was typed stays.
    const alta = page.getByRole('form', { name: 'Agregar un área' });
    await alta.getByLabel('Domicilio').fill('Calle de Prueba 123');
    await alta.getByRole('button', { name: 'Agregar' }).click();
    await expect(page.getByRole('alert').filter({ hasText: 'Revisá los datos' })).toContainText('Completá «Nombre».');
    await expect(alta.getByLabel('Domicilio')).toHaveValue('Calle de Prueba 123');

    await alta.getByLabel('Nombre').fill(AREA);
    await alta.getByLabel('Teléfono').fill('+54 294 400-1111');
    await alta.getByRole('button', { name: 'Agregar' }).click();
    await expect(page).toHaveURL(/\/admin\/gobierno\/areas\/\d+\?aviso=alta$/);
    enlaceArea = new URL(page.url()).pathname;
    await expect(page.getByRole('status')).toHaveText('Lo agregamos: la página pública ya lo muestra.');

    await page.getByLabel('Teléfono').fill('+54 294 455-6677');
    await page.getByRole('button', { name: 'Guardar cambios' }).click();
    await expect(page.getByRole('status')).toHaveText('Guardamos los cambios: la página pública ya los muestra.');

    await page.goto('/areas');
    const tarjeta = page
      .getByRole('list', { name: 'Áreas municipales' })
      .locator(':scope > li')
      .filter({ has: page.getByRole('heading', { name: AREA }) });
    await expect(tarjeta.getByRole('link', { name: /Teléfono/ })).toHaveAttribute('href', 'tel:+542944556677');
    await expect(tarjeta).toContainText('Calle de Prueba 123');

    // Deleting asks on a page of its own.
    await page.goto(enlaceArea);
    await page.getByRole('link', { name: `Borrar ${AREA}` }).click();
    await expect(page.getByRole('heading', { level: 2, name: `¿Borrar ${AREA}?` })).toBeVisible();
    await expectAccessible(page);
    await page.getByRole('button', { name: 'Sí, borrar' }).click();
    await expect(page).toHaveURL(/\/admin\/gobierno\/areas\?aviso=borrado$/);
    await page.goto('/areas');
    await expect(page.getByRole('heading', { name: AREA })).toHaveCount(0);
  });

  // One test per page: four pages at two widths in one test passed a minute on a busy machine.
  for (const ruta of ['/admin/gobierno', '/admin/gobierno/areas', '/admin/gobierno/subsecretarias', '/admin/gobierno/integrantes?texto=zzz']) {
    test(`axe-core sin violaciones en ${ruta}`, async ({ page }) => {
      await expectAccessibleAtWidths(page, ruta);
    });
  }

  test('axe-core sin violaciones en una ficha del Ejecutivo y en el formulario de enlaces con un error', async ({ page }) => {
    await page.goto('/admin/gobierno/ejecutivo');
    await expect(page).toHaveURL(/\/admin\/gobierno\/ejecutivo\/\d+$/);
    await expectAccessible(page);
    await page.goto('/admin/gobierno/plan-estrategico');
    await page.getByRole('form', { name: 'Agregar un enlace' }).getByLabel('Dirección (URL)').fill('javascript:alert(1)');
    await page.getByRole('form', { name: 'Agregar un enlace' }).getByRole('button', { name: 'Agregar' }).click();
    await expect(page.getByRole('alert').filter({ hasText: 'Revisá los datos' })).toContainText('https://');
    await expectAccessible(page);
  });
});

test.describe('como administrador', () => {
  test.use({ storageState: SESION_ADMIN });

  test('axe-core sin violaciones en los ajustes del sitio, también con un error', async ({ page }) => {
    await expectAccessibleAtWidths(page, '/admin/ajustes');
    await page.getByLabel('Instagram').fill('javascript:alert(1)');
    await page.getByRole('button', { name: 'Guardar los ajustes' }).click();
    await expect(page.getByRole('alert').filter({ hasText: 'Revisá los ajustes' })).toContainText('Instagram');
    await expect(page.getByLabel('Instagram')).toHaveValue('javascript:alert(1)');
    await expectAccessible(page);
  });
});
