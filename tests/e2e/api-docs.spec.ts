import { expect, expectAccessible, test } from './fixtures.ts';

test.describe('la descripción de la API para personas', () => {
  test('/api/docs abre Swagger UI sin errores en la consola, con cada ruta de /api/v1', async ({ page, request }) => {
    const doc = (await (await request.get('/api/docs.json')).json()) as { paths: Record<string, Record<string, unknown>> };
    await page.goto('/api/docs');
    await expect(page).toHaveTitle('API de datos abiertos | Municipalidad de Villa La Angostura');
    await expect(page.getByRole('heading', { level: 1, name: /^API de datos abiertos de la Municipalidad/ })).toBeVisible();
    const operaciones = page.locator('.opblock-summary-path');
    await expect(operaciones.first()).toBeVisible();
    const mostradas = await operaciones.evaluateAll((nodos) => nodos.map((n) => n.getAttribute('data-path')));
    expect(new Set(mostradas)).toEqual(new Set(Object.keys(doc.paths)));
    // An operation opens with its parameters and responses.
    await page.locator('.opblock-summary-path[data-path="/api/v1/ordenanzas"]').click();
    await expect(page.getByText('Resultados por página, de 1 a 100 (25 si falta).')).toBeVisible();
    await expectAccessible(page);
  });
});
