import { parse } from 'csv-parse/sync';
import { XMLParser, XMLValidator } from 'fast-xml-parser';
import { desc } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { boletinesOficiales, observatorioVial } from '#db/schema/index.ts';
import { savePresentacion } from '#domain/gobierno/observatorio-admin.ts';
import { ACTOR_SISTEMA } from '#domain/shared/actor.ts';
import { saveBoletinVigente } from '#tests/factories/boletines.ts';
import { TEST_SITE_URL, type TestApp, createTestApp } from '#tests/setup/app.ts';
import { engines } from '#tests/setup/database.ts';

const MALICIOSO = [
  '<p onclick="alert(1)">Texto legal<script>alert("x1")</script></p>',
  '<img src="x" onerror="alert(2)">',
  '<a href="javascript:alert(3)">enlace</a> <a href=" JaVaScRiPt:alert(4)">otro</a>',
  '<svg onload="alert(5)"></svg><iframe src="https://malo.example"></iframe><a href="https://ejemplo.org" onmouseover="alert(6)">seguro</a>',
].join('');

/** Nothing executable in the page's own markup (the framework's nonce'd scripts aside). */
function sinCodigoInyectado(html: string) {
  expect(html.match(/alert\(|onerror=|onclick=|onmouseover=|onload=|javascript:|<iframe|<svg onload|<script>alert/gi)).toBeNull();
}

describe.each(engines)('páginas, API, feeds y sitemap de Gobierno (%s)', (engine) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(engine);
  });
  afterAll(() => t.close());

  const json = async (url: string) => {
    const res = await t.app.inject({ url });
    expect(res.statusCode, url).toBe(200);
    expect(res.headers['content-type']).toMatch(/^application\/json/);
    return res.json() as unknown;
  };
  const claves = (o: unknown) => Object.keys(o as object).sort();

  it('cada llamada de la API devuelve los nombres de campo del spec', async () => {
    // The spec's two texts, and which bulletin they are (the latest: docs/decisions/050-un-solo-boletin.md).
    const vigente = (await json('/api/v1/boletin-vigente')) as { boletin: object };
    expect(claves(vigente)).toEqual(['boletin', 'legales', 'licitaciones']);
    expect(vigente.boletin).toMatchObject({ numeroBoletinOficial: 325, mes: 11, anio: 2026, titulo: 'Boletín Oficial N° 325 – Noviembre 2026' });
    const ordenanzas = (await json('/api/v1/boletin-vigente/ordenanzas?pattern=')) as object[];
    expect(ordenanzas.length).toBeGreaterThan(0);
    expect(claves(ordenanzas[0])).toEqual(['link', 'numero', 'titulo']);
    const decretos = (await json('/api/v1/boletin-vigente/decretos?pattern=')) as object[];
    expect(claves(decretos[0])).toEqual(['area', 'descripcion', 'numero']);
    const boletines = (await json('/api/v1/boletines-oficiales')) as { documento: object; numeroBoletinOficial: number }[];
    expect(boletines).toHaveLength(25);
    expect(boletines[0]).toMatchObject({
      documento: { id: expect.any(Number) },
      numeroBoletinOficial: 325,
      mesAsString: 'Noviembre',
      anioDocumentoAsString: '2026',
      usuarioCreacion: expect.any(String),
      fechaCreacion: expect.stringMatching(/^2026-11-27T/),
    });
    const areas = (await json('/api/v1/areas?pattern=')) as object[];
    expect(areas).toHaveLength(9);
    expect(claves(areas[0])).toEqual(['domicilio', 'email', 'nombre', 'telefono']);
    expect(claves(await json('/api/v1/ejecutivo'))).toEqual([
      'intendenteEmail',
      'intendenteNombre',
      'intendenteTelefono',
      'viceIntendenteEmail',
      'viceIntendenteNombre',
      'viceIntendenteTelefono',
    ]);
    const secretarias = (await json('/api/v1/secretarias?pattern=')) as { secretaria: object; subSecretariaList: object[] }[];
    expect(claves(secretarias[0])).toEqual(['secretaria', 'subSecretariaList']);
    expect(claves(secretarias[0]!.secretaria)).toEqual(['nombre', 'secretarioEmail', 'secretarioNombre', 'secretarioTelefono']);
    expect(claves(secretarias[0]!.subSecretariaList[0])).toEqual(['nombre', 'subSecretarioEmail', 'subSecretarioNombre', 'subSecretarioTelefono']);
    const concejo = (await json('/api/v1/concejo-deliberante')) as {
      presidencia: object;
      bloqueList: { bloque: object; concejalesList: object[]; asesoresList: object[] }[];
    };
    expect(claves(concejo)).toEqual(['bloqueList', 'presidencia']);
    expect(claves(concejo.presidencia)).toEqual([
      'nombrePresidente',
      'nombreProsecretaria',
      'nombreSecretaria',
      'nombreSecretariaDigesto',
      'nombreVicepresidente',
      'telefono',
    ]);
    expect(claves(concejo.bloqueList[0])).toEqual(['asesoresList', 'bloque', 'concejalesList']);
    expect(claves(concejo.bloqueList[0]!.bloque)).toEqual(['nombreBloque', 'nombreSecetaria']);
    expect(claves(concejo.bloqueList[0]!.concejalesList[0])).toEqual(['nombre']);
    const observatorio = (await json('/api/v1/observatorio-vial')) as { texto: string; logo: { id: number }; galeria: { nombre: string } };
    expect(observatorio).toMatchObject({
      texto: expect.stringContaining('Observatorio Vial'),
      logo: { id: expect.any(Number) },
      galeria: { nombre: expect.any(String) },
    });
    const imagenes = (await json(`/api/v1/observatorio-vial/galeria?gallery=${encodeURIComponent(observatorio.galeria.nombre)}`)) as {
      imagen: { id: number };
    }[];
    expect(imagenes).toHaveLength(6);
    expect(imagenes[0]).toMatchObject({
      imagen: { id: expect.any(Number) },
      alt: expect.any(String),
      titulo: expect.any(String),
      descripcion: expect.any(String),
    });
    const imagen = await t.app.inject({ url: `/api/v1/documentos/${imagenes[0]!.imagen.id}` });
    expect(imagen.headers['content-type']).toBe('image/png');
    expect((await t.app.inject({ url: '/api/v1/observatorio-vial/galeria' })).statusCode).toBe(400);
    for (const ruta of ['/api/v1/observatorio-vial/movimiento-terminal', '/api/v1/observatorio-vial/informes-estadisticos']) {
      const lista = (await json(ruta)) as object[];
      expect(lista[0]).toMatchObject({
        documento: { id: expect.any(Number) },
        mesAsString: expect.any(String),
        anioDocumentoAsString: expect.stringMatching(/^\d{4}$/),
      });
    }
    const estados = (await json('/api/v1/estados-contables')) as object[];
    expect(estados).toHaveLength(48);
    expect(estados[0]).toMatchObject({
      tipoEstadoContable: expect.stringMatching(/^(RECURSOS|GASTOS)$/),
      documento: { id: expect.any(Number) },
      mesAsString: 'Octubre',
      anioDocumentoAsString: '2026',
      usuarioCreacion: expect.any(String),
      fechaCreacion: expect.any(String),
    });
    const sueldos = (await json('/api/v1/sueldos')) as object[];
    expect(sueldos[0]).toMatchObject({ documento: { id: expect.any(Number) }, periodoSueldoAsString: 'Octubre', anioDocumentoAsString: '2026' });
    expect((await json('/api/v1/plan-estrategico')) as object[]).toHaveLength(4);
  });

  it('las listas tabulares se exportan en CSV con Accept: text/csv o ?formato=csv', async () => {
    for (const ruta of [
      '/api/v1/boletin-vigente/ordenanzas',
      '/api/v1/boletin-vigente/decretos',
      '/api/v1/boletines-oficiales',
      '/api/v1/areas',
      '/api/v1/observatorio-vial/movimiento-terminal',
      '/api/v1/observatorio-vial/informes-estadisticos',
      '/api/v1/estados-contables',
      '/api/v1/sueldos',
      '/api/v1/plan-estrategico',
    ]) {
      const filas = (await json(ruta)) as object[];
      for (const request of [{ url: ruta, headers: { accept: 'text/csv' } }, { url: `${ruta}?formato=csv` }]) {
        const res = await t.app.inject(request);
        expect(res.headers['content-type'], ruta).toBe('text/csv; charset=utf-8');
        expect(parse(res.body, { columns: true, bom: true })).toHaveLength(filas.length);
      }
    }
    const estados = parse((await t.app.inject({ url: '/api/v1/estados-contables?formato=csv' })).body, { columns: true, bom: true }) as Record<
      string,
      string
    >[];
    expect(estados[0]!.documentoURL).toMatch(new RegExp(`^${TEST_SITE_URL}/api/v1/documentos/\\d+$`));
  });

  it('el documento OpenAPI describe cada llamada', async () => {
    const doc = (await json('/api/docs')) as { paths: Record<string, unknown> };
    for (const ruta of [
      'boletin-vigente',
      'boletin-vigente/ordenanzas',
      'boletin-vigente/decretos',
      'boletines-oficiales',
      'areas',
      'ejecutivo',
      'secretarias',
      'concejo-deliberante',
      'observatorio-vial',
      'observatorio-vial/galeria',
      'observatorio-vial/movimiento-terminal',
      'observatorio-vial/informes-estadisticos',
      'estados-contables',
      'sueldos',
      'plan-estrategico',
    ]) {
      expect(doc.paths, ruta).toHaveProperty([`/api/v1/${ruta}`, 'get']);
    }
  });

  it('los feeds Atom y el sitemap son XML válido y listan el contenido de demostración; robots.txt apunta al sitemap', async () => {
    const parser = new XMLParser({ ignoreAttributes: false });
    const boletines = await t.app.inject({ url: '/feeds/boletines.xml' });
    expect(boletines.headers['content-type']).toBe('application/atom+xml; charset=utf-8');
    expect(XMLValidator.validate(boletines.body)).toBe(true);
    const feedB = parser.parse(boletines.body).feed;
    expect(feedB.entry).toHaveLength(25);
    expect(String(feedB.entry[0].title['#text'] ?? feedB.entry[0].title)).toContain('Boletín Oficial N° 325 - Noviembre 2026');

    const ordenanzas = await t.app.inject({ url: '/feeds/ordenanzas.xml' });
    expect(XMLValidator.validate(ordenanzas.body)).toBe(true);
    const feedO = parser.parse(ordenanzas.body).feed;
    expect(feedO.entry).toHaveLength(50);
    expect(feedO.entry[0].link['@_href']).toMatch(new RegExp(`^${TEST_SITE_URL}/consulta-ordenanzas/\\d{4}/\\d+$`));

    const sitemap = await t.app.inject({ url: '/sitemap.xml' });
    expect(XMLValidator.validate(sitemap.body)).toBe(true);
    const urls = (parser.parse(sitemap.body).urlset.url as { loc: string }[]).map((u) => new URL(u.loc).pathname);
    for (const p of [
      '/boletines-oficiales',
      '/areas',
      '/ejecutivo',
      '/concejo-deliverante',
      '/observatorio-vial',
      '/plan-estrategico',
      '/estados-contables',
      '/sueldos',
      '/consulta-ordenanzas',
    ])
      expect(urls).toContain(p);
    const { total } = (await json('/api/v1/ordenanzas')) as { total: number };
    expect(urls.filter((u) => /^\/consulta-ordenanzas\/\d{4}\/\d+$/.test(u))).toHaveLength(total);
    // Every address listed answers 200: a sitemap never sends a crawler to a 404. Eight at a time,
    // as a crawler would: three hundred at once only measure the pool's wait on a busy machine.
    const estados: (readonly [string, number])[] = [];
    for (let i = 0; i < urls.length; i += 8) {
      estados.push(...(await Promise.all(urls.slice(i, i + 8).map(async (u) => [u, (await t.app.inject({ url: u })).statusCode] as const))));
    }
    expect(estados.filter(([, status]) => status !== 200)).toEqual([]);

    const robots = await t.app.inject({ url: '/robots.txt' });
    expect(robots.body).toMatch(/^Disallow: \/admin$/m);
    expect(robots.body).toMatch(/^Disallow: \/api$/m);
    expect(robots.body).toContain(`\nSitemap: ${TEST_SITE_URL}/sitemap.xml\n`);
  });

  it('con SITE_URL, feeds y sitemap usan ese origen', async () => {
    const otra = await createTestApp(engine, { env: { SITE_URL: 'https://www.villalaangostura.gob.ar' }, seed: false });
    try {
      const res = await otra.app.inject({ url: '/sitemap.xml' });
      expect(res.body).toContain('<loc>https://www.villalaangostura.gob.ar/areas</loc>');
    } finally {
      await otra.close();
    }
  });

  it('una sección cuyos datos no cargan lo dice en castellano; el resto de la página se muestra', async () => {
    const otra = await createTestApp(engine, { seed: false });
    try {
      await otra.database.db.execute('alter table secretarias rename to secretarias_fuera');
      const res = await otra.app.inject({ url: '/ejecutivo' });
      // Degraded, not gone: the page renders, and its status tells caches and monitors.
      expect(res.statusCode).toBe(503);
      expect(res.body.includes('No pudimos cargar las secretarías por un problema nuestro. Probá de nuevo en unos minutos.')).toBe(true);
      expect(res.body.includes('Todavía no se cargaron los datos de la Intendencia.')).toBe(true);
    } finally {
      await otra.close();
    }
  });

  it('el HTML con scripts, manejadores y enlaces javascript: no sobrevive ni guardado ni mostrado', async () => {
    // Through the command staff use (saveTextosBoletin): sanitised when stored.
    await saveBoletinVigente(t.context, { legales: MALICIOSO, licitaciones: MALICIOSO });
    let pagina = await t.app.inject({ url: '/boletines-oficiales' });
    expect(pagina.statusCode).toBe(200);
    expect(pagina.body.includes('Texto legal')).toBe(true);
    expect(pagina.body.includes('href="https://ejemplo.org"')).toBe(true);
    sinCodigoInyectado(pagina.body);
    sinCodigoInyectado((await t.app.inject({ url: '/api/v1/boletin-vigente' })).body);
    // The observatory's presentation through the command staff use: sanitised when stored, too.
    expect(await savePresentacion(t.context, ACTOR_SISTEMA, { texto: `<p>Observatorio por el panel</p>${MALICIOSO}` })).toMatchObject({ tipo: 'guardado' });
    const [guardado] = await t.database.db.select().from(observatorioVial).orderBy(desc(observatorioVial.id)).limit(1);
    expect(guardado!.texto.includes('Observatorio por el panel')).toBe(true);
    sinCodigoInyectado(guardado!.texto);
    pagina = await t.app.inject({ url: '/observatorio-vial' });
    expect(pagina.body.includes('Observatorio por el panel')).toBe(true);
    sinCodigoInyectado(pagina.body);

    // Written straight into the database (an older version, a manual fix): sanitised when rendered.
    await t.database.db.update(boletinesOficiales).set({ legales: MALICIOSO, licitaciones: MALICIOSO });
    const [obs] = await t.database.db.select().from(observatorioVial);
    await t.database.db
      .insert(observatorioVial)
      .values({ texto: `<p>Observatorio renovado</p>${MALICIOSO}`, galeriaNombre: obs!.galeriaNombre, logoId: obs!.logoId });
    pagina = await t.app.inject({ url: '/boletines-oficiales' });
    expect(pagina.body.includes('Texto legal')).toBe(true);
    sinCodigoInyectado(pagina.body);
    const observatorio = await t.app.inject({ url: '/observatorio-vial' });
    expect(observatorio.body.includes('Observatorio renovado')).toBe(true);
    sinCodigoInyectado(observatorio.body);
    sinCodigoInyectado((await t.app.inject({ url: '/api/v1/observatorio-vial' })).body);
  });

  it('cada página se sirve en el servidor con su título y sus datos', async () => {
    for (const [ruta, titulo, dato] of [
      ['/boletines-oficiales', 'Boletines Oficiales', 'Boletín Oficial N° 325 – Noviembre 2026'],
      ['/areas', 'Áreas', 'href="tel:+542944494124"'],
      ['/ejecutivo', 'Ejecutivo', 'Subsecretaría de Rentas'],
      ['/concejo-deliverante', 'Concejo Deliberante', 'Secretaria a Cargo del Digesto'],
      ['/observatorio-vial', 'Observatorio Vial', 'loading="lazy"'],
      ['/plan-estrategico', 'Plan Estratégico', 'Guía del inversor'],
      ['/estados-contables', 'Estados Contables', 'Ejecución de Gastos Octubre 2026'],
      ['/sueldos', 'Sueldos', 'Aguinaldo 1er semestre'],
    ] as const) {
      const res = await t.app.inject({ url: ruta });
      expect(res.statusCode, ruta).toBe(200);
      // Booleans, not toContain: a failure should name the page, not print it whole.
      expect(res.body.includes(`<title>${titulo} | Municipalidad de Villa La Angostura</title>`), `${ruta}: título`).toBe(true);
      expect(res.body.includes(dato), `${ruta}: ${dato}`).toBe(true);
      expect(/<link[^>]* rel="alternate" type="application\/atom\+xml" href="\/feeds\/boletines.xml"/.test(res.body), `${ruta}: feed`).toBe(true);
    }
  });
});
