import type { APIRequestContext, Page } from '@playwright/test';
import { expect, expectAccessible, test, viewports } from './fixtures.ts';

type Item = {
  ID: number;
  Numero: number;
  Anio: number;
  Estado: number;
  EstadoDescripcion: string;
  Descripcion: string;
  DocumentoID: number | null;
  ModificatoriaDe: number | null;
};

async function api(request: APIRequestContext, query: string): Promise<{ items: Item[]; total: number }> {
  const res = await request.get(`/api/v1/ordenanzas?${query}`);
  expect(res.ok()).toBe(true);
  return (await res.json()) as { items: Item[]; total: number };
}

const filas = (page: Page) =>
  page
    .getByRole('table')
    .getByRole('row')
    .filter({ has: page.getByRole('cell') });

test.describe('Consulta de Ordenanzas', () => {
  test('busca por palabras y muestra las filas correctas con la URL compartible', async ({ page, request }) => {
    const esperado = await api(request, 'pattern=residuos');
    await page.goto('/consulta-ordenanzas');
    await expect(page.getByRole('heading', { level: 1, name: 'Consulta de Ordenanzas' })).toBeVisible();
    await page.getByLabel('Buscar en la descripción').fill('residuos');
    await page.getByRole('main').getByRole('button', { name: 'Buscar' }).click();
    await expect(page).toHaveURL(/\/consulta-ordenanzas\?pattern=residuos$/);
    await expect(page.getByRole('status')).toHaveText(new RegExp(`^${esperado.total} ordenanzas encontradas`));
    await expect(filas(page)).toHaveCount(Math.min(25, esperado.total));
    const primera = filas(page).first();
    await expect(primera.getByRole('cell').nth(1)).toHaveText(String(esperado.items[0]!.Numero));
    for (const descripcion of await filas(page).locator('td:nth-child(5)').allTextContents()) expect(descripcion).toMatch(/residuos/i);
    await expect(
      page.getByText(
        'Las presentes ordenanzas tienen carácter meramente informativo y orientativo. Para acceder a su versión oficial y válida, diríjase al Concejo Deliberante.',
      ),
    ).toBeVisible();

    // The URL reproduces the search, in a new visit and with the back button.
    await page.goto('/consulta-ordenanzas?anio=2019');
    await page.goBack();
    await expect(page.getByLabel('Buscar en la descripción')).toHaveValue('residuos');
    await expect(filas(page)).toHaveCount(Math.min(25, esperado.total));
  });

  test('los resultados llegan mientras se escribe (la última palabra como prefijo)', async ({ page, request }) => {
    const esperado = await api(request, 'pattern=bomber');
    await page.goto('/consulta-ordenanzas');
    await page.getByLabel('Buscar en la descripción').pressSequentially('bomber', { delay: 40 });
    await expect(page).toHaveURL(/pattern=bomber/);
    await expect(page.getByRole('status')).toHaveText(new RegExp(`^${esperado.total} ordenanzas encontradas`));
    // Typing made one entry of its own: Back returns to the search before typing began.
    await page.goBack();
    await expect(page).toHaveURL(/\/consulta-ordenanzas$/);
    await expect(page.getByLabel('Buscar en la descripción')).toHaveValue('');
  });

  test('escribir después de una búsqueda enviada no la borra del historial, aunque los resultados lleguen antes del envío', async ({ page }) => {
    await page.goto('/consulta-ordenanzas?pattern=residuos');
    const campo = page.getByLabel('Buscar en la descripción');
    await campo.fill('bomber');
    // The search as you type answers first (what a slow machine did), then the form is sent.
    await expect(page).toHaveURL(/\?pattern=bomber$/);
    await page.getByRole('main').getByRole('button', { name: 'Buscar' }).click();
    await page.goBack();
    await expect(page).toHaveURL(/\?pattern=residuos$/);
    await expect(campo).toHaveValue('residuos');
  });

  test('busca por número y por estado', async ({ page, request }) => {
    const { items } = await api(request, 'estado=3');
    const objetivo = items[0]!;
    await page.goto('/consulta-ordenanzas');
    await page.getByLabel('Numero').fill(String(objetivo.Numero));
    await page.getByLabel('Año').fill(String(objetivo.Anio));
    await page.getByRole('main').getByRole('button', { name: 'Buscar' }).click();
    await expect(filas(page)).toHaveCount(1);
    await expect(filas(page).first()).toContainText(objetivo.Descripcion);

    await page.getByLabel('Numero').fill('');
    await page.getByLabel('Año').fill('');
    await page.getByLabel('Estado').selectOption({ label: 'Derogada' });
    await page.getByRole('main').getByRole('button', { name: 'Buscar' }).click();
    await expect(page).toHaveURL(/estado=3/);
    const estados = await filas(page).locator('td:nth-child(1)').allTextContents();
    expect(estados.length).toBeGreaterThan(0);
    expect(new Set(estados)).toEqual(new Set(['Derogada']));
    await expect(page.getByLabel('Estado').locator('option').first()).toHaveText('Todos');
  });

  test('sin resultados lo dice; un filtro inválido muestra el error y conserva lo escrito', async ({ page }) => {
    await page.goto('/consulta-ordenanzas?pattern=zzzxxyyqq');
    await expect(page.getByText('No se encontraron ordenanzas con esos criterios.')).toBeVisible();
    await page.goto('/consulta-ordenanzas?anio=19&pattern=residuos');
    await expect(page).toHaveTitle(/^Error: /);
    await expect(page.getByRole('alert')).toContainText('Año: Ingresá un año de cuatro cifras');
    await expect(page.getByLabel('Año')).toHaveValue('19');
    await expect(page.getByLabel('Año')).toHaveAttribute('aria-invalid', 'true');
    await expect(page.getByLabel('Buscar en la descripción')).toHaveValue('residuos');
  });

  test('la búsqueda cambia los resultados sin recargar la página, y Atrás vuelve a la anterior', async ({ page, request }) => {
    const residuos = await api(request, 'pattern=residuos');
    const bomberos = await api(request, 'pattern=bomber');
    const errores: string[] = [];
    page.on('console', (message) => {
      if (message.type() === 'error') errores.push(message.text());
    });
    await page.goto('/consulta-ordenanzas');
    // The page loads no script files: the search runs from the few lines written into it.
    await expect(page.locator('script[src]')).toHaveCount(0);
    await page.evaluate(() => ((window as unknown as { marca: number }).marca = 1));
    const marca = () => page.evaluate(() => (window as unknown as { marca?: number }).marca);

    await page.getByLabel('Buscar en la descripción').fill('residuos');
    await page.getByRole('main').getByRole('button', { name: 'Buscar' }).click();
    await expect(page).toHaveURL(/\/consulta-ordenanzas\?pattern=residuos$/);
    await expect(page.getByRole('status')).toHaveText(new RegExp(`^${residuos.total} ordenanzas encontradas`));
    await page.getByLabel('Buscar en la descripción').fill('bomber');
    await page.getByRole('main').getByRole('button', { name: 'Buscar' }).click();
    await expect(page).toHaveURL(/\/consulta-ordenanzas\?pattern=bomber$/);
    await expect(page.getByRole('status')).toHaveText(new RegExp(`^${bomberos.total} ordenanzas encontradas`));
    await expect(filas(page).first().getByRole('cell').nth(1)).toHaveText(String(bomberos.items[0]!.Numero));
    expect(await marca(), 'la página no se recargó').toBe(1);

    await page.goBack();
    await expect(page).toHaveURL(/\/consulta-ordenanzas\?pattern=residuos$/);
    await expect(page.getByLabel('Buscar en la descripción')).toHaveValue('residuos');
    await expect(page.getByRole('status')).toHaveText(new RegExp(`^${residuos.total} ordenanzas encontradas`));
    await expect(filas(page).first().getByRole('cell').nth(1)).toHaveText(String(residuos.items[0]!.Numero));
    expect(await marca(), 'Atrás no recargó la página').toBe(1);
    expect(errores, 'sin errores en la consola (CSP incluida)').toEqual([]);

    // A filter with an error gets the server's page with the error and what was typed.
    await page.getByLabel('Año').fill('19');
    await page.getByRole('main').getByRole('button', { name: 'Buscar' }).click();
    await expect(page.getByRole('alert')).toContainText('Año: Ingresá un año de cuatro cifras');
    await expect(page.getByLabel('Año')).toHaveValue('19');
  });

  test('pagina de a 25 con el total', async ({ page, request }) => {
    const { total } = await api(request, '');
    await page.goto('/consulta-ordenanzas');
    await expect(page.getByRole('status')).toHaveText(`${total} ordenanzas encontradas; mostrando 1 a 25.`);
    await page.getByRole('navigation', { name: 'Páginas de resultados' }).getByRole('link', { name: 'Siguiente' }).click();
    await expect(page).toHaveURL(/pagina=2/);
    await expect(page.getByRole('status')).toHaveText(`${total} ordenanzas encontradas; mostrando 26 a 50.`);
  });

  for (const width of [320, 390]) {
    test(`en un teléfono de ${width} px cada ordenanza es una tarjeta legible y descargable`, async ({ page, context, request }) => {
      const esperado = await api(request, 'pattern=residuos');
      await page.setViewportSize({ width, height: 800 });
      await page.goto('/consulta-ordenanzas?pattern=residuos');
      // The table keeps its rows and headers for screen readers; the spec's hidden columns go.
      await expect(filas(page)).toHaveCount(Math.min(25, esperado.total));
      for (const columna of ['Fecha Emisión', 'Expediente', 'Modificatoria']) await expect(page.getByRole('columnheader', { name: columna })).toBeHidden();
      const primera = filas(page).first();
      const item = esperado.items[0]!;
      await primera.scrollIntoViewIfNeeded();
      const tarjeta = (await primera.boundingBox())!;
      expect(tarjeta.width).toBeLessThanOrEqual(width);
      // Estado, Número, Año, Descripción and the download, each on screen inside the card.
      const partes = [
        primera.getByText(item.EstadoDescripcion, { exact: true }),
        primera.getByRole('link', { name: `Ordenanza N° ${item.Numero}/${item.Anio}`, exact: true }),
        primera.getByRole('cell', { name: String(item.Anio), exact: true }),
        primera.getByRole('cell', { name: item.Descripcion }),
        primera.getByRole('link', { name: `Descargar la Ordenanza N° ${item.Numero}/${item.Anio} (PDF, se abre en una pestaña nueva)` }),
      ];
      for (const parte of partes) {
        await expect(parte).toBeInViewport();
        const caja = (await parte.boundingBox())!;
        expect(caja.x).toBeGreaterThanOrEqual(tarjeta.x);
        expect(caja.x + caja.width).toBeLessThanOrEqual(tarjeta.x + tarjeta.width + 1);
      }
      // Número and Año carry their column's name on screen (CSS text that screen readers skip).
      const rotulos = await primera.locator('td[data-columna]').evaluateAll((celdas) => celdas.map((c) => getComputedStyle(c, '::before').content));
      expect(rotulos).toEqual(['"Número: " / ""', '"Año: " / ""']);
      // The description wraps inside the card instead of widening it.
      const descripcion = (await partes[3]!.boundingBox())!;
      expect(descripcion.width).toBeGreaterThan(width * 0.7);

      const [respuesta] = await Promise.all([
        context.waitForEvent('response', (r) => r.url().includes(`/api/v1/documentos/${item.DocumentoID}`)),
        partes[4]!.click(),
      ]);
      expect(respuesta.status()).toBe(200);
      expect(respuesta.headers()['content-type']).toBe('application/pdf');
      await expectAccessible(page);
    });
  }

  test('en computadora muestra todas las columnas del spec', async ({ page }) => {
    await page.setViewportSize(viewports.escritorio);
    await page.goto('/consulta-ordenanzas');
    for (const columna of ['Estado', 'Número', 'Año', 'Fecha Emisión', 'Descripcion', 'Expediente', 'Modificatoria', 'Descargar'])
      await expect(page.getByRole('columnheader', { name: columna })).toBeVisible();
  });

  test('Descargar abre el PDF en una pestaña nueva', async ({ page, context, request }) => {
    const { items } = await api(request, 'pattern=arrayanes');
    const primera = items[0]!;
    await page.goto('/consulta-ordenanzas?pattern=arrayanes');
    const enlace = page.getByRole('link', { name: `Descargar la Ordenanza N° ${primera.Numero}/${primera.Anio} (PDF, se abre en una pestaña nueva)` });
    await expect(enlace).toHaveAttribute('target', '_blank');
    const [respuesta] = await Promise.all([
      context.waitForEvent('response', (r) => r.url().includes(`/api/v1/documentos/${primera.DocumentoID}`)),
      enlace.click(),
    ]);
    expect(respuesta.status()).toBe(200);
    expect(respuesta.headers()['content-type']).toBe('application/pdf');
    // The new tab shows or downloads the PDF; its bytes are the stored document's.
    const archivo = await request.get(`/api/v1/documentos/${primera.DocumentoID}`);
    expect((await archivo.body()).subarray(0, 5).toString()).toBe('%PDF-');
  });

  test('la modificatoria lleva a la ordenanza que modifica, y su página enlaza de vuelta', async ({ page, request }) => {
    const { items } = await api(request, 'porPagina=100');
    const mod = items.find((i) => i.ModificatoriaDe !== null)!;
    const original = (await (await request.get(`/api/v1/ordenanzas/${mod.ModificatoriaDe}`)).json()) as Item;
    await page.goto(`/consulta-ordenanzas/${mod.Anio}/${mod.Numero}`);
    await expect(page).toHaveTitle(new RegExp(`^Ordenanza N° ${mod.Numero}/${mod.Anio}: `));
    await page.getByRole('link', { name: `Ordenanza N° ${original.Numero}/${original.Anio}` }).click();
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(`Ordenanza N° ${original.Numero}/${original.Anio}`);
    await expect(page.getByRole('link', { name: `Ordenanza N° ${mod.Numero}/${mod.Anio}` })).toBeVisible();
    await expectAccessible(page);
  });

  test('axe sin violaciones en teléfono y escritorio', async ({ page }) => {
    // Four pages and four scans: more than the default 30 s on a busy machine.
    test.slow();
    for (const size of Object.values(viewports)) {
      await page.setViewportSize(size);
      await page.goto('/consulta-ordenanzas?pattern=comercios');
      await expectAccessible(page);
      await page.goto('/consulta-ordenanzas?anio=1');
      await expectAccessible(page);
    }
  });
});

test.describe('Consulta de Ordenanzas sin JavaScript', () => {
  test.use({ javaScriptEnabled: false });

  test('la misma búsqueda funciona con el formulario GET', async ({ page, request }) => {
    const esperado = await api(request, 'estado=2&pattern=comercios');
    await page.goto('/consulta-ordenanzas');
    await page.getByLabel('Estado').selectOption({ label: 'Aprobada/Vigente' });
    await page.getByLabel('Buscar en la descripción').fill('comercios');
    await page.getByRole('main').getByRole('button', { name: 'Buscar' }).click();
    await expect(page).toHaveURL(/estado=2&numero=&anio=&pattern=comercios/);
    await expect(page.getByRole('status')).toHaveText(new RegExp(`^${esperado.total} ordenanzas encontradas`));
    await expect(filas(page).first().getByRole('cell').nth(1)).toHaveText(String(esperado.items[0]!.Numero));
  });
});
