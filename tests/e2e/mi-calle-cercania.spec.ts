import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { APIRequestContext, BrowserContext, Page } from '@playwright/test';
import { DEMO_USUARIOS } from '#server/demo/usuarios.ts';
import { type NavegadorDePrueba, type ServicioPush, iniciarServicioPush, navegadorDePrueba } from '#tests/setup/push.ts';
import { expect, guardarSesion, test } from './fixtures.ts';
import { agregarZonaConServicio } from './mi-calle-panel.ts';

// «El camión está cerca» end to end (docs/architecture.md, «Mi calle: avisos»), against the run's
// one server: an administrator adds a zone of this run with a service every day, all day, and a
// truck; two residents ask for the notification through the page's form, with subscriptions on a
// loopback push service; the truck's tracker reports through the ingest, far (nothing), within the
// first resident's radius (one push), there again (nothing more that day) and within the second's
// (its push says the report before it was handled). The push is decrypted as the browser would,
// then handed to the page's service worker through the DevTools protocol, and the notification the
// worker shows is read back. The zone is far from the demo trucks' routes.
test.describe.configure({ mode: 'serial' });
// Debian's full Chromium (new headless mode) for this file: the headless shell hands the push to the
// worker, but its notification permission stays «denied» whatever the context grants, so the worker
// cannot show it. The same arguments as playwright.config.ts.
test.use({
  launchOptions: {
    executablePath: '/usr/bin/chromium',
    args: ['--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'],
  },
});

const [ADMIN] = DEMO_USUARIOS as [(typeof DEMO_USUARIOS)[number]];
const SESION = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'vla-e2e-cercania-')), 'sesion.json');
fs.writeFileSync(SESION, JSON.stringify({ cookies: [], origins: [] }));

const SUFIJO = Date.now().toString(36);
const SERVICIO = 'Húmedos';
const DISPOSITIVO = `e2e-cercania-${SUFIJO}-camion`;
/** The first resident's point; the second's is 1.1 km north (farther than both radii together). */
const VECINO = { lat: -41.05, lon: -71.95 };
const OTRO_VECINO = { lat: VECINO.lat + 0.01, lon: VECINO.lon };

test.beforeAll(async ({ browser, baseURL }) => {
  await guardarSesion(browser, baseURL, ADMIN, '/admin/recoleccion', SESION);
});

test.use({ storageState: SESION });

/** The page's service worker (scope /mi-calle/): the island registers it where the browser can push; elsewhere the test does. */
async function registrarWorker(page: Page): Promise<void> {
  if (await page.getByLabel(/Avisame cuando un camión del servicio esté cerca/).isHidden()) {
    await page.evaluate(() => navigator.serviceWorker.register('/mi-calle/sw.js', { scope: '/mi-calle/' }));
  }
  await page.evaluate(async () => (await navigator.serviceWorker.ready).scope);
}

/** Sends the page's form with this browser's push subscription (the island's own POST), for the notification only. */
async function pedirAviso(page: Page, zona: string, punto: { lat: number; lon: number }, navegador: NavegadorDePrueba): Promise<string> {
  await page.goto(`/mi-calle/avisos?zona=${zona}&lat=${punto.lat}&lon=${punto.lon}`);
  // The island ran: it offers the notification, or says why this browser cannot.
  await expect(
    page
      .getByLabel(/Avisame cuando un camión del servicio esté cerca/)
      .or(page.getByText(/^(Este navegador no puede|Las notificaciones de este sitio están bloqueadas)/)),
  ).toBeVisible();
  await registrarWorker(page);
  await expect(page.getByRole('checkbox', { name: SERVICIO })).toBeChecked();
  await page.getByLabel('Tu email').fill('');
  await page.getByLabel(/Un recordatorio a las 20 h/).uncheck();
  await page.getByLabel(/Los cambios de tu zona/).uncheck();
  await page.evaluate((valor) => {
    (document.querySelector('input[name="cercania"]') as HTMLInputElement).checked = true;
    (document.querySelector('input[name="push"]') as HTMLInputElement).value = valor;
    (document.getElementById('form-avisos') as HTMLFormElement).submit();
  }, JSON.stringify(navegador.suscripcion));
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Avisos activados');
  return (await page.getByRole('link', { name: 'tus avisos de Mi calle' }).getAttribute('href'))!;
}

test('el camión entra en el radio: una notificación cifrada, una sola en el día, y el service worker la muestra', async ({
  page,
  browser,
  baseURL,
  request,
}) => {
  // Staff: a zone of this run with a daily service, and a truck of the same kind of service.
  const zona = await agregarZonaConServicio(page, { nombre: `Zona cercanía ${SUFIJO}`, centro: VECINO, servicio: SERVICIO });
  await page.goto('/admin/vehiculos');
  const alta = page.getByRole('form', { name: 'Agregar un vehículo' });
  await alta.getByLabel('Nombre').fill(`Recolector cercanía ${SUFIJO}`);
  await alta.getByLabel('Ícono en el mapa').selectOption({ label: 'Camión' });
  await alta.getByLabel('Servicio').selectOption({ label: 'Recolección de residuos' });
  await alta.getByLabel('Identificador del dispositivo').fill(DISPOSITIVO);
  await alta.getByRole('button', { name: 'Agregar vehículo' }).click();
  await expect(page).toHaveURL(/\/admin\/vehiculos\/\d+\?aviso=alta$/);

  const servicio: ServicioPush = await iniciarServicioPush();
  let residente: BrowserContext | undefined;
  try {
    residente = await browser.newContext({ baseURL, locale: 'es-AR', storageState: { cookies: [], origins: [] } });
    await residente.grantPermissions(['notifications'], { origin: baseURL! });
    const vecino = await residente.newPage();
    const navegador = navegadorDePrueba(servicio);
    const otroNavegador = navegadorDePrueba(servicio);
    await pedirAviso(vecino, zona, OTRO_VECINO, otroNavegador);
    const gestion = await pedirAviso(vecino, zona, VECINO, navegador);

    const para = (nav: NavegadorDePrueba) => servicio.mensajes.filter((m) => nav.suscripcion.endpoint.endsWith(m.ruta));
    let reportes = 0;
    /** A report as Traccar Client sends it (OsmAnd GET), timed now: positions are heard in the order they are stored. */
    const reportar = async (api: APIRequestContext, punto: { lat: number; lon: number }) => {
      const timestamp = Date.now() + reportes++;
      const r = await api.get(
        `/api/v1/posiciones?id=${DISPOSITIVO}&lat=${punto.lat.toFixed(6)}&lon=${punto.lon.toFixed(6)}&timestamp=${timestamp}&speed=10&bearing=0`,
      );
      expect(r.status(), await r.text()).toBe(200);
    };

    // 560 m south of the first resident, 1.7 km from the second: nothing.
    await reportar(request, { lat: VECINO.lat - 0.005, lon: VECINO.lon });
    // 200 m north of the first: one notification. The listener handles positions in order, so the far one was handled before.
    await reportar(request, { lat: VECINO.lat + 0.0018, lon: VECINO.lon });
    await expect.poll(() => para(navegador).length, { timeout: 15_000 }).toBe(1);
    expect(para(otroNavegador)).toHaveLength(0);
    // At the door, the same day: no second one. Then within the second resident's radius only: theirs
    // arrives, so the report before it was handled, and the first resident still has one.
    await reportar(request, VECINO);
    await reportar(request, OTRO_VECINO);
    await expect.poll(() => para(otroNavegador).length, { timeout: 15_000 }).toBe(1);
    expect(para(navegador)).toHaveLength(1);

    // What the push service got is encrypted (RFC 8291) and signed (VAPID); the browser's keys read it.
    const [mensaje] = para(navegador);
    expect(mensaje!.cabeceras['content-encoding']).toBe('aes128gcm');
    expect(mensaje!.cabeceras.authorization).toMatch(/^vapid t=.+, k=.+/);
    expect(mensaje!.cuerpo.toString('latin1')).not.toContain('cerca');
    const claro = navegador.descifrar(mensaje!.cuerpo);
    const aviso = JSON.parse(claro) as { titulo: string; cuerpo: string; url: string };
    expect(aviso).toEqual({
      titulo: 'Húmedos: el camión está cerca',
      cuerpo: 'Un vehículo de húmedos está a unos 200 m de tu punto.',
      url: gestion,
    });
    expect(aviso.url).toMatch(/^\/mi-calle\/avisos\/gestion\?token=/);

    // The browser's side: the message handed to the page's worker (DevTools protocol), which shows it.
    const cdp = await residente.newCDPSession(vecino);
    const registros = new Map<string, string>();
    cdp.on('ServiceWorker.workerRegistrationUpdated', (e) => {
      for (const r of e.registrations) registros.set(r.scopeURL, r.registrationId);
    });
    await cdp.send('ServiceWorker.enable');
    await expect.poll(() => registros.get(`${baseURL}/mi-calle/`)).toBeTruthy();
    await cdp.send('ServiceWorker.deliverPushMessage', { origin: baseURL!, registrationId: registros.get(`${baseURL}/mi-calle/`)!, data: claro });
    const mostradas = () =>
      vecino.evaluate(async () =>
        (await (await navigator.serviceWorker.ready).getNotifications()).map((n) => ({ titulo: n.title, cuerpo: n.body, datos: n.data as unknown })),
      );
    await expect.poll(mostradas).toEqual([{ titulo: aviso.titulo, cuerpo: aviso.cuerpo, datos: { url: gestion } }]);
    await cdp.detach();
  } finally {
    await residente?.close();
    await servicio.cerrar();
  }
});
