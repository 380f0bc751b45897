import { esperarHidratacion, expect, test } from './fixtures.ts';

// The sign-in form is the page from its first paint: nothing the server wrote is hidden or replaced
// while the app hydrates (docs/architecture.md, "Sesiones y roles"), so a password manager or a fast
// typist never meets a vanishing form.

/**
 * Installed before the page's first byte: from the moment the form appears, every change to the
 * document checks that the form and its fields are still the same elements, attached and shown,
 * and writes down each time they were not.
 */
function vigilarFormulario() {
  const registro: string[] = [];
  let vistos: Element[] | null = null;
  const revisar = (cuando: string) => {
    const form = document.querySelector('form[aria-label="Ingreso del personal"]');
    if (!vistos) {
      if (!form) return;
      if (document.documentElement.classList.contains('hidratado')) registro.push(`${cuando}: el formulario apareció recién después de hidratar`);
      vistos = [form, ...Array.from(form.querySelectorAll('input:not([type="hidden"]), button'))];
    }
    for (const el of vistos) {
      const nombre = el.getAttribute('name') ?? el.tagName.toLowerCase();
      if (!el.isConnected) registro.push(`${cuando}: ${nombre} quitado`);
      else if (!el.checkVisibility({ visibilityProperty: true, opacityProperty: true })) registro.push(`${cuando}: ${nombre} oculto`);
    }
    if (form && form !== vistos[0]) registro.push(`${cuando}: formulario reemplazado`);
  };
  (window as unknown as { registroFormulario: string[] }).registroFormulario = registro;
  new MutationObserver(() => revisar('mutación')).observe(document, { subtree: true, childList: true, attributes: true, characterData: true });
  const cuadro = () => {
    revisar('cuadro');
    requestAnimationFrame(cuadro);
  };
  requestAnimationFrame(cuadro);
}

test('/login: el formulario se ve desde la primera pintura y lo escrito antes de hidratar se conserva', async ({ page }) => {
  await page.addInitScript(vigilarFormulario);
  // The app's entry module waits until the fields are filled: the typing happens before hydration.
  let soltar = () => {};
  const escrito = new Promise<void>((resolve) => (soltar = resolve));
  await page.route(/\/assets\/entry\.client-[^/]*\.js$/, async (route) => {
    await escrito;
    await route.continue();
  });

  await page.goto('/login');
  const email = page.getByLabel('Correo electrónico');
  const clave = page.getByLabel('Contraseña');
  await expect(email).toBeVisible();
  await expect(page.locator('html')).not.toHaveClass(/\bhidratado\b/);
  await expect(page.getByText('Preparing app...')).toHaveCount(0);
  await email.fill('agente@villalaangostura.gob.ar');
  await clave.fill('una clave larga de prueba');
  await expect(page.locator('html')).not.toHaveClass(/\bhidratado\b/);
  soltar();

  await esperarHidratacion(page);
  // A few frames after hydration, for anything the app would do in its effects.
  await page.evaluate(() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(() => setTimeout(r, 300)))));
  await expect(email).toHaveValue('agente@villalaangostura.gob.ar');
  await expect(clave).toHaveValue('una clave larga de prueba');
  await expect(page.getByRole('button', { name: 'Ingresar' })).toBeEnabled();
  expect(await page.evaluate(() => (window as unknown as { registroFormulario: string[] }).registroFormulario)).toEqual([]);
});

test('/login: sin tocar nada, el formulario tampoco se oculta mientras la página se hidrata', async ({ page }) => {
  await page.addInitScript(vigilarFormulario);
  await page.goto('/login');
  await expect(page.getByLabel('Correo electrónico')).toBeVisible();
  await esperarHidratacion(page);
  await page.evaluate(() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(() => setTimeout(r, 300)))));
  await expect(page.getByLabel('Correo electrónico')).toBeVisible();
  expect(await page.evaluate(() => (window as unknown as { registroFormulario: string[] }).registroFormulario)).toEqual([]);
});
