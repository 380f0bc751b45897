import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { generarPdf, generarPdfEscaneado } from '#db/factories/pdf.ts';
import { DEMO_USUARIOS } from '#server/demo/usuarios.ts';
import { esperarHidratacion, expect, expectAccessible, guardarSesion, test } from './fixtures.ts';

// The official bulletins' back-office against the run's one server: an editor signs in,
// uploads a bulletin while the page shows the upload's progress, and finds it on
// /boletines-oficiales and in the feed; a fake PDF is refused with the form kept; the pages pass
// axe. The bulletin's number is this run's own, in a year no demo bulletin has and before theirs: an older
// edition does not become the current bulletin (docs/decisions/050-un-solo-boletin.md), so the pages other
// specs read at the same time keep the demo's current bulletin.
test.describe.configure({ mode: 'serial' });

const [, EDITOR] = DEMO_USUARIOS as [(typeof DEMO_USUARIOS)[number], (typeof DEMO_USUARIOS)[number]];
const CARPETA = fs.mkdtempSync(path.join(os.tmpdir(), 'vla-e2e-boletines-'));
const SESION = path.join(CARPETA, 'sesion.json');
fs.writeFileSync(SESION, JSON.stringify({ cookies: [], origins: [] }));

const NUMERO = String(100_000 + (Date.now() % 800_000)).slice(0, 6);
const ANIO = '2019';
const TITULO = `Boletín Oficial N° ${NUMERO} - Mayo ${ANIO}`;

test.beforeAll(async ({ browser, baseURL }) => {
  await guardarSesion(browser, baseURL, EDITOR, '/admin', SESION);
  // A scanned bulletin of about 3 MB: large enough for the upload to report progress several times.
  fs.writeFileSync(path.join(CARPETA, 'boletin.pdf'), await generarPdfEscaneado(3 * 1024 * 1024, `BOLETÍN OFICIAL N° ${NUMERO}`));
  fs.writeFileSync(path.join(CARPETA, 'falso.pdf'), '<!doctype html><html><body><script>alert(1)</script></body></html>');
  fs.writeFileSync(path.join(CARPETA, 'chico.pdf'), await generarPdf({ titulo: 'BOLETÍN', parrafos: ['Texto.'] }));
});

test.use({ storageState: SESION });

test('un editor sube un boletín viendo el progreso y lo encuentra en /boletines-oficiales y en el feed', async ({ page }) => {
  test.setTimeout(90_000);
  await page.goto('/admin');
  await esperarHidratacion(page);
  await page.getByRole('navigation', { name: 'Menú del panel' }).getByRole('link', { name: 'Boletines' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Boletines oficiales' })).toBeVisible();
  await expectAccessible(page);

  // A slow upload link (about 2 Mbit/s up), so the progress is seen on loopback too.
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Network.enable');
  await cdp.send('Network.emulateNetworkConditions', { offline: false, latency: 20, downloadThroughput: -1, uploadThroughput: 256 * 1024 });

  // Every word the live line says, kept across the navigation that follows the upload.
  await page.evaluate(() => {
    const linea = document.querySelector('.subida__estado')!;
    const barra = document.querySelector<HTMLProgressElement>('.subida__barra')!;
    const boton = document.querySelector<HTMLButtonElement>('form[data-subida] button[type="submit"]')!;
    new MutationObserver(() => {
      const dichos = JSON.parse(sessionStorage.getItem('dichos') ?? '[]') as unknown[];
      dichos.push({ texto: linea.textContent, barra: barra.checkVisibility(), valor: barra.value, ocupado: boton.disabled });
      sessionStorage.setItem('dichos', JSON.stringify(dichos));
    }).observe(linea, { childList: true, characterData: true, subtree: true });
  });
  const form = page.getByRole('form', { name: 'Subir un boletín' });
  await expect(form).toHaveAttribute('data-subida-activa');
  await form.getByLabel('Número').fill(NUMERO);
  await form.getByLabel('Mes').selectOption({ label: 'Mayo' });
  await form.getByLabel('Año').fill(ANIO);
  await form.getByLabel('PDF del boletín').setInputFiles(path.join(CARPETA, 'boletin.pdf'));
  await form.getByRole('button', { name: 'Subir el boletín' }).click();

  await expect(page).toHaveURL(/\/admin\/boletines\/\d+\?aviso=alta$/, { timeout: 60_000 });
  const dichos = await page.evaluate(
    () => JSON.parse(sessionStorage.getItem('dichos') ?? '[]') as { texto: string; barra: boolean; valor: number; ocupado: boolean }[],
  );
  // The line said the percentage as it grew, with the bar shown and the button disabled meanwhile.
  const porcentajes = dichos
    .map((d) => /^Subiendo… (\d{1,2}) %$/.exec(d.texto)?.[1])
    .filter((p) => p !== undefined)
    .map(Number);
  expect(new Set(porcentajes.filter((p) => p > 0 && p < 100)).size).toBeGreaterThanOrEqual(3);
  expect(porcentajes).toEqual([...porcentajes].sort((a, b) => a - b));
  expect(dichos.every((d) => d.barra && d.ocupado)).toBe(true);
  expect(dichos.find((d) => d.texto === 'Subiendo… 45 %')?.valor ?? 45).toBe(45);
  expect(dichos.at(-1)?.texto).toBe('Listo: abriendo la página…');
  await cdp.send('Network.emulateNetworkConditions', { offline: false, latency: 0, downloadThroughput: -1, uploadThroughput: -1 });
  await expect(page.getByRole('status')).toHaveText(/^Publicamos el boletín/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(TITULO);
  await expectAccessible(page);

  // The page's own words are what the public page and the feed say.
  await page.goto('/boletines-oficiales');
  const enlace = page.getByRole('link', { name: new RegExp(`^${TITULO}`) });
  await expect(enlace).toBeVisible();
  const feed = await page.request.get('/feeds/boletines.xml');
  expect(await feed.text()).toContain(TITULO);
  const descarga = await page.request.get((await enlace.getAttribute('href'))!);
  expect(descarga.headers()['content-type']).toBe('application/pdf');
});

test('un .pdf que es HTML se rechaza diciendo qué es, con lo escrito intacto', async ({ page }) => {
  await page.goto('/admin/boletines');
  await esperarHidratacion(page);
  const form = page.getByRole('form', { name: 'Subir un boletín' });
  await form.getByLabel('Número').fill(String(Number(NUMERO) + 1));
  await form.getByLabel('Mes').selectOption({ label: 'Junio' });
  await form.getByLabel('Año').fill(ANIO);
  await form.getByLabel('PDF del boletín').setInputFiles(path.join(CARPETA, 'falso.pdf'));
  await form.getByRole('button', { name: 'Subir el boletín' }).click();
  // The server's page with its errors replaces this one.
  const resumen = page.getByRole('alert').filter({ hasText: 'Revisá el boletín' });
  await expect(resumen).toContainText('El archivo es una página web (HTML), no un PDF');
  // The server's page, hydrated: the summary takes the focus, as it does without the upload's XHR.
  await expect(resumen).toBeFocused();
  await expect(page).toHaveTitle(/^Error: Boletines oficiales/);
  await expect(page.getByLabel('Número')).toHaveValue(String(Number(NUMERO) + 1));
  await expect(page.getByLabel('Año')).toHaveValue(ANIO);
  await expectAccessible(page);
});

test('sin JavaScript el formulario sube igual, y la página del boletín ofrece borrarlo con confirmación', async ({ browser, baseURL }) => {
  const contexto = await browser.newContext({ baseURL, javaScriptEnabled: false, storageState: SESION, locale: 'es-AR' });
  const page = await contexto.newPage();
  await page.goto('/admin/boletines');
  const form = page.getByRole('form', { name: 'Subir un boletín' });
  const numero = String(Number(NUMERO) + 2);
  await form.getByLabel('Número').fill(numero);
  await form.getByLabel('Mes').selectOption({ label: 'Julio' });
  await form.getByLabel('Año').fill(ANIO);
  await form.getByLabel('PDF del boletín').setInputFiles(path.join(CARPETA, 'chico.pdf'));
  await form.getByRole('button', { name: 'Subir el boletín' }).click();
  await expect(page).toHaveURL(/\/admin\/boletines\/\d+\?aviso=alta$/);
  await page.getByRole('link', { name: 'Borrar el boletín…' }).click();
  await expect(page.getByRole('heading', { level: 2, name: `¿Borrar el Boletín Oficial N° ${numero} - Julio ${ANIO}?` })).toBeVisible();
  await page.getByRole('button', { name: 'Sí, borrar el boletín' }).click();
  await expect(page).toHaveURL(/\/admin\/boletines\?aviso=borrado$/);
  await expect(page.getByRole('status')).toContainText('Borramos el boletín');
  await contexto.close();
});
