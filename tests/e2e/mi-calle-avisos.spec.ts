import { iniciarServicioPush, navegadorDePrueba } from '#tests/setup/push.ts';
import { esperarCorreo } from './correo.ts';
import { expect, expectAccessible, test, viewports } from './fixtures.ts';

// Mi calle's notices (docs/architecture.md, «Mi calle: avisos»), against the run's one server and
// its SMTP server: a resident of the demo zone «Centro» asks for mails from the typed form, with the
// keyboard, confirms from the mail and reaches the manage page; in another context the page's
// script registers its service worker (scope /mi-calle/), a subscription made by the test (Chromium's
// own push service cannot be reached here) is sent through the page's form with an endpoint on a
// loopback push service. The truck entering the radius, the encrypted message and the window rules are
// in tests/http/mi-calle-avisos.test.ts, where the clock is the test's.
const EMAIL = `vecino.${Date.now()}@correo.test`;
const PUNTO = { lat: '-40.7620', lon: '-71.6400' };
const enlace = (cuerpo: string, ruta: string) => {
  const url = new RegExp(`https?://[^\\s]+${ruta.replace(/[/?]/g, '\\$&')}[A-Za-z0-9_-]+`).exec(cuerpo)?.[0];
  expect(url, `enlace ${ruta} en el correo`).toBeTruthy();
  return new URL(url!);
};

test('pedir avisos por correo con el teclado, confirmar y ver la gestión; accesible a 390 y 1366 px', async ({ page }) => {
  for (const tamaño of [viewports.telefono, viewports.escritorio]) {
    await page.setViewportSize(tamaño);
    await page.goto(`/mi-calle/avisos?zona=centro&lat=${PUNTO.lat}&lon=${PUNTO.lon}`);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Avisos de recolección: Centro');
    await expectAccessible(page);
  }
  await page.getByLabel('Tu email').focus();
  await page.keyboard.type(EMAIL);
  await page.keyboard.press('Enter');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Revisá tu correo');
  await expectAccessible(page);

  const confirmar = enlace(await esperarCorreo(EMAIL, (c) => c.includes('/mi-calle/avisos/confirmar?token=')), '/mi-calle/avisos/confirmar?token=');
  await page.goto(confirmar.pathname + confirmar.search);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Confirmá tus avisos');
  await expectAccessible(page);
  await page.getByRole('button', { name: 'Confirmar' }).focus();
  await page.keyboard.press('Enter');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Avisos confirmados');
  await page.getByRole('link', { name: 'tus avisos' }).click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Tus avisos de recolección');
  await expect(page.getByText(/Zona Centro .*un recordatorio por correo la noche anterior/)).toBeVisible();
  await expectAccessible(page);
});

test('el formulario sin un punto ni JavaScript: errores en castellano y lo escrito queda', async ({ browser, baseURL }) => {
  const contexto = await browser.newContext({ baseURL, javaScriptEnabled: false, locale: 'es-AR' });
  const page = await contexto.newPage();
  await page.goto('/mi-calle/avisos?zona=centro');
  await expect(page.getByText('buscá tu dirección en Mi calle')).toBeVisible();
  await page.getByLabel('Tu email').fill('no-es-un-email');
  await page.getByRole('button', { name: 'Recibir avisos' }).click();
  await expect(page.getByRole('alert').getByText('Tu email: Ingresá un email válido, por ejemplo nombre@correo.com.ar.')).toBeVisible();
  await expect(page.getByLabel('Tu email')).toHaveValue('no-es-un-email');
  await contexto.close();
});

test('la isla de la página y su service worker (alcance /mi-calle/); la suscripción push llega por el formulario de la página', async ({
  browser,
  baseURL,
}) => {
  const servicio = await iniciarServicioPush();
  const contexto = await browser.newContext({ baseURL, locale: 'es-AR' });
  try {
    await contexto.grantPermissions(['notifications'], { origin: baseURL! });
    const page = await contexto.newPage();
    await page.goto(`/mi-calle/avisos?zona=centro&lat=${PUNTO.lat}&lon=${PUNTO.lon}`);
    // Where the browser can, the page offers the notification and registers its worker, scoped to
    // /mi-calle/; where it cannot (Chromium's headless shell has no PushManager), it says so and
    // offers the mail, and the test registers the page's worker itself.
    // The island ran (the no-JavaScript sentence is gone): it offers the notification, or says in
    // Spanish why this browser cannot (Chromium's headless shell here) and offers the mail; then the
    // test registers the page's worker itself.
    const estado = page.locator('#avisos-push-estado');
    await expect(estado).not.toHaveText(/necesita JavaScript/);
    if (await page.getByLabel(/Avisame cuando un camión del servicio esté cerca/).isHidden()) {
      await expect(estado).toHaveText(/^(Este navegador no puede recibir notificaciones|Las notificaciones de este sitio están bloqueadas)/);
      await page.evaluate(() => navigator.serviceWorker.register('/mi-calle/sw.js', { scope: '/mi-calle/' }));
    }
    await expectAccessible(page);
    const alcance = await page.evaluate(async () => (await navigator.serviceWorker.ready).scope);
    expect(new URL(alcance).pathname).toBe('/mi-calle/');

    // The page's own API (its form, as the script sends it), with a subscription the test made
    // (keys it can read) on the loopback push service.
    const navegador = navegadorDePrueba(servicio);
    await page.getByLabel('Tu email').fill('');
    await page.getByLabel(/Un recordatorio a las 20 h/).uncheck();
    await page.getByLabel(/Los cambios de tu zona/).uncheck();
    await page.evaluate((valor) => {
      (document.querySelector('input[name="cercania"]') as HTMLInputElement).checked = true;
      (document.querySelector('input[name="push"]') as HTMLInputElement).value = valor;
      (document.getElementById('form-avisos') as HTMLFormElement).submit();
    }, JSON.stringify(navegador.suscripcion));
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Avisos activados');
    await expectAccessible(page);
  } finally {
    await contexto.close();
    await servicio.cerrar();
  }
});
