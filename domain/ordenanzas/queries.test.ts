import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '#db/client.ts';
import { insertOrdenanza } from '#tests/factories/ordenanzas.ts';
import { createTestDatabase, engines } from '#tests/setup/database.ts';
import { createTestStorage } from '#tests/setup/storage.ts';
import { etiquetaEstado } from './estados.ts';
import { getOrdenanza, getOrdenanzaPorNumero, iterateOrdenanzas, searchOrdenanzas } from './queries.ts';
import { type FiltrosOrdenanzas, parseFiltrosOrdenanzas } from './schemas.ts';

function filtros(query: string): FiltrosOrdenanzas {
  const parsed = parseFiltrosOrdenanzas(new URLSearchParams(query));
  if (!parsed.ok) throw new Error(JSON.stringify(parsed.errores));
  return parsed.filtros;
}

describe.each(engines)('búsqueda de ordenanzas (%s)', (engine) => {
  let database: Database;
  const storage = createTestStorage();
  const ids: Record<string, number> = {};
  const buscar = async (query: string) => (await searchOrdenanzas(database.db, filtros(query))).items.map((o) => `${o.numero}/${o.anio}`);

  beforeAll(async () => {
    database = await createTestDatabase(engine);
    const ctx = { db: database.db, storage };
    ids.comercios = await insertOrdenanza(ctx, {
      numero: 100,
      anio: 2019,
      estado: 2,
      descripcion: 'Habilitación de comercios en El Cruce',
      expediente: '1234-HCD-2019',
    });
    ids.transito = await insertOrdenanza(ctx, { numero: 101, anio: 2019, estado: 3, descripcion: 'Regulación del tránsito en Av. Arrayanes' });
    ids.residuos = await insertOrdenanza(ctx, {
      numero: 250,
      anio: 2021,
      estado: 2,
      descripcion: 'Recolección de residuos sólidos urbanos',
      expediente: '77-HCD-2021',
    });
    ids.bosque = await insertOrdenanza(ctx, {
      numero: 300,
      anio: 2022,
      estado: 4,
      descripcion: 'Protección del bosque nativo',
      textoPdf: 'Prohíbese la tala de arrayanes y coihues sin autorización.',
    });
    ids.modifica = await insertOrdenanza(ctx, {
      numero: 400,
      anio: 2023,
      estado: 9,
      descripcion: 'Modificación de la habilitación comercial',
      modificatoriaDe: ids.comercios,
    });
    ids.clasificando = await insertOrdenanza(ctx, { numero: 401, anio: 2023, estado: 1, descripcion: 'Tasas por servicios comerciales del ejido' });
    ids.mencion = await insertOrdenanza(ctx, {
      numero: 50,
      anio: 2024,
      estado: 2,
      descripcion: 'Presupuesto anual',
      expediente: '9-HCD-2024',
      textoPdf: 'Incluye partidas para la habilitación de comercios nuevos.',
    });
    ids.numeroRepetido = await insertOrdenanza(ctx, { numero: 100, anio: 2024, estado: 2, descripcion: 'Ordenanza tarifaria' });
  });
  afterAll(async () => {
    await database.close();
    storage.remove();
  });

  it('sin filtros lista todo por año y número descendentes, con el total', async () => {
    const pagina = await searchOrdenanzas(database.db, filtros(''));
    expect(pagina.total).toBe(8);
    expect(pagina.items.map((o) => `${o.numero}/${o.anio}`)).toEqual([
      '100/2024',
      '50/2024',
      '401/2023',
      '400/2023',
      '300/2022',
      '250/2021',
      '101/2019',
      '100/2019',
    ]);
  });

  it('filtra por número exacto, por año exacto y por estado', async () => {
    expect(await buscar('numero=100')).toEqual(['100/2024', '100/2019']);
    expect(await buscar('numero=10')).toEqual([]);
    expect(await buscar('anio=2019')).toEqual(['101/2019', '100/2019']);
    expect(await buscar('estado=3')).toEqual(['101/2019']);
    expect(await buscar('estado=-1&anio=2023')).toEqual(['401/2023', '400/2023']);
  });

  it('combina filtros: todos deben cumplirse', async () => {
    expect(await buscar('numero=100&anio=2019')).toEqual(['100/2019']);
    expect(await buscar('estado=2&anio=2019&pattern=comercios')).toEqual(['100/2019']);
    expect(await buscar('estado=3&pattern=comercios')).toEqual([]);
  });

  it('ignora acentos, mayúsculas e inflexiones: "habilitacion comercial" encuentra "Habilitación de comercios"', async () => {
    expect(await buscar('pattern=habilitacion+comercial')).toContain('100/2019');
    expect(await buscar('pattern=HABILITACIÓN')).toContain('100/2019');
    expect(await buscar('pattern=transito')).toEqual(['101/2019']);
    expect(await buscar('pattern=residuo+solido')).toEqual(['250/2021']);
  });

  it('exige todas las palabras', async () => {
    expect(await buscar('pattern=residuos+arrayanes')).toEqual([]);
    expect(await buscar('pattern=transito+arrayanes')).toEqual(['101/2019']);
  });

  it('toma la última palabra también como prefijo, para buscar mientras se escribe', async () => {
    expect(await buscar('pattern=recoleccion+resid')).toEqual(['250/2021']);
    expect(await buscar('pattern=prot')).toEqual(['300/2022']);
  });

  it('busca en el expediente y en el texto del PDF', async () => {
    expect(await buscar('pattern=1234-HCD-2019')).toEqual(['100/2019']);
    expect(await buscar('pattern=coihues')).toEqual(['300/2022']);
  });

  it('ordena por relevancia: la descripción pesa más que el texto del documento', async () => {
    const resultado = await buscar('pattern=habilitacion+comercios');
    expect(resultado.indexOf('100/2019')).toBeLessThan(resultado.indexOf('50/2024'));
    expect(resultado).toContain('50/2024');
  });

  it('sólo palabras vacías ("de la") no filtra', async () => {
    expect((await searchOrdenanzas(database.db, filtros('pattern=de+la'))).total).toBe(8);
  });

  it('pagina de a N con el total de coincidencias', async () => {
    const primera = await searchOrdenanzas(database.db, filtros('pagina=1'), { porPagina: 3 });
    const tercera = await searchOrdenanzas(database.db, filtros('pagina=3'), { porPagina: 3 });
    expect(primera.items).toHaveLength(3);
    expect(tercera.items.map((o) => `${o.numero}/${o.anio}`)).toEqual(['101/2019', '100/2019']);
    expect(tercera.total).toBe(8);
    const lejos = await searchOrdenanzas(database.db, filtros('pagina=50'));
    expect(lejos.items).toEqual([]);
    expect(lejos.total).toBe(8);
  });

  it('recorre todas las coincidencias por lotes', async () => {
    const todas: string[] = [];
    for await (const o of iterateOrdenanzas(database.db, { estado: -1 }, 3)) todas.push(`${o.numero}/${o.anio}`);
    expect(todas).toHaveLength(8);
    expect(new Set(todas).size).toBe(8);
  });

  it('da la etiqueta del estado y la modificatoria', async () => {
    const [modifica] = (await searchOrdenanzas(database.db, filtros('numero=400'))).items;
    expect(modifica?.estadoEtiqueta).toBe('Anulada');
    expect(modifica?.modificatoriaDe).toEqual({ id: ids.comercios, numero: 100, anio: 2019 });
    expect(etiquetaEstado(7)).toBe('Desconocido');
  });

  it('muestra una ordenanza con las que la modifican', async () => {
    const detalle = await getOrdenanzaPorNumero(database.db, 2019, 100);
    expect(detalle?.modificadaPor.map((m) => m.numero)).toEqual([400]);
    expect((await getOrdenanza(database.db, ids.bosque!))?.documentoId).toBeTypeOf('number');
    expect(await getOrdenanza(database.db, 99999999)).toBeUndefined();
    expect(await getOrdenanzaPorNumero(database.db, 2019, 9999)).toBeUndefined();
  });
});

describe.each(engines)('búsqueda de una palabra que está en casi todas (%s)', (engine) => {
  let database: Database;
  const storage = createTestStorage();
  const numeros = (items: { numero: number; anio: number }[]) => items.map((o) => `${o.numero}/${o.anio}`);
  // Three ordinances say 'ordenanza' in the description; four only in their document.
  beforeAll(async () => {
    database = await createTestDatabase(engine);
    const ctx = { db: database.db, storage };
    const filas: [number, number, string, string | undefined][] = [
      [1, 2020, 'Tasas de la Ordenanza Tarifaria', undefined],
      [2, 2021, 'Protección del bosque nativo', 'Esta ordenanza protege los arrayanes.'],
      [3, 2022, 'Ordenanza de tránsito', undefined],
      [4, 2023, 'Alumbrado público', 'La presente ordenanza regula las luminarias.'],
      [5, 2024, 'Recolección de residuos', 'Sanciónase con fuerza de ordenanza.'],
      [6, 2025, 'Ordenanza fiscal', undefined],
      [7, 2026, 'Registro de prestadores turísticos', 'Comuníquese la presente ordenanza.'],
      [8, 2026, 'Donación de un lote fiscal', undefined],
    ];
    for (const [numero, anio, descripcion, textoPdf] of filas) await insertOrdenanza(ctx, { numero, anio, descripcion, textoPdf });
  });
  afterAll(async () => {
    await database.close();
    storage.remove();
  });
  const buscar = (query: string, opciones: { porPagina?: number; limite?: number; recorridoMaximo?: number } = {}) =>
    searchOrdenanzas(database.db, filtros(query), opciones);

  it('hasta el límite cuenta todas y ordena todas por relevancia: primero las que lo dicen en la descripción', async () => {
    const pagina = await buscar('pattern=ordenanza');
    expect(pagina).toMatchObject({ total: 7, totalExacto: true });
    expect(numeros(pagina.items)).toEqual(['6/2025', '3/2022', '1/2020', '7/2026', '5/2024', '4/2023', '2/2021']);
    expect(await buscar('pattern=ordenanza', { limite: 7 })).toMatchObject({ total: 7, totalExacto: true });
  });

  it('pasado el límite deja de contar, ordena por relevancia sólo las más recientes y sigue con las demás de la más nueva a la más antigua', async () => {
    const paginas = [];
    for (let n = 1; n <= 5; n++) paginas.push(await buscar(`pattern=ordenanza&pagina=${n}`, { porPagina: 2, limite: 4 }));
    expect(paginas.map((p) => numeros(p.items))).toEqual([['6/2025', '7/2026'], ['5/2024', '4/2023'], ['3/2022', '2/2021'], ['1/2020'], []]);
    // Every page, the one past the end included, says the same: more than 4.
    for (const pagina of paginas) expect(pagina).toMatchObject({ total: 4, totalExacto: false });
  });

  it('recorriendo por fecha (la palabra está en casi todas) o, si el recorrido no alcanza, con el índice GIN, el resultado es el mismo', async () => {
    for (const limite of [4, 20]) {
      for (let n = 1; n <= 4; n++) {
        const query = `pattern=ordenanza&pagina=${n}`;
        const porFecha = await buscar(query, { porPagina: 2, limite });
        // Two ordinances walked find fewer matches than the limit and do not cover the table.
        expect(await buscar(query, { porPagina: 2, limite, recorridoMaximo: 2 }), `límite ${limite}, página ${n}`).toEqual(porFecha);
      }
    }
  });

  it('una página que cruza el límite junta las últimas ordenadas con las primeras que siguen', async () => {
    const paginas = [];
    for (let n = 1; n <= 3; n++) paginas.push(numeros((await buscar(`pattern=ordenanza&pagina=${n}`, { porPagina: 3, limite: 4 })).items));
    expect(paginas).toEqual([['6/2025', '7/2026', '5/2024'], ['4/2023', '3/2022', '2/2021'], ['1/2020']]);
  });

  it('los demás filtros se aplican antes del límite', async () => {
    const pagina = await buscar('pattern=ordenanza&anio=2026', { limite: 4 });
    expect(pagina).toMatchObject({ total: 1, totalExacto: true });
    expect(numeros(pagina.items)).toEqual(['7/2026']);
    expect(await buscar('anio=2026', { limite: 1 })).toMatchObject({ total: 2, totalExacto: true });
  });

  it('la exportación recorre todas en el mismo orden que las páginas, con y sin límite alcanzado', async () => {
    const todas = async (limite?: number) => {
      const lista: string[] = [];
      for await (const o of iterateOrdenanzas(database.db, { estado: -1, pattern: 'ordenanza' }, 2, limite)) lista.push(`${o.numero}/${o.anio}`);
      return lista;
    };
    expect(await todas(4)).toEqual(['6/2025', '7/2026', '5/2024', '4/2023', '3/2022', '2/2021', '1/2020']);
    expect(await todas(2)).toEqual(['6/2025', '7/2026', '5/2024', '4/2023', '3/2022', '2/2021', '1/2020']);
    expect(await todas()).toEqual(['6/2025', '3/2022', '1/2020', '7/2026', '5/2024', '4/2023', '2/2021']);
  });
});

describe('filtros de búsqueda', () => {
  it('acepta vacíos como "sin filtro" y -1 como todos los estados', () => {
    expect(parseFiltrosOrdenanzas(new URLSearchParams('estado=&numero=&anio=&pattern='))).toMatchObject({ ok: true, filtros: { estado: -1, pagina: 1 } });
  });

  it('explica en castellano cada valor inválido y conserva lo escrito', () => {
    const r = parseFiltrosOrdenanzas(new URLSearchParams('estado=5&numero=12a&anio=85&pattern=ok'));
    expect(r.ok).toBe(false);
    if (r.ok) return;
    expect(r.errores.estado).toBe('Elegí un estado de la lista.');
    expect(r.errores.numero).toMatch(/número de ordenanza/);
    expect(r.errores.anio).toMatch(/año de cuatro cifras/);
    expect(r.valores).toMatchObject({ estado: '5', numero: '12a', anio: '85', pattern: 'ok' });
  });
});
