import { describe, expect, it } from 'vitest';
import { readForm } from '#domain/shared/form.ts';
import { cambioSchema, constructorDeLaRegla, leerGeometria, reglaDelConstructor, servicioAGuardar, servicioSchema, slugDe } from './schemas.ts';

const cuadrado = [
  [-71.65, -40.76],
  [-71.64, -40.76],
  [-71.64, -40.77],
  [-71.65, -40.77],
  [-71.65, -40.76],
];

describe('leerGeometria', () => {
  it('une Polygon, MultiPolygon, Feature y FeatureCollection en un MultiPolygon con su caja', () => {
    const poligono = { type: 'Polygon', coordinates: [cuadrado] };
    const otro = { type: 'Polygon', coordinates: [cuadrado.map(([x, y]) => [x! + 0.02, y!])] };
    const r = leerGeometria(
      JSON.stringify({
        type: 'FeatureCollection',
        features: [
          { type: 'Feature', properties: {}, geometry: poligono },
          { type: 'Feature', properties: {}, geometry: { type: 'MultiPolygon', coordinates: [otro.coordinates] } },
        ],
      }),
    );
    expect(r.ok && r.area.geometria).toHaveLength(2);
    expect(r.ok && r.area.caja).toEqual({ minLatitud: -40.77, maxLatitud: -40.76, minLongitud: -71.65, maxLongitud: -71.62 });
    // An altitude is dropped.
    const conAltura = leerGeometria(JSON.stringify({ type: 'Polygon', coordinates: [cuadrado.map((p) => [...p, 800])] }));
    expect(conAltura.ok && conAltura.area.geometria[0]![0]![0]).toEqual([-71.65, -40.76]);
  });

  it('dice en castellano qué está mal y dónde', () => {
    const mensaje = (texto: string) => {
      const r = leerGeometria(texto);
      return r.ok ? 'ok' : r.mensaje;
    };
    expect(mensaje('esto no es json')).toMatch(/no es un GeoJSON válido/);
    expect(mensaje(JSON.stringify({ type: 'Point', coordinates: [-71.65, -40.76] }))).toMatch(/es un Point: una zona tiene que ser un polígono/);
    expect(mensaje(JSON.stringify({ type: 'Polygon', coordinates: [cuadrado.slice(0, 4)] }))).toMatch(/el anillo 1 el último punto no repite el primero/);
    expect(mensaje(JSON.stringify({ type: 'Polygon', coordinates: [[cuadrado[0], cuadrado[1], cuadrado[0]]] }))).toMatch(
      /hay 3 puntos: un anillo necesita al menos 4/,
    );
    expect(mensaje(JSON.stringify({ type: 'Polygon', coordinates: [cuadrado.map(([x, y]) => [x! + 73, y! + 89])] }))).toMatch(
      /queda fuera de Villa La Angostura: revisá/,
    );
    expect(mensaje(JSON.stringify({ type: 'Polygon', coordinates: [cuadrado.map(([x, y]) => [y, x])] }))).toMatch(/latitud y longitud están invertidas/);
    expect(mensaje(JSON.stringify({ type: 'Polygon', coordinates: [[[-71.65, '-40.76'], ...cuadrado.slice(1)]] }))).toMatch(/El punto 1 .* no es un par/);
    expect(mensaje(JSON.stringify({ type: 'FeatureCollection', features: [] }))).toMatch(/sin elementos/);
    const muchos = Array.from({ length: 6000 }, (_, i) => [-71.65 + i / 1e6, -40.76]);
    expect(mensaje(JSON.stringify({ type: 'Polygon', coordinates: [[...muchos, muchos[0]]] }))).toMatch(/más de 5\.000 vértices/);
    expect(mensaje(' '.repeat(1024 * 1024 + 1))).toMatch(/hasta 1 MB/);
  });
});

describe('servicioSchema', () => {
  it('arma la regla con los casilleros: semanal, quincenal, primer día del mes; y la vuelve a leer', () => {
    expect(reglaDelConstructor('semanal', ['FR', 'MO', 'WE'])).toBe('FREQ=WEEKLY;BYDAY=MO,WE,FR');
    expect(reglaDelConstructor('quincenal', ['TH'])).toBe('FREQ=WEEKLY;INTERVAL=2;BYDAY=TH');
    expect(reglaDelConstructor('mensual', ['MO'])).toBe('FREQ=MONTHLY;BYDAY=1MO');
    expect(constructorDeLaRegla('FREQ=WEEKLY;BYDAY=MO,WE,FR')).toEqual({ frecuencia: 'semanal', dias: ['MO', 'WE', 'FR'] });
    expect(constructorDeLaRegla('FREQ=WEEKLY;INTERVAL=2;BYDAY=TH')).toEqual({ frecuencia: 'quincenal', dias: ['TH'] });
    expect(constructorDeLaRegla('FREQ=MONTHLY;BYDAY=1MO')).toEqual({ frecuencia: 'mensual', dias: ['MO'] });
    expect(constructorDeLaRegla('FREQ=MONTHLY;BYMONTHDAY=15')).toEqual({ frecuencia: 'personalizada', dias: [] });
    const leido = readForm(servicioSchema, { nombre: 'Húmedos', frecuencia: 'quincenal', dias: 'th,mo', horaDesde: '07:00', horaHasta: '11:00' });
    expect(leido.ok && servicioAGuardar(leido.datos)).toMatchObject({
      regla: 'FREQ=WEEKLY;INTERVAL=2;BYDAY=MO,TH',
      feriado: 'sin_servicio',
      servicioVehiculo: 'recoleccion',
      guardia: null,
    });
    const escrita = readForm(servicioSchema, { nombre: 'Voluminosos', regla: 'rrule:freq=monthly;byday=1mo' });
    expect(escrita.ok && servicioAGuardar(escrita.datos).regla).toBe('FREQ=MONTHLY;BYDAY=1MO');
  });

  it('rechaza con un mensaje por campo', () => {
    const r = readForm(servicioSchema, {
      nombre: ' ',
      regla: 'FREQ=NUNCA',
      horaDesde: '7',
      horaHasta: '25:00',
      feriado: 'fiesta',
      servicioVehiculo: 'avion',
      supervisorEmail: 'ana',
      desde: '2026-02-30',
    });
    expect(r.ok).toBe(false);
    expect(!r.ok && r.errores).toMatchObject({
      nombre: 'Escribí el nombre, por ejemplo Húmedos.',
      horaDesde: 'Escribí la hora con el formato HH:MM, por ejemplo 07:30.',
      horaHasta: 'Escribí la hora con el formato HH:MM, por ejemplo 07:30.',
      feriado: expect.stringMatching(/^Elegí qué pasa en un feriado/),
      servicioVehiculo: expect.stringMatching(/^Elegí qué vehículos/),
      supervisorEmail: 'Ingresá un email válido, por ejemplo nombre@villalaangostura.gob.ar.',
      desde: expect.stringMatching(/^Ingresá la fecha desde la que rige/),
    });
    const errores = (v: Record<string, string>) => {
      const leido = readForm(servicioSchema, { nombre: 'Secos', ...v });
      return leido.ok ? {} : leido.errores;
    };
    expect(errores({ regla: 'FREQ=NUNCA' }).regla).toMatch(/no es una regla de repetición válida/);
    expect(errores({ regla: 'DTSTART:20260101T000000Z;FREQ=DAILY' }).regla).toMatch(/no es una regla/);
    expect(errores({}).regla).toMatch(/Marcá los días en los casilleros o escribí la regla/);
    expect(errores({ frecuencia: 'semanal' }).dias).toBe('Marcá al menos un día de la semana.');
    expect(errores({ frecuencia: 'semanal', dias: 'XX' }).dias).toBe('Elegí los días de la lista.');
    expect(errores({ regla: 'FREQ=DAILY', horaDesde: '09:00' }).horaHasta).toMatch(/Escribí también la hora hasta/);
    expect(errores({ regla: 'FREQ=DAILY', horaDesde: '09:00', horaHasta: '08:00' }).horaHasta).toBe('La hora hasta tiene que ser posterior a la hora desde.');
    expect(errores({ regla: 'FREQ=DAILY', feriado: 'guardia' }).guardia).toMatch(/nombre del recorrido de guardia/);
  });
});

describe('cambioSchema y slugDe', () => {
  it('una pasada extra nombra su servicio; suspendido sin servicio es de todos', () => {
    const extra = readForm(cambioSchema, { zonaId: '3', servicioId: '', fecha: '2026-07-10', tipo: 'pasada_extra', motivo: 'Fin de semana largo' });
    expect(!extra.ok && extra.errores).toEqual({ servicioId: 'Una pasada extra es de un servicio: elegilo de la lista.' });
    const todos = readForm(cambioSchema, { zonaId: '3', fecha: '2026-07-10', tipo: 'suspendido', motivo: '  Nevada  fuerte ' });
    expect(todos.ok && todos.datos).toEqual({
      zonaId: 3,
      servicioId: null,
      fecha: '2026-07-10',
      tipo: 'suspendido',
      motivo: 'Nevada fuerte',
      horaDesde: null,
      horaHasta: null,
    });
    const mal = readForm(cambioSchema, { zonaId: 'x', servicioId: '-1', fecha: 'mañana', tipo: 'otro', motivo: '' });
    expect(!mal.ok && Object.keys(mal.errores)).toEqual(['zonaId', 'servicioId', 'fecha', 'tipo', 'motivo']);
  });

  it('la dirección corta sale del nombre', () => {
    expect(slugDe('  Puerto Manzano ')).toBe('puerto-manzano');
    expect(slugDe('Húmedos (orgánicos)')).toBe('humedos-organicos');
    expect(slugDe('<script>')).toBe('script');
  });
});
