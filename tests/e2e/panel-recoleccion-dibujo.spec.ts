import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Locator, Page } from '@playwright/test';
import { ZOOM_ZONA_NUEVA } from '#app/features/admin/area-zona.ts';
import { DEMO_USUARIOS } from '#server/demo/usuarios.ts';
import { pixel } from '#tests/setup/mercator.ts';
import { esperarHidratacion, expect, expectAccessible, guardarSesion, test, viewports } from './fixtures.ts';

// Mi calle's drawing map in the back-office (docs/decisions/056-mi-calle.md) against the run's one
// server: an editor draws a new zone with the mouse, four clicks and a click on the first vertex,
// and saves it; then drags one of its vertices on the zone's page and saves that. What is stored
// is read back from the public GeoJSON. Without tiles it draws all the same, deletes, and shows
// pasted GeoJSON, saving nothing. The demo's zones are only read.
test.describe.configure({ mode: 'serial' });

const [, EDITOR] = DEMO_USUARIOS as [(typeof DEMO_USUARIOS)[number], (typeof DEMO_USUARIOS)[number]];
const CARPETA = fs.mkdtempSync(path.join(os.tmpdir(), 'vla-e2e-dibujo-'));
const SESION = path.join(CARPETA, 'sesion.json');
fs.writeFileSync(SESION, JSON.stringify({ cookies: [], origins: [] }));

const SUFIJO = Date.now().toString(36);
const NOMBRE = `Zona dibujada ${SUFIJO}`;
const SLUG = `zona-dibujada-${SUFIJO}`;
const ZONA = `/admin/recoleccion/zonas/${SLUG}`;

/** The site's map centre as the demo leaves it (domain/sitio/settings.ts): where a new zone's map starts. */
const CENTRO = { latitud: -40.762, longitud: -71.646 };
/**
 * The zone drawn, [latitude, longitude] from the north-west corner clockwise: north of the demo's
 * zones, so it overlaps none (the public pages' specs look points up in them) and snapping to their
 * edges moves nothing.
 */
const VERTICES: [number, number][] = [
  [-40.742, -71.656],
  [-40.742, -71.648],
  [-40.747, -71.648],
  [-40.747, -71.656],
];
/** The zoom it is drawn at: one step out from where a new zone's map starts, to see north of the town. */
const ZOOM = ZOOM_ZONA_NUEVA - 1;
/** About 30 m: a click lands on a whole pixel, some 15 m at that zoom. */
const TOLERANCIA = 0.0003;

async function mapaListo(page: Page): Promise<Locator> {
  const mapa = page.getByRole('region', { name: 'Mapa para dibujar el área de la zona' });
  await expect(mapa.getByRole('button', { name: 'Dibujar un polígono' })).toBeVisible({ timeout: 15_000 });
  return mapa;
}

/** The stored zone's rings, [longitude, latitude], from the public GeoJSON. */
async function zonaGuardada(page: Page): Promise<[number, number][][][]> {
  const respuesta = await page.request.get('/recoleccion/zonas.geojson');
  expect(respuesta.ok()).toBe(true);
  const coleccion = (await respuesta.json()) as { features: { id: string; geometry: { coordinates: [number, number][][][] } }[] };
  const zona = coleccion.features.find((f) => f.id === SLUG);
  expect(zona, 'la zona dibujada en /recoleccion/zonas.geojson').toBeDefined();
  return zona!.geometry.coordinates;
}

function esperarVertices(guardados: [number, number][], esperados: [number, number][], tolerancia = TOLERANCIA): void {
  // A closed ring: the last position repeats the first.
  expect(guardados).toHaveLength(esperados.length + 1);
  expect(guardados[0]).toEqual(guardados[esperados.length]);
  esperados.forEach(([latitud, longitud], i) => {
    const [lon, lat] = guardados[i]!;
    expect(Math.abs(lat - latitud), `latitud del vértice ${i + 1}`).toBeLessThan(tolerancia);
    expect(Math.abs(lon - longitud), `longitud del vértice ${i + 1}`).toBeLessThan(tolerancia);
  });
}

test.beforeAll(async ({ browser, baseURL }) => {
  await guardarSesion(browser, baseURL, EDITOR, '/admin/recoleccion', SESION);
});

test.use({ storageState: SESION, viewport: viewports.escritorio });

test('un editor dibuja una zona nueva con el mouse y la guarda con esos vértices', async ({ page }) => {
  // Without animations the zoom is done when the click is: the view is then known to the pixel.
  await page.emulateMedia({ reducedMotion: 'reduce' });
  await page.goto('/admin/recoleccion');
  await esperarHidratacion(page);
  const form = page.getByRole('form', { name: 'Agregar una zona' });
  const mapa = await mapaListo(page);
  await expect(mapa.locator('.leaflet-tile-loaded').first()).toBeVisible();
  await expect(mapa.locator('.mapa-zona__otra', { hasText: 'El Cruce' })).toBeVisible();
  await expect(mapa.locator('.mapa-zona__otra', { hasText: 'Centro' })).toBeVisible();

  // Text that is not a polygon leaves the map as it is, and says so; nothing typed is lost.
  const texto = form.getByLabel('Área (GeoJSON)');
  await texto.fill('{"type": "Point"');
  await texto.blur();
  await expect(form.getByText('El mapa no puede mostrar el texto del área')).toBeVisible();
  await expect(texto).toHaveValue('{"type": "Point"');
  await texto.fill('');

  // Zooming out keeps the centre: the town's, where a new zone's map starts.
  await mapa.getByRole('button', { name: 'Alejar' }).click();
  await mapa.getByRole('button', { name: 'Dibujar un polígono' }).click();
  await mapa.scrollIntoViewIfNeeded();
  const caja = (await mapa.boundingBox())!;
  const centro = pixel(CENTRO.latitud, CENTRO.longitud, ZOOM);
  const enPantalla = ([latitud, longitud]: [number, number]) => {
    const p = pixel(latitud, longitud, ZOOM);
    return { x: caja.x + caja.width / 2 + p.x - centro.x, y: caja.y + caja.height / 2 + p.y - centro.y };
  };
  for (const vertice of [...VERTICES, VERTICES[0]!]) {
    const { x, y } = enPantalla(vertice);
    await page.mouse.click(x, y);
  }
  await expect(form.getByText('Dibujaste un polígono: el área tiene un polígono de 4 vértices. Guardá la zona para que quede.')).toBeVisible();
  await expect(texto).toHaveValue(/^\{"type":"Polygon","coordinates":\[\[\[-71\.65/);

  await form.getByLabel('Nombre').fill(NOMBRE);
  await form.getByRole('button', { name: 'Agregar la zona' }).click();
  await expect(page).toHaveURL(new RegExp(`${ZONA}\\?aviso=alta$`));
  await expect(page.getByText('Área actual: un polígono con 5 vértices')).toBeVisible();
  const [poligono, ...otros] = await zonaGuardada(page);
  expect(otros).toEqual([]);
  expect(poligono).toHaveLength(1);
  esperarVertices(poligono![0]!, VERTICES);
});

test('mueve un vértice de la zona arrastrándolo en el mapa, guarda y ve el cambio', async ({ page }) => {
  // What the first test stored, [latitude, longitude]: the corners the map shows.
  const [[anillo]] = (await zonaGuardada(page)) as [[[number, number][]]];
  const [A, B, C, D] = anillo.slice(0, 4).map(([lon, lat]): [number, number] => [lat, lon]) as [
    [number, number],
    [number, number],
    [number, number],
    [number, number],
  ];
  await page.goto(ZONA);
  await esperarHidratacion(page);
  const form = page.getByRole('form', { name: 'Editar la zona' });
  const mapa = await mapaListo(page);
  await mapa.getByRole('button', { name: 'Mover los vértices del área' }).click();
  const vertices = mapa.locator('.marker-icon:not(.marker-icon-middle)');
  await expect(vertices).toHaveCount(4);
  await mapa.scrollIntoViewIfNeeded();
  const centros = await Promise.all(
    (await vertices.all()).map(async (v) => {
      const b = (await v.boundingBox())!;
      return { x: b.x + b.width / 2, y: b.y + b.height / 2 };
    }),
  );
  // The corners on the screen: north-west (A), north-east (B), south-east (C), by their position alone.
  const [a] = [...centros].sort((p, q) => p.x + p.y - (q.x + q.y));
  const [b] = [...centros].sort((p, q) => q.x - q.y - (p.x - p.y));
  const [c] = [...centros].sort((p, q) => q.x + q.y - (p.x + p.y));
  // Degrees per pixel at the zoom the page chose, from two corners whose coordinates are known.
  const gradosX = (C[1] - A[1]) / (c!.x - a!.x);
  const gradosY = (C[0] - A[0]) / (c!.y - a!.y);
  const [dx, dy] = [40, -30];
  await page.mouse.move(b!.x, b!.y);
  await page.mouse.down();
  await page.mouse.move(b!.x + dx / 2, b!.y + dy / 2, { steps: 4 });
  await page.mouse.move(b!.x + dx, b!.y + dy, { steps: 4 });
  await page.mouse.up();
  await expect(form.getByText('Cambiaste el área: tiene un polígono de 4 vértices. Guardá la zona para que quede.')).toBeVisible();

  await form.getByRole('button', { name: 'Guardar la zona' }).click();
  await expect(page.getByRole('status')).toHaveText('Guardamos los cambios de la zona.');
  // B moved by the drag (a pixel here is under 2 m); the other corners did not move at all.
  const movido: [number, number] = [B[0] + dy * gradosY, B[1] + dx * gradosX];
  const [poligono] = await zonaGuardada(page);
  esperarVertices(poligono![0]!, [A, movido, C, D], 0.00005);
  expect(poligono![0]![0]).toEqual([A[1], A[0]]);
  expect(poligono![0]![2]).toEqual([C[1], C[0]]);
  // The page shows the new area: its box now reaches the vertex's new latitude, north of the old one.
  const area = await page.getByText(/^Área actual:/).textContent();
  const [, sur, norte] = /entre latitud (-?[\d.]+) a (-?[\d.]+),/.exec(area ?? '') ?? [];
  expect(Number(sur)).toBe(Number(C[0].toFixed(4)));
  // Shown to four decimals: within half of the last one, and the drag's pixel.
  expect(Math.abs(Number(norte) - movido[0])).toBeLessThan(0.0001);
  expect(Number(norte)).toBeGreaterThan(B[0]);
});

test('sin teselas se dibuja igual y una línea dice que falta el fondo; borrar vacía el campo y lo pegado se ve en el mapa', async ({ page, consoleErrors }) => {
  // Every tile request fails, as when the tile server is down or blocked.
  await page.route('http://teselas.e2e.invalid/**', (route) => route.abort());
  await page.goto('/admin/recoleccion');
  await esperarHidratacion(page);
  const form = page.getByRole('form', { name: 'Agregar una zona' });
  const mapa = await mapaListo(page);
  await expect(form.getByText('El mapa de fondo no está disponible en este momento: podés dibujar igual, con las otras zonas como referencia.')).toBeVisible();
  await mapa.getByRole('button', { name: 'Dibujar un polígono' }).click();
  await mapa.scrollIntoViewIfNeeded();
  const caja = (await mapa.boundingBox())!;
  // Below the drawing tool's actions (Terminar, Borrar el último vértice, Cancelar), which open beside its button.
  for (const [x, y] of [
    [0.45, 0.55],
    [0.65, 0.55],
    [0.65, 0.8],
    [0.45, 0.55],
  ] as const)
    await page.mouse.click(caja.x + caja.width * x, caja.y + caja.height * y);
  await expect(form.getByText('Dibujaste un polígono: el área tiene un polígono de 3 vértices.')).toBeVisible();
  const texto = form.getByLabel('Área (GeoJSON)');
  await expect(texto).toHaveValue(/^\{"type":"Polygon","coordinates":\[\[\[-71\.\d+,-40\.\d+\],/);
  // Deleting the polygon empties the field.
  await mapa.getByRole('button', { name: 'Borrar un polígono del área' }).click();
  await page.mouse.click(caja.x + caja.width * 0.6, caja.y + caja.height * 0.65);
  await expect(form.getByText('Borraste el área: dibujá otra, pegá el GeoJSON abajo o subí un archivo.')).toBeVisible();
  await expect(texto).toHaveValue('');
  await expect(mapa.locator('path.leaflet-interactive')).toHaveCount(0);
  // GeoJSON pasted in the field shows on the map when the field loses the focus.
  await texto.fill(
    JSON.stringify({ type: 'Feature', properties: {}, geometry: { type: 'Polygon', coordinates: [VERTICES.map(([lat, lon]) => [lon, lat - 0.02])] } }),
  );
  await texto.blur();
  await expect(form.getByText('El mapa muestra el área del texto: un polígono de 4 vértices.')).toBeVisible();
  await expect(mapa.locator('path.leaflet-interactive')).toHaveCount(1);
  // The refused tiles are the expected console lines.
  for (let i = consoleErrors.length - 1; i >= 0; i--) if (consoleErrors[i]!.includes('net::ERR_FAILED')) consoleErrors.splice(i, 1);
});

test('las páginas de zonas con el mapa pasan axe a 390 y 1366 px, también con las herramientas abiertas', async ({ page }) => {
  for (const ruta of ['/admin/recoleccion', ZONA]) {
    await page.setViewportSize(viewports.telefono);
    await page.goto(ruta);
    await esperarHidratacion(page);
    const mapa = await mapaListo(page);
    await expectAccessible(page);
    await page.setViewportSize(viewports.escritorio);
    await expectAccessible(page);
    // With the vertices' handles on the map, and with the drawing tool's actions.
    await mapa.getByRole('button', { name: ruta === ZONA ? 'Mover los vértices del área' : 'Dibujar un polígono' }).click();
    await expect(mapa.locator('.marker-icon').first()).toBeAttached();
    await expectAccessible(page);
  }
});
