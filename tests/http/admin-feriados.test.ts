// The holidays page /admin/feriados (docs/decisions/011-plazos-y-feriados.md) over HTTP on
// the built app: administrators only; the year's list with the kinds' names; adding, editing and
// deleting (a confirmation step) with their audit entries and Spanish errors; a change moves the
// due date the status page shows at once, and shows at once on Mi calle's month page that the
// render cache kept (the content-version trigger of `feriados`); hostile input answered 4xx.
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { feriados } from '#db/schema/index.ts';
import { fechaEnArgentina, sumarDias } from '#domain/shared/fechas.ts';
import { createSolicitud } from '#tests/factories/mesa.ts';
import { engines } from '#tests/setup/database.ts';
import { ADMIN, enviar, panelDePrueba, textoDe, ver } from '#tests/setup/panel.ts';

const ANIO = new Intl.DateTimeFormat('en-CA', { timeZone: 'America/Argentina/Buenos_Aires', year: 'numeric' }).format(new Date());

describe.each(engines)('/admin/feriados (%s)', (engine) => {
  const panel = panelDePrueba(engine);
  const { auditado } = panel;

  const fila = async (fecha: string) => (await panel.t.database.db.select().from(feriados).where(eq(feriados.fecha, fecha)))[0];

  it('sólo administración; la mesa de entradas y un editor ven el 403 del spec; sin sesión, a /login', async () => {
    const res = await ver(panel.t, '/admin/feriados', panel.admin);
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('no-store');
    for (const sesion of [panel.mesa, panel.editor]) {
      const prohibida = await ver(panel.t, '/admin/feriados', sesion);
      expect(prohibida.statusCode).toBe(403);
      expect(prohibida.body).toContain('No tenés permiso para ver esta página');
      const post = await enviar(panel.t, '/admin/feriados', sesion, { intent: 'crear', fecha: '2031-03-03', nombre: 'Intruso', tipo: 'local' });
      expect(post.statusCode).toBe(403);
    }
    expect(await fila('2031-03-03')).toBeUndefined();
    const menuMesa = (await ver(panel.t, '/admin', panel.mesa)).body;
    expect(menuMesa).not.toContain('href="/admin/feriados"');
    const anonima = await ver(panel.t, '/admin/feriados?anio=2027');
    expect(anonima.statusCode).toBe(302);
    expect(anonima.headers.location).toBe('/login?siguiente=%2Fadmin%2Fferiados%3Fanio%3D2027');
  });

  it('muestra el año actual por defecto, con enlaces a este año y al siguiente y los tipos en castellano; otro año por la dirección', async () => {
    const res = await ver(panel.t, '/admin/feriados', panel.admin);
    const texto = textoDe(res.body);
    expect(texto).toContain(`Feriados de ${ANIO}`);
    expect(res.body).toContain(`href="/admin/feriados?anio=${ANIO}"`);
    expect(res.body).toContain(`href="/admin/feriados?anio=${Number(ANIO) + 1}"`);
    expect(res.body).toMatch(new RegExp(`<a href="/admin/feriados\\?anio=${ANIO}" aria-current="page">${ANIO}</a>`));
    const de2026 = textoDe((await ver(panel.t, '/admin/feriados?anio=2026', panel.admin)).body);
    expect(de2026).toContain('jueves 9 de julio de 2026 Día de la Independencia Feriado inamovible');
    expect(de2026).toContain('Puente turístico');
    expect(de2026).toContain('Día no laborable');
    expect(de2026).toContain('Feriado trasladable');
    expect(de2026).toContain('Feriado local');
    // The seeded 2027 has no puentes yet: the domain's warning shows.
    expect(textoDe((await ver(panel.t, '/admin/feriados?anio=2027', panel.admin)).body)).toContain('Todavía no hay feriados puente cargados para 2027');
    const vacio = textoDe((await ver(panel.t, '/admin/feriados?anio=2031', panel.admin)).body);
    expect(vacio).toContain('No hay feriados cargados para 2031: los plazos de ese año sólo saltean sábados y domingos.');
    expect(vacio).toContain('Cargá los feriados nacionales');
  });

  it('agregar: 303 a la lista del año con un aviso; queda en la tabla y en la auditoría; los errores, 400 con el resumen', async () => {
    const res = await enviar(panel.t, '/admin/feriados?anio=2026', panel.admin, {
      intent: 'crear',
      fecha: '2031-03-17',
      nombre: '  Asueto   de prueba ',
      tipo: 'local',
    });
    expect(res.statusCode).toBe(303);
    expect(res.headers.location).toBe('/admin/feriados?anio=2031&aviso=alta&fecha=2031-03-17');
    expect(res.headers['cache-control']).toBe('no-store');
    expect(await fila('2031-03-17')).toMatchObject({ nombre: 'Asueto de prueba', tipo: 'local' });
    expect(await auditado('feriado.alta', '2031-03-17')).toMatchObject([{ actorEmail: ADMIN.email, despues: { nombre: 'Asueto de prueba' } }]);
    const lista = await ver(panel.t, res.headers.location as string, panel.admin);
    expect(lista.body).toContain(
      '<div class="aviso aviso--exito" role="status" tabindex="-1">Agregamos el feriado del lunes 17 de marzo de 2031 (Asueto de prueba)',
    );
    expect(textoDe(lista.body)).toContain('lunes 17 de marzo de 2031 Asueto de prueba Feriado local');

    const casos: [Record<string, string>, Record<string, string>][] = [
      [{ fecha: '2031-02-30', nombre: 'X', tipo: 'local' }, { fecha: 'Ingresá una fecha válida con el formato AAAA-MM-DD' }],
      [{ fecha: '17/03/2031', nombre: 'X', tipo: 'local' }, { fecha: 'Ingresá una fecha válida con el formato AAAA-MM-DD' }],
      [{ fecha: '2101-01-01', nombre: 'X', tipo: 'local' }, { fecha: 'Ingresá una fecha entre el año 2000 y el 2100.' }],
      [{ fecha: '2031-03-18', nombre: '   ', tipo: 'local' }, { nombre: 'Escribí el nombre del feriado' }],
      [{ fecha: '2031-03-18', nombre: 'x'.repeat(5000), tipo: 'local' }, { nombre: 'Escribí el nombre con hasta 150 caracteres.' }],
      [{ fecha: '2031-03-18', nombre: 'X', tipo: '' }, { tipo: 'Elegí el tipo de feriado' }],
      [{ fecha: '2031-03-18', nombre: 'X', tipo: 'feriadazo' }, { tipo: 'Elegí el tipo de feriado' }],
      [{ fecha: '2031-03-17', nombre: 'Otro', tipo: 'local' }, { fecha: 'El lunes 17 de marzo de 2031 ya es feriado (Asueto de prueba)' }],
    ];
    for (const [campos, errores] of casos) {
      const mal = await enviar(panel.t, '/admin/feriados?anio=2031', panel.admin, { intent: 'crear', ...campos });
      expect(mal.statusCode, JSON.stringify(campos).slice(0, 80)).toBe(400);
      expect(mal.body).toContain('<title>Error: Feriados 2031');
      for (const [campo, mensaje] of Object.entries(errores)) {
        expect(mal.body).toMatch(new RegExp(`<a href="#${campo}">`));
        expect(mal.body).toMatch(new RegExp(`id="${campo}-error"`));
        expect(textoDe(mal.body)).toContain(mensaje);
      }
    }
    // What was typed comes back, cut for showing.
    const mal = await enviar(panel.t, '/admin/feriados?anio=2031', panel.admin, { intent: 'crear', fecha: '2031-03-18', nombre: 'Nombre mío', tipo: 'x' });
    expect(mal.body).toContain('value="Nombre mío"');
    expect(await fila('2031-03-18')).toBeUndefined();
  });

  it('editar: un paso de la página con los valores; cambia fecha, nombre y tipo, auditado; errores y un feriado que no existe, 400', async () => {
    await enviar(panel.t, '/admin/feriados', panel.admin, { intent: 'crear', fecha: '2031-04-21', nombre: 'Para editar', tipo: 'local' });
    const paso = await ver(panel.t, '/admin/feriados?editar=2031-04-21', panel.admin);
    expect(paso.statusCode).toBe(200);
    expect(textoDe(paso.body)).toContain('Editar el feriado del lunes 21 de abril de 2031');
    expect(paso.body).toContain('name="original" value="2031-04-21"');
    expect(paso.body).toContain('value="Para editar"');
    expect(paso.body).toMatch(/<option value="local" selected="">/);

    const invalido = await enviar(panel.t, '/admin/feriados?editar=2031-04-21', panel.admin, {
      intent: 'editar',
      original: '2031-04-21',
      fecha: '2031-04-31',
      nombre: 'Editado',
      tipo: 'puente',
    });
    expect(invalido.statusCode).toBe(400);
    expect(textoDe(invalido.body)).toContain('Editar el feriado del lunes 21 de abril de 2031');
    expect(textoDe(invalido.body)).toContain('Ingresá una fecha válida');
    expect(invalido.body).toContain('value="2031-04-31"');

    const res = await enviar(panel.t, '/admin/feriados?editar=2031-04-21', panel.admin, {
      intent: 'editar',
      original: '2031-04-21',
      fecha: '2031-04-25',
      nombre: 'Editado',
      tipo: 'puente',
    });
    expect(res.statusCode).toBe(303);
    expect(res.headers.location).toBe('/admin/feriados?anio=2031&aviso=cambio&fecha=2031-04-25');
    expect(await fila('2031-04-21')).toBeUndefined();
    expect(await fila('2031-04-25')).toMatchObject({ nombre: 'Editado', tipo: 'puente' });
    expect(await auditado('feriado.cambio', '2031-04-21')).toMatchObject([
      { antes: { fecha: '2031-04-21', nombre: 'Para editar', tipo: 'local' }, despues: { fecha: '2031-04-25', nombre: 'Editado', tipo: 'puente' } },
    ]);
    expect(textoDe((await ver(panel.t, res.headers.location as string, panel.admin)).body)).toContain(
      'Guardamos el feriado del viernes 25 de abril de 2031 (Editado)',
    );

    const noExiste = await enviar(panel.t, '/admin/feriados', panel.admin, {
      intent: 'editar',
      original: '2031-04-21',
      fecha: '2031-04-22',
      nombre: 'X',
      tipo: 'local',
    });
    expect(noExiste.statusCode).toBe(400);
    expect(textoDe(noExiste.body)).toContain('No hay un feriado el lunes 21 de abril de 2031');
    for (const original of ['', 'ayer', '2031-02-30', 'x'.repeat(3000)]) {
      const mal = await enviar(panel.t, '/admin/feriados', panel.admin, { intent: 'editar', original, fecha: '2031-04-22', nombre: 'X', tipo: 'local' });
      expect(mal.statusCode, original.slice(0, 20)).toBe(400);
      expect(textoDe(mal.body)).toContain('No hay un feriado en esa fecha');
    }
    for (const url of ['/admin/feriados?editar=2031-04-21', '/admin/feriados?borrar=2031-04-22']) {
      const paso = await ver(panel.t, url, panel.admin);
      expect(paso.statusCode, url).toBe(400);
      expect(textoDe(paso.body)).toMatch(/No hay un feriado el \w+ 2\d de abril de 2031/);
    }
  });

  it('borrar: pide confirmación en una página; sin confirmar no borra; confirmado, 303, auditado; otra vez, 400', async () => {
    await enviar(panel.t, '/admin/feriados', panel.admin, { intent: 'crear', fecha: '2031-06-02', nombre: 'Para borrar', tipo: 'no_laborable' });
    const lista = await ver(panel.t, '/admin/feriados?anio=2031', panel.admin);
    expect(lista.body).toContain('href="/admin/feriados?borrar=2031-06-02"');
    const paso = await ver(panel.t, '/admin/feriados?borrar=2031-06-02', panel.admin);
    expect(paso.statusCode).toBe(200);
    expect(textoDe(paso.body)).toContain('¿Borrar el feriado del lunes 2 de junio de 2031?');
    expect(textoDe(paso.body)).toContain('«Para borrar» (Día no laborable)');
    expect(paso.body).toContain('name="confirmado" value="si"');
    // The step is the page: no add form, no list.
    expect(paso.body).not.toContain('value="crear"');

    const sinConfirmar = await enviar(panel.t, '/admin/feriados?borrar=2031-06-02', panel.admin, { intent: 'borrar', fecha: '2031-06-02' });
    expect(sinConfirmar.statusCode).toBe(400);
    expect(textoDe(sinConfirmar.body)).toContain('Para borrar un feriado, confirmalo en la página que lo pregunta');
    expect(await fila('2031-06-02')).toBeDefined();

    const res = await enviar(panel.t, '/admin/feriados?borrar=2031-06-02', panel.admin, { intent: 'borrar', fecha: '2031-06-02', confirmado: 'si' });
    expect(res.statusCode).toBe(303);
    expect(res.headers.location).toBe('/admin/feriados?anio=2031&aviso=baja&fecha=2031-06-02');
    expect(await fila('2031-06-02')).toBeUndefined();
    expect(await auditado('feriado.baja', '2031-06-02')).toMatchObject([{ actorEmail: ADMIN.email, antes: { nombre: 'Para borrar' } }]);
    expect(textoDe((await ver(panel.t, res.headers.location as string, panel.admin)).body)).toContain(
      'Borramos el feriado del lunes 2 de junio de 2031: ese día vuelve a ser hábil',
    );
    const otraVez = await enviar(panel.t, '/admin/feriados', panel.admin, { intent: 'borrar', fecha: '2031-06-02', confirmado: 'si' });
    expect(otraVez.statusCode).toBe(400);
    expect(textoDe(otraVez.body)).toContain('No hay un feriado el lunes 2 de junio de 2031');
    const malFecha = await enviar(panel.t, '/admin/feriados', panel.admin, { intent: 'borrar', fecha: '2031-13-01', confirmado: 'si' });
    expect(malFecha.statusCode).toBe(400);
    expect(textoDe(malFecha.body)).toContain('Ese feriado no existe');
  });

  it('un feriado agregado o borrado cambia enseguida la fecha límite de la página de estado, que nunca se guarda en caché', async () => {
    const { codigo } = await createSolicitud(panel.t.context, { dni: '30111222', email: 'plazo@correo.test' });
    const vence = async () => {
      const res = await panel.t.app.inject({ url: `/solicitud-decretos/estado?codigo=${codigo}`, remoteAddress: '10.66.0.1' });
      expect(res.statusCode).toBe(200);
      expect(res.headers['cache-control']).toBe('no-store');
      expect(res.headers['x-cache']).not.toBe('hit');
      return /<time dateTime="(\d{4}-\d{2}-\d{2})">/.exec(res.body)![1]!;
    };
    const antes = await vence();
    // The due date itself becomes a holiday: the deadline moves to a later business day.
    const alta = await enviar(panel.t, '/admin/feriados', panel.admin, { intent: 'crear', fecha: antes, nombre: 'Asueto imprevisto', tipo: 'local' });
    expect(alta.statusCode).toBe(303);
    const despues = await vence();
    expect(despues > antes).toBe(true);
    const baja = await enviar(panel.t, '/admin/feriados', panel.admin, { intent: 'borrar', fecha: antes, confirmado: 'si' });
    expect(baja.statusCode).toBe(303);
    expect(await vence()).toBe(antes);
  });

  it('un feriado editado cambia enseguida el mes de recolección que la caché de páginas ya guardaba', async () => {
    // Next month (the page reaches 24 months either way), on a day that is no holiday yet.
    const mes = sumarDias(`${fechaEnArgentina(new Date()).slice(0, 7)}-01`, 40).slice(0, 7);
    const tomados = new Set((await panel.t.database.db.select({ fecha: feriados.fecha }).from(feriados)).map((f) => f.fecha));
    const fecha = Array.from({ length: 28 }, (_, i) => `${mes}-${String(i + 1).padStart(2, '0')}`).find((f) => !tomados.has(f))!;
    expect((await enviar(panel.t, '/admin/feriados', panel.admin, { intent: 'crear', fecha, nombre: 'Asueto de la caché', tipo: 'local' })).statusCode).toBe(
      303,
    );

    const url = `/recoleccion/centro?mes=${mes}`;
    const antes = await panel.t.app.inject({ url });
    expect(antes.statusCode).toBe(200);
    expect(antes.body).toContain('Feriado: Asueto de la caché.');
    expect((await panel.t.app.inject({ url })).headers['x-cache']).toBe('hit');

    const editado = await enviar(panel.t, `/admin/feriados?editar=${fecha}`, panel.admin, {
      intent: 'editar',
      original: fecha,
      fecha,
      nombre: 'Asueto renombrado',
      tipo: 'local',
    });
    expect(editado.statusCode).toBe(303);
    const despues = await panel.t.app.inject({ url });
    expect(despues.headers['x-cache']).toBe('miss');
    expect(despues.body).toContain('Feriado: Asueto renombrado.');
    expect(despues.body).not.toContain('Asueto de la caché');

    // Deleted: the next request shows the day without it.
    expect((await panel.t.app.inject({ url })).headers['x-cache']).toBe('hit');
    expect((await enviar(panel.t, '/admin/feriados', panel.admin, { intent: 'borrar', fecha, confirmado: 'si' })).statusCode).toBe(303);
    const sinFeriado = await panel.t.app.inject({ url });
    expect(sinFeriado.headers['x-cache']).toBe('miss');
    expect(sinFeriado.body).not.toContain('Asueto renombrado');
  });

  it('lo hostil recibe 400 en castellano, nunca 5xx', async () => {
    const gets: [string, string][] = [
      ['/admin/feriados?anio=abcd', 'Elegí un año entre 2000 y 2100'],
      ['/admin/feriados?anio=1999', 'Elegí un año entre 2000 y 2100'],
      ['/admin/feriados?anio=99999999999999999999', 'Elegí un año entre 2000 y 2100'],
      ['/admin/feriados?editar=2031-02-30', 'Ese feriado no existe'],
      [`/admin/feriados?borrar=${'9'.repeat(4000)}`, 'Ese feriado no existe'],
      ['/admin/feriados?anio=2031%00', 'bytes nulos'],
    ];
    for (const [url, texto] of gets) {
      const res = await ver(panel.t, url, panel.admin);
      expect(res.statusCode, url.slice(0, 60)).toBe(400);
      expect(textoDe(res.body), url.slice(0, 60)).toContain(texto);
    }
    // The status message after a change is built from a known word and a real date, nothing else.
    for (const url of ['/admin/feriados?anio=2031&aviso=alta&fecha=2031-02-30', '/admin/feriados?anio=2031&aviso=%3Cb%3Ehola&fecha=2031-03-17']) {
      const res = await ver(panel.t, url, panel.admin);
      expect(res.statusCode, url).toBe(200);
      expect(res.body, url).not.toContain('role="status"');
      expect(res.body, url).not.toContain('<b>hola');
    }
    const anio = await ver(panel.t, '/admin/feriados?anio=abcd', panel.admin);
    expect(anio.body).toMatch(/<a href="#anio">Año(<!-- -->)?: /);
    expect(anio.body).toContain('id="anio"');
    const posts: [Record<string, string> | string, string][] = [
      [{ intent: 'inventar', fecha: '2031-07-07' }, 'No entendimos qué querías hacer'],
      [{ fecha: '2031-07-07', nombre: 'X', tipo: 'local' }, 'No entendimos qué querías hacer'],
      ['intent=crear&fecha=2031-07-07&nombre=X%00Y&tipo=local', 'bytes nulos'],
    ];
    for (const [campos, texto] of posts) {
      const res = await enviar(panel.t, '/admin/feriados', panel.admin, campos);
      expect(res.statusCode, JSON.stringify(campos)).toBe(400);
      expect(textoDe(res.body)).toContain(texto);
    }
    expect(await fila('2031-07-07')).toBeUndefined();
  });
});
