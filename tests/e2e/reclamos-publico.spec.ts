// The public list of citizen reports (docs/decisions/057-reclamos.md): its heading, the way to report,
// the filters kept in the address, «Seguí tu reclamo» with a wrong code, and axe at a phone's and a
// computer's width. The demo has no reports yet, so the map (drawn only when there are points) is
// covered by the HTTP tests' data, not here.
import { abrirHidratada, expect, expectAccessibleAtWidths, test } from './fixtures.ts';

test.describe('Reclamos', () => {
  test('la lista: título, «Hacer un reclamo», filtros en la dirección', async ({ page }) => {
    await abrirHidratada(page, '/reclamos');
    await expect(page.getByRole('heading', { level: 1, name: 'Reclamos' })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Hacer un reclamo' })).toHaveAttribute('href', '/reclamos/nuevo');
    const filtros = page.getByRole('form', { name: 'Filtros de reclamos' });
    await filtros.getByRole('combobox', { name: 'Estado' }).selectOption('resuelto');
    await filtros.getByRole('button', { name: 'Filtrar' }).click();
    await expect(page).toHaveURL(/\/reclamos\?(?:.*&)?estado=resuelto/);
    await expect(page.getByRole('combobox', { name: 'Estado' })).toHaveValue('resuelto');
    await expect(page.getByRole('link', { name: 'Seguir estos reclamos (Atom)' })).toHaveAttribute('href', /\/reclamos\/feed\.atom\?estado=resuelto/);
  });

  test('«Seguí tu reclamo» con un código mal escrito: el error, enfocado, junto al campo', async ({ page }) => {
    await abrirHidratada(page, '/reclamos');
    const campo = page.getByRole('textbox', { name: 'Código del reclamo' });
    await campo.fill('RC-2026-hola');
    await page.getByRole('button', { name: 'Ver el reclamo' }).click();
    const resumen = page.getByRole('alert').filter({ hasText: 'Revisá los datos' });
    await expect(resumen).toBeFocused();
    await expect(resumen).toContainText('Escribí el código como figura en tu correo');
    await expect(page.getByRole('textbox', { name: 'Código del reclamo' })).toHaveValue('RC-2026-hola');
  });

  test('accesible en un teléfono y en una computadora: la lista, un filtro con error y un reclamo que no existe', async ({ page }) => {
    await expectAccessibleAtWidths(page, '/reclamos');
    await expectAccessibleAtWidths(page, '/reclamos?estado=abierto');
    await expectAccessibleAtWidths(page, '/reclamos/RC-2026-ZZZ-ZZZ-ZZZ');
  });
});
