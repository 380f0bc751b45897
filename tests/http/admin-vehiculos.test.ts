// The fleet's pages /admin/vehiculos, /admin/vehiculos/:id and its setup sheet over HTTP
// on the built app: administrators only; the list with search, filter, pages and each vehicle's
// last report; adding, editing, deactivating and reactivating with their audit entries and
// Spanish errors (a repeated device identifier among them); the sheet's QR code, addresses and
// settings; how many days of full positions are kept (the retention setting); hostile input
// answered 4xx, never 5xx. The demo fleet is read, never changed.
import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { auditoria, posicionesVehiculo, vehiculos } from '#db/schema/index.ts';
import { getSiteSettings } from '#domain/sitio/settings.ts';
import { codigoQr } from '#domain/vehiculos/configuracion.ts';
import { VEHICULOS_DEMO } from '#server/demo/vehiculos.ts';
import { TEST_SITE_URL, createTestApp } from '#tests/setup/app.ts';
import { engines } from '#tests/setup/database.ts';
import { ADMIN, enviar, ingresar, panelDePrueba, textoDe, ver } from '#tests/setup/panel.ts';

/** The data rows of the page's first table (the header row is the first). */
const filas = (html: string) => Math.max(0, (html.match(/<tr[ >]/g) ?? []).length - 1);
const INGESTA = `${TEST_SITE_URL}/api/v1/posiciones`;

describe.each(engines)('/admin/vehiculos (%s)', (engine) => {
  const panel = panelDePrueba(engine);
  const { auditado } = panel;

  const fila = async (dispositivo: string) => (await panel.t.database.db.select().from(vehiculos).where(eq(vehiculos.dispositivo, dispositivo)))[0];
  async function alta(alias: string, dispositivo: string, extra: Record<string, string> = {}) {
    const res = await enviar(panel.t, '/admin/vehiculos', panel.admin, {
      intent: 'crear',
      alias,
      icono: 'camioneta',
      servicio: 'vialidad',
      dispositivo,
      ...extra,
    });
    expect(res.statusCode, textoDe(res.body).slice(0, 300)).toBe(303);
    return (await fila(dispositivo))!;
  }

  it('sólo administración; la mesa de entradas y un editor ven el 403 del spec; sin sesión, a /login', async () => {
    const { id } = (await fila(VEHICULOS_DEMO[0]!.dispositivo))!;
    for (const url of ['/admin/vehiculos', `/admin/vehiculos/${id}`, `/admin/vehiculos/${id}/configuracion`]) {
      const res = await ver(panel.t, url, panel.admin);
      expect(res.statusCode, url).toBe(200);
      expect(res.headers['cache-control'], url).toBe('no-store');
      for (const sesion of [panel.mesa, panel.editor]) {
        const prohibida = await ver(panel.t, url, sesion);
        expect(prohibida.statusCode, url).toBe(403);
        expect(prohibida.body).toContain('No tenés permiso para ver esta página');
        expect(prohibida.body).not.toContain(VEHICULOS_DEMO[0]!.dispositivo);
      }
      const anonima = await ver(panel.t, url);
      expect(anonima.statusCode).toBe(302);
      expect(anonima.headers.location).toBe(`/login?siguiente=${encodeURIComponent(url)}`);
    }
    for (const sesion of [panel.mesa, panel.editor]) {
      const crear = await enviar(panel.t, '/admin/vehiculos', sesion, {
        intent: 'crear',
        alias: 'Intruso',
        icono: 'camion',
        servicio: 'vialidad',
        dispositivo: 'intruso-1',
      });
      expect(crear.statusCode).toBe(403);
      const baja = await enviar(panel.t, `/admin/vehiculos/${id}`, sesion, { intent: 'estado', activo: 'no', confirmado: 'si' });
      expect(baja.statusCode).toBe(403);
      expect((await ver(panel.t, '/admin', sesion)).body).not.toContain('href="/admin/vehiculos"');
    }
    expect(await fila('intruso-1')).toBeUndefined();
    expect((await fila(VEHICULOS_DEMO[0]!.dispositivo))!.activo).toBe(true);
    expect((await ver(panel.t, '/admin', panel.admin)).body).toMatch(/<a[^>]*href="\/admin\/vehiculos"[^>]*>Vehículos<\/a>/);
  });

  it('la lista: la flota con su último reporte, búsqueda por nombre o identificador, filtro y páginas', async () => {
    const res = await ver(panel.t, '/admin/vehiculos', panel.admin);
    const texto = textoDe(res.body);
    expect(texto).toContain(`${VEHICULOS_DEMO.length} vehículos`);
    for (const v of VEHICULOS_DEMO) {
      expect(texto).toContain(v.alias);
      expect(res.body).toContain(`<code class="vehiculos__dispositivo">${v.dispositivo}</code>`);
    }
    // The demo's road machines have a recent trail: their last report shows, with whether it was public.
    expect(texto).toMatch(/Motoniveladora 1 Motoniveladora · Reparación de calles vla-motoniveladora-1 Activo hace (menos de un minuto|\d+ minutos?)/);
    const busqueda = await ver(panel.t, '/admin/vehiculos?texto=RECOLECTOR', panel.admin);
    expect(filas(busqueda.body)).toBe(2);
    expect(textoDe(busqueda.body)).toContain('2 vehículos');
    expect(filas((await ver(panel.t, '/admin/vehiculos?texto=pala-1', panel.admin)).body)).toBe(1);
    const ninguno = await ver(panel.t, '/admin/vehiculos?texto=zzz&estado=inactivos', panel.admin);
    expect(ninguno.statusCode).toBe(200);
    expect(textoDe(ninguno.body)).toContain('No hay vehículos con esa búsqueda.');

    for (let i = 1; i <= 26; i++) await alta(`Paginado ${String(i).padStart(2, '0')}`, `paginado-${i}`);
    const primera = await ver(panel.t, '/admin/vehiculos?texto=paginado', panel.admin);
    expect(filas(primera.body)).toBe(25);
    expect(textoDe(primera.body)).toContain('26 vehículos');
    expect(textoDe(primera.body)).toContain('Página 1 de 2');
    expect(primera.body).toContain('href="/admin/vehiculos?texto=paginado&amp;pagina=2"');
    const segunda = await ver(panel.t, '/admin/vehiculos?texto=paginado&pagina=2', panel.admin);
    expect(filas(segunda.body)).toBe(1);
    expect(textoDe(segunda.body)).toContain('Paginado 26');
    expect(textoDe(segunda.body)).toContain('Sin reportes');
  });

  it('agregar: 303 a la página del vehículo con un aviso; auditado; los errores, 400 con el resumen y lo escrito; un identificador repetido se rechaza', async () => {
    const res = await enviar(panel.t, '/admin/vehiculos', panel.admin, {
      intent: 'crear',
      alias: '  Camioneta   de prueba ',
      icono: 'camioneta',
      servicio: 'vialidad',
      dispositivo: ' prueba-http-1 ',
    });
    expect(res.statusCode).toBe(303);
    expect(res.headers['cache-control']).toBe('no-store');
    const nuevo = await fila('prueba-http-1');
    expect(nuevo).toMatchObject({ alias: 'Camioneta de prueba', icono: 'camioneta', servicio: 'vialidad', activo: true });
    expect(res.headers.location).toBe(`/admin/vehiculos/${nuevo!.id}?aviso=alta`);
    expect(await auditado('vehiculo.alta', nuevo!.id)).toMatchObject([
      { actorEmail: ADMIN.email, despues: { alias: 'Camioneta de prueba', dispositivo: 'prueba-http-1' } },
    ]);
    const pagina = await ver(panel.t, res.headers.location as string, panel.admin);
    expect(pagina.body).toContain('<p class="aviso aviso--exito" role="status" tabindex="-1">Agregamos el vehículo.');
    expect(pagina.body).toContain(`href="/admin/vehiculos/${nuevo!.id}/configuracion"`);
    expect(textoDe(pagina.body)).toContain('Todavía no llegó ninguna posición de este vehículo.');

    const casos: [Record<string, string>, Record<string, string>][] = [
      [{ alias: '', icono: 'camion', servicio: 'vialidad', dispositivo: 'x-1' }, { alias: 'Escribí el nombre del vehículo como lo ve el público en el mapa' }],
      [{ alias: 'X', icono: 'nave', servicio: 'vialidad', dispositivo: 'x-1' }, { icono: 'Elegí el ícono del vehículo' }],
      [{ alias: 'X', icono: 'camion', servicio: '', dispositivo: 'x-1' }, { servicio: 'Elegí el servicio del vehículo' }],
      [{ alias: 'X', icono: 'camion', servicio: 'vialidad', dispositivo: 'con espacios' }, { dispositivo: 'sin espacios' }],
      [
        { alias: 'x'.repeat(5000), icono: 'camion', servicio: 'vialidad', dispositivo: 'y'.repeat(5000) },
        { alias: 'hasta 80 caracteres', dispositivo: 'hasta 100 caracteres' },
      ],
      [
        { alias: 'Repetido', icono: 'camion', servicio: 'vialidad', dispositivo: VEHICULOS_DEMO[0]!.dispositivo },
        { dispositivo: `Ya hay un vehículo con el identificador ${VEHICULOS_DEMO[0]!.dispositivo} (${VEHICULOS_DEMO[0]!.alias})` },
      ],
    ];
    for (const [campos, errores] of casos) {
      const mal = await enviar(panel.t, '/admin/vehiculos', panel.admin, { intent: 'crear', ...campos });
      expect(mal.statusCode, JSON.stringify(campos).slice(0, 80)).toBe(400);
      expect(mal.body).toContain('<title>Error: Vehículos');
      expect(mal.body).toContain('Revisá el vehículo');
      for (const [campo, mensaje] of Object.entries(errores)) {
        expect(mal.body).toMatch(new RegExp(`<a href="#${campo}">`));
        expect(mal.body).toContain(`id="${campo}-error"`);
        expect(mal.body).toMatch(new RegExp(`id="${campo}"[^>]*aria-invalid="true"|aria-invalid="true"[^>]*id="${campo}"`));
        expect(textoDe(mal.body)).toContain(mensaje);
      }
    }
    const mal = await enviar(panel.t, '/admin/vehiculos', panel.admin, {
      intent: 'crear',
      alias: 'Nombre mío',
      icono: 'camion',
      servicio: 'vialidad',
      dispositivo: 'mal id',
    });
    expect(mal.body).toContain('value="Nombre mío"');
    expect(mal.body).toContain('value="mal id"');
    expect(await fila('mal id')).toBeUndefined();
    expect(await panel.t.database.db.select().from(vehiculos).where(eq(vehiculos.alias, 'Repetido'))).toEqual([]);
  });

  it('editar: los valores en el formulario; cambia y audita antes y después; sin cambios lo dice; los errores, 400', async () => {
    const v = await alta('Para editar', 'editar-http-1');
    const pagina = await ver(panel.t, `/admin/vehiculos/${v.id}`, panel.admin);
    expect(pagina.body).toContain('value="Para editar"');
    expect(pagina.body).toMatch(/<option value="camioneta" selected="">/);
    expect(pagina.body).toContain('value="editar-http-1"');

    const res = await enviar(panel.t, `/admin/vehiculos/${v.id}`, panel.admin, {
      intent: 'editar',
      alias: 'Editado',
      icono: 'barredora',
      servicio: 'recoleccion',
      dispositivo: 'editar-http-2',
    });
    expect(res.statusCode).toBe(303);
    expect(res.headers.location).toBe(`/admin/vehiculos/${v.id}?aviso=cambio`);
    expect(await fila('editar-http-2')).toMatchObject({ id: v.id, alias: 'Editado', icono: 'barredora', servicio: 'recoleccion' });
    expect(await auditado('vehiculo.cambio', v.id)).toMatchObject([
      {
        actorEmail: ADMIN.email,
        antes: { alias: 'Para editar', icono: 'camioneta', dispositivo: 'editar-http-1' },
        despues: { alias: 'Editado', icono: 'barredora', dispositivo: 'editar-http-2' },
      },
    ]);
    expect(textoDe((await ver(panel.t, res.headers.location as string, panel.admin)).body)).toContain('Guardamos los cambios del vehículo.');
    const igual = await enviar(panel.t, `/admin/vehiculos/${v.id}`, panel.admin, {
      intent: 'editar',
      alias: 'Editado',
      icono: 'barredora',
      servicio: 'recoleccion',
      dispositivo: 'editar-http-2',
    });
    expect(igual.headers.location).toBe(`/admin/vehiculos/${v.id}?aviso=sin-cambios`);
    expect(await auditado('vehiculo.cambio', v.id)).toHaveLength(1);

    const mal = await enviar(panel.t, `/admin/vehiculos/${v.id}`, panel.admin, {
      intent: 'editar',
      alias: 'Editado',
      icono: 'barredora',
      servicio: 'recoleccion',
      dispositivo: VEHICULOS_DEMO[1]!.dispositivo,
    });
    expect(mal.statusCode).toBe(400);
    expect(mal.body).toContain('<title>Error: Editado | Vehículos');
    expect(textoDe(mal.body)).toContain(`(${VEHICULOS_DEMO[1]!.alias})`);
    expect(mal.body).toContain(`value="${VEHICULOS_DEMO[1]!.dispositivo}"`);
    expect((await fila('editar-http-2'))!.id).toBe(v.id);
  });

  it('desactivar y reactivar: un paso que pregunta; sin confirmar no cambia; confirmado, 303 y auditado; el filtro de inactivos lo muestra', async () => {
    const v = await alta('Para desactivar', 'desactivar-http-1');
    const pagina = await ver(panel.t, `/admin/vehiculos/${v.id}`, panel.admin);
    expect(pagina.body).toContain(`href="/admin/vehiculos/${v.id}?paso=desactivar"`);
    const paso = await ver(panel.t, `/admin/vehiculos/${v.id}?paso=desactivar`, panel.admin);
    expect(paso.statusCode).toBe(200);
    expect(textoDe(paso.body)).toContain('¿Desactivar Para desactivar?');
    expect(paso.body).toContain('name="confirmado" value="si"');
    expect(paso.body).not.toContain('value="editar"');
    // A step that does not fit its state is just the page.
    expect(textoDe((await ver(panel.t, `/admin/vehiculos/${v.id}?paso=reactivar`, panel.admin)).body)).not.toContain('¿Reactivar');

    const sinConfirmar = await enviar(panel.t, `/admin/vehiculos/${v.id}`, panel.admin, { intent: 'estado', activo: 'no' });
    expect(sinConfirmar.statusCode).toBe(400);
    expect(textoDe(sinConfirmar.body)).toContain('Para desactivar o reactivar un vehículo, confirmalo en la página que lo pregunta');
    expect((await fila('desactivar-http-1'))!.activo).toBe(true);

    const baja = await enviar(panel.t, `/admin/vehiculos/${v.id}`, panel.admin, { intent: 'estado', activo: 'no', confirmado: 'si' });
    expect(baja.statusCode).toBe(303);
    expect(baja.headers.location).toBe(`/admin/vehiculos/${v.id}?aviso=baja`);
    expect((await fila('desactivar-http-1'))!.activo).toBe(false);
    expect(await auditado('vehiculo.baja', v.id)).toMatchObject([{ actorEmail: ADMIN.email, antes: { activo: true }, despues: { activo: false } }]);
    const desactivado = textoDe((await ver(panel.t, baja.headers.location as string, panel.admin)).body);
    expect(desactivado).toContain('Desactivamos el vehículo');
    expect(desactivado).toContain('Para desactivar Inactivo');
    const inactivos = await ver(panel.t, '/admin/vehiculos?estado=inactivos&texto=desactivar-http', panel.admin);
    expect(filas(inactivos.body)).toBe(1);
    expect(filas((await ver(panel.t, '/admin/vehiculos?estado=activos&texto=desactivar-http', panel.admin)).body)).toBe(0);
    const otraVez = await enviar(panel.t, `/admin/vehiculos/${v.id}`, panel.admin, { intent: 'estado', activo: 'no', confirmado: 'si' });
    expect(otraVez.headers.location).toBe(`/admin/vehiculos/${v.id}?aviso=ya-inactivo`);
    expect(await auditado('vehiculo.baja', v.id)).toHaveLength(1);
    expect(textoDe((await ver(panel.t, `/admin/vehiculos/${v.id}/configuracion`, panel.admin)).body)).toContain('Este vehículo está inactivo');

    expect(textoDe((await ver(panel.t, `/admin/vehiculos/${v.id}?paso=reactivar`, panel.admin)).body)).toContain('¿Reactivar Para desactivar?');
    const alta2 = await enviar(panel.t, `/admin/vehiculos/${v.id}`, panel.admin, { intent: 'estado', activo: 'si', confirmado: 'si' });
    expect(alta2.headers.location).toBe(`/admin/vehiculos/${v.id}?aviso=reactivacion`);
    expect((await fila('desactivar-http-1'))!.activo).toBe(true);
    expect(await auditado('vehiculo.reactivacion', v.id)).toHaveLength(1);
  });

  it('el detalle muestra el último reporte, la batería y las últimas posiciones, cada una pública o privada', async () => {
    const v = await alta('Con posiciones', 'posiciones-http-1');
    const hace = (min: number) => new Date(Date.now() - min * 60_000);
    await panel.t.database.db.insert(posicionesVehiculo).values([
      { vehiculoId: v.id, latitud: -40.7612345, longitud: -71.6456789, velocidadKmh: 23.4, bateria: 71.6, horaDispositivo: hace(20), publica: true },
      { vehiculoId: v.id, latitud: -40.7666, longitud: -71.6325, velocidadKmh: 0, horaDispositivo: hace(3), publica: false },
    ]);
    const texto = textoDe((await ver(panel.t, `/admin/vehiculos/${v.id}`, panel.admin)).body);
    expect(texto).toContain('Último reporte hace 3 minutos');
    expect(texto).toContain('Batería 72 %');
    expect(texto).toContain('-40.76123, -71.64568 23 km/h 72 % Pública');
    expect(texto).toContain('-40.76660, -71.63250 0 km/h — Privada');
    const lista = textoDe((await ver(panel.t, '/admin/vehiculos?texto=posiciones-http', panel.admin)).body);
    expect(lista).toMatch(/Con posiciones .* hace 3 minutos \d\d\/\d\d\/\d{4}, \d\d:\d\d · Privada 72 %/);
  });

  it('la hoja de configuración: el QR con el enlace que lee Traccar Client, la dirección, el identificador, los ajustes y OsmAnd; sin caché', async () => {
    const v = await alta('Hoja de prueba', 'hoja:prueba_1.a');
    const res = await ver(panel.t, `/admin/vehiculos/${v.id}/configuracion`, panel.admin);
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('no-store');
    const enlace = `${INGESTA}?id=hoja%3Aprueba_1.a&accuracy=high&distance=0&interval=10&fastest_interval=10`;
    const img = /<img src="(data:image\/svg\+xml;base64,[^"]+)" alt="Código QR con la configuración de Traccar Client para Hoja de prueba"/.exec(res.body);
    expect(img, 'la imagen del QR').not.toBeNull();
    expect(img![1]).toBe(await codigoQr(enlace));
    expect(Buffer.from(img![1]!.split(',')[1]!, 'base64').toString()).toMatch(/^<svg xmlns="http:\/\/www.w3.org\/2000\/svg"/);
    const texto = textoDe(res.body);
    expect(texto).toContain(enlace);
    expect(texto).toContain(
      `Identificador del dispositivo hoja:prueba_1.a URL del servidor ${INGESTA} Precisión de la ubicación Alta Distancia (metros) 0 Intervalo (segundos) 10`,
    );
    expect(texto).toContain(`${INGESTA}?id=hoja%3Aprueba_1.a&lat={0}&lon={1}&timestamp={2}&hdop={3}&altitude={4}&speed={5}&bearing={6}&batt={11}`);
    expect(res.body).toContain(`href="org.traccar.client://?url=${encodeURIComponent(INGESTA)}&amp;id=hoja%3Aprueba_1.a&amp;accuracy=high`);
    expect(texto).toContain('En Android, paso a paso');
    expect(texto).toContain('En iPhone, paso a paso');
    // No port of its own unless configured.
    expect(texto).not.toContain('puerto de ingesta');

    // With a port of its own (INGEST_PORT), the sheet names it too.
    const conPuerto = await createTestApp(engine, { env: { INGEST_PORT: '5055' }, sameDatabaseAs: panel.t });
    try {
      const sesion = await ingresar(conPuerto, ADMIN);
      const texto = textoDe((await ver(conPuerto, `/admin/vehiculos/${v.id}/configuracion`, sesion)).body);
      expect(texto).toContain('URL del servidor por el puerto de ingesta http://sitio.prueba.villalaangostura.gob.ar:5055');
    } finally {
      await conPuerto.close();
    }
  });

  it('un vehículo nuevo trae un identificador al azar que el QR lleva; uno corto o de sólo números se guarda con un aviso', async () => {
    const valorPropuesto = (html: string) => /<input[^>]*name="dispositivo"[^>]*value="([^"]*)"/.exec(html)?.[1];
    const [una, otra] = [
      valorPropuesto((await ver(panel.t, '/admin/vehiculos', panel.admin)).body),
      valorPropuesto((await ver(panel.t, '/admin/vehiculos', panel.admin)).body),
    ];
    // Twelve symbols without look-alikes (no 0, o, 1, l, i), a new one each time; never an IMEI.
    expect(una).toMatch(/^[2-9a-hjkmnp-z]{4}-[2-9a-hjkmnp-z]{4}-[2-9a-hjkmnp-z]{4}$/);
    expect(otra).toMatch(/^[2-9a-hjkmnp-z]{4}-[2-9a-hjkmnp-z]{4}-[2-9a-hjkmnp-z]{4}$/);
    expect(una).not.toBe(otra);
    const formulario = textoDe((await ver(panel.t, '/admin/vehiculos', panel.admin)).body);
    expect(formulario).toContain('no uses el IMEI ni el número del teléfono');

    // Saved as proposed: no warning, and the sheet's QR code carries it.
    const alAzar = await alta('Camioneta al azar', una!);
    const pagina = textoDe((await ver(panel.t, `/admin/vehiculos/${alAzar.id}`, panel.admin)).body);
    expect(pagina).not.toContain('cualquiera que lo sepa puede mover el vehículo');
    const hoja = await ver(panel.t, `/admin/vehiculos/${alAzar.id}/configuracion`, panel.admin);
    const img = /<img src="(data:image\/svg\+xml;base64,[^"]+)"/.exec(hoja.body);
    expect(img![1]).toBe(await codigoQr(`${INGESTA}?id=${una}&accuracy=high&distance=0&interval=10&fastest_interval=10`));

    // An IMEI or a short name typed by staff: saved, and its page and sheet say why it is a risk.
    const aviso =
      /Este identificador es corto \(menos de 12 caracteres\) o tiene sólo números.*cualquiera que lo sepa puede mover el vehículo en el mapa público/;
    for (const [alias, dispositivo] of [
      ['Camioneta con IMEI', `86210405${engine === 'pglite' ? '3' : '4'}123456`],
      ['Camioneta corta', `corta-${engine.slice(0, 2)}`],
    ]) {
      const v = await alta(alias!, dispositivo!);
      expect(textoDe((await ver(panel.t, `/admin/vehiculos/${v.id}?aviso=alta`, panel.admin)).body), dispositivo).toMatch(aviso);
      expect(textoDe((await ver(panel.t, `/admin/vehiculos/${v.id}/configuracion`, panel.admin)).body), dispositivo).toMatch(aviso);
    }
    // The form that comes back with another error says it too.
    const conError = await enviar(panel.t, '/admin/vehiculos', panel.admin, {
      intent: 'crear',
      alias: '',
      icono: 'camioneta',
      servicio: 'vialidad',
      dispositivo: '12345678',
    });
    expect(conError.statusCode).toBe(400);
    expect(textoDe(conError.body)).toMatch(aviso);
  });

  it('lo hostil recibe 4xx en castellano, nunca 5xx', async () => {
    const v = await alta('Hostil', 'hostil-1');
    for (const id of ['abc', '0', '-1', '1.5', '99999999999999999999', '2147483648', '999999', `${'9'.repeat(3000)}`]) {
      for (const url of [`/admin/vehiculos/${id}`, `/admin/vehiculos/${id}/configuracion`]) {
        const res = await ver(panel.t, url, panel.admin);
        expect(res.statusCode, url.slice(0, 60)).toBeLessThan(500);
        expect([400, 404, 414], url.slice(0, 60)).toContain(res.statusCode);
      }
      const post = await enviar(panel.t, `/admin/vehiculos/${id}`, panel.admin, { intent: 'estado', activo: 'no', confirmado: 'si' });
      expect([400, 404, 414], id.slice(0, 20)).toContain(post.statusCode);
    }
    const noExiste = await ver(panel.t, '/admin/vehiculos/999999', panel.admin);
    expect(noExiste.statusCode).toBe(404);
    expect(noExiste.headers['cache-control']).toBe('no-store');
    expect(textoDe(noExiste.body)).toContain('No pudimos mostrar esta página');

    const gets: [string, string][] = [
      [`/admin/vehiculos?texto=${'x'.repeat(200)}`, 'Escribí hasta 100 caracteres para buscar'],
      ['/admin/vehiculos?estado=borrados', 'Elegí activos, inactivos o todos.'],
      ['/admin/vehiculos?pagina=0', 'Escribí un número de página entre 1 y 10.000'],
      ['/admin/vehiculos?pagina=99999999999999999999', 'Escribí un número de página entre 1 y 10.000'],
      ['/admin/vehiculos?texto=a%00b', 'bytes nulos'],
    ];
    for (const [url, texto] of gets) {
      const res = await ver(panel.t, url, panel.admin);
      expect(res.statusCode, url.slice(0, 60)).toBe(400);
      expect(textoDe(res.body), url.slice(0, 60)).toContain(texto);
    }
    // Notices come from known words only; an unknown step is the page itself.
    for (const url of [
      `/admin/vehiculos/${v.id}?aviso=%3Cb%3Ehola`,
      `/admin/vehiculos/${v.id}?paso=%3Cscript%3E`,
      `/admin/vehiculos/${v.id}?aviso=__proto__`,
    ]) {
      const res = await ver(panel.t, url, panel.admin);
      expect(res.statusCode, url).toBe(200);
      expect(res.body, url).not.toContain('role="status"');
      expect(res.body, url).not.toContain('<b>hola');
      expect(res.body, url).not.toContain('<script>');
    }
    const posts: [string, Record<string, string> | string, number, string][] = [
      ['/admin/vehiculos', { intent: 'borrar' }, 400, 'No entendimos qué querías hacer'],
      ['/admin/vehiculos', { alias: 'Sin intent', icono: 'camion', servicio: 'vialidad', dispositivo: 'sin-intent' }, 400, 'No entendimos qué querías hacer'],
      ['/admin/vehiculos', 'intent=crear&alias=Nul%00&icono=camion&servicio=vialidad&dispositivo=nul-1', 400, 'bytes nulos'],
      [`/admin/vehiculos/${v.id}`, { intent: 'inventar' }, 400, 'No entendimos qué querías hacer'],
      [`/admin/vehiculos/${v.id}`, { intent: 'estado', activo: 'quizas', confirmado: 'si' }, 400, 'Elegí si el vehículo queda activo o inactivo'],
      [
        `/admin/vehiculos/${v.id}`,
        { intent: 'editar', alias: 'x'.repeat(100_000), icono: 'camion', servicio: 'vialidad', dispositivo: 'hostil-1' },
        400,
        'hasta 80 caracteres',
      ],
    ];
    for (const [url, campos, status, texto] of posts) {
      const res = await enviar(panel.t, url, panel.admin, campos);
      expect(res.statusCode, JSON.stringify(campos).slice(0, 60)).toBe(status);
      expect(textoDe(res.body)).toContain(texto);
    }
    // A body over the pages' 1 MiB: 413 before it is read.
    const enorme = await enviar(panel.t, '/admin/vehiculos', panel.admin, {
      intent: 'crear',
      alias: 'x'.repeat(2 * 1024 * 1024),
      icono: 'camion',
      servicio: 'vialidad',
      dispositivo: 'enorme-1',
    });
    expect(enorme.statusCode).toBe(413);
    expect(await fila('sin-intent')).toBeUndefined();
    expect(await fila('nul-1')).toBeUndefined();
    expect(await fila('enorme-1')).toBeUndefined();
    expect((await fila('hostil-1'))!.alias).toBe('Hostil');
  });

  it('los días que se guardan las posiciones: sólo administración; menos de 8 u otra cosa, 400 en castellano con lo escrito; guardado, 303, auditado', async () => {
    const dias = async () => (await getSiteSettings(panel.t.database.db)).retencionPosicionesDias;
    const inicial = await dias();
    const pagina = await ver(panel.t, '/admin/vehiculos', panel.admin);
    expect(pagina.body).toMatch(/<label for="dias">Días que se guardan las posiciones completas de los vehículos/);
    expect(pagina.body).toMatch(new RegExp(`<input(?=[^>]*name="dias")(?=[^>]*aria-describedby="dias-ayuda")(?=[^>]*value="${inicial}")`));
    const ayuda = textoDe(pagina.body);
    expect(ayuda).toContain('Entre 8 y 366.');
    expect(ayuda).toContain('queda el resumen de cobertura de la recolección');
    expect(ayuda).toContain('«¿Cuándo pasó?» mira la última semana');

    const casos: [string, string][] = [
      ['7', 'Las posiciones se conservan al menos 8 días: «¿Cuándo pasó?» mira toda la semana.'],
      ['0', 'Las posiciones se conservan al menos 8 días'],
      ['367', 'Las posiciones se conservan como mucho 366 días.'],
      ['abc', 'Escribí la cantidad de días como un número entero, entre 8 y 366.'],
      ['8.5', 'Escribí la cantidad de días como un número entero, entre 8 y 366.'],
      ['-10', 'Escribí la cantidad de días como un número entero, entre 8 y 366.'],
      ['', 'Escribí la cantidad de días como un número entero, entre 8 y 366.'],
      ['9'.repeat(400), 'Escribí la cantidad de días como un número entero, entre 8 y 366.'],
    ];
    for (const [valor, mensaje] of casos) {
      const res = await enviar(panel.t, '/admin/vehiculos', panel.admin, { intent: 'retencion', dias: valor });
      expect(res.statusCode, valor.slice(0, 10)).toBe(400);
      expect(res.body).toContain('<title>Error: Vehículos');
      expect(res.body).toMatch(/<a href="#dias">/);
      expect(res.body).toContain('id="dias-error"');
      expect(textoDe(res.body), valor.slice(0, 10)).toContain(mensaje);
      if (valor.length < 10) expect(res.body).toMatch(new RegExp(`name="dias"[^>]*value="${valor.replace('.', '\\.')}"`));
    }
    for (const sesion of [panel.editor, panel.mesa])
      expect((await enviar(panel.t, '/admin/vehiculos', sesion, { intent: 'retencion', dias: '9' })).statusCode).toBe(403);
    expect(await dias()).toBe(inicial);

    try {
      const ok = await enviar(panel.t, '/admin/vehiculos', panel.admin, { intent: 'retencion', dias: ' 45 ' });
      expect(ok.statusCode).toBe(303);
      expect(ok.headers.location).toBe('/admin/vehiculos?aviso=retencion');
      expect(await dias()).toBe(45);
      const [entrada] = await panel.t.database.db
        .select()
        .from(auditoria)
        .where(and(eq(auditoria.accion, 'vehiculo.retencion'), eq(auditoria.entidadId, 'retencionPosicionesDias')));
      expect(entrada).toMatchObject({ actorEmail: ADMIN.email, antes: { dias: inicial }, despues: { dias: 45 } });
      const despues = await ver(panel.t, ok.headers.location as string, panel.admin);
      expect(despues.body).toContain('role="status"');
      expect(textoDe(despues.body)).toContain('Guardamos el plazo: se guardan 45 días de posiciones completas.');
      expect(despues.body).toMatch(/name="dias"[^>]*value="45"/);
      // The notice is built from a known word: anything else in the address shows none.
      expect((await ver(panel.t, '/admin/vehiculos?aviso=%3Cb%3Ehola', panel.admin)).body).not.toContain('Guardamos el plazo');
    } finally {
      await enviar(panel.t, '/admin/vehiculos', panel.admin, { intent: 'retencion', dias: String(inicial) });
    }
  });
});
