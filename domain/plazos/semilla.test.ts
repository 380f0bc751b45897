// The holidays every database gets from migration 0010, recomputed here from the rules of law
// 27.399 and the date of Easter, and every weekday checked by code, not by hand.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '#db/client.ts';
import { type Fecha, diaDeLaSemana, sumarDias } from '#domain/shared/fechas.ts';
import { createTestDatabase, engines } from '#tests/setup/database.ts';
import { type Feriado, listFeriados } from './queries.ts';
import type { TipoFeriado } from './schemas.ts';

const [DOMINGO, LUNES, MARTES, MIERCOLES, JUEVES, VIERNES, SABADO] = [0, 1, 2, 3, 4, 5, 6];
const fecha = (anio: number, mes: number, dia: number): Fecha => `${anio}-${String(mes).padStart(2, '0')}-${String(dia).padStart(2, '0')}`;

/** Easter Sunday of the Gregorian calendar (the anonymous algorithm, Meeus/Jones/Butcher). */
function pascua(anio: number): Fecha {
  const a = anio % 19;
  const b = Math.floor(anio / 100);
  const c = anio % 100;
  const d = Math.floor(b / 4);
  const e = b % 4;
  const f = Math.floor((b + 8) / 25);
  const g = Math.floor((b - f + 1) / 3);
  const h = (19 * a + b - d - g + 15) % 30;
  const i = Math.floor(c / 4);
  const k = c % 4;
  const l = (32 + 2 * e + 2 * i - h - k) % 7;
  const m = Math.floor((a + 11 * h + 22 * l) / 451);
  const mes = Math.floor((h + l - 7 * m + 114) / 31);
  const dia = ((h + l - 7 * m + 114) % 31) + 1;
  return fecha(anio, mes, dia);
}

/** Law 27.399: Tuesday and Wednesday to the Monday before, Thursday and Friday to the Monday after, weekends stay. */
function trasladar(original: Fecha): Fecha {
  const dia = diaDeLaSemana(original);
  if (dia === MARTES || dia === MIERCOLES) return sumarDias(original, LUNES - dia);
  if (dia === JUEVES || dia === VIERNES) return sumarDias(original, 7 + LUNES - dia);
  return original;
}

/** Each date and its kind by law; where two fall on one date the inamovible wins (one row a date). */
function segunLaLey(anio: number, puentes: Fecha[]): Map<Fecha, TipoFeriado> {
  const domingoDePascua = pascua(anio);
  const esperado = new Map<Fecha, TipoFeriado>();
  const agregar = (f: Fecha, tipo: TipoFeriado) => {
    if (esperado.get(f) !== 'inamovible') esperado.set(f, tipo);
  };
  agregar(sumarDias(domingoDePascua, -3), 'no_laborable'); // Jueves Santo
  for (const f of puentes) agregar(f, 'puente');
  agregar(fecha(anio, 5, 15), 'local'); // Aniversario de Villa La Angostura
  for (const [mes, dia] of [
    [6, 17],
    [8, 17],
    [10, 12],
    [11, 20],
  ] as const)
    agregar(trasladar(fecha(anio, mes, dia)), 'trasladable');
  for (const f of [
    fecha(anio, 1, 1),
    sumarDias(domingoDePascua, -48), // Lunes de Carnaval
    sumarDias(domingoDePascua, -47), // Martes de Carnaval
    fecha(anio, 3, 24),
    fecha(anio, 4, 2),
    sumarDias(domingoDePascua, -2), // Viernes Santo
    fecha(anio, 5, 1),
    fecha(anio, 5, 25),
    fecha(anio, 6, 20),
    fecha(anio, 7, 9),
    fecha(anio, 12, 8),
    fecha(anio, 12, 25),
  ])
    esperado.set(f, 'inamovible');
  return esperado;
}

const deTipo = (feriados: Feriado[], tipo: TipoFeriado) => feriados.filter((f) => f.tipo === tipo).map((f) => f.fecha);

describe('el cálculo de prueba', () => {
  it('conoce la Pascua', () => {
    expect([2024, 2025, 2026, 2027].map(pascua)).toEqual(['2024-03-31', '2025-04-20', '2026-04-05', '2027-03-28']);
  });
});

describe.each(engines)('feriados de la migración (%s)', (engine) => {
  let database: Database;
  let anio2026: Feriado[];
  let anio2027: Awaited<ReturnType<typeof listFeriados>>;
  beforeAll(async () => {
    database = await createTestDatabase(engine);
    anio2026 = (await listFeriados(database.db, 2026)).feriados;
    anio2027 = await listFeriados(database.db, 2027);
  });
  afterAll(() => database.close());

  it('2026: los de la ley 27.399 y los tres puentes decretados, cada uno en su fecha', () => {
    const esperado = segunLaLey(2026, ['2026-03-23', '2026-07-10', '2026-12-07']);
    expect(new Map(anio2026.map((f) => [f.fecha, f.tipo]))).toEqual(esperado);
    // As published: Carnaval 16-17 Feb, Güemes on Monday 15 Jun, Soberanía on Monday 23 Nov.
    expect(deTipo(anio2026, 'trasladable')).toEqual(['2026-06-15', '2026-08-17', '2026-10-12', '2026-11-23']);
    expect(anio2026.find((f) => f.fecha === '2026-04-02')?.nombre).toMatch(/Malvinas.*Jueves Santo/);
  });

  it('2027: los de la ley, sin puentes (no están decretados) y con el aviso para quien administra', () => {
    const esperado = segunLaLey(2027, []);
    expect(new Map(anio2027.feriados.map((f) => [f.fecha, f.tipo]))).toEqual(esperado);
    expect(deTipo(anio2027.feriados, 'puente')).toEqual([]);
    expect(deTipo(anio2027.feriados, 'inamovible')).toContain('2027-02-08');
    expect(deTipo(anio2027.feriados, 'no_laborable')).toEqual(['2027-03-25']);
    expect(deTipo(anio2027.feriados, 'trasladable')).toEqual(['2027-06-21', '2027-08-16', '2027-10-11', '2027-11-20']);
    expect(anio2027.avisos).toEqual([
      'Todavía no hay feriados puente cargados para 2027: el Gobierno nacional los fija por decreto. Mientras no los agregues, los plazos los cuentan como días hábiles.',
      'Día de la Soberanía Nacional cae sábado (sábado 20 de noviembre de 2027): el decreto 614/2025 permite que la Jefatura de Gabinete lo traslade al viernes anterior o al lunes siguiente. Si lo hace, cambiá su fecha.',
    ]);
  });

  it('cada fecha cae el día de la semana que su regla dice', () => {
    for (const f of [...anio2026, ...anio2027.feriados]) {
      const dia = diaDeLaSemana(f.fecha);
      expect(f.nombre.trim(), f.fecha).not.toBe('');
      if (f.tipo === 'puente') expect([LUNES, VIERNES], f.fecha).toContain(dia);
      if (f.tipo === 'trasladable') expect([LUNES, SABADO, DOMINGO], f.fecha).toContain(dia);
      if (f.nombre === 'Carnaval') expect([LUNES, MARTES], f.fecha).toContain(dia);
      if (f.nombre.includes('Jueves Santo')) expect(dia, f.fecha).toBe(JUEVES);
      if (f.nombre === 'Viernes Santo') expect(dia, f.fecha).toBe(VIERNES);
    }
    // The published 2026 weekdays.
    expect(['2026-02-16', '2026-03-23', '2026-06-15', '2026-08-17', '2026-10-12', '2026-11-23', '2026-12-07'].map(diaDeLaSemana)).toEqual(Array(7).fill(LUNES));
    expect(['2026-04-02', '2026-07-09'].map(diaDeLaSemana)).toEqual([JUEVES, JUEVES]);
    expect(['2026-04-03', '2026-07-10', '2026-05-15'].map(diaDeLaSemana)).toEqual([VIERNES, VIERNES, VIERNES]);
  });

  it('2026 tiene puentes, así que no avisa; un año sin filas avisa que sólo se saltean fines de semana', async () => {
    expect((await listFeriados(database.db, 2026)).avisos).toEqual([]);
    const vacio = await listFeriados(database.db, 2030);
    expect(vacio.feriados).toEqual([]);
    expect(vacio.avisos).toEqual([
      'No hay feriados cargados para 2030: los plazos de ese año sólo saltean sábados y domingos. Cargá los feriados nacionales (ley 27.399), los puente que decrete el Gobierno nacional y los locales.',
    ]);
    await expect(listFeriados(database.db, 1999)).rejects.toThrow('El año debe estar entre 2000 y 2100.');
  });
});
