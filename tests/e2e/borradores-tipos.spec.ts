import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { generarPdf } from '#db/factories/pdf.ts';
import { DEMO_USUARIOS } from '#server/demo/usuarios.ts';
import { esperarHidratacion, expect, expectAccessible, test, viewports } from './fixtures.ts';

// Drafts of the other kinds in the browser (docs/decisions/053-borradores-y-publicacion-programada.md):
// an editor uploads an official bulletin with «Programar» at a past time (the server's page keeps
// what was typed and names the time in its summary), then as a draft: the upload's XHR follows the
// redirect to the pending publication's page; the preview shows the public list with its banner;
// the draft is discarded, so the run's shared server publishes nothing. axe at 390 and 1366 px. The
// bulletin is of 2019, older than the demo's current one: not even its preview changes the current bulletin.
const [, EDITOR] = DEMO_USUARIOS as [(typeof DEMO_USUARIOS)[number], (typeof DEMO_USUARIOS)[number]];
const NUMERO = String(200_000 + (Date.now() % 700_000)).slice(0, 6);
const CARPETA = fs.mkdtempSync(path.join(os.tmpdir(), 'vla-e2e-borradores-tipos-'));

test('un boletín con una hora pasada vuelve con lo escrito; en borrador no se publica, se previsualiza y se descarta', async ({ page }) => {
  test.setTimeout(90_000);
  const archivo = path.join(CARPETA, 'boletin.pdf');
  fs.writeFileSync(archivo, await generarPdf({ titulo: `BOLETÍN OFICIAL N° ${NUMERO}`, parrafos: ['Decretos del mes.'] }));
  await page.goto('/login?siguiente=%2Fadmin%2Fboletines');
  await page.getByLabel('Correo electrónico').fill(EDITOR.email);
  await page.getByLabel('Contraseña').fill(EDITOR.clave);
  await page.getByRole('button', { name: 'Ingresar' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Boletines oficiales' })).toBeVisible();
  await esperarHidratacion(page);

  const form = page.getByRole('form', { name: 'Subir un boletín' });
  await expect(form.getByRole('group', { name: 'Cuándo se publica' })).toBeVisible();
  await form.getByLabel('Número').fill(NUMERO);
  await form.getByLabel('Mes').selectOption({ label: 'Mayo' });
  await form.getByLabel('Año').fill('2019');
  await form.getByLabel('PDF del boletín').setInputFiles(archivo);
  await form.getByLabel('Programar').check();
  await form.getByLabel('Fecha y hora de publicación').fill('2020-01-01T10:00');
  await form.getByRole('button', { name: 'Subir el boletín' }).click();
  const resumen = page.getByRole('alert').filter({ hasText: 'Revisá el boletín' });
  await expect(resumen).toContainText('Fecha y hora de publicación');
  await expect(resumen).toContainText('Elegí una fecha y hora futuras');
  await expect(page.getByLabel('Número')).toHaveValue(NUMERO);
  await expect(page.getByLabel('Programar')).toBeChecked();
  await expect(page.getByLabel('Fecha y hora de publicación')).toHaveValue('2020-01-01T10:00');
  for (const [nombre, tamano] of Object.entries(viewports)) {
    await test.step(`axe del formulario con el error de la fecha en ${nombre}`, async () => {
      await page.setViewportSize(tamano);
      await expectAccessible(page);
    });
  }

  await esperarHidratacion(page);
  const deNuevo = page.getByRole('form', { name: 'Subir un boletín' });
  await deNuevo.getByLabel('PDF del boletín').setInputFiles(archivo);
  await deNuevo.getByLabel('Guardar como borrador').check();
  await deNuevo.getByRole('button', { name: 'Subir el boletín' }).click();
  await expect(page).toHaveURL(/\/admin\/publicaciones\/\d+\?aviso=borrador$/);
  await expect(page.getByRole('heading', { level: 1 })).toContainText(`Boletín Oficial N° ${NUMERO} - Mayo 2019`);
  const pendiente = new URL(page.url()).pathname;
  for (const [nombre, tamano] of Object.entries(viewports)) {
    await test.step(`axe de la publicación pendiente en ${nombre}`, async () => {
      await page.setViewportSize(tamano);
      await expectAccessible(page);
    });
  }
  const publica = await page.context().request.get('/boletines-oficiales');
  expect(await publica.text()).not.toContain(`N° ${NUMERO}`);

  await page.getByRole('link', { name: 'Ver la vista previa de la página pública' }).click();
  await expect(page.getByRole('status')).toContainText('Vista previa: todavía no está publicado.');
  await expect(page.getByText(`Boletín Oficial N° ${NUMERO} - Mayo 2019`).first()).toBeVisible();

  await page.goto(`${pendiente}?paso=descartar`);
  await page.getByRole('button', { name: 'Sí, descartarla' }).click();
  await expect(page).toHaveURL(/\/admin\/publicaciones(\?|$)/);
  expect((await page.context().request.get(pendiente)).status()).toBe(404);
});
