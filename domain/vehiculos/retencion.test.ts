import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { posicionesVehiculo } from '#db/schema/index.ts';
import { baseConContexto } from '#tests/factories/decretos.ts';
import { insertVehiculo } from '#tests/factories/vehiculos.ts';
import { engines } from '#tests/setup/database.ts';
import { writeSiteSettings } from '#domain/sitio/settings.ts';
import { RETENCION_POSICIONES_DIAS, removePosicionesVencidas } from './retencion.ts';

const DIA_MS = 24 * 3_600_000;

describe.each(engines)('la retención de las posiciones (%s)', (engine) => {
  const prueba = baseConContexto(engine);

  /** Positions of a new vehicle received `dias` days before the context's now, one a minute apart. */
  async function recibidas(vehiculoId: number, dias: number, cantidad: number) {
    const recibidaEn = (i: number) => new Date(prueba.ctx.clock.now().getTime() - dias * DIA_MS - i * 60_000);
    await prueba.database.db.insert(posicionesVehiculo).values(
      Array.from({ length: cantidad }, (_, i) => ({
        vehiculoId,
        latitud: -40.762,
        longitud: -71.646,
        horaDispositivo: recibidaEn(i),
        recibidaEn: recibidaEn(i),
        publica: true,
      })),
    );
  }
  const quedan = async (vehiculoId: number) =>
    (
      await prueba.database.db
        .select({ recibidaEn: posicionesVehiculo.recibidaEn })
        .from(posicionesVehiculo)
        .where(eq(posicionesVehiculo.vehiculoId, vehiculoId))
    ).map((f) => (prueba.ctx.clock.now().getTime() - f.recibidaEn.getTime()) / DIA_MS);

  it(`borra lo recibido hace más de ${RETENCION_POSICIONES_DIAS} días, de a lotes, y deja lo demás`, async () => {
    const v = await insertVehiculo(prueba.database.db);
    await recibidas(v.id, RETENCION_POSICIONES_DIAS + 1, 7);
    await recibidas(v.id, RETENCION_POSICIONES_DIAS - 1, 2);
    await recibidas(v.id, 0, 1);
    // Three statements of three rows at most.
    expect(await removePosicionesVencidas(prueba.ctx, { lote: 3 })).toBe(7);
    const dias = await quedan(v.id);
    expect(dias).toHaveLength(3);
    expect(dias.every((d) => d < RETENCION_POSICIONES_DIAS)).toBe(true);
    // Nothing more to do.
    expect(await removePosicionesVencidas(prueba.ctx, { lote: 3 })).toBe(0);
  });

  it('una corrida hace a lo sumo tantos lotes; lo que queda, la siguiente', async () => {
    const v = await insertVehiculo(prueba.database.db);
    await recibidas(v.id, RETENCION_POSICIONES_DIAS + 2, 5);
    expect(await removePosicionesVencidas(prueba.ctx, { lote: 2, maximoLotes: 2 })).toBe(4);
    expect(await quedan(v.id)).toHaveLength(1);
    expect(await removePosicionesVencidas(prueba.ctx, { lote: 2, maximoLotes: 2 })).toBe(1);
    expect(await quedan(v.id)).toEqual([]);
  });

  it('el ajuste de retención manda: con 10 días, lo de hace 11 se va y lo de hace 9 queda', async () => {
    // The setting has no form yet: written as the demo and the tests' factory write it
    // (docs/decisions/047-carga-historica.md, «Excepciones»).
    await writeSiteSettings(prueba.database.db, { retencionPosicionesDias: 10 });
    try {
      const v = await insertVehiculo(prueba.database.db);
      await recibidas(v.id, 11, 3);
      await recibidas(v.id, 9, 2);
      // The earlier tests' positions of 29 days go too.
      expect(await removePosicionesVencidas(prueba.ctx)).toBeGreaterThanOrEqual(3);
      expect((await quedan(v.id)).every((d) => d < 10)).toBe(true);
      expect(await quedan(v.id)).toHaveLength(2);
    } finally {
      await writeSiteSettings(prueba.database.db, { retencionPosicionesDias: RETENCION_POSICIONES_DIAS });
    }
    // Fewer than 8 days would leave «¿Cuándo pasó?» without this week: refused.
    await expect(writeSiteSettings(prueba.database.db, { retencionPosicionesDias: 7 })).rejects.toThrow();
  });
});
