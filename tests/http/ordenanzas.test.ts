import { parse } from 'csv-parse/sync';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ordenanzas } from '#db/schema/index.ts';
import { LIMITE_COINCIDENCIAS } from '#domain/ordenanzas/schemas.ts';
import { type TestApp, createTestApp } from '#tests/setup/app.ts';
import { engines } from '#tests/setup/database.ts';

type Item = {
  ID: number;
  Numero: number;
  Anio: number;
  Estado: number;
  FechaEmision: string | null;
  Descripcion: string;
  Expediente: string | null;
  ModificatoriaDe: number | null;
  DocumentoID: number | null;
};

describe.each(engines)('API y compatibilidad de ordenanzas (%s)', (engine) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(engine);
  });
  afterAll(() => t.close());

  it('GET /api/v1/ordenanzas devuelve { items, total } con los nombres de campo del original', async () => {
    const res = await t.app.inject({ url: '/api/v1/ordenanzas?pattern=residuos&estado=-1' });
    expect(res.statusCode).toBe(200);
    const body = res.json() as { items: Item[]; total: number };
    expect(body.total).toBeGreaterThan(0);
    expect(body.items.length).toBe(Math.min(25, body.total));
    const item = body.items[0]!;
    expect(Object.keys(item)).toEqual(
      expect.arrayContaining(['ID', 'Numero', 'Anio', 'Estado', 'FechaEmision', 'Descripcion', 'Expediente', 'ModificatoriaDe']),
    );
    expect(item.FechaEmision).toMatch(/^\d{4}-\d{2}-\d{2}T00:00:00$/);
    expect(body.items.every((i) => /residuo/i.test(i.Descripcion))).toBe(true);
  });

  it('los filtros inválidos dan 400 con el mensaje de cada campo', async () => {
    const res = await t.app.inject({ url: '/api/v1/ordenanzas?anio=dosmil' });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ error: 'Revisá los filtros de la búsqueda.', errores: { anio: expect.stringMatching(/año/) } });
  });

  it('porPagina: de 1 a 100, 25 si falta o está vacío; cualquier otra cosa, 400 con su mensaje', async () => {
    const tamano = async (q: string) => (await t.app.inject({ url: `/api/v1/ordenanzas${q}` })).json() as { porPagina: number; items: unknown[] };
    expect((await tamano('')).porPagina).toBe(25);
    expect((await tamano('?porPagina=')).porPagina).toBe(25);
    expect(await tamano('?porPagina=3')).toMatchObject({ porPagina: 3, items: { length: 3 } });
    expect((await tamano('?porPagina=100')).porPagina).toBe(100);
    for (const malo of ['0', '101', '-5', 'diez', '2.5', '9'.repeat(400)]) {
      const res = await t.app.inject({ url: `/api/v1/ordenanzas?porPagina=${malo}` });
      expect(res.statusCode, malo).toBe(400);
      expect(res.json(), malo).toEqual({
        error: 'Revisá los filtros de la búsqueda.',
        errores: { porPagina: 'Pedí entre 1 y 100 resultados por página, o dejalo vacío para recibir 25.' },
      });
    }
  });

  it('exporta todas las coincidencias en CSV con Accept: text/csv o ?formato=csv', async () => {
    const json = (await t.app.inject({ url: '/api/v1/ordenanzas?estado=2' })).json() as { total: number };
    for (const request of [{ url: '/api/v1/ordenanzas?estado=2', headers: { accept: 'text/csv' } }, { url: '/api/v1/ordenanzas?estado=2&formato=csv' }]) {
      const res = await t.app.inject(request);
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
      const rows = parse(res.body, { columns: true, bom: true }) as Record<string, string>[];
      expect(rows).toHaveLength(json.total);
      expect(rows.every((r) => r.Estado === '2' && r.EstadoDescripcion === 'Aprobada/Vigente')).toBe(true);
      expect(rows[0]!.DocumentoURL).toMatch(/\/api\/v1\/documentos\/\d+$/);
    }
  });

  it('GET /api/v1/ordenanzas/{id} da la ordenanza y las que la modifican; 404 si no existe', async () => {
    const { items } = (await t.app.inject({ url: '/api/v1/ordenanzas?porPagina=100' })).json() as { items: Item[] };
    const modificatoria = items.find((i) => i.ModificatoriaDe !== null)!;
    const res = await t.app.inject({ url: `/api/v1/ordenanzas/${modificatoria.ModificatoriaDe}` });
    expect(res.statusCode).toBe(200);
    const body = res.json() as Item & { ModificadaPor: { ID: number }[] };
    expect(body.ModificadaPor.map((m) => m.ID)).toContain(modificatoria.ID);
    expect((await t.app.inject({ url: '/api/v1/ordenanzas/99999999' })).statusCode).toBe(404);
    expect((await t.app.inject({ url: '/api/v1/ordenanzas/abc' })).statusCode).toBe(404);
  });

  it('GET /Ordenanzas/ responde, como el original, un string JSON que contiene el arreglo', async () => {
    const res = await t.app.inject({ url: '/Ordenanzas/?estado=&numero=&anio=&tag=&palabra=bomberos' });
    expect(res.statusCode).toBe(200);
    const decoded = JSON.parse(res.body) as unknown;
    expect(typeof decoded).toBe('string');
    const array = JSON.parse(decoded as string) as Item[];
    expect(array.length).toBeGreaterThan(0);
    expect(array.every((o) => /bomberos/i.test(o.Descripcion))).toBe(true);
    expect(Object.keys(array[0]!)).toEqual(
      expect.arrayContaining(['ID', 'Numero', 'Anio', 'Estado', 'FechaEmision', 'Descripcion', 'Expediente', 'ModificatoriaDe']),
    );
    const { Numero, Anio } = array[0]!;
    const exacta = JSON.parse(
      JSON.parse((await t.app.inject({ url: `/Ordenanzas?estado=-1&numero=${Numero}&anio=${Anio}&tag=&palabra=` })).body) as string,
    ) as Item[];
    expect(exacta.map((o) => `${o.Numero}/${o.Anio}`)).toEqual([`${Numero}/${Anio}`]);
  });

  it('GET /Ordenanzas/?idOrdenanza= sirve el documento de la ordenanza', async () => {
    const { items } = (await t.app.inject({ url: '/api/v1/ordenanzas' })).json() as { items: Item[] };
    const res = await t.app.inject({ url: `/Ordenanzas/?idOrdenanza=${items[0]!.ID}` });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(res.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    expect((await t.app.inject({ url: '/Ordenanzas/?idOrdenanza=99999999' })).statusCode).toBe(404);
  });

  describe('documentos', () => {
    let url: string;
    let size: number;
    beforeAll(async () => {
      const { items } = (await t.app.inject({ url: '/api/v1/ordenanzas' })).json() as { items: Item[] };
      url = `/api/v1/documentos/${items[0]!.DocumentoID}`;
      size = Number((await t.app.inject({ url })).headers['content-length']);
    });

    it('sirve el archivo con tipo, nombre, ETag y Last-Modified', async () => {
      const res = await t.app.inject({ url });
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toBe('application/pdf');
      expect(res.headers['content-disposition']).toMatch(/^inline; filename="ordenanza-\d+-\d{4}\.pdf"$/);
      expect(res.headers.etag).toMatch(/^"[0-9a-f]{64}"$/);
      expect(res.headers['last-modified']).toBeDefined();
      expect(res.headers['accept-ranges']).toBe('bytes');
      expect(res.rawPayload.length).toBe(size);
    });

    it('responde 304 al revalidar por ETag o por fecha', async () => {
      const first = await t.app.inject({ url });
      const byEtag = await t.app.inject({ url, headers: { 'if-none-match': String(first.headers.etag) } });
      expect(byEtag.statusCode).toBe(304);
      expect(byEtag.rawPayload.length).toBe(0);
      const byDate = await t.app.inject({ url, headers: { 'if-modified-since': String(first.headers['last-modified']) } });
      expect(byDate.statusCode).toBe(304);
      const changed = await t.app.inject({ url, headers: { 'if-none-match': '"otro"' } });
      expect(changed.statusCode).toBe(200);
    });

    it('sirve rangos de bytes (206) y rechaza los imposibles (416)', async () => {
      const whole = (await t.app.inject({ url })).rawPayload;
      const part = await t.app.inject({ url, headers: { range: 'bytes=0-4' } });
      expect(part.statusCode).toBe(206);
      expect(part.headers['content-range']).toBe(`bytes 0-4/${size}`);
      expect(part.rawPayload.toString()).toBe('%PDF-');
      const tail = await t.app.inject({ url, headers: { range: 'bytes=-10' } });
      expect(tail.statusCode).toBe(206);
      expect(tail.rawPayload.equals(whole.subarray(size - 10))).toBe(true);
      const impossible = await t.app.inject({ url, headers: { range: `bytes=${size + 10}-` } });
      expect(impossible.statusCode).toBe(416);
      expect(impossible.headers['content-range']).toBe(`bytes */${size}`);
      const stale = await t.app.inject({ url, headers: { range: 'bytes=0-4', 'if-range': '"viejo"' } });
      expect(stale.statusCode).toBe(200);
    });

    it('el endpoint del original /downloadArchivoAppTurismo sirve lo mismo; ids desconocidos dan 404', async () => {
      const id = url.split('/').pop();
      const res = await t.app.inject({ url: `/downloadArchivoAppTurismo?id=${id}` });
      expect(res.statusCode).toBe(200);
      expect(res.rawPayload.equals((await t.app.inject({ url })).rawPayload)).toBe(true);
      expect((await t.app.inject({ url: '/downloadArchivoAppTurismo?id=99999999' })).statusCode).toBe(404);
      expect((await t.app.inject({ url: '/downloadArchivoAppTurismo?id=x' })).statusCode).toBe(404);
      expect((await t.app.inject({ url: '/api/v1/documentos/0' })).statusCode).toBe(404);
    });
  });

  it('publica el documento OpenAPI con las rutas de ordenanzas y documentos', async () => {
    const doc = (await t.app.inject({ url: '/api/docs' })).json() as { openapi: string; paths: Record<string, unknown> };
    expect(doc.openapi).toBe('3.1.0');
    expect(Object.keys(doc.paths)).toEqual(expect.arrayContaining(['/api/v1/ordenanzas', '/api/v1/ordenanzas/{id}', '/api/v1/documentos/{id}']));
  });
});

describe.each(engines)('una palabra en más ordenanzas que el límite de la búsqueda (%s)', (engine) => {
  // Ten more than the limit say 'ordenanza' in their text; the five newest also in their description.
  const CANTIDAD = LIMITE_COINCIDENCIAS + 10;
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(engine, { seed: false });
    await t.database.db.insert(ordenanzas).values(
      Array.from({ length: CANTIDAD }, (_, i) => ({
        numero: i + 1,
        anio: 2026,
        estado: 2,
        descripcion: i >= CANTIDAD - 5 ? `Ordenanza fiscal ${i + 1}` : `Donación de un lote ${i + 1}`,
        textoDocumento: 'El Concejo Deliberante sanciona con fuerza de ordenanza.',
      })),
    );
  });
  afterAll(() => t.close());
  const api = async (query: string) =>
    (await t.app.inject({ url: `/api/v1/ordenanzas?${query}` })).json() as { items: Item[]; total: number; totalExacto: boolean };

  it('la API dice que hay más que el total, con las que lo dicen en la descripción primero, y pagina hasta la última', async () => {
    const primera = await api('pattern=ordenanza');
    expect(primera).toMatchObject({ total: LIMITE_COINCIDENCIAS, totalExacto: false, pagina: 1, porPagina: 25 });
    expect(primera.items.slice(0, 6).map((i) => i.Numero)).toEqual([CANTIDAD, CANTIDAD - 1, CANTIDAD - 2, CANTIDAD - 3, CANTIDAD - 4, CANTIDAD - 5]);
    const ultima = await api(`pattern=ordenanza&pagina=${Math.ceil(CANTIDAD / 25)}`);
    expect(ultima).toMatchObject({ total: LIMITE_COINCIDENCIAS, totalExacto: false });
    expect(ultima.items.map((i) => i.Numero)).toEqual(Array.from({ length: CANTIDAD % 25 }, (_, i) => (CANTIDAD % 25) - i));
    // Without words, or with words found in fewer, the total is exact.
    expect(await api('')).toMatchObject({ total: CANTIDAD, totalExacto: true });
    expect(await api('pattern=fiscal')).toMatchObject({ total: 5, totalExacto: true });
  });

  it('el CSV trae todas las coincidencias', async () => {
    const res = await t.app.inject({ url: '/api/v1/ordenanzas?pattern=ordenanza&formato=csv' });
    const rows = parse(res.body, { columns: true, bom: true }) as Record<string, string>[];
    expect(rows).toHaveLength(CANTIDAD);
    expect(new Set(rows.map((r) => r.Numero)).size).toBe(CANTIDAD);
  });

  it('la página dice "más de", explica el orden y pagina sin prometer una última página', async () => {
    const primera = (await t.app.inject({ url: '/consulta-ordenanzas?pattern=ordenanza' })).body;
    expect(primera).toContain(`Más de ${LIMITE_COINCIDENCIAS} ordenanzas encontradas; mostrando 1 a 25.`);
    expect(primera).toContain(`primero van las ${LIMITE_COINCIDENCIAS} más recientes, por relevancia`);
    expect(primera).toContain('Ordenanzas, página 1</caption>');
    expect(primera).toMatch(/<a [^>]*rel="next"[^>]*>Siguiente<\/a>/);
    expect(primera).not.toContain(`aria-label="Página ${Math.ceil(LIMITE_COINCIDENCIAS / 25)}"`);

    const paginaFinal = Math.ceil(CANTIDAD / 25);
    const ultima = (await t.app.inject({ url: `/consulta-ordenanzas?pattern=ordenanza&pagina=${paginaFinal}` })).body;
    expect(ultima).toContain(`Más de ${LIMITE_COINCIDENCIAS} ordenanzas encontradas; mostrando ${(paginaFinal - 1) * 25 + 1} a ${CANTIDAD}.`);
    expect(ultima).toContain('<span aria-disabled="true">Siguiente</span>');

    const exacta = (await t.app.inject({ url: '/consulta-ordenanzas?pattern=fiscal' })).body;
    expect(exacta).toContain('5 ordenanzas encontradas');
    expect(exacta).not.toContain('Son demasiadas para contarlas');
  });
});

describe('búsqueda con la base caída', () => {
  it('dice en castellano que falló, con 503, y conserva los filtros', async () => {
    const t = await createTestApp('pglite');
    try {
      await t.database.close();
      const res = await t.app.inject({ url: '/consulta-ordenanzas?estado=2&pattern=residuos' });
      expect(res.statusCode).toBe(503);
      expect(res.body).toContain('No pudimos completar la búsqueda');
      expect(res.body).toMatch(/name="pattern"[^>]*value="residuos"|value="residuos"[^>]*name="pattern"/);
      expect(res.body).toMatch(/<option value="2" selected=""/);
      // The frame still renders, with the default settings.
      expect(res.body).toContain('2025 Todos los derechos reservados');
    } finally {
      await t.app.close();
      t.storage.remove();
    }
  });
});
