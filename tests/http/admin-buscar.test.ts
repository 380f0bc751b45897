import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertPanel } from '#tests/factories/gobierno.ts';
import { insertOrdenanza } from '#tests/factories/ordenanzas.ts';
import { type TestApp, createTestApp } from '#tests/setup/app.ts';
import { engines } from '#tests/setup/database.ts';
import { ADMIN, EDITOR, MESA, ingresar, textoDe, ver } from '#tests/setup/panel.ts';

// «Buscar en el panel» (app/features/admin/busqueda.server.ts): one box, every list the role opens.
describe.each(engines)('/admin/buscar (%s)', (engine) => {
  let t: TestApp;
  let admin: string;
  let editor: string;
  let mesa: string;
  let ordenanzaId: number;
  let areaId: number;

  beforeAll(async () => {
    t = await createTestApp(engine);
    [admin, editor, mesa] = await Promise.all([ingresar(t, ADMIN), ingresar(t, EDITOR), ingresar(t, MESA)]);
    ordenanzaId = await insertOrdenanza(t.context, { numero: 9917, anio: 2026, descripcion: 'Protección de los bosques de Quetrihué' });
    areaId = await insertPanel(t.context, 'areas', { nombre: 'Oficina de Quetrihué', telefono: '+54 294 449-0000' });
  });
  afterAll(() => t?.close());

  const buscar = async (q: string, sesion = admin) => {
    const res = await ver(t, `/admin/buscar?q=${encodeURIComponent(q)}`, sesion);
    return { res, texto: textoDe(res.body) };
  };

  it('una palabra encuentra la ordenanza por su descripción y el área por su nombre, cada una con su enlace', async () => {
    const { res, texto } = await buscar('quetrihue');
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toContain('no-store');
    expect(texto).toContain('Ordenanzas (1 resultado)');
    expect(texto).toContain('Ordenanza 9917/2026 · Protección de los bosques de Quetrihué');
    expect(res.body).toContain(`href="/admin/ordenanzas/${ordenanzaId}"`);
    expect(texto).toContain('Gobierno (1 resultado)');
    expect(res.body).toContain(`href="/admin/gobierno/areas/${areaId}"`);
    expect(texto).toMatch(/2 resultados para «quetrihue»/);
  });

  it('un número con año es esa ordenanza; un número de boletín, ese boletín; un vehículo por su nombre', async () => {
    const porNumero = await buscar('9917/2026');
    expect(porNumero.res.body).toContain(`href="/admin/ordenanzas/${ordenanzaId}"`);
    const boletin = await buscar('312');
    expect(boletin.texto).toMatch(/Boletines oficiales \(\d+ resultados?\)/);
    expect(boletin.texto).toContain('Boletín Oficial N° 312');
    const vehiculo = await buscar('recolector');
    expect(vehiculo.texto).toMatch(/Vehículos \(2 resultados\)/);
  });

  it('cada rol busca sólo en lo que abre: usuarios para administración; la mesa, sólo sus solicitudes', async () => {
    const comoAdmin = await buscar('demo.villalaangostura');
    expect(comoAdmin.texto).toMatch(/Usuarios \(\d+ resultados?\)/);
    const comoEditor = await buscar('demo.villalaangostura', editor);
    expect(comoEditor.res.statusCode).toBe(200);
    expect(comoEditor.texto).not.toContain('Usuarios (');
    const mesaBusca = await buscar('quetrihue', mesa);
    expect(mesaBusca.res.statusCode).toBe(200);
    expect(mesaBusca.texto).not.toContain('Ordenanza 9917/2026');
    expect(mesaBusca.texto).toContain('Busca en Solicitudes de decretos:');
    expect(mesaBusca.texto).toContain('No encontramos «quetrihue» en el panel.');
    expect(comoEditor.texto).toContain('Busca en Ordenanzas, Boletines oficiales, Estados contables, Sueldos y Gobierno:');
  });

  it('la caja está en la cabecera de cada página del panel, con su etiqueta; sin sesión, al ingreso', async () => {
    const inicio = await ver(t, '/admin', editor);
    expect(inicio.body).toMatch(/<form[^>]*action="\/admin\/buscar"[^>]*role="search"|<form[^>]*role="search"[^>]*action="\/admin\/buscar"/);
    expect(inicio.body).toContain('<label for="buscar-en-el-panel" class="visually-hidden">Buscar en el panel</label>');
    const anonima = await ver(t, '/admin/buscar?q=9917');
    expect(anonima.statusCode).toBe(302);
    expect(anonima.headers.location).toBe('/login?siguiente=%2Fadmin%2Fbuscar%3Fq%3D9917');
  });

  it('búsquedas hostiles: un mensaje en castellano o nada encontrado, nunca un error del servidor ni HTML ajeno', async () => {
    const largo = await buscar('x'.repeat(101));
    expect(largo.res.statusCode).toBe(400);
    expect(largo.texto).toContain('Escribí hasta 100 caracteres: un número, un código o algunas palabras.');
    expect(largo.res.body).toMatch(/<title>Error: /);
    for (const q of ['<script>alert(1)</script>', "' or 1=1 --", '%', '_', '\\', '9999999999999/2026', 'SD-2026-', '  ', '"; drop table ordenanzas; --']) {
      const { res } = await buscar(q);
      expect(res.statusCode, q).toBe(200);
      expect(res.body, q).not.toContain('<script>alert(1)</script>');
    }
    // Still there after the attempts.
    expect((await buscar('9917/2026')).res.body).toContain(`href="/admin/ordenanzas/${ordenanzaId}"`);
  });
});
