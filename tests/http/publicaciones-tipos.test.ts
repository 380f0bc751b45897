// Drafts and scheduled publications of the other kinds over HTTP on the built app, both engines
// (docs/decisions/053-borradores-y-publicacion-programada.md): a new official bulletin, accounting
// statement, salary report and observatory document saved as a draft or scheduled is invisible on
// its public page and in the API; its preview renders the public page with the banner; the job (at
// its time) or «Publicar ahora» makes it public. A scheduled bulletin is not the current one before
// its time and is after (docs/decisions/050-un-solo-boletin.md). A bad time or what the command
// would refuse comes back with what was typed.
import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { generarPdf } from '#db/factories/pdf.ts';
import { publicacionesPendientes } from '#db/schema/index.ts';
import { readContentVersion } from '#server/content-version.ts';
import { publicarVencidas } from '#domain/publicaciones/commands.ts';
import { MENSAJES_FECHA } from '#domain/publicaciones/controles.ts';
import { MINUTO, relojManual } from '#tests/factories/usuarios.ts';
import { type TestApp, createTestApp } from '#tests/setup/app.ts';
import { engines } from '#tests/setup/database.ts';
import { ADMIN, EDITOR, MESA, enviar, ingresar, textoDe, ver } from '#tests/setup/panel.ts';
import { subirFormulario } from '#tests/setup/subidas.ts';

// The manual clock starts at 2026-03-10T15:00Z, 12:00 in Argentina.
const EN_DIEZ_MINUTOS = '2026-03-10T12:10';
const pdf = async (titulo: string) =>
  new File([new Uint8Array(await generarPdf({ titulo, parrafos: ['Documento de prueba.'] }))], 'documento.pdf', { type: 'application/pdf' });

describe.each(engines)('borradores y programadas de boletines, finanzas, Observatorio, Gobierno y ajustes (%s)', (engine) => {
  let t: TestApp;
  let editor: string;
  let mesa: string;
  const reloj = relojManual();

  beforeAll(async () => {
    t = await createTestApp(engine, { clock: reloj });
    [editor, mesa] = await Promise.all([ingresar(t, EDITOR), ingresar(t, MESA)]);
  });
  afterAll(() => t?.close());

  const pendiente = async (id: number) => (await t.database.db.select().from(publicacionesPendientes).where(eq(publicacionesPendientes.id, id)))[0];
  const cuantas = async () => (await t.database.db.select({ n: count() }).from(publicacionesPendientes))[0]!.n;
  const idDe = (res: { headers: Record<string, unknown> }) => Number(/^\/admin\/publicaciones\/(\d+)\?aviso=/.exec(String(res.headers.location))?.[1]);
  const publica = async (url: string) => {
    const res = await t.app.inject({ url });
    expect(res.statusCode, url).toBe(200);
    return textoDe(res.body);
  };
  /** The preview of a pending publication: the public page with the banner, staff only; afterwards nothing stayed. */
  async function vistaPrevia(id: number, espera: string) {
    const url = `/admin/publicaciones/${id}/vista-previa`;
    expect((await ver(t, url, mesa)).statusCode).toBe(403);
    const vista = await ver(t, url, editor);
    expect(vista.statusCode).toBe(200);
    expect(vista.headers['cache-control']).toBe('no-store');
    const texto = textoDe(vista.body);
    expect(texto).toContain('Vista previa: todavía no está publicado.');
    expect(texto).toContain(espera);
    const pagina = await ver(t, `/admin/publicaciones/${id}`, editor);
    expect(pagina.statusCode).toBe(200);
  }

  describe('boletines oficiales', () => {
    const boletin = async (numero: string, mes: string, control: [string, string][]) =>
      subirFormulario(t, '/admin/boletines', editor, [
        ['numero', numero],
        ['mes', mes],
        ['anio', '2026'],
        ['archivo', await pdf(`BOLETÍN OFICIAL N° ${numero}`)],
        ...control,
      ]);
    const vigente = async () =>
      ((await t.app.inject({ url: '/api/v1/boletin-vigente' })).json() as { boletin: { numeroBoletinOficial: number } | null }).boletin?.numeroBoletinOficial;

    it('programado: no es el vigente antes de su hora; la vista previa lo muestra como vigente; el trabajo lo publica y pasa a ser el vigente', async () => {
      expect(await vigente()).toBe(325);
      const res = await boletin('326', '12', [
        ['publicacion', 'programar'],
        ['publicarEn', EN_DIEZ_MINUTOS],
      ]);
      expect(res.statusCode).toBe(303);
      const id = idDe(res);
      expect(await pendiente(id)).toMatchObject({ tipo: 'boletin', estado: 'programada', titulo: 'Boletín Oficial N° 326 - Diciembre 2026' });
      expect(await publica('/boletines-oficiales')).not.toContain('N° 326');
      expect(await vigente()).toBe(325);
      await vistaPrevia(id, 'Boletín Vigente Boletín Oficial N° 326 – Diciembre 2026');
      expect(await publica('/boletines-oficiales')).not.toContain('N° 326');
      expect(await publicarVencidas(t.context)).toBe(0);
      expect(await vigente()).toBe(325);

      reloj.avanzar(11 * MINUTO);
      expect(await publicarVencidas(t.context)).toBe(1);
      expect((await pendiente(id))?.estado).toBe('publicada');
      expect(await vigente()).toBe(326);
      expect(await publica('/boletines-oficiales')).toContain('Boletín Vigente Boletín Oficial N° 326 – Diciembre 2026');
    });

    it('un borrador se publica con «Publicar ahora»; una hora mala o un número repetido vuelven con lo escrito y no guardan nada', async () => {
      const antes = await cuantas();
      const mala = await boletin('9327', '3', [
        ['publicacion', 'programar'],
        ['publicarEn', '2026-03-10T11:00'],
      ]);
      expect(mala.statusCode).toBe(400);
      expect(textoDe(mala.body)).toContain(MENSAJES_FECHA.pasada);
      expect(mala.body).toContain('value="9327"');
      expect(mala.body).toMatch(/id="publicacion-programar"[^>]*checked/);
      const repetido = await boletin('325', '11', [['publicacion', 'borrador']]);
      expect(repetido.statusCode).toBe(400);
      expect(textoDe(repetido.body)).toContain('Ya hay un Boletín Oficial N° 325 de 2026');
      expect(await cuantas()).toBe(antes);

      const res = await boletin('9327', '3', [['publicacion', 'borrador']]);
      expect(res.statusCode).toBe(303);
      const id = idDe(res);
      expect(await pendiente(id)).toMatchObject({ estado: 'borrador', publicarEn: null });
      expect(await publica('/boletines-oficiales')).not.toContain('N° 9327');
      const publicar = await enviar(t, `/admin/publicaciones/${id}`, editor, { intent: 'publicar' });
      expect(publicar.statusCode).toBe(303);
      expect((await pendiente(id))?.estado).toBe('publicada');
      expect(await publica('/boletines-oficiales')).toContain('Boletín Oficial N° 9327 - Marzo 2026');
    });
  });

  describe('estados contables y sueldos', () => {
    const api = async (tipo: string) => (await t.app.inject({ url: `/api/v1/${tipo}` })).body;

    it('un estado contable programado no está en la página ni en la API hasta que el trabajo lo publica; la vista previa lo muestra', async () => {
      const res = await subirFormulario(t, '/admin/estados-contables', editor, [
        ['tipo', 'GASTOS'],
        ['mes', '7'],
        ['anio', '2031'],
        ['archivo', await pdf('EJECUCIÓN DE GASTOS')],
        ['publicacion', 'programar'],
        ['publicarEn', valorDentroDe(reloj.now(), 10)],
      ]);
      expect(res.statusCode).toBe(303);
      const id = idDe(res);
      expect(await pendiente(id)).toMatchObject({ tipo: 'estados-contables', estado: 'programada' });
      expect(await api('estados-contables')).not.toContain('"anioDocumentoAsString":"2031"');
      expect(await publica('/estados-contables')).not.toContain('2031');
      await vistaPrevia(id, 'Julio 2031');
      expect(await publica('/estados-contables')).not.toContain('2031');
      reloj.avanzar(11 * MINUTO);
      expect(await publicarVencidas(t.context)).toBe(1);
      expect(await api('estados-contables')).toContain('"anioDocumentoAsString":"2031"');
      expect(await publica('/estados-contables')).toContain('Julio 2031');
    });

    it('un informe de sueldos en borrador se publica ahora; un PDF falso o una hora ilegible vuelven con lo escrito y no guardan nada', async () => {
      const antes = await cuantas();
      const falso = await subirFormulario(t, '/admin/sueldos', editor, [
        ['periodo', 'Aguinaldo 1er semestre'],
        ['anio', '2032'],
        ['archivo', new File([new Uint8Array([0xff, 0xd8, 0xff, 0xe0, 1, 2, 3])], 'foto.pdf', { type: 'application/pdf' })],
        ['publicacion', 'borrador'],
      ]);
      expect(falso.statusCode).toBe(400);
      expect(textoDe(falso.body)).toContain('no un PDF');
      expect(falso.body).toContain('value="2032"');
      const hora = await subirFormulario(t, '/admin/sueldos', editor, [
        ['periodo', 'Aguinaldo 1er semestre'],
        ['anio', '2032'],
        ['archivo', await pdf('SUELDOS')],
        ['publicacion', 'programar'],
        ['publicarEn', '<b>mañana</b>'],
      ]);
      expect(hora.statusCode).toBe(400);
      expect(textoDe(hora.body)).toContain(MENSAJES_FECHA.invalida);
      expect(hora.body).not.toContain('<b>mañana');
      expect(hora.body).toContain('value="2032"');
      expect(await cuantas()).toBe(antes);

      const res = await subirFormulario(t, '/admin/sueldos', editor, [
        ['periodo', 'Aguinaldo 1er semestre'],
        ['anio', '2032'],
        ['archivo', await pdf('SUELDOS')],
        ['publicacion', 'borrador'],
      ]);
      expect(res.statusCode).toBe(303);
      const id = idDe(res);
      expect(await pendiente(id)).toMatchObject({ tipo: 'sueldos', estado: 'borrador', titulo: 'Sueldos Aguinaldo 1er semestre 2032' });
      expect(await api('sueldos')).not.toContain('"anioDocumentoAsString":"2032"');
      await vistaPrevia(id, 'Aguinaldo 1er semestre 2032');
      expect((await enviar(t, `/admin/publicaciones/${id}`, editor, { intent: 'publicar' })).statusCode).toBe(303);
      expect(await api('sueldos')).toContain('"anioDocumentoAsString":"2032"');
      expect(await publica('/sueldos')).toContain('Aguinaldo 1er semestre 2032');
    });
  });

  describe('documentos del Observatorio Vial', () => {
    it('un informe en borrador no está en la página ni en la API hasta «Publicar ahora»; sin mes para la Terminal vuelve con lo elegido', async () => {
      const antes = await cuantas();
      const sinMes = await subirFormulario(t, '/admin/observatorio', editor, [
        ['intent', 'documento'],
        ['tipo', 'MOVIMIENTO_TERMINAL'],
        ['anio', '2033'],
        ['archivo', await pdf('MOVIMIENTO DE PASAJEROS')],
        ['publicacion', 'borrador'],
      ]);
      expect(sinMes.statusCode).toBe(400);
      expect(textoDe(sinMes.body)).toContain('Elegí el mes del movimiento de la Terminal.');
      expect(sinMes.body).toMatch(/id="terminal-publicacion-borrador"[^>]*checked/);
      expect(await cuantas()).toBe(antes);

      const res = await subirFormulario(t, '/admin/observatorio', editor, [
        ['intent', 'documento'],
        ['tipo', 'INFORME_ESTADISTICO'],
        ['anio', '2033'],
        ['archivo', await pdf('INFORME OSSIVI')],
        ['publicacion', 'borrador'],
      ]);
      expect(res.statusCode).toBe(303);
      const id = idDe(res);
      expect(await pendiente(id)).toMatchObject({ tipo: 'observatorio-documento', titulo: 'Informe estadístico OSSIVI 2033' });
      const api = async () => (await t.app.inject({ url: '/api/v1/observatorio-vial/informes-estadisticos' })).body;
      expect(await api()).not.toContain('2033');
      expect(await publica('/observatorio-vial')).not.toContain('OSSIVI 2033');
      await vistaPrevia(id, '2033');
      expect((await enviar(t, `/admin/publicaciones/${id}`, editor, { intent: 'publicar' })).statusCode).toBe(303);
      expect(await api()).toContain('2033');
      expect(await publica('/observatorio-vial')).toContain('2033');
    });
  });

  describe('presentación del Observatorio Vial', () => {
    it('en borrador no cambia la página; la vista previa la muestra saneada; «Publicar ahora» la publica; una hora pasada conserva el texto', async () => {
      const texto = `<p>Presentación en borrador del observatorio.</p><script>alert(1)</script>${'<p>Un párrafo largo de la presentación.</p>'.repeat(300)}`;
      expect(texto.length).toBeGreaterThan(10_000);
      const pasada = await subirFormulario(t, '/admin/observatorio', editor, [
        ['intent', 'presentacion'],
        ['texto', texto],
        ['publicacion', 'programar'],
        ['publicarEn', '2020-01-01T10:00'],
      ]);
      expect(pasada.statusCode).toBe(400);
      expect(textoDe(pasada.body)).toContain(MENSAJES_FECHA.pasada);
      expect(pasada.body).toMatch(/id="presentacion-publicacion-programar"[^>]*checked/);
      // The whole text comes back, escaped in the textarea (and again in the page's data for hydration).
      expect(pasada.body.split('Un párrafo largo de la presentación.').length - 1).toBeGreaterThanOrEqual(300);
      expect(pasada.body).not.toContain('<script>alert(1)');

      const res = await subirFormulario(t, '/admin/observatorio', editor, [
        ['intent', 'presentacion'],
        ['texto', texto],
        ['publicacion', 'borrador'],
      ]);
      expect(res.statusCode).toBe(303);
      const id = idDe(res);
      expect((await pendiente(id))?.campos.texto).toBe(texto);
      expect(await publica('/observatorio-vial')).not.toContain('Presentación en borrador del observatorio.');
      await vistaPrevia(id, 'Presentación en borrador del observatorio.');
      const vista = await ver(t, `/admin/publicaciones/${id}/vista-previa`, editor);
      expect(vista.body).not.toContain('<script>alert(1)');
      expect((await enviar(t, `/admin/publicaciones/${id}`, editor, { intent: 'publicar' })).statusCode).toBe(303);
      const pagina = await t.app.inject({ url: '/observatorio-vial' });
      expect(textoDe(pagina.body)).toContain('Presentación en borrador del observatorio.');
      expect(pagina.body.split('Un párrafo largo de la presentación.').length - 1).toBeGreaterThanOrEqual(300);
      expect(pagina.body).not.toContain('<script>alert(1)');
    });
  });

  describe('Gobierno: un elemento nuevo', () => {
    it('un área programada desde «Agregar» no está en /areas hasta su hora; una hora pasada vuelve con lo escrito', async () => {
      const area = (control: Record<string, string>) => ({
        intent: 'crear',
        nombre: 'Área de Lengas Programada',
        domicilio: 'Av. Arrayanes 100',
        telefono: '',
        email: '',
        ...control,
      });
      const antes = await cuantas();
      const pasada = await enviar(t, '/admin/gobierno/areas', editor, area({ publicacion: 'programar', publicarEn: '2026-03-10T11:00' }));
      expect(pasada.statusCode).toBe(400);
      expect(textoDe(pasada.body)).toContain(MENSAJES_FECHA.pasada);
      expect(pasada.body).toContain('value="Área de Lengas Programada"');
      expect(pasada.body).toMatch(/id="nuevo-publicacion-programar"[^>]*checked/);
      expect(await cuantas()).toBe(antes);
      expect((await enviar(t, '/admin/gobierno/areas', mesa, area({ publicacion: 'borrador' }))).statusCode).toBe(403);
      expect(await cuantas()).toBe(antes);

      const res = await enviar(t, '/admin/gobierno/areas', editor, area({ publicacion: 'programar', publicarEn: valorDentroDe(reloj.now(), 10) }));
      expect(res.statusCode).toBe(303);
      const id = idDe(res);
      expect(await pendiente(id)).toMatchObject({ tipo: 'gobierno-areas', entidadId: null, estado: 'programada' });
      expect(await publica('/areas')).not.toContain('Área de Lengas Programada');
      await vistaPrevia(id, 'Área de Lengas Programada');
      expect(await publica('/areas')).not.toContain('Área de Lengas Programada');
      reloj.avanzar(11 * MINUTO);
      expect(await publicarVencidas(t.context)).toBe(1);
      expect(await publica('/areas')).toContain('Área de Lengas Programada');
    });
  });

  describe('ajustes del sitio', () => {
    /** The settings form as a browser sends it: every text field with its value (radio buttons only when checked). */
    const formularioAjustes = async (sesion: string) => {
      const html = (await ver(t, '/admin/ajustes', sesion)).body;
      const campos: Record<string, string> = {};
      for (const [etiqueta] of html.matchAll(/<input\b[^>]*>/g)) {
        if (/type="(?:radio|datetime-local)"/.test(etiqueta)) continue;
        const nombre = /name="([^"]+)"/.exec(etiqueta)?.[1];
        const valor = /value="([^"]*)"/.exec(etiqueta)?.[1] ?? '';
        if (nombre) campos[nombre] = valor.replaceAll('&amp;', '&').replaceAll('&quot;', '"').replaceAll('&#x27;', "'");
      }
      return campos;
    };
    let admin: string;
    beforeAll(async () => {
      admin = await ingresar(t, ADMIN);
    });

    it('un cambio programado no se ve en el pie hasta su hora; la vista previa lo muestra; una hora ilegible vuelve con lo escrito', async () => {
      const campos = await formularioAjustes(admin);
      expect(campos['municipio-telefono']).toBe('+54 294 449-4100');
      expect((await ver(t, '/admin/ajustes', admin)).body).toContain('Cuándo se publica');
      const antes = await cuantas();
      const mala = await enviar(t, '/admin/ajustes', admin, {
        ...campos,
        intent: 'guardar',
        'municipio-telefono': '+54 294 400-7777',
        publicacion: 'programar',
        publicarEn: 'pasado mañana',
      });
      expect(mala.statusCode).toBe(400);
      expect(textoDe(mala.body)).toContain(MENSAJES_FECHA.invalida);
      expect(mala.body).toContain('value="+54 294 400-7777"');
      expect(await cuantas()).toBe(antes);
      // The settings are administration's: an editor's draft of them is refused.
      expect((await enviar(t, '/admin/ajustes', editor, { ...campos, intent: 'guardar', publicacion: 'borrador' })).statusCode).toBe(403);

      const res = await enviar(t, '/admin/ajustes', admin, {
        ...campos,
        intent: 'guardar',
        'municipio-telefono': '+54 294 400-7777',
        publicacion: 'programar',
        publicarEn: valorDentroDe(reloj.now(), 10),
      });
      expect(res.statusCode).toBe(303);
      const id = idDe(res);
      expect(await pendiente(id)).toMatchObject({ tipo: 'ajustes', estado: 'programada' });
      expect(await publica('/')).not.toContain('400-7777');
      const vista = await ver(t, `/admin/publicaciones/${id}/vista-previa`, admin);
      expect(vista.statusCode).toBe(200);
      expect(textoDe(vista.body)).toContain('Vista previa: todavía no está publicado.');
      expect(textoDe(vista.body)).toContain('+54 294 400-7777');
      expect((await ver(t, `/admin/publicaciones/${id}`, admin)).statusCode).toBe(200);
      expect(await publica('/')).not.toContain('400-7777');
      expect((await formularioAjustes(admin))['municipio-telefono']).toBe('+54 294 449-4100');

      reloj.avanzar(11 * MINUTO);
      expect(await publicarVencidas(t.context)).toBe(1);
      expect((await pendiente(id))?.estado).toBe('publicada');
      expect((await formularioAjustes(admin))['municipio-telefono']).toBe('+54 294 400-7777');
      // The pages' frame forgets the settings it read on the content version's notice (docs/decisions/007-cache-de-paginas.md).
      await t.app.contentVersion.reached(await readContentVersion(t.database));
      expect(await publica('/')).toContain('+54 294 400-7777');
    });
  });
});

/** `minutos` after `ahora`, as a datetime-local field of Argentina (UTC-3) writes it. */
function valorDentroDe(ahora: Date, minutos: number): string {
  return new Date(ahora.getTime() + minutos * MINUTO - 3 * 60 * MINUTO).toISOString().slice(0, 16);
}
