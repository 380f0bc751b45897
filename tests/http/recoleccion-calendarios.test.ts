// The collection calendars over HTTP on the built app (docs/decisions/056-mi-calle.md): every demo
// zone's and service's .ics read by ical.js with no error, ETag and 304, UIDs that stay when other
// things change, one-off changes as cancelled days and extra passes, each 2026 holiday of the table
// with each holiday rule, the zones' GeoJSON, the printable month page and its refusals, and the
// catalogue's entries. Data only through the commands staff use (docs/decisions/047-carga-historica.md).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createCambio, createServicio, createZona } from '#domain/recoleccion/commands.ts';
import { getZona, listZonas } from '#domain/recoleccion/queries.ts';
import { listFeriados } from '#domain/plazos/queries.ts';
import { ACTOR_SISTEMA } from '#domain/shared/actor.ts';
import { type Fecha, diaDeLaSemana, fechaEnArgentina, sumarDias } from '#domain/shared/fechas.ts';
import { TEST_SITE_URL, type TestApp, createTestApp } from '#tests/setup/app.ts';
import { engines } from '#tests/setup/database.ts';
import { type EventoLeido, leerIcs } from '#tests/setup/ical.ts';

const ZONAS_DEMO = ['centro', 'el-cruce', 'las-balsas', 'puerto-manzano'];
const HOST = new URL(TEST_SITE_URL).host;

/** The next business day after each 2026 holiday of the table, by hand (as domain/recoleccion/calendario.test.ts). */
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

type GeoJson = {
  type: string;
  features: {
    id: string;
    geometry: { type: string; coordinates: number[][][][] };
    properties: { slug: string; nombre: string; pagina: string; calendario: string; servicios: { slug: string; regla: string; calendario: string }[] };
  }[];
};

describe.each(engines)('calendarios de recolección (%s)', (engine) => {
  let t: TestApp;
  // The app's clock: the system's, or a fixed instant for the test of 2026's holidays.
  const reloj: { fijo: Date | undefined; now(): Date } = { fijo: undefined, now: () => reloj.fijo ?? new Date() };
  beforeAll(async () => {
    t = await createTestApp(engine, { clock: reloj });
  });
  afterAll(() => t?.close());

  const ruta = (absoluta: string) => absoluta.slice(TEST_SITE_URL.length);
  const ics = async (url: string) => {
    const res = await t.app.inject({ url });
    expect(res.statusCode, `${url}: ${res.body.slice(0, 200)}`).toBe(200);
    return { res, calendario: leerIcs(res.body) };
  };
  const leerZona = async (slug: string) => (await getZona(t.context.db, slug))!;
  const hoy = () => fechaEnArgentina(reloj.now());

  it('las zonas en GeoJSON, y el calendario de cada zona y de cada servicio de la demo: text/calendar, se leen sin errores, ETag y 304', async () => {
    const res = await t.app.inject({ url: '/recoleccion/zonas.geojson' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^application\/geo\+json/);
    expect(res.headers['cache-control']).toBe('public, max-age=300');
    expect((await t.app.inject({ url: '/recoleccion/zonas.geojson', headers: { 'if-none-match': res.headers.etag! } })).statusCode).toBe(304);
    const geo = res.json<GeoJson>();
    expect(geo.type).toBe('FeatureCollection');
    expect(geo.features.map((f) => f.properties.slug).sort()).toEqual(ZONAS_DEMO);
    for (const zona of geo.features) {
      expect(zona.geometry.type).toBe('MultiPolygon');
      const [longitud, latitud] = zona.geometry.coordinates[0]![0]![0]!;
      expect(latitud).toBeGreaterThan(-40.9);
      expect(latitud).toBeLessThan(-40.6);
      expect(longitud).toBeGreaterThan(-71.8);
      expect(longitud).toBeLessThan(-71.5);
      expect(zona.properties.servicios.map((s) => s.slug).sort()).toEqual(['humedos', 'poda', 'secos', 'voluminosos']);
      expect(zona.properties.pagina).toBe(`${TEST_SITE_URL}/recoleccion/${zona.id}`);

      const { res: archivo, calendario } = await ics(ruta(zona.properties.calendario));
      expect(archivo.headers['content-type']).toBe('text/calendar; charset=utf-8');
      expect(archivo.headers['cache-control']).toBe('public, max-age=300');
      expect(archivo.headers['content-disposition']).toBe(`attachment; filename="${zona.id}.ics"`);
      expect(calendario.propiedades.source).toBe(zona.properties.calendario);
      expect(calendario.propiedades.name).toBe(`Recolección en ${zona.properties.nombre}`);
      expect(archivo.body).toContain('\r\nREFRESH-INTERVAL;VALUE=DURATION:P1D\r\n');
      expect(calendario.eventos.length).toBeGreaterThan(100);
      const noModificado = await t.app.inject({ url: ruta(zona.properties.calendario), headers: { 'if-none-match': archivo.headers.etag! } });
      expect(noModificado.statusCode).toBe(304);
      expect(noModificado.body).toBe('');
      // From today - 30 days to today + 365.
      const dias = calendario.eventos.map((e) => e.inicio.slice(0, 10)).sort();
      expect(dias[0]! >= sumarDias(hoy(), -30)).toBe(true);
      expect(dias.at(-1)! <= sumarDias(hoy(), 365)).toBe(true);

      for (const servicio of zona.properties.servicios) {
        const { calendario: delServicio } = await ics(ruta(servicio.calendario));
        expect(delServicio.eventos.length).toBeGreaterThan(0);
        for (const e of delServicio.eventos)
          expect(e.uid).toMatch(new RegExp(`^${zona.id}-${servicio.slug}-\\d{4}-\\d{2}-\\d{2}@${HOST.replaceAll('.', '\\.')}$`));
        // The zone's file has every event of each of its services, the same.
        const uids = new Set(calendario.eventos.map((e) => e.uid));
        for (const e of delServicio.eventos) expect(uids.has(e.uid), e.uid).toBe(true);
      }
    }
    // Timed services in Argentina's zone; poda has no window: all-day.
    const { calendario: centro } = await ics('/recoleccion/centro.ics');
    const humedos = centro.eventos.find((e) => e.uid.startsWith('centro-humedos-') && !e.estado);
    expect(humedos).toMatchObject({ todoElDia: false, zona: 'America/Argentina/Buenos_Aires', resumen: 'Recolección de húmedos' });
    expect(humedos!.inicio).toMatch(/T07:00:00$/);
    expect(centro.eventos.find((e) => e.uid.startsWith('centro-poda-'))?.todoElDia).toBe(true);
  });

  it('los UID son los mismos en dos pedidos y después de un cambio en otra zona; un cambio puntual cancela el día o agrega una pasada extra', async () => {
    const primero = await ics('/recoleccion/centro.ics');
    const segundo = await ics('/recoleccion/centro.ics');
    expect(segundo.res.body).toBe(primero.res.body);
    expect(segundo.res.headers.etag).toBe(primero.res.headers.etag);
    const clave = (eventos: EventoLeido[]) => eventos.map((e) => `${e.uid} ${e.inicio} ${e.estado ?? ''}`);

    const cruce = await leerZona('el-cruce');
    const lejano = await createCambio(t.context.db, ACTOR_SISTEMA, {
      zonaId: cruce.id,
      fecha: sumarDias(hoy(), 3),
      tipo: 'suspendido',
      motivo: 'Corte de calle en El Cruce',
    });
    expect(lejano.tipo).toBe('guardado');
    const despues = await ics('/recoleccion/centro.ics');
    expect(clave(despues.calendario.eventos)).toEqual(clave(primero.calendario.eventos));

    // A day húmedos passes in Centro (Monday, Wednesday, Friday) and one it does not, from 3 days on.
    const centro = await leerZona('centro');
    const humedos = centro.servicios.find((s) => s.slug === 'humedos')!;
    let dia = sumarDias(hoy(), 3);
    const pasa = (f: Fecha) => primero.calendario.eventos.some((e) => e.uid === `centro-humedos-${f}@${HOST}` && !e.estado);
    while (!pasa(dia)) dia = sumarDias(dia, 1);
    let libre = sumarDias(hoy(), 3);
    while (primero.calendario.eventos.some((e) => e.uid === `centro-humedos-${libre}@${HOST}`)) libre = sumarDias(libre, 1);

    const nevada = await createCambio(t.context.db, ACTOR_SISTEMA, { zonaId: centro.id, fecha: dia, tipo: 'suspendido', motivo: 'Nevada: no hay recolección' });
    expect(nevada.tipo).toBe('guardado');
    const extra = await createCambio(t.context.db, ACTOR_SISTEMA, {
      zonaId: centro.id,
      servicioId: humedos.id,
      fecha: libre,
      tipo: 'pasada_extra',
      motivo: 'Refuerzo por la Fiesta de los Jardines',
      horaDesde: '15:00',
      horaHasta: '17:30',
    });
    expect(extra.tipo).toBe('guardado');

    const cambiado = await ics('/recoleccion/centro.ics');
    expect(cambiado.res.headers.etag).not.toBe(primero.res.headers.etag);
    expect(cambiado.calendario.eventos.find((e) => e.uid === `centro-humedos-${dia}@${HOST}`)).toMatchObject({
      estado: 'CANCELLED',
      resumen: 'Recolección de húmedos (suspendida)',
      descripcion: 'No pasa. Nevada: no hay recolección.',
    });
    expect(cambiado.calendario.eventos.find((e) => e.uid === `centro-humedos-${libre}@${HOST}`)).toMatchObject({
      estado: undefined,
      inicio: `${libre}T15:00:00`,
      fin: `${libre}T17:30:00`,
      resumen: 'Recolección de húmedos (pasada extra)',
      descripcion: 'Pasada extra: Refuerzo por la Fiesta de los Jardines.',
    });
    // A suspension of the whole zone cancels every service passing that day, in the service's file too.
    const { calendario: soloHumedos } = await ics('/recoleccion/centro/humedos.ics');
    expect(soloHumedos.eventos.find((e) => e.uid === `centro-humedos-${dia}@${HOST}`)?.estado).toBe('CANCELLED');
    // The old 304 no longer holds.
    expect((await t.app.inject({ url: '/recoleccion/centro.ics', headers: { 'if-none-match': primero.res.headers.etag! } })).statusCode).toBe(200);
  });

  it('cada feriado de 2026 de la tabla: sin servicio lo cancela, día hábil siguiente lo lleva a su día, guardia pasa', async () => {
    const feriados = (await listFeriados(t.context.db, 2026)).feriados;
    expect(feriados.map((f) => f.fecha)).toEqual(Object.keys(SIGUIENTE_HABIL_2026));
    const zona = await createZona(t.context.db, ACTOR_SISTEMA, {
      nombre: 'Feriados de prueba',
      slug: 'feriados-de-prueba',
      descripcion: '',
      geometria: JSON.stringify({
        type: 'Polygon',
        coordinates: [
          [
            [-71.7, -40.8],
            [-71.69, -40.8],
            [-71.69, -40.79],
            [-71.7, -40.8],
          ],
        ],
      }),
    });
    if (zona.tipo !== 'guardado') throw new Error(JSON.stringify(zona));
    const servicio = async (slug: string, regla: string, feriado: string) => {
      const r = await createServicio(t.context.db, ACTOR_SISTEMA, zona.zona.id, {
        nombre: `Servicio ${slug}`,
        slug,
        regla,
        desde: '2025-12-01',
        feriado,
        guardia: feriado === 'guardia' ? 'Recorrido de guardia' : '',
      });
      if (r.tipo !== 'guardado') throw new Error(JSON.stringify(r));
    };
    const todos = 'FREQ=WEEKLY;BYDAY=MO,TU,WE,TH,FR,SA,SU';
    await servicio('sin', todos, 'sin_servicio');
    await servicio('guardia', todos, 'guardia');
    // One service a weekday: a holiday's pass moves to a day that service has no pass of its own.
    for (const dia of DIAS_RRULE) await servicio(`habil-${dia.toLowerCase()}`, `FREQ=WEEKLY;BYDAY=${dia}`, 'dia_habil_siguiente');

    reloj.fijo = new Date('2026-01-10T12:00:00-03:00');
    try {
      const { calendario } = await ics('/recoleccion/feriados-de-prueba.ics');
      const evento = (uid: string) => calendario.eventos.find((e) => e.uid === `feriados-de-prueba-${uid}@${HOST}`);
      for (const { fecha, nombre } of feriados) {
        expect(evento(`sin-${fecha}`), fecha).toMatchObject({ estado: 'CANCELLED', descripcion: `No pasa. Feriado: ${nombre}.` });
        expect(evento(`guardia-${fecha}`), fecha).toMatchObject({ estado: undefined, descripcion: `Recorrido de guardia (${nombre}).` });
        const semanal = `habil-${DIAS_RRULE[diaDeLaSemana(fecha)]!.toLowerCase()}`;
        expect(evento(`${semanal}-${fecha}`)?.estado, fecha).toBe('CANCELLED');
        const movida = evento(`${semanal}-${SIGUIENTE_HABIL_2026[fecha]}`);
        expect(movida, `${fecha} → ${SIGUIENTE_HABIL_2026[fecha]}`).toMatchObject({
          estado: undefined,
          resumen: `Recolección de servicio ${semanal} (día cambiado por feriado)`,
        });
        expect(movida?.descripcion).toContain(`(${nombre})`);
      }
    } finally {
      reloj.fijo = undefined;
    }
  });

  it('direcciones de zonas y servicios que no existen o son hostiles: 404 en castellano, nunca 5xx', async () => {
    for (const url of [
      '/recoleccion/no-existe.ics',
      '/recoleccion/centro/no-existe.ics',
      '/recoleccion/no-existe/humedos.ics',
      `/recoleccion/${'a'.repeat(80)}.ics`,
    ]) {
      const res = await t.app.inject({ url });
      expect(res.statusCode, url).toBe(404);
      expect(res.json<{ error: string }>().error, url).toMatch(/^(No hay una zona|Esa zona de recolección no tiene)/);
    }
    for (const url of [
      '/recoleccion/..%2F..%2Fetc%2Fpasswd.ics',
      '/recoleccion/Centro.ics',
      "/recoleccion/centro'%20or%201=1--.ics",
      '/recoleccion/%3Cscript%3E.ics',
      '/recoleccion/centro/..%2Fhumedos.ics',
      '/recoleccion/centro/humedos.ics.ics',
      '/recoleccion/%00.ics',
      '/recoleccion/%E0%A4%A.ics',
      '/recoleccion/.ics',
    ]) {
      const res = await t.app.inject({ url });
      expect([400, 404], `${url}: ${res.statusCode}`).toContain(res.statusCode);
      expect(res.body).not.toContain('<script>');
    }
  });

  it('la página del mes: tabla accesible, feriados y cambios, enlaces a los calendarios y a los meses vecinos; se guarda en la caché por mes', async () => {
    const res = await t.app.inject({ url: '/recoleccion/centro?mes=2026-12' });
    expect(res.statusCode).toBe(200);
    const html = res.body;
    expect(html).toContain('<title>Recolección en Centro: diciembre de 2026 | Municipalidad de Villa La Angostura</title>');
    expect(html).toMatch(/<caption>Recolección en Centro, diciembre de 2026<\/caption>/);
    expect(html.match(/<th scope="col">/g)).toHaveLength(7);
    expect(html).toContain('href="/recoleccion/centro.ics"');
    expect(html).toContain('href="/recoleccion/centro/humedos.ics"');
    expect(html).toContain('href="/recoleccion/centro?mes=2026-11"');
    expect(html).toContain('href="/recoleccion/centro?mes=2027-01"');
    expect(html).toContain('Viernes, 25 de diciembre de 2026</strong>: Feriado: Navidad.');
    // Húmedos in Centro keeps the holiday round: Friday 25 December.
    expect(html).toMatch(
      /<time class="mes__numero" datetime="2026-12-25">25<\/time><span class="mes__feriado">Feriado<\/span><ul><li class="mes__pasada mes__pasada--guardia">Húmedos/i,
    );
    expect(html).not.toContain('<script src=');
    expect((await t.app.inject({ url: '/recoleccion/centro?mes=2026-12' })).headers['x-cache']).toBe('hit');

    // A one-off change shows on the page at once (the content version empties the cache).
    const centro = await leerZona('centro');
    const r = await createCambio(t.context.db, ACTOR_SISTEMA, {
      zonaId: centro.id,
      fecha: '2026-12-16',
      tipo: 'suspendido',
      motivo: 'Corte de energía en la planta',
    });
    expect(r.tipo).toBe('guardado');
    const despues = await t.app.inject({ url: '/recoleccion/centro?mes=2026-12' });
    expect(despues.headers['x-cache']).toBe('miss');
    expect(despues.body).toContain('Miércoles, 16 de diciembre de 2026</strong>: Húmedos: no pasa. Corte de energía en la planta');
    expect(despues.body).toMatch(
      /datetime="2026-12-16">16<\/time><ul><li class="mes__pasada mes__pasada--suspendida">Húmedos<span class="mes__etiqueta"> \(no pasa\)/i,
    );
  });

  it('la página del mes escribe todas las fechas de una sola manera, también la de la pasada trasladada por feriado', async () => {
    // El Cruce's húmedos move a holiday's pass to the next business day: Tuesday 8 December to Wednesday 9.
    const res = await t.app.inject({ url: '/recoleccion/el-cruce?mes=2026-12' });
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain(
      'Miércoles, 9 de diciembre de 2026</strong>: Húmedos: Por el feriado del martes, 8 de diciembre de 2026 (Inmaculada Concepción de María).',
    );
    expect(res.body).toContain(
      'Martes, 8 de diciembre de 2026</strong>: Húmedos: no pasa. Feriado: Inmaculada Concepción de María. Pasa el miércoles, 9 de diciembre de 2026.',
    );
    const notas = res.body.slice(res.body.indexOf('id="notas"'));
    expect(notas).not.toMatch(/\d{1,2}\/\d{1,2}\/\d{4}/);
  });

  it('sin mes, el de hoy y sin guardar; meses inválidos o fuera de alcance: 400 en castellano; zona desconocida: 404', async () => {
    const actual = await t.app.inject({ url: '/recoleccion/el-cruce' });
    expect(actual.statusCode).toBe(200);
    expect(actual.headers['cache-control']).toBe('no-cache');
    expect(actual.headers['x-cache']).not.toBe('hit');
    expect(actual.body).toContain(`href="/recoleccion/el-cruce?mes=${sumarDias(`${hoy().slice(0, 7)}-01`, 40).slice(0, 7)}"`);

    for (const mes of ['2026-13', '2026-1', 'diciembre', '2026-12-01', '%3Cscript%3Ealert(1)%3C%2Fscript%3E', '', '0000-00', '9999-12', '2020-01']) {
      const res = await t.app.inject({ url: `/recoleccion/centro?mes=${mes}` });
      expect(res.statusCode, mes).toBe(400);
      expect(res.body).toContain('<title>Error: Recolección en Centro');
      expect(res.body).toMatch(/Indicá el mes como año y mes|El calendario llega hasta 24 meses/);
      expect(res.body).not.toContain('<script>alert');
    }
    expect((await t.app.inject({ url: '/recoleccion/centro?mes=2026-12&mes=2027-01' })).statusCode).toBe(400);
    for (const url of ['/recoleccion/no-existe', '/recoleccion/Centro', '/recoleccion/centro%27', `/recoleccion/${'a'.repeat(90)}`]) {
      const res = await t.app.inject({ url, headers: { accept: 'text/html' } });
      expect(res.statusCode, url).toBe(404);
      expect(res.body, url).toContain('Zona de recolección no encontrada');
    }
  });

  it('/data.json: el conjunto de recolección con el GeoJSON y un calendario por zona, que responden con su tipo', async () => {
    const res = await t.app.inject({ url: '/data.json' });
    const catalogo = res.json<{
      dataset: { identifier: string; distribution: { identifier: string; downloadURL: string; accessURL: string; mediaType: string; format: string }[] }[];
    }>();
    const recoleccion = catalogo.dataset.find((d) => d.identifier === 'recoleccion')!;
    const zonas = (await listZonas(t.context.db)).map((z) => z.slug);
    expect(zonas).toEqual(expect.arrayContaining(ZONAS_DEMO));
    expect(recoleccion.distribution.map((d) => d.identifier)).toEqual(['recoleccion-zonas-geojson', ...zonas.map((z) => `recoleccion-${z}-ics`)]);
    for (const d of recoleccion.distribution) {
      const descarga = await t.app.inject({ url: ruta(d.downloadURL) });
      expect(descarga.statusCode, d.downloadURL).toBe(200);
      expect(descarga.headers['content-type'], d.downloadURL).toMatch(new RegExp(`^${d.mediaType.replace('+', '\\+')}`));
      if (d.format === 'iCalendar') expect((await t.app.inject({ url: ruta(d.accessURL) })).statusCode, d.accessURL).toBe(200);
    }
    const pagina = await t.app.inject({ url: '/datos' });
    expect(pagina.body).toContain('href="/recoleccion/centro.ics"');
    expect(pagina.body).toContain('href="/recoleccion/zonas.geojson"');
  });
});
