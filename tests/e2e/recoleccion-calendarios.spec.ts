// A zone's printable collection month (docs/decisions/056-mi-calle.md) in Chromium: the calendar
// downloads from the page's own link and parses with ical.js; the table has its caption and column
// headers in the accessibility tree; axe finds nothing at 390 and 1366 px; printed, the month is alone
// on one page, black on white, without the site's header and menus.
import fs from 'node:fs';
import { PDFDocument } from 'pdf-lib';
import { leerIcs } from '#tests/setup/ical.ts';
import { expect, expectAccessibleAtWidths, test, viewports } from './fixtures.ts';

const PAGINA = '/recoleccion/centro?mes=2026-12';

test('el calendario de la zona se descarga desde el enlace de la página y se lee sin errores', async ({ page }) => {
  await page.goto(PAGINA);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Recolección en Centro: diciembre de 2026');
  const descarga = page.waitForEvent('download');
  await page.getByRole('link', { name: 'Todos los servicios de Centro (iCalendar, .ics)' }).click();
  const archivo = await descarga;
  expect(archivo.suggestedFilename()).toBe('centro.ics');
  const { propiedades, eventos } = leerIcs(fs.readFileSync((await archivo.path())!, 'utf8'));
  expect(propiedades.name).toBe('Recolección en Centro');
  expect(eventos.some((e) => e.uid.startsWith('centro-humedos-'))).toBe(true);

  // One service's file too, by keyboard.
  const otra = page.waitForEvent('download');
  await page.getByRole('link', { name: 'Sólo húmedos (iCalendar, .ics)' }).focus();
  await page.keyboard.press('Enter');
  const soloHumedos = leerIcs(fs.readFileSync((await (await otra).path())!, 'utf8'));
  expect(soloHumedos.propiedades.name).toBe('Recolección de húmedos en Centro');
  expect(soloHumedos.eventos.every((e) => e.uid.startsWith('centro-humedos-'))).toBe(true);
});

test('la tabla del mes: su nombre, sus encabezados de columna y cada día con lo que pasa; se navega entre meses', async ({ page }) => {
  for (const size of Object.values(viewports)) {
    await page.setViewportSize(size);
    await page.goto(PAGINA);
    const tabla = page.getByRole('table', { name: 'Recolección en Centro, diciembre de 2026' });
    await expect(tabla).toBeVisible();
    await expect(tabla.getByRole('columnheader')).toHaveText(['Lunes', 'Martes', 'Miércoles', 'Jueves', 'Viernes', 'Sábado', 'Domingo']);
    // 25 December, a Friday: the holiday and Centro's holiday round of húmedos.
    const navidad = tabla.getByRole('cell').filter({ has: page.locator('time[datetime="2026-12-25"]') });
    await expect(navidad).toContainText('Feriado');
    await expect(navidad).toContainText('Húmedos (recorrido de guardia)');
    // Nothing wider than the phone's screen.
    expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
  }
  await page.getByRole('link', { name: 'enero de 2027' }).click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Recolección en Centro: enero de 2027');
  await expect(page).toHaveURL(/\/recoleccion\/centro\?mes=2027-01$/);
});

test('la página del mes es accesible a 390 y 1366 px', async ({ page }) => {
  await expectAccessibleAtWidths(page, PAGINA);
});

test('impresa: el mes solo, en negro sobre blanco y en una página', async ({ page }) => {
  await page.goto(PAGINA);
  await page.emulateMedia({ media: 'print' });
  for (const selector of ['header.cabecera', 'footer.pie', '.migas-sitio', '.mes__suscribir', '.mes__navegacion'])
    await expect(page.locator(selector)).toBeHidden();
  await expect(page.getByRole('table')).toBeVisible();
  const colores = await page.evaluate(() => {
    const celda = getComputedStyle(document.querySelector('.mes__tabla td')!);
    return { fondo: getComputedStyle(document.body).backgroundColor, texto: celda.color, fondoCelda: celda.backgroundColor };
  });
  expect(colores).toEqual({ fondo: 'rgb(255, 255, 255)', texto: 'rgb(0, 0, 0)', fondoCelda: 'rgb(255, 255, 255)' });
  const pdf = await page.pdf({ preferCSSPageSize: true });
  expect((await PDFDocument.load(pdf)).getPageCount()).toBe(1);
});
