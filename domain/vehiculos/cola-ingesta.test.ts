import { eq, inArray } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { POSICIONES_VEHICULO_CHANNEL, posicionesVehiculo, vehiculos } from '#db/schema/index.ts';
import { baseConContexto } from '#tests/factories/decretos.ts';
import { insertVehiculo, posicionEnLaCalle } from '#tests/factories/vehiculos.ts';
import { engines } from '#tests/setup/database.ts';
import { readAvisoPosicion } from './avisos.ts';
import { type OpcionesCola, createColaIngesta } from './cola-ingesta.ts';
import { DESCONOCIDOS_POR_DIRECCION, RAFAGA_POR_DISPOSITIVO } from './commands.ts';

/** The test context's fixed clock: 12:00 in Argentina, inside the default service hours. */
const AHORA = new Date('2026-03-10T15:00:00Z');
/** Distinct device times before AHORA (a tracker's own clock, one a millisecond). */
const hora = (i: number) => new Date(AHORA.getTime() - 60_000 + i);
const esperar = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe.each(engines)('la ingesta por lotes (%s)', (engine) => {
  const prueba = baseConContexto(engine);

  const cola = (opciones: OpcionesCola = {}) => createColaIngesta(prueba.ctx, opciones);
  const guardadas = (vehiculoIds: number[]) => prueba.database.db.select().from(posicionesVehiculo).where(inArray(posicionesVehiculo.vehiculoId, vehiculoIds));

  /** The ids announced on the channel while `accion` runs, once they have all arrived (`esperadas`). */
  async function anunciadas(accion: () => Promise<number[]>): Promise<{ esperadas: number[]; oidas: number[] }> {
    const oidas: number[] = [];
    const stop = await prueba.database.listen(
      POSICIONES_VEHICULO_CHANNEL,
      { notify: (payload) => void oidas.push(readAvisoPosicion(payload)!.id), connected() {}, lost() {} },
      { once: true },
    );
    try {
      const esperadas = await accion();
      await expect.poll(() => oidas.length).toBeGreaterThanOrEqual(esperadas.length);
      return { esperadas, oidas };
    } finally {
      await stop();
    }
  }

  it('muchas posiciones a la vez de varios dispositivos: en pocos lotes, cada una guardada una vez y anunciada una vez', async () => {
    const flota = await Promise.all(Array.from({ length: 8 }, () => insertVehiculo(prueba.database.db)));
    const c = cola({ maximoLote: 40 });
    const { esperadas, oidas } = await anunciadas(async () => {
      const resultados = await Promise.all(
        flota.flatMap((v) => Array.from({ length: 15 }, (_, i) => c.registrar(posicionEnLaCalle(v.dispositivo, hora(i)), { direccion: '10.1.1.1' }))),
      );
      expect(resultados.map((r) => r.tipo)).toEqual(Array(120).fill('registrada'));
      return resultados.map((r) => (r.tipo === 'registrada' ? r.id : -1));
    });
    const filas = await guardadas(flota.map((v) => v.id));
    expect(filas.map((f) => f.id).sort()).toEqual([...esperadas].sort());
    // Each id once, from this process's one listening connection.
    expect([...oidas].filter((id) => esperadas.includes(id)).sort()).toEqual([...esperadas].sort());
    // Every position of one device, in its order of arrival.
    for (const v of flota) {
      const suyas = filas.filter((f) => f.vehiculoId === v.id).sort((a, b) => a.id - b.id);
      expect(suyas.map((f) => f.horaDispositivo.getTime())).toEqual(Array.from({ length: 15 }, (_, i) => hora(i).getTime()));
    }
    await c.cerrar();
  });

  it('el límite por dispositivo sigue exacto con reportes simultáneos: los primeros 20 en llegar, el resto 429 con reintento', async () => {
    const v = await insertVehiculo(prueba.database.db);
    const otro = await insertVehiculo(prueba.database.db);
    const c = cola({ maximoLote: 7 });
    const resultados = await Promise.all([
      ...Array.from({ length: RAFAGA_POR_DISPOSITIVO + 5 }, (_, i) => c.registrar(posicionEnLaCalle(v.dispositivo, hora(i)))),
      c.registrar(posicionEnLaCalle(otro.dispositivo, hora(0))),
    ]);
    expect(resultados.map((r) => r.tipo)).toEqual([...Array(RAFAGA_POR_DISPOSITIVO).fill('registrada'), ...Array(5).fill('limite'), 'registrada']);
    expect(resultados[RAFAGA_POR_DISPOSITIVO]).toMatchObject({ reintentarEnSegundos: 1, mensaje: expect.stringMatching(/una por segundo/) });
    expect(await guardadas([v.id])).toHaveLength(RAFAGA_POR_DISPOSITIVO);
    await c.cerrar();
  });

  it('la misma hora del mismo vehículo, repetida en un lote o en otro: se acepta y se guarda una sola vez', async () => {
    const v = await insertVehiculo(prueba.database.db);
    const c = cola();
    const resultados = await Promise.all([0, 0, 1, 0].map((i) => c.registrar(posicionEnLaCalle(v.dispositivo, hora(i)))));
    expect(resultados.map((r) => r.tipo)).toEqual(['registrada', 'repetida', 'registrada', 'repetida']);
    expect(resultados[1]).toEqual({ tipo: 'repetida', vehiculoId: v.id });
    expect(await c.registrar(posicionEnLaCalle(v.dispositivo, hora(1)))).toEqual({ tipo: 'repetida', vehiculoId: v.id });
    expect(await guardadas([v.id])).toHaveLength(2);
    await c.cerrar();
  });

  it('identificadores desconocidos: cada uno cuenta para el límite de su dirección, en el orden de llegada, también dentro de un lote', async () => {
    const v = await insertVehiculo(prueba.database.db);
    const inactivo = await insertVehiculo(prueba.database.db, { activo: false });
    const c = cola();
    const direccion = `10.77.${engine === 'pglite' ? 1 : 2}.1`;
    // One batch, one transaction: the whole lot in one window of the limit.
    const resultados = await Promise.all([
      c.registrar(posicionEnLaCalle(inactivo.dispositivo, hora(0)), { direccion }),
      ...Array.from({ length: DESCONOCIDOS_POR_DIRECCION.max }, (_, i) => c.registrar(posicionEnLaCalle(`adivinado-${i}`, hora(0)), { direccion })),
      c.registrar(posicionEnLaCalle(v.dispositivo, hora(0)), { direccion }),
      c.registrar(posicionEnLaCalle(v.dispositivo, hora(1)), { direccion: '10.77.200.1' }),
    ]);
    expect(resultados.slice(0, DESCONOCIDOS_POR_DIRECCION.max).map((r) => r.tipo)).toEqual(Array(DESCONOCIDOS_POR_DIRECCION.max).fill('desconocido'));
    expect(resultados.at(-3)).toMatchObject({ tipo: 'limite', mensaje: expect.stringMatching(/identificadores de dispositivo desconocidos/) });
    expect(resultados.at(-2)).toMatchObject({ tipo: 'limite', reintentarEnSegundos: DESCONOCIDOS_POR_DIRECCION.windowSeconds });
    expect(resultados.at(-1)).toMatchObject({ tipo: 'registrada' });
    expect(await guardadas([v.id, inactivo.id])).toHaveLength(1);
    await c.cerrar();
  });

  it('si el lote falla, cada posición del lote recibe el error y no queda nada: ni posiciones ni el límite consumido', async () => {
    const [a, b] = [await insertVehiculo(prueba.database.db), await insertVehiculo(prueba.database.db)];
    const c = cola();
    // An impossible latitude that only a direct call could bring (the reader refuses it): the
    // prueba.database's check fails the INSERT, and with it the batch.
    const pedidos = [
      c.registrar(posicionEnLaCalle(a.dispositivo, hora(0))),
      c.registrar(posicionEnLaCalle(b.dispositivo, hora(0))),
      c.registrar(posicionEnLaCalle(b.dispositivo, hora(1), { latitud: 95 })),
    ];
    const desenlaces = await Promise.allSettled(pedidos);
    expect(desenlaces.map((d) => d.status)).toEqual(['rejected', 'rejected', 'rejected']);
    const [primero] = desenlaces as PromiseRejectedResult[];
    expect(desenlaces.every((d) => d.status === 'rejected' && d.reason === primero!.reason)).toBe(true);
    expect(await guardadas([a.id, b.id])).toEqual([]);
    const filas = await prueba.database.db
      .select({ proximo: vehiculos.proximoReporte })
      .from(vehiculos)
      .where(inArray(vehiculos.id, [a.id, b.id]));
    expect(filas).toEqual([{ proximo: null }, { proximo: null }]);
    // The next batch is written as usual.
    expect(await c.registrar(posicionEnLaCalle(a.dispositivo, hora(0)))).toMatchObject({ tipo: 'registrada' });
    await c.cerrar();
  });

  it('al cerrar se escribe lo que espera, sin esperar el plazo del lote; después, nada más entra', async () => {
    const v = await insertVehiculo(prueba.database.db);
    const c = cola({ esperaLoteMs: 60_000 });
    const pedidos = [0, 1, 2].map((i) => c.registrar(posicionEnLaCalle(v.dispositivo, hora(i))));
    await esperar(50);
    expect(c.enEspera()).toBe(3);
    expect(await guardadas([v.id])).toEqual([]);
    await c.cerrar();
    expect((await Promise.all(pedidos)).map((r) => r.tipo)).toEqual(['registrada', 'registrada', 'registrada']);
    expect(await guardadas([v.id])).toHaveLength(3);
    expect(await c.registrar(posicionEnLaCalle(v.dispositivo, hora(3)))).toMatchObject({ tipo: 'sin_lugar', mensaje: expect.stringMatching(/reiniciando/) });
    expect(await guardadas([v.id])).toHaveLength(3);
  });

  it('la cola tiene un máximo: lo que no entra recibe «sin lugar» enseguida y no se guarda', async () => {
    const v = await insertVehiculo(prueba.database.db);
    const c = cola({ esperaLoteMs: 60_000, maximoEnCola: 3 });
    const pedidos = [0, 1, 2].map((i) => c.registrar(posicionEnLaCalle(v.dispositivo, hora(i))));
    expect(await c.registrar(posicionEnLaCalle(v.dispositivo, hora(3)))).toMatchObject({
      tipo: 'sin_lugar',
      reintentarEnSegundos: 5,
      mensaje: expect.stringMatching(/no se guardó/),
    });
    await c.cerrar();
    expect((await Promise.all(pedidos)).map((r) => r.tipo)).toEqual(['registrada', 'registrada', 'registrada']);
    expect((await guardadas([v.id])).map((f) => f.horaDispositivo.getTime()).sort()).toEqual([0, 1, 2].map((i) => hora(i).getTime()));
  });

  it('una posición que espera demasiado a su lote (la base ocupada) no se escribe y su respuesta lo dice', async () => {
    const v = await insertVehiculo(prueba.database.db);
    const c = cola({ esperaMaximaMs: 200 });
    let tomada: () => void = () => {};
    const bloqueada = new Promise<void>((resolve) => (tomada = resolve));
    // Another transaction holds the vehicle's row (on PGlite, the whole prueba.database) for a while.
    const otra = prueba.database.db.transaction(async (tx) => {
      await tx.select().from(vehiculos).where(eq(vehiculos.id, v.id)).for('update');
      tomada();
      await esperar(800);
    });
    await bloqueada;
    const primera = c.registrar(posicionEnLaCalle(v.dispositivo, hora(0)));
    await esperar(100);
    // The first one's batch is waiting for the row; this one waits for that batch, too long.
    const segunda = c.registrar(posicionEnLaCalle(v.dispositivo, hora(1)));
    await otra;
    expect(await primera).toMatchObject({ tipo: 'registrada' });
    expect(await segunda).toMatchObject({ tipo: 'sin_lugar', mensaje: expect.stringMatching(/tardó demasiado/) });
    expect(await guardadas([v.id])).toHaveLength(1);
    await c.cerrar();
  });
});
