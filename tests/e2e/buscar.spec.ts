// The site search (docs/decisions/049-buscador-del-sitio.md): from the header of any public page,
// with and without JavaScript, at a phone's and a computer's width; the results page passes axe.
import type { Page } from '@playwright/test';
import { abrirHidratada, expect, expectAccessible, test, viewports } from './fixtures.ts';

/** Types in the header's box and sends it with Enter, as a citizen would. */
async function buscarDesdeLaCabecera(page: Page, palabras: string) {
  const campo = page.getByRole('search', { name: 'En todo el sitio' }).getByRole('searchbox', { name: 'Buscar en el sitio' });
  await campo.fill(palabras);
  await campo.press('Enter');
  await expect(page).toHaveURL(`/buscar?q=${encodeURIComponent(palabras).replace(/%20/g, '+')}`);
  await expect(page.getByRole('heading', { level: 1, name: 'Buscar en el sitio' })).toBeVisible();
}

const resultados = (page: Page) => page.locator('.buscador__resultado');
const resultado = (page: Page, tipo: string, titulo: string | RegExp) =>
  resultados(page)
    .filter({ has: page.locator('.buscador__tipo', { hasText: tipo }) })
    .filter({ has: page.getByRole('heading', { level: 2, name: titulo }) })
    .first();

/** The four finds the issue names; axe needs scripts in the page, so it runs where JavaScript is on. */
async function recorrido(page: Page, { axe }: { axe: boolean }) {
  // An ordinance by a word only its PDF has (every demo ordinance's PDF says «el ejido de Villa La Angostura»).
  await buscarDesdeLaCabecera(page, 'ejido');
  const ordenanza = resultados(page).first();
  await expect(ordenanza.locator('.buscador__tipo')).toHaveText('Ordenanza');
  await expect(ordenanza).toContainText('Las palabras están en el texto de su documento (PDF).');
  await expect(ordenanza.getByRole('link')).toHaveAttribute('href', /^\/consulta-ordenanzas\/\d{4}\/\d+$/);
  await expect(page.getByRole('status')).toContainText(/resultados para «ejido»/);
  if (axe) await expectAccessible(page);

  // A bulletin by its number.
  await buscarDesdeLaCabecera(page, 'boletin oficial 310');
  const boletin = resultado(page, 'Boletín Oficial', /^Boletín Oficial N° 310 - /);
  await expect(boletin.getByRole('link')).toHaveAttribute('href', /^\/api\/v1\/documentos\/\d+$/);

  // An area's phone, by the area's name.
  await buscarDesdeLaCabecera(page, 'defensa civil');
  const area = resultado(page, 'Área', 'Defensa Civil');
  await expect(area).toContainText('Teléfono: +54 294 449-4103');
  await area.getByRole('link', { name: 'Defensa Civil' }).click();
  await expect(page).toHaveURL('/areas');
  await expect(page.getByText('+54 294 449-4103').first()).toBeVisible();

  // A dataset.
  await buscarDesdeLaCabecera(page, 'autoridades');
  await expect(resultado(page, 'Datos abiertos', 'Autoridades del Ejecutivo').getByRole('link')).toHaveAttribute('href', '/datos#conjunto-autoridades');
}

test.describe('buscador del sitio con JavaScript', () => {
  test('en el teléfono: ordenanza por una palabra de su PDF, boletín, teléfono de un área y un conjunto de datos', async ({ page }) => {
    await page.setViewportSize(viewports.telefono);
    await abrirHidratada(page, '/home');
    await recorrido(page, { axe: true });
  });

  test('en la computadora: el mismo recorrido', async ({ page }) => {
    await page.setViewportSize(viewports.escritorio);
    await abrirHidratada(page, '/solicitud-decretos');
    await recorrido(page, { axe: true });
  });

  // One test per width: four scans and the journey in one test ran past its time limit on a busy machine.
  for (const [nombre, medida] of Object.entries(viewports)) {
    test(`${nombre}: la página de resultados y su error pasan axe`, async ({ page }) => {
      await page.setViewportSize(medida);
      await page.goto('/buscar?q=sueldos');
      await expect(resultados(page).first()).toBeVisible();
      await expectAccessible(page);
      await page.goto('/buscar?q=' + 'x'.repeat(201));
      await expect(page.getByRole('alert')).toContainText('La búsqueda puede tener hasta 200 caracteres');
      await expectAccessible(page);
    });
  }
});

test.describe('buscador del sitio sin JavaScript', () => {
  test.use({ javaScriptEnabled: false });
  for (const [nombre, medida] of Object.entries(viewports)) {
    test(`${nombre}: el mismo recorrido con el formulario de la cabecera`, async ({ page }) => {
      await page.setViewportSize(medida);
      await page.goto('/home');
      await recorrido(page, { axe: false });
    });
  }
});
