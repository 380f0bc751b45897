import { and, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '#db/client.ts';
import { coberturaRecoleccion, outbox } from '#db/schema/index.ts';
import { ACTOR_SISTEMA } from '#domain/shared/actor.ts';
import { defaultSiteSettings } from '#domain/sitio/settings.ts';
import { registrarPosiciones } from '#domain/vehiculos/commands.ts';
import { ajustar } from '#tests/factories/ajustes.ts';
import { baseConContexto } from '#tests/factories/decretos.ts';
import { insertVehiculo, posicionEnLaCalle } from '#tests/factories/vehiculos.ts';
import { engines } from '#tests/setup/database.ts';
import { ESPERA_DE_POSICIONES_MS, calcularCobertura, enviarResumenesCobertura, listCobertura } from './cobertura.ts';
import { createCambio, createServicio, createZona } from './commands.ts';

/** A moment in Argentina's time (UTC-3). */
const hora = (texto: string) => new Date(`${texto}-03:00`);

/** A triangle of about 1.1 km a side: its box holds points that are outside it. */
const LAT = -40.7;
const LON = -71.55;
const TRIANGULO = {
  type: 'Polygon',
  coordinates: [
    [
      [LON, LAT],
      [LON + 0.01, LAT],
      [LON, LAT + 0.01],
      [LON, LAT],
    ],
  ],
};
const DENTRO = { latitud: LAT + 0.002, longitud: LON + 0.002 };
/** Inside the triangle's box, outside the triangle. */
const EN_LA_CAJA = { latitud: LAT + 0.008, longitud: LON + 0.008 };

describe.each(engines)('la cobertura de la recolección (%s)', (engine) => {
  const prueba = baseConContexto(engine);
  const db = (): Db => prueba.database.db;
  let zonaId: number;
  let humedos: number;
  let poda: number;
  let camion: { id: number; dispositivo: string };
  let vial: { id: number; dispositivo: string };

  // Reports arrive two seconds apart, whatever the time they were taken: within every device's rate.
  let llegadas = 0;
  async function registrar(dispositivo: string, posiciones: { punto: { latitud: number; longitud: number }; hora: Date }[]) {
    for (const p of posiciones) {
      const llegada = new Date(Date.parse('2026-03-20T12:00:00Z') + llegadas++ * 2_000);
      const [r] = await registrarPosiciones(prueba.ctx, [{ posicion: posicionEnLaCalle(dispositivo, p.hora, p.punto), llegada }]);
      expect(r?.tipo).toBe('registrada');
    }
  }
  /** The test's context with its clock at a moment in Argentina's time. */
  const aLas = (momento: string) => ({ ...prueba.ctx, clock: { now: () => hora(momento) } });
  const fila = async (servicioId: number, fecha: string) =>
    (
      await db()
        .select()
        .from(coberturaRecoleccion)
        .where(and(eq(coberturaRecoleccion.servicioId, servicioId), eq(coberturaRecoleccion.fecha, fecha)))
    )[0];

  beforeAll(async () => {
    const zona = await createZona(db(), ACTOR_SISTEMA, { nombre: 'Triángulo de prueba', descripcion: '', geometria: JSON.stringify(TRIANGULO) });
    if (zona.tipo !== 'guardado') throw new Error(JSON.stringify(zona));
    zonaId = zona.zona.id;
    const servicio = async (campos: Record<string, string>) => {
      const r = await createServicio(db(), ACTOR_SISTEMA, zonaId, { desde: '2026-03-01', feriado: 'sin_servicio', guardia: '', ...campos });
      if (r.tipo !== 'guardado') throw new Error(JSON.stringify(r));
      return (r as { servicio: { id: number } }).servicio.id;
    };
    humedos = await servicio({
      nombre: 'Húmedos',
      regla: 'FREQ=DAILY',
      horaDesde: '08:00',
      horaHasta: '12:00',
      servicioVehiculo: 'recoleccion',
      supervisorEmail: 'supervisora@prueba.villalaangostura.gob.ar',
    });
    poda = await servicio({
      nombre: 'Poda y ramas',
      regla: 'FREQ=DAILY',
      horaDesde: '',
      horaHasta: '',
      servicioVehiculo: 'vialidad',
      supervisorEmail: 'vial@prueba.villalaangostura.gob.ar',
    });
    camion = await insertVehiculo(db());
    vial = await insertVehiculo(db(), { servicio: 'vialidad', icono: 'motoniveladora' });
  });

  it('cubierta: un vehículo del servicio dentro del polígono en la franja, con la primera y la última hora', async () => {
    await registrar(camion.dispositivo, [
      { punto: DENTRO, hora: hora('2026-03-09T09:00:00') },
      { punto: DENTRO, hora: hora('2026-03-09T09:20:00') },
    ]);
    await calcularCobertura(prueba.ctx, '2026-03-09');
    expect(await fila(humedos, '2026-03-09')).toMatchObject({
      cubierta: true,
      posiciones: 2,
      vehiculoId: camion.id,
      primera: hora('2026-03-09T09:00:00'),
      ultima: hora('2026-03-09T09:20:00'),
    });
    expect(await fila(poda, '2026-03-09')).toMatchObject({ cubierta: false, posiciones: 0, vehiculoId: null, primera: null });
  });

  it('no cubierta: fuera de la franja, en la caja pero fuera del polígono, de otro servicio o privada', async () => {
    await registrar(camion.dispositivo, [
      { punto: DENTRO, hora: hora('2026-03-10T13:00:00') },
      { punto: EN_LA_CAJA, hora: hora('2026-03-10T09:00:00') },
    ]);
    // An all-day service: the site's service hours (06:00 to 22:00) are its window.
    await registrar(vial.dispositivo, [{ punto: DENTRO, hora: hora('2026-03-10T10:00:00') }]);
    // Computed during the day, so that the summary's test below computes it again.
    await calcularCobertura(aLas('2026-03-10T10:30:00'), '2026-03-10');
    expect(await fila(humedos, '2026-03-10')).toMatchObject({ cubierta: false, posiciones: 0 });
    expect(await fila(poda, '2026-03-10')).toMatchObject({ cubierta: true, posiciones: 1, vehiculoId: vial.id });

    // The depot right on the zone: what a truck reports in it is private and covers nothing.
    await ajustar(db(), { vehiculos: { ...defaultSiteSettings.vehiculos, deposito: { ...DENTRO, radioM: 100 } } });
    try {
      await registrar(camion.dispositivo, [{ punto: DENTRO, hora: hora('2026-03-12T09:00:00') }]);
    } finally {
      await ajustar(db(), { vehiculos: defaultSiteSettings.vehiculos });
    }
    await calcularCobertura(prueba.ctx, '2026-03-12');
    expect(await fila(humedos, '2026-03-12')).toMatchObject({ cubierta: false, posiciones: 0 });
  });

  it('idempotente, y un día suspendido por un cambio puntual pierde su fila', async () => {
    await registrar(camion.dispositivo, [{ punto: DENTRO, hora: hora('2026-03-11T08:30:00') }]);
    // During the day: nothing is final yet, every run computes again.
    const ctx = aLas('2026-03-11T11:00:00');
    expect(await calcularCobertura(ctx, '2026-03-11')).toBe(2);
    const antes = await fila(humedos, '2026-03-11');
    expect(antes).toMatchObject({ cubierta: true, posiciones: 1 });
    expect(await calcularCobertura(ctx, '2026-03-11')).toBe(2);
    expect(await fila(humedos, '2026-03-11')).toMatchObject({ cubierta: true, posiciones: 1, primera: antes!.primera });
    const cambio = await createCambio(db(), ACTOR_SISTEMA, {
      zonaId: String(zonaId),
      servicioId: String(humedos),
      fecha: '2026-03-11',
      tipo: 'suspendido',
      motivo: 'Nevada',
      horaDesde: '',
      horaHasta: '',
    });
    expect(cambio.tipo).toBe('guardado');
    expect(await calcularCobertura(ctx, '2026-03-11')).toBe(1);
    expect(await fila(humedos, '2026-03-11')).toBeUndefined();
    expect(await fila(poda, '2026-03-11')).toMatchObject({ cubierta: false });
  });

  it('un día terminado se calcula hasta una hora después de su franja y después queda como está', async () => {
    const fecha = '2026-03-13';
    await registrar(camion.dispositivo, [{ punto: DENTRO, hora: hora('2026-03-13T09:00:00') }]);
    expect(ESPERA_DE_POSICIONES_MS).toBe(60 * 60_000);
    // Húmedos' window ended at 12:00; until 13:00 a late position still counts.
    expect(await calcularCobertura(aLas('2026-03-13T12:30:00'), fecha)).toBe(2);
    expect(await fila(humedos, fecha)).toMatchObject({ posiciones: 1 });
    await registrar(camion.dispositivo, [{ punto: DENTRO, hora: hora('2026-03-13T09:30:00') }]);
    expect(await calcularCobertura(aLas('2026-03-13T12:50:00'), fecha)).toBe(2);
    expect(await fila(humedos, fecha)).toMatchObject({ posiciones: 2, calculadaEn: hora('2026-03-13T12:50:00') });
    // Computed at 13:10, past the wait: final.
    expect(await calcularCobertura(aLas('2026-03-13T13:10:00'), fecha)).toBe(2);
    await registrar(camion.dispositivo, [{ punto: DENTRO, hora: hora('2026-03-13T10:00:00') }]);
    // Poda passes all day (the site's service hours, until 22:00): still computed; húmedos is not.
    expect(await calcularCobertura(aLas('2026-03-13T14:00:00'), fecha)).toBe(1);
    expect(await fila(humedos, fecha)).toMatchObject({ posiciones: 2, ultima: hora('2026-03-13T09:30:00'), calculadaEn: hora('2026-03-13T13:10:00') });
    expect(await fila(poda, fecha)).toMatchObject({ calculadaEn: hora('2026-03-13T14:00:00') });
    // The next morning poda is final too: nothing left to compute.
    expect(await calcularCobertura(aLas('2026-03-14T01:00:00'), fecha)).toBe(1);
    expect(await calcularCobertura(aLas('2026-03-14T08:00:00'), fecha)).toBe(0);
    expect(await fila(poda, fecha)).toMatchObject({ calculadaEn: hora('2026-03-14T01:00:00') });
    // The calendar is still read: a day a change suspends loses its row, final or not.
    const cambio = await createCambio(db(), ACTOR_SISTEMA, {
      zonaId: String(zonaId),
      servicioId: String(humedos),
      fecha,
      tipo: 'suspendido',
      motivo: 'Nevada',
      horaDesde: '',
      horaHasta: '',
    });
    expect(cambio.tipo).toBe('guardado');
    expect(await calcularCobertura(aLas('2026-03-14T08:10:00'), fecha)).toBe(0);
    expect(await fila(humedos, fecha)).toBeUndefined();
    expect(await fila(poda, fecha)).toMatchObject({ calculadaEn: hora('2026-03-14T01:00:00') });
  });

  it('la lista del panel: pendiente mientras la franja no terminó, después no cubierta', async () => {
    const delDia = async (ahora: string) =>
      (await listCobertura(db(), { fecha: '2026-03-10', zonaSlug: 'triangulo-de-prueba', ahora: hora(ahora) })).map((f) => [
        f.servicio.nombre,
        f.horario,
        f.estado,
      ]);
    expect(await delDia('2026-03-10T10:00:00')).toEqual([
      ['Húmedos', '08:00 a 12:00', 'pendiente'],
      ['Poda y ramas', 'Todo el día', 'cubierta'],
    ]);
    expect(await delDia('2026-03-10T12:00:00')).toEqual([
      ['Húmedos', '08:00 a 12:00', 'no_cubierta'],
      ['Poda y ramas', 'Todo el día', 'cubierta'],
    ]);
    // A day never computed.
    expect(
      (await listCobertura(db(), { fecha: '2026-03-05', zonaSlug: 'triangulo-de-prueba', ahora: hora('2026-03-10T12:00:00') })).map((f) => f.estado),
    ).toEqual(['sin_calcular', 'sin_calcular']);
  });

  it('el resumen diario: un correo por supervisor con lo no cubierto, una sola vez', async () => {
    const correos = async (fecha: string) =>
      (
        await db()
          .select()
          .from(outbox)
          .where(eq(outbox.referencia, `cobertura-${fecha}`))
      ).map((c) => ({
        para: prueba.ctx.cipher.open(c.destinatario),
        asunto: c.asunto,
        texto: prueba.ctx.cipher.open(c.texto),
      }));
    expect(await enviarResumenesCobertura(prueba.ctx, '2026-03-10')).toBe(1);
    expect(await enviarResumenesCobertura(prueba.ctx, '2026-03-10')).toBe(0);
    const [correo, ...otros] = await correos('2026-03-10');
    expect(otros).toEqual([]);
    expect(correo).toMatchObject({
      para: 'supervisora@prueba.villalaangostura.gob.ar',
      asunto: 'Recolección sin cubrir el martes, 10 de marzo de 2026: 1 servicio',
    });
    expect(correo!.texto).toContain('- Triángulo de prueba: Húmedos');
    expect(correo!.texto).not.toContain('Poda');
    expect(correo!.texto).toContain('/admin/recoleccion/cobertura?fecha=2026-03-10');
    // The 9th the road machines did not pass: their supervisor, not the other.
    expect(await enviarResumenesCobertura(prueba.ctx, '2026-03-09')).toBe(1);
    expect((await correos('2026-03-09')).map((c) => c.para)).toEqual(['vial@prueba.villalaangostura.gob.ar']);
    // Recomputing a day already mailed does not mail it again.
    await calcularCobertura(prueba.ctx, '2026-03-10');
    expect(await enviarResumenesCobertura(prueba.ctx, '2026-03-10')).toBe(0);
  });
});
