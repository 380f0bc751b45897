// Long lists made short and pages placed (docs/decisions/051-listas-largas-y-migas.md): the finance
// lists' year filter in the address, its errors, the breadcrumbs of the public pages with their
// JSON-LD, the accessibility statement's table of contents, and ordinance dates written for people
// while the API keeps the spec's ISO text. Through the built server, on each engine.
import { DomUtils, parseDocument } from 'htmlparser2';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TEST_SITE_URL, type TestApp, createTestApp } from '#tests/setup/app.ts';
import { engines } from '#tests/setup/database.ts';

const { findAll, findOne, getAttributeValue, textContent } = DomUtils;

type ChildNode = ReturnType<typeof parseDocument>['children'][number];
type Element = ReturnType<typeof findAll>[number];

const esElemento = (n: ChildNode): n is Element => n.type === 'tag' || n.type === 'script';
const todos = (raiz: ChildNode[], prueba: (e: Element) => boolean) => findAll((e) => esElemento(e) && prueba(e), raiz);
const texto = (e: ChildNode) => textContent(e).replace(/\s+/g, ' ').trim();

/** The rows of the page's first table body. */
function filas(html: string): string[] {
  const doc = parseDocument(html);
  const tbody = findOne((e) => e.name === 'tbody', doc.children);
  return tbody ? todos(tbody.children, (e) => e.name === 'tr').map(texto) : [];
}

/** The breadcrumbs: each step's text, address (none for the current page) and aria-current. */
function migas(html: string) {
  const doc = parseDocument(html);
  const navs = todos(doc.children, (e) => e.name === 'nav' && getAttributeValue(e, 'aria-label') === 'Ruta de navegación');
  if (navs.length === 0) return null;
  expect(navs).toHaveLength(1);
  const nav = navs[0]!;
  const ol = todos(nav.children, (e) => e.name === 'ol');
  expect(ol, 'una lista ordenada').toHaveLength(1);
  const pasos = todos(ol[0]!.children, (e) => e.name === 'li').map((li) => {
    const enlace = findOne((e) => e.name === 'a', li.children);
    const actual = findOne((e) => getAttributeValue(e, 'aria-current') !== undefined, li.children);
    return {
      texto: texto(li),
      href: enlace ? getAttributeValue(enlace, 'href') : undefined,
      actual: actual ? getAttributeValue(actual, 'aria-current') : undefined,
    };
  });
  const jsonLd = todos(nav.children, (e) => e.name === 'script' && getAttributeValue(e, 'type') === 'application/ld+json');
  return { pasos, jsonLd: jsonLd.length === 1 ? (JSON.parse(textContent(jsonLd[0]!)) as Record<string, unknown>) : null };
}

describe.each(engines)('listas largas, migas y fechas (%s)', (engine) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(engine);
  });
  afterAll(() => t.close());

  const get = (url: string) => t.app.inject({ url });

  describe('filtro por año de Estados Contables y Sueldos', () => {
    it('sin año, el más reciente; el año y «todos» quedan en la dirección y el select los ofrece', async () => {
      const porDefecto = await get('/estados-contables');
      expect(porDefecto.statusCode).toBe(200);
      const lista = filas(porDefecto.body);
      // The demo has November 2024 to October 2026, two statements a month.
      expect(lista).toHaveLength(20);
      expect(lista.every((f) => f.includes(' 2026'))).toBe(true);
      const doc = parseDocument(porDefecto.body);
      const form = findOne((e) => e.name === 'form' && getAttributeValue(e, 'aria-label') === 'Filtrar por año', doc.children)!;
      expect(getAttributeValue(form, 'method')).toBe('get');
      expect(getAttributeValue(form, 'action')).toBe('/estados-contables');
      const opciones = todos(form.children, (e) => e.name === 'option');
      expect(opciones.map((o) => [getAttributeValue(o, 'value'), texto(o), getAttributeValue(o, 'selected') !== undefined])).toEqual([
        ['2026', '2026', true],
        ['2025', '2025', false],
        ['2024', '2024', false],
        ['todos', 'Todos los años', false],
      ]);
      const label = findOne((e) => e.name === 'label' && getAttributeValue(e, 'for') === 'anio', form.children);
      expect(label && texto(label)).toBe('Año');

      const de2025 = await get('/estados-contables?anio=2025');
      expect(de2025.statusCode).toBe(200);
      expect(filas(de2025.body)).toHaveLength(24);
      expect(filas(de2025.body).every((f) => f.includes(' 2025'))).toBe(true);
      expect(de2025.body).toContain('<option value="2025" selected="">2025</option>');
      expect(de2025.body).toContain('<caption>Estados contables de 2025, del período más reciente al más antiguo</caption>');
      expect(filas((await get('/estados-contables?anio=todos')).body)).toHaveLength(48);
      expect(filas((await get('/estados-contables?anio=2024')).body)).toHaveLength(4);
    });

    it('un año que no está en la lista, o algo que no es un año, da 400 con el mensaje en castellano, nunca un 5xx', async () => {
      for (const [url, mensaje] of [
        ['/estados-contables?anio=1999', 'No hay estados contables de 1999. Elegí uno de los años de la lista.'],
        ['/estados-contables?anio=dosmil', 'Elegí un año de la lista, o «Todos los años».'],
        ['/sueldos?anio=2031', 'No hay informes de sueldos de 2031. Elegí uno de los años de la lista.'],
        ['/sueldos?anio=%3Cscript%3Ealert(1)%3C%2Fscript%3E', 'Elegí un año de la lista, o «Todos los años».'],
        [`/sueldos?anio=${'9'.repeat(5000)}`, 'Elegí un año de la lista, o «Todos los años».'],
      ] as const) {
        const res = await get(url);
        expect(res.statusCode, url).toBe(400);
        expect(res.body.includes(mensaje), url).toBe(true);
        expect(res.body, url).toMatch(/<title>Error: (Estados Contables|Sueldos) \| Municipalidad de Villa La Angostura<\/title>/);
        expect(res.body, url).not.toContain('<script>alert');
        // The summary links to the select, which says it is wrong and still offers every year.
        expect(res.body, url).toContain('href="#anio"');
        expect(res.body, url).toContain('aria-invalid="true"');
        expect(res.body, url).toContain('<option value="todos">Todos los años</option>');
        expect(filas(res.body), url).toEqual([]);
      }
    });

    it('Sueldos: el año más reciente, cada año con su título; todos los años con ?anio=todos', async () => {
      const porDefecto = await get('/sueldos');
      expect(porDefecto.statusCode).toBe(200);
      const titulos = (html: string) =>
        todos(parseDocument(html).children, (e) => e.name === 'h2' && /^sueldos-\d{4}$/.test(getAttributeValue(e, 'id') ?? '')).map(texto);
      expect(titulos(porDefecto.body)).toEqual(['2026']);
      expect(porDefecto.body).not.toContain('Aguinaldo 1er semestre 2025');
      const de2025 = await get('/sueldos?anio=2025');
      expect(titulos(de2025.body)).toEqual(['2025']);
      expect(de2025.body).toContain('Aguinaldo 1er semestre 2025');
      expect(titulos((await get('/sueldos?anio=todos')).body)).toEqual(['2026', '2025', '2024']);
    });

    it('la API no cambia: las listas enteras, con o sin ?anio', async () => {
      for (const url of ['/api/v1/estados-contables', '/api/v1/estados-contables?anio=2025']) {
        const res = await get(url);
        expect(res.statusCode, url).toBe(200);
        expect(res.json() as object[], url).toHaveLength(48);
      }
      const sueldos = (await get('/api/v1/sueldos')).json() as { anioDocumentoAsString: string }[];
      expect(new Set(sueldos.map((s) => s.anioDocumentoAsString))).toEqual(new Set(['2024', '2025', '2026']));
    });
  });

  describe('migas de pan', () => {
    it('cada página debajo del inicio dice dónde está: lista ordenada, la página actual con aria-current, y el mismo camino en JSON-LD', async () => {
      const { items } = (await get('/api/v1/ordenanzas?porPagina=1')).json() as { items: { Numero: number; Anio: number }[] };
      const o = items[0]!;
      const casos: [string, [string, string | undefined][]][] = [
        [
          '/areas',
          [
            ['Inicio', '/'],
            ['Áreas', undefined],
          ],
        ],
        [
          '/estados-contables?anio=2025',
          [
            ['Inicio', '/'],
            ['Estados Contables', undefined],
          ],
        ],
        [
          '/sueldos',
          [
            ['Inicio', '/'],
            ['Sueldos', undefined],
          ],
        ],
        [
          '/accesibilidad',
          [
            ['Inicio', '/'],
            ['Declaración de accesibilidad', undefined],
          ],
        ],
        [
          '/seguimiento-vehiculos',
          [
            ['Inicio', '/'],
            ['Seguimiento de Vehículos', undefined],
          ],
        ],
        [
          '/reclamos?estado=recibido',
          [
            ['Inicio', '/'],
            ['Reclamos', undefined],
          ],
        ],
        [
          '/reclamos/nuevo?categoria=bache',
          [
            ['Inicio', '/'],
            ['Reclamos', '/reclamos'],
            ['Hacé un reclamo', undefined],
          ],
        ],
        [
          '/solicitud-decretos',
          [
            ['Inicio', '/'],
            ['Solicitud de Decretos', undefined],
          ],
        ],
        [
          '/solicitud-decretos/estado',
          [
            ['Inicio', '/'],
            ['Solicitud de Decretos', '/solicitud-decretos'],
            ['Estado de la solicitud', undefined],
          ],
        ],
        [
          `/consulta-ordenanzas/${o.Anio}/${o.Numero}`,
          [
            ['Inicio', '/'],
            ['Consulta de Ordenanzas', '/consulta-ordenanzas'],
            [`Ordenanza N° ${o.Numero}/${o.Anio}`, undefined],
          ],
        ],
      ];
      for (const [url, esperado] of casos) {
        const res = await get(url);
        expect(res.statusCode, url).toBe(200);
        const m = migas(res.body);
        expect(m, url).not.toBeNull();
        expect(
          m!.pasos.map((p) => [p.texto, p.href]),
          url,
        ).toEqual(esperado);
        // Only the last step is the current page; the others are links.
        expect(
          m!.pasos.map((p) => p.actual),
          url,
        ).toEqual(esperado.map(([, href]) => (href === undefined ? 'page' : undefined)));
        const ruta = url.split('?')[0]!;
        expect(m!.jsonLd, url).toEqual({
          '@context': 'https://schema.org',
          '@type': 'BreadcrumbList',
          itemListElement: esperado.map(([nombre, href], i) => ({
            '@type': 'ListItem',
            position: i + 1,
            name: nombre,
            item: `${TEST_SITE_URL}${href ?? ruta}`,
          })),
        });
      }
    });

    it('el inicio no tiene migas; el panel y las páginas de servicio tampoco', async () => {
      for (const url of ['/', '/home', '/login', '/notfound']) expect(migas((await get(url)).body), url).toBeNull();
    });
  });

  it('la declaración de accesibilidad tiene un índice que enlaza al título de cada sección', async () => {
    const res = await get('/accesibilidad');
    const doc = parseDocument(res.body);
    const indice = findOne((e) => e.name === 'nav' && getAttributeValue(e, 'aria-labelledby') === 'indice-titulo', doc.children)!;
    expect(texto(findOne((e) => getAttributeValue(e, 'id') === 'indice-titulo', doc.children)!)).toBe('En esta página');
    const enlaces = todos(indice.children, (e) => e.name === 'a');
    expect(enlaces.map(texto)).toEqual([
      'Compromiso y objetivo',
      'Estado de cumplimiento',
      'Autoevaluación',
      'Contenido no accesible',
      'Preparación de esta declaración',
      'Observaciones y datos de contacto: informar una barrera',
      'Procedimiento de aplicación',
    ]);
    for (const enlace of enlaces) {
      const id = getAttributeValue(enlace, 'href')!.slice(1);
      const destino = findOne((e) => getAttributeValue(e, 'id') === id, doc.children);
      expect(destino?.name, id).toBe('h2');
      expect(texto(destino!), id).toBe(texto(enlace));
    }
  });

  it('las ordenanzas muestran la fecha de emisión como dd/mm/aaaa; la API sigue dando el texto ISO', async () => {
    const api = (await get('/api/v1/ordenanzas?porPagina=25')).json() as { items: { ID: number; FechaEmision: string | null }[] };
    const conFecha = api.items.filter((i) => i.FechaEmision !== null);
    expect(conFecha.length).toBeGreaterThan(0);
    expect(conFecha.every((i) => /^\d{4}-\d{2}-\d{2}T00:00:00$/.test(i.FechaEmision!))).toBe(true);

    const pagina = await get('/consulta-ordenanzas');
    expect(pagina.statusCode).toBe(200);
    const doc = parseDocument(pagina.body);
    const fechas = todos(doc.children, (e) => e.name === 'time').map((e) => [getAttributeValue(e, 'datetime'), texto(e)]);
    expect(fechas).toHaveLength(conFecha.length);
    for (const [iso, visible] of fechas) {
      const [a, m, d] = iso!.split('-');
      expect(visible).toBe(`${d}/${m}/${a}`);
    }
    // No ISO date is left in the table's text.
    expect(filas(pagina.body).some((f) => /\d{4}-\d{2}-\d{2}/.test(f))).toBe(false);
  });
});
