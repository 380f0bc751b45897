// A zone's calendar file (domain/recoleccion/ical.ts), read back with ical.js: timed events in
// Argentina's zone with its VTIMEZONE, all-day events as dates, suspended days as cancelled events
// with the same UID the pass had, the RFC 7986 properties, and the same bytes for the same data.
import { describe, expect, it } from 'vitest';
import { leerIcs } from '#tests/setup/ical.ts';
import { type CambioCalendario, type FeriadosConNombre, type ServicioCalendario, calendarioDelServicio } from './calendario.ts';
import { type DatosIcs, calendarioIcs, rangoDelArchivo, tituloDelServicio } from './ical.ts';

const HOST = 'sitio.prueba.villalaangostura.gob.ar';
const base = (datos: Partial<ServicioCalendario> & Pick<ServicioCalendario, 'id' | 'nombre' | 'regla'>) => ({
  zonaId: 1,
  desde: '2026-01-01',
  horaDesde: null,
  horaHasta: null,
  feriado: 'sin_servicio' as const,
  guardia: null,
  ...datos,
});
const HUMEDOS = { ...base({ id: 1, nombre: 'Húmedos', regla: 'FREQ=WEEKLY;BYDAY=MO,WE,FR', horaDesde: '07:00', horaHasta: '11:00' }), slug: 'humedos' };
const PODA = {
  ...base({ id: 2, nombre: 'Poda y ramas', regla: 'FREQ=WEEKLY;INTERVAL=2;BYDAY=TU', desde: '2026-01-06', feriado: 'dia_habil_siguiente' }),
  slug: 'poda',
};
const FERIADOS: FeriadosConNombre = new Map([
  ['2026-12-08', 'Inmaculada Concepción de María'],
  ['2026-12-25', 'Navidad'],
]);

function datos(cambios: CambioCalendario[] = [], servicios = [HUMEDOS, PODA], hoy = '2026-12-01'): DatosIcs {
  const { desde, hasta } = rangoDelArchivo(hoy);
  return {
    zona: { slug: 'centro', nombre: 'Centro' },
    servicios,
    soloServicio: servicios.length === 1,
    calendarios: new Map(servicios.map((s) => [s.id, calendarioDelServicio(s, desde, hasta, FERIADOS, cambios)])),
    fuente: `https://${HOST}/recoleccion/centro.ics`,
    pagina: `https://${HOST}/recoleccion/centro`,
    host: HOST,
    revision: new Date('2026-11-20T15:30:00Z'),
  };
}

describe('calendarioIcs', () => {
  it('se lee sin errores, con NAME, SOURCE, REFRESH-INTERVAL y la zona horaria', () => {
    const texto = calendarioIcs(datos());
    const { propiedades, eventos } = leerIcs(texto);
    expect(propiedades).toMatchObject({
      name: 'Recolección en Centro',
      'x-wr-calname': 'Recolección en Centro',
      source: `https://${HOST}/recoleccion/centro.ics`,
      url: `https://${HOST}/recoleccion/centro`,
      'x-wr-timezone': 'America/Argentina/Buenos_Aires',
    });
    expect(texto).toContain('\r\nREFRESH-INTERVAL;VALUE=DURATION:P1D\r\n');
    expect(texto).toContain('\r\nSOURCE;VALUE=URI:https://');
    expect(texto).toContain('\r\nBEGIN:VTIMEZONE\r\nTZID:America/Argentina/Buenos_Aires\r\n');
    expect(texto).toContain('\r\nDTSTAMP:20261120T153000Z\r\n');
    expect(eventos.length).toBeGreaterThan(150);
  });

  it('un servicio con ventana da eventos a esa hora de Argentina; uno sin ventana, eventos de todo el día', () => {
    const { eventos } = leerIcs(calendarioIcs(datos()));
    const humedos = eventos.find((e) => e.uid === `centro-humedos-2026-12-14@${HOST}`);
    expect(humedos).toMatchObject({
      inicio: '2026-12-14T07:00:00',
      fin: '2026-12-14T11:00:00',
      todoElDia: false,
      zona: 'America/Argentina/Buenos_Aires',
      resumen: 'Recolección de húmedos',
      estado: undefined,
    });
    expect(calendarioIcs(datos())).toContain('\r\nDTSTART;TZID=America/Argentina/Buenos_Aires:20261214T070000\r\n');
    const poda = eventos.find((e) => e.uid === `centro-poda-2026-12-22@${HOST}`);
    expect(poda).toMatchObject({ inicio: '2026-12-22', fin: '2026-12-23', todoElDia: true, resumen: 'Recolección de poda y ramas' });
  });

  it('cubre desde 30 días atrás hasta 365 adelante', () => {
    const { eventos } = leerIcs(calendarioIcs(datos()));
    const dias = eventos.map((e) => e.inicio.slice(0, 10)).sort();
    expect(dias[0]! >= '2026-11-01').toBe(true);
    expect(dias[0]! <= '2026-11-04').toBe(true);
    expect(dias.at(-1)! <= '2027-12-01').toBe(true);
    expect(dias.at(-1)! >= '2027-11-28').toBe(true);
  });

  it('un feriado sin servicio es un evento cancelado con el motivo; uno trasladado dice de dónde viene', () => {
    const { eventos } = leerIcs(calendarioIcs(datos()));
    expect(eventos.find((e) => e.uid === `centro-humedos-2026-12-25@${HOST}`)).toMatchObject({
      estado: 'CANCELLED',
      inicio: '2026-12-25T07:00:00',
      resumen: 'Recolección de húmedos (suspendida)',
      descripcion: 'No pasa. Feriado: Navidad.',
    });
    // Poda passes every other Tuesday from 6 Jan 2026: 8 Dec is one, and a holiday.
    expect(eventos.find((e) => e.uid === `centro-poda-2026-12-08@${HOST}`)).toMatchObject({
      estado: 'CANCELLED',
      todoElDia: true,
      descripcion: 'No pasa. Feriado: Inmaculada Concepción de María. Pasa el miércoles, 9 de diciembre de 2026.',
    });
    expect(eventos.find((e) => e.uid === `centro-poda-2026-12-09@${HOST}`)).toMatchObject({
      estado: undefined,
      resumen: 'Recolección de poda y ramas (día cambiado por feriado)',
      descripcion: 'Por el feriado del martes, 8 de diciembre de 2026 (Inmaculada Concepción de María).',
    });
  });

  it('un cambio puntual cancela el evento con el mismo UID, y una pasada extra dice su motivo', () => {
    const antes = leerIcs(calendarioIcs(datos())).eventos;
    const nevada: CambioCalendario = {
      id: 1,
      zonaId: 1,
      servicioId: null,
      fecha: '2026-12-16',
      tipo: 'suspendido',
      motivo: 'Nevada: los camiones no pueden circular',
      horaDesde: null,
      horaHasta: null,
    };
    const extra: CambioCalendario = {
      ...nevada,
      id: 2,
      servicioId: 1,
      fecha: '2026-12-19',
      tipo: 'pasada_extra',
      motivo: 'Fiesta de la Cerveza',
      horaDesde: '15:00',
      horaHasta: '19:00',
    };
    const despues = leerIcs(calendarioIcs(datos([nevada, extra]))).eventos;
    const uid = `centro-humedos-2026-12-16@${HOST}`;
    expect(antes.find((e) => e.uid === uid)?.estado).toBeUndefined();
    expect(despues.find((e) => e.uid === uid)).toMatchObject({ estado: 'CANCELLED', descripcion: 'No pasa. Nevada: los camiones no pueden circular.' });
    expect(despues.find((e) => e.uid === `centro-humedos-2026-12-19@${HOST}`)).toMatchObject({
      inicio: '2026-12-19T15:00:00',
      fin: '2026-12-19T19:00:00',
      resumen: 'Recolección de húmedos (pasada extra)',
      descripcion: 'Pasada extra: Fiesta de la Cerveza.',
    });
    // Everything else keeps its UID and its day.
    const resto = (lista: typeof antes) =>
      lista.filter((e) => !e.uid.includes('2026-12-16') && !e.uid.includes('2026-12-19')).map((e) => `${e.uid} ${e.inicio}`);
    expect(resto(despues)).toEqual(resto(antes));
  });

  it('el calendario de un servicio se llama por el servicio y tiene sólo sus eventos', () => {
    const { propiedades, eventos } = leerIcs(calendarioIcs({ ...datos([], [PODA]), fuente: `https://${HOST}/recoleccion/centro/poda.ics` }));
    expect(propiedades.name).toBe('Recolección de poda y ramas en Centro');
    expect(eventos.every((e) => e.uid.startsWith('centro-poda-'))).toBe(true);
  });

  it('los mismos datos escriben los mismos bytes', () => {
    expect(calendarioIcs(datos())).toBe(calendarioIcs(datos()));
  });

  it('texto con comas, punto y coma, saltos y caracteres de control queda escapado', () => {
    const raro: CambioCalendario = {
      id: 9,
      zonaId: 1,
      servicioId: null,
      fecha: '2026-12-14',
      tipo: 'suspendido',
      motivo: 'Corte; ruta 231, cerrada\nBEGIN:VEVENT',
      horaDesde: null,
      horaHasta: null,
    };
    const { eventos } = leerIcs(calendarioIcs(datos([raro])));
    expect(eventos.find((e) => e.uid === `centro-humedos-2026-12-14@${HOST}`)?.descripcion).toBe('No pasa. Corte; ruta 231, cerrada\nBEGIN:VEVENT.');
    expect(eventos.filter((e) => e.uid.includes('BEGIN'))).toEqual([]);
  });

  it('tituloDelServicio', () => {
    expect(tituloDelServicio('Húmedos')).toBe('Recolección de húmedos');
    expect(tituloDelServicio('Secos / reciclables')).toBe('Recolección de secos / reciclables');
  });
});
