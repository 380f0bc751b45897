// The ingest writes positions in batches (docs/decisions/015-seguimiento-de-vehiculos.md,
// «Escritura por lotes»): many reports at once over HTTP, each answered after its batch committed,
// with the same answers as one at a time; a batch that fails answers every report of it with an
// error and stores nothing; the app's close writes what is waiting.
import { inArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { limitesUso, posicionesVehiculo, vehiculos } from '#db/schema/index.ts';
import { DESCONOCIDOS_POR_DIRECCION, RAFAGA_POR_DISPOSITIVO } from '#domain/vehiculos/commands.ts';
import { insertVehiculo } from '#tests/factories/vehiculos.ts';
import { type TestApp, createTestApp } from '#tests/setup/app.ts';
import { engines } from '#tests/setup/database.ts';

/** 15 July 2026, 12:00 in Argentina: inside the default service hours. */
const AHORA = new Date('2026-07-15T15:00:00Z');
const clock = { now: () => AHORA };
/** An OsmAnd report of `dispositivo` taken `i` milliseconds after a minute before now. */
const reporte = (dispositivo: string, i: number) =>
  `/api/v1/posiciones?id=${encodeURIComponent(dispositivo)}&lat=-40.7621&lon=-71.6449&timestamp=${AHORA.getTime() - 60_000 + i}`;

describe.each(engines)('la ingesta por lotes por HTTP (%s)', (engine) => {
  let t: TestApp;
  let ipSiguiente = 1;
  const ip = () => `10.66.${engine === 'pglite' ? 1 : 2}.${ipSiguiente++}`;

  beforeAll(async () => {
    t = await createTestApp(engine, { seed: false, clock });
  });
  afterAll(() => t?.close());

  const guardadas = (ids: number[]) => t.database.db.select().from(posicionesVehiculo).where(inArray(posicionesVehiculo.vehiculoId, ids));
  const enviar = (app: TestApp, rutas: string[], remoteAddress = ip()) => Promise.all(rutas.map((url) => app.app.inject({ url, remoteAddress })));

  it('muchos reportes a la vez de varios vehículos: todos 200, cada uno guardado una vez y anunciado al mapa en vivo', async () => {
    const flota = await Promise.all(Array.from({ length: 6 }, () => insertVehiculo(t.database.db)));
    const respuestas = await enviar(
      t,
      flota.flatMap((v) => Array.from({ length: 12 }, (_, i) => reporte(v.dispositivo, i))),
    );
    expect(respuestas.map((r) => r.statusCode)).toEqual(Array(72).fill(200));
    expect(respuestas.every((r) => r.body === '')).toBe(true);
    const filas = await guardadas(flota.map((v) => v.id));
    expect(filas).toHaveLength(72);
    // This instance heard every one of them on the channel the streams follow.
    await Promise.all(filas.map((f) => t.app.vehiculosEnVivo.oida(f.id)));
  });

  it('una ráfaga simultánea de un dispositivo: 20 guardadas, las demás 429 con Retry-After, nada de más', async () => {
    const v = await insertVehiculo(t.database.db);
    const respuestas = await enviar(
      t,
      Array.from({ length: RAFAGA_POR_DISPOSITIVO + 4 }, (_, i) => reporte(v.dispositivo, i)),
    );
    const estados = respuestas.map((r) => r.statusCode);
    expect(estados.filter((s) => s === 200)).toHaveLength(RAFAGA_POR_DISPOSITIVO);
    expect(estados.filter((s) => s === 429)).toHaveLength(4);
    for (const r of respuestas.filter((r) => r.statusCode === 429)) {
      expect(r.headers['retry-after']).toBe('1');
      expect((r.json() as { error: string }).error).toMatch(/una por segundo/);
    }
    expect(await guardadas([v.id])).toHaveLength(RAFAGA_POR_DISPOSITIVO);
  });

  it('el mismo reporte repetido a la vez: todos reciben 200 y se guarda una vez', async () => {
    const v = await insertVehiculo(t.database.db);
    const respuestas = await enviar(t, Array(5).fill(reporte(v.dispositivo, 7)));
    expect(respuestas.map((r) => r.statusCode)).toEqual([200, 200, 200, 200, 200]);
    expect(await guardadas([v.id])).toHaveLength(1);
  });

  it('identificadores desconocidos a la vez desde una dirección: 404 cada uno, y cada uno cuenta para su límite', async () => {
    const direccion = ip();
    const ventana = () => Math.floor(Date.now() / 1000 / DESCONOCIDOS_POR_DIRECCION.windowSeconds);
    const desde = ventana();
    const respuestas = await enviar(
      t,
      Array.from({ length: DESCONOCIDOS_POR_DIRECCION.max }, (_, i) => reporte(`no-existe-${engine}-${i}`, i)),
      direccion,
    );
    expect(respuestas.map((r) => r.statusCode)).toEqual(Array(DESCONOCIDOS_POR_DIRECCION.max).fill(404));
    expect((respuestas[0]!.json() as { error: string }).error).toMatch(/Ningún vehículo activo tiene ese identificador/);
    const clave = t.context.cipher.hash('limite-ingesta-desconocidos', direccion);
    const [cuenta] = await t.database.db
      .select({ n: sql<number>`sum(${limitesUso.cuenta})::integer` })
      .from(limitesUso)
      .where(inArray(limitesUso.clave, [clave]));
    expect(cuenta?.n).toBe(DESCONOCIDOS_POR_DIRECCION.max);
    const v = await insertVehiculo(t.database.db);
    const siguiente = await t.app.inject({ url: reporte(v.dispositivo, 0), remoteAddress: direccion });
    // Within the same 10-minute window of the database's clock, the address is limited even for a known device.
    if (ventana() === desde) {
      expect(siguiente.statusCode).toBe(429);
      expect(siguiente.headers['retry-after']).toBe(String(DESCONOCIDOS_POR_DIRECCION.windowSeconds));
    }
  });

  it('si el lote falla, cada reporte del lote recibe 503 en castellano y no queda nada guardado ni contado', async () => {
    const flota = await Promise.all(Array.from({ length: 3 }, () => insertVehiculo(t.database.db)));
    // The database refuses the batch's INSERT as it would under a conflict it cannot serialise.
    await t.database.db.execute(sql`create function prueba_lote_fallido() returns trigger language plpgsql as $$
      begin raise exception 'lote que falla a propósito' using errcode = '40001'; end $$`);
    await t.database.db.execute(
      sql`create trigger prueba_lote_fallido before insert on posiciones_vehiculo for each statement execute function prueba_lote_fallido()`,
    );
    let respuestas: Awaited<ReturnType<typeof enviar>>;
    try {
      respuestas = await enviar(
        t,
        flota.flatMap((v) => [0, 1, 2].map((i) => reporte(v.dispositivo, i))),
      );
    } finally {
      await t.database.db.execute(sql`drop trigger prueba_lote_fallido on posiciones_vehiculo`);
      await t.database.db.execute(sql`drop function prueba_lote_fallido()`);
    }
    expect(respuestas.map((r) => r.statusCode)).toEqual(Array(9).fill(503));
    for (const r of respuestas) {
      expect(r.headers['retry-after']).toBe('30');
      expect((r.json() as { error: string }).error).toMatch(/\S/);
    }
    expect(await guardadas(flota.map((v) => v.id))).toEqual([]);
    const proximos = await t.database.db
      .select({ p: vehiculos.proximoReporte })
      .from(vehiculos)
      .where(
        inArray(
          vehiculos.id,
          flota.map((v) => v.id),
        ),
      );
    expect(proximos.map((f) => f.p)).toEqual([null, null, null]);
    // The same reports, sent again, are stored.
    expect((await enviar(t, [reporte(flota[0]!.dispositivo, 0)])).map((r) => r.statusCode)).toEqual([200]);
  });

  it('al cerrar la aplicación, lo que espera su lote se escribe antes de cerrar la base, y cada reporte recibe su 200', async () => {
    const otro = await createTestApp(engine, { sameDatabaseAs: t, clock });
    const v = await insertVehiculo(t.database.db);
    const w = await insertVehiculo(t.database.db);
    let tomada: () => void = () => {};
    const bloqueada = new Promise<void>((resolve) => (tomada = resolve));
    // Another transaction holds a vehicle's row (on PGlite, the whole database): the first batch
    // waits for it, and the rest of the reports wait in the queue.
    const otra = t.database.db.transaction(async (tx) => {
      await tx
        .select()
        .from(vehiculos)
        .where(inArray(vehiculos.id, [v.id]))
        .for('update');
      tomada();
      await new Promise((resolve) => setTimeout(resolve, 600));
    });
    await bloqueada;
    const primera = otro.app.inject({ url: reporte(v.dispositivo, 0), remoteAddress: ip() });
    await new Promise((resolve) => setTimeout(resolve, 100));
    const resto = enviar(
      otro,
      [1, 2, 3].flatMap((i) => [reporte(v.dispositivo, i), reporte(w.dispositivo, i)]),
    );
    await expect.poll(() => otro.app.colaIngesta.enEspera()).toBe(6);
    // The close waits for the batch that waits for the other transaction, then writes the queue.
    await otro.close();
    expect(await guardadas([v.id])).toHaveLength(4);
    expect(await guardadas([w.id])).toHaveLength(3);
    expect([(await primera).statusCode, ...(await resto).map((r) => r.statusCode)]).toEqual(Array(7).fill(200));
    await otra;
  });
});
