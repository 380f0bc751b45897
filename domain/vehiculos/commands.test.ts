import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { Database } from '#db/client.ts';
import { POSICIONES_VEHICULO_CHANNEL, posicionesVehiculo } from '#db/schema/index.ts';
import { createCipher } from '#domain/shared/cipher.ts';
import { type AppContext, createAppContext } from '#domain/shared/context.ts';
import { defaultSiteSettings } from '#domain/sitio/settings.ts';
import { ajustar } from '#tests/factories/ajustes.ts';
import { insertVehiculo } from '#tests/factories/vehiculos.ts';
import { createTestDatabase, engines } from '#tests/setup/database.ts';
import { readAvisoPosicion } from './avisos.ts';
import { DESCONOCIDOS_POR_DIRECCION, RAFAGA_POR_DISPOSITIVO, registrarPosicion } from './commands.ts';
import type { PosicionRecibida } from './ingesta.ts';

/** 15 July 2026, 12:00 in Argentina. */
const MEDIODIA = new Date('2026-07-15T15:00:00Z');
const DEPOSITO = { latitud: -40.7668, longitud: -71.6325, radioM: 150 };
const CALLE = { latitud: -40.762, longitud: -71.646 };

describe.each(engines)('registrar la posición que manda un dispositivo (%s)', (engine) => {
  let database: Database;
  let ctx: AppContext;
  let ahora = MEDIODIA;
  let n = 0;

  beforeAll(async () => {
    database = await createTestDatabase(engine);
    ctx = createAppContext({
      db: database.db,
      storage: { put: () => Promise.reject(new Error('sin archivos')), get: () => Promise.reject(new Error('sin archivos')), delete: () => Promise.resolve() },
      clock: { now: () => ahora },
      log: { info() {}, warn() {}, error() {} },
      cipher: createCipher(randomBytes(32)),
      mailer: { wake() {} },
      config: { siteUrl: 'https://sitio.test', mapTileUrl: '', solicitudes: { porDireccion: 1, porPersona: 1, consultasPorMinuto: 1 } },
    });
  });
  afterAll(() => database.close());
  beforeEach(async () => {
    ahora = MEDIODIA;
    await ajustar(database.db, { vehiculos: { ...defaultSiteSettings.vehiculos, deposito: DEPOSITO, horario: { desde: '06:00', hasta: '22:00' } } });
  });

  const vehiculo = (datos: Parameters<typeof insertVehiculo>[1] = {}) => insertVehiculo(database.db, { dispositivo: `disp-${engine}-${++n}`, ...datos });
  const posicion = (dispositivo: string, datos: Partial<PosicionRecibida> = {}): PosicionRecibida => ({
    dispositivo,
    ...CALLE,
    velocidadKmh: 18.52,
    rumbo: 90,
    altitud: 800,
    precisionM: 6,
    bateria: 87,
    horaDispositivo: ahora,
    ...datos,
  });
  const guardadas = (vehiculoId: number) => database.db.select().from(posicionesVehiculo).where(eq(posicionesVehiculo.vehiculoId, vehiculoId));

  it('un dispositivo de un vehículo activo: se guarda en las unidades de la tabla, pública en la calle y en horario', async () => {
    const v = await vehiculo();
    const resultado = await registrarPosicion(ctx, posicion(v.dispositivo));
    expect(resultado).toMatchObject({ tipo: 'registrada', vehiculoId: v.id, publica: true });
    const [fila] = await guardadas(v.id);
    expect(fila).toMatchObject({
      latitud: CALLE.latitud,
      longitud: CALLE.longitud,
      velocidadKmh: 18.52,
      rumbo: 90,
      altitud: 800,
      precisionM: 6,
      bateria: 87,
      horaDispositivo: MEDIODIA,
      recibidaEn: MEDIODIA,
      publica: true,
    });
    expect(resultado.tipo === 'registrada' && resultado.id).toBe(fila!.id);
  });

  it('lo desconocido no se guarda: un dispositivo que no existe, uno de un vehículo inactivo (404 para el rastreador)', async () => {
    expect(await registrarPosicion(ctx, posicion('no-existe'))).toEqual({ tipo: 'desconocido' });
    const inactivo = await vehiculo({ activo: false });
    expect(await registrarPosicion(ctx, posicion(inactivo.dispositivo))).toEqual({ tipo: 'desconocido' });
    expect(await guardadas(inactivo.id)).toEqual([]);
    // Compared as written: the same identifier in other case is another device.
    const v = await vehiculo();
    expect(await registrarPosicion(ctx, posicion(v.dispositivo.toUpperCase()))).toEqual({ tipo: 'desconocido' });
  });

  it('en el depósito se guarda, pero nunca es pública', async () => {
    const v = await vehiculo();
    expect(await registrarPosicion(ctx, posicion(v.dispositivo, { latitud: DEPOSITO.latitud, longitud: DEPOSITO.longitud }))).toMatchObject({ publica: false });
    expect((await guardadas(v.id)).map((p) => p.publica)).toEqual([false]);
  });

  it('fuera del horario de servicio se guarda, pero no es pública; lo decide la hora de la posición, no la de llegada', async () => {
    const v = await vehiculo();
    // Taken at 22:30 in Argentina, arrived at 22:31.
    ahora = new Date('2026-07-16T01:31:00Z');
    expect(await registrarPosicion(ctx, posicion(v.dispositivo, { horaDispositivo: new Date('2026-07-16T01:30:00Z') }))).toMatchObject({ publica: false });
    // Taken at 21:59, arrived after 22:00 (buffered while offline): public.
    expect(await registrarPosicion(ctx, posicion(v.dispositivo, { horaDispositivo: new Date('2026-07-16T00:59:00Z') }))).toMatchObject({ publica: true });
  });

  it('un horario que cruza la medianoche, y uno de todo el día', async () => {
    const v = await vehiculo();
    await ajustar(database.db, { vehiculos: { ...defaultSiteSettings.vehiculos, deposito: DEPOSITO, horario: { desde: '22:00', hasta: '06:00' } } });
    const a = async (iso: string) => {
      ahora = new Date(iso);
      const r = await registrarPosicion(ctx, posicion(v.dispositivo, { horaDispositivo: ahora }));
      return r.tipo === 'registrada' && r.publica;
    };
    expect(await a('2026-07-16T02:00:00Z')).toBe(true); // 23:00
    expect(await a('2026-07-16T08:00:00Z')).toBe(true); // 05:00
    expect(await a('2026-07-16T09:00:00Z')).toBe(false); // 06:00
    expect(await a('2026-07-16T15:00:00Z')).toBe(false); // 12:00
    await ajustar(database.db, { vehiculos: { ...defaultSiteSettings.vehiculos, deposito: DEPOSITO, horario: { desde: '00:00', hasta: '00:00' } } });
    expect(await a('2026-07-16T15:00:01Z')).toBe(true);
    expect(await a('2026-07-17T06:00:00Z')).toBe(true); // 03:00
  });

  it('un reintento con la misma hora se acepta sin guardarse dos veces', async () => {
    const v = await vehiculo();
    expect(await registrarPosicion(ctx, posicion(v.dispositivo))).toMatchObject({ tipo: 'registrada' });
    ahora = new Date(MEDIODIA.getTime() + 2_000);
    expect(await registrarPosicion(ctx, posicion(v.dispositivo, { horaDispositivo: MEDIODIA }))).toEqual({ tipo: 'repetida', vehiculoId: v.id });
    expect(await guardadas(v.id)).toHaveLength(1);
  });

  it('una por segundo por dispositivo, con ráfagas: lo que pasa recibe un límite y no se guarda; cada dispositivo cuenta por su lado', async () => {
    const v = await vehiculo();
    const otro = await vehiculo();
    const reporte = (dispositivo: string, i: number) =>
      registrarPosicion(ctx, posicion(dispositivo, { horaDispositivo: new Date(MEDIODIA.getTime() - 60_000 + i) }));
    for (let i = 0; i < RAFAGA_POR_DISPOSITIVO; i++) expect((await reporte(v.dispositivo, i)).tipo, `reporte ${i + 1}`).toBe('registrada');
    const pasado = await reporte(v.dispositivo, 100);
    expect(pasado).toMatchObject({ tipo: 'limite', reintentarEnSegundos: 1 });
    expect(pasado.tipo === 'limite' && pasado.mensaje).toMatch(/una por segundo/);
    expect(await guardadas(v.id)).toHaveLength(RAFAGA_POR_DISPOSITIVO);
    expect((await reporte(otro.dispositivo, 0)).tipo).toBe('registrada');
    // A second later, one more; and after a quiet while, the whole burst again.
    ahora = new Date(MEDIODIA.getTime() + 1_000);
    expect((await reporte(v.dispositivo, 101)).tipo).toBe('registrada');
    expect((await reporte(v.dispositivo, 102)).tipo).toBe('limite');
    ahora = new Date(MEDIODIA.getTime() + 60_000);
    for (let i = 0; i < RAFAGA_POR_DISPOSITIVO; i++) expect((await reporte(v.dispositivo, 200 + i)).tipo).toBe('registrada');
    expect((await reporte(v.dispositivo, 300)).tipo).toBe('limite');
  });

  it('una dirección que prueba identificadores desconocidos queda limitada, también para los que existen; otra dirección no', async () => {
    const v = await vehiculo();
    // The window is the database's clock's 10 minutes: a try that straddles two is repeated.
    for (let intento = 0; intento < 2; intento++) {
      const ventana = () => Math.floor(Date.now() / 1000 / DESCONOCIDOS_POR_DIRECCION.windowSeconds);
      const desde = ventana();
      const direccion = `10.99.${engine === 'pglite' ? 1 : 2}.${intento + 1}`;
      const resultados = [];
      for (let i = 0; i <= DESCONOCIDOS_POR_DIRECCION.max; i++) resultados.push((await registrarPosicion(ctx, posicion(`adivinado-${i}`), { direccion })).tipo);
      const conocido = await registrarPosicion(ctx, posicion(v.dispositivo), { direccion });
      if (ventana() !== desde) continue;
      expect(resultados.slice(0, DESCONOCIDOS_POR_DIRECCION.max)).toEqual(Array(DESCONOCIDOS_POR_DIRECCION.max).fill('desconocido'));
      expect(resultados.at(-1)).toBe('limite');
      expect(conocido).toMatchObject({ tipo: 'limite', mensaje: expect.stringMatching(/identificadores de dispositivo desconocidos/) });
      expect(await registrarPosicion(ctx, posicion(v.dispositivo), { direccion: '10.99.200.1' })).toMatchObject({ tipo: 'registrada' });
      return;
    }
    throw new Error('dos intentos cruzaron la ventana de 10 minutos');
  });

  it('cada posición guardada se anuncia con NOTIFY al confirmarse, con su vehículo y si es pública', async () => {
    const v = await vehiculo({ alias: 'Motoniveladora 7', icono: 'motoniveladora', servicio: 'vialidad' });
    const avisos: string[] = [];
    let llego: () => void = () => {};
    const dos = new Promise<void>((resolve) => (llego = resolve));
    const stop = await database.listen(
      POSICIONES_VEHICULO_CHANNEL,
      {
        notify(payload) {
          if (readAvisoPosicion(payload)?.vehiculo.id !== v.id) return;
          avisos.push(payload);
          if (avisos.length === 2) llego();
        },
        connected() {},
        lost() {},
      },
      { once: true },
    );
    try {
      const publica = await registrarPosicion(ctx, posicion(v.dispositivo));
      ahora = new Date(MEDIODIA.getTime() + 1_000);
      const privada = await registrarPosicion(ctx, posicion(v.dispositivo, { ...DEPOSITO, horaDispositivo: ahora }));
      await dos;
      const [a, b] = avisos.map((p) => readAvisoPosicion(p)!);
      expect(a).toEqual({
        id: publica.tipo === 'registrada' ? publica.id : -1,
        publica: true,
        activo: true,
        vehiculo: {
          id: v.id,
          alias: 'Motoniveladora 7',
          icono: 'motoniveladora',
          servicio: 'vialidad',
          latitud: CALLE.latitud,
          longitud: CALLE.longitud,
          velocidadKmh: 18.52,
          rumbo: 90,
          vistoEn: MEDIODIA,
        },
      });
      expect(b).toMatchObject({ id: privada.tipo === 'registrada' ? privada.id : -1, publica: false, vehiculo: { latitud: DEPOSITO.latitud } });
      // Small: well under NOTIFY's 8,000 bytes.
      expect(Math.max(...avisos.map((p) => Buffer.byteLength(p)))).toBeLessThan(400);
      // A repeated report and a refused one announce nothing.
      await registrarPosicion(ctx, posicion(v.dispositivo, { horaDispositivo: MEDIODIA }));
      await registrarPosicion(ctx, posicion('no-existe'));
      const testigo = await registrarPosicion(ctx, posicion(v.dispositivo, { horaDispositivo: new Date(MEDIODIA.getTime() + 500) }));
      await expect.poll(() => avisos.length).toBe(3);
      expect(readAvisoPosicion(avisos[2]!)!.id).toBe(testigo.tipo === 'registrada' ? testigo.id : -1);
    } finally {
      await stop();
    }
  });
});
