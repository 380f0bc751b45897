import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { DEMO_USUARIOS } from '#server/demo/usuarios.ts';
import { esperarHidratacion, expect, expectAccessible, guardarSesion, test } from './fixtures.ts';

// The road observatory's back-office against the run's one server: an editor reaches it
// from Gobierno, adds a gallery image (the alternative text required first) and sees it on
// /observatorio-vial, then deletes it; each back-office page passes axe. The image's title is this
// run's own, and it is deleted at the end, so tests/e2e/gobierno.spec.ts sees the demo's gallery.
test.describe.configure({ mode: 'serial' });

const [, EDITOR] = DEMO_USUARIOS as [(typeof DEMO_USUARIOS)[number], (typeof DEMO_USUARIOS)[number]];
const CARPETA = fs.mkdtempSync(path.join(os.tmpdir(), 'vla-e2e-observatorio-'));
const SESION = path.join(CARPETA, 'sesion.json');
fs.writeFileSync(SESION, JSON.stringify({ cookies: [], origins: [] }));
const TITULO = `Control de velocidad ${Date.now() % 1_000_000}`;
const ALT = `Agentes de tránsito con un radar en la ruta, prueba ${TITULO}`;

test.beforeAll(async ({ browser, baseURL }) => {
  await guardarSesion(browser, baseURL, EDITOR, '/admin', SESION);
  fs.writeFileSync(
    path.join(CARPETA, 'foto.jpg'),
    await sharp({ create: { width: 1200, height: 800, channels: 3, background: { r: 200, g: 90, b: 40 } } })
      .jpeg()
      .toBuffer(),
  );
});

test.use({ storageState: SESION });

test('un editor agrega una imagen a la galería y la ve en /observatorio-vial; después la borra', async ({ page }) => {
  test.setTimeout(90_000);
  await page.goto('/admin/gobierno');
  await page.getByRole('link', { name: 'Observatorio Vial', exact: true }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Observatorio Vial' })).toBeVisible();
  await esperarHidratacion(page);
  await expectAccessible(page);

  const form = page.locator('form', { has: page.getByRole('button', { name: 'Agregar la imagen' }) });
  await form.getByLabel('Título').fill(TITULO);
  await form.getByLabel(/^Imagen/).setInputFiles(path.join(CARPETA, 'foto.jpg'));
  await form.getByRole('button', { name: 'Agregar la imagen' }).click();
  // Without the alternative text: refused, the title kept, the focus on the errors.
  const resumen = page.getByRole('alert').filter({ hasText: 'Revisá la imagen' });
  await expect(resumen).toBeFocused();
  await expect(resumen).toContainText('Texto alternativo: Escribí el texto alternativo');
  await expect(page.getByLabel('Título')).toHaveValue(TITULO);
  await expectAccessible(page);

  await page.getByLabel('Texto alternativo').fill(ALT);
  await page.getByLabel(/^Imagen/).setInputFiles(path.join(CARPETA, 'foto.jpg'));
  await page.getByRole('button', { name: 'Agregar la imagen' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Agregamos la imagen' })).toBeVisible();
  await expect(page.getByRole('link', { name: TITULO, exact: true })).toBeVisible();
  await expectAccessible(page);

  await page.goto('/observatorio-vial');
  const miniatura = page.getByRole('button', { name: new RegExp(`: ${TITULO}$`) });
  await miniatura.click();
  const principal = page.locator('.galeria__principal img');
  await expect(principal).toHaveAttribute('alt', ALT);
  // The upload pipeline's web size (WebP), not the original.
  await expect(principal).toHaveAttribute('src', /\?tamano=web$/);
  await principal.scrollIntoViewIfNeeded();
  await expect(principal).toHaveJSProperty('complete', true);
  expect(await principal.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(0);

  await page.goto('/admin/observatorio');
  await page.getByRole('link', { name: TITULO, exact: true }).click();
  await expect(page.getByRole('heading', { level: 1, name: `Imagen «${TITULO}»` })).toBeVisible();
  await expectAccessible(page);
  await page.getByRole('link', { name: 'Borrar…' }).click();
  await expect(page.getByRole('heading', { level: 2, name: '¿Borrar la imagen?' })).toBeVisible();
  await expectAccessible(page);
  await page.getByRole('button', { name: 'Sí, borrar' }).click();
  await expect(page).toHaveURL(/\/admin\/observatorio\?aviso=borrado/);
  await page.goto('/observatorio-vial');
  await expect(page.getByRole('button', { name: new RegExp(`: ${TITULO}$`) })).toHaveCount(0);
});
