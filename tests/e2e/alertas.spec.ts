import { DEMO_USUARIOS } from '#server/demo/usuarios.ts';
import { esperarCorreo, esperarMensaje } from './correo.ts';
import { expect, expectAccessible, test, viewports } from './fixtures.ts';

// Alerts by e-mail (docs/decisions/024-alertas.md), end to end against the run's one server and its SMTP server: a citizen
// subscribes to a search, confirms from the mail, an editor publishes a matching ordinance, the
// alert arrives with its unsubscribe headers, and the provider's one-click POST ends it without
// a session. axe on the answer to the form, the confirm, subscription and unsubscribe pages. The job runs every second here
// (ALERTAS_INTERVALO_MS in playwright.config.ts).
const EDITOR = DEMO_USUARIOS[1]!;
const PALABRA = `huemulito${Date.now().toString(36).replace(/\d/g, '')}`;
const EMAIL = `alerta.${Date.now()}@correo.test`;
/** A link of a mail, as a path of the server under test (SITE_URL is its own address). */
const enlace = (cuerpo: string, ruta: string) => {
  const url = new RegExp(`https?://[^\\s]+${ruta.replace(/[/?]/g, '\\$&')}[A-Za-z0-9_-]+`).exec(cuerpo)?.[0];
  expect(url, `enlace ${ruta} en el correo`).toBeTruthy();
  return url!;
};

test('suscribirse a una búsqueda, confirmar por correo, recibir la alerta de una ordenanza nueva y darse de baja en un clic', async ({
  page,
  browser,
  baseURL,
  request,
}) => {
  await page.goto(`/consulta-ordenanzas?pattern=${PALABRA}`);
  const alerta = page.getByRole('region', { name: 'Recibí un aviso por correo' });
  await alerta.getByLabel('Tu email').fill(EMAIL);
  await alerta.getByLabel('Cada cuánto').selectOption('inmediata');
  await alerta.getByRole('button', { name: 'Recibir avisos' }).click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Revisá tu correo');
  await expectAccessible(page);

  const confirmacion = await esperarCorreo(EMAIL, (c) => c.includes('/alertas/confirmar?token='));
  const confirmar = new URL(enlace(confirmacion, '/alertas/confirmar?token='));
  await page.goto(confirmar.pathname + confirmar.search);
  await expect(page.getByText(`Vas a recibir por correo: Ordenanzas con «${PALABRA}», apenas se publican.`)).toBeVisible();
  await expectAccessible(page);
  await page.getByRole('button', { name: 'Confirmar' }).click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Alerta confirmada');
  await page.getByRole('link', { name: 'tus alertas' }).click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Tus alertas por correo');
  await expect(page.getByText(`Ordenanzas con «${PALABRA}», apenas se publican`)).toBeVisible();
  await expectAccessible(page);

  // An editor publishes an ordinance that the search finds.
  const editor = await browser.newContext({ baseURL, locale: 'es-AR' });
  const panel = await editor.newPage();
  await panel.goto('/login?siguiente=%2Fadmin%2Fordenanzas%2Fnueva');
  await panel.getByLabel('Correo electrónico').fill(EDITOR.email);
  await panel.getByLabel('Contraseña').fill(EDITOR.clave);
  await panel.getByRole('button', { name: 'Ingresar' }).click();
  const form = panel.getByRole('form', { name: 'Datos de la nueva ordenanza' });
  await form.getByLabel('Número').fill(String(80_000 + (Date.now() % 10_000)));
  await form.getByLabel('Año').fill('2098');
  await form.getByLabel('Estado').selectOption({ label: 'Aprobada/Vigente' });
  await form.getByLabel('Descripción').fill(`Protección del ${PALABRA} en la reserva`);
  await form.getByRole('button', { name: 'Agregar la ordenanza' }).click();
  await expect(panel).toHaveURL(/\/admin\/ordenanzas\/\d+\?aviso=alta$/);
  await editor.close();

  const aviso = await esperarMensaje(EMAIL, (c) => c.includes(`Protección del ${PALABRA}`));
  const baja = enlace(aviso.cuerpo, '/alertas/baja?token=');
  const cabeceras = aviso.datos.slice(0, aviso.datos.indexOf('\r\n\r\n')).replace(/\r\n[ \t]+/g, ' ');
  expect(cabeceras).toContain(`List-Unsubscribe: <${baja}>`);
  expect(cabeceras).toContain('List-Unsubscribe-Post: List-Unsubscribe=One-Click');
  expect(cabeceras).toContain('Auto-Submitted: auto-generated');

  // The mail provider's one-click POST (RFC 8058): no cookie, no Origin of the site.
  const url = new URL(baja);
  const respuesta = await request.post(url.pathname + url.search, {
    headers: { 'content-type': 'application/x-www-form-urlencoded', origin: 'https://correo.proveedor.example' },
    data: 'List-Unsubscribe=One-Click',
  });
  expect(respuesta.status()).toBe(200);
  expect(await respuesta.text()).toContain('Alerta dada de baja');
  await page.reload();
  await expect(page.getByText('No tenés alertas activas.')).toBeVisible();
  // The unsubscribe link opened afterwards says it is done, and passes axe too.
  await page.goto(url.pathname + url.search);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Alerta dada de baja');
  await expectAccessible(page);
});

for (const [nombre, tamano] of Object.entries(viewports)) {
  test(`/alertas en ${nombre}: en el marco del sitio, el email con lugar para escribir y la frecuencia entera a la vista`, async ({ page }) => {
    await page.setViewportSize(tamano);
    await page.goto('/alertas');
    // The site's header, menu and footer: someone arriving from a mail can go on through the site.
    await expect(page.getByRole('banner').getByRole('link', { name: 'Municipalidad de Villa La Angostura' })).toBeVisible();
    await expect(page.getByRole('contentinfo')).toBeVisible();
    const email = page.getByLabel('Tu email');
    expect((await email.boundingBox())?.width ?? 0, 'ancho del email').toBeGreaterThanOrEqual(tamano.width >= 992 ? 280 : 250);
    // The chosen frequency fits in its box: the text's width against the room the select gives it.
    const frecuencia = page.getByLabel('Cada cuánto');
    for (const opcion of await frecuencia.locator('option').allTextContents()) {
      await frecuencia.selectOption({ label: opcion });
      const { texto, lugar } = await frecuencia.evaluate((select: HTMLSelectElement) => {
        const estilo = getComputedStyle(select);
        const medida = document.createElement('span');
        medida.style.font = estilo.font;
        medida.style.position = 'absolute';
        medida.style.whiteSpace = 'pre';
        medida.textContent = select.selectedOptions[0]?.textContent ?? '';
        document.body.append(medida);
        const ancho = medida.getBoundingClientRect().width;
        medida.remove();
        return { texto: ancho, lugar: select.clientWidth - parseFloat(estilo.paddingLeft) - parseFloat(estilo.paddingRight) };
      });
      expect(texto, `«${opcion}» entra en el select`).toBeLessThanOrEqual(lugar);
    }
    await expectAccessible(page);

    // A link from a mail that opens nothing still leads on through the site, and passes axe.
    await page.goto('/alertas/baja?token=al_inventado_123456789');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Enlace no válido');
    await expect(page.getByRole('navigation', { name: 'Principal' })).toBeAttached();
    await expect(page.getByRole('contentinfo')).toBeVisible();
    await expectAccessible(page);
  });
}
