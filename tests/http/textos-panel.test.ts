// Texts for clerks, not programmers (docs/decisions/052-confirmar-antes-de-escribir.md, "Textos para
// el personal"): the editor's help without tags, the desk list's deadline with its number, the
// dashboard's «what waits for you» per role and «what changed lately» in the audit's sentences, and
// the personal-data export as a document to print beside the JSON file.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSolicitud } from '#tests/factories/mesa.ts';
import { type TestApp, createTestApp } from '#tests/setup/app.ts';
import { engines } from '#tests/setup/database.ts';
import { ADMIN, EDITOR, MESA, enviar, ingresar, textoDe, ver } from '#tests/setup/panel.ts';
import { validarHtml } from '#tests/setup/validador-html.ts';

describe.each(engines)('los textos del panel (%s)', (engine) => {
  let t: TestApp;
  const sesiones = { admin: '', editor: '', mesa: '' };

  beforeAll(async () => {
    t = await createTestApp(engine);
    sesiones.admin = await ingresar(t, ADMIN);
    sesiones.editor = await ingresar(t, EDITOR);
    sesiones.mesa = await ingresar(t, MESA);
  });
  afterAll(() => t?.close());

  it('la ayuda del editor habla de botones y marcas, no de etiquetas HTML', async () => {
    // The current bulletin's page, where the legal text is written with the editor.
    const vigente = await ver(t, '/admin/boletin-vigente', sesiones.editor);
    const res = vigente.statusCode === 303 ? await ver(t, vigente.headers.location as string, sesiones.editor) : vigente;
    expect(res.statusCode).toBe(200);
    const texto = textoDe(res.body);
    expect(texto).toContain('Usá los botones del editor para poner negrita, cursiva, títulos, listas y enlaces');
    expect(texto).toContain('dejá las marcas como están');
    // The bulletin's own text is in the box as HTML; the help around it names no tag.
    expect(texto).not.toContain('Sin JavaScript, HTML');
    expect(texto).not.toMatch(/<p>, <strong>|<h3>, <h4>/);
  });

  it('la lista de la mesa dice cuántos días hábiles hay para responder', async () => {
    const texto = textoDe((await ver(t, '/admin/solicitudes', sesiones.mesa)).body);
    expect(texto).toContain('El plazo para responder es de 15 días hábiles desde el día en que llegó cada una, y 15 más si se prorrogó');
    expect(texto).not.toContain('es de días hábiles');
  });

  it('el panel: lo que espera por cada rol, el correo sin servidor, y lo último que cambió en sus secciones, en frases', async () => {
    const s = await createSolicitud(t.context, { nombre: 'Rosa Panel' });
    expect((await enviar(t, `/admin/solicitudes/${s.codigo}`, sesiones.mesa, { intent: 'en-proceso' })).statusCode).toBe(303);

    const mesa = textoDe((await ver(t, '/admin', sesiones.mesa)).body);
    expect(mesa).toContain('Lo que espera por vos');
    expect(mesa).toContain('Solicitudes nuevas');
    // No SMTP_URL in this app: every role is told the mail does not leave.
    expect(mesa).toContain('El correo no sale');
    expect(mesa).toContain('El servidor de correo no está configurado');
    expect(mesa).toContain('Lo último que cambió');
    expect(mesa).toMatch(new RegExp(`pasó la solicitud ${s.codigo} a «En proceso» el \\d{2}/\\d{2}/\\d{4} a las \\d{2}:\\d{2}`));
    expect(mesa).not.toContain('No hay nada pendiente');

    const editor = await ver(t, '/admin', sesiones.editor);
    const deEditor = textoDe(editor.body);
    expect(deEditor).toContain('El correo no sale');
    expect(deEditor).toContain('Lo último que cambió');
    // Only its own sections: the desk's work is not the editor's.
    expect(deEditor).not.toContain(s.codigo);
    expect(editor.body).not.toContain('href="/admin/correo');
    expect(deEditor).not.toContain('No hay nada pendiente');
  });

  it('sin servidor de correo, invitar a alguien dice que el correo quedó esperando, no que le llega', async () => {
    const res = await enviar(t, '/admin/usuarios', sesiones.admin, {
      intent: 'invitar',
      email: 'nora.espera@villalaangostura.gob.ar',
      nombre: 'Nora',
      apellido: 'Espera',
      rol: 'editor',
    });
    expect(res.statusCode).toBe(200);
    const texto = textoDe(res.body);
    expect(texto).toContain('Invitamos a Nora Espera, pero el correo con el enlace para crear su contraseña quedó en la bandeja de salida');
    expect(texto).not.toContain('le llega un correo');
  });

  it('la exportación de datos personales también como documento para leer o imprimir, con sus estilos de impresión y todo escapado', async () => {
    const s = await createSolicitud(t.context, {
      dni: '27111222',
      nombre: 'Ana Impresa',
      email: 'ana.impresa@correo.test',
      numero: '12/2024',
      aclaraciones: 'Para un trámite.\n<script>alert(1)</script>',
    });
    const pagina = textoDe((await ver(t, '/admin/datos-personales', sesiones.admin)).body);
    expect(pagina).toContain('Descargar para leer o imprimir (HTML)');
    expect(pagina).toContain('Descargar (JSON)');

    const res = await enviar(t, '/admin/datos-personales', sesiones.admin, { intent: 'exportar-html', dni: '27.111.222' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(res.headers['content-disposition']).toMatch(/^attachment; filename="datos-personales-\d{4}-\d{2}-\d{2}\.html"$/);
    expect(res.headers['cache-control']).toBe('no-store');
    expect(res.body).toMatch(/^<!DOCTYPE html><html lang="es-AR">/);
    expect(res.body).toContain('@media print');
    expect(res.body).toContain('"Segoe UI"');
    const texto = textoDe(res.body);
    expect(texto).toContain('Datos personales que guarda la Municipalidad de Villa La Angostura');
    expect(texto).toContain('Ley 25.326 de Protección de los Datos Personales, art. 14');
    expect(texto).toContain(`Solicitud ${s.codigo}`);
    expect(texto).toContain('ana.impresa@correo.test');
    expect(texto).toContain(`Recibimos su solicitud de decreto (${s.codigo})`);
    // What the citizen typed is text, never markup.
    expect(res.body).not.toContain('<script>alert(1)</script>');
    expect(res.body).toContain('&lt;script&gt;alert(1)&lt;/script&gt;');
    // The document and the dashboard are valid HTML (docs/decisions/027-html-valido.md).
    const informe = await validarHtml([
      { nombre: 'exportación', html: res.body },
      { nombre: 'panel', html: (await ver(t, '/admin', sesiones.admin)).body },
    ]);
    expect([...informe.values()].flat()).toEqual([]);

    // A DNI that is not one: the page with its error, no file.
    const mal = await enviar(t, '/admin/datos-personales', sesiones.admin, { intent: 'exportar-html', dni: '12x' });
    expect(mal.statusCode).toBe(400);
    expect(mal.headers['content-disposition']).toBeUndefined();
    expect(textoDe(mal.body)).toContain('Ingresá un DNI de 7 u 8 números');
  });
});
