// «Mi calle» (docs/decisions/056-mi-calle.md): the page /mi-calle over the demo zones and street index
// (a street whose even and odd sides fall in two zones among them), «¿Cuándo pasó?» from positions
// stored through the ingest command and from the demo's own trucks, hostile input, the limit per
// network address, the log without the address, and the back-office «Índice de calles».
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { datosDemo, posicionesVehiculo } from '#db/schema/index.ts';
import { ubicarDireccion } from '#domain/recoleccion/ubicacion.ts';
import { registrarPosicion } from '#domain/vehiculos/commands.ts';
import { ultimaPasada } from '#domain/vehiculos/pasadas.ts';
import { seedCalles } from '#server/demo/calles-demo.ts';
import { seedRecoleccion } from '#server/demo/recoleccion.ts';
import { VUELTA_DEMO_MS, seedVehiculos } from '#server/demo/vehiculos.ts';
import { insertVehiculo, posicionEnLaCalle } from '#tests/factories/vehiculos.ts';
import { type TestApp, createTestApp } from '#tests/setup/app.ts';
import { engines } from '#tests/setup/database.ts';
import { EDITOR, MESA, ingresar, textoDe, ver } from '#tests/setup/panel.ts';
import { subirFormulario } from '#tests/setup/subidas.ts';

// Wednesday 11 March 2026, 12:00 in Villa La Angostura (UTC-3).
const AHORA = new Date('2026-03-11T15:00:00Z');

const csv = (contenido: string) => new File([contenido], 'calles.csv', { type: 'text/csv' });

describe.each(engines)('Mi calle (%s)', (engine) => {
  let t: TestApp;
  let ahora = AHORA;
  let direccionIp = 0;
  /** Each look-up from an address of its own, so the limit counts only where a test means it to. */
  const consultar = (query: string, remoteAddress = `203.0.113.${++direccionIp}`) => t.app.inject({ url: `/mi-calle?${query}`, remoteAddress });
  const q = (direccion: string) => `q=${encodeURIComponent(direccion)}`;

  beforeAll(async () => {
    t = await createTestApp(engine, { logs: true, clock: { now: () => ahora } });
  });
  afterAll(() => t?.close());

  it('sin consulta: el formulario, la lista de zonas y el mapa como mejora', async () => {
    const res = await consultar('');
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain('<title>Mi calle | Municipalidad de Villa La Angostura</title>');
    expect(res.body).toMatch(/<meta name="description" content="[^"]+"/);
    expect(res.body).toMatch(/<form(?=[^>]*method="get")(?=[^>]*action="\/mi-calle")/);
    for (const slug of ['centro', 'el-cruce', 'puerto-manzano', 'las-balsas']) expect(res.body).toContain(`href="/mi-calle?zona=${slug}"`);
    expect(textoDe(res.body)).toContain('El mapa necesita JavaScript');
  });

  it('una dirección del índice: su zona, los próximos días por servicio y los enlaces', async () => {
    const res = await consultar(q('Av. Arrayanes 250'));
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('no-store');
    const texto = textoDe(res.body);
    expect(texto).toContain('Av. Arrayanes 250 está en la zona El Cruce.');
    expect(texto).toContain('Húmedos');
    expect(texto).toContain('Pasa de 07:00 a 11:00.');
    // El Cruce's húmedos pass on Tuesday, Thursday and Saturday: today (Wednesday 11) is not one.
    expect(texto).toContain('Jueves, 12 de marzo de 2026');
    expect(texto).not.toMatch(/Miércoles, 11 de marzo de 2026, de 07:00/);
    expect(res.body).toContain('href="/recoleccion/el-cruce.ics"');
    expect(res.body).toContain('href="/recoleccion/el-cruce"');
    expect(res.body).toMatch(/href="\/mi-calle\/avisos\?zona=el-cruce&amp;lat=-40\.76\d*&amp;lon=-71\.65\d*"/);
    // Lower case, without «Av.», with «al»: the same street.
    expect(textoDe((await consultar(q('arrayanes 900'))).body)).toContain('Av. Arrayanes 900 está en la zona Centro.');
    expect(textoDe((await consultar(q('Los Notros al 1200'))).body)).toContain('Los Notros 1200 está en la zona Centro.');
  });

  it('una calle con cada vereda en una zona: la altura par va a la de la vereda par, la impar a la otra', async () => {
    expect(textoDe((await consultar(q('Los Cipreses 450'))).body)).toContain('Los Cipreses 450 está en la zona Centro.');
    expect(textoDe((await consultar(q('Los Cipreses 451'))).body)).toContain('Los Cipreses 451 está en la zona El Cruce.');
  });

  it('«¿Cuándo pasó?»: hoy, en la semana o no pasó, sólo de posiciones públicas del servicio', async () => {
    const camion = await insertVehiculo(t.context.db, { alias: 'Recolector de prueba', servicio: 'recoleccion' });
    // Within 100 m of Av. Arrayanes 250 (about -40.7605, -71.653): Tuesday 10:15 and today 9:42.
    const cerca = (hora: string) => posicionEnLaCalle(camion.dispositivo, new Date(hora), { latitud: -40.7606, longitud: -71.6531 });
    ahora = new Date('2026-03-10T13:20:00Z');
    expect((await registrarPosicion(t.context, cerca('2026-03-10T13:15:00Z'))).tipo).toBe('registrada');
    ahora = AHORA;
    let texto = textoDe((await consultar(q('Av. Arrayanes 250'))).body);
    expect(texto).toContain('¿Cuándo pasó? El martes a las 10:15 (hoy todavía no pasó).');
    expect(textoDe((await consultar(q('Las Retamas 450'))).body)).toContain('¿Cuándo pasó? Esta semana no pasó.');
    ahora = new Date('2026-03-11T12:45:00Z');
    expect((await registrarPosicion(t.context, cerca('2026-03-11T12:42:00Z'))).tipo).toBe('registrada');
    ahora = AHORA;
    texto = textoDe((await consultar(q('Av. Arrayanes 250'))).body);
    expect(texto).toContain('¿Cuándo pasó? Hoy a las 9:42.');
    // Poda y ramas is the road machines' service: the collection truck does not count for it.
    expect(texto).toMatch(/Poda y ramas.*?¿Cuándo pasó\? Esta semana no pasó\./);
    // A zone from the list says no point, so no «¿Cuándo pasó?», and says why.
    const lista = textoDe((await consultar('zona=el-cruce')).body);
    expect(lista).toContain('Elegiste la zona El Cruce de la lista.');
    expect(lista).not.toContain('¿Cuándo pasó?');
    expect(lista).toContain('la zona no dice dónde estás');
  });

  it('la demostración: un recolector pasó cerca de Av. Arrayanes 250 en su última vuelta antes de sembrarla', async () => {
    const db = t.database.db;
    const [sembrada] = await db.select({ en: datosDemo.aplicadoEn }).from(datosDemo).where(eq(datosDemo.nombre, 'vehiculos'));
    const direccion = await ubicarDireccion(db, 'Av. Arrayanes 250');
    if (direccion.tipo !== 'encontrada') throw new Error(JSON.stringify(direccion));
    const en = sembrada!.en.getTime();
    const pasada = await ultimaPasada(db, direccion.punto, {
      servicio: 'recoleccion',
      radioM: 100,
      desde: new Date(en - VUELTA_DEMO_MS - 60_000),
      hasta: new Date(en + 60_000),
    });
    expect(pasada?.alias).toBe('Recolector 1');
  });

  it('una pasada trasladada por feriado dice la fecha como los demás días', async () => {
    // Tuesday 24 March 2026 is a holiday: El Cruce's húmedos pass on Wednesday 25 instead.
    ahora = new Date('2026-03-20T15:00:00Z');
    try {
      const texto = textoDe((await consultar(q('Av. Arrayanes 250'))).body);
      expect(texto).toMatch(/Miércoles, 25 de marzo de 2026 ?, de 07:00 a 11:00\. Por el feriado del martes, 24 de marzo de 2026 \(/);
      expect(texto).not.toMatch(/\d{1,2}\/\d{1,2}\/\d{4}/);
    } finally {
      ahora = AHORA;
    }
  });

  it('un punto: su zona; fuera de toda zona, lo dice', async () => {
    const res = await consultar('lat=-40.7800&lon=-71.6000');
    expect(res.statusCode).toBe(200);
    expect(textoDe(res.body)).toContain('El punto que marcaste está en la zona Puerto Manzano.');
    const fuera = await consultar('lat=-41.5&lon=-71.6');
    expect(fuera.statusCode).toBe(200);
    expect(textoDe(fuera.body)).toContain('Ese punto no está en ninguna zona de recolección.');
  });

  it('una calle desconocida sugiere parecidas; una altura fuera del índice dice cuáles conoce', async () => {
    const desconocida = await consultar(q('Los Notro 300'));
    expect(desconocida.statusCode).toBe(400);
    expect(desconocida.body).toContain('<title>Error: Mi calle | Municipalidad de Villa La Angostura</title>');
    expect(textoDe(desconocida.body)).toContain('No encontramos esa calle en el índice. ¿Es alguna de estas?');
    expect(desconocida.body).toContain('href="/mi-calle?q=Los+Notros+300"');
    // What was typed stays in the field.
    expect(desconocida.body).toMatch(/<input[^>]*name="q"[^>]*value="Los Notro 300"/);
    const fuera = await consultar(q('Los Notros 5000'));
    expect(fuera.statusCode).toBe(400);
    expect(textoDe(fuera.body)).toContain('No tenemos el 5.000 de Los Notros: en el índice va del 100 al 1.499 y del 1.500 al 2.499.');
    const sinAltura = await consultar(q('Los Notros'));
    expect(sinAltura.statusCode).toBe(400);
    expect(textoDe(sinAltura.body)).toContain('Escribí la calle y después la altura');
  });

  it('entradas hostiles: nunca un 5xx, nunca HTML sin escapar', async () => {
    // 10 kB: the server's guard answers every address that long (server/app.ts, MAX_URL_LENGTH), in Spanish.
    const enorme = await consultar(q(`${'Arrayanes '.repeat(1000)} 250`));
    expect(enorme.statusCode).toBe(414);
    expect(enorme.body).toContain('La dirección es demasiado larga');
    const larga = await consultar(q(`${'Arrayanes '.repeat(100)} 250`));
    expect(larga.statusCode).toBe(400);
    expect(textoDe(larga.body)).toContain('Escribí sólo la calle y la altura');
    const script = await consultar(q('<script>alert(1)</script> 250'));
    expect(script.statusCode).toBe(400);
    expect(script.body).not.toContain('<script>alert(1)</script>');
    expect(script.body).toContain('&lt;script&gt;alert(1)&lt;/script&gt; 250');
    for (const [consulta, campo] of [
      ['lat=91&lon=-71.6', 'Latitud'],
      ['lat=-40.7&lon=-181', 'Longitud'],
      ['lat=NaN&lon=-71.6', 'Latitud'],
      ['lat=-40.7&lon=Infinity', 'Longitud'],
      ['lat=1e5&lon=-71.6', 'Latitud'],
      ['lat=&lon=-71.6', 'Latitud'],
    ] as const) {
      const res = await consultar(consulta);
      expect(res.statusCode, consulta).toBe(400);
      expect(textoDe(res.body), consulta).toContain(`${campo}: Escribí la ${campo.toLowerCase()} en grados`);
    }
    const zona = await consultar('zona=no-existe');
    expect(zona.statusCode).toBe(404);
    expect(textoDe(zona.body)).toContain('No encontramos esa zona de recolección');
    expect((await consultar('zona=%3Cscript%3E')).statusCode).toBe(404);
  });

  it('las consultas se limitan por dirección de red, con un 429 en castellano', async () => {
    const ip = '198.51.100.77';
    // 30 a minute, in the database's fixed windows: a run that crosses into a new minute gets 30 more.
    let res = await consultar(q('Las Fucsias 100'), ip);
    let admitidas = 0;
    while (res.statusCode === 200 && admitidas < 61) {
      admitidas++;
      res = await consultar(q('Las Fucsias 100'), ip);
    }
    expect(res.statusCode).toBe(429);
    expect(admitidas).toBeGreaterThanOrEqual(30);
    expect(res.headers['retry-after']).toBe('60');
    expect(textoDe(res.body)).toContain('Hiciste muchas consultas en el último minuto.');
    // Another address is not limited.
    expect((await consultar(q('Las Fucsias 100'))).statusCode).toBe(200);
  });

  it('la dirección escrita no queda en el log', async () => {
    await consultar(q('Cerro Inacayal 321'));
    await consultar(q('Calle Que No Existe 55'));
    await consultar('lat=-40.7612&lon=-71.6388');
    const todo = JSON.stringify(t.logs);
    const rutas = t.logs.flatMap((l) => ((l.req as { path?: string } | undefined)?.path ? [(l.req as { path: string }).path] : []));
    expect(rutas).toContain('/mi-calle');
    expect(rutas.filter((r) => r.includes('?'))).toEqual([]);
    for (const dato of ['Inacayal', 'inacayal', 'Que No Existe', 'Que+No', '-40.7612', '-71.6388']) expect(todo, dato).not.toContain(dato);
  });

  it('el índice de calles en el panel: la muestra, y un archivo malo no cambia nada', async () => {
    const editor = await ingresar(t, EDITOR);
    const pagina = await ver(t, '/admin/recoleccion/calles', editor);
    expect(pagina.statusCode).toBe(200);
    const texto = textoDe(pagina.body);
    expect(texto).toContain('Índice de calles');
    expect(texto).toMatch(/\d+ calles en \d+ tramos/);
    expect(texto).toContain('Av. Arrayanes');

    const malo = csv('calle,desde,hasta,lat_desde,lon_desde,lat_hasta,lon_hasta\nNueva,10,1,-40.7,-71.6,-40.71,-71.61\n');
    const rechazo = await subirFormulario(t, '/admin/recoleccion/calles', editor, [['archivo', malo]]);
    expect(rechazo.statusCode).toBe(400);
    expect(textoDe(rechazo.body)).toContain('Línea 2');
    expect(textoDe((await consultar(q('Av. Arrayanes 250'))).body)).toContain('está en la zona El Cruce');

    const bueno = csv('calle,desde,hasta,lat_desde,lon_desde,lat_hasta,lon_hasta\nCalle Nueva,1,100,-40.7600,-71.6600,-40.7610,-71.6460\n');
    const carga = await subirFormulario(t, '/admin/recoleccion/calles', editor, [['archivo', bueno]]);
    expect(carga.statusCode).toBe(303);
    expect(carga.headers.location).toBe('/admin/recoleccion/calles?importados=1');
    expect(textoDe((await consultar(q('Calle Nueva 50'))).body)).toContain('Calle Nueva 50 está en la zona El Cruce.');
    expect((await consultar(q('Av. Arrayanes 250'))).statusCode).toBe(400);

    const mesa = await ingresar(t, MESA);
    expect((await ver(t, '/admin/recoleccion/calles', mesa)).statusCode).toBe(403);
  });
});

// The demo's collection trucks (server/demo/vehiculos.ts) drive the streets of the zones they serve,
// and the seed leaves their work of the past week: seeded on a Wednesday at 10:30, the README's
// «Av. Arrayanes 250» and the centre had their truck today.
describe.each(engines)('Mi calle con la demostración sembrada un miércoles a las 10:30 (%s)', (engine) => {
  const MIERCOLES = new Date('2026-12-02T13:30:00Z');
  const clock = { now: () => MIERCOLES };
  let t: TestApp;
  let direccionIp = 0;
  const consultar = async (direccion: string) =>
    textoDe((await t.app.inject({ url: `/mi-calle?q=${encodeURIComponent(direccion)}`, remoteAddress: `203.0.113.${++direccionIp}` })).body);
  /** The time «¿Cuándo pasó?» gives for húmedos today, or its whole sentence when it is not today. */
  const humedosHoy = (texto: string) => {
    const frase = /Húmedos.*?¿Cuándo pasó\? ([^.]*\.)/.exec(texto)?.[1];
    const hora = /^Hoy a las (\d{1,2}):(\d{2})\.$/.exec(frase ?? '');
    return hora ? Number(hora[1]) * 60 + Number(hora[2]) : frase;
  };

  beforeAll(async () => {
    t = await createTestApp(engine, { seed: false, clock });
    const ctx = { db: t.database.db, storage: t.storage, clock };
    for (const seeder of [seedVehiculos, seedRecoleccion, seedCalles]) await seeder.run(ctx);
  });
  afterAll(() => t?.close());

  it('«¿Cuándo pasó?»: hoy, entre las 7 y las 10:30, en El Cruce, el centro y Las Balsas', async () => {
    for (const [direccion, zona] of [
      ['Av. Arrayanes 250', 'El Cruce'],
      ['Av. Arrayanes 900', 'Centro'],
      ['Los Notros 1200', 'Centro'],
      ['Los Notros 2000', 'Las Balsas'],
    ] as const) {
      const texto = await consultar(direccion);
      expect(texto, direccion).toContain(`${direccion} está en la zona ${zona}.`);
      const minuto = humedosHoy(texto);
      expect(typeof minuto === 'number' && minuto >= 7 * 60 && minuto <= 10 * 60 + 30, `${direccion}: ${String(minuto)}`).toBe(true);
    }
    // No demo truck drives to Puerto Manzano: the answer comes from the positions, not from the calendar.
    expect(humedosHoy(await consultar('Costanera Puerto Manzano 700'))).toBe('Esta semana no pasó.');
  });

  it('las posiciones de la semana son públicas, fuera del depósito, y no hay ninguna del domingo', async () => {
    const filas = await t.database.db.select({ publica: posicionesVehiculo.publica, hora: posicionesVehiculo.horaDispositivo }).from(posicionesVehiculo);
    expect(filas.length).toBeGreaterThan(10_000);
    expect(filas.filter((f) => !f.publica)).toEqual([]);
    // Sunday 29 November, in Argentina: the trucks rest.
    const domingo = filas.filter((f) => f.hora >= new Date('2026-11-29T03:00:00Z') && f.hora < new Date('2026-11-30T03:00:00Z'));
    expect(domingo).toEqual([]);
  });
});
