import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Locator, Page } from '@playwright/test';
import { DEMO_USUARIOS } from '#server/demo/usuarios.ts';
import { esperarHidratacion, expect, expectAccessibleAtWidths, guardarSesion, test } from './fixtures.ts';

// Mi calle's back-office (docs/decisions/056-mi-calle.md) against the run's one server: an editor
// adds a zone of this run from a GeoJSON file, adds a service with the keyboard alone, adds and
// deletes a one-off change, and uploads a new area. The demo's zones, which the public pages' specs
// use, are only read.
test.describe.configure({ mode: 'serial' });

const [, EDITOR] = DEMO_USUARIOS as [(typeof DEMO_USUARIOS)[number], (typeof DEMO_USUARIOS)[number]];
const CARPETA = fs.mkdtempSync(path.join(os.tmpdir(), 'vla-e2e-recoleccion-'));
const SESION = path.join(CARPETA, 'sesion.json');
fs.writeFileSync(SESION, JSON.stringify({ cookies: [], origins: [] }));

const SUFIJO = Date.now().toString(36);
const NOMBRE = `Zona e2e ${SUFIJO}`;
const SLUG = `zona-e2e-${SUFIJO}`;
const ZONA = `/admin/recoleccion/zonas/${SLUG}`;

/** A GeoJSON file of a square near the town, `dx` degrees east, written to this spec's folder. */
function archivoGeoJSON(nombre: string, dx: number): string {
  const anillo = [
    [-71.7 + dx, -40.9],
    [-71.69 + dx, -40.9],
    [-71.69 + dx, -40.91],
    [-71.7 + dx, -40.91],
    [-71.7 + dx, -40.9],
  ];
  const ruta = path.join(CARPETA, nombre);
  fs.writeFileSync(
    ruta,
    JSON.stringify({ type: 'FeatureCollection', features: [{ type: 'Feature', properties: {}, geometry: { type: 'Polygon', coordinates: [anillo] } }] }),
  );
  return ruta;
}

/** Presses Tab until `destino` has the focus (at most 150 times): the keyboard's way to a control. */
async function tabHasta(page: Page, destino: Locator): Promise<void> {
  for (let i = 0; i < 150; i++) {
    if (await destino.evaluate((el) => el === document.activeElement)) return;
    await page.keyboard.press('Tab');
  }
  throw new Error('el control no se alcanzó con Tab');
}

test.beforeAll(async ({ browser, baseURL }) => {
  await guardarSesion(browser, baseURL, EDITOR, '/admin/recoleccion', SESION);
});

test.use({ storageState: SESION });

test('un editor agrega una zona subiendo su GeoJSON, ve el error de un archivo malo y las zonas de la demostración', async ({ page }) => {
  await page.goto('/admin');
  await esperarHidratacion(page);
  await page.getByRole('navigation', { name: 'Menú del panel' }).getByRole('link', { name: 'Mi calle' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Mi calle: zonas de recolección' })).toBeVisible();
  await expect(page.getByRole('row').filter({ hasText: 'Puerto Manzano' })).toContainText('No hay recolección por nevada');

  const form = page.getByRole('form', { name: 'Agregar una zona' });
  // A point is not an area: the summary takes the focus, the name stays.
  const punto = path.join(CARPETA, 'punto.geojson');
  fs.writeFileSync(punto, JSON.stringify({ type: 'Point', coordinates: [-71.65, -40.76] }));
  await form.getByLabel('Nombre').fill(NOMBRE);
  await form.getByLabel('Archivo GeoJSON del área').setInputFiles(punto);
  await form.getByRole('button', { name: 'Agregar la zona' }).click();
  const resumen = page.getByRole('alert').filter({ hasText: 'Revisá la zona' });
  await expect(resumen).toBeFocused();
  await expect(resumen).toContainText('es un Point: una zona tiene que ser un polígono');
  await expect(page).toHaveTitle(/^Error: Mi calle/);
  await expect(form.getByLabel('Nombre')).toHaveValue(NOMBRE);

  await form.getByLabel('Archivo GeoJSON del área').setInputFiles(archivoGeoJSON('zona.geojson', 0));
  await form.getByRole('button', { name: 'Agregar la zona' }).click();
  await expect(page).toHaveURL(new RegExp(`${ZONA}\\?aviso=alta$`));
  await expect(page.getByRole('status')).toHaveText('Agregamos la zona. Ahora agregá sus servicios.');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(`Zona ${NOMBRE}`);
  await expect(page.getByText('Área actual: un polígono con 5 vértices')).toBeVisible();
});

test('con el teclado solo, agrega un servicio quincenal y ve sus próximos días', async ({ page }) => {
  await page.goto(`${ZONA}/servicios/nuevo`);
  await esperarHidratacion(page);
  await tabHasta(page, page.getByLabel('Nombre del servicio'));
  await page.keyboard.type('Poda de prueba');
  // The frequency's radios: Tab reaches the checked one, the arrows move it.
  await tabHasta(page, page.getByRole('radio', { name: /^Todas las semanas/ }));
  await page.keyboard.press('ArrowDown');
  await expect(page.getByRole('radio', { name: /^Cada dos semanas/ })).toBeChecked();
  await tabHasta(page, page.getByRole('checkbox', { name: 'Jueves' }));
  await page.keyboard.press('Space');
  await expect(page.getByRole('checkbox', { name: 'Jueves' })).toBeChecked();
  await tabHasta(page, page.getByRole('button', { name: 'Agregar el servicio' }));
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(new RegExp(`${ZONA}\\?aviso=servicio$`));
  await expect(page.getByRole('status')).toBeFocused();
  const fila = page.getByRole('row').filter({ hasText: 'Poda de prueba' });
  await expect(fila).toContainText('FREQ=WEEKLY;INTERVAL=2;BYDAY=TH');
  await expect(fila.getByRole('listitem')).toHaveCount(6);
  await expect(fila.getByRole('listitem').first()).toHaveText(/^jueves, \d+ de \S+ de \d{4}/);
});

test('agrega un cambio puntual, lo borra con confirmación y sube un área nueva', async ({ page }) => {
  await page.goto(ZONA);
  await esperarHidratacion(page);
  const form = page.getByRole('form', { name: 'Agregar un cambio' });
  await form.getByLabel('Fecha').fill('2030-07-11');
  await form.getByLabel('Motivo').fill('No hay recolección por nevada');
  await form.getByRole('button', { name: 'Agregar el cambio' }).click();
  await expect(page).toHaveURL(new RegExp(`${ZONA}\\?aviso=cambio-alta$`));
  await expect(page.getByRole('status')).toContainText('Agregamos el cambio');
  const fila = page.getByRole('row').filter({ hasText: 'jueves, 11 de julio de 2030' });
  await expect(fila).toContainText('Todos los servicios');
  await fila.getByRole('link', { name: 'Borrar el cambio del jueves, 11 de julio de 2030' }).click();
  await expect(page.getByRole('heading', { level: 2, name: '¿Borrar el cambio del jueves, 11 de julio de 2030?' })).toBeFocused();
  await page.getByRole('button', { name: 'Sí, borrar el cambio' }).click();
  await expect(page.getByRole('status')).toHaveText('Borramos el cambio.');
  await expect(page.getByRole('row').filter({ hasText: 'jueves, 11 de julio de 2030' })).toHaveCount(0);

  const editar = page.getByRole('form', { name: 'Editar la zona' });
  await editar.getByLabel('Archivo GeoJSON del área').setInputFiles(archivoGeoJSON('nueva.geojson', 0.05));
  await editar.getByRole('button', { name: 'Guardar la zona' }).click();
  await expect(page.getByRole('status')).toHaveText('Guardamos los cambios de la zona.');
  await expect(page.getByText(/longitud -71\.6500 a -71\.6400/)).toBeVisible();
});

// One test per page: four pages at two widths in one test passed a minute on a busy machine.
// Titles name the page, not its address: the zone's address changes with every run.
for (const [pagina, ruta] of [
  ['la lista de zonas', '/admin/recoleccion'],
  ['la zona', ZONA],
  ['un servicio nuevo', `${ZONA}/servicios/nuevo`],
  ['el paso que confirma el borrado', `${ZONA}?paso=borrar`],
] as const) {
  test(`Mi calle en el panel, ${pagina}: pasa axe a 390 y 1366 px`, async ({ page }) => {
    await expectAccessibleAtWidths(page, ruta);
  });
}
