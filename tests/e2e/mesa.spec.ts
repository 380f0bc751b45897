import type { APIRequestContext, Browser, Page } from '@playwright/test';
import { PDFDocument, StandardFonts } from 'pdf-lib';
import { LIMITES_MESA, MENSAJE_PDF_GRANDE } from '#domain/decretos/campos.ts';
import { DEMO_USUARIOS } from '#server/demo/usuarios.ts';
import { solicitudValida } from '#tests/factories/decretos.ts';
import { adjuntosDe } from '#tests/setup/smtp.ts';
import { esperarMensaje } from './correo.ts';
import { esperarHidratacion, expect, expectAccessible, expectAccessibleAtWidths, test } from './fixtures.ts';

// The decree-copy desk, end to end against the run's one server and its SMTP server: a
// citizen's request, the demo desk account that answers it with the decree's PDF, the mail that
// carries it, the audit log and the public status page. Each test makes its own requests and finds
// them by their code, so none depends on another's data.

const [ADMIN, , MESA] = DEMO_USUARIOS as [(typeof DEMO_USUARIOS)[number], (typeof DEMO_USUARIOS)[number], (typeof DEMO_USUARIOS)[number]];

/** Letters only (names take no digits), different on every run and test. */
function apellidoUnico(): string {
  const letras = Array.from(`${Date.now()}${Math.floor(Math.random() * 1000)}`.slice(-8), (d) => 'bcdfghjlmn'[Number(d)]).join('');
  return `${letras[0]!.toUpperCase()}${letras.slice(1)}`;
}

/** A DNI and decree number no other test uses, so duplicates and the per-person limit never interfere. */
function unicos() {
  const n = Date.now() % 10_000_000;
  const r = Math.floor(Math.random() * 90) + 10;
  return { dni: String(10_000_000 + ((n * 89 + r) % 89_999_999)), numero: `${r}${n % 1000}/2025` };
}

/** A real decree PDF, made here with pdf-lib. */
async function decretoPdf(numero: string): Promise<Buffer> {
  const pdf = await PDFDocument.create();
  pdf.setTitle(`Decreto ${numero}`);
  const pagina = pdf.addPage([595.28, 841.89]);
  const fuente = await pdf.embedFont(StandardFonts.Helvetica);
  pagina.drawText('MUNICIPALIDAD DE VILLA LA ANGOSTURA', { x: 64, y: 770, size: 11, font: fuente });
  pagina.drawText(`DECRETO N° ${numero}`, { x: 64, y: 740, size: 15, font: fuente });
  pagina.drawText('Visto el expediente, el Intendente Municipal decreta.', { x: 64, y: 710, size: 10.5, font: fuente });
  return Buffer.from(await pdf.save());
}

async function ingresar(page: Page, email: string, clave: string, destino = '/admin') {
  await page.goto(`/login?siguiente=${encodeURIComponent(destino)}`);
  await expect(page.getByRole('heading', { level: 1, name: 'Ingreso del personal municipal' })).toBeVisible();
  await page.getByLabel('Correo electrónico').fill(email);
  await page.getByLabel('Contraseña').fill(clave);
  await page.getByRole('button', { name: 'Ingresar' }).click();
  await expect(page).toHaveURL(new RegExp(`${destino.replace(/[?/]/g, '\\$&')}$`));
}

async function nuevaPagina(browser: Browser, baseURL: string | undefined, javaScript = true) {
  const contexto = await browser.newContext({ baseURL, locale: 'es-AR', timezoneId: 'America/Argentina/Buenos_Aires', javaScriptEnabled: javaScript });
  return contexto.newPage();
}

/** A request made through the API, as the public form would: its code. */
async function solicitudPorApi(request: APIRequestContext, overrides: Record<string, unknown> = {}): Promise<string> {
  const res = await request.post('/api/v1/solicitudes-decreto', { data: solicitudValida({ ...unicos(), ...overrides }) });
  expect(res.status()).toBe(201);
  return ((await res.json()) as { codigo: string }).codigo;
}

test('un ciudadano pide un decreto; la mesa lo pasa a En proceso y le envía el PDF; el correo llega con el adjunto, la auditoría y la página de estado lo muestran', async ({
  page,
  browser,
  baseURL,
}) => {
  test.setTimeout(90_000);
  const apellido = apellidoUnico();
  const ciudadano = { nombre: `Quimey ${apellido}`, email: `quimey.${apellido.toLowerCase()}@correo.com.ar`, ...unicos() };

  // The citizen, through the public form.
  await page.goto('/solicitud-decretos');
  await esperarHidratacion(page);
  await page.getByLabel('Nombre').fill(ciudadano.nombre);
  await page.getByLabel('DNI').fill(ciudadano.dni);
  await page.getByLabel('Email').fill(ciudadano.email);
  await page.getByLabel('Número de Decreto').fill(ciudadano.numero);
  await page.getByLabel('Aclaraciones').fill('Es para un trámite de catastro.');
  await page.getByRole('button', { name: 'Enviar' }).click();
  const codigo = (await page.locator('.decretos__exito .decretos__codigo').textContent())!.trim();
  expect(codigo).toMatch(/^SD-\d{4}-/);

  // The desk finds it in the list, by the citizen's name.
  const mesa = await nuevaPagina(browser, baseURL);
  await ingresar(mesa, MESA.email, MESA.clave, '/admin/solicitudes');
  await expect(mesa.getByRole('heading', { level: 1, name: 'Solicitudes de copias de decretos' })).toBeVisible();
  await esperarHidratacion(mesa);
  await mesa.getByRole('searchbox', { name: 'Buscar', exact: true }).fill(apellido);
  await mesa.getByRole('button', { name: 'Filtrar' }).click();
  await expect(mesa).toHaveURL(new RegExp(`texto=${apellido}`));
  await expect(mesa.getByText('1 solicitud con estos filtros')).toBeVisible();
  const fila = mesa.getByRole('row').filter({ hasText: ciudadano.nombre });
  await expect(fila).toContainText(ciudadano.numero);
  await expect(fila).toContainText('Recibida');
  await fila.getByRole('link', { name: codigo }).click();
  await expect(mesa.getByRole('heading', { level: 1, name: `Solicitud ${codigo}` })).toBeVisible();
  await expect(mesa.getByText(ciudadano.dni, { exact: true })).toBeVisible();
  await expect(mesa.getByText(ciudadano.email, { exact: true })).toBeVisible();
  await expect(mesa.getByText('Es para un trámite de catastro.')).toBeVisible();

  // En proceso, with a message for the citizen.
  const enProceso = mesa.getByRole('form', { name: 'Pasar a «En proceso»' });
  await enProceso.getByLabel('Mensaje para el solicitante').fill('Estamos buscando el decreto en el archivo.');
  await enProceso.getByRole('button', { name: 'Pasar a En proceso' }).click();
  await expect(mesa).toHaveURL(/\?aviso=en-proceso$/);
  await expect(mesa.getByRole('status')).toContainText('La solicitud pasó a «En proceso» y el correo al solicitante quedó en la bandeja de salida.');
  await expect(mesa.getByRole('status')).toContainText('Estado del correo:');
  await expect(mesa.getByRole('status')).toBeFocused();
  const envio = mesa.getByRole('form', { name: 'Enviar el decreto' });
  await expect(envio.getByLabel('Decreto en PDF')).toHaveAttribute('accept', 'application/pdf');

  // A PDF over the limit is refused in the browser, before anything is sent.
  const posts: string[] = [];
  mesa.on('request', (r) => {
    if (r.method() === 'POST') posts.push(r.url());
  });
  await envio.getByLabel('Decreto en PDF').setInputFiles({ name: 'enorme.pdf', mimeType: 'application/pdf', buffer: Buffer.alloc(LIMITES_MESA.pdf + 1, 0x20) });
  await envio.getByRole('button', { name: 'Ver el correo antes de enviarlo' }).click();
  const resumen = mesa.locator('.resumen-errores');
  await expect(resumen).toBeFocused();
  await expect(resumen.getByRole('link', { name: `Decreto en PDF: ${MENSAJE_PDF_GRANDE}` })).toHaveAttribute('href', '#archivo');
  await expect(mesa).toHaveTitle(/^Error: Solicitud /);
  expect(posts).toEqual([]);

  // The real decree.
  const pdf = await decretoPdf(ciudadano.numero);
  const archivo = `Decreto ${ciudadano.numero.replace('/', '-')}.pdf`;
  await envio.getByLabel('Decreto en PDF').setInputFiles({ name: archivo, mimeType: 'application/pdf', buffer: pdf });
  await envio.getByLabel('Mensaje para el solicitante').fill('Le enviamos la copia que pidió.');
  const correosAntes = await mesa.locator('.mesa__correos > li').count();
  await envio.getByRole('button', { name: 'Ver el correo antes de enviarlo' }).click();
  // The preview (docs/decisions/052-confirmar-antes-de-escribir.md): the upload and the PDF's check
  // by its content on a busy two-core machine took more than the default 5 s.
  const vista = mesa.getByRole('heading', { level: 2, name: 'Revisá el correo antes de enviarlo' });
  await expect(vista).toBeFocused({ timeout: 20_000 });
  const previa = mesa.locator('.mesa__vista');
  const dominio = ciudadano.email.slice(ciudadano.email.indexOf('@'));
  await expect(previa).toContainText(`Para***${dominio}`);
  await expect(previa).not.toContainText(ciudadano.email);
  await expect(previa).toContainText(`Le enviamos el decreto que solicitó (${codigo})`);
  await expect(previa).toContainText(new RegExp(`${archivo.replace(/[.()]/g, '\\$&')} \\(PDF, \\d+ KB\\)`));
  await expect(previa).toContainText('Le enviamos la copia que pidió.');
  // The preview is a state of the page: axe at a phone's width and a desktop's.
  for (const size of [
    { width: 390, height: 844 },
    { width: 1366, height: 900 },
  ]) {
    await mesa.setViewportSize(size);
    await expectAccessible(mesa);
  }
  // Nothing in the outbox before confirming: the request's mails are the same as before.
  await expect(mesa.locator('.mesa__correos > li')).toHaveCount(correosAntes);
  await previa.getByRole('button', { name: 'Confirmar y enviar el correo' }).click();
  await expect(mesa).toHaveURL(/\?aviso=enviado$/, { timeout: 20_000 });
  await expect(mesa.getByRole('status')).toContainText(
    'La solicitud quedó en «Documento enviado»; el correo al solicitante, con el PDF adjunto, quedó en la bandeja de salida.',
  );
  // Exactly one mail more: the decree's.
  await expect(mesa.locator('.mesa__correos > li')).toHaveCount(correosAntes + 1);
  await expect(mesa.locator('.mesa__correos > li').last()).toContainText(`Adjunto: ${archivo}`);
  await expect(mesa.locator('.mesa__datos')).toContainText('Documento enviado');
  await expect(mesa.locator('.mesa__datos')).toContainText(archivo);
  await expect(mesa.getByRole('heading', { name: 'Qué hacer ahora' })).toHaveCount(0);
  const historial = mesa.locator('.mesa__historial > li');
  await expect(historial).toHaveCount(3);
  await expect(historial.nth(1)).toContainText(`En proceso`);
  await expect(historial.nth(1)).toContainText(MESA.email);
  await expect(historial.nth(1)).toContainText('Mensaje al solicitante: Estamos buscando el decreto en el archivo.');
  await expect(historial.nth(2)).toContainText('Documento enviado');

  // The citizen's mail arrives at the SMTP server with the PDF attached, byte for byte.
  const mensaje = await esperarMensaje(ciudadano.email, (c) => c.includes('Adjuntamos a este correo la copia del decreto') && c.includes(codigo));
  expect(mensaje.cuerpo).toContain('Le enviamos la copia que pidió.');
  const adjuntos = adjuntosDe(mensaje.datos);
  expect(adjuntos.map((a) => [a.nombre, a.tipo])).toEqual([[archivo, 'application/pdf']]);
  expect(adjuntos[0]!.bytes.equals(pdf)).toBe(true);
  // Once it left, the desk's page says so, with the time.
  await mesa.reload();
  await expect(mesa.locator('.mesa__correos > li').last()).toContainText(/Salió el \d{2}\/\d{2}\/\d{4}, \d{2}:\d{2}/);
  await mesa.context().close();

  // The audit log, as the demo administrator sees it: each step, by whom.
  const administracion = await nuevaPagina(browser, baseURL);
  await ingresar(administracion, ADMIN.email, ADMIN.clave, '/admin/auditoria?entidad=solicitud_decreto');
  const entradas = administracion.getByRole('listitem').filter({ hasText: codigo });
  await expect(entradas).toHaveCount(2);
  await expect(entradas.filter({ hasText: 'solicitud.envio_decreto' })).toContainText(MESA.email);
  await expect(entradas.filter({ hasText: 'solicitud.envio_decreto' })).toContainText('"estado":"enviada"');
  await expect(entradas.filter({ hasText: 'solicitud.estado' })).toContainText('"estado":"en_proceso"');
  await expect(administracion.locator('main')).not.toContainText(ciudadano.email);
  await administracion.context().close();

  // The public status page: the new status, and no due date once it is closed.
  await page.goto(`/solicitud-decretos/estado?codigo=${codigo}`);
  await expect(page.getByText('Hola Quimey: te enviamos el documento que pediste a tu correo electrónico.')).toBeVisible();
  await expect(page.locator('main')).not.toContainText('Fecha límite de respuesta');
  await expect(page.locator('.estado-solicitud__historial > li')).toHaveText([/^Recibida: /, /^En proceso: /, /^Documento enviado: /]);
});

test('la lista y el detalle pasan axe a 390 y 1366 px, también con errores', async ({ page, request }) => {
  test.setTimeout(120_000);
  const apellido = apellidoUnico();
  const codigo = await solicitudPorApi(request, { nombre: `Ayelén ${apellido}`, aclaraciones: 'Copia simple, por favor.' });
  await ingresar(page, MESA.email, MESA.clave);
  for (const ruta of ['/admin/solicitudes', `/admin/solicitudes?texto=${apellido}&plazo=por_vencer_o_vencida`, `/admin/solicitudes/${codigo}`]) {
    await test.step(ruta, () => expectAccessibleAtWidths(page, ruta));
  }
  // With the error summary and a field in error.
  await page.goto(`/admin/solicitudes/${codigo}`);
  await esperarHidratacion(page);
  await page.getByRole('button', { name: 'Rechazar la solicitud' }).click();
  await expect(page.locator('.resumen-errores')).toBeFocused();
  await expect(page.getByLabel('Motivo del rechazo')).toHaveAttribute('aria-invalid', 'true');
  await expectAccessible(page);
  await page.goto('/admin/solicitudes?desde=2026-02-30');
  await expect(page.locator('.resumen-errores')).toContainText('Recibida desde');
  await expectAccessible(page);
});

test.describe('sin JavaScript', () => {
  test.use({ javaScriptEnabled: false });

  test('enviar el decreto: la vista previa y la confirmación son dos formularios comunes; un solo correo', async ({ page, request }) => {
    const apellido = apellidoUnico();
    const datos = unicos();
    const codigo = await solicitudPorApi(request, { nombre: `Ailín ${apellido}`, ...datos });
    await ingresar(page, MESA.email, MESA.clave, `/admin/solicitudes/${codigo}`);
    await page.getByRole('button', { name: 'Pasar a En proceso' }).click();
    await expect(page).toHaveURL(/\?aviso=en-proceso$/);
    const antes = await page.locator('.mesa__correos > li').count();
    await page.getByLabel('Decreto en PDF').setInputFiles({ name: 'decreto.pdf', mimeType: 'application/pdf', buffer: await decretoPdf(datos.numero) });
    await page.getByRole('button', { name: 'Ver el correo antes de enviarlo' }).click();
    await expect(page.getByRole('heading', { level: 2, name: 'Revisá el correo antes de enviarlo' })).toBeVisible({ timeout: 20_000 });
    await expect(page.locator('.mesa__vista')).toContainText(/decreto\.pdf \(PDF, \d+ KB\)/);
    await expect(page.locator('.mesa__correos > li')).toHaveCount(antes);
    await page.getByRole('button', { name: 'Confirmar y enviar el correo' }).click();
    await expect(page).toHaveURL(/\?aviso=enviado$/);
    await expect(page.locator('.mesa__correos > li')).toHaveCount(antes + 1);
    await expect(page.locator('.mesa__datos')).toContainText('Documento enviado');
  });

  test('en proceso, un PDF demasiado grande (413 en castellano) y el rechazo con su motivo, con formularios comunes', async ({ page, request }) => {
    const apellido = apellidoUnico();
    const codigo = await solicitudPorApi(request, { nombre: `Nahuel ${apellido}` });
    await ingresar(page, MESA.email, MESA.clave, `/admin/solicitudes/${codigo}`);
    await expect(page.getByRole('heading', { level: 1, name: `Solicitud ${codigo}` })).toBeVisible();
    await page.getByRole('button', { name: 'Pasar a En proceso' }).click();
    await expect(page).toHaveURL(/\?aviso=en-proceso$/);
    await expect(page.getByRole('status')).toContainText('La solicitud pasó a «En proceso» y el correo al solicitante quedó en la bandeja de salida.');

    // Without JavaScript the browser sends the file: the server answers 413 before reading it.
    await page
      .getByLabel('Decreto en PDF')
      .setInputFiles({ name: 'enorme.pdf', mimeType: 'application/pdf', buffer: Buffer.alloc(LIMITES_MESA.pdf + 256 * 1024, 0x20) });
    const [respuesta] = await Promise.all([
      page.waitForResponse((r) => r.request().method() === 'POST'),
      page.getByRole('button', { name: 'Ver el correo antes de enviarlo' }).click(),
    ]);
    expect(respuesta.status()).toBe(413);
    await expect(page.getByRole('heading', { level: 1, name: 'Error 413' })).toBeVisible();
    await expect(page.getByText(MENSAJE_PDF_GRANDE)).toBeVisible();
    await page.goto(`/admin/solicitudes/${codigo}`);
    await expect(page.locator('.mesa__datos')).toContainText('En proceso');

    await page.getByRole('button', { name: 'Rechazar la solicitud' }).click();
    await expect(page).toHaveTitle(/^Error: Solicitud /);
    await expect(page.locator('.resumen-errores')).toContainText('Motivo del rechazo: Escribí el motivo del rechazo');
    await page.getByLabel('Motivo del rechazo').fill('El decreto pedido es de la provincia, no del municipio.');
    await page.getByRole('button', { name: 'Rechazar la solicitud' }).click();
    await expect(page).toHaveURL(/\?aviso=rechazada$/);
    await expect(page.getByRole('status')).toContainText('Rechazamos la solicitud; el correo al solicitante con el motivo quedó en la bandeja de salida.');
    await expect(page.locator('.mesa__datos')).toContainText('Ninguna: la solicitud está cerrada.');
    await expect(page.locator('.mesa__historial > li').last()).toContainText('Mensaje al solicitante: El decreto pedido es de la provincia, no del municipio.');
  });
});
