import type { Page } from '@playwright/test';
import { DEMO_USUARIOS } from '#server/demo/usuarios.ts';
import { generarPdf } from '#db/factories/pdf.ts';
import { esperarHidratacion, expect, expectAccessible, test, viewports } from './fixtures.ts';

// One bulletin (docs/decisions/050-un-solo-boletin.md) against the run's one server: an editor publishes
// a bulletin of January 2027 in the back-office and fills it once on its page (a decree, an ordinance,
// the legal text in the rich-text editor); it is then the current bulletin everywhere: the public page
// names it and shows its content, the archive marks it, the API and the open data list its decree, and
// the decree form offers it. The pages pass axe at 390 and 1366 px. At the end it is deleted, and the
// demo's N° 325 is current again (other specs read /boletines-oficiales: the window is one test long).
test.describe.configure({ mode: 'serial' });

const [, EDITOR] = DEMO_USUARIOS as [(typeof DEMO_USUARIOS)[number], (typeof DEMO_USUARIOS)[number]];
const NUMERO = String(200_000 + (Date.now() % 700_000)).slice(0, 6);
const TITULO = `Boletín Oficial N° ${NUMERO} – Enero 2027`;
const DECRETO = `${1 + (Date.now() % 90_000)}/2027`;
const OFERTA = `Este decreto ya fue publicado en el Boletín Oficial Nº ${NUMERO} de enero de 2027: descargalo ahora.`;

async function axeEnLosDosAnchos(page: Page) {
  for (const size of Object.values(viewports)) {
    await page.setViewportSize(size);
    await expectAccessible(page);
  }
  await page.setViewportSize(viewports.escritorio);
}

test('publicar un boletín en el panel lo hace vigente en la página, el archivo, los datos abiertos y la oferta del formulario de decretos', async ({
  page,
}) => {
  test.setTimeout(120_000);
  await page.setViewportSize(viewports.escritorio);
  await page.goto('/login?siguiente=%2Fadmin%2Fboletines');
  await page.getByLabel('Correo electrónico').fill(EDITOR.email);
  await page.getByLabel('Contraseña').fill(EDITOR.clave);
  await page.getByRole('button', { name: 'Ingresar' }).click();
  await expect(page).toHaveURL(/\/admin\/boletines$/);
  await esperarHidratacion(page);

  // Publish it.
  const form = page.getByRole('form', { name: 'Subir un boletín' });
  await form.getByLabel('Número').fill(NUMERO);
  await form.getByLabel('Mes').selectOption({ label: 'Enero' });
  await form.getByLabel('Año').fill('2027');
  await form.getByLabel('PDF del boletín').setInputFiles({
    name: `boletin-${NUMERO}.pdf`,
    mimeType: 'application/pdf',
    buffer: Buffer.from(await generarPdf({ titulo: `BOLETÍN OFICIAL N° ${NUMERO}`, parrafos: ['Decretos de enero.'] })),
  });
  await form.getByRole('button', { name: 'Subir el boletín' }).click();
  await expect(page).toHaveURL(/\/admin\/boletines\/\d+\?aviso=alta$/, { timeout: 60_000 });
  const enlacePanel = new URL(page.url()).pathname;
  await expect(page.getByText('Es el boletín vigente')).toBeVisible();
  await esperarHidratacion(page);

  // Fill it once, on its page: a decree, an ordinance, the legal text with the keyboard in the editor.
  const decreto = page.getByRole('form', { name: 'Agregar un decreto' });
  await decreto.getByLabel('Número de decreto').fill(`Decreto ${DECRETO.replace('/', ' de ')}`);
  await decreto.getByLabel('Descripción').fill('Fija el receso administrativo de enero');
  await decreto.getByLabel('Área').fill('Intendencia');
  await decreto.getByRole('button', { name: 'Agregar el decreto' }).click();
  await expect(page.getByRole('status')).toHaveText(/^Agregamos el decreto/);
  await esperarHidratacion(page);
  const ordenanza = page.getByRole('form', { name: 'Agregar una ordenanza' });
  await ordenanza.getByLabel('Número de ordenanza').fill('4001/2027');
  await ordenanza.getByLabel('Título').fill('Ordenanza tarifaria 2027');
  await ordenanza.getByLabel('Enlace').fill('/consulta-ordenanzas');
  await ordenanza.getByRole('button', { name: 'Agregar la ordenanza' }).click();
  await expect(page.getByRole('status')).toHaveText(/^Agregamos la ordenanza/);
  await esperarHidratacion(page);
  const legales = page.getByRole('textbox', { name: 'Legales', exact: true });
  await expect(page.getByRole('toolbar', { name: 'Formato de Legales' })).toBeVisible();
  await legales.focus();
  await page.keyboard.press('ControlOrMeta+b');
  await page.keyboard.type('Edicto de enero');
  await page.getByRole('button', { name: 'Guardar los textos' }).click();
  await expect(page.getByRole('status')).toHaveText('Guardamos los textos del boletín.');
  await axeEnLosDosAnchos(page);

  // The old screen's address leads to it.
  await page.goto('/admin/boletin-vigente');
  await expect(page).toHaveURL(new RegExp(`${enlacePanel}$`));

  // The public page: current bulletin and archive, the same edition.
  await page.goto('/boletines-oficiales');
  const vigente = page.getByRole('region', { name: 'Boletín Vigente' });
  await expect(vigente.getByText(TITULO, { exact: true })).toBeVisible();
  await expect(vigente.locator('strong', { hasText: 'Edicto de enero' })).toBeVisible();
  await expect(page.getByRole('table', { name: 'Decretos publicados en el boletín vigente' }).getByRole('row')).toHaveCount(2);
  await expect(page.getByRole('cell', { name: DECRETO, exact: true })).toBeVisible();
  await expect(page.getByRole('cell', { name: 'Ordenanza tarifaria 2027' })).toBeVisible();
  const fila = page
    .getByRole('table', { name: /Boletines oficiales/ })
    .getByRole('row')
    .filter({ hasText: `N° ${NUMERO} - Enero 2027` });
  await expect(fila).toContainText('(vigente)');
  await expect(page.getByText('(vigente)')).toHaveCount(1);
  await axeEnLosDosAnchos(page);

  // The open data: the catalogue's current-bulletin decrees and the published decrees' CSV.
  const catalogo = (await (await page.request.get('/data.json')).json()) as { dataset: { identifier: string; distribution: { downloadURL: string }[] }[] };
  const urls = catalogo.dataset
    .find((d) => d.identifier === 'decretos')!
    .distribution.map((d) => new URL(d.downloadURL).pathname + new URL(d.downloadURL).search);
  for (const url of urls.filter((u) => u.includes('boletin-vigente/decretos') || u.includes('decretos-publicados'))) {
    expect(await (await page.request.get(url)).text(), url).toContain(DECRETO);
  }

  // The decree form offers it.
  await page.goto('/solicitud-decretos');
  await esperarHidratacion(page);
  await page.getByLabel('Número de Decreto').pressSequentially(DECRETO);
  await expect(page.locator('.decretos__publicado')).toContainText(OFERTA);
  await axeEnLosDosAnchos(page);

  // Deleted: the demo's N° 325 is current again.
  await page.goto(`${enlacePanel}?paso=borrar`);
  await page.getByRole('button', { name: 'Sí, borrar el boletín' }).click();
  await expect(page).toHaveURL(/\/admin\/boletines\?aviso=borrado$/);
  await page.goto('/boletines-oficiales');
  await expect(page.getByRole('region', { name: 'Boletín Vigente' }).getByText('Boletín Oficial N° 325 – Noviembre 2026', { exact: true })).toBeVisible();
});
