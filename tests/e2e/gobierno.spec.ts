import type { Locator, Page } from '@playwright/test';
import { expect, expectAccessibleAtWidths, test, viewports } from './fixtures.ts';

const PAGINAS = [
  { ruta: '/boletines-oficiales', titulo: 'Boletines Oficiales' },
  { ruta: '/areas', titulo: 'Áreas' },
  { ruta: '/ejecutivo', titulo: 'Ejecutivo' },
  { ruta: '/concejo-deliverante', titulo: 'Concejo Deliberante' },
  { ruta: '/observatorio-vial', titulo: 'Observatorio Vial' },
  { ruta: '/plan-estrategico', titulo: 'Plan Estratégico' },
  { ruta: '/estados-contables', titulo: 'Estados Contables' },
  { ruta: '/sueldos', titulo: 'Sueldos' },
];

const encabezados = (tabla: Locator) => tabla.getByRole('columnheader').allTextContents();
const filas = (tabla: Locator) => tabla.getByRole('row').filter({ has: tabla.page().getByRole('cell') });
const columnas = (lista: Locator) => lista.evaluate((el) => getComputedStyle(el).gridTemplateColumns.split(' ').length);

async function esPdf(page: Page, href: string | null) {
  const res = await page.request.get(href!);
  expect(res.headers()['content-type']).toBe('application/pdf');
}

test.describe('páginas de Gobierno, Boletines y Finanzas', () => {
  for (const { ruta, titulo } of PAGINAS) {
    test(`${ruta}: título, descripción, feeds en el head y axe en teléfono y escritorio`, async ({ page }) => {
      await page.goto(ruta);
      await expect(page).toHaveTitle(`${titulo} | Municipalidad de Villa La Angostura`);
      await expect(page.getByRole('heading', { level: 1, name: titulo })).toBeVisible();
      await expect(page.locator('meta[name="description"]')).toHaveAttribute('content', /^.{40,}$/);
      await expect(page.locator('link[rel="alternate"][type="application/atom+xml"]')).toHaveCount(2);
      await expect(page.getByRole('alert')).toHaveCount(0);
      await expectAccessibleAtWidths(page, ruta);
    });
  }

  test('Boletines Oficiales: texto legal, Ordenanzas, Decretos, Licitaciones y boletines con su documento', async ({ page }) => {
    await page.goto('/boletines-oficiales');
    for (const h of ['Boletín Vigente', 'Ordenanzas', 'Decretos', 'Licitaciones', 'Boletines publicados'])
      await expect(page.getByRole('heading', { level: 2, name: h })).toBeVisible();
    await expect(page.getByText('El Boletín Oficial Municipal publica las ordenanzas')).toBeVisible();

    const ordenanzas = page.getByRole('table', { name: 'Ordenanzas publicadas en el boletín vigente' });
    expect(await encabezados(ordenanzas)).toEqual(['Número', 'Título', 'Link']);
    const link = filas(ordenanzas).first().getByRole('link');
    await expect(link).toHaveAttribute('target', '_blank');
    await expect(link).toHaveAttribute('href', /^\/consulta-ordenanzas\/2026\/\d+$/);

    const decretos = page.getByRole('table', { name: 'Decretos publicados en el boletín vigente' });
    expect(await encabezados(decretos)).toEqual(['Número', 'Descripción', 'Area']);
    await expect(filas(decretos)).toHaveCount(5);
    await expect(page.getByRole('heading', { name: 'Licitación Pública N° 14/2026' })).toBeVisible();

    const boletines = page.getByRole('table', { name: /Boletines oficiales/ });
    expect(await encabezados(boletines)).toEqual(['Número', 'Subido por', 'Fecha']);
    await expect(filas(boletines)).toHaveCount(25);
    const primero = filas(boletines).first();
    const descarga = primero.getByRole('link', { name: /^Boletín Oficial N° 325 - Noviembre 2026 \(PDF, \d+ KB\)/ });
    await expect(descarga).toHaveAttribute('href', /^\/api\/v1\/documentos\/\d+$/);
    await expect(descarga).toHaveAttribute('target', '_blank');
    await expect(primero.getByRole('cell').nth(2)).toHaveText('27/11/2026');
    await esPdf(page, await descarga.getAttribute('href'));
  });

  test('Áreas: tarjetas en 3 columnas en pantalla grande, con dirección, tel: y mailto:', async ({ page }) => {
    await page.setViewportSize(viewports.escritorio);
    await page.goto('/areas');
    const lista = page.getByRole('list', { name: 'Áreas municipales' });
    // The demo's nine areas; panel-gobierno.spec.ts may add one of its own («Área e2e …») meanwhile.
    const tarjetas = lista.locator(':scope > li');
    await expect(tarjetas.filter({ hasNot: page.getByRole('heading', { name: /^Área e2e / }) })).toHaveCount(9);
    expect(await columnas(lista)).toBe(3);
    const [a, b, c] = await Promise.all([0, 1, 2].map((i) => tarjetas.nth(i).boundingBox()));
    expect(a!.y).toBe(b!.y);
    expect(b!.x).toBeGreaterThan(a!.x);
    expect(c!.x).toBeGreaterThan(b!.x);
    const turismo = tarjetas.filter({ has: page.getByRole('heading', { name: 'Secretaría de Turismo' }) });
    await expect(turismo).toContainText('Av. Siete Lagos 93');
    await expect(turismo.getByRole('link', { name: /Teléfono/ })).toHaveAttribute('href', 'tel:+542944494124');
    await expect(turismo.getByRole('link', { name: /Correo/ })).toHaveAttribute('href', 'mailto:turismo@villalaangostura.gob.ar');
    await page.setViewportSize(viewports.telefono);
    expect(await columnas(lista)).toBe(1);
  });

  test('Ejecutivo: Intendente y Viceintendente, luego cada Secretaría con sus Subsecretarías', async ({ page }) => {
    await page.goto('/ejecutivo');
    for (const h of ['Intendente', 'Viceintendente', 'Secretarías']) await expect(page.getByRole('heading', { level: 2, name: h, exact: true })).toBeVisible();
    const intendente = page.getByRole('region', { name: 'Intendente', exact: true });
    await expect(intendente).toContainText('Ernesto Valdivia Larrea');
    await expect(intendente.getByRole('link', { name: /Correo/ })).toHaveAttribute('href', 'mailto:intendencia@villalaangostura.gob.ar');
    await expect(intendente.getByRole('link', { name: /Teléfono/ })).toHaveAttribute('href', 'tel:+542944494100');
    await expect(page.getByRole('heading', { level: 3 })).toHaveCount(5);
    const hacienda = page.getByRole('region', { name: 'Secretaría de Hacienda' });
    await expect(hacienda).toContainText('Silvina Prado Etchart');
    await expect(hacienda.getByRole('heading', { level: 4, name: 'Subsecretarías' })).toBeVisible();
    await expect(hacienda).toContainText('Subsecretaría de Rentas');
  });

  test('Concejo Deliberante: caja de Presidencia y Bloques en 2 columnas', async ({ page }) => {
    await page.setViewportSize(viewports.escritorio);
    await page.goto('/concejo-deliverante');
    const presidencia = page.getByRole('region', { name: 'Presidencia' });
    expect(await presidencia.locator('dt').allTextContents()).toEqual([
      'Presidente',
      'Vicepresidente',
      'Secretaria Parlamentaria',
      'Secretaria de Actas',
      'Secretaria a Cargo del Digesto',
      'Teléfono',
    ]);
    await expect(presidencia.getByRole('link', { name: '+54 294 449-4500' })).toHaveAttribute('href', 'tel:+542944494500');
    const bloques = page.getByRole('list', { name: 'Bloques del Concejo' });
    expect(await columnas(bloques)).toBe(2);
    const primero = bloques.locator(':scope > li').first();
    for (const h of ['Concejales', 'Asesores', 'Secretaria/o']) await expect(primero.getByRole('heading', { level: 4, name: h })).toBeVisible();
    await expect(primero).toContainText('Horacio Benavídez Luna');
  });

  test('Observatorio Vial: logo, texto, Terminal con Descargar, informes por año', async ({ page }) => {
    await page.goto('/observatorio-vial');
    await expect(page.getByRole('img', { name: 'Logo del Observatorio Vial' })).toBeVisible();
    await expect(page.getByText('El Observatorio Vial de Villa La Angostura reúne')).toBeVisible();
    const terminal = page.getByRole('table', { name: /Movimiento mensual de pasajeros/ });
    expect(await encabezados(terminal)).toEqual(['Mes', 'Descargar']);
    await expect(filas(terminal)).toHaveCount(24);
    await expect(filas(terminal).first().getByRole('cell').first()).toHaveText('Octubre 2026');
    const descarga = filas(terminal)
      .first()
      .getByRole('link', { name: /^Descargar el movimiento de Octubre 2026 \(PDF/ });
    await expect(descarga).toHaveAttribute('target', '_blank');
    await esPdf(page, await descarga.getAttribute('href'));
    const informes = page.getByRole('table', { name: /Informes anuales/ });
    expect(await encabezados(informes)).toEqual(['Año', 'Descargar']);
    expect(await filas(informes).locator('td:first-child').allTextContents()).toEqual(['2025', '2024', '2023']);
  });

  test('Observatorio Vial: galería con miniaturas a la izquierda, operable con teclado', async ({ page }) => {
    await page.setViewportSize(viewports.escritorio);
    await page.goto('/observatorio-vial');
    const miniaturas = page.getByRole('list', { name: /Miniaturas/ }).getByRole('button');
    // The demo's six, and any an e2e spec of the back-office is adding at the end right now.
    await expect(miniaturas.nth(5)).toBeVisible();
    const total = await miniaturas.count();
    const principal = page.locator('.galeria__principal img');
    const [lista, figura] = await Promise.all([
      page.getByRole('list', { name: /Miniaturas/ }).boundingBox(),
      page.locator('.galeria__principal').boundingBox(),
    ]);
    expect(lista!.x + lista!.width).toBeLessThanOrEqual(figura!.x);
    await expect(principal).toHaveAttribute('loading', 'lazy');
    await expect(principal).toHaveAttribute('alt', 'Cruce de la Ruta 40 con la avenida Arrayanes, con el cerro al fondo');
    await expect(page.locator('.galeria__principal figcaption')).toContainText('el de mayor tránsito de la villa');

    await miniaturas.first().focus();
    await page.keyboard.press('ArrowDown');
    await expect(miniaturas.nth(1)).toBeFocused();
    await expect(miniaturas.nth(1)).toHaveAttribute('aria-current', 'true');
    await expect(principal).toHaveAttribute('alt', 'Senda peatonal junto al lago Nahuel Huapi');
    await expect(page.locator('.galeria [role="status"]')).toHaveText(`Imagen 2 de ${total}: Senda peatonal del puerto`);
    await page.keyboard.press('End');
    await expect(miniaturas.nth(total - 1)).toHaveAttribute('aria-current', 'true');
    await page.keyboard.press('ArrowDown');
    await expect(miniaturas.first()).toBeFocused();
    await expect(miniaturas.first()).toHaveAttribute('aria-current', 'true');
    await page.keyboard.press('Tab');
    await page.keyboard.press('Enter');
    await expect(miniaturas.nth(1)).toHaveAttribute('aria-current', 'true');
    await expect(principal).toHaveJSProperty('complete', true);
    expect(await principal.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBe(640);
    await page.getByRole('button', { name: 'Siguiente' }).click();
    await expect(miniaturas.nth(2)).toHaveAttribute('aria-current', 'true');
    await expect(page.locator('.galeria__posicion')).toHaveText(`(3 de ${total})`);
    for (let i = 0; i < 3; i++) await page.getByRole('button', { name: 'Anterior' }).click();
    await expect(miniaturas.nth(total - 1)).toHaveAttribute('aria-current', 'true');
    await expect(page.locator('.galeria [role="status"]')).toHaveText(new RegExp(`^Imagen ${total} de ${total}: `));
  });

  test('Plan Estratégico: sus cuatro enlaces externos en pestaña nueva', async ({ page }) => {
    await page.goto('/plan-estrategico');
    const enlaces = page.getByRole('list', { name: 'Documentos del Plan Estratégico' }).getByRole('link');
    await expect(enlaces).toHaveCount(4);
    for (const nombre of [/Guía del inversor/, /Estadísticas de turismo/, /Economía circular: diagnóstico/, /Economía circular: hoja de ruta/]) {
      const enlace = enlaces.filter({ hasText: nombre });
      await expect(enlace).toHaveAttribute('target', '_blank');
      await expect(enlace).toHaveAttribute('href', /^https:\/\//);
    }
  });

  test('Estados Contables: Nombre con tipo, mes y año enlazado al documento; Subido por; Fecha', async ({ page }) => {
    // Every year (the page shows the most recent one by default, docs/decisions/051-listas-largas-y-migas.md).
    await page.goto('/estados-contables?anio=todos');
    const tabla = page.getByRole('table', { name: /Estados contables/ });
    expect(await encabezados(tabla)).toEqual(['Nombre', 'Subido por', 'Fecha']);
    await expect(filas(tabla)).toHaveCount(48);
    const nombres = await filas(tabla).locator('td:first-child a').allInnerTexts();
    expect(
      nombres
        .slice(0, 2)
        .map((n) => n.replace(/\s*\(PDF[\s\S]*$/, ''))
        .sort(),
    ).toEqual(['Ejecución de Gastos Octubre 2026', 'Ejecución de Recursos Octubre 2026']);
    expect(nombres.at(-1)).toMatch(/^Ejecución de (Recursos|Gastos) Noviembre 2024/);
    const enlace = filas(tabla).first().getByRole('link');
    await expect(enlace).toHaveAttribute('href', /^\/api\/v1\/documentos\/\d+$/);
    await esPdf(page, await enlace.getAttribute('href'));
  });

  test('Sueldos: enlaces de descarga por período y año, el más reciente primero', async ({ page }) => {
    await page.goto('/sueldos?anio=todos');
    await expect(page.getByRole('heading', { level: 2, name: '2026' })).toBeVisible();
    const enlaces = page.getByRole('link', { name: /^Sueldos / });
    await expect(enlaces.first()).toHaveAccessibleName(/^Sueldos Octubre 2026 \(PDF, \d+ KB\)/);
    await expect(page.getByRole('link', { name: /^Sueldos Aguinaldo 1er semestre 2025/ })).toBeVisible();
    await esPdf(page, await enlaces.first().getAttribute('href'));
  });
});

test.describe('Observatorio Vial sin JavaScript', () => {
  test.use({ javaScriptEnabled: false });
  test('la galería es una lista de imágenes con su descripción', async ({ page }) => {
    await page.goto('/observatorio-vial');
    const figuras = page.locator('.galeria-lista figure');
    await expect(figuras.nth(5)).toBeVisible();
    await expect(figuras.first().getByRole('img')).toHaveAttribute('loading', 'lazy');
    await expect(figuras.first()).toContainText('Ruta 40 y Av. Arrayanes');
    await expect(figuras.first().getByRole('link')).toHaveAttribute('href', /^\/api\/v1\/documentos\/\d+$/);
  });
});
