// Accounting statements and salary reports in the back-office over HTTP on the built
// app: who may use them; uploading one (multipart, as a browser sends it) and seeing it at once on
// the public page (served from the render cache); Spanish messages for every mistake, with what was
// typed kept; a fake PDF and an oversized body refused with nothing stored; the list's search,
// order and pages; editing, replacing the PDF and deleting, each audited, the old document links
// then answering 410 with what they were.
import { and, count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { generarPdf } from '#db/factories/pdf.ts';
import { auditoria, documentos, estadosContables, sueldos } from '#db/schema/index.ts';
import { type TestApp, createTestApp } from '#tests/setup/app.ts';
import { archivosEn, subirFormulario } from '#tests/setup/subidas.ts';
import { purgarRetirados } from '#domain/sitio/retirados.ts';
import { engines } from '#tests/setup/database.ts';
import { ADMIN, EDITOR, MESA, enviar, ingresar, textoDe, ver } from '#tests/setup/panel.ts';

/** A small UPLOAD_MAX_BYTES for this file: 300 000 bytes («293 KB»), so oversized bodies stay cheap. */
const LIMITE = 300_000;
const MENSAJE_GRANDE = 'El archivo supera los 293 KB permitidos';

const archivo = (bytes: Uint8Array, nombre = 'informe.pdf') => new File([new Uint8Array(bytes)], nombre, { type: 'application/pdf' });
const pdf = (titulo: string) => generarPdf({ titulo, parrafos: ['Ejecución presupuestaria del período.'] });

describe.each(engines)('/admin/estados-contables y /admin/sueldos (%s)', (engine) => {
  let t: TestApp;
  let admin: string;
  let editor: string;
  let mesa: string;

  beforeAll(async () => {
    t = await createTestApp(engine, { env: { UPLOAD_MAX_BYTES: String(LIMITE) } });
    [admin, editor, mesa] = await Promise.all([ingresar(t, ADMIN), ingresar(t, EDITOR), ingresar(t, MESA)]);
  });
  afterAll(() => t?.close());

  const subir = (url: string, sesion: string | null, campos: [string, string | File][]) => subirFormulario(t, url, sesion, campos);
  const altaSueldo = async (periodo: string, anio: string, bytes?: Uint8Array, sesion = editor) =>
    subir('/admin/sueldos', sesion, [
      ['periodo', periodo],
      ['anio', anio],
      ['archivo', archivo(bytes ?? (await pdf(`SUELDOS ${periodo} ${anio}`)), 'sueldos.pdf')],
    ]);
  const altaEstado = async (tipo: string, mes: string, anio: string, bytes?: Uint8Array, sesion = editor) =>
    subir('/admin/estados-contables', sesion, [
      ['tipo', tipo],
      ['mes', mes],
      ['anio', anio],
      ['archivo', archivo(bytes ?? (await pdf(`ESTADO ${tipo} ${mes} ${anio}`)), 'estado.pdf')],
    ]);
  const sueldo = async (periodo: string, anio: number) =>
    (
      await t.database.db
        .select()
        .from(sueldos)
        .where(and(eq(sueldos.periodo, periodo), eq(sueldos.anio, anio)))
    )[0];
  const estado = async (tipo: string, mes: number, anio: number) =>
    (
      await t.database.db
        .select()
        .from(estadosContables)
        .where(and(eq(estadosContables.tipoEstadoContable, tipo), eq(estadosContables.mes, mes), eq(estadosContables.anio, anio)))
    )[0];
  const foto = async () => ({
    estados: (await t.database.db.select({ n: count() }).from(estadosContables))[0]!.n,
    sueldos: (await t.database.db.select({ n: count() }).from(sueldos))[0]!.n,
    documentos: (await t.database.db.select({ n: count() }).from(documentos))[0]!.n,
    archivos: archivosEn(t.storage.root),
  });
  const auditado = async (accion: string, id: number) =>
    (
      await t.database.db
        .select()
        .from(auditoria)
        .where(and(eq(auditoria.accion, accion), eq(auditoria.entidadId, String(id))))
    ).length;
  const publica = async (url: string) => {
    const res = await t.app.inject({ url });
    expect(res.statusCode).toBe(200);
    return textoDe(res.body);
  };

  it('sólo editores y administradores; la mesa de entradas ve el 403; sin sesión, a /login; el menú lo ofrece a quien puede', async () => {
    const unSueldo = (await t.database.db.select().from(sueldos).limit(1))[0]!;
    const unEstado = (await t.database.db.select().from(estadosContables).limit(1))[0]!;
    for (const url of ['/admin/sueldos', `/admin/sueldos/${unSueldo.id}`, '/admin/estados-contables', `/admin/estados-contables/${unEstado.id}`]) {
      for (const sesion of [editor, admin]) {
        const res = await ver(t, url, sesion);
        expect(res.statusCode, url).toBe(200);
        expect(res.headers['cache-control']).toBe('no-store');
      }
      const prohibida = await ver(t, url, mesa);
      expect(prohibida.statusCode).toBe(403);
      expect(prohibida.body).toContain('No tenés permiso para ver esta página');
      const anonima = await ver(t, url);
      expect(anonima.statusCode).toBe(302);
      expect(anonima.headers.location).toBe(`/login?siguiente=${encodeURIComponent(url)}`);
    }
    // An id of one list is not an item of the other, and an id that is no number is 404.
    expect((await ver(t, `/admin/sueldos/999999`, editor)).statusCode).toBe(404);
    expect((await ver(t, `/admin/sueldos/abc`, editor)).statusCode).toBe(404);
    const antes = await foto();
    expect((await altaSueldo('Marzo', '2031', undefined, mesa)).statusCode).toBe(403);
    expect((await altaEstado('GASTOS', '3', '2031', undefined, mesa)).statusCode).toBe(403);
    expect(await foto()).toEqual(antes);
    const menu = (await ver(t, '/admin', editor)).body;
    expect(menu).toMatch(
      /href="\/admin\/boletines"[^>]*>Boletines<\/a>[\s\S]*href="\/admin\/estados-contables"[^>]*>Estados contables<\/a>[\s\S]*href="\/admin\/sueldos"[^>]*>Sueldos<\/a>/,
    );
    expect((await ver(t, '/admin', mesa)).body).not.toContain('href="/admin/sueldos"');
  });

  it('la lista: búsqueda por año o período, orden por período, páginas, y errores de la búsqueda en castellano', async () => {
    const todos = textoDe((await ver(t, '/admin/sueldos', editor)).body);
    expect(todos).toMatch(/\d+ informes de sueldos/);
    expect(todos).toContain('Página 1 de');
    const buscado = textoDe((await ver(t, '/admin/sueldos?texto=aguinaldo', editor)).body);
    expect(buscado).toContain('Sueldos Aguinaldo');
    expect(buscado).not.toContain('Sueldos Marzo');
    const viejos = (await ver(t, '/admin/estados-contables?orden=periodo-asc', editor)).body;
    const anios = [...new Set([...viejos.matchAll(/Ejecución de (?:Recursos|Gastos) \w+ (\d{4})/g)].map((m) => Number(m[1])))];
    expect(anios.length).toBeGreaterThan(0);
    expect(anios).toEqual([...anios].sort((a, b) => a - b));
    const malo = await ver(t, '/admin/estados-contables?orden=cualquiera&pagina=x', editor);
    expect(malo.statusCode).toBe(400);
    expect(textoDe(malo.body)).toContain('Elegí un orden de la lista.');
  });

  it('subir un informe de sueldos y un estado contable: 303, auditados, y enseguida en la página pública (que estaba en la caché)', async () => {
    expect(await publica('/sueldos')).not.toContain('Aguinaldo 1er semestre 2031');
    expect((await t.app.inject({ url: '/sueldos' })).headers['x-cache']).toBe('hit');
    const res = await altaSueldo('Aguinaldo 1er semestre', '2031');
    expect(res.statusCode, textoDe(res.body).slice(0, 400)).toBe(303);
    const fila = (await sueldo('Aguinaldo 1er semestre', 2031))!;
    expect(fila.orden).toBe(13);
    expect(res.headers.location).toBe(`/admin/sueldos/${fila.id}?aviso=alta`);
    expect(await auditado('sueldo.alta', fila.id)).toBe(1);
    expect(textoDe((await ver(t, res.headers.location!, editor)).body)).toContain('Lo publicamos: ya está en /sueldos.');
    expect(await publica('/sueldos')).toContain('Aguinaldo 1er semestre 2031');

    expect(await publica('/estados-contables')).not.toContain('Ejecución de Gastos Febrero 2031');
    expect((await t.app.inject({ url: '/estados-contables' })).headers['x-cache']).toBe('hit');
    const ec = await altaEstado('GASTOS', '2', '2031');
    expect(ec.statusCode).toBe(303);
    const filaEc = (await estado('GASTOS', 2, 2031))!;
    expect(filaEc.usuarioCreacion).toContain(EDITOR.nombre);
    expect(await auditado('estado_contable.alta', filaEc.id)).toBe(1);
    const pagina = await publica('/estados-contables');
    expect(pagina).toContain('Ejecución de Gastos Febrero 2031');
    const descarga = await t.app.inject({ url: `/api/v1/documentos/${filaEc.documentoId}` });
    expect(descarga.statusCode).toBe(200);
    expect(descarga.headers['content-type']).toBe('application/pdf');
    expect(descarga.headers['content-disposition']).toContain('estado.pdf');
  });

  it('errores en castellano, con lo elegido de vuelta y nada guardado', async () => {
    const antes = await foto();
    const malo = await subir('/admin/estados-contables', editor, [
      ['tipo', 'OTRO'],
      ['mes', '13'],
      ['anio', '31'],
      ['archivo', new File([], '')],
    ]);
    expect(malo.statusCode).toBe(400);
    const texto = textoDe(malo.body);
    expect(texto).toContain('Error: ');
    expect(texto).toContain('Elegí si es la ejecución de recursos o la de gastos.');
    expect(texto).toContain('Elegí el mes.');
    expect(texto).toContain('Escribí el año con cuatro cifras, por ejemplo 2026.');
    expect(texto).toContain('Elegí el PDF.');
    expect(malo.body).toContain('value="31"');
    const periodo = await subir('/admin/sueldos', editor, [
      ['periodo', 'Treceavo'],
      ['anio', '2031'],
      ['archivo', new File([new Uint8Array(0)], 'vacio.pdf')],
    ]);
    expect(periodo.statusCode).toBe(400);
    expect(textoDe(periodo.body)).toContain('Elegí el período del informe: un mes o un aguinaldo.');
    expect(textoDe(periodo.body)).toContain('El archivo está vacío: elegí el PDF.');
    expect(periodo.body).toContain('value="2031"');
    expect(await foto()).toEqual(antes);
  });

  it('un .pdf que es una página HTML se rechaza diciendo qué es; un cuerpo grande, 413; sin guardar nada', async () => {
    const antes = await foto();
    const html = new TextEncoder().encode('<!doctype html><html><body><script>alert(1)</script></body></html>');
    const falso = await altaSueldo('Abril', '2031', html);
    expect(falso.statusCode).toBe(400);
    expect(textoDe(falso.body)).toContain('El archivo es una página web (HTML), no un PDF');
    expect(falso.body).toMatch(/<option[^>]*value="Abril"[^>]*selected|<option[^>]*selected[^>]*value="Abril"/);
    const grande = await altaEstado('RECURSOS', '4', '2031', new Uint8Array(LIMITE + 100 * 1024));
    expect(grande.statusCode).toBe(413);
    expect(textoDe(grande.body)).toContain(MENSAJE_GRANDE);
    const justo = await altaSueldo('Abril', '2031', new Uint8Array(LIMITE + 1));
    expect(justo.statusCode).toBe(400);
    expect(textoDe(justo.body)).toContain(MENSAJE_GRANDE);
    for (const sesion of [mesa, null]) {
      const res = await subir('/admin/sueldos', sesion, [['archivo', archivo(new Uint8Array(2 * 1024 * 1024))]]);
      expect(res.statusCode).toBe(403);
      expect(textoDe(res.body)).toContain('Para subir estados contables o informes de sueldos tenés que haber ingresado al panel');
    }
    expect(await foto()).toEqual(antes);
  });

  it('editar y reemplazar el PDF: auditado, enseguida en público; el enlace del PDF viejo responde 410', async () => {
    expect((await altaEstado('RECURSOS', '5', '2031')).statusCode).toBe(303);
    const fila = (await estado('RECURSOS', 5, 2031))!;
    const url = `/admin/estados-contables/${fila.id}`;
    const editar = (campos: [string, string | File][]) => subir(url, editor, [['intent', 'editar'], ...campos]);
    const sinCambios = await editar([
      ['tipo', 'RECURSOS'],
      ['mes', '5'],
      ['anio', '2031'],
      ['archivo', new File([], '')],
    ]);
    expect(sinCambios.headers.location).toBe(`${url}?aviso=sin-cambios`);
    expect(await auditado('estado_contable.cambio', fila.id)).toBe(0);
    expect(await publica('/estados-contables')).toContain('Ejecución de Recursos Mayo 2031');
    const cambio = await editar([
      ['tipo', 'RECURSOS'],
      ['mes', '6'],
      ['anio', '2031'],
      ['archivo', new File([], '')],
    ]);
    expect(cambio.headers.location).toBe(`${url}?aviso=cambio`);
    const pagina = await publica('/estados-contables');
    expect(pagina).toContain('Ejecución de Recursos Junio 2031');
    expect(pagina).not.toContain('Ejecución de Recursos Mayo 2031');

    const antes = await foto();
    const reemplazo = await editar([
      ['tipo', 'RECURSOS'],
      ['mes', '6'],
      ['anio', '2031'],
      ['archivo', archivo(await pdf('CORREGIDO'), 'corregido.pdf')],
    ]);
    expect(reemplazo.statusCode).toBe(303);
    const nuevo = (await estado('RECURSOS', 6, 2031))!;
    expect(nuevo.documentoId).not.toBe(fila.documentoId);
    expect(await auditado('estado_contable.cambio', fila.id)).toBe(2);
    expect((await foto()).documentos).toBe(antes.documentos);
    expect((await foto()).archivos).toHaveLength(antes.archivos.length);
    const viejo = await t.app.inject({ url: `/api/v1/documentos/${fila.documentoId}`, headers: { accept: 'text/html' } });
    expect(viejo.statusCode).toBe(410);
    expect(textoDe(viejo.body)).toMatch(/Este documento fue retirado el .*: Ejecución de Recursos Junio 2031 \(reemplazado por un PDF nuevo\)\./);

    const falso = await editar([
      ['tipo', 'GASTOS'],
      ['mes', '6'],
      ['anio', '2031'],
      ['archivo', archivo(new TextEncoder().encode('<html></html>'))],
    ]);
    expect(falso.statusCode).toBe(400);
    expect((await estado('RECURSOS', 6, 2031))!.documentoId).toBe(nuevo.documentoId);
  });

  it('borrar pide confirmación; borrado, sale enseguida de /sueldos y su enlace responde 410 con lo que era', async () => {
    expect((await altaSueldo('Noviembre', '2031')).statusCode).toBe(303);
    const fila = (await sueldo('Noviembre', 2031))!;
    const url = `/admin/sueldos/${fila.id}`;
    expect(textoDe((await ver(t, `${url}?paso=borrar`, editor)).body)).toContain('¿Borrar el informe de sueldos Sueldos Noviembre 2031?');
    const sinConfirmar = await enviar(t, url, editor, { intent: 'borrar' });
    expect(sinConfirmar.statusCode).toBe(400);
    expect(textoDe(sinConfirmar.body)).toContain('confirmalo en la página que lo pregunta');
    expect(await sueldo('Noviembre', 2031)).toBeDefined();
    expect(await publica('/sueldos')).toContain('Noviembre 2031');

    const archivosAntes = archivosEn(t.storage.root).length;
    const borrado = await enviar(t, url, admin, { intent: 'borrar', confirmado: 'si' });
    expect(borrado.statusCode).toBe(303);
    expect(borrado.headers.location).toBe('/admin/sueldos?aviso=borrado');
    expect(textoDe((await ver(t, borrado.headers.location!, admin)).body)).toContain('Borramos el informe de sueldos');
    expect(await sueldo('Noviembre', 2031)).toBeUndefined();
    expect(await auditado('sueldo.baja', fila.id)).toBe(1);
    expect(archivosEn(t.storage.root)).toHaveLength(archivosAntes);
    expect(await publica('/sueldos')).not.toContain('Noviembre 2031');
    expect((await ver(t, url, editor)).statusCode).toBe(404);
    expect((await enviar(t, url, editor, { intent: 'borrar', confirmado: 'si' })).statusCode).toBe(404);

    const html = await t.app.inject({ url: `/api/v1/documentos/${fila.documentoId}`, headers: { accept: 'text/html' } });
    expect(html.statusCode).toBe(410);
    expect(textoDe(html.body)).toMatch(/Este documento fue retirado el .*: Sueldos Noviembre 2031\./);
    const json = await t.app.inject({ url: `/api/v1/documentos/${fila.documentoId}` });
    expect(json.statusCode).toBe(410);
    expect(JSON.parse(json.body).error).toContain('Sueldos Noviembre 2031');
    // The PDF stays stored, hidden, for 90 days (docs/decisions/054-retirados-restaurables.md); the purge on day 91 removes it.
    await purgarRetirados({ ...t.context, clock: { now: () => new Date(Date.now() + 91 * 24 * 3600_000) } });
    expect(archivosEn(t.storage.root)).toHaveLength(archivosAntes - 1);
    expect((await t.app.inject({ url: `/api/v1/documentos/${fila.documentoId}` })).statusCode).toBe(410);
  });
});
