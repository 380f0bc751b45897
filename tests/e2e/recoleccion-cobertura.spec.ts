import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { DEMO_USUARIOS } from '#server/demo/usuarios.ts';
import { esperarHidratacion, expect, expectAccessible, expectAccessibleAtWidths, guardarSesion, test } from './fixtures.ts';

// «Cobertura» of Mi calle against the run's one server and its demo zones: only read. An editor
// signs in once; the filters are used with the keyboard alone; axe at every width.
test.describe.configure({ mode: 'serial' });

const EDITOR = DEMO_USUARIOS.find((u) => u.rol === 'editor')!;
const SESION = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'vla-e2e-cobertura-')), 'sesion.json');
fs.writeFileSync(SESION, JSON.stringify({ cookies: [], origins: [] }));

test.beforeAll(async ({ browser, baseURL }) => {
  await guardarSesion(browser, baseURL, EDITOR, '/admin/recoleccion/cobertura', SESION);
});

test.use({ storageState: SESION });

test('un editor elige día y zona con el teclado y ve la tabla de cobertura', async ({ page }) => {
  await page.goto('/admin/recoleccion/cobertura');
  await esperarHidratacion(page);
  await expect(page.getByRole('heading', { level: 1, name: 'Cobertura de la recolección' })).toBeVisible();
  const filtros = page.getByRole('form', { name: 'Filtros de la cobertura' });
  // A Monday: every demo zone has its wet waste that day. (The order of the date's parts as typed
  // depends on the browser's locale: the value is set, then the keyboard goes on from the field.)
  await filtros.getByLabel('Día').fill('2026-11-02');
  await filtros.getByLabel('Día').focus();
  // Chromium's date field has its parts and its picker button in the tab order: on to the zone.
  const zona = filtros.getByLabel('Zona');
  for (let i = 0; i < 4 && !(await zona.evaluate((e) => e === document.activeElement)); i++) await page.keyboard.press('Tab');
  await expect(zona).toBeFocused();
  await page.keyboard.press('ArrowDown');
  await page.keyboard.press('Tab');
  await expect(filtros.getByRole('button', { name: 'Ver' })).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/fecha=2026-11-02&zona=[a-z-]+/);
  const tabla = page.getByRole('table', { name: /Cobertura del lunes, 2 de noviembre de 2026/ });
  await expect(tabla).toBeVisible();
  await expect(tabla.getByRole('row')).not.toHaveCount(1);
  await expectAccessible(page);
});

test('un filtro equivocado: el resumen de errores toma el foco y lleva al campo', async ({ page }) => {
  await page.goto('/admin/recoleccion/cobertura?fecha=2026-02-30');
  await esperarHidratacion(page);
  await expect(page).toHaveTitle(/^Error: Cobertura/);
  const enlace = page.getByRole('link', { name: /Escribí la fecha como AAAA-MM-DD/ });
  await expect(enlace).toBeVisible();
  await enlace.press('Enter');
  await expect(page.getByLabel('Día')).toBeFocused();
});

test('axe en todos los anchos', async ({ page }) => {
  await expectAccessibleAtWidths(page, '/admin/recoleccion/cobertura');
});
