import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { type Page } from '@playwright/test';
import { DEMO_USUARIOS } from '#server/demo/usuarios.ts';
import { esperarHidratacion, expect, expectAccessibleAtWidths, guardarSesion, test } from './fixtures.ts';

// The back-office's outbox, holidays and personal-data pages against the run's one
// server. The administrator signs in once (sign-ins per address are limited, and every spec signs
// in from 127.0.0.1) and each test opens the pages with that session. Holidays go in 2034 and
// 2035, years no other spec touches; the request sent here has a DNI of its own; nothing here
// writes what the render cache depends on (the other specs count on its hits).
test.describe.configure({ mode: 'serial' });

const [ADMIN] = DEMO_USUARIOS as [(typeof DEMO_USUARIOS)[number]];
const SESION = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'vla-e2e-panel-')), 'sesion.json');
// Empty until the sign-in below fills it: the sign-in's own context starts from it too.
fs.writeFileSync(SESION, JSON.stringify({ cookies: [], origins: [] }));

test.beforeAll(async ({ browser, baseURL }) => {
  await guardarSesion(browser, baseURL, ADMIN, '/admin/feriados', SESION);
});

test.use({ storageState: SESION });

const fila = (page: Page, texto: string | RegExp) => page.getByRole('row').filter({ hasText: texto });

test('un administrador agrega un feriado, lo ve en la lista, lo edita y lo borra', async ({ page }) => {
  await page.goto('/admin');
  await esperarHidratacion(page);
  await page.getByRole('navigation', { name: 'Menú del panel' }).getByRole('link', { name: 'Feriados' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Feriados' })).toBeVisible();
  // Another year through the page's own GET form.
  await page.getByLabel('Otro año').fill('2034');
  await page.getByRole('button', { name: 'Ver', exact: true }).click();
  await expect(page).toHaveURL(/\/admin\/feriados\?anio=2034$/);
  await expect(page.getByRole('heading', { level: 2, name: 'Feriados de 2034' })).toBeVisible();
  await expect(page.getByText('No hay feriados cargados para 2034')).toBeVisible();

  const agregar = page.getByRole('form', { name: 'Agregar un feriado' });
  // Without a name: the summary takes the focus and its link leads to the field.
  await agregar.getByLabel('Fecha').fill('2034-03-20');
  await agregar.getByLabel('Tipo').selectOption({ label: 'Feriado local' });
  await agregar.getByRole('button', { name: 'Agregar feriado' }).click();
  const resumen = page.getByRole('alert').filter({ hasText: 'Revisá el feriado' });
  await expect(resumen).toBeFocused();
  await expect(page).toHaveTitle(/^Error: Feriados 2034/);
  await resumen.getByRole('link', { name: /Nombre: Escribí el nombre del feriado/ }).click();
  await expect(agregar.getByLabel('Nombre')).toBeFocused();
  await agregar.getByLabel('Nombre').fill('Asueto de prueba del panel');
  await agregar.getByRole('button', { name: 'Agregar feriado' }).click();
  await expect(page.getByRole('status')).toHaveText(/^Agregamos el feriado del lunes 20 de marzo de 2034 \(Asueto de prueba del panel\)/);
  await expect(page.getByRole('status')).toBeFocused();
  await expect(fila(page, 'Asueto de prueba del panel')).toContainText('lunes 20 de marzo de 2034');
  await expect(fila(page, 'Asueto de prueba del panel')).toContainText('Feriado local');

  // Edit: a step of the page, its heading focused, the values filled in.
  await page.getByRole('link', { name: 'Editar el feriado del lunes 20 de marzo de 2034' }).click();
  const titulo = page.getByRole('heading', { level: 2, name: 'Editar el feriado del lunes 20 de marzo de 2034' });
  await expect(titulo).toBeFocused();
  const editar = page.getByRole('form', { name: 'Editar el feriado del lunes 20 de marzo de 2034' });
  await expect(editar.getByLabel('Nombre')).toHaveValue('Asueto de prueba del panel');
  await editar.getByLabel('Fecha').fill('2034-03-24');
  await editar.getByLabel('Nombre').fill('Puente de prueba del panel');
  await editar.getByLabel('Tipo').selectOption({ label: 'Puente turístico' });
  await editar.getByRole('button', { name: 'Guardar cambios' }).click();
  await expect(page.getByRole('status')).toHaveText(/^Guardamos el feriado del viernes 24 de marzo de 2034 \(Puente de prueba del panel\)/);
  await expect(fila(page, 'Puente de prueba del panel')).toContainText('Puente turístico');
  await expect(fila(page, 'Asueto de prueba del panel')).toHaveCount(0);

  // Delete: a confirmation step first; cancelling changes nothing.
  await page.getByRole('link', { name: 'Borrar el feriado del viernes 24 de marzo de 2034' }).click();
  await expect(page.getByRole('heading', { level: 2, name: '¿Borrar el feriado del viernes 24 de marzo de 2034?' })).toBeFocused();
  await page.getByRole('link', { name: 'Cancelar y volver a los feriados de 2034' }).click();
  await expect(fila(page, 'Puente de prueba del panel')).toHaveCount(1);
  await page.getByRole('link', { name: 'Borrar el feriado del viernes 24 de marzo de 2034' }).click();
  await page.getByRole('button', { name: 'Sí, borrar el feriado' }).click();
  await expect(page.getByRole('status')).toHaveText(/^Borramos el feriado del viernes 24 de marzo de 2034/);
  await expect(fila(page, 'Puente de prueba del panel')).toHaveCount(0);
});

/** The request this spec sends from the public form: its mails fill the outbox, its DNI is exported and erased. */
const PERSONA = { nombre: 'Rayén Panel', dni: '20340034', email: `panel.e2e.${Date.now()}@municipio.test`, numero: '34/2034' };
let codigo = '';

test('un administrador ve en la bandeja de salida los correos de una solicitud, enviados, y filtra por estado', async ({ page }) => {
  await page.goto('/solicitud-decretos');
  await esperarHidratacion(page);
  await page.getByLabel('Nombre').fill(PERSONA.nombre);
  await page.getByLabel('DNI').fill(PERSONA.dni);
  await page.getByLabel('Email').fill(PERSONA.email);
  await page.getByLabel('Número de Decreto').fill(PERSONA.numero);
  await page.getByRole('button', { name: 'Enviar' }).click();
  codigo = (await page.locator('.decretos__codigo').innerText()).trim();
  expect(codigo).toMatch(/^SD-\d{4}-/);

  await page.goto('/admin');
  await esperarHidratacion(page);
  await page.getByRole('navigation', { name: 'Menú del panel' }).getByRole('link', { name: 'Correo' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Bandeja de salida' })).toBeVisible();
  // This run has an SMTP server: no notice about configuring one.
  await expect(page.getByText('El envío de correo no está configurado')).toHaveCount(0);
  const filtros = page.getByRole('form', { name: 'Filtros de la bandeja de salida' });
  await filtros.getByLabel('Referencia').fill(codigo);
  await filtros.getByRole('button', { name: 'Filtrar' }).click();
  await expect(page).toHaveURL(new RegExp(`/admin/correo\\?estado=&referencia=${codigo}$`));
  await expect(page.getByText('2 correos', { exact: true })).toBeVisible();
  const acuse = fila(page, `Recibimos su solicitud de decreto (${codigo})`);
  // An administrator sees the whole address; the worker sends both to the run's SMTP server.
  await expect(acuse).toContainText(PERSONA.email);
  await expect(fila(page, `Nueva solicitud de decreto ${codigo}`)).toHaveCount(1);
  await expect(async () => {
    await page.reload();
    await expect(acuse).toContainText('Enviado', { timeout: 1000 });
  }).toPass({ timeout: 15_000 });

  await filtros.getByLabel('Estado').selectOption({ label: 'Fallido' });
  await filtros.getByRole('button', { name: 'Filtrar' }).click();
  await expect(page).toHaveURL(new RegExp(`/admin/correo\\?estado=fallido&referencia=${codigo}$`));
  await expect(page.getByText('No hay correos con esos filtros.')).toBeVisible();
  await page.getByRole('link', { name: 'Quitar filtros' }).click();
  await expect(page).toHaveURL(/\/admin\/correo$/);
});

test('datos personales: exportar descarga un JSON; borrar pide el DNI dos veces; el plazo de conservación se valida', async ({ page }) => {
  expect(codigo, 'la solicitud del test anterior').not.toBe('');
  await page.goto('/admin/datos-personales');
  await esperarHidratacion(page);
  await expect(page.getByRole('heading', { level: 1, name: 'Datos personales' })).toBeVisible();

  const exportar = page.getByRole('form', { name: 'Exportar los datos de una persona' });
  await exportar.getByLabel('DNI').fill('20.340.034');
  const descarga = page.waitForEvent('download');
  await exportar.getByRole('button', { name: 'Descargar (JSON)' }).click();
  const archivo = await descarga;
  expect(archivo.suggestedFilename()).toMatch(/^datos-personales-\d{4}-\d{2}-\d{2}\.json$/);
  const contenido = JSON.parse(fs.readFileSync(await archivo.path(), 'utf8')) as {
    dni: string;
    solicitudes: { codigo: string; nombre: string; email: string }[];
  };
  expect(contenido.dni).toBe(PERSONA.dni);
  expect(contenido.solicitudes).toMatchObject([{ codigo, nombre: PERSONA.nombre, email: PERSONA.email }]);
  await expect(page).toHaveURL(/\/admin\/datos-personales$/);

  const borrar = page.getByRole('form', { name: 'Borrar los datos de una persona' });
  await borrar.getByRole('textbox', { name: 'DNI', exact: true }).fill(PERSONA.dni);
  await borrar.getByLabel('Repetí el DNI').fill('20340035');
  await borrar.getByRole('button', { name: 'Borrar los datos' }).click();
  const resumen = page.getByRole('alert').filter({ hasText: 'Revisá el DNI a borrar' });
  await expect(resumen).toBeFocused();
  await expect(resumen).toContainText('Los dos DNI no coinciden');
  await borrar.getByLabel('Repetí el DNI').fill('20.340.034');
  await borrar.getByRole('button', { name: 'Borrar los datos' }).click();
  await expect(page.getByRole('status')).toContainText(`Borramos los datos personales de 1 solicitud (${codigo})`);
  await expect(page.getByRole('status')).toBeFocused();

  // The retention setting is only tried with a value it refuses: saving one is a write of the
  // site settings, which empties every instance's render cache under the other specs' feet (the
  // HTTP tests save it).
  const conservacion = page.getByRole('form', { name: 'Conservación de las solicitudes cerradas' });
  const campo = conservacion.getByLabel('Días de conservación');
  await expect(campo).toHaveValue(/^\d+$/);
  await campo.fill('29');
  await conservacion.getByRole('button', { name: 'Guardar' }).click();
  const error = page.getByRole('alert').filter({ hasText: 'Revisá el plazo de conservación' });
  await expect(error).toBeFocused();
  await expect(error).toContainText('Los datos se conservan al menos 30 días después de cerrar la solicitud.');
  await expect(campo).toHaveAttribute('aria-invalid', 'true');
});

test('las tres páginas pasan axe a 390 y 1366 px, también el paso que confirma un borrado', async ({ page }) => {
  test.setTimeout(120_000);
  for (const ruta of ['/admin/correo', '/admin/feriados?anio=2026', '/admin/datos-personales']) {
    await test.step(ruta, () => expectAccessibleAtWidths(page, ruta));
  }
  await expectAccessibleAtWidths(page, '/admin/feriados?borrar=2026-07-09');
  await expect(page.getByRole('heading', { level: 2, name: '¿Borrar el feriado del jueves 9 de julio de 2026?' })).toBeVisible();
});

test.describe('sin JavaScript', () => {
  test.use({ javaScriptEnabled: false });

  test('agregar un feriado y borrarlo con su paso de confirmación funcionan con formularios comunes', async ({ page }) => {
    await page.goto('/admin/feriados?anio=2035');
    await expect(page.getByRole('heading', { level: 2, name: 'Feriados de 2035' })).toBeVisible();
    const agregar = page.getByRole('form', { name: 'Agregar un feriado' });
    await agregar.getByLabel('Fecha').fill('2035-02-31');
    await agregar.getByLabel('Nombre').fill('Sin JavaScript');
    await agregar.getByLabel('Tipo').selectOption({ label: 'Día no laborable' });
    await agregar.getByRole('button', { name: 'Agregar feriado' }).click();
    await expect(page.getByRole('alert').filter({ hasText: 'Revisá el feriado' })).toContainText('Ingresá una fecha válida');
    await agregar.getByLabel('Fecha').fill('2035-04-05');
    await agregar.getByRole('button', { name: 'Agregar feriado' }).click();
    await expect(page).toHaveURL(/\/admin\/feriados\?anio=2035&aviso=alta&fecha=2035-04-05$/);
    await expect(page.getByRole('status')).toContainText('Agregamos el feriado del jueves 5 de abril de 2035 (Sin JavaScript)');
    await page.getByRole('link', { name: 'Borrar el feriado del jueves 5 de abril de 2035' }).click();
    await expect(page.getByRole('heading', { level: 2, name: '¿Borrar el feriado del jueves 5 de abril de 2035?' })).toBeVisible();
    await page.getByRole('button', { name: 'Sí, borrar el feriado' }).click();
    await expect(page.getByRole('status')).toContainText('Borramos el feriado del jueves 5 de abril de 2035');
    await expect(fila(page, 'Sin JavaScript')).toHaveCount(0);
  });
});
