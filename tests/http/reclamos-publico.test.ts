// The public pages of citizen reports (docs/decisions/057-reclamos.md): /reclamos with its filters,
// pagination, map points and code search; each report's page with its history, photos, body and due
// date; the Atom feed of a filter; hidden reports (410, absent everywhere); and never the reporter's
// e-mail or name in any byte a visitor gets.
import { ALPHABET, parseCodigoReclamo } from '#domain/shared/codigo-seguimiento.ts';
import { eq } from 'drizzle-orm';
import { XMLParser, XMLValidator } from 'fast-xml-parser';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { areasMunicipales, categoriasReclamo, documentos, fotosReclamo, historialReclamos, organismosReclamo, reclamos } from '#db/schema/index.ts';
import { listReclamosPublicos, parseFiltrosReclamos } from '#domain/reclamos/publico.ts';
import { type TestApp, TEST_SITE_URL, createTestApp } from '#tests/setup/app.ts';
import { engines } from '#tests/setup/database.ts';
import { textoDe } from '#tests/setup/panel.ts';
import { validarHtml } from '#tests/setup/validador-html.ts';

const EMAIL = 'vecina.secreta@correo.com.ar';
const NOMBRE = 'Rosaura Quintrileo';
const NOTA = 'Nota interna: hablar con el capataz';

// Codes in the tracking codes' alphabet, one per number, each with the check symbol that makes it valid.
const codigo = (n: number) => {
  const s = (k: number) => ALPHABET[k % 32]! + ALPHABET[Math.floor(k / 32) % 32]! + ALPHABET[Math.floor(k / 1024) % 32]!;
  const sinControl = `RC-2026-${s(n)}-${s(n + 7)}-${s(n + 13).slice(0, 2)}`;
  return [...ALPHABET].map((c) => sinControl + c).find((c) => parseCodigoReclamo(c) === c)!;
};

describe.each(engines)('Reclamos públicos (%s)', (engine) => {
  let t: TestApp;
  const get = (url: string) => t.app.inject({ url });
  let bache: string;
  let derivado: string;
  let oculto: string;
  let duplicado: string;

  beforeAll(async () => {
    t = await createTestApp(engine, { seed: false });
    const db = t.context.db;
    const cipher = t.context.cipher;
    const [area] = await db.insert(areasMunicipales).values({ nombre: 'Obras Públicas' }).returning();
    const [calles, luminarias] = await db
      .insert(categoriasReclamo)
      .values([
        {
          codigo: 'bache',
          nombre: 'Bache en la calle',
          areaId: area!.id,
          preguntas: [
            { codigo: 'tamano', etiqueta: 'Tamaño del bache', tipo: 'opcion', requerida: true, opciones: [{ clave: 'grande', nombre: 'Más de un metro' }] },
            { codigo: 'peligro', etiqueta: '¿Es peligroso?', tipo: 'si_no', requerida: false },
          ],
        },
        { codigo: 'luminaria', nombre: 'Luminaria apagada' },
      ])
      .returning();
    const [vialidad] = await db.insert(organismosReclamo).values({ nombre: 'Vialidad Nacional', email: 'mesa@vialidad.example' }).returning();
    const base = { email: cipher.encrypt(EMAIL), nombre: cipher.encrypt(NOMBRE), venceEl: '2026-12-11', latitud: -40.7621, longitud: -71.6462 };
    // 30 light reports in Las Balsas, one a day from 1 October 2026, and the special ones.
    await db.insert(reclamos).values(
      Array.from({ length: 30 }, (_, i) => ({
        ...base,
        codigo: codigo(100 + i),
        categoriaId: luminarias!.id,
        descripcion: `Luminaria ${i + 1} apagada`,
        barrio: 'Las Balsas',
        direccion: `Los Pinos ${100 + i}`,
        createdAt: new Date(Date.UTC(2026, 9, 1 + i, 15)),
        latitud: -40.78 + i / 1000,
      })),
    );
    bache = codigo(1);
    derivado = codigo(2);
    oculto = codigo(3);
    duplicado = codigo(4);
    const [r1, r2, , r4] = await db
      .insert(reclamos)
      .values([
        {
          ...base,
          codigo: bache,
          categoriaId: calles!.id,
          descripcion: 'Un bache enorme frente a la escuela',
          direccion: 'Av. Arrayanes 250',
          barrio: 'Centro',
          estado: 'en_curso',
          areaId: area!.id,
          respuestas: { tamano: 'grande', peligro: 'si' },
          // 23:30 of 20 November in Argentina: the 20th there, the 21st in UTC.
          createdAt: new Date('2026-11-21T02:30:00Z'),
        },
        {
          ...base,
          codigo: derivado,
          categoriaId: calles!.id,
          descripcion: 'Pozo en la ruta 40',
          direccion: 'Ruta 40 km 2',
          barrio: 'El Cruce',
          estado: 'derivado',
          organismoId: vialidad!.id,
          derivadoEn: new Date('2026-12-03T14:00:00Z'),
          createdAt: new Date('2026-11-25T15:00:00Z'),
        },
        {
          ...base,
          codigo: oculto,
          categoriaId: calles!.id,
          descripcion: 'Texto ofensivo que no se publica',
          barrio: 'Centro',
          ocultoEn: new Date('2026-11-26T15:00:00Z'),
          ocultoMotivo: 'Motivo reservado del ocultamiento',
          createdAt: new Date('2026-11-26T12:00:00Z'),
        },
        {
          ...base,
          codigo: duplicado,
          categoriaId: calles!.id,
          descripcion: 'El mismo bache de la escuela',
          barrio: 'Centro',
          estado: 'duplicado',
          createdAt: new Date('2026-11-22T15:00:00Z'),
        },
      ])
      .returning();
    await db.update(reclamos).set({ duplicadoDe: r1!.id }).where(eq(reclamos.id, r4!.id));
    await db.insert(historialReclamos).values([
      { reclamoId: r1!.id, estado: 'recibido', fecha: new Date('2026-11-21T02:30:00Z'), usuarioId: 1, nota: NOTA },
      { reclamoId: r1!.id, estado: 'en_curso', fecha: new Date('2026-11-23T13:00:00Z'), usuarioId: 1, respuesta: 'La cuadrilla va el jueves.', nota: NOTA },
      { reclamoId: r2!.id, estado: 'recibido', fecha: new Date('2026-11-25T15:00:00Z') },
      { reclamoId: r2!.id, estado: 'derivado', fecha: new Date('2026-12-03T14:00:00Z'), organismoId: vialidad!.id, respuesta: 'La ruta es nacional.' },
    ]);
    const [foto] = await db
      .insert(documentos)
      .values({
        nombreArchivo: 'bache.jpg',
        tipoContenido: 'image/jpeg',
        tamano: 1000,
        sha256: 'a'.repeat(64),
        clave: 'fotos/bache',
        claveWeb: 'fotos/bache-web',
        claveMiniatura: 'fotos/bache-mini',
      })
      .returning();
    await db.insert(fotosReclamo).values({ reclamoId: r1!.id, orden: 1, documentoId: foto!.id });
  });
  afterAll(() => t?.close());

  /** Every byte a visitor can get must be free of the reporter. */
  const sinReclamante = (cuerpo: string, url: string) => {
    for (const secreto of [EMAIL, NOMBRE, NOTA, 'Motivo reservado', 'Texto ofensivo']) expect(cuerpo, url).not.toContain(secreto);
  };

  it('la lista: título, enlace para reclamar, la más nueva primero, paginada de a 25', async () => {
    const res = await get('/reclamos');
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain('<title>Reclamos | Municipalidad de Villa La Angostura</title>');
    expect(res.body).toMatch(/<a[^>]*href="\/reclamos\/nuevo"[^>]*>Hacer un reclamo<\/a>/);
    expect(res.body).toContain('<link rel="alternate" type="application/atom+xml" href="/reclamos/feed.atom"');
    const texto = textoDe(res.body);
    expect(texto).toContain('33 reclamos; mostrando 1 a 25.');
    const codigos = [...res.body.matchAll(/href="\/reclamos\/(RC-[^"]+)"/g)].map((m) => m[1]);
    expect(codigos[0]).toBe(derivado);
    expect(codigos).toContain(bache);
    expect(codigos).not.toContain(oculto);
    expect(texto).toContain('El mapa necesita JavaScript');
    const segunda = await get('/reclamos?pagina=2');
    expect(segunda.statusCode).toBe(200);
    expect(textoDe(segunda.body)).toContain('mostrando 26 a 33');
    expect(segunda.body).toContain(codigo(100));
    const lejos = await get('/reclamos?pagina=9');
    expect(textoDe(lejos.body)).toContain('No hay más reclamos: volvé a la primera página.');
    sinReclamante(res.body, '/reclamos');
  });

  it('los filtros: categoría, estado, barrio y fechas del día en la Argentina', async () => {
    const cuenta = async (q: string) => {
      const res = await get(`/reclamos?${q}`);
      expect(res.statusCode, q).toBe(200);
      return [...new Set([...res.body.matchAll(/href="\/reclamos\/(RC-[^"]+)"/g)].map((m) => m[1]))];
    };
    expect(await cuenta('categoria=bache')).toEqual([derivado, duplicado, bache]);
    expect(await cuenta('estado=derivado')).toEqual([derivado]);
    expect(await cuenta('barrio=Centro&categoria=bache')).toEqual([duplicado, bache]);
    // The bache was reported at 23:30 of 20 November in Argentina.
    expect(await cuenta('categoria=bache&desde=2026-11-20&hasta=2026-11-20')).toEqual([bache]);
    expect(await cuenta('categoria=bache&desde=2026-11-21&hasta=2026-11-21')).toEqual([]);
    expect(textoDe((await get('/reclamos?estado=resuelto')).body)).toContain('No hay reclamos con esos filtros.');
    // The form keeps the filters.
    const res = await get('/reclamos?categoria=bache&barrio=Centro');
    expect(res.body).toMatch(/<option value="bache" selected="">Bache en la calle<\/option>/);
    expect(res.body).toContain('href="/reclamos/feed.atom?categoria=bache&amp;barrio=Centro"');
  });

  it('valores malos u hostiles: 400 con el error en castellano junto al campo, nunca un 500', async () => {
    const casos: [string, string][] = [
      ['estado=abierto', 'Elegí un estado de la lista.'],
      ['categoria=no-existe', 'Elegí una categoría de la lista.'],
      ['categoria=%3Cscript%3Ealert(1)%3C%2Fscript%3E', 'Elegí una categoría de la lista.'],
      ['desde=2026-02-30', 'Escribí la fecha como AAAA-MM-DD'],
      ['hasta=ayer', 'Escribí la fecha como AAAA-MM-DD'],
      ['desde=2026-12-01&hasta=2026-11-01', 'La fecha «hasta» tiene que ser igual o posterior a «desde».'],
      ['pagina=0', 'Escribí un número de página'],
      ['pagina=99999999999999999999', 'Escribí un número de página'],
      [`barrio=${'x'.repeat(500)}`, 'El barrio puede tener hasta 100 caracteres.'],
      ['codigo=hola', 'Escribí el código como figura en tu correo'],
      ["codigo=RC-2026-'%3B%20drop%20table%20reclamos", 'Escribí el código como figura en tu correo'],
    ];
    for (const [q, mensaje] of casos) {
      const res = await get(`/reclamos?${q}`);
      expect(res.statusCode, q).toBe(400);
      expect(res.body, q).toContain('<title>Error: Reclamos');
      expect(textoDe(res.body), q).toContain(mensaje);
      expect(res.body, q).not.toContain('<script>alert(1)');
    }
    // The feed answers the same filters in JSON.
    const feed = await get('/reclamos/feed.atom?estado=abierto');
    expect(feed.statusCode).toBe(400);
    expect(feed.json()).toEqual({ error: 'Revisá los filtros de la búsqueda.', errores: { estado: 'Elegí un estado de la lista.' } });
    expect((await get('/reclamos/feed.atom?categoria=no-existe')).statusCode).toBe(400);
  });

  it('«Seguí tu reclamo»: un código lleva a su página, también en minúsculas y sin guiones', async () => {
    const res = await get(`/reclamos?codigo=${encodeURIComponent(` ${bache.toLowerCase()} `)}`);
    expect(res.statusCode).toBe(303);
    expect(res.headers.location).toBe(`/reclamos/${bache}`);
    const sinGuiones = await get(`/reclamos/${bache.replace(/-/g, '').toLowerCase()}`);
    expect(sinGuiones.statusCode).toBe(301);
    expect(sinGuiones.headers.location).toBe(`/reclamos/${bache}`);
  });

  it('la página de un reclamo: lugar, respuestas con sus etiquetas, fotos, historial público, área y plazo', async () => {
    const res = await get(`/reclamos/${bache}`);
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain(`<link rel="canonical" href="${TEST_SITE_URL}/reclamos/${bache}"/>`);
    expect(res.body).toMatch(/<meta name="description" content="Bache en la calle en Av\. Arrayanes 250, Centro \(En curso\): Un bache enorme/);
    const texto = textoDe(res.body);
    expect(texto).toContain(`Reclamo ${bache}`);
    expect(texto).toContain('Un bache enorme frente a la escuela');
    expect(texto).toMatch(/Recibido\s+20 de noviembre de 2026/);
    expect(texto).toMatch(/Plazo de respuesta\s+Hasta el 11 de diciembre de 2026/);
    expect(texto).toMatch(/Área responsable\s+Obras Públicas/);
    expect(texto).toMatch(/Tamaño del bache\s+Más de un metro/);
    expect(texto).toMatch(/¿Es peligroso\?\s+Sí/);
    expect(texto).toContain('La cuadrilla va el jueves.');
    expect(texto).toMatch(/Recibido\s*, 20\/11\/2026, 23:30/);
    expect(texto).toMatch(/En curso\s*, 23\/11\/2026, 10:00/);
    expect(res.body).toMatch(/<a href="\/api\/v1\/documentos\/\d+\?tamano=web"><img src="\/api\/v1\/documentos\/\d+\?tamano=miniatura" alt="Foto 1/);
    // Breadcrumbs: Inicio › Reclamos › the report.
    expect(res.body).toContain('"name":"Reclamos","item":"https://sitio.prueba.villalaangostura.gob.ar/reclamos"');
    sinReclamante(res.body, bache);
  });

  it('derivado: a qué organismo y cuándo; duplicado: el enlace al original; cerrado: sin plazo', async () => {
    const texto = textoDe((await get(`/reclamos/${derivado}`)).body);
    expect(texto).toMatch(/Derivado a Vialidad Nacional el\s+3 de diciembre de 2026/);
    expect(texto).toContain('La ruta es nacional.');
    const dup = await get(`/reclamos/${duplicado}`);
    expect(dup.body).toMatch(new RegExp(`<a href="/reclamos/${bache}"[^>]*>${bache}</a>`));
    expect(textoDe(dup.body)).not.toContain('Plazo de respuesta');
  });

  it('un reclamo ocultado: 410 que sólo dice eso, y no está en la lista, el mapa, el feed ni el mapa del sitio', async () => {
    const res = await get(`/reclamos/${oculto}`);
    expect(res.statusCode).toBe(410);
    expect(textoDe(res.body)).toContain('Este reclamo fue ocultado por la Municipalidad.');
    sinReclamante(res.body, oculto);
    for (const url of ['/reclamos?categoria=bache', '/reclamos/feed.atom', '/reclamos/feed.atom?categoria=bache', '/sitemap.xml']) {
      const r = await get(url);
      expect(r.statusCode, url).toBe(200);
      expect(r.body, url).not.toContain(oculto);
    }
    expect((await get('/reclamos/RC-2026-ZZZ-ZZZ-ZZZ')).statusCode).toBe(404);
    expect((await get('/reclamos/%3Cscript%3E')).statusCode).toBe(404);
  });

  it('los puntos del mapa: los del mismo filtro (no sólo la página), sin los ocultos, con su lugar', async () => {
    const filtros = (q: string) => {
      const parsed = parseFiltrosReclamos(new URLSearchParams(q));
      if (!parsed.ok) throw new Error(JSON.stringify(parsed.errores));
      return parsed.filtros;
    };
    const todos = await listReclamosPublicos(t.context.db, filtros('pagina=2'));
    expect(todos.items).toHaveLength(8);
    expect(todos.puntos).toHaveLength(33);
    expect(todos.puntos.map((p) => p.codigo)).not.toContain(oculto);
    const baches = await listReclamosPublicos(t.context.db, filtros('categoria=bache&estado=derivado'));
    expect(baches.puntos).toEqual([
      {
        id: expect.any(Number),
        codigo: derivado,
        categoria: 'Bache en la calle',
        estado: 'derivado',
        estadoEtiqueta: 'Derivado a otro organismo',
        latitud: -40.7621,
        longitud: -71.6462,
      },
    ]);
    // The page carries them for the map island (hydration data), and never the reporter with them.
    const res = await get('/reclamos?categoria=bache&estado=derivado');
    expect(res.body).toContain('-71.6462');
    sinReclamante(res.body, 'puntos');
  });

  it('HTML válido con datos: la lista, un filtro con error, cada clase de reclamo y el ocultado', async () => {
    const urls = [
      '/reclamos',
      '/reclamos?categoria=bache&pagina=1',
      '/reclamos?desde=2026-13-01',
      `/reclamos/${bache}`,
      `/reclamos/${derivado}`,
      `/reclamos/${duplicado}`,
      `/reclamos/${oculto}`,
    ];
    const documentos = await Promise.all(urls.map(async (nombre) => ({ nombre, html: (await get(nombre)).body })));
    const errores = await validarHtml(documentos);
    for (const url of urls) expect(errores.get(url), url).toEqual([]);
  });

  it('el feed Atom: XML válido con las entradas del filtro y enlaces absolutos, sin datos de quien reclama', async () => {
    const res = await get('/reclamos/feed.atom?categoria=bache');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/atom+xml; charset=utf-8');
    expect(XMLValidator.validate(res.body)).toBe(true);
    const feed = new XMLParser({ ignoreAttributes: false }).parse(res.body).feed;
    const entradas = [feed.entry].flat() as { title: { '#text': string }; id: string }[];
    expect(entradas.map((e) => e.id)).toEqual([derivado, duplicado, bache].map((c) => `${TEST_SITE_URL}/reclamos/${c}`));
    expect(entradas[0]!.title['#text']).toBe(`${derivado}: Bache en la calle en Ruta 40 km 2, El Cruce`);
    sinReclamante(res.body, 'feed');
    const todo = await get('/reclamos/feed.atom');
    expect(XMLValidator.validate(todo.body)).toBe(true);
    sinReclamante(todo.body, 'feed');
    const sitemap = await get('/sitemap.xml');
    expect(sitemap.body).toContain(`<loc>${TEST_SITE_URL}/reclamos/${bache}</loc>`);
    expect(sitemap.body).toContain(`<loc>${TEST_SITE_URL}/reclamos</loc>`);
  });
});
