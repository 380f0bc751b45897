import type { Locator, Page } from '@playwright/test';
import { defaultSiteSettings } from '#domain/sitio/settings.ts';
import { abrirHidratada, esperarHidratacion, expect, expectAccessible, test, viewports } from './fixtures.ts';

const { enlaces, redes, municipio, oficinaTurismo, emailContacto } = defaultSiteSettings;
const NUEVA_PESTANA = '(se abre en una pestaña nueva)';

type Entrada = { nombre: string; href: string; externo: boolean };
const pagina = (nombre: string, href: string): Entrada => ({ nombre, href, externo: false });
const externo = (nombre: string, href: string): Entrada => ({ nombre, href, externo: true });

// The spec's table 'Navigation dropdowns' (section 2), written out here on purpose: the test
// checks the site against the spec, not against the site's own data.
const menus: Record<string, Entrada[]> = {
  Gobierno: [
    pagina('Áreas', '/areas'),
    pagina('Ejecutivo', '/ejecutivo'),
    pagina('Concejo Deliberante', '/concejo-deliverante'),
    pagina('Observatorio Vial', '/observatorio-vial'),
    pagina('Plan Estratégico', '/plan-estrategico'),
    pagina('Estados Contables', '/estados-contables'),
    pagina('Sueldos', '/sueldos'),
    pagina('Datos Abiertos', '/datos'),
    externo('Gestión y Presupuesto', enlaces.gestionPresupuesto),
  ],
  Ciudadano: [
    pagina('Solicitud de Decretos', '/solicitud-decretos'),
    pagina('Consulta de Ordenanzas', '/consulta-ordenanzas'),
    pagina('Boletines Oficiales', '/boletines-oficiales'),
    pagina('Seguimiento de Vehículos', '/seguimiento-vehiculos'),
    pagina('Mi calle', '/mi-calle'),
    pagina('Reclamos', '/reclamos'),
    // The site's own report form with the category chosen, while the settings keep the original address.
    pagina('Denuncias de Medio Ambiente', '/reclamos/nuevo?categoria=medio-ambiente'),
    externo('Reclamos Defensor del Consumidor', enlaces.defensorConsumidor),
  ],
  Turismo: [
    externo('Descubrí', enlaces.turismo),
    externo('Organizá', enlaces.turismo),
    externo('Explorá', enlaces.turismo),
    externo('Disfrutá de VLA y sus eventos', enlaces.turismo),
  ],
  Empleados: [
    externo('Envío Certificados Médicos', enlaces.chatCertificadosMedicos),
    externo('Consultas Recursos Humanos', enlaces.chatRecursosHumanos),
    externo('Recibos', enlaces.recibosSueldo),
  ],
};
const nombresMenus = Object.keys(menus);

const redesSociales = [
  { nombre: 'Instagram', href: redes.instagram },
  { nombre: 'X', href: redes.x },
  { nombre: 'YouTube', href: redes.youtube },
  { nombre: 'TripAdvisor', href: redes.tripadvisor },
];

function botonMenu(page: Page, nombre: string): Locator {
  return page.getByRole('navigation', { name: 'Principal' }).getByRole('button', { name: nombre, exact: true });
}

/** The list a dropdown button controls. */
async function listaDe(page: Page, boton: Locator): Promise<Locator> {
  const id = await boton.getAttribute('aria-controls');
  expect(id, 'el botón indica qué menú controla').toBeTruthy();
  return page.locator(`[id="${id}"]`);
}

/** Presses Tab until the element has focus, as a keyboard user would reach it. */
async function tabHasta(page: Page, destino: Locator): Promise<void> {
  for (let i = 0; i < 40; i++) {
    if (await destino.evaluate((el) => el === document.activeElement)) return;
    await page.keyboard.press('Tab');
  }
  await expect(destino).toBeFocused();
}

async function esperarEntradas(lista: Locator, entradas: Entrada[]): Promise<void> {
  const enlaces = lista.getByRole('link');
  await expect(enlaces).toHaveCount(entradas.length);
  for (const [i, entrada] of entradas.entries()) {
    const enlace = enlaces.nth(i);
    await expect(enlace).toBeVisible();
    await expect(enlace).toHaveAttribute('href', entrada.href);
    if (entrada.externo) {
      await expect(enlace).toHaveAccessibleName(`${entrada.nombre} ${NUEVA_PESTANA}`);
      await expect(enlace).toHaveAttribute('target', '_blank');
      await expect(enlace).toHaveAttribute('rel', 'noopener noreferrer');
    } else {
      await expect(enlace).toHaveAccessibleName(entrada.nombre);
      await expect(enlace).not.toHaveAttribute('target', /.+/);
    }
  }
}

test.describe('menús desplegables en computadora', () => {
  test.use({ viewport: viewports.escritorio });

  test('cada menú se abre con un clic, lista exactamente las entradas del spec y se cierra con Escape', async ({ page }) => {
    await abrirHidratada(page, '/home');
    for (const [nombre, entradas] of Object.entries(menus)) {
      await test.step(nombre, async () => {
        const boton = botonMenu(page, nombre);
        const lista = await listaDe(page, boton);
        await expect(boton).toHaveAttribute('aria-expanded', 'false');
        await expect(lista).toBeHidden();
        await boton.click();
        await expect(boton).toHaveAttribute('aria-expanded', 'true');
        await esperarEntradas(lista, entradas);
        await page.keyboard.press('Escape');
        await expect(boton).toHaveAttribute('aria-expanded', 'false');
        await expect(lista).toBeHidden();
        await expect(boton).toBeFocused();
      });
    }
  });

  test('cada menú se abre con el teclado (Tab y Enter o Espacio) y Escape devuelve el foco al botón', async ({ page }) => {
    await abrirHidratada(page, '/home');
    for (const [i, [nombre, entradas]] of Object.entries(menus).entries()) {
      await test.step(nombre, async () => {
        const boton = botonMenu(page, nombre);
        const lista = await listaDe(page, boton);
        await tabHasta(page, boton);
        await page.keyboard.press(i % 2 === 0 ? 'Enter' : 'Space');
        await expect(boton).toHaveAttribute('aria-expanded', 'true');
        await expect(lista).toBeVisible();
        // The next Tab goes into the open menu, to its first entry.
        await page.keyboard.press('Tab');
        await expect(lista.getByRole('link').first()).toBeFocused();
        await expect(lista.getByRole('link').first()).toHaveAccessibleName(new RegExp(`^${entradas[0]?.nombre}`));
        await page.keyboard.press('Escape');
        await expect(lista).toBeHidden();
        await expect(boton).toBeFocused();
        await expect(boton).toHaveAttribute('aria-expanded', 'false');
      });
    }
  });

  test('las flechas recorren las entradas y Tab fuera del menú lo cierra', async ({ page }) => {
    await abrirHidratada(page, '/home');
    const boton = botonMenu(page, 'Empleados');
    const lista = await listaDe(page, boton);
    await boton.focus();
    await page.keyboard.press('ArrowDown');
    const enlaces = lista.getByRole('link');
    await expect(enlaces.nth(0)).toBeFocused();
    await page.keyboard.press('ArrowDown');
    await expect(enlaces.nth(1)).toBeFocused();
    await page.keyboard.press('End');
    await expect(enlaces.nth(2)).toBeFocused();
    await page.keyboard.press('ArrowDown');
    await expect(enlaces.nth(0)).toBeFocused();
    await page.keyboard.press('ArrowUp');
    await expect(enlaces.nth(2)).toBeFocused();
    // Past the last entry, focus leaves the menu and the menu closes.
    await page.keyboard.press('Tab');
    await expect(boton).toHaveAttribute('aria-expanded', 'false');
    await expect(lista).toBeHidden();
  });

  test('un clic afuera cierra el menú abierto', async ({ page }) => {
    await abrirHidratada(page, '/home');
    const boton = botonMenu(page, 'Gobierno');
    await boton.click();
    await expect(boton).toHaveAttribute('aria-expanded', 'true');
    await page.getByText('2025 Todos los derechos reservados').click();
    await expect(boton).toHaveAttribute('aria-expanded', 'false');
    await expect(await listaDe(page, boton)).toBeHidden();
  });

  test('abrir un menú cierra el que estaba abierto', async ({ page }) => {
    await abrirHidratada(page, '/home');
    const gobierno = botonMenu(page, 'Gobierno');
    const ciudadano = botonMenu(page, 'Ciudadano');
    await gobierno.click();
    await ciudadano.click();
    await expect(ciudadano).toHaveAttribute('aria-expanded', 'true');
    await expect(gobierno).toHaveAttribute('aria-expanded', 'false');
    await expect(await listaDe(page, gobierno)).toBeHidden();
    // By keyboard too.
    await gobierno.focus();
    await page.keyboard.press('Enter');
    await expect(gobierno).toHaveAttribute('aria-expanded', 'true');
    await expect(ciudadano).toHaveAttribute('aria-expanded', 'false');
    // A second click on the same button closes it.
    await gobierno.click();
    await expect(gobierno).toHaveAttribute('aria-expanded', 'false');
  });

  test('elegir una entrada externa la abre en otra pestaña y cierra el menú', async ({ page }) => {
    await abrirHidratada(page, '/home');
    const boton = botonMenu(page, 'Gobierno');
    await boton.click();
    const pestana = page.waitForEvent('popup');
    await (await listaDe(page, boton)).getByRole('link', { name: /^Gestión y Presupuesto/ }).click();
    await (await pestana).close();
    await expect(boton).toHaveAttribute('aria-expanded', 'false');
    await expect(page).toHaveURL(/\/home$/);
  });

  test('el botón Menú no aparece en computadora', async ({ page }) => {
    await abrirHidratada(page, '/home');
    await expect(page.getByRole('button', { name: 'Menú' })).toBeHidden();
    for (const nombre of nombresMenus) await expect(botonMenu(page, nombre)).toBeVisible();
  });

  test('sin errores de accesibilidad con un menú abierto', async ({ page }) => {
    await abrirHidratada(page, '/home');
    await botonMenu(page, 'Ciudadano').click();
    await expectAccessible(page);
  });
});

test.describe('menú en teléfono', () => {
  test.use({ viewport: viewports.telefono });

  test('el botón Menú despliega y repliega la navegación', async ({ page }) => {
    await abrirHidratada(page, '/home');
    const alternar = page.getByRole('button', { name: 'Menú' });
    await expect(alternar).toBeVisible();
    await expect(alternar).toHaveAttribute('aria-expanded', 'false');
    await expect(alternar).toHaveAttribute('aria-controls', /.+/);
    const gobierno = botonMenu(page, 'Gobierno');
    await expect(gobierno).toBeHidden();

    await alternar.click();
    await expect(alternar).toHaveAttribute('aria-expanded', 'true');
    for (const nombre of nombresMenus) await expect(botonMenu(page, nombre)).toBeVisible();
    await gobierno.click();
    const lista = await listaDe(page, gobierno);
    await esperarEntradas(lista, menus.Gobierno ?? []);
    await expectAccessible(page);

    // Escape closes the open menu first, then the panel, each time returning focus to its button.
    await lista.getByRole('link').first().focus();
    await page.keyboard.press('Escape');
    await expect(lista).toBeHidden();
    await expect(gobierno).toBeFocused();
    await page.keyboard.press('Escape');
    await expect(alternar).toHaveAttribute('aria-expanded', 'false');
    await expect(alternar).toBeFocused();
    await expect(gobierno).toBeHidden();

    // And by clicking the button again, or anywhere outside.
    await alternar.click();
    await expect(gobierno).toBeVisible();
    await alternar.click();
    await expect(gobierno).toBeHidden();
    await alternar.click();
    await expect(gobierno).toBeVisible();
    // Below the panel, on the page itself.
    await page.mouse.click(viewports.telefono.width / 2, viewports.telefono.height - 20);
    await expect(alternar).toHaveAttribute('aria-expanded', 'false');
    await expect(gobierno).toBeHidden();
  });

  test('los íconos de contacto y redes están en el panel', async ({ page }) => {
    await abrirHidratada(page, '/home');
    await page.getByRole('button', { name: 'Menú' }).click();
    const nav = page.getByRole('navigation', { name: 'Principal' });
    await expect(nav.getByRole('link', { name: `Escribir a ${emailContacto}` })).toHaveAttribute('href', `mailto:${emailContacto}`);
    await expect(nav.getByRole('link', { name: `Llamar al ${municipio.telefono}` })).toHaveAttribute('href', 'tel:+542944494100');
    for (const red of redesSociales) {
      await expect(nav.getByRole('link', { name: `${red.nombre} ${NUEVA_PESTANA}` })).toHaveAttribute('href', red.href);
    }
  });
});

test.describe('sin JavaScript', () => {
  test.use({ javaScriptEnabled: false });

  test('en computadora los menús se abren con el foco (clic o Tab)', async ({ page }) => {
    await page.setViewportSize(viewports.escritorio);
    await page.goto('/home');
    const gobierno = botonMenu(page, 'Gobierno');
    // Nothing would keep aria-expanded true without JavaScript, so it is not claimed.
    await expect(gobierno).not.toHaveAttribute('aria-expanded');
    const lista = await listaDe(page, gobierno);
    await expect(lista).toBeHidden();
    await gobierno.click();
    await esperarEntradas(lista, menus.Gobierno ?? []);
    const ciudadano = botonMenu(page, 'Ciudadano');
    await tabHasta(page, ciudadano);
    await expect(lista).toBeHidden();
    await expect((await listaDe(page, ciudadano)).getByRole('link').first()).toBeVisible();
    await page.keyboard.press('Tab');
    await expect((await listaDe(page, ciudadano)).getByRole('link').first()).toBeFocused();
  });

  test('en teléfono el botón Menú muestra la navegación', async ({ page }) => {
    await page.setViewportSize(viewports.telefono);
    await page.goto('/home');
    const gobierno = botonMenu(page, 'Gobierno');
    await expect(gobierno).toBeHidden();
    await page.getByRole('button', { name: 'Menú' }).click();
    await expect(gobierno).toBeVisible();
    await gobierno.click();
    await expect((await listaDe(page, gobierno)).getByRole('link', { name: 'Áreas', exact: true })).toBeVisible();
  });
});

test.describe('barra superior y pie', () => {
  test.use({ viewport: viewports.escritorio });

  test('el logo lleva al inicio y el enlace para saltar va al contenido', async ({ page }) => {
    await abrirHidratada(page, '/home');
    const logo = page.getByRole('banner').getByRole('link', { name: 'Municipalidad de Villa La Angostura' });
    await expect(logo).toHaveAttribute('href', '/home');
    await expect(logo.getByRole('img', { name: 'Municipalidad de Villa La Angostura' })).toBeVisible();

    await page.keyboard.press('Tab');
    const saltar = page.getByRole('link', { name: 'Saltar al contenido' });
    await expect(saltar).toBeFocused();
    await expect(saltar).toBeInViewport();
    await expect(saltar).toHaveAttribute('href', '#contenido');
    await page.keyboard.press('Enter');
    await expect(page.locator('main#contenido')).toBeFocused();
  });

  test('correo, teléfono y redes en la barra superior', async ({ page }) => {
    await abrirHidratada(page, '/home');
    const cabecera = page.getByRole('banner');
    const correo = cabecera.getByRole('link', { name: `Escribir a ${emailContacto}` });
    await expect(correo).toBeVisible();
    await expect(correo).toHaveAttribute('href', `mailto:${emailContacto}`);
    const telefono = cabecera.getByRole('link', { name: `Llamar al ${municipio.telefono}` });
    await expect(telefono).toBeVisible();
    await expect(telefono).toHaveAttribute('href', 'tel:+542944494100');
    for (const red of redesSociales) {
      const enlace = cabecera.getByRole('link', { name: `${red.nombre} ${NUEVA_PESTANA}`, exact: true });
      await expect(enlace).toBeVisible();
      await expect(enlace).toHaveAttribute('href', red.href);
      await expect(enlace).toHaveAttribute('target', '_blank');
      await expect(enlace).toHaveAttribute('rel', 'noopener noreferrer');
    }
  });

  test('el pie muestra redes, direcciones, teléfonos y el aviso de derechos', async ({ page }) => {
    await abrirHidratada(page, '/home');
    const pie = page.getByRole('contentinfo');
    await expect(pie.getByText(municipio.direccion)).toBeVisible();
    await expect(pie.getByRole('link', { name: municipio.telefono })).toHaveAttribute('href', 'tel:+542944494100');
    await expect(pie.getByText(oficinaTurismo.direccion)).toBeVisible();
    await expect(pie.getByRole('link', { name: oficinaTurismo.telefono })).toHaveAttribute('href', 'tel:+542944494124');
    await expect(pie.getByText('2025 Todos los derechos reservados', { exact: true })).toBeVisible();
    for (const red of redesSociales) {
      const enlace = pie.getByRole('link', { name: `${red.nombre} ${NUEVA_PESTANA}`, exact: true });
      await expect(enlace).toHaveAttribute('href', red.href);
      await expect(enlace).toHaveAttribute('target', '_blank');
      await expect(enlace).toHaveAttribute('rel', 'noopener noreferrer');
    }
  });

  test('la columna decorativa aparece desde 1200 px y está oculta para lectores de pantalla', async ({ page }) => {
    await abrirHidratada(page, '/home');
    const decoracion = page.locator('.sitio__decoracion');
    await expect(decoracion).toHaveAttribute('aria-hidden', 'true');
    await expect(decoracion).toBeVisible();
    await page.setViewportSize({ width: 1199, height: 900 });
    await expect(decoracion).toBeHidden();
  });
});

test('la consola muestra la versión, el número de compilación y la fecha', async ({ page }) => {
  const version = page.waitForEvent('console', (message) => message.text().startsWith('Municipalidad de Villa La Angostura'));
  await page.goto('/home');
  const message = await version;
  expect(message.type()).toBe('info');
  expect(message.text()).toMatch(/^Municipalidad de Villa La Angostura 0\.1\.33 \(build \d+, \d{4}-\d{2}-\d{2}T[\d:.]+Z\)$/);
});

test('al cambiar de página sin recargar, el foco pasa al contenido principal', async ({ page }) => {
  await page.goto('/home');
  // Changing page without a reload needs the app, which starts after the load event (docs/decisions/010-lighthouse.md).
  await esperarHidratacion(page);
  await page.getByRole('main').getByRole('link', { name: 'Consulta de Ordenanzas' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Consulta de Ordenanzas' })).toBeVisible();
  await expect(page.locator('#contenido')).toBeFocused();
  // Typing a search changes only the query string: focus stays in the field.
  await page.getByLabel('Buscar en la descripción').pressSequentially('resid', { delay: 30 });
  await expect(page).toHaveURL(/pattern=resid/);
  await expect(page.getByLabel('Buscar en la descripción')).toBeFocused();
});
