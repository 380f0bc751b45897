import type { Page } from '@playwright/test';
import { abrirHidratada, expect, expectAccessible, test, viewports } from './fixtures.ts';

// The phone menu by touch, as a person uses it: the open section's links push the buttons below it
// down, so the menus must switch on the tap's click, not close everything at its focus
// (app/components/layout/site-header.tsx). Pages that hydrate and pages without scripts
// (docs/decisions/008-javascript-solo-donde-hace-falta.md) must behave the same.
test.use({ viewport: viewports.telefono, hasTouch: true, isMobile: true });

const HIDRATADAS = ['/home', '/solicitud-decretos', '/seguimiento-vehiculos'];
const SIN_SCRIPTS = ['/boletines-oficiales', '/consulta-ordenanzas'];

function nav(page: Page) {
  return page.getByRole('navigation', { name: 'Principal' });
}
const boton = (page: Page, nombre: string) => nav(page).getByRole('button', { name: nombre, exact: true });
const enlace = (page: Page, nombre: string) => nav(page).getByRole('link', { name: nombre, exact: true });

/** Opens the panel, then one section after another, each tap switching to the section tapped. */
async function recorrerPorToques(page: Page, hidratada: boolean): Promise<void> {
  await page.getByRole('button', { name: 'Menú' }).tap();
  await expect(boton(page, 'Gobierno')).toBeVisible();

  await boton(page, 'Gobierno').tap();
  await expect(enlace(page, 'Áreas')).toBeVisible();

  // Ciudadano sits below Gobierno's nine links: the tap must open it, and the panel stays.
  await boton(page, 'Ciudadano').tap();
  await expect(enlace(page, 'Consulta de Ordenanzas')).toBeVisible();
  await expect(enlace(page, 'Áreas')).toBeHidden();
  await expect(boton(page, 'Gobierno')).toBeVisible();

  await boton(page, 'Empleados').tap();
  await expect(nav(page).getByRole('link', { name: /^Recibos/ })).toBeVisible();
  await expect(enlace(page, 'Consulta de Ordenanzas')).toBeHidden();

  // And back up to the first section, now above the open one.
  await boton(page, 'Gobierno').tap();
  await expect(enlace(page, 'Áreas')).toBeVisible();
  await expect(nav(page).getByRole('link', { name: /^Recibos/ })).toBeHidden();

  if (hidratada) {
    await expect(boton(page, 'Gobierno')).toHaveAttribute('aria-expanded', 'true');
    await expect(boton(page, 'Ciudadano')).toHaveAttribute('aria-expanded', 'false');
    await expect(boton(page, 'Empleados')).toHaveAttribute('aria-expanded', 'false');
    await expect(page.getByRole('button', { name: 'Menú' })).toHaveAttribute('aria-expanded', 'true');
  }
}

for (const path of HIDRATADAS) {
  test(`en ${path} (se hidrata) tocar otra sección del menú la abre en lugar de cerrar el menú`, async ({ page }) => {
    await abrirHidratada(page, path);
    await recorrerPorToques(page, true);
    if (path === '/home') await expectAccessible(page);
    // The Menú button still folds the whole panel away.
    await page.getByRole('button', { name: 'Menú' }).tap();
    await expect(boton(page, 'Gobierno')).toBeHidden();
  });
}

for (const path of SIN_SCRIPTS) {
  test(`en ${path} (sin scripts) tocar otra sección del menú la abre`, async ({ page }) => {
    await page.goto(path);
    await page.waitForLoadState('load');
    await expect(page.locator('script[type="module"]')).toHaveCount(0);
    await recorrerPorToques(page, false);
    if (path === '/boletines-oficiales') await expectAccessible(page);
  });
}
