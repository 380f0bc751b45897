// «Mi calle» (docs/decisions/056-mi-calle.md): an address typed, its zone and next days; a pin dropped
// on the map; the same without JavaScript; by keyboard only; axe at a phone's and a computer's width.
import type { Page } from '@playwright/test';
import { abrirHidratada, expect, expectAccessible, test, viewports } from './fixtures.ts';

async function buscarDireccion(page: Page, direccion: string) {
  const campo = page.getByRole('textbox', { name: 'Tu dirección' });
  await campo.fill(direccion);
  await campo.press('Enter');
}

test.describe('Mi calle con JavaScript', () => {
  test('una dirección escrita muestra su zona y los próximos días de cada servicio', async ({ page }) => {
    await abrirHidratada(page, '/mi-calle');
    await buscarDireccion(page, 'Av. Arrayanes 250');
    await expect(page).toHaveURL(/\/mi-calle\?q=Av\.\+Arrayanes\+250$/);
    await expect(page.getByRole('heading', { level: 2, name: 'Zona El Cruce' })).toBeVisible();
    await expect(page.getByText('Av. Arrayanes 250 está en la zona El Cruce.')).toBeVisible();
    const humedos = page.locator('.mi-calle__servicio', { has: page.getByRole('heading', { level: 3, name: 'Húmedos' }) });
    await expect(humedos.getByRole('listitem').first()).toBeVisible();
    await expect(humedos).toContainText('¿Cuándo pasó?');
    await expect(page.getByRole('link', { name: /Calendario de la zona El Cruce/ })).toHaveAttribute('href', '/recoleccion/el-cruce.ics');
    await expect(page.getByRole('link', { name: /Recibí avisos/ })).toHaveAttribute('href', /^\/mi-calle\/avisos\?zona=el-cruce&lat=-40\.\d+&lon=-71\.\d+$/);
  });

  test('una calle desconocida: el error con calles parecidas, y lo escrito queda', async ({ page }) => {
    await abrirHidratada(page, '/mi-calle');
    await buscarDireccion(page, 'Los Notro 300');
    const resumen = page.getByRole('alert').filter({ hasText: 'Revisá la dirección' });
    await expect(resumen).toBeFocused();
    await expect(page.getByRole('textbox', { name: 'Tu dirección' })).toHaveValue('Los Notro 300');
    await page.getByRole('link', { name: 'Los Notros', exact: true }).click();
    await expect(page.getByText('Los Notros 300 está en la zona Centro.')).toBeVisible();
  });

  test('un clic en el mapa marca el punto y la página muestra esa zona', async ({ page }) => {
    // A zone chosen from the list fills the map, whatever zones other specs running beside this one
    // add: its name, drawn at its middle, is where a click drops the pin inside it.
    await abrirHidratada(page, '/mi-calle?zona=las-balsas');
    const mapa = page.getByRole('region', { name: 'Mapa de las zonas de recolección' });
    await expect(mapa.locator('.leaflet-tile-loaded').first()).toBeVisible();
    const etiqueta = mapa.locator('.mi-calle__zona-etiqueta', { hasText: 'Las Balsas' });
    await etiqueta.scrollIntoViewIfNeeded();
    const caja = (await etiqueta.boundingBox())!;
    await page.mouse.click(caja.x + caja.width / 2, caja.y + caja.height / 2);
    await expect(page).toHaveURL(/\/mi-calle\?lat=-40\.\d+&lon=-71\.\d+$/);
    await expect(page.getByText('El punto que marcaste está en la zona Las Balsas.')).toBeVisible();
  });

  test('sólo con el teclado: la dirección, la lista de zonas y el centro del mapa', async ({ page }) => {
    await abrirHidratada(page, '/mi-calle');
    await page.getByRole('textbox', { name: 'Tu dirección' }).focus();
    await page.keyboard.type('Los Notros al 1200');
    await page.keyboard.press('Enter');
    await expect(page.getByRole('heading', { level: 2, name: 'Zona Centro' })).toBeFocused();
    // The zone list by keyboard.
    const enlace = page.getByRole('link', { name: 'Las Balsas', exact: true });
    await enlace.focus();
    await page.keyboard.press('Enter');
    await expect(page.getByText('Elegiste la zona Las Balsas de la lista.')).toBeVisible();
    // The map: focused, moved with the arrows, its centre marked with the button.
    await esperarMapa(page);
    const mapa = page.getByRole('region', { name: 'Mapa de las zonas de recolección' });
    await mapa.focus();
    await page.keyboard.press('ArrowLeft');
    const boton = page.getByRole('button', { name: 'Marcar el centro del mapa' });
    await boton.focus();
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(/\/mi-calle\?lat=-40\.\d+&lon=-71\.\d+$/);
  });

  for (const [nombre, medida] of Object.entries(viewports)) {
    test(`${nombre}: axe sin errores, con la respuesta y el mapa`, async ({ page }) => {
      await page.setViewportSize(medida);
      await abrirHidratada(page, '/mi-calle?q=Av.+Arrayanes+250');
      await esperarMapa(page);
      await expectAccessible(page);
      await abrirHidratada(page, '/mi-calle?q=Los+Notro+300');
      await expectAccessible(page);
    });
  }
});

async function esperarMapa(page: Page) {
  await expect(page.getByRole('region', { name: 'Mapa de las zonas de recolección' }).locator('.leaflet-tile-loaded').first()).toBeVisible();
}

test.describe('Mi calle sin JavaScript', () => {
  test.use({ javaScriptEnabled: false });
  test('la dirección escrita, la lista de zonas y las coordenadas funcionan', async ({ page }) => {
    await page.goto('/mi-calle');
    await expect(page.getByText('El mapa necesita JavaScript')).toBeVisible();
    await buscarDireccion(page, 'arrayanes 900');
    await expect(page.getByRole('heading', { level: 2, name: 'Zona Centro' })).toBeVisible();
    await expect(page.getByText('Av. Arrayanes 900 está en la zona Centro.')).toBeVisible();
    await page.getByRole('link', { name: 'Puerto Manzano', exact: true }).click();
    await expect(page.getByText('Elegiste la zona Puerto Manzano de la lista.')).toBeVisible();
    await page.getByText('Escribir las coordenadas').click();
    await page.getByRole('textbox', { name: 'Latitud' }).fill('-40.7700');
    await page.getByRole('textbox', { name: 'Longitud' }).fill('-71.6500');
    await page.getByRole('button', { name: 'Buscar por coordenadas' }).click();
    await expect(page.getByText('El punto que marcaste está en la zona Las Balsas.')).toBeVisible();
  });
});
