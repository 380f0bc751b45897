// The tables that become cards on phones are still tables to a screen reader (docs/architecture.md,
// "Tablas en teléfonos"): read from Chromium's own accessibility tree (what it hands to screen
// readers), not from Playwright's idea of the roles, on a phone and on a desktop. Their markup
// writes no role on any of their elements: HTML allows none on a table's cells.
import type { Page } from '@playwright/test';
import { expect, test, viewports } from './fixtures.ts';

type NodoAx = { nodeId: string; ignored: boolean; role?: { value: string }; name?: { value: string }; childIds?: string[] };

/** The table named `nombre` as Chromium exposes it: its column headers and, for each row of data, its cells' names. */
async function tablaAccesible(page: Page, nombre: RegExp): Promise<{ encabezados: string[]; filas: string[][] }> {
  const cdp = await page.context().newCDPSession(page);
  const { nodes } = (await cdp.send('Accessibility.getFullAXTree')) as { nodes: NodoAx[] };
  await cdp.detach();
  const porId = new Map(nodes.map((n) => [n.nodeId, n]));
  const rol = (n: NodoAx) => n.role?.value ?? '';
  const hijos = (n: NodoAx) => (n.childIds ?? []).map((id) => porId.get(id)).filter((h): h is NodoAx => h !== undefined);
  const descendientes = (n: NodoAx, cual: (d: NodoAx) => boolean): NodoAx[] => hijos(n).flatMap((h) => (cual(h) ? [h] : descendientes(h, cual)));
  const tabla = nodes.find((n) => rol(n) === 'table' && nombre.test(n.name?.value ?? ''));
  if (!tabla) throw new Error(`Chromium no expone una tabla llamada ${nombre}: ${[...new Set(nodes.map(rol))].join(', ')}`);
  const filas = descendientes(tabla, (n) => rol(n) === 'row');
  const encabezados = filas.flatMap((f) => descendientes(f, (n) => rol(n) === 'columnheader')).map((n) => n.name?.value ?? '');
  const deDatos = filas
    .map((f) => descendientes(f, (n) => rol(n) === 'cell' || rol(n) === 'gridcell'))
    .filter((celdas) => celdas.length > 0)
    .map((celdas) => celdas.map((c) => (c.name?.value ?? '').trim()));
  return { encabezados, filas: deDatos };
}

for (const [dispositivo, viewport] of Object.entries(viewports)) {
  test(`en ${dispositivo === 'telefono' ? 'un teléfono' : 'una computadora'} la tabla de ordenanzas se oye como tabla, con sus encabezados`, async ({
    page,
  }) => {
    await page.setViewportSize(viewport);
    await page.goto('/consulta-ordenanzas?pattern=residuos');
    const { encabezados, filas } = await tablaAccesible(page, /ordenanzas/i);
    // The spec hides Fecha Emisión, Expediente and Modificatoria below md: hidden for everyone, headers and cells alike.
    const columnas =
      dispositivo === 'telefono'
        ? ['Estado', 'Número', 'Año', 'Descripcion', 'Descargar']
        : ['Estado', 'Número', 'Año', 'Fecha Emisión', 'Descripcion', 'Expediente', 'Modificatoria', 'Descargar'];
    expect(encabezados).toEqual(columnas);
    expect(filas.length).toBeGreaterThan(1);
    for (const celdas of filas) expect(celdas).toHaveLength(columnas.length);
    expect(filas[0]![1]).toMatch(/^Ordenanza N° \d+\/\d{4}$|^\d+$/);
    await expect(page.locator('table [role]')).toHaveCount(0);
  });

  test(`en ${dispositivo === 'telefono' ? 'un teléfono' : 'una computadora'} las tablas de las páginas (estados contables) se oyen como tablas`, async ({
    page,
  }) => {
    await page.setViewportSize(viewport);
    await page.goto('/estados-contables');
    const caption = (await page.locator('table caption').first().textContent())!;
    const { encabezados, filas } = await tablaAccesible(page, new RegExp(caption.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')));
    expect(encabezados.length).toBeGreaterThan(1);
    expect(filas.length).toBeGreaterThan(0);
    for (const celdas of filas) expect(celdas).toHaveLength(encabezados.length);
    await expect(page.locator('table [role]')).toHaveCount(0);
  });
}
