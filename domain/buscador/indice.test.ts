import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '#db/client.ts';
import { busquedaSitio, busquedaSitioEstado } from '#db/schema/index.ts';
import { insertBoletin } from '#tests/factories/boletines.ts';
import { insertPanel } from '#tests/factories/gobierno.ts';
import { createTestDatabase, engines } from '#tests/setup/database.ts';
import { createTestStorage } from '#tests/setup/storage.ts';
import { actualizarIndice, indiceSinArmar } from './indice.ts';
import { LIMITE_CONTEO_SITIO, buscarEnElSitio, fragmentoDe } from './queries.ts';

// The index is kept by a scheduled job, never by a search (docs/decisions/049-buscador-del-sitio.md).
describe.each(engines)('índice del buscador del sitio (%s)', (engine) => {
  let database: Database;
  const storage = createTestStorage();
  const titulos = async (q: string, pagina = 1) => (await buscarEnElSitio(database.db, { q, pagina })).items.map((r) => r.titulo);
  const estado = async () => (await database.db.select().from(busquedaSitioEstado))[0];

  beforeAll(async () => {
    database = await createTestDatabase(engine);
  });
  afterAll(async () => {
    await database.close();
    storage.remove();
  });

  it('una base nueva no tiene índice; la tarea lo arma y, sin cambios, la corrida siguiente no escribe nada', async () => {
    expect(await indiceSinArmar(database.db)).toBe(true);
    const primera = await actualizarIndice(database.db);
    expect(primera?.agregadas).toBeGreaterThan(0);
    expect(primera?.quitadas).toBe(0);
    expect(await indiceSinArmar(database.db)).toBe(false);
    expect(await actualizarIndice(database.db)).toBeNull();
  });

  it('una búsqueda después de un cambio de contenido no rearma el índice: lee el que hay, y la tarea trae lo nuevo', async () => {
    await actualizarIndice(database.db);
    const antes = await estado();
    await insertPanel({ db: database.db }, 'areas', { nombre: 'Guardafauna lacustre', domicilio: 'Puerto 1', telefono: '+54 294 449-1111', email: '' });
    expect(await titulos('guardafauna')).toEqual([]);
    // Nothing was written by the search: the index still says the version it was built from.
    expect(await estado()).toEqual(antes);
    const corrida = await actualizarIndice(database.db);
    expect(corrida).toMatchObject({ agregadas: 1, quitadas: 0 });
    expect(await titulos('guardafauna')).toEqual(['Guardafauna lacustre']);
  });

  it('un cambio reemplaza sólo su fila; lo borrado se va del índice', async () => {
    await actualizarIndice(database.db);
    const filas = async () => (await database.db.select({ id: busquedaSitio.id, titulo: busquedaSitio.titulo }).from(busquedaSitio)).length;
    const cuantas = await filas();
    const boletin = await insertBoletin({ db: database.db, storage }, { numero: 4242, mes: 3, anio: 2026 });
    expect(await actualizarIndice(database.db)).toMatchObject({ agregadas: 1, quitadas: 0 });
    expect(await filas()).toBe(cuantas + 1);
    expect(await titulos('boletin 4242')).toEqual(['Boletín Oficial N° 4242 - Marzo 2026']);
    expect(boletin.documentoId).toBeGreaterThan(0);
  });

  it('una instancia con una versión vieja no pisa el índice de una más nueva', async () => {
    await actualizarIndice(database.db);
    const actual = await estado();
    // Another instance recorded a newer content version meanwhile.
    const [contenido, formato] = actual!.version.split(':');
    await database.db.update(busquedaSitioEstado).set({ version: `${Number(contenido) + 1000}:${formato}` });
    await insertPanel({ db: database.db }, 'areas', { nombre: 'Oficina del huemul', domicilio: '', telefono: '', email: '' });
    expect(await actualizarIndice(database.db)).toBeNull();
    await database.db.update(busquedaSitioEstado).set({ version: actual!.version });
    expect(await actualizarIndice(database.db)).toMatchObject({ agregadas: 1 });
  });

  it('el fragmento sale del texto de alrededor de la primera palabra, sin acentos ni mayúsculas y del mismo largo', () => {
    const texto = `${'x '.repeat(100)}Se declara de interés el CENSO de Huemules y el ñirantal.`;
    expect(fragmentoDe(texto, ['huemul'])).toMatch(/CENSO de Huemules y el ñirantal\.$/);
    expect(fragmentoDe('Árbol del ÑIRANTAL costero', ['nirantal'])).toBe('Árbol del ÑIRANTAL costero');
    expect(fragmentoDe('nada aquí', ['zorzal'])).toBe('nada aquí');
  });

  it(`cuenta a lo sumo ${LIMITE_CONTEO_SITIO} coincidencias del índice: más allá, «más de»`, async () => {
    // Written straight into the index (the job would take them out again: no owner has them).
    await database.db.insert(busquedaSitio).values(
      Array.from({ length: LIMITE_CONTEO_SITIO + 5 }, (_, i) => ({
        tipo: 'area',
        titulo: `Delegación costera ${i}`,
        enlace: '/areas',
        huella: `prueba-${i}`,
      })),
    );
    const pagina = await buscarEnElSitio(database.db, { q: 'delegacion costera', pagina: 1 });
    expect(pagina.totalExacto).toBe(false);
    expect(pagina.total).toBe(LIMITE_CONTEO_SITIO);
    expect(pagina.items).toHaveLength(20);
    const exactas = await buscarEnElSitio(database.db, { q: 'delegacion costera 17', pagina: 1 });
    expect(exactas).toMatchObject({ totalExacto: true });
    expect(exactas.items[0]?.titulo).toBe('Delegación costera 17');
  });
});
