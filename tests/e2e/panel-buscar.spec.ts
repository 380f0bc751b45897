import { DEMO_USUARIOS } from '#server/demo/usuarios.ts';
import { expect, expectAccessibleAtWidths, test } from './fixtures.ts';

// «Buscar en el panel»: the header's box, by keyboard, also without JavaScript, and axe at both widths.
const [, EDITOR] = DEMO_USUARIOS as [(typeof DEMO_USUARIOS)[number], (typeof DEMO_USUARIOS)[number]];

for (const javaScriptEnabled of [true, false]) {
  test.describe(javaScriptEnabled ? 'con JavaScript' : 'sin JavaScript', () => {
    test.use({ javaScriptEnabled });

    test('la caja de la cabecera encuentra un boletín por su número y lleva a su página', async ({ page }) => {
      await page.goto('/login?siguiente=%2Fadmin');
      await page.getByLabel('Correo electrónico').fill(EDITOR.email);
      await page.getByLabel('Contraseña').fill(EDITOR.clave);
      await page.getByRole('button', { name: 'Ingresar' }).click();
      await expect(page).toHaveURL(/\/admin$/);
      const caja = page.getByRole('search').getByLabel('Buscar en el panel');
      await caja.fill('315');
      await caja.press('Enter');
      await expect(page).toHaveURL(/\/admin\/buscar\?q=315$/);
      await expect(page.getByRole('heading', { name: /^Boletines oficiales/ })).toBeVisible();
      await page.getByRole('link', { name: /^Boletín Oficial N° 315/ }).click();
      await expect(page).toHaveURL(/\/admin\/boletines\/\d+$/);
    });
  });
}

test('la búsqueda del panel pasa axe a 390 y 1366 px, también con su error', async ({ page }) => {
  test.setTimeout(120_000);
  await page.goto('/login?siguiente=%2Fadmin');
  await page.getByLabel('Correo electrónico').fill(EDITOR.email);
  await page.getByLabel('Contraseña').fill(EDITOR.clave);
  await page.getByRole('button', { name: 'Ingresar' }).click();
  await expect(page).toHaveURL(/\/admin$/);
  await expectAccessibleAtWidths(page, '/admin/buscar?q=ordenanza');
  await expectAccessibleAtWidths(page, `/admin/buscar?q=${'x'.repeat(101)}`);
  await expect(page.locator('.resumen-errores')).toContainText('Escribí hasta 100 caracteres');
});
