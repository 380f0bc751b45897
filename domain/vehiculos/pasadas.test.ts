import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { type Db, queryRows } from '#db/client.ts';
import { ACTOR_SISTEMA } from '#domain/shared/actor.ts';
import { defaultSiteSettings } from '#domain/sitio/settings.ts';
import { ajustar } from '#tests/factories/ajustes.ts';
import { baseConContexto } from '#tests/factories/decretos.ts';
import { insertVehiculo, posicionEnLaCalle } from '#tests/factories/vehiculos.ts';
import { engines } from '#tests/setup/database.ts';
import { setActivo } from './admin.ts';
import { registrarPosiciones } from './commands.ts';
import { type Punto, listPosicionesEnCaja, ultimaPasada } from './pasadas.ts';
import { distanciaMetros } from './privacidad.ts';

/** Metres per degree of latitude on the sphere `distanciaMetros` uses. */
const METROS_POR_GRADO = (6_371_008.8 * Math.PI) / 180;
const alNorte = (p: Punto, metros: number): Punto => ({ latitud: p.latitud + metros / METROS_POR_GRADO, longitud: p.longitud });
/** A moment in Argentina's time (UTC-3), inside the default service hours (06:00 to 22:00) unless said. */
const hora = (texto: string) => new Date(`${texto}-03:00`);

describe.each(engines)('«¿Cuándo pasó?» (%s)', (engine) => {
  const prueba = baseConContexto(engine);
  const db = (): Db => prueba.database.db;

  // Each test in a place of its own, about 1.7 km apart: the look-up reads every vehicle of a service.
  let lugares = 0;
  const otroLugar = (): Punto => ({ latitud: -40.762, longitud: -71.7 + 0.02 * lugares++ });

  /** Positions of a vehicle through the ingest command, each arriving when it was taken. */
  async function registrar(dispositivo: string, posiciones: { punto: Punto; hora: Date }[]) {
    for (const p of posiciones) {
      const [r] = await registrarPosiciones(prueba.ctx, [{ posicion: posicionEnLaCalle(dispositivo, p.hora, p.punto), llegada: p.hora }]);
      expect(r?.tipo).toBe('registrada');
    }
  }

  it('la última pasada de un vehículo del servicio dentro del radio, con su nombre y distancia', async () => {
    const casa = otroLugar();
    const camion = await insertVehiculo(db(), { alias: 'Recolector 7' });
    const otro = await insertVehiculo(db(), { alias: 'Recolector 8' });
    await registrar(camion.dispositivo, [
      { punto: alNorte(casa, 40), hora: hora('2026-03-09T09:00:00') },
      { punto: alNorte(casa, 60), hora: hora('2026-03-09T09:30:00') },
    ]);
    // Later, in another cell of the grid (300 m east is two cells away) and still within 400 m.
    await registrar(otro.dispositivo, [{ punto: { latitud: casa.latitud, longitud: casa.longitud + 0.0035 }, hora: hora('2026-03-09T10:00:00') }]);

    const dia = { servicio: 'recoleccion' as const, desde: hora('2026-03-09T00:00:00'), hasta: hora('2026-03-10T00:00:00') };
    expect(await ultimaPasada(db(), casa, { ...dia, radioM: 100 })).toEqual({
      vehiculoId: camion.id,
      alias: 'Recolector 7',
      hora: hora('2026-03-09T09:30:00'),
      distanciaM: 60,
    });
    const lejos = await ultimaPasada(db(), casa, { ...dia, radioM: 400 });
    expect(lejos).toMatchObject({ vehiculoId: otro.id, hora: hora('2026-03-09T10:00:00') });
    expect(lejos?.distanciaM).toBe(Math.round(distanciaMetros(casa, { latitud: casa.latitud, longitud: casa.longitud + 0.0035 })));
  });

  it('el borde del radio: a 95 m cuenta, a 105 m no', async () => {
    const casa = otroLugar();
    const camion = await insertVehiculo(db());
    await registrar(camion.dispositivo, [
      { punto: alNorte(casa, 95), hora: hora('2026-03-09T08:00:00') },
      { punto: alNorte(casa, -105), hora: hora('2026-03-09T09:00:00') },
    ]);
    const dia = { servicio: 'recoleccion' as const, desde: hora('2026-03-09T00:00:00'), hasta: hora('2026-03-10T00:00:00') };
    // The newer one is 105 m away: outside a circle of 100 m, inside one of 106 m.
    expect(await ultimaPasada(db(), casa, { ...dia, radioM: 100 })).toMatchObject({ hora: hora('2026-03-09T08:00:00'), distanciaM: 95 });
    expect(await ultimaPasada(db(), casa, { ...dia, radioM: 106 })).toMatchObject({ hora: hora('2026-03-09T09:00:00'), distanciaM: 105 });
    expect(await ultimaPasada(db(), casa, { ...dia, radioM: 94 })).toBeNull();
  });

  it('nunca cuenta una posición privada: ni en el depósito ni fuera del horario de servicio', async () => {
    const casa = otroLugar();
    // The depot right here (70 m): what a truck reports in it is kept for staff and never public.
    await ajustar(db(), { vehiculos: { ...defaultSiteSettings.vehiculos, deposito: { ...alNorte(casa, 20), radioM: 70 } } });
    try {
      const camion = await insertVehiculo(db());
      await registrar(camion.dispositivo, [
        { punto: alNorte(casa, 90), hora: hora('2026-03-09T07:00:00') },
        { punto: casa, hora: hora('2026-03-09T11:00:00') },
        // 23:00, after the service hours: private wherever it is.
        { punto: alNorte(casa, 95), hora: hora('2026-03-09T23:00:00') },
      ]);
      const pasada = await ultimaPasada(db(), casa, {
        servicio: 'recoleccion',
        radioM: 100,
        desde: hora('2026-03-09T00:00:00'),
        hasta: hora('2026-03-10T00:00:00'),
      });
      expect(pasada).toMatchObject({ hora: hora('2026-03-09T07:00:00'), distanciaM: 90 });
    } finally {
      await ajustar(db(), { vehiculos: defaultSiteSettings.vehiculos });
    }
  });

  it('sólo vehículos activos del servicio pedido', async () => {
    const casa = otroLugar();
    const vial = await insertVehiculo(db(), { servicio: 'vialidad', icono: 'motoniveladora' });
    const camion = await insertVehiculo(db());
    await registrar(vial.dispositivo, [{ punto: casa, hora: hora('2026-03-09T10:00:00') }]);
    await registrar(camion.dispositivo, [{ punto: casa, hora: hora('2026-03-09T09:00:00') }]);
    const dia = { radioM: 100, desde: hora('2026-03-09T00:00:00'), hasta: hora('2026-03-10T00:00:00') };
    expect(await ultimaPasada(db(), casa, { ...dia, servicio: 'recoleccion' })).toMatchObject({ vehiculoId: camion.id });
    expect(await ultimaPasada(db(), casa, { ...dia, servicio: 'vialidad' })).toMatchObject({ vehiculoId: vial.id });
    // A vehicle staff deactivated leaves the public map, and «¿Cuándo pasó?» with it.
    const retirado = await insertVehiculo(db());
    await registrar(retirado.dispositivo, [{ punto: casa, hora: hora('2026-03-09T11:00:00') }]);
    expect((await setActivo(db(), ACTOR_SISTEMA, retirado.id, false)).tipo).toBe('guardado');
    expect(await ultimaPasada(db(), casa, { ...dia, servicio: 'recoleccion' })).toMatchObject({ vehiculoId: camion.id });
  });

  it('hoy y esta semana: cuenta desde `desde` incluido hasta `hasta` excluido', async () => {
    const casa = otroLugar();
    const camion = await insertVehiculo(db());
    await registrar(camion.dispositivo, [
      { punto: casa, hora: hora('2026-03-09T08:00:00') }, // Monday
      { punto: casa, hora: hora('2026-03-10T06:00:00') }, // Tuesday, at the start of the service
    ]);
    const buscar = (desde: string, hasta: string) => ultimaPasada(db(), casa, { servicio: 'recoleccion', radioM: 100, desde: hora(desde), hasta: hora(hasta) });
    // «Esta semana» on Tuesday noon: the Tuesday pass; «hoy» too.
    expect(await buscar('2026-03-09T00:00:00', '2026-03-10T12:00:00')).toMatchObject({ hora: hora('2026-03-10T06:00:00') });
    expect(await buscar('2026-03-10T06:00:00', '2026-03-10T12:00:00')).toMatchObject({ hora: hora('2026-03-10T06:00:00') });
    // Before Tuesday's pass, today has none and the week has Monday's.
    expect(await buscar('2026-03-10T00:00:00', '2026-03-10T06:00:00')).toBeNull();
    expect(await buscar('2026-03-09T00:00:00', '2026-03-10T06:00:00')).toMatchObject({ hora: hora('2026-03-09T08:00:00') });
    // Last week: nothing.
    expect(await buscar('2026-03-02T00:00:00', '2026-03-09T00:00:00')).toBeNull();
  });

  it('la consulta lee el índice por celda de la migración 0025', async () => {
    const plan = await db().transaction(async (tx) => {
      // On a tiny table the planner prefers reading it whole; the question is whether it can use the index.
      await tx.execute(sql`set local enable_seqscan = off`);
      const filas = await queryRows<Record<string, string>>(
        tx as unknown as Db,
        sql`explain select p.hora_dispositivo from posiciones_vehiculo p
             where p.publica and (floor(p.latitud * 500) * 1000000 + floor(p.longitud * 500))::bigint = -20381000000::bigint - 35823
             order by p.hora_dispositivo desc limit 1`,
      );
      return filas.map((f) => Object.values(f).join(' ')).join('\n');
    });
    expect(plan).toContain('posiciones_vehiculo_celda_idx');
  });

  it('las posiciones públicas de un servicio en una caja y una franja, para la cobertura', async () => {
    const casa = otroLugar();
    const camion = await insertVehiculo(db());
    await registrar(camion.dispositivo, [
      { punto: casa, hora: hora('2026-03-09T08:00:00') },
      { punto: alNorte(casa, 50), hora: hora('2026-03-09T08:01:00') },
      { punto: alNorte(casa, 5000), hora: hora('2026-03-09T08:02:00') },
      { punto: casa, hora: hora('2026-03-09T23:30:00') },
    ]);
    const caja = { minLat: casa.latitud - 0.001, maxLat: casa.latitud + 0.001, minLon: casa.longitud - 0.001, maxLon: casa.longitud + 0.001 };
    const posiciones = await listPosicionesEnCaja(db(), {
      servicio: 'recoleccion',
      caja,
      desde: hora('2026-03-09T00:00:00'),
      hasta: hora('2026-03-10T00:00:00'),
    });
    expect(posiciones.map((p) => p.hora)).toEqual([hora('2026-03-09T08:00:00'), hora('2026-03-09T08:01:00')]);
    expect(posiciones[0]).toMatchObject({ vehiculoId: camion.id, latitud: casa.latitud, longitud: casa.longitud });
  });
});
