import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '#db/client.ts';
import { generarPdf } from '#db/factories/pdf.ts';
import { busquedasSinResultados, ordenanzas } from '#db/schema/index.ts';
import { type TestApp, TEST_SITE_URL, createTestApp } from '#tests/setup/app.ts';
import { engines } from '#tests/setup/database.ts';
import { insertBoletin } from '#tests/factories/boletines.ts';
import { insertPanel } from '#tests/factories/gobierno.ts';
import { insertOrdenanza } from '#tests/factories/ordenanzas.ts';
import { actualizarIndice } from '#domain/buscador/indice.ts';
import { EDITOR, MESA, ingresar, textoDe, ver } from '#tests/setup/panel.ts';
import { esperarHasta } from '#tests/setup/smtp.ts';

type Resultado = { etiqueta: string; titulo: string; href: string; texto: string };

/** The results of the page, in order: what each says it is, its title and link, and all its text. */
function resultados(html: string): Resultado[] {
  const lista = /<ol class="buscador__resultados"[^>]*>([\s\S]*?)<\/ol>/.exec(html)?.[1] ?? '';
  return [...lista.matchAll(/<li class="buscador__resultado">([\s\S]*?)<\/li>/g)].map(([, li]) => ({
    etiqueta: textoDe(/<p class="buscador__tipo">([\s\S]*?)<\/p>/.exec(li!)![1]!).trim(),
    titulo: textoDe(/<h2 class="buscador__titulo"><a [^>]*>([\s\S]*?)<\/a>/.exec(li!)![1]!).trim(),
    href: /<a href="([^"]*)"/.exec(li!)![1]!.replace(/&amp;/g, '&'),
    texto: textoDe(li!).trim(),
  }));
}

describe.each(engines)('buscador del sitio (%s)', (engine) => {
  let t: TestApp;
  const buscar = (q: string, extra = '') => t.app.inject({ url: `/buscar?q=${encodeURIComponent(q)}${extra}` });
  const encontrados = async (q: string) => {
    const res = await buscar(q);
    expect(res.statusCode, q).toBe(200);
    return resultados(res.body);
  };
  let boletin: { id: number; documentoId: number };

  beforeAll(async () => {
    t = await createTestApp(engine);
    await insertOrdenanza(t.context, {
      numero: 7001,
      anio: 2025,
      descripcion: 'Régimen de cartelería en la vía pública',
      textoPdf: 'Los carteles no podrán tapar los nidos de zorzales patagónicos.',
    });
    await insertOrdenanza(t.context, { numero: 7002, anio: 2024, descripcion: 'Habilitación de comercios gastronómicos en la villa' });
    await insertOrdenanza(t.context, { numero: 7003, anio: 2023, descripcion: 'Protección del ñirantal de la costa' });
    boletin = await insertBoletin(t.context, {
      numero: 977,
      mes: 4,
      anio: 2026,
      documento: {
        data: await generarPdf({
          titulo: 'BOLETÍN OFICIAL N° 977',
          parrafos: ['Se declara de interés municipal el censo de huemules y el cuidado del ñirantal.'],
        }),
        nombreArchivo: 'boletin-977.pdf',
      },
      decretos: [{ numero: '4321/2026', descripcion: 'Designación de guardaparques en el cerro', area: 'Ambiente' }],
    });
    // What the app's job does when it hears the content changed (a search never rebuilds the index).
    await actualizarIndice(t.database.db);
  });
  afterAll(() => t.close());

  it('cada tipo dice qué es: ordenanza por una palabra de su PDF, boletín por su PDF, decreto, área con su teléfono, concejo, datos abiertos y páginas', async () => {
    const [ordenanza] = await encontrados('zorzales');
    expect(ordenanza).toMatchObject({ etiqueta: 'Ordenanza', titulo: 'Ordenanza N° 7001/2025', href: '/consulta-ordenanzas/2025/7001' });
    expect(ordenanza!.texto).toContain('Las palabras están en el texto de su documento (PDF).');

    const [deBoletin] = await encontrados('huemules');
    expect(deBoletin).toMatchObject({
      etiqueta: 'Boletín Oficial',
      titulo: 'Boletín Oficial N° 977 - Abril 2026',
      href: `/api/v1/documentos/${boletin.documentoId}`,
    });
    const res = await buscar('huemules');
    expect(res.body).toMatch(/censo de <mark>huemules<\/mark>/);

    const [decreto] = await encontrados('guardaparques');
    expect(decreto).toMatchObject({ etiqueta: 'Decreto', titulo: 'Decreto 4321/2026', href: `/api/v1/documentos/${boletin.documentoId}` });
    expect(decreto!.texto).toContain('Publicado en el Boletín Oficial N° 977 - Abril 2026');

    const [area] = await encontrados('defensa civil');
    expect(area).toMatchObject({ etiqueta: 'Área', titulo: 'Defensa Civil', href: '/areas' });
    expect(area!.texto).toContain('Teléfono: +54 294 449-4103');

    expect((await encontrados('concejales')).some((r) => r.etiqueta === 'Concejo Deliberante' && r.href === '/concejo-deliverante')).toBe(true);
    expect((await encontrados('intendente')).some((r) => r.etiqueta === 'Ejecutivo' && r.href === '/ejecutivo')).toBe(true);
    expect((await encontrados('estados contables')).some((r) => r.etiqueta === 'Datos abiertos' && r.href === '/datos#conjunto-estados-contables')).toBe(true);
    for (const [q, href] of [
      ['feriados', '/solicitud-decretos'],
      ['sueldos', '/sueldos'],
      ['accesibilidad', '/accesibilidad'],
    ] as const) {
      expect(
        (await encontrados(q)).some((r) => r.etiqueta === 'Página' && r.href === href),
        q,
      ).toBe(true);
    }
  });

  it('sin importar acentos, mayúsculas ni plurales, como la búsqueda de ordenanzas; la última palabra es un prefijo', async () => {
    for (const q of ['habilitacion comercial', 'HABILITACIÓN comercios', 'habilitaciones gastronomico', 'habilit gastro']) {
      expect(
        (await encontrados(q)).map((r) => r.titulo),
        q,
      ).toContain('Ordenanza N° 7002/2024');
    }
    for (const q of ['transito', 'Tránsito', 'TRANSITOS']) {
      expect(
        (await encontrados(q)).some((r) => r.etiqueta === 'Área' && r.titulo === 'Tránsito y Transporte'),
        q,
      ).toBe(true);
    }
    expect((await encontrados('huemul')).map((r) => r.etiqueta)).toContain('Boletín Oficial');
  });

  it('rankea todo junto: lo que lo dice en el título va antes que lo que sólo lo tiene en el PDF', async () => {
    const lista = await encontrados('ñirantal');
    expect(lista.map((r) => r.titulo)).toEqual(['Ordenanza N° 7003/2023', 'Boletín Oficial N° 977 - Abril 2026']);
    const sueldos = await encontrados('sueldos');
    // The page named Sueldos first; the open-data set and the rest after it.
    expect(sueldos[0]).toMatchObject({ etiqueta: 'Página', titulo: 'Sueldos' });
  });

  it('el índice sigue al contenido por la tarea programada «índice del buscador»: un área nueva aparece cuando la tarea corre', async () => {
    await t.app.ready();
    expect(await t.app.metricas.text()).toContain('vla_tarea_ultimo_exito_timestamp_seconds{tarea="índice del buscador"}');
    expect(await encontrados('bromatologia')).toEqual([]);
    await insertPanel(t.context, 'areas', { nombre: 'Bromatología', domicilio: 'Los Cauquenes 12', telefono: '+54 294 449-4999', email: '' });
    // The app's job hears the change and brings it; the searches meanwhile answer from the index as it was.
    await esperarHasta(async () => (await encontrados('bromatologia')).length > 0);
    const [area] = await encontrados('bromatologia');
    expect(area).toMatchObject({ etiqueta: 'Área', titulo: 'Bromatología' });
    expect(area!.texto).toContain('+54 294 449-4999');
  });

  it('páginas de 20, con enlaces que conservan la búsqueda; la página 11 o una que no es número, 400 con su mensaje', async () => {
    for (let i = 0; i < 25; i++) await insertOrdenanza(t.context, { numero: 8000 + i, anio: 2022, descripcion: `Tasa de alumbrado vecinal ${i}` });
    const primera = await buscar('alumbrado vecinal');
    expect(resultados(primera.body)).toHaveLength(20);
    expect(textoDe(primera.body)).toContain('25 resultados para «alumbrado vecinal»; mostrando 1 a 20.');
    expect(primera.body).toContain('href="/buscar?q=alumbrado+vecinal&amp;pagina=2"');
    const segunda = await buscar('alumbrado vecinal', '&pagina=2');
    expect(resultados(segunda.body)).toHaveLength(5);
    const titulos = new Set([...resultados(primera.body), ...resultados(segunda.body)].map((r) => r.titulo));
    expect(titulos.size).toBe(25);
    for (const pagina of ['0', '11', 'dos', '9'.repeat(40)]) {
      const res = await buscar('alumbrado', `&pagina=${pagina}`);
      expect(res.statusCode, pagina).toBe(400);
      expect(textoDe(res.body), pagina).toContain('Elegí una página de resultados entre 1 y 10');
      expect(res.body).toContain('<title>Error: ');
    }
  });

  it('vacía, larga u hostil: un mensaje en castellano, nunca un 5xx, lo escrito queda en el campo', async () => {
    const vacia = await t.app.inject({ url: '/buscar' });
    expect(vacia.statusCode).toBe(200);
    expect(textoDe(vacia.body)).toContain('Escribí una o más palabras');

    const larga = 'palabra '.repeat(30);
    const resLarga = await buscar(larga);
    expect(resLarga.statusCode).toBe(400);
    expect(textoDe(resLarga.body)).toContain('La búsqueda puede tener hasta 200 caracteres: acortala y probá de nuevo.');
    expect(resLarga.body).toContain(`value="${larga.slice(0, 100)}`);

    const script = await buscar('<script>alert(1)</script> zorzales');
    expect(script.statusCode).toBe(200);
    expect(script.body).not.toContain('<script>alert(1)');
    expect(script.body).toContain('&lt;script&gt;alert(1)&lt;/script&gt;');

    for (const hostil of ["'; drop table ordenanzas; --", "') or 1=1 --", '%00', '\\', '!!!', '* & | ! :*', 'a:* | b', '""""', '(((']) {
      const res = await buscar(hostil);
      expect(res.statusCode, hostil).toBeLessThan(500);
    }
    const [{ n }] = (await t.database.db.select({ n: sql<number>`count(*)`.mapWith(Number) }).from(ordenanzas)) as [{ n: number }];
    expect(n).toBeGreaterThan(0);

    const comunes = await buscar('de la');
    expect(textoDe(comunes.body)).toContain('no tiene palabras para buscar');

    const control = await t.app.inject({ url: '/buscar?q=hola%01' });
    expect(control.statusCode).toBe(400);
  });

  it('OpenSearch: /opensearch.xml con la plantilla de /buscar en la dirección pública, anunciada en cada página pública', async () => {
    const res = await t.app.inject({ url: '/opensearch.xml' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/opensearchdescription+xml; charset=utf-8');
    expect(res.body).toContain('<OpenSearchDescription xmlns="http://a9.com/-/spec/opensearch/1.1/"');
    expect(res.body).toContain(`<Url type="text/html" method="get" template="${TEST_SITE_URL}/buscar?q={searchTerms}"/>`);
    expect(res.body).toMatch(/<ShortName>.{1,16}<\/ShortName>/);
    for (const pagina of ['/home', '/areas', '/consulta-ordenanzas', '/buscar?q=sueldos']) {
      const html = (await t.app.inject({ url: pagina })).body;
      expect(html, pagina).toContain(
        '<link rel="search" type="application/opensearchdescription+xml" href="/opensearch.xml" title="Municipalidad de Villa La Angostura"/>',
      );
      const formulario = /<form [^>]*aria-label="En todo el sitio"[^>]*>/.exec(html)?.[0] ?? '';
      expect(formulario, pagina).toMatch(/ role="search"/);
      expect(formulario, pagina).toMatch(/ action="\/buscar"/);
      expect(formulario, pagina).toMatch(/ method="get"/);
      expect(html, pagina).toContain('<label for="buscar-en-el-sitio" class="visually-hidden">Buscar en el sitio</label>');
    }
  });

  it('las búsquedas sin resultados se cuentan (sólo palabras y cantidad), sin DNI, CUIT, teléfonos ni correos, y las ve el personal de contenido', async () => {
    const contadas = async () =>
      Object.fromEntries((await t.database.db.select().from(busquedasSinResultados)).map((f) => [f.consulta, f.cantidad] as [string, number]));
    for (let i = 0; i < 3; i++) {
      const res = await buscar('Xilofón municipal inexistente');
      expect(res.statusCode).toBe(200);
      expect(res.headers['cache-control']).toBe('no-store');
      expect(textoDe(res.body)).toContain('No encontramos nada con «Xilofón municipal inexistente»');
    }
    for (const personal of ['12.345.678', '20-12345678-3', 'vecino@correo.com.ar', '2944 494 123', 'llamar al 2944494123']) {
      expect((await buscar(personal)).statusCode).toBe(200);
    }
    const guardadas = await contadas();
    expect(guardadas['xilofon municipal inexistente']).toBe(3);
    expect(Object.keys(guardadas).filter((c) => /\d{4}|@|correo|vecino|llamar/.test(c))).toEqual([]);
    // Nothing else is kept: no address, no agent, no session.
    const columnas = await queryRows<{ column_name: string }>(
      t.database.db,
      sql`select column_name from information_schema.columns where table_name = 'busquedas_sin_resultados' order by ordinal_position`,
    );
    expect(columnas.map((c) => c.column_name)).toEqual(['consulta', 'cantidad', 'primera', 'ultima']);

    // A search that finds something is not counted, and its page may be cached.
    const conResultados = await buscar('zorzales');
    expect(conResultados.headers['cache-control']).not.toBe('no-store');
    expect(await contadas()).toEqual(guardadas);

    const editor = await ingresar(t, EDITOR);
    const panel = await ver(t, '/admin/busquedas', editor);
    expect(panel.statusCode).toBe(200);
    const texto = textoDe(panel.body);
    expect(texto).toContain('Búsquedas sin resultados');
    expect(texto).toMatch(/xilofon municipal inexistente 3 \d{2}\/\d{2}\/\d{4}/);
    expect((await ver(t, '/admin', editor)).body).toContain('href="/admin/busquedas"');
    const mesa = await ingresar(t, MESA);
    expect((await ver(t, '/admin/busquedas', mesa)).statusCode).toBe(403);
    expect((await ver(t, '/admin/busquedas')).statusCode).toBe(302);
  });
});
