import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Page } from '@playwright/test';
import { generarPdf } from '#db/factories/pdf.ts';
import { DEMO_USUARIOS } from '#server/demo/usuarios.ts';
import { expect, expectAccessibleAtWidths, guardarSesion, test } from './fixtures.ts';

// «Retirados» (docs/decisions/054-retirados-restaurables.md) against the run's one server: an editor
// retires an ordinance in the panel, finds it in «Ordenanzas retiradas», restores it, and its public
// permalink and PDF answer 200 again; the page passes axe at 390 and 1366 px, with an item and after
// the restore; the same restore works with JavaScript off. Numbers of this run's own, in a year of their own.
test.describe.configure({ mode: 'serial' });

const EDITOR = DEMO_USUARIOS[1]!;
const DIR = fs.mkdtempSync(path.join(os.tmpdir(), 'vla-e2e-retirados-'));
const SESION = path.join(DIR, 'sesion.json');
fs.writeFileSync(SESION, JSON.stringify({ cookies: [], origins: [] }));

const ANIO = 2098;
const NUMERO = 50_000 + (Date.now() % 20_000);

test.beforeAll(async ({ browser, baseURL }) => {
  await guardarSesion(browser, baseURL, EDITOR, '/admin/ordenanzas', SESION);
});

test.use({ storageState: SESION });

/** Adds an ordinance with its PDF through the panel's form and retires it; answers its PDF's address. */
async function agregarYRetirar(page: Page, numero: number, descripcion: string): Promise<string> {
  const pdf = path.join(DIR, `ordenanza-${numero}.pdf`);
  fs.writeFileSync(pdf, await generarPdf({ titulo: `ORDENANZA ${numero}/${ANIO}`, parrafos: [`Artículo 1: ${descripcion}.`] }));
  await page.goto('/admin/ordenanzas/nueva');
  const form = page.getByRole('form', { name: 'Datos de la nueva ordenanza' });
  await form.getByLabel('Número').fill(String(numero));
  await form.getByLabel('Año').fill(String(ANIO));
  await form.getByLabel('Estado').selectOption({ label: 'Aprobada/Vigente' });
  await form.getByLabel('Descripción').fill(descripcion);
  await form.getByLabel('Documento en PDF').setInputFiles(pdf);
  await form.getByRole('button', { name: 'Agregar la ordenanza' }).click();
  await expect(page).toHaveURL(/\/admin\/ordenanzas\/\d+\?aviso=alta$/);
  const ficha = new URL(page.url()).pathname;
  await page.goto(`/consulta-ordenanzas/${ANIO}/${numero}`);
  const descarga = await page.getByRole('link', { name: /Descargar la ordenanza/ }).getAttribute('href');
  await page.goto(`${ficha}?paso=retirar`);
  await page.getByRole('button', { name: 'Sí, retirar la ordenanza' }).click();
  await expect(page).toHaveURL(/\/admin\/ordenanzas\?aviso=retirada$/);
  return descarga!;
}

test('un editor retira una ordenanza, la encuentra en «Retirados», la restaura y su dirección pública vuelve a responder 200', async ({ page }) => {
  test.setTimeout(120_000);
  const descripcion = 'Ordenanza de prueba de los retirados';
  const pdf = await agregarYRetirar(page, NUMERO, descripcion);
  const permalink = `/consulta-ordenanzas/${ANIO}/${NUMERO}`;
  expect((await page.request.get(permalink)).status()).toBe(410);
  expect((await page.request.get(pdf)).status()).toBe(410);

  await page.getByRole('link', { name: 'Ordenanzas retiradas' }).click();
  await expect(page).toHaveURL(/\/admin\/ordenanzas\/retirados$/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Ordenanzas retiradas');
  const fila = page.getByRole('row').filter({ hasText: `Ordenanza N° ${NUMERO}/${ANIO}` });
  await expect(fila).toContainText('Bruno');
  await expect(fila).toContainText('Quedan 90 días');
  await test.step('axe con la ordenanza en la lista', () => expectAccessibleAtWidths(page, '/admin/ordenanzas/retirados'));

  await page.setViewportSize({ width: 1366, height: 900 });
  await fila.getByRole('button', { name: `Restaurar «Ordenanza N° ${NUMERO}/${ANIO}: ${descripcion}»` }).click();
  await expect(page).toHaveURL(/\/admin\/ordenanzas\/retirados\?restaurado=\d+&clave=ordenanzas$/);
  const aviso = page.getByRole('status');
  await expect(aviso).toContainText('Restauramos el contenido: ya se ve de nuevo en el sitio.');
  await expect(aviso).toBeFocused();
  await expect(page.getByRole('row').filter({ hasText: `Ordenanza N° ${NUMERO}/${ANIO}` })).toHaveCount(0);
  await test.step('axe después de restaurar', () => expectAccessibleAtWidths(page, page.url()));

  await aviso.getByRole('link', { name: 'Abrir la ordenanza restaurada' }).click();
  await expect(page.getByLabel('Descripción')).toHaveValue(descripcion);
  const publica = await page.goto(permalink);
  expect(publica!.status()).toBe(200);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(`Ordenanza N° ${NUMERO}/${ANIO}`);
  const descarga = await page.request.get(pdf);
  expect(descarga.status()).toBe(200);
  expect(descarga.headers()['content-type']).toBe('application/pdf');
});

test.describe('sin JavaScript', () => {
  test.use({ javaScriptEnabled: false });

  test('restaurar es un formulario común: funciona sin JavaScript', async ({ page }) => {
    const numero = NUMERO + 1;
    await agregarYRetirar(page, numero, 'Ordenanza retirada sin JavaScript');
    await page.goto('/admin/ordenanzas/retirados');
    const fila = page.getByRole('row').filter({ hasText: `Ordenanza N° ${numero}/${ANIO}` });
    await fila.getByRole('button', { name: /^Restaurar/ }).click();
    await expect(page.getByRole('status')).toContainText('Restauramos el contenido');
    expect((await page.request.get(`/consulta-ordenanzas/${ANIO}/${numero}`)).status()).toBe(200);
  });
});
