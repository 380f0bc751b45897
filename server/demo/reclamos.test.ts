import { eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '#db/client.ts';
import { areasMunicipales, auditoria, historialReclamos, organismosReclamo, reclamos } from '#db/schema/index.ts';
import { getCategoriaPorCodigo, listCategoriasActivas, listOrganismos, listPlantillas } from '#domain/reclamos/catalogo.ts';
import { testCipher, testContext } from '#tests/factories/decretos.ts';
import { createTestDatabase, engines } from '#tests/setup/database.ts';
import { createTestStorage } from '#tests/setup/storage.ts';
import { areas } from './gobierno-datos.ts';
import { seedReclamos, seedReportesDemo } from './reclamos.ts';

describe.each(engines)('el catálogo de reclamos de demostración (%s)', (engine) => {
  let database: Database;
  beforeAll(async () => {
    database = await createTestDatabase(engine);
  });
  afterAll(() => database.close());

  it('ocho categorías en grupos con su área, cuatro organismos ficticios y dos plantillas por estado, por los comandos', async () => {
    const { db } = database;
    await db.insert(areasMunicipales).values(areas.map((a, i) => ({ ...a, orden: i })));
    const storage = createTestStorage();
    try {
      await seedReclamos.run({ db, storage });
    } finally {
      storage.remove();
    }
    const categorias = await listCategoriasActivas(db);
    expect(categorias).toHaveLength(8);
    expect(new Set(categorias.map((c) => c.grupo)).size).toBeGreaterThanOrEqual(5);
    expect(categorias.every((c) => c.areaId !== null)).toBe(true);
    expect(await getCategoriaPorCodigo(db, 'medio-ambiente')).toMatchObject({ nombre: 'Denuncias de Medio Ambiente' });
    expect(await getCategoriaPorCodigo(db, 'arbol-caido')).toMatchObject({ aviso: 'Si hay cables o peligro, llamá al 103 (Defensa Civil).' });
    expect(await getCategoriaPorCodigo(db, 'calle-sin-despejar')).toMatchObject({ servicioVehiculo: 'vialidad' });
    expect(await getCategoriaPorCodigo(db, 'camion-no-paso')).toMatchObject({ servicioVehiculo: 'recoleccion' });
    expect((await getCategoriaPorCodigo(db, 'luminaria-apagada'))?.preguntas).toEqual([
      { codigo: 'numero-de-poste', etiqueta: 'Número de poste', tipo: 'texto', requerida: false },
    ]);
    const organismos = await listOrganismos(db);
    expect(organismos.map((o) => o.nombre)).toEqual(['Cooperativa de agua', 'Cooperativa eléctrica', 'Parque Nacional Nahuel Huapi', 'Vialidad Nacional']);
    expect(organismos.every((o) => o.email.endsWith('@demo.villalaangostura.gob.ar'))).toBe(true);
    const plantillas = await listPlantillas(db);
    for (const estado of ['recibido', 'en_curso', 'derivado', 'resuelto', 'no_corresponde', 'duplicado'] as const)
      expect(plantillas.filter((p) => p.estado === estado).length, estado).toBeGreaterThanOrEqual(2);
    // Through the commands: audited, by the site itself.
    const altas = await db.select().from(auditoria).where(eq(auditoria.accion, 'reclamos.categoria_alta'));
    expect(altas).toHaveLength(8);
    expect(altas.every((a) => a.usuarioId === null)).toBe(true);
  });

  it('los reclamos de demostración: por los comandos, en cada estado, con fechas de las últimas semanas y correos del dominio de demostración', async () => {
    const { db } = database;
    const ctx = testContext({ db, cipher: testCipher() });
    const codigos = await seedReportesDemo(ctx);
    expect(codigos).toHaveLength(12);
    const filas = await db.select().from(reclamos).where(inArray(reclamos.codigo, codigos));
    const estados = filas.map((f) => f.estado);
    for (const estado of ['recibido', 'en_curso', 'derivado', 'resuelto', 'no_corresponde', 'duplicado'] as const) expect(estados, estado).toContain(estado);
    expect(estados.filter((e) => e === 'resuelto')).toHaveLength(2);
    const [vialidad] = await db.select().from(organismosReclamo).where(eq(organismosReclamo.nombre, 'Vialidad Nacional'));
    expect(filas.find((f) => f.estado === 'derivado')?.organismoId).toBe(vialidad!.id);
    const duplicado = filas.find((f) => f.estado === 'duplicado')!;
    expect(filas.find((f) => f.id === duplicado.duplicadoDe)?.estado).toBe('recibido');
    expect(filas.some((f) => f.estado === 'en_curso' && f.areaId !== null)).toBe(true);
    const ahora = ctx.clock.now().getTime();
    const dias = filas.map((f) => Math.round((ahora - f.createdAt.getTime()) / 86_400_000));
    expect(Math.max(...dias)).toBeGreaterThanOrEqual(20);
    expect(Math.min(...dias)).toBeLessThanOrEqual(2);
    expect(filas.every((f) => ctx.cipher.open(f.email!).endsWith('@demo.villalaangostura.gob.ar'))).toBe(true);
    // The resolved ones carry their template's answer, its placeholders filled.
    const respuestas = await db.select().from(historialReclamos).where(eq(historialReclamos.estado, 'resuelto'));
    expect(respuestas.map((h) => h.respuesta)).toEqual(
      expect.arrayContaining([expect.stringMatching(/^Tapamos el bache de Av\. Arrayanes 320 el \d{2}\/\d{2}\/\d{4}\.$/)]),
    );
    expect(respuestas.every((h) => !h.respuesta.includes('{'))).toBe(true);
  });
});
