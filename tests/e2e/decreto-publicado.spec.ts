import { DEMO_USUARIOS } from '#server/demo/usuarios.ts';
import { solicitudValida } from '#tests/factories/decretos.ts';
import { esperarHidratacion, expect, expectAccessible, test } from './fixtures.ts';

// The decree already published (docs/decisions/023-decretos-publicados.md), on the demo
// content: bulletin 323 (September 2026) publishes decree 1350/2026 (README, "Demo").
const OFERTA = 'Este decreto ya fue publicado en el Boletín Oficial Nº 323 de septiembre de 2026: descargalo ahora.';

test.describe('Solicitud de Decretos: el decreto ya publicado', () => {
  test('al escribir el número aparece la oferta con su boletín; el enlace baja el PDF; otro número no muestra nada; se puede enviar igual', async ({
    page,
  }) => {
    await page.goto('/solicitud-decretos');
    await esperarHidratacion(page);
    const numero = page.getByLabel('Número de Decreto');
    const region = page.locator('.decretos__publicado');
    await expect(region).toHaveAttribute('aria-live', 'polite');

    await numero.pressSequentially('Decreto 1350 de 2026');
    await expect(region).toContainText(OFERTA);
    await expect(region).toContainText('Declara de interés municipal la Fiesta Nacional de los Jardines. Área: Turismo.');
    await expectAccessible(page);
    const href = await region.getByRole('link', { name: 'descargalo ahora' }).getAttribute('href');
    const descarga = await page.request.get(href!);
    expect(descarga.status()).toBe(200);
    expect(descarga.headers()['content-type']).toBe('application/pdf');
    expect((await descarga.body()).subarray(0, 5).toString()).toBe('%PDF-');

    // A number no bulletin published: nothing at all.
    await numero.fill('1351/2026');
    await expect(region).toBeEmpty();
    await numero.fill('1350');
    await expect(region).toBeEmpty();

    // The citizen may still send the request.
    await numero.fill('1350-26');
    await expect(region).toContainText(OFERTA);
    const datos = solicitudValida();
    await page.getByLabel('Nombre').fill(String(datos.nombre));
    await page.getByLabel('DNI').fill(String(datos.dni));
    await page.getByLabel('Email').fill(String(datos.email));
    await page.getByRole('button', { name: 'Enviar' }).click();
    await expect(page.getByText(`Listo ${String(datos.nombre)}`)).toBeVisible();
    // The cleared form keeps no notice under it: the success message carries the offer.
    await expect(region).toBeEmpty();
    await expect(page.getByRole('status').filter({ hasText: 'Listo' })).toContainText(OFERTA);
  });
});

test.describe('Solicitud de Decretos sin JavaScript: el decreto ya publicado', () => {
  test.use({ javaScriptEnabled: false });

  test('la oferta aparece después de enviar', async ({ page }) => {
    await page.goto('/solicitud-decretos');
    const region = page.locator('.decretos__publicado');
    await expect(region).toBeEmpty();
    const datos = solicitudValida({ numero: 'dto. 1350/2026' });
    await page.getByLabel('Nombre').fill(String(datos.nombre));
    await page.getByLabel('DNI').fill(String(datos.dni));
    await page.getByLabel('Email').fill(String(datos.email));
    await page.getByLabel('Número de Decreto').fill(String(datos.numero));
    await page.getByRole('button', { name: 'Enviar' }).click();
    await expect(page.getByText(`Listo ${String(datos.nombre)}`)).toBeVisible();
    // The offer goes with the success message, not under the cleared form.
    const exito = page.getByRole('status').filter({ hasText: `Listo ${String(datos.nombre)}` });
    await expect(exito).toContainText(OFERTA);
    await expect(exito.getByRole('link', { name: 'descargalo ahora' })).toHaveAttribute('href', /^\/api\/v1\/documentos\/\d+$/);
    await expect(region).toBeEmpty();
  });
});

test('el panel: administración agrega un decreto al boletín 324 y la mesa responde una solicitud con él; las dos páginas pasan axe', async ({
  page,
  request,
}) => {
  test.setTimeout(90_000);
  const [ADMIN] = DEMO_USUARIOS as [(typeof DEMO_USUARIOS)[number]];
  // A decree number of this run's own: no demo bulletin lists it.
  const numero = 2000 + (Date.now() % 7000);
  await page.goto('/login?siguiente=%2Fadmin%2Fboletines%3Ftexto%3D324');
  await page.getByLabel('Correo electrónico').fill(ADMIN.email);
  await page.getByLabel('Contraseña').fill(ADMIN.clave);
  await page.getByRole('button', { name: 'Ingresar' }).click();
  await page.getByRole('link', { name: /Boletín Oficial N° 324/ }).click();
  await esperarHidratacion(page);
  const agregar = page.getByRole('form', { name: 'Agregar un decreto' });
  await agregar.getByLabel('Número de decreto').fill(String(numero));
  await agregar.getByRole('button', { name: 'Agregar el decreto' }).click();
  await expect(page.locator('.resumen-errores')).toBeFocused();
  await expect(agregar.getByLabel('Número de decreto')).toHaveAttribute('aria-invalid', 'true');
  await expectAccessible(page);
  await agregar.getByLabel('Número de decreto').fill(`Decreto ${numero} de 2026`);
  await agregar.getByLabel('Descripción').fill('Aprueba el calendario de eventos de invierno');
  await agregar.getByLabel('Área').fill('Turismo');
  await agregar.getByRole('button', { name: 'Agregar el decreto' }).click();
  await expect(page.getByRole('status')).toHaveText(/^Agregamos el decreto/);
  await expect(page.getByRole('table', { name: /Decretos publicados/ })).toContainText(`${numero}/2026`);
  await expectAccessible(page);

  const res = await request.post('/api/v1/solicitudes-decreto', { data: solicitudValida({ numero: `${numero}-26` }) });
  expect(res.status()).toBe(201);
  const { codigo } = (await res.json()) as { codigo: string };
  await page.goto(`/admin/solicitudes/${codigo}`);
  await esperarHidratacion(page);
  await expect(page.getByText('Boletín Oficial Nº 324 de octubre de 2026').first()).toBeVisible();
  await expectAccessible(page);
  // The preview first (docs/decisions/052-confirmar-antes-de-escribir.md), then the confirmation.
  await page.getByRole('form', { name: 'Responder con el decreto publicado' }).getByRole('button', { name: 'Ver el correo antes de enviarlo' }).click();
  await expect(page.locator('.mesa__vista')).toContainText(/boletin-oficial-324\.pdf \(PDF, [\d,]+ (KB|MB)\)/);
  await page.getByRole('button', { name: 'Confirmar y enviar el correo' }).click();
  await expect(page.getByRole('status')).toHaveText(/^La solicitud quedó en «Documento enviado»; el correo al solicitante, con el boletín oficial/);
  await expect(page.locator('.mesa__datos').getByText('boletin-oficial-324.pdf')).toBeVisible();
});
