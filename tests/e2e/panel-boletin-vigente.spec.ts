import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { DEMO_USUARIOS } from '#server/demo/usuarios.ts';
import { esperarHidratacion, expect, expectAccessible, test } from './fixtures.ts';

// The current bulletin in the back-office (docs/decisions/022-boletin-vigente-en-el-panel.md)
// against the run's one server: an editor types bold text in the rich-text editor with the
// keyboard, saves and sees it on /boletines-oficiales, adds an ordinance line, and the page passes
// axe. gobierno.spec.ts and panel-boletines.spec.ts read /boletines-oficiales meanwhile: this spec
// only adds text they do not count (a paragraph after the legal text, an ordinance line after the
// demo's) and puts both back as they were at the end.
test.describe.configure({ mode: 'serial' });

const [, EDITOR] = DEMO_USUARIOS as [(typeof DEMO_USUARIOS)[number], (typeof DEMO_USUARIOS)[number]];
const SUFIJO = Date.now().toString(36);
const NEGRITA = `Aviso e2e ${SUFIJO}`;
const NUMERO = `e2e-${SUFIJO}`;
const SESION = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'vla-e2e-vigente-')), 'sesion.json');

test('un editor escribe negrita con el teclado en el editor, la ve en /boletines-oficiales, agrega una ordenanza y deja todo como estaba', async ({ page }) => {
  test.setTimeout(90_000);
  await page.goto('/login?siguiente=%2Fadmin');
  await page.getByLabel('Correo electrónico').fill(EDITOR.email);
  await page.getByLabel('Contraseña').fill(EDITOR.clave);
  await page.getByRole('button', { name: 'Ingresar' }).click();
  await expect(page).toHaveURL(/\/admin$/);
  await esperarHidratacion(page);
  await page.context().storageState({ path: SESION });
  await page.getByRole('navigation', { name: 'Menú del panel' }).getByRole('link', { name: 'Boletín vigente' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Boletín vigente' })).toBeVisible();

  // The editor replaces the textarea once the page is hydrated; the textarea keeps the HTML to post.
  const legales = page.getByRole('textbox', { name: 'Legales', exact: true });
  await expect(legales).toBeVisible();
  await expect(page.getByRole('toolbar', { name: 'Formato de Legales' }).getByRole('button', { name: 'Negrita' })).toBeVisible();
  const original = await page.locator('textarea[name="legales"]').inputValue();
  expect(original).toContain('publica las ordenanzas sancionadas');
  await expectAccessible(page);

  // Keyboard only: at the start of the text, a new paragraph above it, Ctrl+B, the words.
  await legales.focus();
  await page.keyboard.press('ControlOrMeta+Home');
  await page.keyboard.press('Enter');
  await page.keyboard.press('ArrowUp');
  await page.keyboard.press('ControlOrMeta+b');
  await page.keyboard.type(NEGRITA);
  await expect(page.getByRole('toolbar', { name: 'Formato de Legales' }).getByRole('button', { name: 'Negrita' })).toHaveAttribute('aria-pressed', 'true');
  await expect(page.locator('textarea[name="legales"]')).toHaveValue(new RegExp(`^<p><strong>${NEGRITA}</strong></p><p>El <strong>`));
  await page.getByRole('button', { name: 'Guardar los textos' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Guardamos los textos: /boletines-oficiales ya los muestra.' })).toBeVisible();

  await page.goto('/boletines-oficiales');
  await expect(page.locator('strong', { hasText: NEGRITA })).toBeVisible();
  await expect(page.getByText('El Boletín Oficial Municipal publica las ordenanzas')).toBeVisible();

  // An ordinance line: added at the end, on the public page at once.
  await page.goto('/admin/boletin-vigente');
  await esperarHidratacion(page);
  const alta = page.getByRole('form', { name: 'Agregar una ordenanza' });
  await alta.getByRole('textbox', { name: 'Número' }).fill(NUMERO);
  await alta.getByRole('textbox', { name: 'Título' }).fill(`Ordenanza de la prueba ${SUFIJO}`);
  await alta.getByRole('textbox', { name: 'Enlace' }).fill('/consulta-ordenanzas');
  await alta.getByRole('button', { name: 'Agregar' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Lo agregamos al final de la lista: /boletines-oficiales ya lo muestra.' })).toBeVisible();
  await page.goto('/boletines-oficiales');
  await expect(page.getByRole('table', { name: 'Ordenanzas publicadas en el boletín vigente' }).getByRole('row').last()).toContainText(NUMERO);

  // Back as it was: the line deleted with its confirmation, the text put back in the textarea.
  await page.goto('/admin/boletin-vigente');
  await esperarHidratacion(page);
  await page.getByRole('link', { name: `Borrar ${NUMERO}` }).click();
  await expect(page.getByRole('heading', { level: 2, name: `¿Borrar ${NUMERO}?` })).toBeVisible();
  await page.getByRole('button', { name: 'Sí, borrar' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Lo borramos: /boletines-oficiales ya no lo muestra.' })).toBeVisible();
  // The text exactly as it was: the form's post without the editor (what a browser without JavaScript sends).
  const restaurado = await page.request.post('/admin/boletin-vigente', {
    form: {
      intent: 'textos',
      version: await page.locator('input[name="version"]').first().inputValue(),
      legales: original,
      licitaciones: await page.locator('textarea[name="licitaciones"]').inputValue(),
    },
    headers: { origin: new URL(page.url()).origin },
    maxRedirects: 0,
  });
  expect(restaurado.status()).toBe(303);
  expect(restaurado.headers().location).toBe('/admin/boletin-vigente?aviso=textos#textos-titulo');
  await page.goto('/boletines-oficiales');
  await expect(page.getByText(NEGRITA)).toHaveCount(0);
  await expect(page.getByText(NUMERO)).toHaveCount(0);
});

test('sin JavaScript los textos son un campo de HTML con su etiqueta, y una línea mal escrita vuelve con sus errores y lo escrito', async ({
  browser,
  baseURL,
}) => {
  const contexto = await browser.newContext({ baseURL, javaScriptEnabled: false, storageState: SESION, locale: 'es-AR' });
  const page = await contexto.newPage();
  await page.goto('/admin/boletin-vigente');
  await expect(page.getByRole('textbox', { name: 'Legales', exact: true })).toHaveValue(/publica las ordenanzas sancionadas/);
  await expect(page.getByRole('toolbar')).toHaveCount(0);
  const alta = page.getByRole('form', { name: 'Agregar un decreto' });
  await alta.getByRole('textbox', { name: 'Descripción' }).fill('Descripción e2e sin número');
  await alta.getByRole('button', { name: 'Agregar' }).click();
  await expect(page.getByText('Completá «Número».').first()).toBeVisible();
  await expect(page.getByRole('form', { name: 'Agregar un decreto' }).getByRole('textbox', { name: 'Descripción' })).toHaveValue('Descripción e2e sin número');
  await contexto.close();
});
