import { describe, expect, it } from 'vitest';
import { minutoDelDiaEnArgentina } from '#domain/shared/fechas.ts';
import { distanciaMetros, enElDeposito, enHorarioDeServicio, esPublica } from './privacidad.ts';

const DEPOSITO = { latitud: -40.7668, longitud: -71.6325, radioM: 150 };
/** An instant at HH:MM in Argentina (UTC-3) on 15 July 2026. */
const a = (hhmm: string) => new Date(`2026-07-15T${hhmm}:00-03:00`);

describe('el depósito', () => {
  it('la distancia es la de la Tierra: un grado de latitud son unos 111 km', () => {
    expect(distanciaMetros({ latitud: -40, longitud: -71 }, { latitud: -41, longitud: -71 })).toBeCloseTo(111_195, -2);
    expect(distanciaMetros(DEPOSITO, DEPOSITO)).toBe(0);
  });

  it('adentro del círculo (el borde incluido) sí, afuera no; radio 0 es "sin depósito"', () => {
    expect(enElDeposito({ latitud: -40.7668, longitud: -71.6325 }, DEPOSITO)).toBe(true);
    // 0.001° of latitude is about 111 m.
    expect(enElDeposito({ latitud: -40.7678, longitud: -71.6325 }, DEPOSITO)).toBe(true);
    expect(enElDeposito({ latitud: -40.7688, longitud: -71.6325 }, DEPOSITO)).toBe(false);
    expect(enElDeposito({ latitud: -40.7668, longitud: -71.6325 }, { ...DEPOSITO, radioM: 0 })).toBe(false);
  });
});

describe('el horario de servicio, en la hora de Argentina', () => {
  it('lee el minuto del día en Argentina, no en la zona del servidor', () => {
    expect(minutoDelDiaEnArgentina(new Date('2026-07-15T09:30:00Z'))).toBe(6 * 60 + 30);
    expect(minutoDelDiaEnArgentina(new Date('2026-07-16T02:59:00Z'))).toBe(23 * 60 + 59);
    expect(minutoDelDiaEnArgentina(new Date('2026-07-16T03:00:00Z'))).toBe(0);
  });

  it('de 06:00 a 22:00: desde incluido, hasta excluido', () => {
    const horario = { desde: '06:00', hasta: '22:00' };
    expect(enHorarioDeServicio(a('05:59'), horario)).toBe(false);
    expect(enHorarioDeServicio(a('06:00'), horario)).toBe(true);
    expect(enHorarioDeServicio(a('13:00'), horario)).toBe(true);
    expect(enHorarioDeServicio(a('21:59'), horario)).toBe(true);
    expect(enHorarioDeServicio(a('22:00'), horario)).toBe(false);
    expect(enHorarioDeServicio(a('23:30'), horario)).toBe(false);
  });

  it('de 22:00 a 06:00 cruza la medianoche', () => {
    const horario = { desde: '22:00', hasta: '06:00' };
    expect(enHorarioDeServicio(a('21:59'), horario)).toBe(false);
    expect(enHorarioDeServicio(a('22:00'), horario)).toBe(true);
    expect(enHorarioDeServicio(a('23:59'), horario)).toBe(true);
    expect(enHorarioDeServicio(a('00:00'), horario)).toBe(true);
    expect(enHorarioDeServicio(a('05:59'), horario)).toBe(true);
    expect(enHorarioDeServicio(a('06:00'), horario)).toBe(false);
    expect(enHorarioDeServicio(a('12:00'), horario)).toBe(false);
  });

  it('desde igual a hasta es todo el día', () => {
    for (const hora of ['00:00', '03:17', '12:00', '23:59']) expect(enHorarioDeServicio(a(hora), { desde: '00:00', hasta: '00:00' })).toBe(true);
    expect(enHorarioDeServicio(a('04:00'), { desde: '07:30', hasta: '07:30' })).toBe(true);
  });
});

describe('lo que el público puede ver', () => {
  const ajustes = { deposito: DEPOSITO, horario: { desde: '06:00', hasta: '22:00' } };
  it('en la calle y en horario, sí; en el depósito o fuera de horario, no', () => {
    const calle = { latitud: -40.762, longitud: -71.646 };
    expect(esPublica({ ...calle, horaDispositivo: a('10:00') }, ajustes)).toBe(true);
    expect(esPublica({ ...calle, horaDispositivo: a('23:00') }, ajustes)).toBe(false);
    expect(esPublica({ latitud: DEPOSITO.latitud, longitud: DEPOSITO.longitud, horaDispositivo: a('10:00') }, ajustes)).toBe(false);
  });
});
