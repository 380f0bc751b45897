import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '#db/client.ts';
import { createTestDatabase } from '#tests/setup/database.ts';
import {
  DIAS_HABILES_PRORROGA,
  type Feriados,
  type ReglasPlazo,
  type SolicitudConPlazo,
  diasHabilesEntre,
  esDiaHabil,
  formatFechaPlazo,
  plazoSolicitud,
  sumarDiasHabiles,
  vencimiento,
  verificarProrroga,
} from './calendario.ts';
import { getFeriados, listFeriados } from './queries.ts';

/** An instant at a given wall-clock time in Argentina (UTC-3 all year). */
const enArgentina = (fechaHora: string) => new Date(`${fechaHora}-03:00`);
const REGLAS: ReglasPlazo = { diasHabiles: 15, diasPorVencer: 3 };
const plazo = { diasHabiles: 15, prorrogada: false };

// The holidays as every database has them from its migrations: the tests count on the real table.
let database: Database;
let feriados: Feriados;
let tipos: Map<string, string>;
beforeAll(async () => {
  database = await createTestDatabase('pglite');
  feriados = await getFeriados(database.db, '2026-01-01');
  const anios = await Promise.all([listFeriados(database.db, 2026), listFeriados(database.db, 2027)]);
  tipos = new Map(anios.flatMap((a) => a.feriados.map((f) => [f.fecha, f.tipo])));
});
afterAll(() => database.close());

/** A one-business-day deadline from the day of receipt: the first business day after it. */
const siguienteHabil = (recibida: string) => vencimiento(enArgentina(`${recibida}T10:00:00`), { diasHabiles: 1, prorrogada: false }, feriados);

describe('días hábiles y vencimiento', () => {
  it('el caso de ejemplo: recibida el jueves anterior a Semana Santa 2026 vence el lunes 20 de abril', () => {
    // Fri 27 Mar (1); Mon 30 (2), Tue 31 (3), Wed 1 Apr (4); Thu 2 (Malvinas and Jueves Santo) and
    // Fri 3 (Viernes Santo) skipped; 6-10 Apr (5-9), 13-17 (10-14), Mon 20 (15).
    const recibida = enArgentina('2026-03-26T11:00:00');
    expect(vencimiento(recibida, plazo, feriados)).toBe('2026-04-20');
    expect(formatFechaPlazo('2026-04-20')).toBe('lunes 20 de abril de 2026');
    expect(diasHabilesEntre('2026-03-26', '2026-04-20', feriados)).toBe(15);
  });

  it('el día de recepción es el de Argentina, no el del servidor', () => {
    // 23:30 of the 26th in Argentina is already the 27th in UTC: still the 26th's deadline.
    expect(vencimiento(new Date('2026-03-27T02:30:00Z'), plazo, feriados)).toBe('2026-04-20');
    // Midnight of the 27th there: counting starts on Monday 30, one business day later.
    expect(vencimiento(new Date('2026-03-27T03:00:00Z'), plazo, feriados)).toBe('2026-04-21');
  });

  it('saltea sábados y domingos; lo recibido en fin de semana empieza a contar el lunes', () => {
    expect(esDiaHabil('2026-09-05', feriados)).toBe(false);
    expect(esDiaHabil('2026-09-06', feriados)).toBe(false);
    expect(siguienteHabil('2026-09-04')).toBe('2026-09-07');
    expect(siguienteHabil('2026-09-05')).toBe('2026-09-07');
    expect(siguienteHabil('2026-09-06')).toBe('2026-09-07');
    // September 2026 has no holiday: three whole weeks and a Monday.
    expect(vencimiento(enArgentina('2026-09-07T09:00:00'), plazo, feriados)).toBe('2026-09-28');
  });

  it('un feriado inamovible no cuenta: el 25 de mayo de 2026', () => {
    expect(tipos.get('2026-05-25')).toBe('inamovible');
    expect(siguienteHabil('2026-05-22')).toBe('2026-05-26');
  });

  it('un trasladable no cuenta en la fecha a la que se trasladó, y su fecha original es hábil', () => {
    // Güemes, Wednesday 17 June 2026, moved to Monday 15.
    expect(tipos.get('2026-06-15')).toBe('trasladable');
    expect(siguienteHabil('2026-06-12')).toBe('2026-06-16');
    expect(esDiaHabil('2026-06-17', feriados)).toBe(true);
    expect(siguienteHabil('2026-06-16')).toBe('2026-06-17');
    // Soberanía Nacional, Friday 20 November 2026, moved to Monday 23.
    expect(siguienteHabil('2026-11-19')).toBe('2026-11-20');
    expect(siguienteHabil('2026-11-20')).toBe('2026-11-24');
  });

  it('un día no laborable no cuenta: Jueves Santo 2027', () => {
    expect(tipos.get('2027-03-25')).toBe('no_laborable');
    expect(esDiaHabil('2027-03-25', feriados)).toBe(false);
    // Wed 24 (Memoria, the day of receipt), Thu 25 (Jueves Santo), Fri 26 (Viernes Santo), weekend.
    expect(siguienteHabil('2027-03-24')).toBe('2027-03-29');
    // Received on Monday 22: Tue 23 (1), then nothing until Monday 29 (2).
    expect(vencimiento(enArgentina('2027-03-22T09:00:00'), { diasHabiles: 2, prorrogada: false }, feriados)).toBe('2027-03-29');
  });

  it('un feriado puente no cuenta: viernes 10 de julio de 2026', () => {
    expect(tipos.get('2026-07-10')).toBe('puente');
    // Received on Independence Day itself: Friday 10 is a puente, so the first business day is Monday 13.
    expect(siguienteHabil('2026-07-09')).toBe('2026-07-13');
    expect(tipos.get('2026-03-23')).toBe('puente');
    expect(siguienteHabil('2026-03-20')).toBe('2026-03-25');
  });

  it('un feriado local no cuenta: el aniversario de Villa La Angostura, 15 de mayo', () => {
    expect(tipos.get('2026-05-15')).toBe('local');
    expect(siguienteHabil('2026-05-14')).toBe('2026-05-18');
  });

  it('cruza el año: recibida el 23 de diciembre de 2026 vence el viernes 15 de enero de 2027', () => {
    // Thu 24 (1); Fri 25 (Navidad); 28-31 (2-5); Fri 1 Jan (Año Nuevo); 4-8 (6-10); 11-15 (11-15).
    expect(vencimiento(enArgentina('2026-12-23T12:00:00'), plazo, feriados)).toBe('2027-01-15');
  });

  it('sin feriados en la tabla sólo se saltean fines de semana', () => {
    expect(vencimiento(enArgentina('2026-03-26T11:00:00'), plazo, new Set())).toBe('2026-04-16');
  });

  it('la prórroga suma 15 días hábiles más, una sola vez', () => {
    const recibida = enArgentina('2026-03-26T11:00:00');
    expect(DIAS_HABILES_PRORROGA).toBe(15);
    // After Mon 20 Apr: 21-24 (1-4), 27-30 (5-8), Fri 1 May (Día del Trabajador), 4-8 (9-13), 11 (14), 12 (15).
    expect(vencimiento(recibida, { diasHabiles: 15, prorrogada: true }, feriados)).toBe('2026-05-12');
    expect(sumarDiasHabiles('2026-04-20', 15, feriados)).toBe('2026-05-12');
  });

  it('rechaza cantidades de días que no son un entero positivo', () => {
    const recibida = enArgentina('2026-03-26T11:00:00');
    for (const diasHabiles of [0, -1, 1.5, Number.NaN, 10_000])
      expect(() => vencimiento(recibida, { diasHabiles, prorrogada: false }, feriados)).toThrow(RangeError);
  });
});

describe('estado del plazo de una solicitud', () => {
  const abierta: SolicitudConPlazo = { estado: 'en_proceso', recibidaEn: enArgentina('2026-03-26T11:00:00'), prorrogadaEn: null };
  const el = (dia: string) => enArgentina(`${dia}T12:00:00`);

  it('en plazo, por vencer desde que quedan 3 días hábiles (hasta el día del vencimiento) y vencida después', () => {
    expect(plazoSolicitud(abierta, REGLAS, feriados, el('2026-04-14'))).toEqual({
      vence: '2026-04-20',
      prorrogada: false,
      estado: 'en_plazo',
      diasHabilesRestantes: 4,
    });
    expect(plazoSolicitud(abierta, REGLAS, feriados, el('2026-04-15'))).toMatchObject({ estado: 'por_vencer', diasHabilesRestantes: 3 });
    // The weekend before the due date: only Monday is left.
    expect(plazoSolicitud(abierta, REGLAS, feriados, el('2026-04-18'))).toMatchObject({ estado: 'por_vencer', diasHabilesRestantes: 1 });
    expect(plazoSolicitud(abierta, REGLAS, feriados, el('2026-04-20'))).toMatchObject({ estado: 'por_vencer', diasHabilesRestantes: 0 });
    expect(plazoSolicitud(abierta, REGLAS, feriados, new Date('2026-04-21T02:59:00Z'))).toMatchObject({ estado: 'por_vencer' });
    expect(plazoSolicitud(abierta, REGLAS, feriados, new Date('2026-04-21T03:00:00Z'))).toMatchObject({ estado: 'vencida', diasHabilesRestantes: 0 });
  });

  it('sigue los ajustes: otro plazo y otro aviso', () => {
    expect(plazoSolicitud(abierta, { diasHabiles: 10, diasPorVencer: 0 }, feriados, el('2026-04-10'))).toEqual({
      vence: '2026-04-13',
      prorrogada: false,
      estado: 'en_plazo',
      diasHabilesRestantes: 1,
    });
    expect(plazoSolicitud(abierta, { diasHabiles: 10, diasPorVencer: 0 }, feriados, el('2026-04-13'))).toMatchObject({ estado: 'por_vencer' });
  });

  it('prorrogada vence 15 días hábiles después', () => {
    const prorrogada = { ...abierta, prorrogadaEn: el('2026-04-15') };
    expect(plazoSolicitud(prorrogada, REGLAS, feriados, el('2026-04-21'))).toEqual({
      vence: '2026-05-12',
      prorrogada: true,
      estado: 'en_plazo',
      diasHabilesRestantes: 14,
    });
  });

  it('las solicitudes cerradas (enviada, rechazada) no tienen plazo; recibida y en proceso sí', () => {
    for (const estado of ['enviada', 'rechazada']) expect(plazoSolicitud({ ...abierta, estado }, REGLAS, feriados, el('2026-04-01'))).toBeNull();
    for (const estado of ['recibida', 'en_proceso']) expect(plazoSolicitud({ ...abierta, estado }, REGLAS, feriados, el('2026-04-01'))).not.toBeNull();
  });
});

describe('prórroga (ley 27.275, art. 11)', () => {
  const abierta: SolicitudConPlazo = { estado: 'recibida', recibidaEn: enArgentina('2026-03-26T11:00:00'), prorrogadaEn: null };

  it('antes del vencimiento se puede, y da la nueva fecha', () => {
    expect(verificarProrroga(abierta, REGLAS, feriados, enArgentina('2026-04-20T17:00:00'))).toEqual({ ok: true, vence: '2026-05-12' });
  });

  it('una segunda prórroga se rechaza diciendo por qué', () => {
    const r = verificarProrroga({ ...abierta, prorrogadaEn: enArgentina('2026-04-15T10:00:00') }, REGLAS, feriados, enArgentina('2026-04-21T10:00:00'));
    expect(r).toEqual({
      ok: false,
      mensaje: 'El plazo de esta solicitud ya fue prorrogado el miércoles 15 de abril de 2026: la ley 27.275 (art. 11) permite prorrogarlo una sola vez.',
    });
  });

  it('después del vencimiento o con la solicitud cerrada, tampoco', () => {
    expect(verificarProrroga(abierta, REGLAS, feriados, enArgentina('2026-04-21T08:00:00'))).toEqual({
      ok: false,
      mensaje: 'El plazo venció el lunes 20 de abril de 2026: la ley 27.275 (art. 11) pide comunicar la prórroga antes del vencimiento.',
    });
    expect(verificarProrroga({ ...abierta, estado: 'enviada' }, REGLAS, feriados, enArgentina('2026-04-01T08:00:00'))).toEqual({
      ok: false,
      mensaje: 'La solicitud ya está cerrada (enviada o rechazada): no hay plazo que prorrogar.',
    });
  });
});
