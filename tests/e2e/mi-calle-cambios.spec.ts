import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { DEMO_USUARIOS } from '#server/demo/usuarios.ts';
import { esperarCorreo, esperarMensaje } from './correo.ts';
import { expect, expectAccessible, guardarSesion, test } from './fixtures.ts';
import { agregarZonaConServicio } from './mi-calle-panel.ts';

// A one-off change reaches the subscriber by mail (docs/architecture.md, «Mi calle: avisos»), against
// the run's one server and its SMTP server: a resident asks for the changes of a zone of this run
// and confirms from the mail (double opt-in), an editor adds «No hay recolección por nevada» for that
// zone in the back-office, the change's job (every second here, ALERTAS_INTERVALO_MS) mails it with
// the reason, the date in Spanish and the one-click unsubscribe headers (RFC 8058), and the
// provider's one-click POST ends the subscription without a session.
test.describe.configure({ mode: 'serial' });

const [, EDITOR] = DEMO_USUARIOS as [(typeof DEMO_USUARIOS)[number], (typeof DEMO_USUARIOS)[number]];
const SESION = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'vla-e2e-cambios-')), 'sesion.json');
fs.writeFileSync(SESION, JSON.stringify({ cookies: [], origins: [] }));

const SUFIJO = Date.now().toString(36);
const NOMBRE = `Zona cambios ${SUFIJO}`;
const EMAIL = `vecina.cambios.${SUFIJO}@correo.test`;
const MOTIVO = 'No hay recolección por nevada';

const enlace = (cuerpo: string, ruta: string) => {
  const url = new RegExp(`https?://[^\\s]+${ruta.replace(/[/?]/g, '\\$&')}[A-Za-z0-9_%-]+`).exec(cuerpo)?.[0];
  expect(url, `enlace ${ruta} en el correo`).toBeTruthy();
  return new URL(url!);
};

/** The Subject header as a reader sees it: RFC 2047 encoded words (Q or B, UTF-8) decoded, the space between two of them dropped. */
function asunto(cabeceras: string): string {
  const crudo = /^Subject: (.*)$/m.exec(cabeceras)?.[1] ?? '';
  return crudo.replace(/(\?=)\s+(=\?)/g, '$1$2').replace(/=\?UTF-8\?([QB])\?([^?]*)\?=/gi, (_, tipo: string, texto: string) =>
    tipo.toUpperCase() === 'B'
      ? Buffer.from(texto, 'base64').toString('utf8')
      : Buffer.from(
          texto.replace(/_/g, ' ').replace(/=([0-9A-F]{2})/gi, (_m, h: string) => String.fromCharCode(parseInt(h, 16))),
          'latin1',
        ).toString('utf8'),
  );
}

test.beforeAll(async ({ browser, baseURL }) => {
  await guardarSesion(browser, baseURL, EDITOR, '/admin/recoleccion', SESION);
});

test.use({ storageState: SESION });

test('un cambio puntual llega por correo a quien lo pidió, con el motivo, la fecha y la baja en un clic', async ({ page, browser, baseURL, request }) => {
  const zona = await agregarZonaConServicio(page, { nombre: NOMBRE, centro: { lat: -41.1, lon: -71.3 }, servicio: 'Húmedos' });

  // The resident, without a session: the changes of the zone, by mail.
  const residente = await browser.newContext({ baseURL, locale: 'es-AR', storageState: { cookies: [], origins: [] } });
  try {
    const vecina = await residente.newPage();
    await vecina.goto(`/mi-calle/avisos?zona=${zona}`);
    await expect(vecina.getByRole('heading', { level: 1 })).toHaveText(`Avisos de recolección: ${NOMBRE}`);
    await vecina.getByLabel(/Un recordatorio a las 20 h/).uncheck();
    await expect(vecina.getByLabel(/Los cambios de tu zona/)).toBeChecked();
    await vecina.getByLabel('Tu email').fill(EMAIL);
    await vecina.getByRole('button', { name: 'Recibir avisos' }).click();
    await expect(vecina.getByRole('heading', { level: 1 })).toHaveText('Revisá tu correo');
    const confirmar = enlace(await esperarCorreo(EMAIL, (c) => c.includes('/mi-calle/avisos/confirmar?token=')), '/mi-calle/avisos/confirmar?token=');
    await vecina.goto(confirmar.pathname + confirmar.search);
    await vecina.getByRole('button', { name: 'Confirmar' }).click();
    await expect(vecina.getByRole('heading', { level: 1 })).toHaveText('Avisos confirmados');

    // The editor adds the change for the whole zone on a day to come.
    await page.goto(`/admin/recoleccion/zonas/${zona}`);
    const form = page.getByRole('form', { name: 'Agregar un cambio' });
    await form.getByLabel('Fecha').fill('2030-07-12');
    await form.getByLabel('Motivo').fill(MOTIVO);
    await form.getByRole('button', { name: 'Agregar el cambio' }).click();
    await expect(page).toHaveURL(new RegExp(`/admin/recoleccion/zonas/${zona}\\?aviso=cambio-alta$`));

    // The mail: the reason, the date in Spanish, the zone, and its links.
    const aviso = await esperarMensaje(EMAIL, (c) => c.includes(`Motivo: ${MOTIVO}`));
    expect(aviso.cuerpo).toContain(`El viernes, 12 de julio de 2030 no pasa todos los servicios en la zona ${NOMBRE}.`);
    const cabeceras = aviso.datos.slice(0, aviso.datos.indexOf('\r\n\r\n')).replace(/\r\n[ \t]+/g, ' ');
    expect(asunto(cabeceras)).toBe(`Sin recolección el viernes, 12 de julio de 2030 en ${NOMBRE}`);
    const baja = enlace(aviso.cuerpo, '/mi-calle/avisos/baja?token=');
    const gestion = enlace(aviso.cuerpo, '/mi-calle/avisos/gestion?token=');
    expect(cabeceras).toContain(`List-Unsubscribe: <${baja.href}>`);
    expect(cabeceras).toContain('List-Unsubscribe-Post: List-Unsubscribe=One-Click');

    // The mail provider's one-click POST (RFC 8058): no cookie, no Origin of the site.
    const respuesta = await request.post(baja.pathname + baja.search, {
      headers: { 'content-type': 'application/x-www-form-urlencoded', origin: 'https://correo.proveedor.example' },
      data: 'List-Unsubscribe=One-Click',
    });
    expect(respuesta.status()).toBe(200);
    expect(await respuesta.text()).toContain('Avisos dados de baja');
    await vecina.goto(gestion.pathname + gestion.search);
    await expect(vecina.getByText('Estos avisos están dados de baja')).toBeVisible();
    await vecina.goto(baja.pathname + baja.search);
    await expect(vecina.getByRole('heading', { level: 1 })).toHaveText('Avisos dados de baja');
    await expectAccessible(vecina);
  } finally {
    await residente.close();
  }
});
