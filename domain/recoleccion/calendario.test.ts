// The collection calendar (domain/recoleccion/calendario.ts): the days of each kind of rule, the three
// holiday rules, one-off changes, and every 2026 holiday of the `feriados` table with the day each
// rule gives it. The holidays are read from the migration that seeds the table, so a change there
// fails here until the expected dates below are checked again.
import fs from 'node:fs';
import { describe, expect, it } from 'vitest';
import { type Fecha, diaDeLaSemana } from '#domain/shared/fechas.ts';
import {
  type CambioCalendario,
  type FeriadosConNombre,
  type ReglaFeriado,
  type ServicioCalendario,
  calendarioDelServicio,
  diasDeLaRegla,
  reglaValida,
} from './calendario.ts';

const servicio = (datos: Partial<ServicioCalendario> = {}): ServicioCalendario => ({
  id: 1,
  zonaId: 10,
  nombre: 'Húmedos',
  regla: 'FREQ=WEEKLY;BYDAY=MO,WE,FR',
  desde: '2026-01-01',
  horaDesde: '07:00',
  horaHasta: '11:00',
  feriado: 'sin_servicio',
  guardia: null,
  ...datos,
});

let siguienteCambio = 100;
const cambio = (datos: Partial<CambioCalendario> & Pick<CambioCalendario, 'fecha' | 'tipo'>): CambioCalendario => ({
  id: siguienteCambio++,
  zonaId: 10,
  servicioId: null,
  motivo: 'Nevada: no hay recolección',
  horaDesde: null,
  horaHasta: null,
  ...datos,
});

const SIN_FERIADOS: FeriadosConNombre = new Map();
const fechas = (lista: { fecha: Fecha }[]) => lista.map((x) => x.fecha);

/** The 2026 rows of the `feriados` table as migration 0010 inserts them. */
function feriados2026(): Map<Fecha, string> {
  const sql = fs.readFileSync('db/migrations/0010_mesa_y_feriados.sql', 'utf8');
  const filas = [...sql.matchAll(/\('(2026-\d{2}-\d{2})', '((?:[^']|'')*)', '(\w+)'\)/g)];
  return new Map(filas.map((f) => [f[1]!, f[2]!.replaceAll("''", "'")]));
}

/**
 * Each 2026 holiday and the next business day after it (Monday to Friday, not a holiday), checked
 * against a calendar by hand: Carnaval's Monday goes past Tuesday to Wednesday, Jueves Santo past
 * Viernes Santo and the weekend to Monday, 9 July past the puente of the 10th.
 */
const SIGUIENTE_HABIL_2026: Record<Fecha, Fecha> = {
  '2026-01-01': '2026-01-02',
  '2026-02-16': '2026-02-18',
  '2026-02-17': '2026-02-18',
  '2026-03-23': '2026-03-25',
  '2026-03-24': '2026-03-25',
  '2026-04-02': '2026-04-06',
  '2026-04-03': '2026-04-06',
  '2026-05-01': '2026-05-04',
  '2026-05-15': '2026-05-18',
  '2026-05-25': '2026-05-26',
  '2026-06-15': '2026-06-16',
  '2026-06-20': '2026-06-22',
  '2026-07-09': '2026-07-13',
  '2026-07-10': '2026-07-13',
  '2026-08-17': '2026-08-18',
  '2026-10-12': '2026-10-13',
  '2026-11-23': '2026-11-24',
  '2026-12-07': '2026-12-09',
  '2026-12-08': '2026-12-09',
  '2026-12-25': '2026-12-28',
};

const DIAS_RRULE = ['SU', 'MO', 'TU', 'WE', 'TH', 'FR', 'SA'];

describe('diasDeLaRegla', () => {
  it('da los días de una regla semanal, incluidos los extremos', () => {
    expect(diasDeLaRegla(servicio(), '2026-12-07', '2026-12-18')).toEqual(['2026-12-07', '2026-12-09', '2026-12-11', '2026-12-14', '2026-12-16', '2026-12-18']);
  });

  it('cuenta el intervalo desde el comienzo del servicio, no desde el rango pedido', () => {
    const quincenal = servicio({ regla: 'FREQ=WEEKLY;INTERVAL=2;BYDAY=WE', desde: '2026-01-07' });
    expect(diasDeLaRegla(quincenal, '2026-01-01', '2026-02-28')).toEqual(['2026-01-07', '2026-01-21', '2026-02-04', '2026-02-18']);
    // The same rule asked from the second week still lands on the 21st, not on the 14th.
    expect(diasDeLaRegla(quincenal, '2026-01-12', '2026-01-31')).toEqual(['2026-01-21']);
  });

  it('el primer lunes de cada mes', () => {
    expect(diasDeLaRegla(servicio({ regla: 'FREQ=MONTHLY;BYDAY=1MO' }), '2026-01-01', '2026-06-30')).toEqual([
      '2026-01-05',
      '2026-02-02',
      '2026-03-02',
      '2026-04-06',
      '2026-05-04',
      '2026-06-01',
    ]);
  });

  it('nada antes del comienzo del servicio ni con un rango vacío', () => {
    expect(diasDeLaRegla(servicio({ desde: '2026-12-10' }), '2026-12-07', '2026-12-14')).toEqual(['2026-12-11', '2026-12-14']);
    expect(diasDeLaRegla(servicio(), '2026-12-10', '2026-12-09')).toEqual([]);
  });

  it('un UNTIL con fecha incluye ese día (RFC 5545), y acepta el prefijo RRULE: y minúsculas', () => {
    expect(diasDeLaRegla(servicio({ regla: 'FREQ=WEEKLY;BYDAY=TH;UNTIL=20261231' }), '2026-12-20', '2027-01-31')).toEqual(['2026-12-24', '2026-12-31']);
    expect(diasDeLaRegla(servicio({ regla: 'RRULE:freq=weekly;byday=th' }), '2026-12-20', '2026-12-31')).toEqual(['2026-12-24', '2026-12-31']);
  });

  it('una regla que nombra dos veces un día lo da una vez', () => {
    expect(diasDeLaRegla(servicio({ regla: 'FREQ=MONTHLY;BYDAY=MO;BYMONTHDAY=7,14' }), '2026-12-01', '2026-12-31')).toEqual(['2026-12-07', '2026-12-14']);
  });
});

describe('reglaValida', () => {
  it.each([
    'FREQ=WEEKLY;BYDAY=MO,WE,FR',
    'RRULE:FREQ=WEEKLY;BYDAY=TU',
    'FREQ=WEEKLY;INTERVAL=2;BYDAY=TH',
    'FREQ=MONTHLY;BYDAY=1MO',
    'FREQ=MONTHLY;BYDAY=-1FR',
    'FREQ=DAILY',
    'FREQ=YEARLY;BYMONTH=12;BYMONTHDAY=24',
    'FREQ=WEEKLY;BYDAY=MO;UNTIL=20271231',
    'freq=weekly;byday=sa',
  ])('acepta %s', (regla) => {
    expect(reglaValida(regla)).toBe(true);
  });

  it.each([
    '',
    'todos los lunes',
    'FREQ=WEEKLY;BYDAY=XX',
    'FREQ=HOURLY',
    'FREQ=MINUTELY;INTERVAL=5',
    'FREQ=DAILY;BYHOUR=8',
    'DTSTART:20260101\nRRULE:FREQ=WEEKLY',
    'FREQ=WEEKLY;UNTIL=20261231T120000Z',
    'FREQ=WEEKLY;BYDAY=MO\nRRULE:FREQ=DAILY',
    'FREQ=WEEKLY;BYDAY=MO\nEXDATE:20260112',
    'FREQ=YEARLY;BYMONTH=2;BYMONTHDAY=30',
    'FREQ=WEEKLY;BYDAY=MO;UNTIL=20250101',
  ])('rechaza %j', (regla) => {
    expect(reglaValida(regla)).toBe(false);
  });
});

describe('calendarioDelServicio: la regla y la ventana', () => {
  it('días habituales con su ventana, sin suspensiones', () => {
    const c = calendarioDelServicio(servicio(), '2026-12-14', '2026-12-18', SIN_FERIADOS, []);
    expect(c.pasadas).toEqual([
      { servicioId: 1, fecha: '2026-12-14', horaDesde: '07:00', horaHasta: '11:00', clase: 'habitual' },
      { servicioId: 1, fecha: '2026-12-16', horaDesde: '07:00', horaHasta: '11:00', clase: 'habitual' },
      { servicioId: 1, fecha: '2026-12-18', horaDesde: '07:00', horaHasta: '11:00', clase: 'habitual' },
    ]);
    expect(c.suspensiones).toEqual([]);
  });

  it('sin ventana: todo el día', () => {
    const c = calendarioDelServicio(servicio({ horaDesde: null, horaHasta: null }), '2026-12-14', '2026-12-14', SIN_FERIADOS, []);
    expect(c.pasadas).toEqual([{ servicioId: 1, fecha: '2026-12-14', horaDesde: null, horaHasta: null, clase: 'habitual' }]);
  });
});

describe('calendarioDelServicio: feriados', () => {
  const feriados: FeriadosConNombre = new Map([
    ['2026-12-07', 'Día no laborable con fines turísticos'],
    ['2026-12-08', 'Inmaculada Concepción de María'],
    ['2026-12-25', 'Navidad'],
  ]);

  it('sin_servicio: el día del feriado no pasa y lo dice', () => {
    const c = calendarioDelServicio(servicio(), '2026-12-07', '2026-12-11', feriados, []);
    expect(fechas(c.pasadas)).toEqual(['2026-12-09', '2026-12-11']);
    expect(c.suspensiones).toEqual([{ servicioId: 1, fecha: '2026-12-07', motivo: 'Feriado: Día no laborable con fines turísticos.' }]);
  });

  it('guardia: pasa el día del feriado con el nombre del recorrido, o «Recorrido de guardia»', () => {
    const conNombre = calendarioDelServicio(
      servicio({ feriado: 'guardia', guardia: 'Recorrido de guardia céntrico' }),
      '2026-12-25',
      '2026-12-25',
      feriados,
      [],
    );
    expect(conNombre.pasadas).toEqual([
      { servicioId: 1, fecha: '2026-12-25', horaDesde: '07:00', horaHasta: '11:00', clase: 'guardia', nota: 'Recorrido de guardia céntrico (Navidad)' },
    ]);
    expect(conNombre.suspensiones).toEqual([]);
    const sinNombre = calendarioDelServicio(servicio({ feriado: 'guardia' }), '2026-12-25', '2026-12-25', feriados, []);
    expect(sinNombre.pasadas[0]?.nota).toBe('Recorrido de guardia (Navidad)');
  });

  it('dia_habil_siguiente: pasa el próximo día hábil, saltando feriados seguidos y el fin de semana', () => {
    const c = calendarioDelServicio(servicio({ feriado: 'dia_habil_siguiente' }), '2026-12-21', '2026-12-31', feriados, []);
    // Friday 25 is Christmas: the pass goes to Monday 28, which the service also has: one pass.
    expect(fechas(c.pasadas)).toEqual(['2026-12-21', '2026-12-23', '2026-12-28', '2026-12-30']);
    expect(c.suspensiones).toEqual([{ servicioId: 1, fecha: '2026-12-25', motivo: 'Feriado: Navidad. Pasa el lunes, 28 de diciembre de 2026.' }]);
  });

  it('dia_habil_siguiente: la pasada trasladada dice por qué y de qué día viene', () => {
    const martes = servicio({ regla: 'FREQ=WEEKLY;BYDAY=MO', feriado: 'dia_habil_siguiente' });
    const c = calendarioDelServicio(martes, '2026-12-07', '2026-12-13', feriados, []);
    expect(c.pasadas).toEqual([
      {
        servicioId: 1,
        fecha: '2026-12-09',
        horaDesde: '07:00',
        horaHasta: '11:00',
        clase: 'trasladada',
        nota: 'Por el feriado del lunes, 7 de diciembre de 2026 (Día no laborable con fines turísticos)',
        original: '2026-12-07',
      },
    ]);
  });

  it('dia_habil_siguiente: una pasada de antes del rango que el feriado trae adentro está; una que sale del rango, no', () => {
    const lunes = servicio({ regla: 'FREQ=WEEKLY;BYDAY=MO', feriado: 'dia_habil_siguiente' });
    const adentro = calendarioDelServicio(lunes, '2026-12-09', '2026-12-13', feriados, []);
    expect(fechas(adentro.pasadas)).toEqual(['2026-12-09']);
    expect(adentro.suspensiones).toEqual([]);
    const afuera = calendarioDelServicio(lunes, '2026-12-07', '2026-12-08', feriados, []);
    expect(afuera.pasadas).toEqual([]);
    expect(fechas(afuera.suspensiones)).toEqual(['2026-12-07']);
  });

  it('dos feriados seguidos que llevan al mismo día hábil dan una sola pasada', () => {
    const diaria = servicio({ regla: 'FREQ=WEEKLY;BYDAY=MO,TU', feriado: 'dia_habil_siguiente' });
    const c = calendarioDelServicio(diaria, '2026-12-07', '2026-12-13', feriados, []);
    expect(c.pasadas.map((p) => [p.fecha, p.original])).toEqual([['2026-12-09', '2026-12-07']]);
    expect(fechas(c.suspensiones)).toEqual(['2026-12-07', '2026-12-08']);
  });
});

describe('calendarioDelServicio: cambios puntuales', () => {
  const rango = ['2026-12-14', '2026-12-18'] as const;

  it('una suspensión del servicio o de toda la zona saca la pasada, con su motivo', () => {
    const deLaZona = cambio({ fecha: '2026-12-14', tipo: 'suspendido', motivo: 'Nevada intensa' });
    const delServicio = cambio({ fecha: '2026-12-16', tipo: 'suspendido', servicioId: 1, motivo: 'Camión en reparación' });
    const c = calendarioDelServicio(servicio(), ...rango, SIN_FERIADOS, [deLaZona, delServicio]);
    expect(fechas(c.pasadas)).toEqual(['2026-12-18']);
    expect(c.suspensiones).toEqual([
      { servicioId: 1, fecha: '2026-12-14', motivo: 'Nevada intensa', cambioId: deLaZona.id },
      { servicioId: 1, fecha: '2026-12-16', motivo: 'Camión en reparación', cambioId: delServicio.id },
    ]);
  });

  it('los cambios de otra zona, de otro servicio, de un día sin pasada o fuera del rango no cambian nada', () => {
    const c = calendarioDelServicio(servicio(), ...rango, SIN_FERIADOS, [
      cambio({ fecha: '2026-12-14', tipo: 'suspendido', zonaId: 11 }),
      cambio({ fecha: '2026-12-16', tipo: 'suspendido', servicioId: 2 }),
      cambio({ fecha: '2026-12-15', tipo: 'suspendido' }),
      cambio({ fecha: '2026-12-21', tipo: 'pasada_extra', servicioId: 1 }),
    ]);
    expect(fechas(c.pasadas)).toEqual(['2026-12-14', '2026-12-16', '2026-12-18']);
    expect(c.suspensiones).toEqual([]);
  });

  it('una pasada extra agrega el día, con su ventana o la del servicio; sin servicio no se agrega', () => {
    const conVentana = cambio({ fecha: '2026-12-15', tipo: 'pasada_extra', servicioId: 1, motivo: 'Fin de temporada', horaDesde: '14:00', horaHasta: '18:00' });
    const sinVentana = cambio({ fecha: '2026-12-17', tipo: 'pasada_extra', servicioId: 1, motivo: 'Refuerzo por la fiesta' });
    const deLaZona = cambio({ fecha: '2026-12-19', tipo: 'pasada_extra' });
    const c = calendarioDelServicio(servicio(), '2026-12-14', '2026-12-19', SIN_FERIADOS, [conVentana, sinVentana, deLaZona]);
    expect(c.pasadas.filter((p) => p.clase === 'extra')).toEqual([
      { servicioId: 1, fecha: '2026-12-15', horaDesde: '14:00', horaHasta: '18:00', clase: 'extra', nota: 'Fin de temporada', cambioId: conVentana.id },
      { servicioId: 1, fecha: '2026-12-17', horaDesde: '07:00', horaHasta: '11:00', clase: 'extra', nota: 'Refuerzo por la fiesta', cambioId: sinVentana.id },
    ]);
    expect(fechas(c.pasadas)).not.toContain('2026-12-19');
  });

  it('una pasada extra en un feriado reemplaza la suspensión del feriado: un día es una cosa o la otra', () => {
    const feriados: FeriadosConNombre = new Map([['2026-12-25', 'Navidad']]);
    const extra = cambio({ fecha: '2026-12-25', tipo: 'pasada_extra', servicioId: 1, motivo: 'Recolección especial de Navidad' });
    const c = calendarioDelServicio(servicio(), '2026-12-25', '2026-12-25', feriados, [extra]);
    expect(c.pasadas.map((p) => [p.fecha, p.clase, p.nota])).toEqual([['2026-12-25', 'extra', 'Recolección especial de Navidad']]);
    expect(c.suspensiones).toEqual([]);
  });

  it('el cambio posterior de un día gana', () => {
    const extra = cambio({ fecha: '2026-12-15', tipo: 'pasada_extra', servicioId: 1, motivo: 'Refuerzo' });
    const suspension = cambio({ fecha: '2026-12-15', tipo: 'suspendido', motivo: 'Nevada' });
    // Given in any order: the calendar applies them by id.
    const c = calendarioDelServicio(servicio(), '2026-12-15', '2026-12-15', SIN_FERIADOS, [suspension, extra]);
    expect(c.pasadas).toEqual([]);
    expect(c.suspensiones).toEqual([{ servicioId: 1, fecha: '2026-12-15', motivo: 'Nevada', cambioId: suspension.id }]);
    const otraVez = cambio({ fecha: '2026-12-15', tipo: 'pasada_extra', servicioId: 1, motivo: 'Se recupera la pasada' });
    const d = calendarioDelServicio(servicio(), '2026-12-15', '2026-12-15', SIN_FERIADOS, [extra, suspension, otraVez]);
    expect(d.pasadas.map((p) => p.nota)).toEqual(['Se recupera la pasada']);
    expect(d.suspensiones).toEqual([]);
  });

  it('una suspensión de la pasada que un feriado trasladó la saca del día nuevo', () => {
    const feriados: FeriadosConNombre = new Map([['2026-12-25', 'Navidad']]);
    const viernes = servicio({ regla: 'FREQ=WEEKLY;BYDAY=FR', feriado: 'dia_habil_siguiente' });
    const nevada = cambio({ fecha: '2026-12-28', tipo: 'suspendido', motivo: 'Nevada' });
    const c = calendarioDelServicio(viernes, '2026-12-21', '2026-12-31', feriados, [nevada]);
    expect(c.pasadas).toEqual([]);
    expect(c.suspensiones.map((s) => [s.fecha, s.motivo])).toEqual([
      ['2026-12-25', 'Feriado: Navidad. Pasa el lunes, 28 de diciembre de 2026.'],
      ['2026-12-28', 'Nevada'],
    ]);
  });
});

describe('cada feriado de 2026 de la tabla, con cada regla', () => {
  const tabla = feriados2026();

  it('la lista de esperados cubre exactamente los feriados de 2026 que siembra la tabla', () => {
    expect(tabla.size).toBeGreaterThanOrEqual(19);
    expect(Object.keys(SIGUIENTE_HABIL_2026).sort()).toEqual([...tabla.keys()].sort());
    // The expected days are business days after the holiday, on no holiday of the table.
    for (const [feriado, habil] of Object.entries(SIGUIENTE_HABIL_2026)) {
      expect(habil > feriado, feriado).toBe(true);
      expect([0, 6], habil).not.toContain(diaDeLaSemana(habil));
      expect(tabla.has(habil), habil).toBe(false);
    }
  });

  const casos = Object.entries(SIGUIENTE_HABIL_2026);
  /** A service that passes every week on the holiday's weekday, with the holiday rule given. */
  const delDia = (fecha: Fecha, feriado: ReglaFeriado) =>
    servicio({ regla: `FREQ=WEEKLY;BYDAY=${DIAS_RRULE[diaDeLaSemana(fecha)]}`, feriado, guardia: feriado === 'guardia' ? 'Recorrido de guardia' : null });

  it.each(casos)('%s: sin_servicio no pasa; dia_habil_siguiente pasa el %s; guardia pasa ese día', (fecha, siguiente) => {
    const nombre = tabla.get(fecha)!;
    const desde = fecha;
    const hasta = siguiente;

    const sin = calendarioDelServicio(delDia(fecha, 'sin_servicio'), desde, hasta, tabla, []);
    expect(fechas(sin.pasadas)).not.toContain(fecha);
    expect(sin.suspensiones.find((s) => s.fecha === fecha)?.motivo).toBe(`Feriado: ${nombre}.`);

    const trasladada = calendarioDelServicio(delDia(fecha, 'dia_habil_siguiente'), desde, hasta, tabla, []);
    const movida = trasladada.pasadas.find((p) => p.original === fecha);
    expect(movida?.fecha).toBe(siguiente);
    expect(movida?.clase).toBe('trasladada');
    expect(movida?.nota).toContain(nombre);
    expect(fechas(trasladada.pasadas)).not.toContain(fecha);
    expect(trasladada.suspensiones.find((s) => s.fecha === fecha)?.motivo).toMatch(new RegExp(`^Feriado: .+\\. Pasa el .+ de ${siguiente.slice(0, 4)}\\.$`));

    const guardia = calendarioDelServicio(delDia(fecha, 'guardia'), desde, hasta, tabla, []);
    const delFeriado = guardia.pasadas.find((p) => p.fecha === fecha);
    expect(delFeriado?.clase).toBe('guardia');
    expect(delFeriado?.nota).toBe(`Recorrido de guardia (${nombre})`);
    expect(guardia.suspensiones).toEqual([]);
  });
});
