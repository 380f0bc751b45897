// The audit page /admin/auditoria and its CSV over HTTP on the built app: entries read as
// sentences in Buenos Aires time; filters by person, section and dates in the URL; the CSV of the
// same rows with Spanish headers; administrators only; hostile filters answered with a Spanish
// message or an empty list, never a 500.
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditoria, usuarios } from '#db/schema/index.ts';
import { ENTIDADES_AUDITORIA } from '#domain/auditoria/acciones.ts';
import { TIPOS_PANEL } from '#domain/gobierno/panel-tipos.ts';
import { type TestApp, createTestApp } from '#tests/setup/app.ts';
import { engines } from '#tests/setup/database.ts';
import { ADMIN, EDITOR, enviar, ingresar, textoDe, ver } from '#tests/setup/panel.ts';

describe.each(engines)('/admin/auditoria (%s)', (engine) => {
  let t: TestApp;
  let admin: string;
  let editor: string;
  let adminId: number;
  let editorId: number;

  beforeAll(async () => {
    t = await createTestApp(engine);
    [admin, editor] = await Promise.all([ingresar(t, ADMIN), ingresar(t, EDITOR)]);
    const id = async (email: string) => (await t.database.db.select({ id: usuarios.id }).from(usuarios).where(eq(usuarios.email, email)))[0]!.id;
    [adminId, editorId] = await Promise.all([id(ADMIN.email), id(EDITOR.email)]);
    // Through the page, as staff do: Ana Quintriqueo adds a holiday.
    const alta = await enviar(t, '/admin/feriados', admin, { intent: 'crear', fecha: '2031-03-03', nombre: 'Asueto de auditoría', tipo: 'local' });
    expect(alta.statusCode).toBe(303);
    // Rows already in the database, as older versions left them: a date of their own, a code the
    // catalogue does not know, values missing, a cell a spreadsheet would read as a formula.
    await t.database.db.insert(auditoria).values([
      { fecha: new Date('2020-05-10T12:00:00Z'), accion: 'ordenanza.alta', entidad: 'ordenanza', entidadId: '1', despues: { numero: 4211, anio: 2025 } },
      { fecha: new Date('2020-05-11T12:00:00Z'), accion: 'area.alta', entidad: 'area_municipal', entidadId: '=1+1' },
      {
        fecha: new Date('2020-05-12T12:00:00Z'),
        accion: 'ordenanza.cambio',
        entidad: 'ordenanza',
        entidadId: '2',
        usuarioId: editorId,
        actorEmail: EDITOR.email,
        actorRol: 'editor',
      },
    ]);
  });
  afterAll(() => t?.close());

  const pagina = async (consulta: string, sesion = admin) => {
    const res = await ver(t, `/admin/auditoria${consulta}`, sesion);
    return { res, texto: textoDe(res.body) };
  };

  it('cada entrada es una frase: quién, qué y cuándo, en la hora de Buenos Aires; el detalle guarda los códigos', async () => {
    const { res, texto } = await pagina('');
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('no-store');
    const [fila] = await t.database.db.select({ fecha: auditoria.fecha }).from(auditoria).where(eq(auditoria.accion, 'feriado.alta'));
    const fecha = new Intl.DateTimeFormat('es-AR', { day: '2-digit', month: '2-digit', year: 'numeric', timeZone: 'America/Argentina/Buenos_Aires' }).format(
      fila!.fecha,
    );
    const hora = new Intl.DateTimeFormat('es-AR', { hour: '2-digit', minute: '2-digit', hourCycle: 'h23', timeZone: 'America/Argentina/Buenos_Aires' }).format(
      fila!.fecha,
    );
    expect(texto).toContain(`Ana Quintriqueo agregó el feriado del 03/03/2031 (Asueto de auditoría) el ${fecha} a las ${hora}`);
    expect(texto).toContain('Ana Quintriqueo ingresó al panel');
    // Older rows, on their own page of dates.
    const viejas = (await pagina('?desde=2020-05-10&hasta=2020-05-12')).texto;
    expect(viejas).toContain('El sistema cargó la ordenanza 4211/2025 el 10/05/2020 a las 09:00');
    expect(viejas).toContain('Bruno Epulef modificó una ordenanza el 12/05/2020 a las 09:00');
    expect(viejas).toContain('El sistema registró «area.alta» sobre area_municipal =1+1');
    // The demo's ordinances went through the command staff use: audited as the system.
    expect((await pagina('?seccion=ordenanzas')).texto).toMatch(/El sistema cargó la ordenanza \d+\/\d{4} el /);
    // The codes and values stay, under «Detalle».
    expect(res.body).toContain('<summary>Detalle</summary>');
    expect(res.body).toContain('<code>feriado.alta</code>');
    expect(texto).toContain('"nombre":"Asueto de auditoría"');
    for (const etiqueta of ['Persona', 'Sección', 'Desde', 'Hasta']) expect(res.body).toMatch(new RegExp(`<label for="[a-z]+">${etiqueta}</label>`));
  });

  it('filtra por persona, por sección y por fechas, y los filtros quedan en la dirección de las páginas y del CSV', async () => {
    const deSeccion = await pagina('?seccion=feriados');
    expect(deSeccion.texto).toContain('agregó el feriado del 03/03/2031');
    expect(deSeccion.texto).not.toContain('ingresó al panel');
    expect(deSeccion.texto).toContain('1 registro');
    expect(deSeccion.res.body).toContain('href="/admin/auditoria.csv?seccion=feriados"');
    expect((await pagina('?seccion=cuenta')).texto).toContain('Ana Quintriqueo ingresó al panel');

    const deAna = await pagina(`?persona=${adminId}`);
    expect(deAna.texto).toContain('agregó el feriado');
    expect(deAna.texto).not.toContain('Bruno Epulef modificó');
    const deBruno = await pagina(`?persona=${editorId}&seccion=ordenanzas`);
    expect(deBruno.texto).toContain('Bruno Epulef modificó una ordenanza');
    expect(deBruno.texto).toContain('1 registro');

    const unDia = await pagina('?desde=2020-05-10&hasta=2020-05-10');
    expect(unDia.texto).toContain('1 registro');
    expect(unDia.texto).toContain('El sistema cargó la ordenanza 4211/2025');
    expect((await pagina('?desde=2020-05-10&hasta=2020-05-12')).texto).toContain('3 registros');
    expect((await pagina('?desde=2019-01-01&hasta=2019-12-31')).texto).toContain('No hay registros con esos filtros.');
    // Links into the log by code keep working (a request's history, the sign-ins).
    expect((await pagina('?accion=sesion.ingreso')).texto).not.toContain('agregó el feriado');
    expect((await pagina('?entidad=feriado')).texto).toContain('1 registro');
  });

  it('el CSV: los registros filtrados, encabezados en castellano, fórmulas neutralizadas', async () => {
    const res = await ver(t, '/admin/auditoria.csv?desde=2020-05-10&hasta=2020-05-12', admin);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(res.headers['content-disposition']).toBe('attachment; filename="auditoria.csv"');
    expect(res.headers['cache-control']).toBe('no-store');
    const lineas = res.body.split('\r\n').filter(Boolean);
    expect(lineas[0]).toBe('\uFEFFFecha,Hora,Persona,Correo electrónico,Rol,Sección,Qué hizo,Código de la acción,Entidad,Identificador,Antes,Después');
    expect(lineas).toHaveLength(4);
    expect(lineas[1]).toBe(`12/05/2020,09:00,Bruno Epulef,${EDITOR.email},editor,Ordenanzas,modificó una ordenanza,ordenanza.cambio,ordenanza,2,,`);
    expect(lineas[2]).toContain(",Otra,registró «area.alta» sobre area_municipal =1+1,area.alta,area_municipal,'=1+1,,");
    expect(lineas[3]).toBe(
      '10/05/2020,09:00,El sistema,,,Ordenanzas,cargó la ordenanza 4211/2025,ordenanza.alta,ordenanza,1,,"{""anio"":2025,""numero"":4211}"',
    );
    const todos = await ver(t, '/admin/auditoria.csv', admin);
    expect(todos.body.split('\r\n').filter(Boolean)).toHaveLength((await t.database.db.$count(auditoria)) + 1);
  });

  it('sólo administración: un editor ve 403 también en el CSV; sin sesión, a /login', async () => {
    expect((await ver(t, '/admin/auditoria.csv', editor)).statusCode).toBe(403);
    const anonima = await ver(t, '/admin/auditoria.csv?seccion=feriados');
    expect(anonima.statusCode).toBe(302);
    expect(anonima.headers.location).toBe('/login?siguiente=%2Fadmin%2Fauditoria.csv%3Fseccion%3Dferiados');
  });

  it('filtros hostiles: un mensaje en castellano o una lista vacía, nunca un error del servidor', async () => {
    const invalidos: [string, string][] = [
      ['?desde=2026-02-30', 'Desde: Escribí una fecha que exista, como 28/11/2026.'],
      ['?hasta=ayer', 'Hasta: Escribí una fecha que exista, como 28/11/2026.'],
      ['?desde=2026-05-02&hasta=2026-05-01', 'Hasta: La fecha «Hasta» tiene que ser igual o posterior a «Desde».'],
      ['?persona=1%20or%201%3D1', 'Persona: Elegí una persona de la lista.'],
      [`?seccion=${encodeURIComponent("x' OR '1'='1")}`, 'Sección: Elegí una sección de la lista.'],
    ];
    for (const [consulta, mensaje] of invalidos) {
      const { res, texto } = await pagina(consulta);
      expect(res.statusCode, consulta).toBe(400);
      expect(texto, consulta).toContain('Revisá los filtros');
      expect(texto, consulta).toContain(mensaje);
      expect(res.body, consulta).toMatch(/<title>Error: Auditoría/);
      const csv = await ver(t, `/admin/auditoria.csv${consulta}`, admin);
      expect(csv.statusCode, consulta).toBe(400);
      expect(csv.body, consulta).toMatch(/^Revisá los filtros de la auditoría: /);
    }
    const vacios = [
      '?persona=999999',
      `?entidad=${encodeURIComponent("'; drop table auditoria; --")}`,
      `?accion=${encodeURIComponent('%_\\')}`,
      `?entidad=${'x'.repeat(5000)}`,
    ];
    for (const consulta of vacios) {
      const { res, texto } = await pagina(consulta);
      expect(res.statusCode, consulta).toBe(200);
      expect(texto, consulta).toContain('No hay registros con esos filtros.');
      expect((await ver(t, `/admin/auditoria.csv${consulta}`, admin)).statusCode, consulta).toBe(200);
    }
    // Not a page: said on a field of its own that shows what was typed, as on every back-office list.
    for (const escrita of ['-3', 'abc', '99999999999999', '0', '<b>2</b>']) {
      const consulta = `?pagina=${encodeURIComponent(escrita)}`;
      const { res, texto } = await pagina(consulta);
      expect(res.statusCode, consulta).toBe(400);
      expect(texto, consulta).toMatch(/Página: Escribí un número de página entre 1 y [\d.]+, o dejalo vacío para ver la primera\./);
      const campo = /<input[^>]*id="pagina"[^>]*>/.exec(res.body)?.[0] ?? '';
      const valor = escrita.replaceAll('&', '&amp;').replaceAll('<', '&lt;').replaceAll('>', '&gt;');
      expect(campo, consulta).toContain(`value="${valor}"`);
      expect(campo, consulta).toContain('aria-invalid="true"');
      expect(campo, consulta).toContain('aria-describedby="pagina-error"');
      expect(res.body, consulta).toMatch(/<label for="pagina">Página<\/label>/);
      expect((await ver(t, `/admin/auditoria.csv${consulta}`, admin)).statusCode, consulta).toBe(400);
    }
    for (const consulta of ['?pagina=500', '?pagina=', '?persona=&seccion=&desde=&hasta=']) {
      const { res } = await pagina(consulta);
      expect(res.statusCode, consulta).toBe(200);
      expect(res.body, consulta).not.toContain('id="pagina"');
    }
    // The table is still there after the injection attempts.
    expect(await t.database.db.$count(auditoria)).toBeGreaterThan(5);
  });

  it('cada entidad de los paneles genéricos tiene su nombre en las frases', () => {
    for (const tipo of TIPOS_PANEL) expect(ENTIDADES_AUDITORIA[tipo.entidad], tipo.entidad).toBeDefined();
  });
});
