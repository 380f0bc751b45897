// The vehicle map in Chromium, on the demo fleet of the e2e server (five vehicles, three
// road machines with their trail): markers, the one popup, zoom, trails and legend, keyboard, live
// positions, the failures said in Spanish, axe, and the page without JavaScript. The tiles come from
// MAP_TILE_URL, answered by the fixture with a plain tile.
import type { Locator, Page } from '@playwright/test';
import { esperarHidratacion, expect, expectAccessible, expectAccessibleAtWidths, test, viewports } from './fixtures.ts';

const RUTA = '/seguimiento-vehiculos';
const DEMO = ['Camión de vialidad', 'Motoniveladora 1', 'Pala cargadora', 'Recolector 1', 'Recolector 2'];

const mapa = (page: Page) => page.getByRole('region', { name: 'Mapa de los vehículos' });
const marcador = (page: Page, alias: string) => mapa(page).getByRole('button', { name: alias, exact: true });
const popup = (page: Page) => page.locator('.leaflet-popup');

/** The line that says how the live updates stand. */
const estadoEnVivo = (page: Page) => page.locator('.vehiculos__en-vivo');

/** Opens the page and waits for the map with its five markers, and for the live updates' first answer. */
async function abrirMapa(page: Page): Promise<void> {
  await page.goto(RUTA);
  await esperarHidratacion(page);
  await expect(page.locator('.leaflet-marker-icon')).toHaveCount(DEMO.length, { timeout: 20_000 });
  await expect(estadoEnVivo(page)).not.toHaveText(/Conectando/);
}

/** The zoom the map is at (the map writes it as data-zoom for tests). */
const zoom = (page: Page) => mapa(page).getAttribute('data-zoom');

type Caja = { x: number; y: number; width: number; height: number };
const dentro = (a: Caja, b: Caja) => a.x >= b.x && a.y >= b.y && a.x + a.width <= b.x + b.width && a.y + a.height <= b.y + b.height;
const separadas = (a: Caja, b: Caja) => a.x + a.width < b.x || b.x + b.width < a.x || a.y + a.height < b.y || b.y + b.height < a.y;

/**
 * The demo vehicles whose marker is in the map's view, away from its controls and clear of `fuera`
 * (an open popup): the demo fleet moves with the clock, so which ones are in view changes.
 */
async function aLaVista(page: Page, fuera?: Caja): Promise<string[]> {
  const vista = (await mapa(page).boundingBox())!;
  const libre = { x: vista.x + 60, y: vista.y + 20, width: vista.width - 80, height: vista.height - 60 };
  const alias: string[] = [];
  for (const a of DEMO) {
    const caja = await marcador(page, a).boundingBox();
    if (caja && dentro(caja, libre) && (!fuera || separadas(caja, fuera))) alias.push(a);
  }
  return alias;
}

/** A marker's place on the screen. */
async function lugar(elemento: Locator): Promise<{ x: number; y: number }> {
  const caja = (await elemento.boundingBox())!;
  return { x: Math.round(caja.x), y: Math.round(caja.y) };
}

test.describe('el mapa', () => {
  test.use({ viewport: viewports.escritorio });

  test('un marcador por vehículo, con su ícono y su alias como título; la lista dice lo mismo', async ({ page }) => {
    await abrirMapa(page);
    for (const alias of DEMO) {
      await expect(marcador(page, alias)).toHaveAttribute('title', alias);
      await expect(marcador(page, alias)).toHaveClass(/icono-vehiculo--\w+/);
      // WCAG 2.5.8's minimum on its own: overlap between markers is the criterion's map exception (fixtures.ts).
      const caja = (await marcador(page, alias).boundingBox())!;
      expect(Math.min(caja.width, caja.height), `tamaño del marcador de ${alias}`).toBeGreaterThanOrEqual(24);
    }
    await expect(marcador(page, 'Recolector 1')).toHaveClass(/icono-vehiculo--recolector/);
    await expect(marcador(page, 'Motoniveladora 1')).toHaveClass(/icono-vehiculo--motoniveladora/);
    // Each glyph is a file of the build that loaded (the CSP allows images of this site).
    const imagen = await marcador(page, 'Pala cargadora').evaluate((el) => getComputedStyle(el).backgroundImage);
    expect(imagen).toMatch(/\/assets\/pala-cargadora-[\w-]+\.svg/);
    const lista = page.getByRole('table', { name: /Vehículos que informaron su posición/ });
    await expect(lista.getByRole('row')).toHaveCount(DEMO.length + 1);
    for (const alias of DEMO) await expect(lista.getByRole('row', { name: new RegExp(alias) })).toContainText(/visto hace (menos de )?\d* ?min/);
    // The tiles and their attribution.
    await expect(page.locator('img.leaflet-tile-loaded').first()).toHaveAttribute('src', /^http:\/\/teselas\.e2e\.invalid\/1[45]\/\d+\/\d+\.png$/);
    await expect(mapa(page).getByRole('link', { name: 'OpenStreetMap' })).toHaveAttribute('href', 'https://www.openstreetmap.org/copyright');
    await expect(mapa(page)).toContainText('© colaboradores de OpenStreetMap');
  });

  test('un clic abre una sola ventana con el alias; otro marcador la cambia; un clic en el mapa la cierra', async ({ page }) => {
    await abrirMapa(page);
    await expect.poll(() => zoom(page)).toBe('15');
    const [primero] = await aLaVista(page);
    expect(primero, 'algún vehículo de la demo a la vista').toBeDefined();
    await marcador(page, primero!).click();
    await expect(popup(page)).toHaveCount(1);
    await expect(popup(page)).toContainText(primero!);
    await expect(popup(page)).toContainText(/Camión|Motoniveladora|Pala cargadora|Camión recolector/);
    await expect(popup(page)).toContainText(/visto hace (menos de )?\d* ?min/);
    await expect(popup(page).getByRole('button', { name: 'Cerrar' })).toBeVisible();
    const [segundo] = (await aLaVista(page, (await popup(page).boundingBox())!)).filter((a) => a !== primero);
    expect(segundo, 'otro vehículo a la vista, fuera de la ventana').toBeDefined();
    await marcador(page, segundo!).click();
    await expect(popup(page)).toHaveCount(1);
    await expect(popup(page)).toContainText(segundo!);
    await expect(popup(page)).not.toContainText(primero!);
    // The bottom left corner of the map: no marker, no control there.
    const caja = (await mapa(page).boundingBox())!;
    await mapa(page).click({ position: { x: 40, y: caja.height - 40 } });
    await expect(popup(page)).toHaveCount(0);
  });

  test('zoom 14 al abrir y 15 después de 300 ms; entre 4 y 18', async ({ page }) => {
    // Every zoom the map writes, with when, from before the page's first script.
    await page.addInitScript(() => {
      const w = window as unknown as { zooms: [string, number][] };
      w.zooms = [];
      new MutationObserver((cambios) => {
        for (const c of cambios) w.zooms.push([(c.target as Element).getAttribute('data-zoom') ?? '', performance.now()]);
      }).observe(document, { attributes: true, subtree: true, attributeFilter: ['data-zoom'] });
    });
    await page.emulateMedia({ reducedMotion: 'reduce' });
    await abrirMapa(page);
    await expect.poll(() => zoom(page)).toBe('15');
    // The zooms the map went through, each with when it was first shown.
    const escritos = await page.evaluate(() => (window as unknown as { zooms: [string, number][] }).zooms);
    const zooms = escritos.filter(([z], i) => i === 0 || escritos[i - 1]![0] !== z);
    expect(zooms.map(([z]) => z)).toEqual(['14', '15']);
    expect(zooms[1]![1] - zooms[0]![1]).toBeGreaterThanOrEqual(290);
    // Tiles of both zooms were asked for.
    const teselas = await page.locator('img.leaflet-tile').evaluateAll((imgs) => imgs.map((i) => (i as HTMLImageElement).src));
    expect(teselas.some((src) => src.includes('/15/'))).toBe(true);

    const alejar = mapa(page).getByRole('button', { name: 'Alejar' });
    const acercar = mapa(page).getByRole('button', { name: 'Acercar' });
    for (let z = 14; z >= 4; z--) {
      await alejar.click();
      await expect.poll(() => zoom(page)).toBe(String(z));
    }
    // Disabled at the limit; a click anyway (and the minus key on the map) changes nothing.
    await expect(alejar).toHaveAttribute('aria-disabled', 'true');
    await alejar.click({ force: true });
    await mapa(page).focus();
    await page.keyboard.press('-');
    await expect.poll(() => zoom(page)).toBe('4');
    for (let z = 5; z <= 18; z++) {
      await acercar.click();
      await expect.poll(() => zoom(page)).toBe(String(z));
    }
    await expect(acercar).toHaveAttribute('aria-disabled', 'true');
    await acercar.click({ force: true });
    await mapa(page).focus();
    await page.keyboard.press('+');
    await expect.poll(() => zoom(page)).toBe('18');
  });

  test('los recorridos de las máquinas viales y su leyenda en palabras', async ({ page }) => {
    await abrirMapa(page);
    // The demo's road machines drove their streets in the last two hours: lines of the newest band.
    await expect(page.locator('path.recorrido--0')).not.toHaveCount(0);
    expect(await page.locator('path.recorrido').count()).toBeGreaterThanOrEqual(3);
    // Polled: a live position may redraw a trail between finding the line and reading its style.
    await expect
      .poll(() =>
        page
          .locator('path.recorrido--0')
          .first()
          .evaluate((el) => getComputedStyle(el).stroke),
      )
      .toBe('rgb(122, 1, 119)');
    const leyenda = page.getByRole('list', { name: 'Referencias del mapa' });
    for (const texto of [
      'Recolección de residuos',
      'Reparación de calles',
      'Sin reportar hace 5 minutos o más',
      'Calles atendidas en las últimas 3 horas',
      'Calles atendidas en las últimas 6 horas',
      'Calles atendidas en las últimas 12 horas',
    ])
      await expect(leyenda.getByRole('listitem').filter({ hasText: texto })).toHaveCount(1);
  });

  test('con el teclado: Tab llega a cada marcador con el foco a la vista, Enter abre la ventana, Escape la cierra', async ({ page }) => {
    await abrirMapa(page);
    await expect.poll(() => zoom(page)).toBe('15');
    // Past the map with the skip link, or into it.
    const salto = page.getByRole('link', { name: 'Saltar el mapa e ir a la lista de vehículos' });
    await salto.focus();
    await expect(salto).toBeVisible();
    await page.keyboard.press('Tab');
    await expect(mapa(page)).toBeFocused();
    const alcanzados: string[] = [];
    for (let i = 0; i < DEMO.length; i++) {
      await page.keyboard.press('Tab');
      const enfocado = page.locator(':focus');
      await expect(enfocado).toHaveClass(/vehiculo-marcador/);
      alcanzados.push((await enfocado.getAttribute('title'))!);
      const estilo = await enfocado.evaluate((el) => ({ estilo: getComputedStyle(el).outlineStyle, ancho: getComputedStyle(el).outlineWidth }));
      expect(estilo).toEqual({ estilo: 'solid', ancho: '3px' });
    }
    expect(alcanzados.sort()).toEqual([...DEMO].sort());
    // The last one focused: in view (the map pans to it), Enter opens its window, Escape closes it.
    const ultimo = alcanzados.at(-1)!;
    await expect(marcador(page, ultimo)).toBeInViewport();
    await page.keyboard.press('Enter');
    await expect(popup(page)).toContainText(ultimo);
    await page.keyboard.press('Escape');
    await expect(popup(page)).toHaveCount(0);
    await expect(marcador(page, ultimo)).toBeFocused();
    // Space too, as a button; from the popup's close button, Escape brings the focus back.
    await page.keyboard.press(' ');
    await expect(popup(page)).toContainText(ultimo);
    await popup(page).getByRole('button', { name: 'Cerrar' }).focus();
    await page.keyboard.press('Escape');
    await expect(popup(page)).toHaveCount(0);
    await expect(marcador(page, ultimo)).toBeFocused();
    // The skip link takes the focus to the list.
    await salto.focus();
    await page.keyboard.press('Enter');
    await expect(page.getByRole('heading', { name: 'Vehículos en servicio' })).toBeFocused();
  });

  test('una posición en vivo mueve el marcador y cambia la lista sin recargar; un vehículo nuevo aparece; uno callado se ve gris', async ({ page }) => {
    await abrirMapa(page);
    await expect.poll(() => zoom(page)).toBe('15');
    // Focused, the map brings it into view; Enter opens its popup.
    await marcador(page, 'Motoniveladora 1').focus();
    await page.keyboard.press('Enter');
    await expect(popup(page)).toContainText('Motoniveladora 1');
    const antes = await lugar(marcador(page, 'Motoniveladora 1'));
    const id = Number(await marcador(page, 'Motoniveladora 1').getAttribute('data-vehiculo'));
    const recorridoAntes = await page.locator('path.recorrido--0').evaluateAll((ps) => ps.map((p) => p.getAttribute('d')).join(''));
    // Until the stream is merged, a position is handed to the page the way the stream's events
    // are (app/features/vehiculos/en-vivo.ts, EVENTO_EN_LA_PAGINA): same reading, same path.
    const enviar = (detalle: object) => page.evaluate((d) => document.dispatchEvent(new CustomEvent('vehiculos:posicion', { detail: d })), detalle);
    const ahora = () => new Date().toISOString();
    await enviar({ id, alias: 'Motoniveladora 1', icono: 'motoniveladora', servicio: 'vialidad', latitud: -40.7585, longitud: -71.6445, vistoEn: ahora() });
    await expect.poll(() => lugar(marcador(page, 'Motoniveladora 1'))).not.toEqual(antes);
    // The popup follows its marker; the trail grew by that point.
    await expect(popup(page)).toContainText('visto hace menos de 1 min');
    await expect.poll(() => page.locator('path.recorrido--0').evaluateAll((ps) => ps.map((p) => p.getAttribute('d')).join(''))).not.toBe(recorridoAntes);
    const fila = page.getByRole('row', { name: /Motoniveladora 1/ });
    await expect(fila).toContainText('visto hace menos de 1 min');
    await expect(fila).toContainText('a 400 m al norte del centro');

    await enviar({ id: 9001, alias: 'Barredora 9', icono: 'barredora', servicio: 'recoleccion', latitud: -40.762, longitud: -71.646, vistoEn: ahora() });
    await expect(marcador(page, 'Barredora 9')).toHaveClass(/icono-vehiculo--barredora/);
    await expect(page.getByRole('row', { name: /Barredora 9/ })).toContainText('Barredora');
    // Silent for 7 minutes: grey, and said; for 20, not shown at all. Nothing unreadable is drawn.
    const hace = (min: number) => new Date(Date.now() - min * 60_000).toISOString();
    await enviar({ id: 9002, alias: 'Camioneta 7', icono: 'camioneta', servicio: 'recoleccion', latitud: -40.761, longitud: -71.645, vistoEn: hace(7) });
    await expect(marcador(page, 'Camioneta 7')).toHaveClass(/vehiculo-marcador--gris/);
    await expect(page.getByRole('row', { name: /Camioneta 7/ })).toContainText('sin reportar hace 7 min');
    await enviar({ id: 9003, alias: 'Camión 20', icono: 'camion', servicio: 'vialidad', latitud: -40.76, longitud: -71.64, vistoEn: hace(20) });
    await enviar({ id: 9004, alias: 'Helicóptero', icono: 'helicoptero', servicio: 'recoleccion', latitud: -40.76, longitud: -71.64, vistoEn: ahora() });
    await expect(page.locator('.leaflet-marker-icon')).toHaveCount(DEMO.length + 2);
    await expect(page.getByRole('row', { name: /Camión 20|Helicóptero/ })).toHaveCount(0);
  });

  test('"visto hace" avanza cada minuto: gris a los 5 minutos, fuera del mapa y de la lista a los 15', async ({ page }) => {
    await page.clock.install();
    await abrirMapa(page);
    await expect.poll(() => zoom(page)).toBe('15');
    const recolector = page.getByRole('row', { name: /Recolector 1/ });
    await expect(recolector).toContainText(/visto hace (menos de 1|\d+) min/);
    await page.clock.fastForward('06:00');
    await expect(recolector).toContainText(/sin reportar hace \d+ min/);
    await expect(marcador(page, 'Recolector 1')).toHaveClass(/vehiculo-marcador--gris/);
    await page.clock.fastForward('15:00');
    await expect(recolector).toHaveCount(0);
    await expect(marcador(page, 'Recolector 1')).toHaveCount(0);
    await expect(page.getByText(/En este momento ningún vehículo informa su posición/)).toBeVisible();
  });
});

// The real path end to end: a tracker's report (the OsmAnd GET Traccar Client sends) to the ingest,
// the NOTIFY, the server's stream, the page. The position is two minutes ahead of now (accepted
// up to five) so the simulator's reports of the same vehicle, older, do not replace it meanwhile.
test('una posición que manda un rastreador llega por el stream y mueve el marcador, sin recargar', async ({ page, request }) => {
  await page.setViewportSize(viewports.escritorio);
  await abrirMapa(page);
  await expect(estadoEnVivo(page)).toHaveText('En vivo: el mapa y la lista se actualizan solos.');
  await page.evaluate(() => ((window as unknown as { marca: number }).marca = 1));
  const fila = page.getByRole('row', { name: /Motoniveladora 1/ });
  await expect(fila).not.toContainText('a 400 m al norte del centro');
  const antes = await lugar(marcador(page, 'Motoniveladora 1'));
  const timestamp = Math.floor(Date.now() / 1000) + 120;
  const respuesta = await request.get(
    `/api/v1/posiciones?id=vla-motoniveladora-1&lat=-40.7584&lon=-71.646&timestamp=${timestamp}&speed=5.4&bearing=10&batt=77`,
  );
  expect(respuesta.status()).toBe(200);
  await expect(fila).toContainText('a 400 m al norte del centro');
  await expect.poll(() => lugar(marcador(page, 'Motoniveladora 1'))).not.toEqual(antes);
  expect(await page.evaluate(() => (window as unknown as { marca?: number }).marca), 'la página no se recargó').toBe(1);
  // The API answers the same.
  const vehiculos = (await (await request.get('/api/v1/vehiculos')).json()) as { alias: string; latitud: number; longitud: number }[];
  expect(vehiculos.find((v) => v.alias === 'Motoniveladora 1')).toMatchObject({ latitud: -40.7584, longitud: -71.646 });
});

// A phone's screen (two pixels per point): four tiles of the next zoom at half their size, so the
// map is sharp and no tile is the page's largest paint (docs/benchmarks.md); the streets stay at the top zoom.
test.describe('en una pantalla de alta densidad', () => {
  test.use({ viewport: viewports.telefono, deviceScaleFactor: 2 });

  test('teselas de 128 px del zoom siguiente, también en el zoom más cercano', async ({ page }) => {
    await page.emulateMedia({ reducedMotion: 'reduce' });
    await abrirMapa(page);
    await expect.poll(() => zoom(page)).toBe('15');
    const cargada = page.locator('img.leaflet-tile-loaded').first();
    await expect(cargada).toHaveAttribute('src', /^http:\/\/teselas\.e2e\.invalid\/16\/\d+\/\d+\.png$/);
    expect((await cargada.boundingBox())!.width).toBe(128);
    const acercar = mapa(page).getByRole('button', { name: 'Acercar' });
    for (let z = 16; z <= 18; z++) {
      await acercar.click();
      await expect.poll(() => zoom(page)).toBe(String(z));
    }
    await expect(page.locator('img.leaflet-tile-loaded[src*="/19/"]').first()).toBeVisible();
  });
});

test.describe('cuando algo falla', () => {
  test.use({ viewport: viewports.escritorio });

  test('sin el stream en vivo lo dice en castellano, conserva los datos y vuelve a intentar', async ({ page }) => {
    // Whatever the server answers today (before the stream is merged, a 404), a refused stream:
    let pedidos = 0;
    await page.route('**/api/v1/vehiculos/stream', (route) => {
      pedidos++;
      return route.fulfill({ status: 404, contentType: 'application/json', body: '{"error":"No existe"}' });
    });
    await abrirMapa(page);
    await expect(estadoEnVivo(page)).toHaveText(
      'Las actualizaciones en vivo no están disponibles ahora: se ven las últimas posiciones recibidas y la página vuelve a intentarlo sola.',
    );
    await expect(estadoEnVivo(page)).toHaveAttribute('role', 'status');
    await expect(page.getByRole('row', { name: /Recolector 1/ })).toBeVisible();
    // The first retry comes about 5 s later (the back-off's growth is unit-tested in estado.test.ts).
    await expect.poll(() => pedidos, { timeout: 15_000 }).toBeGreaterThanOrEqual(2);
    await expect(page.locator('.leaflet-marker-icon')).toHaveCount(DEMO.length);
    await expect(estadoEnVivo(page)).toHaveText(/no están disponibles/);
  });

  test('sin Leaflet, el aviso en castellano en lugar del mapa; la lista sigue', async ({ page, consoleErrors }) => {
    await page.route(/\/assets\/mapa-leaflet-[\w-]+\.js$/, (route) => route.abort());
    await page.goto(RUTA);
    await esperarHidratacion(page);
    await expect(page.getByRole('alert')).toContainText('No se pudo cargar el mapa.');
    await expect(mapa(page)).toBeHidden();
    await expect(page.getByRole('list', { name: 'Referencias del mapa' })).toHaveCount(0);
    await expect(page.getByRole('row', { name: /Recolector 1/ })).toBeVisible();
    // The blocked file is the one expected console line.
    const bloqueado = consoleErrors.findIndex((linea) => linea.includes('net::ERR_FAILED'));
    expect(bloqueado).toBeGreaterThanOrEqual(0);
    consoleErrors.splice(bloqueado, 1);
  });

  test('sin teselas, los marcadores y la lista siguen y una línea dice que el fondo no está', async ({ page, consoleErrors }) => {
    // Every tile request fails, as when the tile server is down or blocked.
    await page.route('http://teselas.e2e.invalid/**', (route) => route.abort());
    await page.goto(RUTA);
    await esperarHidratacion(page);
    const aviso = page.getByRole('status').filter({ hasText: 'mapa de fondo' });
    await expect(aviso).toHaveText(
      'El mapa de fondo no está disponible en este momento. Los vehículos se siguen viendo en su lugar, y la lista de abajo los muestra a todos.',
    );
    await expect(mapa(page)).toBeVisible();
    await expect(page.locator('.leaflet-marker-icon')).toHaveCount(DEMO.length);
    // No panel covers them: the markers in view are the topmost element at their centre. The map is
    // taller than what the window shows under the page's header: each marker is scrolled to first,
    // or one in the map's lower half would be outside the window, where nothing is at any point.
    // What is there instead is named (another marker by its title), so a failure says what covers it.
    for (const alias of await aLaVista(page)) {
      const encima = await marcador(page, alias).evaluate((el, nombre) => {
        el.scrollIntoView({ block: 'center', inline: 'center' });
        const caja = el.getBoundingClientRect();
        const arriba = document.elementFromPoint(caja.x + caja.width / 2, caja.y + caja.height / 2);
        return arriba === el ? nombre : `${arriba?.tagName ?? 'nada'} ${arriba?.getAttribute('title') ?? arriba?.className ?? ''}`;
      }, alias);
      expect(encima, `lo que está sobre ${alias}`).toBe(alias);
    }
    await expect(page.getByRole('alert')).toHaveCount(0);
    await expect(page.getByRole('list', { name: 'Referencias del mapa' })).toBeVisible();
    await expect(page.getByRole('row', { name: /Recolector 2/ })).toBeVisible();
    await expectAccessible(page);
    await page.setViewportSize(viewports.telefono);
    await expect(aviso).toBeVisible();
    await expect(page.getByRole('row', { name: /Recolector 2/ })).toBeVisible();
    await expectAccessible(page);
    // The refused tiles are the expected console lines.
    for (let i = consoleErrors.length - 1; i >= 0; i--) if (consoleErrors[i]!.includes('net::ERR_FAILED')) consoleErrors.splice(i, 1);
  });
});

test('accesible a 390 y 1366 px, también con una ventana abierta', async ({ page }) => {
  await expectAccessibleAtWidths(page, RUTA);
  await esperarHidratacion(page);
  await expect(page.locator('.leaflet-marker-icon')).toHaveCount(DEMO.length, { timeout: 20_000 });
  await expect.poll(() => zoom(page)).toBe('15');
  const [alias] = await aLaVista(page);
  await marcador(page, alias!).click();
  // Leaflet fades the popup in: axe measures contrast once it is opaque.
  await expect(popup(page)).toHaveCSS('opacity', '1');
  await expectAccessible(page);
});

test.describe('sin JavaScript', () => {
  test.use({ javaScriptEnabled: false });

  test('la página está completa sin el mapa: la lista, la nota y qué hacer', async ({ page }) => {
    const scripts: string[] = [];
    page.on('request', (r) => {
      if (r.resourceType() === 'script') scripts.push(r.url());
    });
    await page.goto(RUTA);
    await expect(page.getByRole('heading', { level: 1, name: 'Seguimiento de Vehículos' })).toBeVisible();
    await expect(page.getByText('Sólo se muestran los vehículos de recolección de residuos')).toBeVisible();
    const lista = page.getByRole('table', { name: /Vehículos que informaron su posición/ });
    await expect(lista.getByRole('row')).toHaveCount(DEMO.length + 1);
    await expect(page.getByText('El mapa necesita JavaScript. La lista de abajo muestra los mismos vehículos.')).toBeVisible();
    await expect(page.getByText(/Posiciones de las \d\d:\d\d\. Recargá la página para ver las más recientes\./)).toBeVisible();
    await expect(page.locator('.mapa-vehiculos')).toBeHidden();
    expect(scripts).toEqual([]);
  });
});
