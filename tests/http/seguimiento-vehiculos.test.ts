// The vehicle map page as the server sends it: the list of vehicles that is the map's
// accessible alternative, only recent public positions, never from the render cache, and only its
// own scripts and stylesheet.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { posicionesVehiculo } from '#db/schema/index.ts';
import { insertVehiculo } from '#tests/factories/vehiculos.ts';
import { type TestApp, createTestApp } from '#tests/setup/app.ts';
import { engines } from '#tests/setup/database.ts';

const RUTA = '/seguimiento-vehiculos';
/** 12:00 in Argentina. */
const AHORA = new Date('2026-07-15T15:00:00Z');
const haceMin = (min: number) => new Date(AHORA.getTime() - min * 60_000);
const TESELAS = 'https://teselas.prueba.example/mapa/{z}/{x}/{y}.png';

/** The table's rows as text, cell by cell, without markup. */
function filas(html: string): string[][] {
  const tabla = /<table[^>]*tabla-vehiculos[^>]*>([\s\S]*?)<\/table>/.exec(html)?.[1] ?? '';
  const cuerpo = /<tbody[^>]*>([\s\S]*)<\/tbody>/.exec(tabla)?.[1] ?? '';
  return [...cuerpo.matchAll(/<tr[^>]*>([\s\S]*?)<\/tr>/g)].map((fila) =>
    [...fila[1]!.matchAll(/<td[^>]*>([\s\S]*?)<\/td>/g)].map((celda) =>
      celda[1]!
        .replace(/<[^>]+>/g, '')
        .replace(/<!-- -->/g, '')
        .trim(),
    ),
  );
}

describe.each(engines)('la página del mapa de vehículos (%s)', (engine) => {
  let t: TestApp;
  let ahora = AHORA;

  const vehiculo = async (alias: string, datos: Parameters<typeof insertVehiculo>[1] = {}) => (await insertVehiculo(t.database.db, { alias, ...datos })).id;
  const posicion = (vehiculoId: number, minutos: number, datos: Partial<typeof posicionesVehiculo.$inferInsert> = {}) =>
    t.database.db.insert(posicionesVehiculo).values({
      vehiculoId,
      latitud: -40.762,
      longitud: -71.646,
      horaDispositivo: haceMin(minutos),
      publica: true,
      velocidadKmh: 23.4567,
      bateria: 61.5,
      ...datos,
    });

  beforeAll(async () => {
    t = await createTestApp(engine, { seed: false, clock: { now: () => ahora }, env: { MAP_TILE_URL: TESELAS } });
    // Recent and public: 800 m north of the centre, two minutes ago. Its later position is
    // private (the depot): the page shows the public one and nothing of the other.
    const recolector = await vehiculo('Recolector Centro');
    await posicion(recolector, 2, { latitud: -40.7548 });
    await posicion(recolector, 1, { latitud: -40.7777, longitud: -71.6111, publica: false });
    // A road machine silent for 7 minutes (grey), with a trail: public points and a private one.
    const moto = await vehiculo('Motoniveladora Norte', { icono: 'motoniveladora', servicio: 'vialidad' });
    await posicion(moto, 200, { latitud: -40.7501, longitud: -71.6401 });
    await posicion(moto, 150, { latitud: -40.7666, longitud: -71.6222, publica: false });
    await posicion(moto, 7, { latitud: -40.7502, longitud: -71.6402 });
    // Not on the map: silent for 40 minutes, only private, deactivated.
    await posicion(await vehiculo('Camión Viejo', { icono: 'camion', servicio: 'vialidad' }), 40);
    await posicion(await vehiculo('En el Depósito'), 1, { publica: false });
    await posicion(await vehiculo('Dado de Baja', { activo: false }), 1);
  });
  afterAll(() => t.close());

  const pagina = async (extra: Record<string, string> = {}) => {
    const res = await t.app.inject({ url: RUTA, headers: extra });
    expect(res.statusCode).toBe(200);
    return res;
  };

  it('la lista: los vehículos activos con su última posición pública reciente, qué son, dónde y cuándo se vieron', async () => {
    const { body } = await pagina();
    expect(body).toContain('<h1>Seguimiento de Vehículos</h1>');
    expect(body).toContain('Sólo se muestran los vehículos de recolección de residuos y las máquinas viales asignadas a la reparación de calles.');
    expect(body).toContain('Vehículos que informaron su posición en los últimos 15 minutos');
    expect(filas(body)).toEqual([
      ['Motoniveladora Norte', 'Motoniveladora', 'Reparación de calles', 'a 1,4 km al norte del centro', 'sin reportar hace 7 min, a las 11:53'],
      ['Recolector Centro', 'Camión recolector', 'Recolección de residuos', 'a 800 m al norte del centro', 'visto hace 2 min, a las 11:58'],
    ]);
    // The exact instant for machines, the time of day for people.
    expect(body).toContain(`<time dateTime="${haceMin(2).toISOString()}">11:58</time>`);
    expect(body).toMatch(/<tr class="vehiculos__fila--gris">/);
    for (const oculto of ['Camión Viejo', 'En el Depósito', 'Dado de Baja']) expect(body).not.toContain(oculto);
    // Without JavaScript the page says how fresh it is; the map's legend is written too.
    expect(body).toContain('Posiciones de las 12:00. Recargá la página para ver las más recientes.');
    expect(body).toContain('El mapa necesita JavaScript. La lista de abajo muestra los mismos vehículos.');
    for (const texto of ['Calles atendidas en las últimas 3 horas', 'Calles atendidas en las últimas 6 horas', 'Calles atendidas en las últimas 12 horas'])
      expect(body).toContain(texto);
  });

  it('nada privado ni de más llega a la página: ni la posición en el depósito, ni el dispositivo, la velocidad o la batería', async () => {
    const { body } = await pagina();
    // The public trail's points are in the page's data; the private ones are nowhere.
    expect(body).toContain('-40.7501');
    expect(body).toContain('-40.7502');
    for (const privado of ['-40.7777', '-71.6111', '-40.7666', '-71.6222', 'disp-', '23.4567', '61.5', 'velocidad', 'bateria', 'dispositivo'])
      expect(body, privado).not.toContain(privado);
    // Nor inline style attributes, which the CSP blocks.
    expect(body).not.toMatch(/<[^>]+\sstyle="/);
  });

  it('nunca sale de la caché de páginas: cada visita ve los datos de ese momento', async () => {
    const primera = await pagina();
    const segunda = await pagina();
    for (const res of [primera, segunda]) {
      expect(res.headers['x-cache']).toBe('bypass');
      expect(res.headers['cache-control']).toBe('no-store');
      expect(res.headers.etag).toBeUndefined();
      // Rendered for this response: its own nonce.
      expect(res.headers['content-security-policy']).toMatch(/script-src 'self' 'nonce-/);
    }
    const nuevo = await vehiculo('Barredora Nueva', { icono: 'barredora' });
    await posicion(nuevo, 0);
    const tercera = await pagina();
    expect(tercera.headers['x-cache']).toBe('bypass');
    expect(filas(tercera.body).map((f) => f[0])).toEqual(['Barredora Nueva', 'Motoniveladora Norte', 'Recolector Centro']);
    expect(filas(tercera.body)[0]![4]).toBe('visto hace menos de 1 min, a las 12:00');
    const head = await t.app.inject({ method: 'HEAD', url: RUTA });
    expect(head.headers['x-cache']).not.toBe('hit');
  });

  it('sólo sus scripts y su hoja de estilos; Leaflet, después de hidratarse; las teselas de la configuración', async () => {
    const { body, headers } = await pagina();
    const modulos = /<script type="text\/plain" id="modulos-de-la-pagina">([\s\S]*?)<\/script>/.exec(body)?.[1] ?? '';
    const importados = [...modulos.matchAll(/import(?: \* as \w+ from)? ?\(?"\/assets\/([\w.-]+?)-[\w-]+\.js"/g)].map((m) => m[1]);
    expect(importados).toEqual(['manifest', 'root', 'layout', 'seguimiento', 'entry.client']);
    expect(body).not.toMatch(/mapa-leaflet|en-vivo-/);
    expect(body).toMatch(/<link[^>]+rel="stylesheet"[^>]+href="\/assets\/vehiculos-[\w-]+\.css"/);
    // The tiles' origin is an image source of this page's CSP, and the page's data names the template.
    expect(headers['content-security-policy']).toContain("img-src 'self' data: https://teselas.prueba.example");
    expect(body).toContain(TESELAS);
    // No other page brings the map's stylesheet or this page's module.
    for (const otra of ['/', '/solicitud-decretos', '/areas']) {
      const html = (await t.app.inject({ url: otra })).body;
      expect(html, otra).not.toMatch(/vehiculos-[\w-]+\.css|\/assets\/seguimiento-/);
    }
  });

  it('sin vehículos recientes lo dice, con el horario del servicio', async () => {
    ahora = new Date(AHORA.getTime() + 24 * 3_600_000);
    try {
      const { body } = await pagina();
      expect(filas(body)).toEqual([]);
      expect(body).toContain('En este momento ningún vehículo informa su posición. Aparecen aquí y en el mapa mientras recorren la ciudad, de 06:00 a 22:00.');
    } finally {
      ahora = AHORA;
    }
  });
});
