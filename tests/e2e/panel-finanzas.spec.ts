import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { generarPdf } from '#db/factories/pdf.ts';
import { DEMO_USUARIOS } from '#server/demo/usuarios.ts';
import { esperarHidratacion, expect, expectAccessible, guardarSesion, test } from './fixtures.ts';

// Accounting statements and salary reports in the back-office against the run's one
// server: an editor signs in, uploads a salary report and finds it on /sueldos; a fake PDF is
// refused with the choices kept; each back-office page passes axe. The year is this run's own, so
// a second run on the same database finds its own report.
test.describe.configure({ mode: 'serial' });

const [, EDITOR] = DEMO_USUARIOS as [(typeof DEMO_USUARIOS)[number], (typeof DEMO_USUARIOS)[number]];
const CARPETA = fs.mkdtempSync(path.join(os.tmpdir(), 'vla-e2e-finanzas-'));
const SESION = path.join(CARPETA, 'sesion.json');
fs.writeFileSync(SESION, JSON.stringify({ cookies: [], origins: [] }));
const ANIO = String(2040 + (Date.now() % 60));

test.beforeAll(async ({ browser, baseURL }) => {
  await guardarSesion(browser, baseURL, EDITOR, '/admin', SESION);
  fs.writeFileSync(path.join(CARPETA, 'sueldos.pdf'), await generarPdf({ titulo: `INFORME DE SUELDOS ${ANIO}`, parrafos: ['Masa salarial.'] }));
  fs.writeFileSync(path.join(CARPETA, 'falso.pdf'), '<!doctype html><html><body><script>alert(1)</script></body></html>');
});

test.use({ storageState: SESION });

test('un editor sube un informe de sueldos y lo encuentra en /sueldos', async ({ page }) => {
  await page.goto('/admin');
  await esperarHidratacion(page);
  await page.getByRole('navigation', { name: 'Menú del panel' }).getByRole('link', { name: 'Sueldos' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Sueldos' })).toBeVisible();
  await expectAccessible(page);

  const form = page.getByRole('form', { name: 'Subir un informe de sueldos' });
  await expect(form).toHaveAttribute('data-subida-activa');
  await form.getByLabel('Período').selectOption({ label: 'Aguinaldo 1er semestre' });
  await form.getByLabel('Año').fill(ANIO);
  await form.getByLabel('PDF del informe de sueldos').setInputFiles(path.join(CARPETA, 'sueldos.pdf'));
  await form.getByRole('button', { name: 'Subir un informe de sueldos' }).click();

  await expect(page).toHaveURL(/\/admin\/sueldos\/\d+\?aviso=alta$/);
  await expect(page.getByRole('status')).toHaveText('Lo publicamos: ya está en /sueldos.');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(`Sueldos Aguinaldo 1er semestre ${ANIO}`);
  await expectAccessible(page);
  // The delete step is a page of its own.
  await page.getByRole('link', { name: 'Borrar el informe de sueldos…' }).click();
  await expect(page.getByRole('heading', { level: 2, name: `¿Borrar el informe de sueldos Sueldos Aguinaldo 1er semestre ${ANIO}?` })).toBeFocused();
  await expectAccessible(page);

  await page.goto('/sueldos');
  const anio = page.getByRole('region', { name: ANIO });
  const enlace = anio.getByRole('link', { name: new RegExp(`Aguinaldo 1er semestre ${ANIO}`) });
  await expect(enlace).toBeVisible();
  const descarga = await page.request.get((await enlace.getAttribute('href'))!);
  expect(descarga.headers()['content-type']).toBe('application/pdf');
});

test('un .pdf que es HTML se rechaza diciendo qué es, con lo elegido intacto; la lista y la página de un estado contable pasan axe', async ({ page }) => {
  await page.goto('/admin/estados-contables');
  await esperarHidratacion(page);
  await expect(page.getByRole('heading', { level: 1, name: 'Estados contables' })).toBeVisible();
  await expectAccessible(page);
  const form = page.getByRole('form', { name: 'Subir un estado contable' });
  await form.getByLabel('Tipo').selectOption({ label: 'Ejecución de Gastos' });
  await form.getByLabel('Mes').selectOption({ label: 'Junio' });
  await form.getByLabel('Año').fill(ANIO);
  await form.getByLabel('PDF del estado contable').setInputFiles(path.join(CARPETA, 'falso.pdf'));
  await form.getByRole('button', { name: 'Subir un estado contable' }).click();
  const resumen = page.getByRole('alert').filter({ hasText: 'Revisá el estado contable' });
  await expect(resumen).toContainText('El archivo es una página web (HTML), no un PDF');
  await expect(resumen).toBeFocused();
  await expect(page).toHaveTitle(/^Error: Estados contables/);
  await expect(page.getByLabel('Tipo')).toHaveValue('GASTOS');
  await expect(page.getByLabel('Año')).toHaveValue(ANIO);
  await expectAccessible(page);
  // A statement's own page, with the form that changes it.
  await page
    .getByRole('table')
    .getByRole('link', { name: /^Ejecución de / })
    .first()
    .click();
  await expect(page).toHaveURL(/\/admin\/estados-contables\/\d+$/);
  await expect(page.getByRole('heading', { level: 2, name: 'Cambiar los datos o el PDF' })).toBeVisible();
  await expectAccessible(page);
});
