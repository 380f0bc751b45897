import { valorFechaYHora } from '#domain/shared/fechas.ts';
import { DEMO_USUARIOS } from '#server/demo/usuarios.ts';
import { esperarCorreo, esperarMensaje } from './correo.ts';
import { expect, expectAccessible, expectAccessibleAtWidths, test, viewports } from './fixtures.ts';

// Drafts and scheduled publishing, end to end (docs/decisions/053-borradores-y-publicacion-programada.md):
// a citizen subscribes to a search; an editor saves an ordinance as a draft, which the public does
// not see; previews it (the public page with a banner, staff only); schedules it for the next
// minute; the scheduler (every second here, PUBLICACIONES_INTERVALO_MS in playwright.config.ts)
// publishes it at its time, and the site search and the alert find it. axe at 390 and 1366 px on
// the form with its controls, the pending publication's page, the preview and the list.
const EDITOR = DEMO_USUARIOS[1]!;
const PALABRA = `ciprescito${Date.now().toString(36).replace(/\d/g, '')}`;
const EMAIL = `borrador.${Date.now()}@correo.test`;
const NUMERO = 70_000 + (Date.now() % 10_000);

test('una ordenanza en borrador no se ve, el personal la previsualiza, se publica sola a su hora y la encuentran el buscador y las alertas', async ({
  page,
  browser,
  baseURL,
}) => {
  test.setTimeout(180_000);
  // A citizen subscribes to the search, and confirms from the mail.
  const vecina = await browser.newContext({ baseURL, locale: 'es-AR' });
  const publica = await vecina.newPage();
  await publica.goto(`/consulta-ordenanzas?pattern=${PALABRA}`);
  const alerta = publica.getByRole('region', { name: 'Recibí un aviso por correo' });
  await alerta.getByLabel('Tu email').fill(EMAIL);
  await alerta.getByLabel('Cada cuánto').selectOption('inmediata');
  await alerta.getByRole('button', { name: 'Recibir avisos' }).click();
  const confirmacion = await esperarCorreo(EMAIL, (c) => c.includes('/alertas/confirmar?token='));
  const confirmar = new URL(/https?:\/\/\S+\/alertas\/confirmar\?token=[A-Za-z0-9_-]+/.exec(confirmacion)![0]);
  await publica.goto(confirmar.pathname + confirmar.search);
  await publica.getByRole('button', { name: 'Confirmar' }).click();
  await expect(publica.getByRole('heading', { level: 1 })).toHaveText('Alerta confirmada');

  // The editor saves it as a draft.
  await page.goto('/login?siguiente=%2Fadmin%2Fordenanzas%2Fnueva');
  await page.getByLabel('Correo electrónico').fill(EDITOR.email);
  await page.getByLabel('Contraseña').fill(EDITOR.clave);
  await page.getByRole('button', { name: 'Ingresar' }).click();
  const form = page.getByRole('form', { name: 'Datos de la nueva ordenanza' });
  await expect(form.getByRole('group', { name: 'Cuándo se publica' })).toBeVisible();
  for (const [nombre, tamano] of Object.entries(viewports)) {
    await test.step(`axe del formulario con sus controles en ${nombre}`, async () => {
      await page.setViewportSize(tamano);
      await expectAccessible(page);
    });
  }
  await form.getByLabel('Número').fill(String(NUMERO));
  await form.getByLabel('Año').fill('2097');
  await form.getByLabel('Estado').selectOption({ label: 'Aprobada/Vigente' });
  await form.getByLabel('Descripción').fill(`Cuidado del ${PALABRA} en la costa`);
  await form.getByLabel('Guardar como borrador').check();
  await form.getByRole('button', { name: 'Agregar la ordenanza' }).click();
  await expect(page).toHaveURL(/\/admin\/publicaciones\/\d+\?aviso=borrador$/);
  await expect(page.getByRole('status')).toContainText('Guardamos el borrador');
  const pendiente = new URL(page.url()).pathname;

  // Invisible to the public: its page, the consultation, the site search.
  const ruta = `/consulta-ordenanzas/2097/${NUMERO}`;
  expect((await publica.goto(ruta))?.status()).toBe(404);
  await publica.goto(`/buscar?q=${PALABRA}`);
  await expect(publica.locator(`a[href="${ruta}"]`)).toHaveCount(0);

  // The staff preview: the public page as it will look, with its banner; not for anonymous visitors.
  await page.getByRole('link', { name: 'Ver la vista previa de la página pública' }).click();
  await expect(page).toHaveURL(`${pendiente}/vista-previa`);
  await expect(page.getByRole('status')).toContainText('Vista previa: todavía no está publicado.');
  await expect(page.getByRole('heading', { level: 1 })).toContainText(`Ordenanza N° ${NUMERO}/2097`);
  await expect(page.getByText(`Cuidado del ${PALABRA} en la costa`).first()).toBeVisible();
  for (const [nombre, tamano] of Object.entries(viewports)) {
    await test.step(`axe de la vista previa en ${nombre}`, async () => {
      await page.setViewportSize(tamano);
      await expectAccessible(page);
    });
  }
  const anonima = await publica.goto(`${pendiente}/vista-previa`);
  expect(new URL(publica.url()).pathname).toBe('/login');
  expect(anonima?.status()).toBe(200);
  await page.getByRole('link', { name: 'Volver a la publicación pendiente' }).click();
  await expect(page).toHaveURL(pendiente);
  await expectAccessibleAtWidths(page, pendiente);

  // Scheduled for the next minute (15 to 75 s ahead): the scheduler publishes it then.
  await page.getByLabel('Fecha y hora de publicación').fill(valorFechaYHora(new Date(Date.now() + 75_000)));
  await page.getByRole('button', { name: 'Programar para esa fecha' }).click();
  await expect(page.getByRole('status')).toContainText('Programamos la publicación');
  await expectAccessibleAtWidths(page, '/admin/publicaciones');
  await expect(page.getByRole('cell', { name: 'Programada' })).toBeVisible();

  await expect.poll(async () => (await publica.goto(ruta))?.status(), { timeout: 100_000, intervals: [2_000] }).toBe(200);
  await expect(publica.getByRole('heading', { level: 1 })).toContainText(`Ordenanza N° ${NUMERO}/2097`);
  await publica.goto(`/buscar?q=${PALABRA}`);
  await expect(publica.locator(`a[href="${ruta}"]`)).toHaveCount(1);
  const aviso = await esperarMensaje(EMAIL, (c) => c.includes(`Cuidado del ${PALABRA}`), 30_000);
  expect(aviso.cuerpo).toContain(ruta);
  await page.goto('/admin/publicaciones');
  await expect(page.getByRole('link', { name: new RegExp(PALABRA) })).toHaveCount(0);
  await vecina.close();
});
