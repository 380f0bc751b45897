import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '#db/client.ts';
import { solicitudesDecreto } from '#db/schema/index.ts';
import { ajustar } from '#tests/factories/ajustes.ts';
import { solicitudValida, testContext } from '#tests/factories/decretos.ts';
import { createTestDatabase, engines } from '#tests/setup/database.ts';
import { createSolicitudDecreto } from './commands.ts';
import { getEstadoSolicitud } from './queries.ts';

describe.each(engines)('plazo de respuesta en el estado de una solicitud (%s)', (engine) => {
  let database: Database;
  let codigo: string;
  const cambiar = (valores: Partial<typeof solicitudesDecreto.$inferInsert>) =>
    database.db.update(solicitudesDecreto).set(valores).where(eq(solicitudesDecreto.codigo, codigo));

  beforeAll(async () => {
    database = await createTestDatabase(engine);
    const r = await createSolicitudDecreto(testContext({ db: database.db }), solicitudValida());
    if (r.tipo !== 'recibida') throw new Error('no recibida');
    codigo = r.codigo;
    // Received on the Thursday before Holy Week 2026.
    await cambiar({ createdAt: new Date('2026-03-26T11:00:00-03:00') });
  });
  afterAll(() => database.close());

  it('abierta: la fecha límite cuenta 15 días hábiles desde el día hábil siguiente', async () => {
    expect((await getEstadoSolicitud(database.db, codigo))?.plazo).toEqual({ vence: '2026-04-20', prorrogada: false, diasHabiles: 15 });
    await cambiar({ estado: 'en_proceso' });
    expect((await getEstadoSolicitud(database.db, codigo))?.plazo?.vence).toBe('2026-04-20');
  });

  it('sigue el ajuste de días hábiles', async () => {
    await ajustar(database.db, { plazos: { diasHabiles: 10, diasPorVencer: 3 } });
    expect((await getEstadoSolicitud(database.db, codigo))?.plazo).toEqual({ vence: '2026-04-13', prorrogada: false, diasHabiles: 10 });
    await ajustar(database.db, { plazos: { diasHabiles: 15, diasPorVencer: 3 } });
  });

  it('prorrogada: 15 días hábiles más, y lo dice', async () => {
    await cambiar({ prorrogadaEn: new Date('2026-04-15T10:00:00-03:00') });
    expect((await getEstadoSolicitud(database.db, codigo))?.plazo).toEqual({ vence: '2026-05-12', prorrogada: true, diasHabiles: 30 });
  });

  it('cerrada (enviada o rechazada): sin plazo', async () => {
    for (const estado of ['enviada', 'rechazada']) {
      await cambiar({ estado });
      expect((await getEstadoSolicitud(database.db, codigo))?.plazo).toBeNull();
    }
  });
});
