import type { APIRequestContext, Page } from '@playwright/test';
import { formatFechaPlazo } from '#domain/plazos/calendario.ts';
import { solicitudValida } from '#tests/factories/decretos.ts';
import { esperarHidratacion, expect, expectAccessible, expectAccessibleAtWidths, test, viewports } from './fixtures.ts';

const MENSAJES = {
  nombre: 'El campo nombre es obligatorio',
  dni: 'El campo dni es obligatorio',
  email: 'El campo email es obligatorio',
  numero: 'El campo decreto es obligatorio',
} as const;

/** A DNI and decree number no other test uses, so duplicates and the limit never interfere. */
function unicos() {
  const n = Date.now() % 10_000_000;
  const r = Math.floor(Math.random() * 90) + 10;
  return { dni: String(10_000_000 + ((n * 97 + r) % 89_999_999)), numero: `${r}${n % 1000}/2026` };
}

const exito = (nombre: string, email: string) => [
  `Listo ${nombre}`,
  `Estamos procesando su solicitud. Si todo está bien enviaremos el documento solicitado a su cuenta de correo electrónico ${email} Lo más rápido posible.`,
];

async function completar(page: Page, datos: { nombre: string; dni: string; email: string; numero: string }) {
  await page.getByLabel('Nombre').fill(datos.nombre);
  await page.getByLabel('DNI').fill(datos.dni);
  await page.getByLabel('Email').fill(datos.email);
  await page.getByLabel('Número de Decreto').fill(datos.numero);
}

/** The due date the API gives for a request, as the status page must write it. */
async function fechaLimite(request: APIRequestContext, codigo: string): Promise<string> {
  const res = await request.get(`/api/v1/solicitudes-decreto/${codigo}`);
  expect(res.status()).toBe(200);
  const { plazo } = (await res.json()) as { plazo: { fechaLimite: string; prorrogada: boolean } };
  expect(plazo.prorrogada).toBe(false);
  return `Fecha límite de respuesta: ${formatFechaPlazo(plazo.fechaLimite)}.`;
}

test.describe('Solicitud de Decretos', () => {
  test('los cuatro mensajes del spec, en rojo bajo cada campo, y cada uno se va al editar su campo', async ({ page }) => {
    await page.goto('/solicitud-decretos');
    await esperarHidratacion(page);
    await expect(page.getByRole('heading', { level: 1, name: 'Solicitud de Decretos' })).toBeVisible();
    await page.getByRole('button', { name: 'Enviar' }).click();
    for (const [campo, mensaje] of Object.entries(MENSAJES)) {
      await expect(page.locator(`#${campo}-error`)).toHaveText(`Error: ${mensaje}`);
      await expect(page.locator(`#${campo}-error`)).toHaveCSS('color', 'rgb(208, 1, 27)');
    }
    await expect(page).toHaveTitle(/^Error: Solicitud de Decretos/);
    await expect(page.locator('.resumen-errores')).toBeFocused();
    await expect(page.getByLabel('Nombre')).toHaveAttribute('aria-invalid', 'true');

    const orden: [keyof typeof MENSAJES, string][] = [
      ['nombre', 'Nombre'],
      ['dni', 'DNI'],
      ['email', 'Email'],
      ['numero', 'Número de Decreto'],
    ];
    for (const [i, [campo, etiqueta]] of orden.entries()) {
      await page.getByLabel(etiqueta).pressSequentially('x');
      await expect(page.locator(`#${campo}-error`)).toHaveCount(0);
      await expect(page.getByLabel(etiqueta)).not.toHaveAttribute('aria-invalid', 'true');
      for (const [otro] of orden.slice(i + 1)) await expect(page.locator(`#${otro}-error`)).toHaveText(`Error: ${MENSAJES[otro]}`);
    }
  });

  test('busca ordenanzas recién desde 3 caracteres, con el formato de etiqueta, y envía: texto exacto, código y formulario vacío', async ({
    page,
    request,
  }) => {
    const busquedas: string[] = [];
    page.on('request', (r) => {
      if (r.url().includes('/solicitud-decretos/ordenanzas')) busquedas.push(new URL(r.url()).searchParams.get('q') ?? '');
    });
    await page.goto('/solicitud-decretos');
    await esperarHidratacion(page);
    const combo = page.getByRole('combobox', { name: 'Ordenanza' });
    await expect(combo).toHaveAttribute('placeholder', 'Select...');
    await combo.pressSequentially('re', { delay: 30 });
    // Intentional pause, longer than the debounce: that no search is sent cannot be awaited.
    await page.waitForTimeout(600);
    expect(busquedas).toEqual([]);
    await expect(combo).toHaveAttribute('aria-expanded', 'false');

    // Hold the answer until the spec's loading text has been seen.
    let responder = () => {};
    const pendiente = new Promise<void>((r) => (responder = r));
    await page.route('**/solicitud-decretos/ordenanzas?*', async (route) => {
      await pendiente;
      await route.continue();
    });
    await combo.pressSequentially('s', { delay: 30 });
    await expect(page.locator('.combobox__mensaje')).toHaveText('Loading...');
    responder();
    const opciones = page.getByRole('listbox', { name: 'Ordenanzas encontradas' }).getByRole('option');
    await expect(opciones.first()).toBeVisible();
    expect(busquedas).toEqual(['res']);
    const etiquetas = await opciones.allTextContents();
    expect(etiquetas.length).toBeGreaterThan(0);
    expect(etiquetas.length).toBeLessThanOrEqual(5);
    // Number, status and file number, then the ordinance's title.
    for (const e of etiquetas) expect(e).toMatch(/^Ordenanza \d+ (Clasificando|Aprobada\/Vigente|Derogada|Vetada|Anulada|Desconocido) \S+: \S/);
    await expect(combo).toHaveAttribute('aria-expanded', 'true');
    await combo.press('ArrowDown');
    await expect(opciones.first()).toHaveAttribute('aria-selected', 'true');
    await combo.press('Enter');
    await expect(combo).toHaveValue(etiquetas[0]!);
    await expect(combo).toHaveAttribute('aria-expanded', 'false');

    const datos = { nombre: 'Ana Belén Gómez', email: 'ana.gomez@correo.com.ar', ...unicos() };
    await completar(page, datos);
    await page.getByLabel('Aclaraciones').fill('Copia simple, por favor.');
    // Hold the post until the overlay has been seen: no race with a fast server.
    let soltar = () => {};
    const retenido = new Promise<void>((r) => (soltar = r));
    await page.route('**/solicitud-decretos.data*', async (route) => {
      await retenido;
      await route.continue();
    });
    await page.getByRole('button', { name: 'Enviar' }).click();
    await expect(page.locator('.decretos__superposicion').getByRole('status')).toHaveText('Enviando…');
    await expect(page.locator('.decretos__envio')).toHaveAttribute('aria-busy', 'true');
    await expect(page.getByRole('button', { name: 'Enviar' })).toBeDisabled();
    soltar();

    const mensaje = page.locator('.decretos__exito');
    for (const parte of exito(datos.nombre, datos.email)) await expect(mensaje).toContainText(parte);
    await expect(mensaje).toContainText(/Código de seguimiento: SD-\d{4}-[2-9A-HJ-NP-Z]{3}-[2-9A-HJ-NP-Z]{3}-[2-9A-HJ-NP-Z]{3}/);
    await expect(mensaje).toHaveCSS('background-color', 'rgb(233, 246, 238)');
    for (const etiqueta of ['Nombre', 'DNI', 'Email', 'Número de Decreto', 'Aclaraciones']) await expect(page.getByLabel(etiqueta)).toHaveValue('');
    await expect(page.getByRole('combobox', { name: 'Ordenanza' })).toHaveValue('');
    await expect(page.locator('.decretos__superposicion')).toHaveCount(0);

    // The status page, from the link in the message: first name only.
    const codigo = (await mensaje.locator('.decretos__codigo').textContent())!;
    await mensaje.getByRole('link', { name: 'Ver el estado de la solicitud' }).click();
    await expect(page.getByRole('heading', { level: 2, name: `Solicitud ${codigo}` })).toBeVisible();
    await expect(page.getByText('Hola Ana: recibimos tu solicitud y la vamos a tramitar.')).toBeVisible();
    // The deadline: 15 business days from the next business day, skipping weekends and holidays.
    await expect(page.getByText(await fechaLimite(request, codigo))).toBeVisible();
    await expect(page.getByText(/^La Municipalidad tiene 15 días hábiles para responder/)).toBeVisible();
    await expect(page.locator('main')).not.toContainText('Gómez');
    await expect(page.locator('main')).not.toContainText(datos.dni);
  });

  test('sin coincidencias muestra "No options"; una respuesta tardía no pisa a la más nueva', async ({ page }) => {
    await page.goto('/solicitud-decretos');
    await esperarHidratacion(page);
    let primera = true;
    await page.route('**/solicitud-decretos/ordenanzas?*', async (route) => {
      // The first search answers late (after the second): its answer must be ignored.
      if (primera) {
        primera = false;
        await new Promise((r) => setTimeout(r, 1200));
      }
      await route.continue().catch(() => {});
    });
    const combo = page.getByRole('combobox', { name: 'Ordenanza' });
    const primeraBusqueda = page.waitForRequest('**/solicitud-decretos/ordenanzas?*');
    await combo.pressSequentially('residuos', { delay: 20 });
    await primeraBusqueda;
    await combo.fill('zzzqqxx');
    await expect(page.locator('.combobox__mensaje')).toHaveText('No options');
    // Intentional pause: the late answer (held 1.2 s) must arrive and be ignored; nothing to await.
    await page.waitForTimeout(1500);
    await expect(page.locator('.combobox__mensaje')).toHaveText('No options');
    await expect(page.getByRole('option')).toHaveCount(0);
  });

  // One test per width: four scans each, run in parallel, each well inside its time limit.
  for (const [nombre, size] of Object.entries(viewports)) {
    test(`accesible (axe) en ${nombre}: vacío, con errores, con la lista abierta y el estado`, async ({ page }) => {
      await page.setViewportSize(size);
      await page.goto('/solicitud-decretos');
      await esperarHidratacion(page);
      await expectAccessible(page);
      await page.getByRole('button', { name: 'Enviar' }).click();
      await expect(page.locator('#nombre-error')).toBeVisible();
      await expectAccessible(page);
      await page.getByRole('combobox', { name: 'Ordenanza' }).pressSequentially('residuos', { delay: 20 });
      await expect(page.getByRole('option').first()).toBeVisible();
      await expectAccessible(page);
      await page.goto('/solicitud-decretos/estado?codigo=SD-2000-000001');
      await expect(page.getByText('No encontramos una solicitud con el código SD-2000-000001.')).toBeVisible();
      await expectAccessible(page);
    });
  }

  test('accesible (axe): el estado de una solicitud abierta, con su fecha límite', async ({ page, request }) => {
    const creada = await request.post('/api/v1/solicitudes-decreto', { data: solicitudValida() });
    expect(creada.status()).toBe(201);
    const { codigo } = (await creada.json()) as { codigo: string };
    const ruta = `/solicitud-decretos/estado?codigo=${codigo}`;
    await expectAccessibleAtWidths(page, ruta);
    await expect(page.getByText(await fechaLimite(request, codigo))).toBeVisible();
  });
});

test.describe('Solicitud de Decretos sin JavaScript', () => {
  test.use({ javaScriptEnabled: false });

  test('el servidor valida con los mismos mensajes, conserva lo escrito y confirma con el mismo texto', async ({ page }) => {
    await page.goto('/solicitud-decretos');
    await page.getByLabel('Aclaraciones').fill('Necesito la copia para un trámite.');
    await page.getByRole('button', { name: 'Enviar' }).click();
    for (const [campo, mensaje] of Object.entries(MENSAJES)) await expect(page.locator(`#${campo}-error`)).toHaveText(`Error: ${mensaje}`);
    await expect(page).toHaveTitle(/^Error: Solicitud de Decretos/);
    await expect(page.getByLabel('Aclaraciones')).toHaveValue('Necesito la copia para un trámite.');

    const datos = { nombre: 'Carlos Nahuel Paine', email: 'carlos.paine@correo.com.ar', ...unicos() };
    await completar(page, { ...datos, email: 'carlos' });
    await page.getByRole('button', { name: 'Enviar' }).click();
    await expect(page.locator('#email-error')).toHaveText('Error: Ingresá un email válido, por ejemplo nombre@correo.com.ar.');
    await expect(page.getByLabel('Nombre')).toHaveValue(datos.nombre);

    await page.getByLabel('Email').fill(datos.email);
    // Without JavaScript the ordinance is a text field: number/year, resolved by the server.
    const ordenanza = page.getByLabel('Ordenanza');
    await expect(ordenanza).toHaveAttribute('name', 'ordenanzaNumero');
    await page.getByRole('button', { name: 'Enviar' }).click();
    const mensaje = page.locator('.decretos__exito');
    for (const parte of exito(datos.nombre, datos.email)) await expect(mensaje).toContainText(parte);
    await expect(mensaje).toContainText(/SD-\d{4}-[2-9A-HJ-NP-Z]{3}-[2-9A-HJ-NP-Z]{3}-[2-9A-HJ-NP-Z]{3}/);
    for (const etiqueta of ['Nombre', 'DNI', 'Email', 'Número de Decreto', 'Aclaraciones', 'Ordenanza'])
      await expect(page.getByLabel(etiqueta)).toHaveValue('');

    const codigo = (await mensaje.locator('.decretos__codigo').textContent())!;
    await page.goto('/solicitud-decretos/estado');
    await page.getByLabel('Código de seguimiento').fill(codigo.toLowerCase());
    await page.getByRole('button', { name: 'Consultar' }).click();
    await expect(page.getByText('Hola Carlos: recibimos tu solicitud y la vamos a tramitar.')).toBeVisible();
    await expect(page.getByRole('listitem').filter({ hasText: 'Recibida:' })).toHaveCount(1);
  });
});
