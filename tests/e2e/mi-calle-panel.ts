import type { Page } from '@playwright/test';
import { esperarHidratacion, expect } from './fixtures.ts';

/** A square zone of `lado` degrees around `centro`, as the back-office form takes it (GeoJSON). */
function cuadradoGeoJSON(centro: { lat: number; lon: number }, lado: number): string {
  const d = lado / 2;
  const [n, s, e, o] = [centro.lat + d, centro.lat - d, centro.lon + d, centro.lon - d];
  return JSON.stringify({
    type: 'Polygon',
    coordinates: [
      [
        [o, s],
        [e, s],
        [e, n],
        [o, n],
        [o, s],
      ],
    ],
  });
}

/**
 * Adds a zone of this run through Mi calle's back-office (an editor's or administrator's session on
 * `page`) with one service every day, all day (no hours: the vehicles' service hours, the whole day in
 * the demo), a holiday round on holidays so it passes whatever today is, and its vehicles
 * «Recolección». Answers the zone's short address.
 */
export async function agregarZonaConServicio(page: Page, datos: { nombre: string; centro: { lat: number; lon: number }; servicio: string }): Promise<string> {
  await page.goto('/admin/recoleccion');
  await esperarHidratacion(page);
  const zona = page.getByRole('form', { name: 'Agregar una zona' });
  await zona.getByRole('textbox', { name: 'Nombre', exact: true }).fill(datos.nombre);
  await zona.getByLabel('Área (GeoJSON)').fill(cuadradoGeoJSON(datos.centro, 0.03));
  await zona.getByRole('button', { name: 'Agregar la zona' }).click();
  await expect(page).toHaveURL(/\/admin\/recoleccion\/zonas\/[a-z0-9-]+\?aviso=alta$/);
  const slug = new URL(page.url()).pathname.split('/').pop()!;

  await page.goto(`/admin/recoleccion/zonas/${slug}/servicios/nuevo`);
  await esperarHidratacion(page);
  await page.getByLabel('Nombre del servicio').fill(datos.servicio);
  await page.getByRole('radio', { name: /^Con la regla de repetición/ }).check();
  await page.getByLabel('Regla de repetición (RRULE)').fill('FREQ=DAILY');
  await page.getByLabel('Rige desde').fill('2026-01-01');
  await page.getByLabel('En un feriado').selectOption('guardia');
  await page.getByLabel('Nombre del recorrido de guardia').fill('Recorrido de guardia de prueba');
  await page.getByLabel('Vehículos que lo hacen').selectOption('recoleccion');
  await page.getByRole('button', { name: 'Agregar el servicio' }).click();
  await expect(page).toHaveURL(new RegExp(`/admin/recoleccion/zonas/${slug}\\?aviso=servicio$`));
  await expect(page.getByRole('row').filter({ hasText: datos.servicio })).toContainText('FREQ=DAILY');
  return slug;
}
