import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '#db/client.ts';
import { limitesUso } from '#db/schema/index.ts';
import { createTestDatabase, engines } from '#tests/setup/database.ts';
import { transactionWithLimitsLast, type LimitAtTheEnd } from './limits.ts';

const HORA = { max: 2, windowSeconds: 3600 };

describe.each(engines)('límites contados al final de la transacción (%s)', (engine) => {
  let database: Database;
  beforeAll(async () => {
    database = await createTestDatabase(engine);
  });
  afterAll(() => database.close());

  const cuenta = async (clave: string) => (await database.db.select({ c: limitesUso.cuenta }).from(limitesUso).where(eq(limitesUso.clave, clave)))[0]?.c ?? 0;
  // The work writes a row of its own (a counter under another key), to see whether it was undone.
  const trabajo = (marca: string, limites: readonly LimitAtTheEnd<string>[]) =>
    transactionWithLimitsLast(database.db, async (t) => {
      await t.insert(limitesUso).values({ clave: marca, inicio: sql`now()`, cuenta: 1 });
      return { valor: 'hecho', limites };
    });

  it('hace el trabajo y cuenta cada límite mientras no se pase', async () => {
    const limites = [
      { clave: 'dir-a', limite: HORA, rechazo: 'dirección', cuentaSiOtroRechaza: true },
      { clave: 'mail-a', limite: HORA, rechazo: 'correo' },
    ];
    expect(await trabajo('trabajo-1', limites)).toBe('hecho');
    expect(await trabajo('trabajo-2', limites)).toBe('hecho');
    expect([await cuenta('dir-a'), await cuenta('mail-a'), await cuenta('trabajo-2')]).toEqual([2, 2, 1]);
    // The third: the address refuses first; nothing of the work stays.
    expect(await trabajo('trabajo-3', limites)).toBe('dirección');
    expect([await cuenta('dir-a'), await cuenta('mail-a'), await cuenta('trabajo-3')]).toEqual([2, 2, 0]);
  });

  it('un rechazo posterior deshace el trabajo y cuenta igual los límites marcados antes que él', async () => {
    const limites = [
      { clave: 'dir-b', limite: { max: 10, windowSeconds: 3600 }, rechazo: 'dirección', cuentaSiOtroRechaza: true },
      { clave: 'dni-b', limite: HORA, rechazo: 'persona' },
      { clave: 'mail-b', limite: HORA, rechazo: 'persona' },
    ];
    await trabajo('b-1', limites);
    await trabajo('b-2', limites);
    expect(await trabajo('b-3', limites)).toBe('persona');
    // The address counted three requests, the person two: the refused one's own counts were undone.
    expect([await cuenta('dir-b'), await cuenta('dni-b'), await cuenta('mail-b'), await cuenta('b-3')]).toEqual([3, 2, 2, 0]);
  });

  it('sin clave no cuenta, y un trabajo que falla no cuenta nada', async () => {
    expect(await trabajo('c-1', [{ clave: undefined, limite: { max: 0, windowSeconds: 60 }, rechazo: 'nunca' }])).toBe('hecho');
    const fallido = transactionWithLimitsLast(database.db, async (t) => {
      await t.insert(limitesUso).values({ clave: 'c-2', inicio: sql`now()`, cuenta: 1 });
      throw new Error('falló el trabajo');
    });
    await expect(fallido).rejects.toThrow('falló el trabajo');
    expect(await cuenta('c-2')).toBe(0);
  });
});
