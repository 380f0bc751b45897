import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '#db/client.ts';
import { generarPdf } from '#db/factories/pdf.ts';
import { auditoria, estadosContables, sueldos } from '#db/schema/index.ts';
import { type Actor, actorHistorico } from '#domain/shared/actor.ts';
import { editor } from '#tests/factories/mesa.ts';
import { createTestDatabase, engines } from '#tests/setup/database.ts';
import { createTestStorage } from '#tests/setup/storage.ts';
import { createFinanzasAdmin } from './admin.ts';

// A record of the past (docs/decisions/047-carga-historica.md): only the system's historic actor
// gives a statement or a salary report its own upload date; a person's actor uploads it now.
describe.each(engines)('finanzas: carga histórica (%s)', (engine) => {
  let database: Database;
  const storage = createTestStorage();
  beforeAll(async () => {
    database = await createTestDatabase(engine);
  });
  afterAll(async () => {
    await database.close();
    storage.remove();
  });

  const el = new Date('2025-04-10T13:00:00Z');
  const subir = async (actor: Actor, tipo: 'estados-contables' | 'sueldos', campos: Record<string, string>) => {
    const pdf = await generarPdf({ titulo: 'Finanzas', parrafos: ['Informe del mes.'] });
    const archivo = new File([pdf.slice()], 'informe.pdf', { type: 'application/pdf' });
    const resultado = await createFinanzasAdmin({ db: database.db, storage }, actor, tipo, { ...campos, archivo });
    if (resultado.tipo !== 'guardado') throw new Error(JSON.stringify(resultado));
    return resultado.id;
  };
  const reciente = (fecha: Date) => Math.abs(fecha.getTime() - Date.now()) < 60_000;

  it('el actor histórico deja su fecha (y su nombre en el estado contable); una persona, la de ahora', async () => {
    const estado = await subir(actorHistorico('Valeria Montenegro', el), 'estados-contables', { tipo: 'GASTOS', mes: '3', anio: '2025' });
    expect((await database.db.select().from(estadosContables).where(eq(estadosContables.id, estado)))[0]).toMatchObject({
      usuarioCreacion: 'Valeria Montenegro',
      fechaCreacion: el,
    });
    const sueldo = await subir(actorHistorico('Sistema', el), 'sueldos', { periodo: 'Marzo', anio: '2025' });
    expect((await database.db.select().from(sueldos).where(eq(sueldos.id, sueldo)))[0]).toMatchObject({ fechaCreacion: el, orden: 6 });
    const altas = await database.db.select().from(auditoria);
    expect(altas.map((a) => [a.accion, a.usuarioId])).toEqual([
      ['estado_contable.alta', null],
      ['sueldo.alta', null],
    ]);

    const antedatado = await subir({ ...editor, el }, 'sueldos', { periodo: 'Abril', anio: '2025' });
    expect(reciente((await database.db.select().from(sueldos).where(eq(sueldos.id, antedatado)))[0]!.fechaCreacion)).toBe(true);
    const otro = await subir({ ...editor, el }, 'estados-contables', { tipo: 'RECURSOS', mes: '4', anio: '2025' });
    const fila = (await database.db.select().from(estadosContables).where(eq(estadosContables.id, otro)))[0]!;
    expect(fila.usuarioCreacion).toBe(editor.nombre);
    expect(reciente(fila.fechaCreacion)).toBe(true);
  });
});
