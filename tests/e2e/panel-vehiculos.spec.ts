import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { type Page } from '@playwright/test';
import { DEMO_USUARIOS } from '#server/demo/usuarios.ts';
import { esperarHidratacion, expect, expectAccessibleAtWidths, guardarSesion, test } from './fixtures.ts';

// The fleet's back-office pages against the run's one server. The administrator signs
// in once (sign-ins per address are limited, and every spec signs in from 127.0.0.1). Every
// vehicle here has a device identifier of this run: the demo fleet, which the public map's spec
// uses, is only read. Nothing here writes what the render cache depends on.
test.describe.configure({ mode: 'serial' });

const [ADMIN] = DEMO_USUARIOS as [(typeof DEMO_USUARIOS)[number]];
const SESION = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'vla-e2e-vehiculos-')), 'sesion.json');
fs.writeFileSync(SESION, JSON.stringify({ cookies: [], origins: [] }));

const SUFIJO = Date.now().toString(36);
const DISPOSITIVO = `e2e-${SUFIJO}`;
const ALIAS = `Camioneta e2e ${SUFIJO}`;
const EDITADO = `Camioneta editada ${SUFIJO}`;
/** The vehicle this spec adds; the next tests open its pages. */
let vehiculo = '';

test.beforeAll(async ({ browser, baseURL }) => {
  await guardarSesion(browser, baseURL, ADMIN, '/admin/vehiculos', SESION);
});

test.use({ storageState: SESION });

async function completarAlta(page: Page, datos: { alias: string; icono: string; servicio: string; dispositivo: string }) {
  const form = page.getByRole('form', { name: 'Agregar un vehículo' });
  await form.getByLabel('Nombre').fill(datos.alias);
  await form.getByLabel('Ícono en el mapa').selectOption({ label: datos.icono });
  await form.getByLabel('Servicio').selectOption({ label: datos.servicio });
  await form.getByLabel('Identificador del dispositivo').fill(datos.dispositivo);
  await form.getByRole('button', { name: 'Agregar vehículo' }).click();
}

test('un administrador agrega un vehículo, ve el error del identificador repetido, lo edita, abre la hoja con el QR y lo desactiva', async ({
  page,
  baseURL,
}) => {
  await page.goto('/admin');
  await esperarHidratacion(page);
  await page.getByRole('navigation', { name: 'Menú del panel' }).getByRole('link', { name: 'Vehículos' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Vehículos' })).toBeVisible();
  // The demo fleet is there, with its device identifiers.
  await expect(page.getByRole('row').filter({ hasText: 'vla-recolector-1' })).toContainText('Recolector 1');

  await completarAlta(page, { alias: ALIAS, icono: 'Camioneta', servicio: 'Reparación de calles', dispositivo: DISPOSITIVO });
  await expect(page).toHaveURL(/\/admin\/vehiculos\/\d+\?aviso=alta$/);
  vehiculo = new URL(page.url()).pathname;
  await expect(page.getByRole('status')).toHaveText(/^Agregamos el vehículo\./);
  await expect(page.getByRole('status')).toBeFocused();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(`${ALIAS} Activo`);
  await expect(page.getByText('Todavía no llegó ninguna posición de este vehículo.')).toBeVisible();

  // The same identifier again: the summary takes the focus and its link leads to the field.
  await page.getByRole('link', { name: 'Volver a los vehículos' }).click();
  await completarAlta(page, { alias: 'Otra camioneta', icono: 'Camión', servicio: 'Recolección de residuos', dispositivo: DISPOSITIVO });
  const resumen = page.getByRole('alert').filter({ hasText: 'Revisá el vehículo' });
  await expect(resumen).toBeFocused();
  await expect(page).toHaveTitle(/^Error: Vehículos/);
  await resumen
    .getByRole('link', { name: new RegExp(`Identificador del dispositivo: Ya hay un vehículo con el identificador ${DISPOSITIVO} \\(${ALIAS}\\)`) })
    .click();
  const form = page.getByRole('form', { name: 'Agregar un vehículo' });
  await expect(form.getByLabel('Identificador del dispositivo')).toBeFocused();
  await expect(form.getByLabel('Nombre')).toHaveValue('Otra camioneta');

  // The search finds it by its identifier.
  const busqueda = page.getByRole('form', { name: 'Buscar vehículos' });
  await busqueda.getByLabel('Buscar').fill(DISPOSITIVO);
  await busqueda.getByRole('button', { name: 'Buscar' }).click();
  await expect(page).toHaveURL(new RegExp(`/admin/vehiculos\\?texto=${DISPOSITIVO}&estado=$`));
  await expect(page.getByText('1 vehículo', { exact: true })).toBeVisible();
  const fila = page.getByRole('row').filter({ hasText: DISPOSITIVO });
  await expect(fila).toContainText('Sin reportes');
  await fila.getByRole('link', { name: ALIAS }).click();

  // Edit.
  const editar = page.getByRole('form', { name: 'Editar el vehículo' });
  await expect(editar.getByLabel('Nombre')).toHaveValue(ALIAS);
  await editar.getByLabel('Nombre').fill(EDITADO);
  await editar.getByLabel('Ícono en el mapa').selectOption({ label: 'Camión' });
  await editar.getByRole('button', { name: 'Guardar cambios' }).click();
  await expect(page.getByRole('status')).toHaveText('Guardamos los cambios del vehículo.');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(`${EDITADO} Activo`);

  // The setup sheet: the QR code, the identifier and the ingest address; on paper, only the sheet.
  await page.getByRole('link', { name: 'Hoja de configuración de Traccar Client' }).click();
  await expect(page.getByRole('heading', { level: 1, name: `Configurar el teléfono de ${EDITADO}` })).toBeVisible();
  const qr = page.getByRole('img', { name: `Código QR con la configuración de Traccar Client para ${EDITADO}` });
  await expect(qr).toBeVisible();
  expect(await qr.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true);
  const servidor = `http://localhost:${new URL(baseURL!).port}/api/v1/posiciones`;
  await expect(page.getByText(`${servidor}?id=${DISPOSITIVO}&accuracy=high&distance=0&interval=10&fastest_interval=10`)).toBeVisible();
  const datos = page.getByRole('region', { name: 'Los datos, para cargarlos a mano' });
  await expect(datos).toContainText(`Identificador del dispositivo${DISPOSITIVO}`);
  await expect(datos).toContainText(`URL del servidor${servidor}`);
  await expect(page.getByRole('button', { name: 'Imprimir la hoja' })).toBeVisible();
  await page.emulateMedia({ media: 'print' });
  await expect(page.getByRole('navigation', { name: 'Menú del panel' })).toBeHidden();
  await expect(page.getByRole('button', { name: 'Imprimir la hoja' })).toBeHidden();
  await expect(qr).toBeVisible();
  await page.emulateMedia({ media: 'screen' });

  // Deactivate: a step that asks first.
  await page.getByRole('link', { name: `Volver a ${EDITADO}` }).click();
  await page.getByRole('link', { name: `Desactivar ${EDITADO}` }).click();
  await expect(page.getByRole('heading', { level: 2, name: `¿Desactivar ${EDITADO}?` })).toBeFocused();
  await page.getByRole('button', { name: 'Sí, desactivar el vehículo' }).click();
  await expect(page.getByRole('status')).toHaveText(/^Desactivamos el vehículo/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(`${EDITADO} Inactivo`);
});

test('la lista, el vehículo, su paso de reactivación y la hoja pasan axe a 390 y 1366 px', async ({ page }) => {
  test.setTimeout(120_000);
  expect(vehiculo, 'el vehículo del test anterior').not.toBe('');
  for (const ruta of ['/admin/vehiculos', vehiculo, `${vehiculo}?paso=reactivar`, `${vehiculo}/configuracion`]) {
    await test.step(ruta, () => expectAccessibleAtWidths(page, ruta));
  }
});

test.describe('sin JavaScript', () => {
  test.use({ javaScriptEnabled: false });

  test('agregar un vehículo con un error primero, y reactivar el del otro test, con formularios comunes', async ({ page }) => {
    const dispositivo = `e2e-sin-js-${SUFIJO}`;
    await page.goto('/admin/vehiculos');
    await completarAlta(page, { alias: '   ', icono: 'Barredora', servicio: 'Recolección de residuos', dispositivo });
    await expect(page.getByRole('alert').filter({ hasText: 'Revisá el vehículo' })).toContainText('Escribí el nombre del vehículo');
    await expect(page.getByRole('form', { name: 'Agregar un vehículo' }).getByLabel('Identificador del dispositivo')).toHaveValue(dispositivo);
    await completarAlta(page, { alias: `Barredora sin JavaScript ${SUFIJO}`, icono: 'Barredora', servicio: 'Recolección de residuos', dispositivo });
    await expect(page).toHaveURL(/\/admin\/vehiculos\/\d+\?aviso=alta$/);
    await expect(page.getByRole('status')).toContainText('Agregamos el vehículo.');
    await page.getByRole('link', { name: 'Hoja de configuración de Traccar Client' }).click();
    await expect(page.getByText('Para imprimirla, usá «Imprimir» en el menú del navegador')).toBeVisible();
    await expect(page.getByRole('img', { name: /^Código QR con la configuración de Traccar Client/ })).toBeVisible();

    expect(vehiculo, 'el vehículo del primer test').not.toBe('');
    await page.goto(vehiculo);
    await page.getByRole('link', { name: `Reactivar ${EDITADO}` }).click();
    await expect(page.getByRole('heading', { level: 2, name: `¿Reactivar ${EDITADO}?` })).toBeVisible();
    await page.getByRole('button', { name: 'Sí, reactivar el vehículo' }).click();
    await expect(page.getByRole('status')).toContainText('Reactivamos el vehículo');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(`${EDITADO} Activo`);
  });
});
