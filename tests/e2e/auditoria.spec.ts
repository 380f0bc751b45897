import { DEMO_USUARIOS } from '#server/demo/usuarios.ts';
import { expect, expectAccessibleAtWidths, test } from './fixtures.ts';

// The audit page as an administrator reads it: sentences, the GET form of filters (also without
// JavaScript), the error summary of a bad date, and axe at both widths.
const [ADMIN] = DEMO_USUARIOS as [(typeof DEMO_USUARIOS)[number]];

test.describe('sin JavaScript', () => {
  test.use({ javaScriptEnabled: false });

  test('la auditoría se lee como frases y se filtra por sección con el formulario común; el CSV sigue los filtros', async ({ page }) => {
    await page.goto('/login?siguiente=%2Fadmin%2Fauditoria');
    await page.getByLabel('Correo electrónico').fill(ADMIN.email);
    await page.getByLabel('Contraseña').fill(ADMIN.clave);
    await page.getByRole('button', { name: 'Ingresar' }).click();
    await expect(page).toHaveURL(/\/admin\/auditoria$/);
    await expect(
      page
        .locator('main')
        .getByText(/^Ana Quintriqueo ingresó al panel el \d\d\/\d\d\/\d{4} a las \d\d:\d\d/)
        .first(),
    ).toBeVisible();
    await page.getByLabel('Sección').selectOption({ label: 'Ordenanzas' });
    await page.getByRole('button', { name: 'Filtrar' }).click();
    await expect(page).toHaveURL(/\/admin\/auditoria\?(.*&)?seccion=ordenanzas(&|$)/);
    await expect(
      page
        .locator('main')
        .getByText(/^El sistema cargó la ordenanza \d+\/\d{4} el /)
        .first(),
    ).toBeVisible();
    await expect(page.getByRole('link', { name: 'Descargar estos registros (CSV)' })).toHaveAttribute('href', '/admin/auditoria.csv?seccion=ordenanzas');
  });
});

test('la auditoría pasa axe a 390 y 1366 px, también con el resumen de errores de los filtros', async ({ page }) => {
  test.setTimeout(120_000);
  await page.goto('/login?siguiente=%2Fadmin%2Fauditoria');
  await page.getByLabel('Correo electrónico').fill(ADMIN.email);
  await page.getByLabel('Contraseña').fill(ADMIN.clave);
  await page.getByRole('button', { name: 'Ingresar' }).click();
  await expect(page).toHaveURL(/\/admin\/auditoria$/);
  await expectAccessibleAtWidths(page, '/admin/auditoria?seccion=cuenta');
  await page.goto('/admin/auditoria?desde=2026-02-30');
  await expect(page.locator('.resumen-errores')).toContainText('Desde: Escribí una fecha que exista');
  await expect(page.getByLabel('Desde')).toHaveAttribute('aria-invalid', 'true');
  await expectAccessibleAtWidths(page, '/admin/auditoria?desde=2026-02-30');
});
