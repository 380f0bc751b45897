import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '#db/client.ts';
import { auditoria, boletinesOficiales } from '#db/schema/index.ts';
import { ACTOR_SISTEMA, actorHistorico, fechaDeCarga } from '#domain/shared/actor.ts';
import { insertBoletin } from '#tests/factories/boletines.ts';
import { editor } from '#tests/factories/mesa.ts';
import { createTestDatabase, engines } from '#tests/setup/database.ts';
import { createTestStorage } from '#tests/setup/storage.ts';

// A record of the past (docs/decisions/047-carga-historica.md): only the system's historic actor
// gives a bulletin its own upload date; a person's actor, whatever it carries, uploads it now.
describe.each(engines)('boletines: carga histórica (%s)', (engine) => {
  let database: Database;
  const storage = createTestStorage();
  beforeAll(async () => {
    database = await createTestDatabase(engine);
  });
  afterAll(async () => {
    await database.close();
    storage.remove();
  });

  const ctx = () => ({ db: database.db, storage });
  const fila = async (id: number) => (await database.db.select().from(boletinesOficiales).where(eq(boletinesOficiales.id, id)))[0]!;
  const alta = async (id: number) =>
    (
      await database.db
        .select()
        .from(auditoria)
        .where(and(eq(auditoria.accion, 'boletin.alta'), eq(auditoria.entidadId, String(id))))
    )[0]!;
  const el = new Date('2025-03-02T13:00:00Z');

  it('el actor histórico deja su fecha y su nombre; la auditoría lo registra sin persona, en el momento real', async () => {
    const { id } = await insertBoletin(ctx(), { numero: 312, mes: 2, anio: 2025, actor: actorHistorico('Lucía Ferreyra', el) });
    expect(await fila(id)).toMatchObject({ usuarioCreacion: 'Lucía Ferreyra', fechaCreacion: el });
    const registro = await alta(id);
    expect(registro).toMatchObject({ usuarioId: null, actorEmail: null, actorRol: null });
    expect(Math.abs(registro.fecha.getTime() - Date.now())).toBeLessThan(60_000);
  });

  it('una persona no puede antedatar: fechaDeCarga ignora su fecha y el boletín se sube ahora, a su nombre', async () => {
    const conFecha = { ...editor, el };
    expect(fechaDeCarga(conFecha)).toEqual({});
    expect(fechaDeCarga(ACTOR_SISTEMA)).toEqual({});
    expect(fechaDeCarga(actorHistorico('Tomás Quiroga', el))).toEqual({ fechaCreacion: el });
    const { id } = await insertBoletin(ctx(), { numero: 313, mes: 3, anio: 2025, actor: conFecha });
    const guardado = await fila(id);
    expect(guardado.usuarioCreacion).toBe(editor.nombre);
    expect(Math.abs(guardado.fechaCreacion.getTime() - Date.now())).toBeLessThan(60_000);
    expect(await alta(id)).toMatchObject({ usuarioId: editor.usuarioId, actorEmail: editor.email, actorRol: 'editor' });
  });
});
