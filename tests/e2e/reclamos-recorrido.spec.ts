import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { DEMO_USUARIOS } from '#server/demo/usuarios.ts';
import { esperarCorreo } from './correo.ts';
import { abrirHidratada, esperarHidratacion, expect, expectAccessible, guardarSesion, test, viewports } from './fixtures.ts';
import { fotoConGps } from './reclamos.ts';

// The journey of a citizen report (docs/decisions/057-reclamos.md) against the run's one server, its
// SMTP server and Chromium: a neighbour on a phone reports with a photo whose place the form offers
// and gets the code and the acknowledgement; administration finds it in the queue, derives it to a
// body and then resolves it, each with an answer template, and the body's and the neighbour's mails
// arrive filled; the public page tells it without the neighbour's e-mail; the «¿Se resolvió?» mail
// comes (playwright.config.ts sets RECLAMOS_CONSULTA_DIAS=0) and its «No» reopens it; the
// acknowledgement's unsubscribe link works; and an application sends one through Open311 with a
// key issued in the panel. axe on the pages no other spec scans: the staff's report page after its
// actions and the «¿Se resolvió?» and unsubscribe pages with a real secret. The tests run in order,
// passing the report between them; e-mails and texts are this run's own.
test.describe.configure({ mode: 'serial' });

const ADMIN = DEMO_USUARIOS[0]!;
const DIR = fs.mkdtempSync(path.join(os.tmpdir(), 'vla-e2e-reclamos-'));
const SESION = path.join(DIR, 'sesion.json');
fs.writeFileSync(SESION, JSON.stringify({ cookies: [], origins: [] }));

const unico = `${Date.now()}${Math.floor(Math.random() * 1000)}`;
const vecina = {
  email: `recorrido.${unico}@correo.com.ar`,
  descripcion: `Un coihue cayó sobre la vereda y no se puede pasar ${unico}`,
  direccion: 'Av. Siete Lagos 1200',
};
const ORGANISMO = { nombre: 'Parque Nacional Nahuel Huapi', email: 'parque-nahuel-huapi@demo.villalaangostura.gob.ar' };
/** A date as the templates write it ({fecha}: 29/11/2026). */
const FECHA = String.raw`\d{2}/\d{2}/\d{4}`;

let codigo = '';
let correoAcuse = '';

/** The path and query of the absolute link a mail's text gives after `texto`: the browser stays on this run's origin. */
function rutaDe(correo: string, texto: string): string {
  const patron = new RegExp(`${texto} (https?://\\S+)`);
  const enlace = patron.exec(correo)?.[1];
  expect(enlace, `el enlace ${patron} en el correo`).toBeTruthy();
  const url = new URL(enlace!);
  return `${url.pathname}${url.search}`;
}

test.describe('quien reclama, en un teléfono', () => {
  test.use({ viewport: viewports.telefono });

  test('reclama con la foto, usa la ubicación que le ofrece, recibe el código y el acuse por correo', async ({ page }) => {
    await abrirHidratada(page, '/reclamos/nuevo');
    await page.getByRole('link', { name: 'Árbol caído' }).click();
    await expect(page.getByRole('heading', { level: 1 })).toContainText('Árbol caído');
    await page.getByLabel('Fotos').setInputFiles({ name: 'coihue.jpg', mimeType: 'image/jpeg', buffer: await fotoConGps() });
    await page.getByRole('button', { name: 'Usar la ubicación de la foto' }).click();
    await expect(page.getByLabel('Latitud')).toHaveValue(/^-40\.76/);
    await expect(page.getByLabel('Longitud')).toHaveValue(/^-71\.64/);
    await page.getByLabel('Dirección').fill(vecina.direccion);
    await page.getByLabel('Qué pasa').fill(vecina.descripcion);
    await page.getByLabel('Tu email').fill(vecina.email);
    await page.getByRole('button', { name: 'Enviar el reclamo' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Recibimos tu reclamo' })).toBeFocused();
    codigo = (await page.locator('.reclamo-nuevo__codigo').textContent())!.trim();
    expect(codigo).toMatch(/^RC-\d{4}-[A-Z0-9]{3}-[A-Z0-9]{3}-[A-Z0-9]{3}$/);

    correoAcuse = await esperarCorreo(vecina.email, (c) => c.includes(codigo));
    expect(correoAcuse).toContain(`Código de seguimiento: ${codigo}`);
    expect(correoAcuse).toContain('Tipo de problema: Árbol caído');
  });
});

test.describe('administración, con su sesión', () => {
  test.beforeAll(async ({ browser, baseURL }) => {
    await guardarSesion(browser, baseURL, ADMIN, '/admin/reclamos', SESION);
  });
  test.use({ storageState: SESION });

  test('lo encuentra en la cola, lo deriva al organismo y lo resuelve con respuestas guardadas; llegan los correos completos', async ({ page }) => {
    expect(codigo, 'el reclamo de la prueba anterior').not.toBe('');
    await abrirHidratada(page, '/admin/reclamos');
    await page.getByRole('searchbox', { name: 'Buscar', exact: true }).fill(vecina.descripcion);
    await page.getByRole('button', { name: 'Filtrar' }).click();
    await expect(page.getByText('1 reclamo con estos filtros')).toBeVisible();
    await page.getByRole('link', { name: codigo }).click();
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(`Reclamo ${codigo}`);
    await esperarHidratacion(page);

    await test.step('derivar con la plantilla «Derivado»', async () => {
      const derivar = page.getByRole('form', { name: 'Derivar a otro organismo' });
      await derivar.getByLabel('Organismo').selectOption({ label: ORGANISMO.nombre });
      await derivar.getByLabel('Respuesta guardada').selectOption({ label: 'Derivado' });
      const respuesta = new RegExp(`^El reclamo ${codigo} es de ${ORGANISMO.nombre}: se lo enviamos el ${FECHA} para que lo resuelva\\.$`);
      await expect(derivar.getByLabel('Respuesta pública')).toHaveValue(respuesta);
      await derivar.getByRole('button', { name: 'Derivar el reclamo' }).click();
      await expect(page.getByText(/^Derivamos el reclamo/)).toBeFocused();
      await expect(page.getByText(`(derivado a ${ORGANISMO.nombre})`)).toBeVisible();

      const alOrganismo = await esperarCorreo(ORGANISMO.email, (c) => c.includes(codigo));
      expect(alOrganismo).toContain(`les deriva el reclamo ${codigo}, que corresponde a ${ORGANISMO.nombre}.`);
      expect(alOrganismo).toContain(`«${vecina.descripcion}»`);
      expect(alOrganismo).not.toContain(vecina.email);
      const alVecino = await esperarCorreo(vecina.email, (c) => c.includes(codigo) && c.includes('Estado: Derivado a otro organismo.'));
      expect(alVecino).toContain(`Lo derivamos a ${ORGANISMO.nombre}, que es quien puede resolverlo.`);
      expect(alVecino).toMatch(new RegExp(`El reclamo ${codigo} es de ${ORGANISMO.nombre}: se lo enviamos el ${FECHA} para que lo resuelva\\.`));
    });

    await test.step('resolver con la plantilla «Resuelto»', async () => {
      const estado = page.getByRole('form', { name: 'Cambiar el estado' });
      await estado.getByLabel('Respuesta guardada').selectOption({ label: 'Resuelto: Resuelto' });
      await expect(estado.getByLabel('Nuevo estado')).toHaveValue('resuelto');
      const respuesta = `Resolvimos el reclamo ${codigo} en ${vecina.direccion} el`;
      await expect(estado.getByLabel('Respuesta pública')).toHaveValue(new RegExp(`^${respuesta} ${FECHA}\\. ¡Gracias por avisar!$`));
      await estado.getByRole('button', { name: 'Guardar el cambio de estado' }).click();
      await expect(page.getByText(/^Cambiamos el estado del reclamo/)).toBeFocused();
      await expect(page.getByText('Ninguno: el reclamo está cerrado.')).toBeVisible();

      const alVecino = await esperarCorreo(vecina.email, (c) => c.includes(codigo) && c.includes('Estado: Resuelto.'));
      expect(alVecino).toMatch(new RegExp(`${respuesta} ${FECHA}\\. ¡Gracias por avisar!`));
    });

    await test.step('la página del reclamo, después de actuar, es accesible', async () => {
      await expectAccessible(page);
    });
  });

  test('Open311: emite una clave en el panel, una aplicación envía un reclamo con ella y la mesa lo ve; sin clave, 403', async ({ page, request }) => {
    await abrirHidratada(page, '/admin/reclamos/claves-open311');
    const aplicacion = `App 311 de prueba ${unico}`;
    await page.getByLabel('Aplicación').fill(aplicacion);
    await page.getByRole('button', { name: 'Emitir la clave' }).click();
    const emitida = page.getByRole('region', { name: `La clave de «${aplicacion}»` });
    await expect(emitida).toBeVisible();
    const clave = (await emitida.locator('code').textContent())!.trim();
    expect(clave).toMatch(/^vla311_/);

    const descripcion = `Bache hondo en la banquina, enviado por una aplicación ${unico}`;
    const pedido = {
      service_code: 'bache',
      lat: '-40.7655',
      long: '-71.6320',
      description: descripcion,
      email: `app311.${unico}@correo.com.ar`,
    };
    const creado = await request.post('/open311/v2/requests.json', { form: { api_key: clave, ...pedido } });
    expect(creado.status()).toBe(201);
    const [{ service_request_id: id }] = (await creado.json()) as [{ service_request_id: string }];
    expect(id).toMatch(/^RC-\d{4}-/);
    const sinClave = await request.post('/open311/v2/requests.json', { form: pedido });
    expect(sinClave.status()).toBe(403);

    await abrirHidratada(page, '/admin/reclamos');
    await page.getByRole('searchbox', { name: 'Buscar', exact: true }).fill(descripcion);
    await page.getByRole('button', { name: 'Filtrar' }).click();
    await expect(page.getByText('1 reclamo con estos filtros')).toBeVisible();
    await page.getByRole('link', { name: id }).click();
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(`Reclamo ${id}`);
    await expect(page.getByText('La API Open311')).toBeVisible();
  });
});

test.describe('la página pública y el seguimiento, en un teléfono', () => {
  test.use({ viewport: viewports.telefono });

  test('la página cuenta la derivación y las respuestas sin el correo; el «No» de «¿Se resolvió?» lo reabre', async ({ page }) => {
    expect(codigo, 'el reclamo de las pruebas anteriores').not.toBe('');
    const historial = page.locator('.reclamos__historial > li');

    await test.step('la página pública del reclamo resuelto', async () => {
      await page.goto(`/reclamos/${codigo}`);
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(`Reclamo ${codigo}`);
      await expect(page.getByText(new RegExp(`^Derivado a ${ORGANISMO.nombre} el \\d{1,2} de [a-z]+ de \\d{4}$`))).toBeVisible();
      await expect(historial).toHaveCount(3);
      await expect(historial.nth(0)).toContainText('Recibido');
      await expect(historial.nth(1)).toContainText(`Derivado a otro organismo (${ORGANISMO.nombre})`);
      await expect(historial.nth(1)).toContainText(`El reclamo ${codigo} es de ${ORGANISMO.nombre}`);
      await expect(historial.nth(2)).toContainText('Resuelto');
      await expect(historial.nth(2)).toContainText(`Resolvimos el reclamo ${codigo} en ${vecina.direccion}`);
      expect(await page.content()).not.toContain(vecina.email);
    });

    await test.step('«¿Se resolvió?»: el correo llega; su «No» pide confirmar y lo reabre', async () => {
      const consulta = await esperarCorreo(vecina.email, (c) => c.includes(codigo) && c.includes('No, sigue igual:'));
      expect(consulta).toMatch(new RegExp(`El \\d{1,2} de [a-z]+ de \\d{4} marcamos como resuelto tu reclamo ${codigo} \\(Árbol caído\\)\\.`));
      await page.goto(rutaDe(consulta, 'No, sigue igual:'));
      await expect(page.getByRole('heading', { level: 1, name: '¿Se resolvió tu reclamo?' })).toBeVisible();
      await expectAccessible(page);
      await page.getByRole('button', { name: 'Confirmá que sigue sin resolverse' }).click();
      await expect(page.getByRole('heading', { level: 1, name: 'Reabrimos tu reclamo' })).toBeVisible();
      await expect(page.getByRole('status')).toHaveText(
        `Anotamos que el reclamo ${codigo} sigue sin resolverse y lo reabrimos: vuelve a estar en curso y te escribimos cuando cambie.`,
      );
      await expectAccessible(page);
    });

    await test.step('la página pública: en curso otra vez, con su línea en el historial', async () => {
      await page.getByRole('link', { name: `la página del reclamo ${codigo}` }).click();
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(`Reclamo ${codigo}`);
      await expect(page.locator('.ficha .estado')).toHaveText('En curso');
      await expect(historial).toHaveCount(4);
      await expect(historial.nth(3)).toContainText('En curso');
      expect(await page.content()).not.toContain(vecina.email);
    });
  });

  test('la baja del acuse, con su secreto verdadero: pide confirmar y confirma, accesible', async ({ page }) => {
    expect(correoAcuse, 'el acuse de la primera prueba').not.toBe('');
    await page.goto(rutaDe(correoAcuse, 'Para no recibir más correos sobre este reclamo:'));
    await expect(page.getByRole('heading', { level: 1, name: 'Dejar de recibir correos del reclamo' })).toBeVisible();
    await expectAccessible(page);
    await page.getByRole('button', { name: 'No quiero recibir más correos' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Listo: no te escribimos más sobre este reclamo' })).toBeVisible();
    await expect(page.getByRole('status')).toContainText(`Ya no te vamos a mandar correos sobre el reclamo ${codigo}.`);
    await expectAccessible(page);
  });
});
