import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { generarPdf } from '#db/factories/pdf.ts';
import { DEMO_USUARIOS } from '#server/demo/usuarios.ts';
import { expect, expectAccessibleAtWidths, guardarSesion, test } from './fixtures.ts';

// The ordinance pages of the back-office against the run's one server: an editor
// signs in once, adds an ordinance with its PDF, finds it in the public search by a word that is
// only in the PDF and downloads it; imports a CSV; every back-office page passes axe. The numbers
// used are this run's (a year of their own), so other specs' ordinances are only read.
test.describe.configure({ mode: 'serial' });

const EDITOR = DEMO_USUARIOS[1]!;
const DIR = fs.mkdtempSync(path.join(os.tmpdir(), 'vla-e2e-ordenanzas-'));
const SESION = path.join(DIR, 'sesion.json');
fs.writeFileSync(SESION, JSON.stringify({ cookies: [], origins: [] }));

const NUMERO = 70_000 + (Date.now() % 20_000);
const ANIO = 2099;
const PALABRA = `yaguaretezal${Date.now().toString(36).replace(/\d/g, '')}`;
let ordenanza = '';

test.beforeAll(async ({ browser, baseURL }) => {
  await guardarSesion(browser, baseURL, EDITOR, '/admin/ordenanzas', SESION);
});

test.use({ storageState: SESION });

test('un editor agrega una ordenanza con su PDF, la encuentra en la búsqueda pública por una palabra del PDF y la descarga', async ({ page }) => {
  const pdf = path.join(DIR, 'ordenanza.pdf');
  fs.writeFileSync(pdf, await generarPdf({ titulo: `ORDENANZA ${NUMERO}/${ANIO}`, parrafos: [`Artículo 1: se crea el programa ${PALABRA}.`] }));
  await page.goto('/admin/ordenanzas');
  await page.getByRole('link', { name: 'Agregar una ordenanza' }).click();
  const form = page.getByRole('form', { name: 'Datos de la nueva ordenanza' });
  // The upload pipeline's form (docs/decisions/017-subidas.md): enhanced once hydrated, with its progress.
  await expect(form).toHaveAttribute('data-subida-activa');
  await form.getByLabel('Número').fill(String(NUMERO));
  await form.getByLabel('Año').fill(String(ANIO));
  await form.getByLabel('Estado').selectOption({ label: 'Aprobada/Vigente' });
  await form.getByLabel('Descripción').fill('Programa de prueba del panel');
  await form.getByLabel('Documento en PDF').setInputFiles(pdf);
  await form.getByRole('button', { name: 'Agregar la ordenanza' }).click();
  await expect(page).toHaveURL(/\/admin\/ordenanzas\/\d+\?aviso=alta$/);
  ordenanza = new URL(page.url()).pathname;
  await expect(page.getByRole('status')).toHaveText(/^Agregamos la ordenanza/);

  await page.goto(`/consulta-ordenanzas?pattern=${PALABRA}`);
  await expect(page.locator(`a[href="/consulta-ordenanzas/${ANIO}/${NUMERO}"]`).first()).toBeVisible();
  await page.goto(`/consulta-ordenanzas/${ANIO}/${NUMERO}`);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(`Ordenanza N° ${NUMERO}/${ANIO}`);
  const href = await page.getByRole('link', { name: /Descargar la ordenanza/ }).getAttribute('href');
  const descarga = await page.request.get(href!);
  expect(descarga.status()).toBe(200);
  expect(descarga.headers()['content-type']).toBe('application/pdf');
  expect((await descarga.body()).subarray(0, 5).toString()).toBe('%PDF-');
});

test('un editor importa un CSV: primero con un error que el informe nombra, después corregido', async ({ page }) => {
  const csv = (estado: string) =>
    [
      'numero,anio,estado,fecha_emision,descripcion,expediente,modifica',
      `${NUMERO + 1},${ANIO},2,2099-01-02,Importada uno,,`,
      `${NUMERO + 2},${ANIO},${estado},,Importada dos,,${NUMERO + 1}/${ANIO}`,
    ].join('\r\n');
  const archivo = path.join(DIR, 'ordenanzas.csv');
  await page.goto('/admin/ordenanzas/importar');
  await expect(page.locator('form[data-subida]')).toHaveAttribute('data-subida-activa');
  fs.writeFileSync(archivo, csv('Inventado'));
  await page.getByLabel('Archivo CSV').setInputFiles(archivo);
  await page.getByRole('button', { name: 'Importar' }).click();
  await expect(page.getByRole('alert')).toContainText('No importamos nada: 1 fila tiene errores de 2');
  await expect(page.getByRole('row').filter({ hasText: 'Estado' })).toContainText('3');
  fs.writeFileSync(archivo, csv('Derogada'));
  await page.getByLabel('Archivo CSV').setInputFiles(archivo);
  await page.getByRole('button', { name: 'Importar' }).click();
  await expect(page.getByRole('status')).toContainText('Importamos 2 ordenanzas.');
  await page.goto(`/consulta-ordenanzas/${ANIO}/${NUMERO + 2}`);
  await expect(page.getByRole('link', { name: `Ordenanza N° ${NUMERO + 1}/${ANIO}` })).toBeVisible();
});

test('la importación avisa de un CSV de más de 5 MB antes de mandarlo, sin enviar nada', async ({ page }) => {
  await page.goto('/admin/ordenanzas/importar');
  await expect(page.locator('form[data-subida]')).toHaveAttribute('data-subida-activa');
  let envios = 0;
  page.on('request', (r) => {
    if (r.method() === 'POST') envios++;
  });
  await page.getByLabel('Archivo CSV').setInputFiles({ name: 'grande.csv', mimeType: 'text/csv', buffer: Buffer.alloc(5 * 1024 * 1024 + 1, 'a') });
  await page.getByRole('button', { name: 'Importar' }).click();
  await expect(page.locator('.subida__estado')).toHaveText(/^El archivo supera los 5 MB: partilo en varios archivos/);
  await expect(page).toHaveURL(/\/admin\/ordenanzas\/importar$/);
  expect(envios).toBe(0);
});

test('las páginas de ordenanzas del panel pasan axe a cada ancho', async ({ page }) => {
  test.setTimeout(120_000);
  expect(ordenanza, 'la ordenanza del primer test').not.toBe('');
  for (const ruta of [
    '/admin/ordenanzas',
    '/admin/ordenanzas?anio=abc',
    '/admin/ordenanzas/nueva',
    ordenanza,
    `${ordenanza}?paso=retirar`,
    '/admin/ordenanzas/importar',
  ]) {
    await test.step(ruta, () => expectAccessibleAtWidths(page, ruta));
  }
});

test('retirar con confirmación: la página pública responde 410 y lo explica', async ({ page }) => {
  await page.goto(`${ordenanza}?paso=retirar`);
  await page.getByRole('button', { name: 'Sí, retirar la ordenanza' }).click();
  await expect(page).toHaveURL(/\/admin\/ordenanzas\?aviso=retirada$/);
  const respuesta = await page.goto(`/consulta-ordenanzas/${ANIO}/${NUMERO}`);
  expect(respuesta!.status()).toBe(410);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Ordenanza retirada');
});
