// The desk's deadlines: the list's deadline filter and the dashboard's counts ask the
// database for what plazoSolicitud says of each request (the due date is never stored), and the
// extension is refused past the due date (law 27.275 art. 11).
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '#db/client.ts';
import { solicitudesDecreto } from '#db/schema/index.ts';
import {
  DIAS_HABILES_PRORROGA,
  type Feriados,
  type ReglasPlazo,
  plazoSolicitud,
  ultimoDiaDeRecepcion,
  vencimiento,
  vencimientoMaximo,
} from '#domain/plazos/calendario.ts';
import { getFeriados } from '#domain/plazos/queries.ts';
import { fechaEnArgentina, sumarDias } from '#domain/shared/fechas.ts';
import { readForm } from '#domain/shared/form.ts';
import { PermisoDenegadoError } from '#domain/shared/permisos.ts';
import { testCipher, testContext } from '#tests/factories/decretos.ts';
import { admin, createSolicitud, editor, mesa } from '#tests/factories/mesa.ts';
import { createTestDatabase, engines } from '#tests/setup/database.ts';
import { countSolicitudesMesa, getPlazoMesa, getSolicitudMesa, listSolicitudesMesa } from './mesa.ts';
import { changeEstadoSolicitud, prorrogarSolicitud } from './mesa-commands.ts';
import { type FiltrosMesa, filtrosMesaSchema } from './mesa-schemas.ts';

const REGLAS: ReglasPlazo = { diasHabiles: 15, diasPorVencer: 3 };
/** An instant at a wall-clock time in Argentina (UTC-3 all year). */
const enArgentina = (fechaHora: string) => new Date(`${fechaHora}-03:00`);

describe('la cota de recepción equivale a la clasificación de plazoSolicitud', () => {
  let feriados: Feriados;
  beforeAll(async () => {
    const database = await createTestDatabase('pglite');
    feriados = await getFeriados(database.db, '2025-06-01');
    await database.close();
  });

  it('cada día de recepción de dos meses, cada día de cuatro meses, prorrogada o no', () => {
    // Autumn 2026: Carnaval, the 23-24 March puente and Memoria, Malvinas and Easter, 1 May, 25 May.
    for (let hoy = '2026-02-01'; hoy <= '2026-06-10'; hoy = sumarDias(hoy, 1)) {
      const ahora = enArgentina(`${hoy}T12:00:00`);
      const vencidaHasta = vencimientoMaximo('vencida', REGLAS, feriados, ahora);
      const alertaHasta = vencimientoMaximo('por_vencer', REGLAS, feriados, ahora);
      for (const prorrogada of [false, true]) {
        const dias = REGLAS.diasHabiles + (prorrogada ? DIAS_HABILES_PRORROGA : 0);
        const ultimaVencida = ultimoDiaDeRecepcion(vencidaHasta, dias, feriados);
        const ultimaAlerta = ultimoDiaDeRecepcion(alertaHasta, dias, feriados);
        for (let recibida = sumarDias(hoy, -70); recibida <= hoy; recibida = sumarDias(recibida, 1)) {
          const solicitud = { estado: 'recibida', recibidaEn: enArgentina(`${recibida}T09:00:00`), prorrogadaEn: prorrogada ? new Date() : null };
          const plazo = plazoSolicitud(solicitud, REGLAS, feriados, ahora)!;
          const caso = `hoy ${hoy}, recibida ${recibida}, prorrogada ${prorrogada}: ${plazo.estado} (vence ${plazo.vence})`;
          expect(recibida <= ultimaVencida, caso).toBe(plazo.estado === 'vencida');
          expect(recibida <= ultimaAlerta, caso).toBe(plazo.estado !== 'en_plazo');
        }
      }
    }
  });

  it('el último día de recepción: su vencimiento cae en el límite o antes, el del día siguiente después', () => {
    for (let limite = '2026-03-01'; limite <= '2026-05-31'; limite = sumarDias(limite, 1)) {
      const ultimo = ultimoDiaDeRecepcion(limite, 15, feriados);
      const vence = (dia: string) => vencimiento(enArgentina(`${dia}T12:00:00`), { diasHabiles: 15, prorrogada: false }, feriados);
      expect(vence(ultimo) <= limite, limite).toBe(true);
      expect(vence(sumarDias(ultimo, 1)) > limite, limite).toBe(true);
    }
  });
});

/** The list's filters as the page reads them from its URL. */
function filtros(params: Record<string, string>): FiltrosMesa {
  const leido = readForm(filtrosMesaSchema, new URLSearchParams(params));
  if (!leido.ok) throw new Error(JSON.stringify(leido.errores));
  return leido.datos;
}

describe('filtro de plazo', () => {
  it('valores de la lista; otro, un error en castellano', () => {
    expect(filtros({ plazo: 'vencida' })).toMatchObject({ plazo: 'vencida' });
    expect(filtros({ plazo: '' }).plazo).toBeUndefined();
    expect(readForm(filtrosMesaSchema, new URLSearchParams({ plazo: 'mañana' }))).toMatchObject({
      ok: false,
      errores: { plazo: 'Elegí un plazo de la lista.' },
    });
  });
});

describe.each(engines)('mesa de entradas: plazos en la lista y el panel (%s)', (engine) => {
  let database: Database;
  // Monday 20 April 2026, noon in Villa La Angostura.
  let ahora = enArgentina('2026-04-20T12:00:00');
  let ctx: ReturnType<typeof testContext>;
  const solicitudes: Record<string, string> = {};

  beforeAll(async () => {
    database = await createTestDatabase(engine);
    ctx = { ...testContext({ db: database.db, cipher: testCipher() }), clock: { now: () => ahora } };
    // Received (Buenos Aires time) and what becomes of each. Due dates with 2026's holidays
    // (Malvinas and Jueves Santo on 2 April, Viernes Santo on 3 April), 15 business days.
    const casos: [string, string, { estado?: 'en_proceso' | 'enviada' | 'rechazada'; prorrogadaEn?: string }][] = [
      // Due Fri 17 Apr: overdue.
      ['vencida', '2026-03-25T12:00:00', {}],
      // Thu 26 Mar at 23:30 (27 Mar in UTC): due today, 20 Apr.
      ['vence-hoy', '2026-03-26T23:30:00', { estado: 'en_proceso' }],
      // Fri 27 Mar just after midnight: due Tue 21 Apr.
      ['vence-manana', '2026-03-27T00:10:00', {}],
      // Tue 31 Mar: due Thu 23 Apr, three business days left.
      ['tres-dias', '2026-03-31T10:00:00', {}],
      // Wed 1 Apr: due Fri 24 Apr, four left.
      ['en-plazo', '2026-04-01T10:00:00', {}],
      // Mon 16 Mar, extended: 30 business days (1 May is a holiday), due Mon 4 May.
      ['prorrogada', '2026-03-16T10:00:00', { prorrogadaEn: '2026-04-01T10:00:00' }],
      // Overdue had it stayed open: closed requests have no deadline.
      ['cerrada', '2026-03-02T10:00:00', { estado: 'rechazada' }],
      ['enviada', '2026-03-03T10:00:00', { estado: 'enviada' }],
    ];
    for (const [nombre, recibida, cambios] of casos) {
      const s = await createSolicitud(ctx, { nombre: `Caso ${nombre.replace(/-/g, ' ')}` });
      solicitudes[nombre] = s.codigo;
      if (cambios.estado === 'en_proceso' || cambios.estado === 'rechazada')
        await changeEstadoSolicitud(ctx, mesa, s.codigo, { estado: cambios.estado, mensaje: 'Un mensaje para el solicitante.' });
      await database.db
        .update(solicitudesDecreto)
        .set({
          createdAt: enArgentina(recibida),
          ...(cambios.estado === 'enviada' ? { estado: 'enviada', cerradaEn: new Date() } : {}),
          ...(cambios.prorrogadaEn ? { prorrogadaEn: enArgentina(cambios.prorrogadaEn), prorrogaMotivo: 'Motivo de la prórroga, por escrito.' } : {}),
        })
        .where(eq(solicitudesDecreto.codigo, s.codigo));
    }
  });
  afterAll(() => database.close());

  const nombres = async (params: Record<string, string>) => {
    const lista = await listSolicitudesMesa(ctx, mesa, filtros(params));
    const porCodigo = new Map(Object.entries(solicitudes).map(([n, c]) => [c, n]));
    return lista.items.map((s) => porCodigo.get(s.codigo)).sort();
  };

  it('cada fila lleva su vencimiento y su estado de plazo; las cerradas, ninguno', async () => {
    const lista = await listSolicitudesMesa(ctx, mesa, filtros({}));
    const plazos = Object.fromEntries(lista.items.map((s) => [s.nombre, s.plazo && [s.plazo.vence, s.plazo.estado, s.plazo.prorrogada]]));
    expect(plazos).toEqual({
      'Caso vencida': ['2026-04-17', 'vencida', false],
      'Caso vence hoy': ['2026-04-20', 'por_vencer', false],
      'Caso vence manana': ['2026-04-21', 'por_vencer', false],
      'Caso tres dias': ['2026-04-23', 'por_vencer', false],
      'Caso en plazo': ['2026-04-24', 'en_plazo', false],
      'Caso prorrogada': ['2026-05-04', 'en_plazo', true],
      'Caso cerrada': null,
      'Caso enviada': null,
    });
  });

  it('el filtro de plazo trae exactamente las filas que su plazo clasifica así', async () => {
    expect(await nombres({ plazo: 'vencida' })).toEqual(['vencida']);
    expect(await nombres({ plazo: 'por_vencer' })).toEqual(['tres-dias', 'vence-hoy', 'vence-manana']);
    expect(await nombres({ plazo: 'por_vencer_o_vencida' })).toEqual(['tres-dias', 'vence-hoy', 'vence-manana', 'vencida']);
    // Combined with the other filters, and counted.
    expect(await nombres({ plazo: 'por_vencer', estado: 'en_proceso' })).toEqual(['vence-hoy']);
    expect(await nombres({ plazo: 'por_vencer', desde: '2026-03-27' })).toEqual(['tres-dias', 'vence-manana']);
    const pagina = await listSolicitudesMesa(ctx, mesa, { ...filtros({ plazo: 'por_vencer_o_vencida' }), porPagina: 2 });
    expect([pagina.total, pagina.items.length]).toEqual([4, 2]);
  });

  it('el panel cuenta las recibidas, las que vencen pronto y las vencidas', async () => {
    expect(await countSolicitudesMesa(ctx, admin)).toEqual({ recibidas: 5, porVencer: 3, vencidas: 1 });
    await expect(countSolicitudesMesa(ctx, editor)).rejects.toThrow(PermisoDenegadoError);
  });

  it('otro día, otras cuentas: el plazo se calcula al leer', async () => {
    const antes = ahora;
    try {
      // Thursday 23 April: everything up to the 22nd is overdue.
      ahora = enArgentina('2026-04-23T09:00:00');
      expect(await nombres({ plazo: 'vencida' })).toEqual(['vence-hoy', 'vence-manana', 'vencida']);
      expect(await countSolicitudesMesa(ctx, mesa)).toEqual({ recibidas: 5, porVencer: 2, vencidas: 3 });
      // The first of April, 08:00: nothing is due yet.
      ahora = enArgentina('2026-04-01T08:00:00');
      expect(await countSolicitudesMesa(ctx, mesa)).toEqual({ recibidas: 5, porVencer: 0, vencidas: 0 });
    } finally {
      ahora = antes;
    }
  });

  it('la prórroga: antes del vencimiento sí, después no, y el detalle lo dice', async () => {
    const motivo = 'El decreto está en el archivo histórico, que se está digitalizando este mes.';
    const vencida = (await getSolicitudMesa(ctx, mesa, solicitudes.vencida!))!;
    const plazoVencida = await getPlazoMesa(ctx, vencida);
    expect(plazoVencida.plazo).toMatchObject({ vence: '2026-04-17', estado: 'vencida' });
    expect(plazoVencida.prorroga).toEqual({
      ok: false,
      mensaje: 'El plazo venció el viernes 17 de abril de 2026: la ley 27.275 (art. 11) pide comunicar la prórroga antes del vencimiento.',
    });
    expect(await prorrogarSolicitud(ctx, mesa, vencida.codigo, { motivo })).toEqual({
      tipo: 'conflicto',
      mensaje: 'El plazo venció el viernes 17 de abril de 2026: la ley 27.275 (art. 11) pide comunicar la prórroga antes del vencimiento.',
    });
    expect((await getSolicitudMesa(ctx, mesa, vencida.codigo))?.prorrogadaEn).toBeNull();

    const hoy = (await getSolicitudMesa(ctx, mesa, solicitudes['vence-hoy']!))!;
    expect((await getPlazoMesa(ctx, hoy)).prorroga).toEqual({ ok: true, vence: '2026-05-12' });
    expect(await prorrogarSolicitud(ctx, mesa, hoy.codigo, { motivo })).toMatchObject({ tipo: 'hecho' });
    const prorrogada = await getPlazoMesa(ctx, (await getSolicitudMesa(ctx, mesa, hoy.codigo))!);
    expect(prorrogada.plazo).toMatchObject({ vence: '2026-05-12', prorrogada: true, estado: 'en_plazo' });
    expect(prorrogada.prorroga.ok).toBe(false);

    const cerrada = (await getSolicitudMesa(ctx, mesa, solicitudes.cerrada!))!;
    expect(await getPlazoMesa(ctx, cerrada)).toMatchObject({ plazo: null, prorroga: { ok: false } });
    expect(fechaEnArgentina(ahora)).toBe('2026-04-20');
  });
});
