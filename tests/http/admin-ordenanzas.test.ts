// The ordinance pages of the back-office over HTTP on the built app: editors and
// administrators only; the form's Spanish messages; a PDF recognised by content (a fake one
// stores nothing); the PDF's words found by the public search after creating and after
// replacing; withdrawing (410 on the page and the download, never cached); the CSV import all or
// nothing (1,000 rows with 3 bad ones refused whole, then imported) and hostile CSV files.
import fs from 'node:fs';
import { stringify } from 'csv-stringify/sync';
import { and, count, eq, isNotNull, like } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { generarPng } from '#db/factories/imagen.ts';
import { generarPdf, generarPdfQueSeInfla } from '#db/factories/pdf.ts';
import { auditoria, contenidosRetirados, documentos, ordenanzas } from '#db/schema/index.ts';
import { MENSAJE_SIN_TEXTO } from '#domain/documentos/subidas.ts';
import { TEST_SITE_URL, type TestApp, createTestApp } from '#tests/setup/app.ts';
import { engines } from '#tests/setup/database.ts';
import { ADMIN, EDITOR, MESA, ingresar, textoDe, ver } from '#tests/setup/panel.ts';

/** A multipart body as a browser's form sends it. */
async function multipart(campos: [string, string | File][]): Promise<{ payload: Buffer; tipo: string }> {
  const form = new FormData();
  for (const [nombre, valor] of campos) form.append(nombre, valor);
  const respuesta = new Response(form);
  return { payload: Buffer.from(await respuesta.arrayBuffer()), tipo: respuesta.headers.get('content-type')! };
}

const archivo = (bytes: Uint8Array | string, nombre: string, tipo = 'application/pdf') =>
  new File([typeof bytes === 'string' ? bytes : new Uint8Array(bytes)], nombre, { type: tipo });

const pdfCon = (palabra: string) => generarPdf({ titulo: 'ORDENANZA', parrafos: [`Artículo 1: se crea el programa ${palabra} de la villa.`] });

/** One CSV row per ordinance in the template's columns. */
const csvDe = (filas: string[][]) => stringify([['numero', 'anio', 'estado', 'fecha_emision', 'descripcion', 'expediente', 'modifica'], ...filas]);

describe.each(engines)('/admin/ordenanzas (%s)', (engine) => {
  let t: TestApp;
  let admin: string;
  let editor: string;
  let mesa: string;

  beforeAll(async () => {
    t = await createTestApp(engine);
    [admin, editor, mesa] = await Promise.all([ingresar(t, ADMIN), ingresar(t, EDITOR), ingresar(t, MESA)]);
  });
  afterAll(() => t?.close());

  async function postMultipart(url: string, sesion: string, campos: [string, string | File][]) {
    const { payload, tipo } = await multipart(campos);
    return t.app.inject({ method: 'POST', url, headers: { 'content-type': tipo, origin: TEST_SITE_URL, cookie: `__Host-vla_sesion=${sesion}` }, payload });
  }
  const campos = (datos: Record<string, string>, pdf?: File): [string, string | File][] => [
    ['intent', 'guardar'],
    ...Object.entries({ estado: '2', fechaEmision: '', descripcion: 'Ordenanza de prueba del panel', expediente: '', modifica: '', ...datos }),
    ...(pdf ? [['archivo', pdf] as [string, File]] : []),
  ];
  const fila = async (numero: number, anio: number) =>
    (
      await t.database.db
        .select()
        .from(ordenanzas)
        .where(and(eq(ordenanzas.numero, numero), eq(ordenanzas.anio, anio)))
    )[0];
  const cuantosDocumentos = async () => (await t.database.db.select({ n: count() }).from(documentos))[0]!.n;
  const archivosGuardados = () => (fs.readdirSync(t.storage.root, { recursive: true }) as string[]).sort();
  const buscar = async (palabra: string) => (await t.app.inject({ url: `/consulta-ordenanzas?pattern=${palabra}` })).body;

  it('editores y administración; la mesa de entradas ve 403 y no ve el menú; sin sesión, a /login', async () => {
    for (const url of ['/admin/ordenanzas', '/admin/ordenanzas/nueva', '/admin/ordenanzas/importar', '/admin/ordenanzas/plantilla.csv']) {
      for (const sesion of [admin, editor]) {
        const res = await ver(t, url, sesion);
        expect(res.statusCode, url).toBe(200);
        expect(res.headers['cache-control'], url).toContain('no-store');
      }
      expect((await ver(t, url, mesa)).statusCode, url).toBe(403);
      const anonima = await ver(t, url);
      expect(anonima.statusCode).toBe(302);
    }
    const intento = await postMultipart('/admin/ordenanzas/nueva', mesa, campos({ numero: '9001', anio: '2026' }));
    expect(intento.statusCode).toBe(403);
    expect(await fila(9001, 2026)).toBeUndefined();
    const csv = await postMultipart('/admin/ordenanzas/importar', mesa, [
      ['csv', archivo(csvDe([['9002', '2026', '2', '', 'X', '', '']]), 'o.csv', 'text/csv')],
    ]);
    expect(csv.statusCode).toBe(403);
    expect(await fila(9002, 2026)).toBeUndefined();
    expect((await ver(t, '/admin', mesa)).body).not.toContain('href="/admin/ordenanzas"');
    expect((await ver(t, '/admin', editor)).body).toMatch(/<a[^>]*href="\/admin\/ordenanzas"[^>]*>Ordenanzas<\/a>/);
  });

  it('la lista busca por número, año y palabras, ordena y pagina; un filtro mal escrito tiene su mensaje', async () => {
    const total = (await t.database.db.select({ n: count() }).from(ordenanzas))[0]!.n;
    const res = await ver(t, '/admin/ordenanzas', editor);
    expect(textoDe(res.body)).toContain(`${total.toLocaleString('es-AR')} ordenanza`);
    const [una] = await t.database.db.select().from(ordenanzas).limit(1);
    const porNumero = await ver(t, `/admin/ordenanzas?numero=${una!.numero}&anio=${una!.anio}`, editor);
    expect(textoDe(porNumero.body)).toContain(`${una!.numero}/${una!.anio}`);
    expect(textoDe(porNumero.body)).toContain('1 ordenanza');
    for (const orden of ['numero', 'anio', 'fecha', 'estado']) {
      for (const sentido of ['asc', 'desc'])
        expect((await ver(t, `/admin/ordenanzas?orden=${orden}&sentido=${sentido}&pagina=2`, editor)).statusCode).toBe(200);
    }
    const mal = await ver(t, '/admin/ordenanzas?anio=abc&orden=precio', editor);
    expect(mal.statusCode).toBe(400);
    expect(textoDe(mal.body)).toContain('Ingresá un año de cuatro cifras');
    expect(textoDe(mal.body)).toContain('Elegí ordenar por número, año, fecha o estado.');
  });

  it('el formulario responde en castellano y conserva lo escrito; nada se guarda', async () => {
    const antes = await cuantosDocumentos();
    const res = await postMultipart('/admin/ordenanzas/nueva', editor, [
      ['intent', 'guardar'],
      ['numero', 'doce'],
      ['anio', '1850'],
      ['estado', '7'],
      ['fechaEmision', '2026-02-30'],
      ['descripcion', '   '],
      ['expediente', 'Expte <b>1</b>'],
      ['modifica', 'la anterior'],
    ]);
    expect(res.statusCode).toBe(400);
    const texto = textoDe(res.body);
    for (const mensaje of [
      'Escribí el número de la ordenanza, sólo con dígitos',
      'Escribí el año de la ordenanza con cuatro cifras, entre 1900 y 2100.',
      'Elegí el estado de la ordenanza',
      'Escribí la fecha de emisión como AAAA-MM-DD',
      'Escribí la descripción de la ordenanza',
      'Escribí la ordenanza que modifica como número/año',
    ])
      expect(texto).toContain(mensaje);
    expect(res.body).toContain('value="Expte &lt;b&gt;1&lt;/b&gt;"');
    expect(res.body).not.toContain('<b>1</b>');
    // The register's checks: a number taken, a modified ordinance that does not exist, itself.
    const [existente] = await t.database.db.select().from(ordenanzas).limit(1);
    const repetida = await postMultipart(
      '/admin/ordenanzas/nueva',
      editor,
      campos({ numero: String(existente!.numero), anio: String(existente!.anio), modifica: '1/1901' }),
    );
    expect(repetida.statusCode).toBe(400);
    expect(textoDe(repetida.body)).toContain(`Ya hay una ordenanza ${existente!.numero}/${existente!.anio} en el registro`);
    expect(textoDe(repetida.body)).toContain('No hay una ordenanza 1/1901 en el registro');
    const propia = await postMultipart('/admin/ordenanzas/nueva', editor, campos({ numero: '9010', anio: '2026', modifica: '9010/2026' }));
    expect(textoDe(propia.body)).toContain('Una ordenanza no puede modificarse a sí misma');
    expect(await fila(9010, 2026)).toBeUndefined();
    expect(await cuantosDocumentos()).toBe(antes);
  });

  it('un .pdf que no es PDF se rechaza diciendo qué es, y no queda nada guardado', async () => {
    const antes = await cuantosDocumentos();
    const archivosAntes = archivosGuardados();
    const casos: [Uint8Array | string, string][] = [
      [new Uint8Array([0x4d, 0x5a, 0x90, 0, 3, 0, 0, 0, 4, 0, 0, 0, 0xff, 0xff, ...new Array(200).fill(0)]), 'un programa ejecutable de Windows'],
      ['<!DOCTYPE html><html><body><script>alert(1)</script></body></html>', 'una página web (HTML)'],
      [generarPng({ ancho: 20, alto: 20, cielo: [120, 170, 220], montana: [70, 90, 80], lago: [40, 90, 140], semilla: 2 }), 'una imagen PNG'],
    ];
    for (const [bytes, que] of casos) {
      const res = await postMultipart(
        '/admin/ordenanzas/nueva',
        editor,
        campos({ numero: '9020', anio: '2026', descripcion: 'Con archivo falso' }, archivo(bytes, 'ordenanza.pdf')),
      );
      expect(res.statusCode).toBe(400);
      expect(textoDe(res.body)).toContain(`El archivo es ${que}, no un PDF: elegí un PDF.`);
      expect(res.body).toContain('>Con archivo falso</textarea>');
    }
    expect(await fila(9020, 2026)).toBeUndefined();
    expect(await cuantosDocumentos()).toBe(antes);
    expect(archivosGuardados()).toEqual(archivosAntes);
  });

  it('un archivo de más de 25 MB se rechaza con 413 y su mensaje, sin guardar nada; de otro rol, 403 antes de leerlo', async () => {
    const antes = await cuantosDocumentos();
    const archivosAntes = archivosGuardados();
    const grande = new Uint8Array(25 * 1024 * 1024 + 100 * 1024);
    grande.set(new TextEncoder().encode('%PDF-1.7\n'));
    const res = await postMultipart('/admin/ordenanzas/nueva', editor, campos({ numero: '9025', anio: '2026' }, archivo(grande, 'enorme.pdf')));
    expect(res.statusCode).toBe(413);
    expect(res.body).toContain('El archivo supera los 25 MB permitidos');
    const mesaGrande = await postMultipart('/admin/ordenanzas/nueva', mesa, campos({ numero: '9025', anio: '2026' }, archivo(grande, 'enorme.pdf')));
    expect(mesaGrande.statusCode).toBe(403);
    expect(await fila(9025, 2026)).toBeUndefined();
    expect(await cuantosDocumentos()).toBe(antes);
    expect(archivosGuardados()).toEqual(archivosAntes);
  });

  it('alta con PDF: la búsqueda pública encuentra una palabra que sólo está en el PDF; al reemplazarlo, la nueva y no la vieja', async () => {
    const res = await postMultipart(
      '/admin/ordenanzas/nueva',
      editor,
      campos(
        { numero: '9030', anio: '2026', descripcion: 'Programa municipal de prueba', fechaEmision: '2026-03-15' },
        archivo(await pdfCon('quirquinchario'), 'programa.pdf'),
      ),
    );
    expect(res.statusCode, textoDe(res.body).slice(0, 400)).toBe(303);
    const creada = (await fila(9030, 2026))!;
    expect(res.headers.location).toBe(`/admin/ordenanzas/${creada.id}?aviso=alta`);
    expect(await buscar('quirquinchario')).toContain('/consulta-ordenanzas/2026/9030');
    const pagina = await t.app.inject({ url: '/consulta-ordenanzas/2026/9030' });
    expect(pagina.statusCode).toBe(200);
    const descarga = await t.app.inject({ url: `/api/v1/documentos/${creada.documentoId}` });
    expect(descarga.statusCode).toBe(200);
    expect(descarga.headers['content-type']).toBe('application/pdf');
    expect(String(descarga.headers['content-disposition'])).toContain('programa.pdf');
    const alta = await t.database.db
      .select()
      .from(auditoria)
      .where(and(eq(auditoria.accion, 'ordenanza.alta'), eq(auditoria.entidadId, String(creada.id))));
    expect(alta).toHaveLength(1);
    expect(alta[0]!.actorEmail).toBe(EDITOR.email);

    const cambio = await postMultipart(
      `/admin/ordenanzas/${creada.id}`,
      editor,
      campos({ numero: '9030', anio: '2026', estado: '3', descripcion: 'Programa municipal de prueba' }, archivo(await pdfCon('mburucuyazo'), 'nuevo.pdf')),
    );
    expect(cambio.statusCode, textoDe(cambio.body).slice(0, 400)).toBe(303);
    expect(await buscar('mburucuyazo')).toContain('/consulta-ordenanzas/2026/9030');
    expect(await buscar('quirquinchario')).not.toContain('/consulta-ordenanzas/2026/9030');
    const cambiada = (await fila(9030, 2026))!;
    expect(cambiada.estado).toBe(3);
    expect(cambiada.documentoId).not.toBe(creada.documentoId);
    // The replaced PDF's address explains it was replaced.
    const vieja = await t.app.inject({ url: `/api/v1/documentos/${creada.documentoId}` });
    expect(vieja.statusCode).toBe(410);
    expect(vieja.json().error).toContain('reemplazado');
    expect(
      await t.database.db
        .select()
        .from(auditoria)
        .where(and(eq(auditoria.accion, 'ordenanza.cambio'), eq(auditoria.entidadId, String(creada.id)))),
    ).toHaveLength(1);

    // Linking the ordinance it modifies; the public page shows it.
    const modifica = await postMultipart('/admin/ordenanzas/nueva', admin, campos({ numero: '9031', anio: '2026', modifica: '9030/2026' }));
    expect(modifica.statusCode).toBe(303);
    expect((await fila(9031, 2026))!.modificatoriaDe).toBe(creada.id);
    expect(textoDe((await t.app.inject({ url: '/consulta-ordenanzas/2026/9031' })).body)).toContain('Ordenanza N° 9030/2026');
    // Feed and sitemap follow at once.
    expect((await t.app.inject({ url: '/feeds/ordenanzas.xml' })).body).toContain('/consulta-ordenanzas/2026/9031');
    expect((await t.app.inject({ url: '/sitemap.xml' })).body).toContain('/consulta-ordenanzas/2026/9031');
  });

  it('un PDF que se infla más allá de lo que se puede leer se guarda sin texto, y la página de la ordenanza se lo dice al editor', async () => {
    const res = await postMultipart(
      '/admin/ordenanzas/nueva',
      editor,
      campos({ numero: '9071', anio: '2026', descripcion: 'Ordenanza con un PDF pesado' }, archivo(generarPdfQueSeInfla(1024 ** 3), 'pesado.pdf')),
    );
    expect(res.statusCode, textoDe(res.body).slice(0, 400)).toBe(303);
    const creada = (await fila(9071, 2026))!;
    expect(creada.documentoId).not.toBeNull();
    const pagina = await ver(t, res.headers.location!, editor);
    expect(textoDe(pagina.body)).toContain(MENSAJE_SIN_TEXTO);
    // An ordinance whose PDF was read says nothing of the sort.
    const [leida] = await t.database.db
      .select({ id: ordenanzas.id })
      .from(ordenanzas)
      .innerJoin(documentos, eq(ordenanzas.documentoId, documentos.id))
      .where(isNotNull(documentos.paginas))
      .limit(1);
    const otra = await ver(t, `/admin/ordenanzas/${leida!.id}`, editor);
    expect(otra.statusCode).toBe(200);
    expect(textoDe(otra.body)).not.toContain(MENSAJE_SIN_TEXTO);
  });

  it('dos altas del mismo número a la vez, cada una con su PDF: una se guarda; la otra dice que está repetido y no deja documento ni archivo', async () => {
    const antes = await cuantosDocumentos();
    const archivosAntes = archivosGuardados().length;
    const [a, b] = await Promise.all(
      ['carpinchal', 'huemulero'].map(async (palabra) =>
        postMultipart('/admin/ordenanzas/nueva', editor, campos({ numero: '9060', anio: '2026' }, archivo(await pdfCon(palabra), `${palabra}.pdf`))),
      ),
    );
    const codigos = [a!.statusCode, b!.statusCode].sort();
    expect(codigos).toEqual([303, 400]);
    const rechazo = a!.statusCode === 400 ? a! : b!;
    expect(textoDe(rechazo.body)).toContain('Ya hay una ordenanza 9060/2026 en el registro');
    expect(await cuantosDocumentos()).toBe(antes + 1);
    expect(archivosGuardados().length).toBe(archivosAntes + 1);
  });

  it('sin cambios no escribe ni audita; una ordenanza que no existe es 404; la plantilla trae el encabezado y dos ejemplos', async () => {
    await postMultipart('/admin/ordenanzas/nueva', editor, campos({ numero: '9050', anio: '2026', descripcion: 'Sin cambios' }));
    const o = (await fila(9050, 2026))!;
    const igual = await postMultipart(`/admin/ordenanzas/${o.id}`, editor, campos({ numero: '9050', anio: '2026', descripcion: 'Sin cambios' }));
    expect(igual.headers.location).toBe(`/admin/ordenanzas/${o.id}?aviso=sin-cambios`);
    expect(
      await t.database.db
        .select()
        .from(auditoria)
        .where(and(eq(auditoria.accion, 'ordenanza.cambio'), eq(auditoria.entidadId, String(o.id)))),
    ).toHaveLength(0);
    for (const url of ['/admin/ordenanzas/999999999', '/admin/ordenanzas/abc', '/admin/ordenanzas/99999999999999'])
      expect((await ver(t, url, editor)).statusCode, url).toBe(404);
    expect((await postMultipart('/admin/ordenanzas/999999999', editor, campos({ numero: '9051', anio: '2026' }))).statusCode).toBe(404);
    const plantilla = await ver(t, '/admin/ordenanzas/plantilla.csv', editor);
    expect(plantilla.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(plantilla.headers['content-disposition']).toContain('plantilla-ordenanzas.csv');
    const lineas = plantilla.body
      .replace(/^\uFEFF/, '')
      .trim()
      .split('\r\n');
    expect(lineas[0]).toBe('numero,anio,estado,fecha_emision,descripcion,expediente,modifica');
    expect(lineas).toHaveLength(3);
  });

  it('retirar pide confirmación; después la página y la descarga responden 410, que no se guarda en la caché', async () => {
    await postMultipart(
      '/admin/ordenanzas/nueva',
      editor,
      campos({ numero: '9040', anio: '2026', descripcion: 'Ordenanza a retirar' }, archivo(await pdfCon('retirable'), 'r.pdf')),
    );
    const o = (await fila(9040, 2026))!;
    expect((await t.app.inject({ url: '/consulta-ordenanzas/2026/9040' })).statusCode).toBe(200);
    const paso = await ver(t, `/admin/ordenanzas/${o.id}?paso=retirar`, editor);
    expect(textoDe(paso.body)).toContain('¿Retirar la ordenanza 9040/2026?');
    const sinConfirmar = await postMultipart(`/admin/ordenanzas/${o.id}`, editor, [['intent', 'retirar']]);
    expect(sinConfirmar.statusCode).toBe(400);
    expect(await fila(9040, 2026)).toBeDefined();
    const prohibido = await postMultipart(`/admin/ordenanzas/${o.id}`, mesa, [
      ['intent', 'retirar'],
      ['confirmado', 'si'],
    ]);
    expect(prohibido.statusCode).toBe(403);
    const retiro = await postMultipart(`/admin/ordenanzas/${o.id}`, editor, [
      ['intent', 'retirar'],
      ['confirmado', 'si'],
    ]);
    expect(retiro.statusCode).toBe(303);
    expect(retiro.headers.location).toBe('/admin/ordenanzas?aviso=retirada');
    expect(await fila(9040, 2026)).toBeUndefined();
    for (let i = 0; i < 2; i++) {
      const pagina = await t.app.inject({ url: '/consulta-ordenanzas/2026/9040' });
      expect(pagina.statusCode).toBe(410);
      expect(textoDe(pagina.body)).toContain('Ordenanza retirada');
      expect(textoDe(pagina.body)).toContain('Ordenanza a retirar');
    }
    const descarga = await t.app.inject({ url: `/api/v1/documentos/${o.documentoId}` });
    expect(descarga.statusCode).toBe(410);
    expect(descarga.json().error).toContain('Este documento fue retirado');
    expect(await buscar('retirable')).not.toContain('/consulta-ordenanzas/2026/9040');
    expect((await t.app.inject({ url: '/sitemap.xml' })).body).not.toContain('/consulta-ordenanzas/2026/9040');
    expect(
      await t.database.db
        .select()
        .from(auditoria)
        .where(and(eq(auditoria.accion, 'ordenanza.retiro'), eq(auditoria.entidadId, String(o.id)))),
    ).toHaveLength(1);
    // Published again at the same number: the address works again.
    expect((await postMultipart('/admin/ordenanzas/nueva', editor, campos({ numero: '9040', anio: '2026' }))).statusCode).toBe(303);
    expect((await t.app.inject({ url: '/consulta-ordenanzas/2026/9040' })).statusCode).toBe(200);
    expect(await t.database.db.select().from(contenidosRetirados).where(eq(contenidosRetirados.ruta, '/consulta-ordenanzas/2026/9040'))).toHaveLength(0);
  });

  it('importar 1.000 filas con 3 malas no importa nada y nombra las 3; corregidas, importa las 1.000', async () => {
    const filas = Array.from({ length: 1000 }, (_, i) => [
      String(20000 + i),
      '2025',
      '2',
      '2025-05-01',
      `Ordenanza importada número ${i}`,
      `Expte ${i}`,
      i > 0 && i % 100 === 0 ? `${20000 + i - 1}/2025` : '',
    ]);
    const malas = filas.map((f) => [...f]);
    malas[9]![1] = '25'; // fila 11
    malas[499]![2] = 'Inventada'; // fila 501
    malas[997]![0] = '20010'; // fila 999: repite la fila 12
    const rechazo = await postMultipart('/admin/ordenanzas/importar', editor, [['csv', archivo(csvDe(malas), 'ordenanzas.csv', 'text/csv')]]);
    expect(rechazo.statusCode).toBe(400);
    const texto = textoDe(rechazo.body);
    expect(texto).toContain('No importamos nada: 3 filas tienen errores de 1.000');
    expect(texto).toMatch(/11 Año Escribí el año/);
    expect(texto).toMatch(/501 Estado Elegí el estado/);
    expect(texto).toMatch(/999 Número La ordenanza 20010\/2025 ya está en la fila 12 del archivo/);
    expect((await t.database.db.select({ n: count() }).from(ordenanzas).where(like(ordenanzas.descripcion, 'Ordenanza importada%')))[0]!.n).toBe(0);

    const inicio = Date.now();
    const ok = await postMultipart('/admin/ordenanzas/importar', editor, [['csv', archivo(csvDe(filas), 'ordenanzas.csv', 'text/csv')]]);
    expect(ok.statusCode, textoDe(ok.body).slice(0, 500)).toBe(303);
    expect(Date.now() - inicio).toBeLessThan(15_000);
    expect(ok.headers.location).toBe('/admin/ordenanzas/importar?importadas=1000');
    expect((await t.database.db.select({ n: count() }).from(ordenanzas).where(like(ordenanzas.descripcion, 'Ordenanza importada%')))[0]!.n).toBe(1000);
    expect((await fila(20100, 2025))!.modificatoriaDe).toBe((await fila(20099, 2025))!.id);
    const audit = await t.database.db.select().from(auditoria).where(eq(auditoria.accion, 'ordenanza.importacion'));
    expect(audit).toHaveLength(1);
    expect(audit[0]!.despues).toEqual({ cantidad: 1000 });
    expect(textoDe((await ver(t, ok.headers.location as string, editor)).body)).toContain('Importamos 1.000 ordenanzas.');
    // The same file again: every row already in the register.
    const otra = await postMultipart('/admin/ordenanzas/importar', editor, [['csv', archivo(csvDe(filas.slice(0, 2)), 'o.csv', 'text/csv')]]);
    expect(textoDe(otra.body)).toContain('Ya hay una ordenanza 20000/2025 en el registro');
    // The export has them, in the template's columns.
    const exportado = await ver(t, '/admin/ordenanzas/exportar.csv', editor);
    expect(exportado.statusCode).toBe(200);
    expect(exportado.headers['content-type']).toContain('text/csv');
    expect(exportado.body).toContain('20999,2025,2,2025-05-01,Ordenanza importada número 999,Expte 999,');
  });

  it('CSV hostiles: fórmulas, celdas enormes, otra codificación, vacío, sin encabezado, comillas abiertas, binario', async () => {
    const importar = (contenido: Uint8Array | string) =>
      postMultipart('/admin/ordenanzas/importar', editor, [['csv', archivo(contenido, 'o.csv', 'text/csv')]]);
    const formulas = await importar(
      csvDe([
        ['30001', '2025', '2', '', '=HYPERLINK("http://mal.example","clic")', '', ''],
        ['30002', '2025', '2', '', 'Bien', '@SUM(A1)', ''],
        // Spaces before the sign: the field is trimmed when stored, so the guard judges it trimmed.
        ['30005', '2025', '2', '', "  =cmd|' /C calc'!A0", '', ''],
        ['30006', '2025', '2', '', 'Bien', ' \t+1+1', ''],
      ]),
    );
    expect(formulas.statusCode).toBe(400);
    expect(textoDe(formulas.body)).toMatch(/2 Descripción La celda empieza con =/);
    expect(textoDe(formulas.body)).toMatch(/3 Expediente La celda empieza con =/);
    expect(textoDe(formulas.body)).toMatch(/4 Descripción La celda empieza con =/);
    expect(textoDe(formulas.body)).toMatch(/5 Expediente La celda empieza con =/);
    const enorme = await importar(csvDe([['30003', '2025', '2', '', 'x'.repeat(5000), '', '']]));
    expect(enorme.statusCode).toBe(400);
    expect(textoDe(enorme.body)).toContain('es demasiado larga');
    const latin1 = await importar(new Uint8Array([...Buffer.from('numero,anio,estado,descripcion\r\n30004,2025,2,Regulaci'), 0xf3, 0x6e]));
    expect(textoDe(latin1.body)).toContain('El archivo no está en UTF-8');
    expect(textoDe((await importar('')).body)).toContain('El archivo está vacío');
    const sinArchivo = await postMultipart('/admin/ordenanzas/importar', editor, [['csv', new File([], '')]]);
    expect(textoDe(sinArchivo.body)).toContain('Elegí el archivo CSV');
    expect(textoDe((await importar('numero,anio,estado,descripcion\r\n')).body)).toContain('El archivo no tiene ordenanzas');
    expect(textoDe((await importar('a,b,c\r\n1,2,3')).body)).toContain('faltan las columnas numero, anio, estado, descripcion');
    expect(textoDe((await importar('numero,anio,estado,descripcion\r\n1,2025,2,"sin cerrar')).body)).toContain('No pudimos leer el CSV');
    expect(textoDe((await importar(new Uint8Array([0x25, 0x50, 0x44, 0x46, 0, 1, 2, 3]))).body)).toContain('no es un CSV de texto');
    const gigante = await importar(`numero,anio,estado,descripcion\r\n1,2025,2,"${'y'.repeat(70 * 1024)}"`);
    expect(gigante.statusCode).toBe(400);
    expect(textoDe(gigante.body)).toContain('No pudimos leer el CSV');
    for (const n of [30001, 30002, 30003, 30004]) expect(await fila(n, 2025)).toBeUndefined();
  });
});
