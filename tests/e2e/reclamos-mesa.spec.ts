import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { APIRequestContext, Locator, Page } from '@playwright/test';
import { DEMO_USUARIOS } from '#server/demo/usuarios.ts';
import { esperarHidratacion, expect, expectAccessibleAtWidths, guardarSesion, test } from './fixtures.ts';

// The staff's desk of citizen reports (docs/decisions/057-reclamos.md) in Chromium, against the run's
// one server: the demo desk account works a report by keyboard only (filters, assignment, a public
// answer with an internal note), merges a duplicate, sees the report's point on its small map and
// the heat map with its table (and the table alone without JavaScript), exports the CSV; axe on the
// desk's pages and, signed in as administration, on the catalogue's. Each test makes its own reports
// through the public form, with text and places of its own: other specs share the server.

const [ADMIN, , MESA] = DEMO_USUARIOS as [(typeof DEMO_USUARIOS)[number], (typeof DEMO_USUARIOS)[number], (typeof DEMO_USUARIOS)[number]];
const CARPETA = fs.mkdtempSync(path.join(os.tmpdir(), 'vla-e2e-reclamos-mesa-'));
const SESION_MESA = path.join(CARPETA, 'mesa.json');
const SESION_ADMIN = path.join(CARPETA, 'admin.json');
for (const archivo of [SESION_MESA, SESION_ADMIN]) fs.writeFileSync(archivo, JSON.stringify({ cookies: [], origins: [] }));

const unico = () => `${Date.now().toString(36)}${Math.floor(Math.random() * 1e6).toString(36)}`;

/** Today in Argentina, 'AAAA-MM-DD'. */
const hoy = () => new Intl.DateTimeFormat('en-CA', { timeZone: 'America/Argentina/Buenos_Aires' }).format(new Date());

/** A point of its own inside the town's box, away from the centre where the other specs report. */
const puntoPropio = () => ({
  latitud: Math.round((-40.9 - Math.random() * 0.2) * 1e5) / 1e5,
  longitud: Math.round((-71.8 - Math.random() * 0.2) * 1e5) / 1e5,
});

type Creado = { codigo: string; latitud: number; longitud: number };

/** A report sent through the public form, as a citizen's browser posts it: its tracking code. */
async function reclamoPorFormulario(
  request: APIRequestContext,
  baseURL: string | undefined,
  categoria: string,
  descripcion: string,
  punto = puntoPropio(),
): Promise<Creado> {
  const res = await request.post(`/reclamos/nuevo?categoria=${categoria}`, {
    headers: { origin: new URL(baseURL!).origin },
    multipart: {
      categoria,
      latitud: String(punto.latitud),
      longitud: String(punto.longitud),
      direccion: '',
      descripcion,
      email: `vecina.${unico()}@correo.com.ar`,
      nombre: '',
      sitio_web: '',
    },
  });
  expect(res.status()).toBe(200);
  const html = await res.text();
  expect(html).toContain('Recibimos tu reclamo');
  const codigo = /RC-\d{4}-[0-9A-Z]{3}-[0-9A-Z]{3}-[0-9A-Z]{3}/.exec(html)?.[0];
  expect(codigo, 'el código del reclamo nuevo').toBeTruthy();
  return { codigo: codigo!, ...punto };
}

/** Presses Tab until `destino` has the focus (at most `maximo` times): the way a keyboard gets there. */
async function tabularHasta(page: Page, destino: Locator, maximo = 80): Promise<void> {
  for (let i = 0; i < maximo; i++) {
    await page.keyboard.press('Tab');
    if (await destino.evaluate((el) => el === document.activeElement)) return;
  }
  throw new Error(`El foco no llegó con Tab a ${destino.toString()}`);
}

test.describe('la mesa de entradas', () => {
  test.beforeAll(async ({ browser, baseURL }) => {
    await guardarSesion(browser, baseURL, MESA, '/admin/reclamos', SESION_MESA);
  });
  test.use({ storageState: SESION_MESA });

  test('sólo con el teclado: filtra la cola, abre el reclamo, lo asigna y lo pasa a «en curso» con respuesta y nota; cada aviso toma el foco', async ({
    page,
    request,
    baseURL,
  }) => {
    const marca = unico();
    const r = await reclamoPorFormulario(request, baseURL, 'bache', `Pozo profundo frente al almacén ${marca}`);

    await test.step('los filtros, sin ratón', async () => {
      await page.goto('/admin/reclamos');
      await esperarHidratacion(page);
      const filtros = page.getByRole('form', { name: 'Filtros de los reclamos' });
      await tabularHasta(page, filtros.getByRole('searchbox', { name: 'Buscar' }));
      await page.keyboard.type(marca);
      await page.keyboard.press('Tab');
      await expect(filtros.getByRole('combobox', { name: 'Categoría' })).toBeFocused();
      // A closed select chooses by typing, as a person does.
      await page.keyboard.type('Bache');
      await tabularHasta(page, filtros.getByRole('combobox', { name: 'Estado' }), 3);
      await page.keyboard.type('Recib');
      await expect(filtros.getByRole('combobox', { name: 'Estado' })).toHaveValue('recibido');
      await tabularHasta(page, filtros.getByRole('button', { name: 'Filtrar' }), 10);
      await page.keyboard.press('Enter');
      await expect(page).toHaveURL(/[?&]estado=recibido(&|$)/);
      await expect(page).toHaveURL(/[?&]categoria=\d+(&|$)/);
      await expect(page.getByText('1 reclamo con estos filtros')).toBeVisible();
      // The choices stay in the form the address filled.
      await expect(filtros.getByRole('combobox', { name: 'Categoría' }).locator('option:checked')).toHaveText('Bache');
    });

    await test.step('abre el reclamo y lo asigna a un área', async () => {
      await tabularHasta(page, page.getByRole('link', { name: r.codigo }));
      await page.keyboard.press('Enter');
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(`Reclamo ${r.codigo}`);
      await esperarHidratacion(page);
      const asignar = page.getByRole('form', { name: 'Asignar' });
      await tabularHasta(page, asignar.getByRole('combobox', { name: 'Área' }));
      await page.keyboard.type('Obras');
      await expect(asignar.getByRole('combobox', { name: 'Área' }).locator('option:checked')).toHaveText('Obras Públicas');
      await tabularHasta(page, asignar.getByRole('button', { name: 'Guardar la asignación' }), 5);
      await page.keyboard.press('Enter');
      await expect(page).toHaveURL(/\?aviso=asignado$/);
      const aviso = page.getByRole('status').filter({ hasText: 'Guardamos a quién está asignado el reclamo.' });
      await expect(aviso).toBeFocused();
      await expect(page.locator('dt', { hasText: 'Asignado' }).locator('+ dd')).toHaveText('Obras Públicas');
    });

    await test.step('«en curso» con una respuesta pública y una nota interna', async () => {
      const form = page.getByRole('form', { name: 'Cambiar el estado' });
      await tabularHasta(page, form.getByRole('combobox', { name: 'Nuevo estado' }));
      await page.keyboard.type('En');
      await expect(form.getByRole('combobox', { name: 'Nuevo estado' })).toHaveValue('en_curso');
      await tabularHasta(page, form.getByRole('textbox', { name: 'Respuesta pública' }), 6);
      await page.keyboard.type(`La cuadrilla de bacheo pasa esta semana ${marca}.`);
      await page.keyboard.press('Tab');
      await expect(form.getByRole('textbox', { name: 'Nota interna' })).toBeFocused();
      await page.keyboard.type('Llevar asfalto frío');
      await tabularHasta(page, form.getByRole('button', { name: 'Guardar el cambio de estado' }), 3);
      await page.keyboard.press('Enter');
      await expect(page).toHaveURL(/\?aviso=estado$/);
      await expect(page.getByRole('status').filter({ hasText: 'Cambiamos el estado del reclamo.' })).toBeFocused();
      await expect(page.locator('dt', { hasText: 'Estado' }).first().locator('+ dd')).toHaveText('En curso');
      const historial = page.getByRole('region', { name: 'Historial' });
      await expect(historial).toContainText(`Respuesta pública: La cuadrilla de bacheo pasa esta semana ${marca}.`);
      await expect(historial).toContainText('Nota interna: Llevar asfalto frío');
    });

    // The public page shows the answer, never the note.
    const publica = await request.get(`/reclamos/${r.codigo}`);
    const html = await publica.text();
    expect(html).toContain(`La cuadrilla de bacheo pasa esta semana ${marca}.`);
    expect(html).not.toContain('Llevar asfalto frío');
  });

  test('un duplicado se fusiona con el original: dice «Duplicado» y enlaza el original', async ({ page, request, baseURL }) => {
    const marca = unico();
    const original = await reclamoPorFormulario(request, baseURL, 'contenedor-desbordado', `Bolsas rotas alrededor del contenedor ${marca}`);
    const duplicado = await reclamoPorFormulario(request, baseURL, 'contenedor-desbordado', `Otra vez el contenedor lleno de bolsas ${marca}`);
    await page.goto(`/admin/reclamos/${duplicado.codigo}`);
    await esperarHidratacion(page);
    const form = page.getByRole('form', { name: 'Es el mismo que otro reclamo' });
    await form.getByRole('textbox', { name: 'Código del reclamo original' }).fill(original.codigo.toLowerCase());
    await form.getByRole('textbox', { name: 'Respuesta pública' }).fill('Ya lo teníamos: seguilo en el reclamo original.');
    await form.getByRole('button', { name: 'Marcar como duplicado' }).click();
    await expect(page).toHaveURL(/\?aviso=duplicado$/);
    await expect(page.getByRole('status').filter({ hasText: 'Marcamos el reclamo como duplicado del original.' })).toBeFocused();
    const estado = page.locator('dt', { hasText: 'Estado' }).first().locator('+ dd');
    await expect(estado).toContainText('Duplicado');
    await expect(estado).toContainText(`es el mismo que ${original.codigo}`);
    // A duplicate cannot be merged again: the form is gone.
    await expect(page.getByRole('form', { name: 'Es el mismo que otro reclamo' })).toHaveCount(0);
    await estado.getByRole('link', { name: original.codigo }).click();
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(`Reclamo ${original.codigo}`);
    await expect(page.locator('dt', { hasText: 'Estado' }).first().locator('+ dd')).toContainText('Recibido');
  });

  test('el mapa chico marca el punto del reclamo; sin JavaScript, el lugar queda escrito', async ({ page, request, baseURL, browser }) => {
    const r = await reclamoPorFormulario(request, baseURL, 'arbol-caido', `Rama grande caída sobre la vereda ${unico()}`);
    await page.goto(`/admin/reclamos/${r.codigo}`);
    await esperarHidratacion(page);
    const mapa = page.getByRole('region', { name: 'Mapa del lugar del reclamo' });
    const pin = mapa.locator('.leaflet-marker-icon.reclamos__pin');
    await expect(pin).toBeVisible();
    await expect(pin).toHaveAttribute('title', 'El lugar del reclamo');
    await expect(mapa.locator('.leaflet-tile-loaded').first()).toBeVisible();
    // The map is centred on the point and the pin's centre is the point: both centres match.
    const caja = (await mapa.boundingBox())!;
    const marcador = (await pin.boundingBox())!;
    expect(Math.abs(marcador.x + marcador.width / 2 - (caja.x + caja.width / 2))).toBeLessThan(3);
    expect(Math.abs(marcador.y + marcador.height / 2 - (caja.y + caja.height / 2))).toBeLessThan(3);
    await expect(page.getByText(`(${r.latitud.toFixed(5)}, ${r.longitud.toFixed(5)})`)).toBeVisible();
    // Keyboard: the map's container takes the focus, and Tab leaves it.
    await mapa.focus();
    await expect(mapa).toBeFocused();
    const dentro = () => page.evaluate(() => document.querySelector('.reclamos__mapa')?.contains(document.activeElement) ?? false);
    // Its zoom buttons and the attribution's links, then out.
    let teclas = 0;
    do {
      await page.keyboard.press('Tab');
      teclas++;
    } while ((await dentro()) && teclas < 8);
    expect(await dentro(), 'Tab sale del mapa').toBe(false);

    const contexto = await browser.newContext({ baseURL, storageState: SESION_MESA, javaScriptEnabled: false });
    try {
      const sinJs = await contexto.newPage();
      await sinJs.goto(`/admin/reclamos/${r.codigo}`);
      await expect(sinJs.getByRole('heading', { level: 1 })).toHaveText(`Reclamo ${r.codigo}`);
      await expect(sinJs.getByRole('region', { name: 'Mapa del lugar del reclamo' })).toHaveCount(0);
      const lugar = sinJs.locator('dt', { hasText: 'Lugar' }).locator('+ dd');
      await expect(lugar).toContainText(`(${r.latitud.toFixed(5)}, ${r.longitud.toFixed(5)})`);
      await expect(lugar.getByRole('link', { name: 'Ver el punto en OpenStreetMap' })).toHaveAttribute(
        'href',
        new RegExp(`mlat=${r.latitud}&mlon=${r.longitud}`),
      );
    } finally {
      await contexto.close();
    }
  });

  test('el mapa de calor dibuja sus zonas para una categoría y un período, con la tabla; sin JavaScript, la tabla sola', async ({
    page,
    request,
    baseURL,
    browser,
  }) => {
    const r = await reclamoPorFormulario(request, baseURL, 'arbol-caido', `Árbol caído que corta el paso ${unico()}`);
    // The cell of about 100 m the point falls in, told by its centre as the table writes it.
    const centro = (v: number) => (Math.round(((Math.floor(v * 1000) + 0.5) / 1000) * 1e6) / 1e6).toFixed(4);
    const coordenadas = `${centro(r.latitud)}, ${centro(r.longitud)}`;
    const dia = hoy();

    await page.goto('/admin/reclamos/mapa-de-calor');
    await esperarHidratacion(page);
    const filtros = page.getByRole('form', { name: 'Filtros del mapa de calor' });
    await filtros.getByRole('combobox', { name: 'Categoría' }).selectOption({ label: 'Árbol caído' });
    await filtros.getByLabel('Desde').fill(dia);
    await filtros.getByLabel('Hasta').fill(dia);
    await filtros.getByRole('button', { name: 'Ver el mapa' }).click();
    await expect(page).toHaveURL(new RegExp(`[?&]desde=${dia}&hasta=${dia}`));
    const resumen = page.getByText(/^\d+ reclamos? del .* en (\d+) zonas?\.$/);
    await expect(resumen).toBeVisible();
    const zonas = Number(/en (\d+) zonas?/.exec((await resumen.textContent())!)![1]);
    expect(zonas).toBeGreaterThanOrEqual(1);
    // The layer: one circle per zone, drawn by Leaflet in the map's overlay.
    const mapa = page.getByRole('region', { name: 'Mapa de calor de los reclamos' });
    await expect(mapa.locator('.leaflet-overlay-pane path.leaflet-interactive')).toHaveCount(zonas);
    // The table, the text alternative: this report's zone with its count.
    const fila = page.getByRole('row').filter({ has: page.getByRole('link', { name: coordenadas }) });
    await expect(fila).toHaveCount(1);
    await expect(fila.getByRole('cell').last()).toHaveText('1');

    const contexto = await browser.newContext({ baseURL, storageState: SESION_MESA, javaScriptEnabled: false });
    try {
      const sinJs = await contexto.newPage();
      await sinJs.goto(page.url());
      await expect(sinJs.getByText('El mapa necesita JavaScript: las zonas están en la tabla de abajo.')).toBeVisible();
      await expect(sinJs.locator('.leaflet-container')).toHaveCount(0);
      const filaSinJs = sinJs.getByRole('row').filter({ has: sinJs.getByRole('link', { name: coordenadas }) });
      await expect(filaSinJs.getByRole('cell').last()).toHaveText('1');
    } finally {
      await contexto.close();
    }
  });

  test('«Descargar estos reclamos en CSV» baja los reclamos del filtro con su encabezado', async ({ page, request, baseURL }) => {
    const marca = unico();
    const r = await reclamoPorFormulario(request, baseURL, 'luminaria-apagada', `Luminaria apagada en la esquina del club ${marca}`);
    await page.goto(`/admin/reclamos?q=${marca}&asignado=nadie`);
    await expect(page.getByText('1 reclamo con estos filtros')).toBeVisible();
    await expect(page.getByRole('combobox', { name: 'Asignado' }).locator('option:checked')).toHaveText('Sin asignar');
    const [descarga] = await Promise.all([page.waitForEvent('download'), page.getByRole('link', { name: 'Descargar estos reclamos en CSV' }).click()]);
    expect(descarga.suggestedFilename()).toMatch(/^reclamos-\d{4}-\d{2}-\d{2}\.csv$/);
    const texto = fs.readFileSync((await descarga.path())!, 'utf8').replace(/^\uFEFF/, '');
    const lineas = texto.trim().split('\r\n');
    expect(lineas[0]).toBe('codigo,recibido,categoria,estado,direccion,barrio,latitud,longitud,descripcion,area,organismo,vence_el,resuelto_en,oculto');
    expect(lineas).toHaveLength(2);
    expect(lineas[1]).toContain(r.codigo);
    expect(lineas[1]).toContain('Luminaria apagada');
    expect(texto).not.toContain('@correo.com.ar');
  });

  test('accesible en un teléfono y en una computadora: la cola con un filtro y un reclamo con su mapa', async ({ page, request, baseURL }) => {
    const r = await reclamoPorFormulario(request, baseURL, 'animales-sueltos', `Caballos sueltos en la banquina ${unico()}`);
    await expectAccessibleAtWidths(page, '/admin/reclamos?asignado=nadie');
    await expectAccessibleAtWidths(page, `/admin/reclamos/${r.codigo}`);
  });

  test('accesible en un teléfono y en una computadora: el mapa de calor, con sus zonas dibujadas', async ({ page, request, baseURL }) => {
    await reclamoPorFormulario(request, baseURL, 'medio-ambiente', `Quema de residuos junto al arroyo ${unico()}`);
    await expectAccessibleAtWidths(page, '/admin/reclamos/mapa-de-calor');
    await expect(page.locator('.reclamos__mapa .leaflet-overlay-pane path').first()).toBeVisible();
  });
});

test.describe('administración', () => {
  test.beforeAll(async ({ browser, baseURL }) => {
    await guardarSesion(browser, baseURL, ADMIN, '/admin/reclamos/categorias', SESION_ADMIN);
  });
  test.use({ storageState: SESION_ADMIN });

  for (const [nombre, rutas] of [
    ['las categorías y los organismos', ['/admin/reclamos/categorias', '/admin/reclamos/organismos']],
    ['las plantillas y las claves de Open311', ['/admin/reclamos/plantillas', '/admin/reclamos/claves-open311']],
  ] as const) {
    test(`accesible en un teléfono y en una computadora: el catálogo de reclamos, ${nombre}`, async ({ page }) => {
      for (const ruta of rutas) {
        await expectAccessibleAtWidths(page, ruta);
        await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
      }
    });
  }
});
