// Mi calle's back-office (docs/decisions/056-mi-calle.md) over HTTP on the built app: editors and
// administrators only; the zones list with the demo's zones; adding a zone from a GeoJSON file or
// text, editing it, its services with the rule builder and the next days, one-off changes with a
// confirmation step to delete and who added them (to staff only); hostile input answered 4xx with
// Spanish errors and what was typed.
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { cambiosRecoleccion, serviciosRecoleccion, usuarios, zonasRecoleccion } from '#db/schema/index.ts';
import { fechaEnArgentina, sumarDias } from '#domain/shared/fechas.ts';
import { engines } from '#tests/setup/database.ts';
import { EDITOR, enviar, panelDePrueba, textoDe, ver } from '#tests/setup/panel.ts';
import { subirFormulario } from '#tests/setup/subidas.ts';

const anillo = (dx = 0, dy = 0) => [
  [-71.65 + dx, -40.76 + dy],
  [-71.64 + dx, -40.76 + dy],
  [-71.64 + dx, -40.77 + dy],
  [-71.65 + dx, -40.77 + dy],
  [-71.65 + dx, -40.76 + dy],
];
const poligono = (dx = 0, dy = 0) => JSON.stringify({ type: 'Polygon', coordinates: [anillo(dx, dy)] });

describe.each(engines)('/admin/recoleccion (%s)', (engine) => {
  const panel = panelDePrueba(engine);
  const { auditado } = panel;

  const zona = async (slug: string) => (await panel.t.database.db.select().from(zonasRecoleccion).where(eq(zonasRecoleccion.slug, slug)))[0];

  it('editores y administración; la mesa de entradas ve el 403; sin sesión, a /login', async () => {
    for (const sesion of [panel.admin, panel.editor]) {
      const res = await ver(panel.t, '/admin/recoleccion', sesion);
      expect(res.statusCode).toBe(200);
      expect(res.headers['cache-control']).toBe('no-store');
      const texto = textoDe(res.body);
      for (const nombre of ['Centro', 'El Cruce', 'Las Balsas', 'Puerto Manzano']) expect(texto).toContain(nombre);
      expect(texto).toContain('Húmedos, Secos y reciclables, Poda y ramas, Voluminosos');
      expect(texto).toContain('No hay recolección por nevada');
    }
    expect((await ver(panel.t, '/admin', panel.editor)).body).toContain('href="/admin/recoleccion"');
    for (const url of ['/admin/recoleccion', '/admin/recoleccion/zonas/centro', '/admin/recoleccion/zonas/centro/servicios/nuevo']) {
      const prohibida = await ver(panel.t, url, panel.mesa);
      expect(prohibida.statusCode).toBe(403);
      expect(prohibida.body).toContain('No tenés permiso para ver esta página');
      const anonima = await ver(panel.t, url);
      expect(anonima.statusCode).toBe(302);
      expect(anonima.headers.location).toBe(`/login?siguiente=${encodeURIComponent(url)}`);
    }
    const post = await subirFormulario(panel.t, '/admin/recoleccion', panel.mesa, [
      ['nombre', 'Intrusa'],
      ['geometria', poligono()],
    ]);
    expect(post.statusCode).toBe(403);
    expect(await zona('intrusa')).toBeUndefined();
    expect((await ver(panel.t, '/admin', panel.mesa)).body).not.toContain('href="/admin/recoleccion"');
    expect((await ver(panel.t, '/admin/recoleccion/zonas/no-existe', panel.editor)).statusCode).toBe(404);
    expect((await ver(panel.t, '/admin/recoleccion/zonas/centro/servicios/999999', panel.editor)).statusCode).toBe(404);
  });

  it('la zona muestra sus servicios con los próximos días y los cambios', async () => {
    const res = await ver(panel.t, '/admin/recoleccion/zonas/puerto-manzano', panel.editor);
    expect(res.statusCode).toBe(200);
    const texto = textoDe(res.body);
    expect(texto).toContain('Zona Puerto Manzano');
    expect(texto).toContain('FREQ=WEEKLY;BYDAY=TU,FR');
    expect(texto).toMatch(/Húmedos FREQ=WEEKLY;BYDAY=TU,FR De 07:00 a 11:00 (lunes|martes|miércoles|jueves|viernes|sábado|domingo), \d+ de/);
    expect(texto).toContain('No hay recolección por nevada: la costa de la ruta 231 está cortada.');
    expect(res.body).toContain('name="geometria"');
    expect(res.body).toContain('type="file"');
  });

  it('agregar una zona desde un archivo: 303 a su página, auditada; editarla con el texto', async () => {
    const archivo = new File(
      [JSON.stringify({ type: 'FeatureCollection', features: [{ type: 'Feature', properties: {}, geometry: JSON.parse(poligono(0, -0.05)) }] })],
      'zona.geojson',
      {
        type: 'application/geo+json',
      },
    );
    const res = await subirFormulario(panel.t, '/admin/recoleccion', panel.editor, [
      ['nombre', 'Barrio Norte'],
      ['descripcion', 'Al norte'],
      ['geometria', ''],
      ['archivo', archivo],
    ]);
    expect(res.statusCode).toBe(303);
    expect(res.headers.location).toBe('/admin/recoleccion/zonas/barrio-norte?aviso=alta');
    const fila = await zona('barrio-norte');
    expect(fila).toMatchObject({ nombre: 'Barrio Norte' });
    expect(fila!.minLatitud).toBeCloseTo(-40.82, 9);
    expect(fila!.maxLatitud).toBeCloseTo(-40.81, 9);
    expect(await auditado('recoleccion.zona_alta', fila!.id)).toMatchObject([{ actorEmail: EDITOR.email, despues: { nombre: 'Barrio Norte' } }]);
    expect(textoDe((await ver(panel.t, res.headers.location as string, panel.editor)).body)).toContain('Agregamos la zona. Ahora agregá sus servicios.');

    const edicion = await subirFormulario(panel.t, '/admin/recoleccion/zonas/barrio-norte', panel.editor, [
      ['intent', 'zona'],
      ['nombre', 'Barrio Norte Alto'],
      ['descripcion', ''],
      ['geometria', poligono(0.01, -0.05)],
      ['archivo', new File([], '')],
    ]);
    expect(edicion.statusCode).toBe(303);
    expect(edicion.headers.location).toBe('/admin/recoleccion/zonas/barrio-norte?aviso=cambio');
    expect(await zona('barrio-norte')).toMatchObject({ nombre: 'Barrio Norte Alto' });
    expect((await zona('barrio-norte'))!.maxLongitud).toBeCloseTo(-71.63, 9);
    expect(await auditado('recoleccion.zona_cambio', fila!.id)).toHaveLength(1);
  });

  it('GeoJSON hostil: 400 con el error en castellano y lo escrito de vuelta; nada se guarda', async () => {
    const casos: [string, [string, string | File][], RegExp][] = [
      ['no es JSON', [['geometria', '{esto no es json']], /no es un GeoJSON válido/],
      ['un punto', [['geometria', '{"type":"Point","coordinates":[-71.65,-40.76]}']], /es un Point: una zona tiene que ser un polígono/],
      ['anillo abierto', [['geometria', JSON.stringify({ type: 'Polygon', coordinates: [anillo().slice(0, 4)] })]], /el último punto no repite el primero/],
      ['en Europa', [['geometria', poligono(73.9, 89.6)]], /queda fuera de Villa La Angostura/],
      [
        'muchos vértices',
        [
          [
            'archivo',
            new File(
              [JSON.stringify({ type: 'Polygon', coordinates: [[...Array.from({ length: 20_000 }, (_, i) => [-71.65 + i / 1e7, -40.76]), [-71.65, -40.76]]] })],
              'muchos.geojson',
            ),
          ],
        ],
        /más de 5\.000 vértices/,
      ],
    ];
    for (const [, campos, error] of casos) {
      const res = await subirFormulario(panel.t, '/admin/recoleccion', panel.editor, [['nombre', '<script>alert(1)</script>'], ...campos]);
      expect(res.statusCode).toBe(400);
      const texto = textoDe(res.body);
      expect(texto).toMatch(error);
      expect(texto).toContain('Revisá la zona');
      expect(res.body).not.toContain('<script>alert(1)</script>');
      expect(res.body).toContain('&lt;script&gt;alert(1)&lt;/script&gt;');
    }
    expect(await zona('script-alert-1-script')).toBeUndefined();
    // 100,000 vertices or a 2 MB file: over the section's upload limit, refused before the form is read.
    const grande = new File([' '.repeat(2 * 1024 * 1024)], 'grande.geojson');
    const res = await subirFormulario(panel.t, '/admin/recoleccion', panel.editor, [
      ['nombre', 'Grande'],
      ['archivo', grande],
    ]);
    expect(res.statusCode).toBe(413);
    expect(textoDe(res.body)).toContain('el área de una zona o el índice de calles pueden pesar hasta 1 MB');
    expect(await zona('grande')).toBeUndefined();
  });

  it('servicios: alta con los casilleros, errores por campo, edición y baja con confirmación', async () => {
    const base = '/admin/recoleccion/zonas/el-cruce/servicios';
    const nuevo = await ver(panel.t, `${base}/nuevo`, panel.editor);
    expect(nuevo.statusCode).toBe(200);
    expect(nuevo.body).toContain('id="dias-MO"');
    const mal = await enviar(
      panel.t,
      `${base}/nuevo`,
      panel.editor,
      'nombre=%3Cb%3EHojas%3C%2Fb%3E&frecuencia=semanal&horaDesde=9&horaHasta=&feriado=guardia&supervisorEmail=ana',
    );
    expect(mal.statusCode).toBe(400);
    const texto = textoDe(mal.body);
    expect(texto).toContain('Días: Marcá al menos un día de la semana.');
    expect(texto).toContain('Desde la hora: Escribí la hora con el formato HH:MM, por ejemplo 07:30.');
    expect(texto).toContain('Email del supervisor: Ingresá un email válido');
    expect(mal.body).toContain('value="&lt;b&gt;Hojas&lt;/b&gt;"');
    const ok = await enviar(
      panel.t,
      `${base}/nuevo`,
      panel.editor,
      'nombre=Hojas&frecuencia=quincenal&dias=MO&dias=TH&desde=2026-01-05&horaDesde=08:00&horaHasta=12:00&feriado=guardia&guardia=Guardia+de+hojas&servicioVehiculo=vialidad',
    );
    expect(ok.statusCode).toBe(303);
    expect(ok.headers.location).toBe('/admin/recoleccion/zonas/el-cruce?aviso=servicio');
    const [servicio] = await panel.t.database.db.select().from(serviciosRecoleccion).where(eq(serviciosRecoleccion.slug, 'hojas'));
    expect(servicio).toMatchObject({ regla: 'FREQ=WEEKLY;INTERVAL=2;BYDAY=MO,TH', guardia: 'Guardia de hojas', servicioVehiculo: 'vialidad' });
    expect(await auditado('recoleccion.servicio_alta', servicio!.id)).toHaveLength(1);
    const zonaPagina = textoDe((await ver(panel.t, ok.headers.location as string, panel.editor)).body);
    expect(zonaPagina).toContain('Guardamos el servicio.');
    expect(zonaPagina).toMatch(/Hojas FREQ=WEEKLY;INTERVAL=2;BYDAY=MO,TH De 08:00 a 12:00 (lunes|jueves), \d+ de/);

    // The edit form shows the builder again.
    const edicion = await ver(panel.t, `${base}/${servicio!.id}`, panel.editor);
    expect(edicion.body).toMatch(/<input[^>]*id="frecuencia-quincenal"[^>]*checked=""/);
    expect(edicion.body).toMatch(/<input[^>]*id="dias-TH"[^>]*checked=""/);
    expect(edicion.body).not.toMatch(/<input[^>]*id="dias-WE"[^>]*checked=""/);
    const regla = await enviar(panel.t, `${base}/${servicio!.id}`, panel.editor, { nombre: 'Hojas', frecuencia: 'personalizada', regla: 'FREQ=NUNCA' });
    expect(regla.statusCode).toBe(400);
    expect(textoDe(regla.body)).toContain('no es una regla de repetición válida');
    expect(regla.body).toContain('value="FREQ=NUNCA"');
    const cambio = await enviar(panel.t, `${base}/${servicio!.id}`, panel.editor, {
      nombre: 'Hojas',
      frecuencia: 'personalizada',
      regla: 'FREQ=MONTHLY;BYDAY=1WE',
    });
    expect(cambio.statusCode).toBe(303);

    // Deleting asks first; a post without the confirmation deletes nothing.
    expect(textoDe((await ver(panel.t, `${base}/${servicio!.id}?paso=borrar`, panel.editor)).body)).toContain('¿Borrar el servicio Hojas de El Cruce?');
    expect((await enviar(panel.t, `${base}/${servicio!.id}`, panel.editor, { intent: 'borrar' })).statusCode).toBe(400);
    const baja = await enviar(panel.t, `${base}/${servicio!.id}`, panel.editor, { intent: 'borrar', confirmado: 'si' });
    expect(baja.statusCode).toBe(303);
    expect(await panel.t.database.db.select().from(serviciosRecoleccion).where(eq(serviciosRecoleccion.id, servicio!.id))).toEqual([]);
    expect(await auditado('recoleccion.servicio_baja', servicio!.id)).toHaveLength(1);
  });

  it('cambios puntuales: alta, errores, borrado con confirmación sólo de la propia zona', async () => {
    const url = '/admin/recoleccion/zonas/las-balsas';
    const mal = await enviar(panel.t, url, panel.editor, { intent: 'cambio', fecha: 'mañana', tipo: 'pasada_extra', servicioId: '', motivo: '' });
    expect(mal.statusCode).toBe(400);
    const texto = textoDe(mal.body);
    expect(texto).toContain('Revisá el cambio');
    expect(texto).toContain('Fecha: Ingresá la fecha del cambio con el formato AAAA-MM-DD');
    expect(texto).toContain('Motivo: Escribí el motivo');
    expect(mal.body).toContain('value="mañana"');
    const ok = await enviar(panel.t, url, panel.editor, {
      intent: 'cambio',
      fecha: '2030-06-20',
      tipo: 'suspendido',
      servicioId: '',
      motivo: 'Nevada <fuerte>',
    });
    expect(ok.statusCode).toBe(303);
    expect(ok.headers.location).toBe(`${url}?aviso=cambio-alta`);
    const [cambio] = await panel.t.database.db.select().from(cambiosRecoleccion).where(eq(cambiosRecoleccion.motivo, 'Nevada <fuerte>'));
    expect(cambio).toBeDefined();
    const pagina = await ver(panel.t, `${url}?borrar-cambio=${cambio!.id}`, panel.editor);
    expect(textoDe(pagina.body)).toContain('¿Borrar el cambio del jueves, 20 de junio de 2030?');
    expect(pagina.body).toContain('Nevada &lt;fuerte&gt;');
    // From another zone's page, or without confirming, it stays.
    expect(
      (await enviar(panel.t, '/admin/recoleccion/zonas/centro', panel.editor, { intent: 'borrar-cambio', cambio: String(cambio!.id), confirmado: 'si' }))
        .statusCode,
    ).toBe(400);
    expect((await enviar(panel.t, url, panel.editor, { intent: 'borrar-cambio', cambio: String(cambio!.id) })).statusCode).toBe(400);
    const baja = await enviar(panel.t, url, panel.editor, { intent: 'borrar-cambio', cambio: String(cambio!.id), confirmado: 'si' });
    expect(baja.statusCode).toBe(303);
    expect(await panel.t.database.db.select().from(cambiosRecoleccion).where(eq(cambiosRecoleccion.id, cambio!.id))).toEqual([]);
    expect(await auditado('recoleccion.cambio_alta', cambio!.id)).toHaveLength(1);
    expect(await auditado('recoleccion.cambio_baja', cambio!.id)).toHaveLength(1);
  });

  it('un cambio dice «Cargado por …» en el panel, nunca en las páginas públicas', async () => {
    const url = '/admin/recoleccion/zonas/el-cruce';
    const fecha = sumarDias(fechaEnArgentina(new Date()), 9);
    const ok = await enviar(panel.t, url, panel.editor, { intent: 'cambio', fecha, tipo: 'suspendido', servicioId: '', motivo: 'Obra en la calle principal' });
    expect(ok.statusCode).toBe(303);
    const [cambio] = await panel.t.database.db.select().from(cambiosRecoleccion).where(eq(cambiosRecoleccion.motivo, 'Obra en la calle principal'));
    const [persona] = await panel.t.database.db.select({ id: usuarios.id }).from(usuarios).where(eq(usuarios.email, EDITOR.email));
    expect(cambio?.creadoPor).toBe(persona!.id);
    const nombre = `${EDITOR.nombre} ${EDITOR.apellido}`;
    expect(textoDe((await ver(panel.t, url, panel.admin)).body)).toContain(`Obra en la calle principal Cargado por ${nombre}`);
    expect(textoDe((await ver(panel.t, `${url}?borrar-cambio=${cambio!.id}`, panel.editor)).body)).toContain(`(cargado por ${nombre})`);
    // The demo's changes were loaded by the site itself: no name.
    expect(textoDe((await ver(panel.t, '/admin/recoleccion/zonas/puerto-manzano', panel.editor)).body)).not.toContain('Cargado por');
    for (const publica of [
      `/recoleccion/el-cruce?mes=${fecha.slice(0, 7)}`,
      '/recoleccion/el-cruce.ics',
      '/mi-calle?zona=el-cruce',
      '/recoleccion/zonas.geojson',
    ]) {
      const res = await panel.t.app.inject({ url: publica });
      expect(res.statusCode, publica).toBe(200);
      expect(res.body, publica).not.toMatch(new RegExp(`${EDITOR.apellido}|${EDITOR.email}|[Cc]argado por`));
    }
  });

  it('borrar una zona pide confirmación y se lleva sus servicios', async () => {
    const creada = await subirFormulario(panel.t, '/admin/recoleccion', panel.admin, [
      ['nombre', 'Efímera'],
      ['geometria', poligono(0.3)],
    ]);
    expect(creada.statusCode).toBe(303);
    const url = '/admin/recoleccion/zonas/efimera';
    expect(textoDe((await ver(panel.t, `${url}?paso=borrar`, panel.admin)).body)).toContain('¿Borrar la zona Efímera?');
    const baja = await enviar(panel.t, url, panel.admin, { intent: 'borrar-zona', confirmado: 'si' });
    expect(baja.statusCode).toBe(303);
    expect(baja.headers.location).toBe('/admin/recoleccion?aviso=baja');
    expect(await zona('efimera')).toBeUndefined();
  });
});
