// Open data (docs/decisions/025-datos-abiertos.md) over HTTP on the built app: /data.json
// has the fields the datos.gob.ar profile requires and every address in it answers 200 with the
// declared type; the CSV files carry no personal data and neutralise formulas; the dates move when
// content changes; /datos lists every dataset and the art. 32 items; the saved search's Atom feed.
import { parse } from 'csv-parse/sync';
import { XMLParser } from 'fast-xml-parser';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from '#domain/shared/zod.ts';
import { boletinesDecretos, boletinesOficiales } from '#db/schema/index.ts';
import { CONJUNTOS } from '#domain/datos/catalogo.ts';
import { TRANSPARENCIA_ACTIVA } from '#domain/datos/transparencia.ts';
import { insertPanel } from '#tests/factories/gobierno.ts';
import { insertOrdenanza } from '#tests/factories/ordenanzas.ts';
import { solicitudValida } from '#tests/factories/decretos.ts';
import { TEST_SITE_URL, type TestApp, createTestApp } from '#tests/setup/app.ts';
import { engines } from '#tests/setup/database.ts';

/** The fields the profile (Perfil de Metadatos del Paquete de Apertura de Datos) requires, and those the brief adds. */
const texto = z.string().min(1);
const fecha = z.string().regex(/^\d{4}-\d{2}-\d{2}(T[\d:.]+Z)?$/);
const absoluta = z.string().startsWith(`${TEST_SITE_URL}/`);
const distribucionSchema = z.object({
  identifier: texto,
  title: texto,
  description: texto,
  downloadURL: absoluta,
  accessURL: absoluta,
  format: texto,
  mediaType: texto,
  fileName: texto,
  issued: fecha,
  modified: fecha,
  license: texto,
});
const publisher = z.object({ name: texto, mbox: z.email() });
const datasetSchema = z.object({
  identifier: texto,
  title: texto.max(100),
  description: texto,
  publisher,
  contactPoint: z.object({ fn: texto, hasEmail: z.email() }),
  superTheme: z.array(z.enum(['AGRI', 'ECON', 'EDUC', 'ENER', 'ENVI', 'GOVE', 'HEAL', 'INTR', 'JUST', 'REGI', 'SOCI', 'TECH', 'TRAN'])).min(1),
  theme: z.array(texto).min(1),
  keyword: z.array(z.string().regex(/^[0-9a-zA-Z\-._]+$/)).min(1),
  accrualPeriodicity: z.string().regex(/^(R\/P\d+[YMWD]|R\/PT\d+[HMS]|eventual)$/),
  issued: fecha,
  modified: fecha,
  landingPage: absoluta,
  license: texto,
  language: z.array(texto),
  spatial: texto,
  distribution: z.array(distribucionSchema).min(1),
});
const catalogoSchema = z.object({
  title: texto,
  description: texto,
  publisher,
  issued: fecha,
  modified: fecha,
  language: z.tuple([z.literal('spa')]),
  superThemeTaxonomy: z.literal('http://datos.gob.ar/superThemeTaxonomy.json'),
  themeTaxonomy: z.array(z.object({ id: texto, label: texto, description: texto })).min(1),
  license: texto,
  homepage: absoluta,
  rights: texto,
  spatial: texto,
  dataset: z.array(datasetSchema),
});
type Catalogo = z.infer<typeof catalogoSchema>;

const relativa = (url: string) => url.slice(TEST_SITE_URL.length);

describe.each(engines)('datos abiertos y el feed de una búsqueda (%s)', (engine) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(engine);
  });
  afterAll(() => t?.close());

  const catalogo = async (): Promise<Catalogo> => {
    const res = await t.app.inject({ url: '/data.json' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/json; charset=utf-8');
    return catalogoSchema.parse(res.json());
  };

  it('/data.json tiene cada campo que pide el perfil; cada downloadURL y accessURL responde 200 con el tipo declarado; ETag y 304', async () => {
    const res = await t.app.inject({ url: '/data.json' });
    expect(res.headers.etag).toBeTruthy();
    expect(res.headers['last-modified']).toBeTruthy();
    expect((await t.app.inject({ url: '/data.json', headers: { 'if-none-match': res.headers.etag! } })).statusCode).toBe(304);
    const c = await catalogo();
    expect(c.dataset.map((d) => d.identifier)).toEqual(CONJUNTOS.map((d) => d.id));
    const ids = c.dataset.flatMap((d) => d.distribution.map((x) => x.identifier));
    expect(new Set(ids).size).toBe(ids.length);
    const temas = new Set(c.themeTaxonomy.map((x) => x.id));
    for (const d of c.dataset) for (const tema of d.theme) expect(temas.has(tema), tema).toBe(true);
    const direcciones = new Map<string, string | undefined>();
    for (const d of c.dataset) {
      direcciones.set(d.landingPage, 'text/html');
      for (const x of d.distribution) {
        direcciones.set(x.downloadURL, x.mediaType);
        if (!direcciones.has(x.accessURL)) direcciones.set(x.accessURL, undefined);
      }
    }
    for (const [url, tipo] of direcciones) {
      const r = await t.app.inject({ url: relativa(url) });
      expect(r.statusCode, url).toBe(200);
      if (tipo) expect(r.headers['content-type'], url).toMatch(new RegExp(`^${tipo.replace('+', '\\+')}`));
    }
  });

  it('los CSV no tienen datos personales y neutralizan fórmulas; las fechas de modificación se mueven con el contenido', async () => {
    const solicitud = solicitudValida();
    expect((await t.app.inject({ method: 'POST', url: '/api/v1/solicitudes-decreto', payload: solicitud })).statusCode).toBe(201);
    const antes = await catalogo();
    const modificado = (c: Catalogo, id: string) => c.dataset.find((d) => d.identifier === id)!.modified;
    await t.app.inject({ url: '/datos' });
    expect((await t.app.inject({ url: '/datos' })).headers['x-cache']).toBe('hit');

    // Formulas typed into the back-office's forms, saved by the command staff use (audited, so the dates move).
    await insertPanel(t.context, 'areas', { nombre: '=HIPERVINCULO("http://malo.example")', domicilio: '@SUMA(A1)', telefono: '+54 1', email: '' });
    await insertPanel(t.context, 'secretarias', { nombre: '-2+3', secretarioNombre: '=1+1' });
    await insertOrdenanza(t.context, { numero: 9901, anio: 2026, descripcion: '=IMPORTXML("http://malo.example")' });
    // A decree some bulletin publishes (docs/decisions/023-decretos-publicados.md), with a formula for a description.
    const [boletin] = await t.database.db.select({ id: boletinesOficiales.id }).from(boletinesOficiales).limit(1);
    await t.database.db.insert(boletinesDecretos).values({ boletinId: boletin!.id, numero: 4321, anio: 2026, descripcion: '+CMD()', area: 'Intendencia' });

    const despues = await catalogo();
    expect(modificado(despues, 'areas') > modificado(antes, 'areas')).toBe(true);
    expect(modificado(despues, 'ordenanzas') > modificado(antes, 'ordenanzas')).toBe(true);
    expect(despues.modified > antes.modified).toBe(true);
    expect(modificado(despues, 'sueldos')).toBe(modificado(antes, 'sueldos'));
    // The page, render-cached, follows at once (docs/decisions/007-cache-de-paginas.md).
    const pagina = await t.app.inject({ url: '/datos' });
    expect(pagina.headers['x-cache']).toBe('miss');
    expect(pagina.body).toMatch(new RegExp(`datetime="${modificado(despues, 'ordenanzas').replace(/\./g, '\\.')}"`, 'i'));

    const csvs = despues.dataset.flatMap((d) => d.distribution.filter((x) => x.format === 'CSV').map((x) => relativa(x.downloadURL)));
    expect(csvs).toContain('/datos/autoridades.csv');
    expect(csvs).toContain('/datos/concejo-deliberante.csv');
    expect(csvs).toContain('/datos/decretos-publicados.csv');
    const decretos = parse((await t.app.inject({ url: '/datos/decretos-publicados.csv' })).body, { bom: true, columns: true }) as Record<string, string>[];
    expect(decretos.find((f) => f.decreto === '4321/2026')).toMatchObject({ descripcion: `'+CMD()`, area: 'Intendencia' });
    expect(decretos.find((f) => f.decreto === '4321/2026')!.documento).toMatch(new RegExp(`^${TEST_SITE_URL}/api/v1/documentos/\\d+$`));
    const celdas: string[] = [];
    for (const url of csvs) {
      const r = await t.app.inject({ url });
      expect(r.body, url).not.toContain(String(solicitud.dni));
      expect(r.body, url).not.toContain(String(solicitud.email));
      expect(r.body.startsWith('\uFEFF'), url).toBe(true);
      const filas = parse(r.body, { bom: true, columns: true }) as Record<string, string>[];
      for (const fila of filas) celdas.push(...Object.values(fila));
    }
    expect(celdas).toContain(`'=HIPERVINCULO("http://malo.example")`);
    expect(celdas).toContain(`'@SUMA(A1)`);
    expect(celdas).toContain(`'-2+3`);
    expect(celdas).toContain(`'=1+1`);
    expect(celdas).toContain(`'=IMPORTXML("http://malo.example")`);
    for (const celda of celdas) expect(celda, celda).not.toMatch(/^[=+\-@\t\r]/);
  });

  it('/datos lista cada conjunto con sus descargas, la licencia y cada inciso del art. 32', async () => {
    const res = await t.app.inject({ url: '/datos' });
    expect(res.statusCode).toBe(200);
    const html = res.body;
    expect(html).toContain('<h1>Datos abiertos</h1>');
    expect(html).toContain('https://creativecommons.org/licenses/by/4.0/deed.es');
    for (const c of CONJUNTOS) {
      expect(html, c.id).toContain(`>${c.title}</h3>`);
      for (const d of c.distribution) expect(html, d.id).toContain(`href="${d.downloadURL.replace(/&/g, '&amp;')}"`);
    }
    for (const item of TRANSPARENCIA_ACTIVA) expect(html, item.inciso).toContain(`${item.inciso}) ${item.texto}`);
    expect(html).toContain('no publicado en este sitio');
    expect(html).toContain('href="/data.json"');
    // Texts for people: every link says where it goes in words, never a path; no decision numbers.
    const textos = [...html.matchAll(/<a [^>]*>([^<]*)<\/a>/g)].map((m) => m[1]!.trim());
    expect(textos.filter((x) => x.startsWith('/'))).toEqual([]);
    expect(html).not.toMatch(/decisi[oó]n \d/);
    expect(html).toContain('>Consulta de Ordenanzas</a>');
    expect(html).toContain('>documentación de la API</a>');
    // No script of React's: a static page (decision 008).
    expect(html).not.toMatch(/<script[^>]*type="module"/);
  });

  it('el feed de una búsqueda: los filtros de la consulta, el título que la describe, 400 en español y 304 con el ETag', async () => {
    await insertOrdenanza(t.context, { numero: 9911, anio: 2024, estado: 2, descripcion: 'Provisión de agua potable al barrio Norte' });
    await insertOrdenanza(t.context, { numero: 9912, anio: 2024, estado: 3, descripcion: 'Red de agua del barrio Sur' });
    await insertOrdenanza(t.context, { numero: 9913, anio: 2023, estado: 2, descripcion: 'Tarifa de agua' });
    const url = '/feeds/ordenanzas.xml?pattern=agua&estado=2&anio=2024';
    const res = await t.app.inject({ url });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/atom+xml; charset=utf-8');
    expect(res.headers['cache-control']).toBe('public, max-age=300');
    const feed = new XMLParser({ ignoreAttributes: false }).parse(res.body).feed as { title: string; id: string; entry: unknown };
    expect(feed.title).toBe('Ordenanzas con «agua» vigentes de 2024');
    expect(feed.id).toBe(`${TEST_SITE_URL}/consulta-ordenanzas?estado=2&anio=2024&pattern=agua`);
    const entradas = [feed.entry].flat() as { title: { '#text': string } }[];
    expect(entradas.map((e) => e.title['#text'])).toEqual(['Ordenanza N° 9911/2024']);

    expect((await t.app.inject({ url, headers: { 'if-none-match': res.headers.etag! } })).statusCode).toBe(304);
    // A new match changes the feed and its ETag.
    await insertOrdenanza(t.context, { numero: 9914, anio: 2024, estado: 2, descripcion: 'Cisterna de agua' });
    const nuevo = await t.app.inject({ url, headers: { 'if-none-match': res.headers.etag! } });
    expect(nuevo.statusCode).toBe(200);
    expect(nuevo.body.indexOf('9914/2024')).toBeLessThan(nuevo.body.indexOf('9911/2024'));

    // Without filters, the feed of new ordinances as before.
    const todas = await t.app.inject({ url: '/feeds/ordenanzas.xml' });
    expect(todas.body).toContain('<title>Ordenanzas nuevas de Villa La Angostura</title>');
    expect(todas.body).toContain(`<id>${TEST_SITE_URL}/consulta-ordenanzas</id>`);

    for (const malo of ['?anio=20x4', '?estado=7', `?pattern=${'a'.repeat(201)}`]) {
      const r = await t.app.inject({ url: `/feeds/ordenanzas.xml${malo}` });
      expect(r.statusCode, malo).toBe(400);
      expect(r.json(), malo).toMatchObject({ error: 'Revisá los filtros de la búsqueda.' });
    }

    // The search page links to its feed and announces it in its head.
    const pagina = await t.app.inject({ url: '/consulta-ordenanzas?pattern=agua&estado=2&anio=2024' });
    expect(pagina.body).toContain('Seguir esta búsqueda (Atom)');
    expect(pagina.body).toMatch(/<link rel="alternate" type="application\/atom\+xml" href="\/feeds\/ordenanzas\.xml\?estado=2&amp;anio=2024&amp;pattern=agua"/);
  });
});
