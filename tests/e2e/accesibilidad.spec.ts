// The barrier report of the accessibility statement
// (docs/decisions/026-declaracion-de-accesibilidad.md), from the keyboard alone, on the page as it is
// served: no JavaScript files, a plain form post. The page itself is in the axe scans of
// responsive.spec.ts (the sitemap's pages) and the static pages of javascript.spec.ts.
import { esperarCorreo } from './correo.ts';
import { expect, expectAccessible, test, viewports } from './fixtures.ts';

test('informar una barrera con el teclado: errores, confirmación con la referencia y el correo de acuse', async ({ page }) => {
  await page.setViewportSize(viewports.escritorio);
  await page.goto('/accesibilidad?pagina=%2Fareas');
  // The intro's link leads to the form's section; Tab passes its mail and phone links, then the fields in order.
  await page.getByRole('link', { name: 'Informar una barrera', exact: true }).focus();
  await page.keyboard.press('Enter');
  for (let i = 0; i < 3; i++) await page.keyboard.press('Tab');
  const pagina = page.getByRole('textbox', { name: 'Página donde encontraste la barrera' });
  await expect(pagina).toBeFocused();
  await expect(pagina).toHaveValue('/areas');

  // Sent empty first: the summary takes the focus and links to the field.
  await page.keyboard.press('Tab');
  await page.keyboard.press('Tab');
  await page.keyboard.press('Tab');
  await page.keyboard.press('Tab');
  await page.keyboard.type('no-es-un-correo');
  await page.keyboard.press('Tab');
  await expect(page.getByRole('button', { name: 'Enviar el aviso' })).toBeFocused();
  await page.keyboard.press('Enter');
  const resumen = page.getByRole('alert').filter({ hasText: 'Revisá el aviso' });
  await expect(resumen).toBeFocused();
  await expect(page).toHaveTitle(/^Error: Declaración de accesibilidad/);
  await page.keyboard.press('Tab');
  await page.keyboard.press('Enter');
  const descripcion = page.getByRole('textbox', { name: 'Qué pasó' });
  await expect(descripcion).toBeFocused();
  await page.keyboard.type('En la página de áreas, el menú Gobierno no se abre con Enter.');
  for (let i = 0; i < 3; i++) await page.keyboard.press('Tab');
  const email = page.getByRole('textbox', { name: 'Correo electrónico' });
  await expect(email).toBeFocused();
  await expect(email).toHaveValue('no-es-un-correo');
  await page.keyboard.press('ControlOrMeta+A');
  await page.keyboard.type('teclado.barrera@correo.com.ar');
  await page.keyboard.press('Tab');
  await page.keyboard.press('Enter');

  const confirmacion = page.getByRole('status').filter({ hasText: 'Recibimos tu aviso. Gracias.' });
  await expect(confirmacion).toBeFocused();
  const referencia = /AC-\d{4}-[2-9A-HJ-NP-Z]{6}/.exec((await confirmacion.textContent()) ?? '')?.[0];
  expect(referencia).toBeTruthy();
  await expectAccessible(page);
  expect(await esperarCorreo('teclado.barrera@correo.com.ar', (cuerpo) => cuerpo.includes(referencia!))).toContain('Municipalidad de Villa La Angostura');
});
