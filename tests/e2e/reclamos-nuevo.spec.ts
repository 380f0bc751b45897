// The citizen's report form /reclamos/nuevo (docs/decisions/057-reclamos.md) in Chromium: on a phone,
// a report with a geotagged photo whose place is OFFERED and used, the code shown; the duplicate offer
// for a second report at the same place; the form without JavaScript (by address); by keyboard only;
// axe at a phone's and a computer's width.
import type { Page } from '@playwright/test';
import { abrirHidratada, expect, expectAccessibleAtWidths, test, viewports } from './fixtures.ts';
import { fotoConGps } from './reclamos.ts';

const unico = () => `${Date.now()}${Math.floor(Math.random() * 1000)}`;

test.describe('Hacer un reclamo', () => {
  test.use({ viewport: viewports.telefono });

  test('en un teléfono: la foto ofrece su ubicación, se usa, se envía y se ve el código; el mismo lugar ofrece el existente', async ({ page }) => {
    await abrirHidratada(page, '/reclamos/nuevo');
    await page.getByRole('link', { name: 'Animales sueltos' }).click();
    await expect(page.getByRole('heading', { level: 1 })).toContainText('Animales sueltos');
    await page.getByLabel('Fotos').setInputFiles({ name: 'perro.jpg', mimeType: 'image/jpeg', buffer: await fotoConGps() });
    const usar = page.getByRole('button', { name: 'Usar la ubicación de la foto' });
    await expect(usar).toBeVisible();
    // Offered, never moved silently: the coordinates are still empty.
    await expect(page.getByLabel('Latitud')).toHaveValue('');
    await usar.click();
    await expect(page.getByLabel('Latitud')).toHaveValue(/^-40\.76/);
    await expect(page.getByLabel('Longitud')).toHaveValue(/^-71\.64/);
    const descripcion = `Un perro suelto ladra a los chicos a la salida de la escuela ${unico()}`;
    await page.getByLabel('Qué pasa').fill(descripcion);
    await page.getByLabel('Tu email').fill(`vecina.${unico()}@correo.com.ar`);
    await page.getByRole('button', { name: 'Enviar el reclamo' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Recibimos tu reclamo' })).toBeFocused();
    const codigo = (await page.locator('.reclamo-nuevo__codigo').textContent())!.trim();
    expect(codigo).toMatch(/^RC-\d{4}-/);
    await expect(page.getByRole('link', { name: 'Ver la página de tu reclamo' })).toHaveAttribute('href', `/reclamos/${codigo}`);
    await expectSinScrollHorizontal(page);

    // The same kind of problem at the same place: the one just made is offered first.
    await abrirHidratada(page, '/reclamos/nuevo?categoria=animales-sueltos');
    await page.getByText('Tengo las coordenadas').click();
    await page.getByLabel('Latitud').fill('-40.7621');
    await page.getByLabel('Longitud').fill('-71.6462');
    await page.getByLabel('Qué pasa').fill('Otro perro suelto en la misma esquina de la escuela');
    await page.getByLabel('Tu email').fill(`otra.${unico()}@correo.com.ar`);
    await page.getByRole('button', { name: 'Enviar el reclamo' }).click();
    await expect(page.getByRole('heading', { name: '¿Es este? Seguilo en lugar de crear otro' })).toBeFocused();
    await expect(page.getByRole('link', { name: codigo })).toBeVisible();
    await page.getByRole('button', { name: 'No, es otro: enviar el reclamo' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Recibimos tu reclamo' })).toBeVisible();
  });

  // The map's module is held until the buttons under the map are measured: «Cargando el mapa…» stands
  // over the map's box, so the map's arrival moves nothing a finger may be on its way to.
  test('el mapa que termina de cargar no mueve los botones de abajo', async ({ page }) => {
    let soltar = () => {};
    const retenido = new Promise<void>((resolve) => (soltar = resolve));
    await page.route(/\/assets\/mapa-lugar-[\w-]+\.js$/, async (route) => {
      await retenido;
      await route.continue();
    });
    await abrirHidratada(page, '/reclamos/nuevo?categoria=animales-sueltos');
    const cargando = page.getByText('Cargando el mapa…');
    await expect(cargando).toBeVisible();
    const mapa = (await page.getByRole('region', { name: 'Mapa para marcar el lugar' }).boundingBox())!;
    const aviso = (await cargando.boundingBox())!;
    expect(aviso.y >= mapa.y && aviso.y + aviso.height <= mapa.y + mapa.height, 'el aviso está dentro del mapa').toBe(true);
    const boton = page.getByRole('button', { name: 'Usar mi ubicación' });
    const antes = await boton.boundingBox();
    soltar();
    await expect(page.getByRole('button', { name: 'Marcar el centro del mapa' })).toBeEnabled();
    await expect(cargando).toHaveCount(0);
    expect(await boton.boundingBox()).toEqual(antes);
  });

  test.describe('sin JavaScript', () => {
    test.use({ javaScriptEnabled: false });

    test('por dirección: el error enlazado y lo escrito guardado, después recibido', async ({ page }) => {
      await page.goto('/reclamos/nuevo?categoria=contenedor-desbordado');
      await page.getByLabel('Dirección').fill('Arrayanez 250');
      await page.getByLabel('Qué pasa').fill('El contenedor de la esquina rebalsa de bolsas');
      await page.getByLabel('Tu email').fill(`sinjs.${unico()}@correo.com.ar`);
      await page.getByRole('button', { name: 'Enviar el reclamo' }).click();
      const resumen = page.getByRole('alert').filter({ hasText: 'Revisá el reclamo' });
      await expect(resumen).toBeVisible();
      await expect(page.getByText(/Calles parecidas: .*Arrayanes/)).toBeVisible();
      await expect(page.getByLabel('Qué pasa')).toHaveValue('El contenedor de la esquina rebalsa de bolsas');
      await page.getByLabel('Dirección').fill('Av. Arrayanes 1250');
      await page.getByRole('button', { name: /enviar el reclamo/i }).click();
      await expect(page.getByRole('heading', { level: 1, name: 'Recibimos tu reclamo' })).toBeVisible();
    });
  });

  test('con el teclado solo: elegir el tipo, completar y enviar', async ({ page }) => {
    await abrirHidratada(page, '/reclamos/nuevo');
    const enlace = page.getByRole('link', { name: 'Luminaria apagada' });
    await enlace.focus();
    await page.keyboard.press('Enter');
    await expect(page.getByRole('heading', { level: 1 })).toContainText('Luminaria apagada');
    await page.getByLabel('Número de poste').focus();
    await page.keyboard.type('123');
    await page.keyboard.press('Tab');
    await expect(page.getByLabel('Dirección')).toBeFocused();
    await page.keyboard.type('Av. Arrayanes 400');
    await page.getByLabel('Qué pasa').focus();
    await page.keyboard.type('La luminaria del poste está apagada hace una semana');
    await page.getByLabel('Tu email').focus();
    await page.keyboard.type(`teclado.${unico()}@correo.com.ar`);
    await page.keyboard.press('Enter');
    await expect(page.getByRole('heading', { level: 1, name: 'Recibimos tu reclamo' })).toBeFocused();
  });

  // One test per page: five pages at two widths in one test took more than a minute on a busy machine.
  for (const path of [
    '/reclamos/nuevo',
    '/reclamos/nuevo?categoria=arbol-caido',
    '/reclamos/nuevo?categoria=no-existe',
    '/reclamos/baja?token=no-es-un-token',
    '/reclamos/consulta?token=no-es-un-token&respuesta=si',
  ]) {
    test(`${path} es accesible en un teléfono y en una computadora`, async ({ page }) => {
      await expectAccessibleAtWidths(page, path);
    });
  }
});

async function expectSinScrollHorizontal(page: Page) {
  for (const width of [320, 390]) {
    await page.setViewportSize({ width, height: 800 });
    expect(await page.evaluate(() => document.documentElement.scrollWidth <= document.documentElement.clientWidth)).toBe(true);
  }
}
