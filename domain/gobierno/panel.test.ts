// The generic Gobierno back-office: every kind of panel-tipos.ts through the same
// schema builder and commands, on a real database: validation with Spanish messages, create at
// the end of its group, change with versions (a stale one is a conflict), move within a group,
// delete with version, roles, and the audit log of each write.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '#db/client.ts';
import { listAuditoria } from '#domain/auditoria/queries.ts';
import type { Actor } from '#domain/shared/actor.ts';
import { readForm } from '#domain/shared/form.ts';
import { urlSegura } from '#domain/shared/url-segura.ts';
import { createTestDatabase, engines } from '#tests/setup/database.ts';
import { TIPOS_PANEL, columna, tipoPanel } from './panel-tipos.ts';
import { updatePanel, removePanel, createPanel, esquemaTipo, listPanel, moverPanel, getPanel, versionDe } from './panel.ts';
import { listAreas, listSecretarias } from './queries.ts';

const editor: Actor = { usuarioId: 2, email: 'editor@villalaangostura.gob.ar', nombre: 'Beto', rol: 'editor' };
const mesa: Actor = { usuarioId: 3, email: 'mesa@villalaangostura.gob.ar', nombre: 'Carla', rol: 'mesa-de-entradas' };

const areas = tipoPanel('areas')!;
const secretarias = tipoPanel('secretarias')!;
const subsecretarias = tipoPanel('subsecretarias')!;
const plan = tipoPanel('plan-estrategico')!;
const ejecutivo = tipoPanel('ejecutivo')!;

describe('la tabla de tipos', () => {
  it('cada campo es una columna de su tabla; cada referencia, un tipo; cada grupo, un campo', () => {
    for (const t of TIPOS_PANEL) {
      expect(() => columna(t, 'id')).not.toThrow();
      for (const c of t.campos) {
        expect(() => columna(t, c.nombre), `${t.tipo}.${c.nombre}`).not.toThrow();
        if (c.tipo === 'referencia') expect(tipoPanel(c.referencia), c.nombre).toBeDefined();
      }
      if (t.ordenable) expect(() => columna(t, 'orden')).not.toThrow();
      for (const g of t.grupo ?? []) expect(t.campos.map((c) => c.nombre)).toContain(g);
      expect(t.campos.map((c) => c.nombre)).toContain(t.principal);
    }
    expect(tipoPanel('__proto__')).toBeUndefined();
    expect(tipoPanel('constructor')).toBeUndefined();
  });

  it('el esquema: recorta, exige lo obligatorio, limita el largo, valida correo, teléfono y dirección, en castellano', () => {
    const bien = readForm(esquemaTipo(areas), { nombre: '  Área   Nueva ', domicilio: '', telefono: '+54 294 449-4100 int. 12', email: '' });
    expect(bien).toMatchObject({ ok: true, datos: { nombre: 'Área Nueva', domicilio: '', telefono: '+54 294 449-4100 int. 12', email: '' } });
    const mal = readForm(esquemaTipo(areas), { nombre: '', domicilio: 'x'.repeat(201), telefono: '<script>', email: 'no es correo' });
    expect(mal.ok).toBe(false);
    if (!mal.ok) {
      expect(mal.errores).toEqual({
        nombre: 'Completá «Nombre».',
        domicilio: 'Escribí «Domicilio» con hasta 200 caracteres.',
        telefono: 'Escribí «Teléfono» con números, espacios, +, guiones o paréntesis, por ejemplo +54 294 449-4100.',
        email: 'Escribí un correo electrónico válido en «Correo electrónico», por ejemplo area@villalaangostura.gob.ar, o dejalo vacío.',
      });
    }
    const url = readForm(esquemaTipo(plan), { titulo: 'Plan', descripcion: '', url: 'javascript:alert(1)' });
    expect(url.ok).toBe(false);
    if (!url.ok) expect(url.errores.url).toMatch(/^Escribí en «Dirección \(URL\)» una dirección que empiece con https:\/\/ o http:\/\//);
    const sub = readForm(esquemaTipo(subsecretarias), { secretariaId: 'uno', nombre: 'S' });
    expect(sub.ok).toBe(false);
    if (!sub.ok) expect(sub.errores.secretariaId).toBe('Elegí secretaría de la lista.');
  });

  it('urlSegura: sólo http y https con un nombre de dominio', () => {
    for (const u of ['https://www.villalaangostura.gob.ar/turismo/', 'http://ejemplo.org', 'https://wa.me/5492944494101']) expect(urlSegura(u), u).toBe(true);
    for (const u of [
      'javascript:alert(1)',
      'JAVASCRIPT://x.com/%0aalert(1)',
      'data:text/html,x',
      '//malo.example',
      'https://',
      'https://a b.com',
      'ftp://x.org',
      ' https://x.org',
    ])
      expect(urlSegura(u), u).toBe(false);
  });

  it('la versión cambia con cualquier campo y no con el orden', () => {
    const fila = { id: 1, nombre: 'A', domicilio: 'B', telefono: '1', email: '', orden: 0 };
    expect(versionDe(areas, fila)).toBe(versionDe(areas, { ...fila, orden: 5 }));
    expect(versionDe(areas, fila)).not.toBe(versionDe(areas, { ...fila, telefono: '2' }));
  });
});

describe.each(engines)('los comandos genéricos del panel de Gobierno (%s)', (engine) => {
  let database: Database;
  beforeAll(async () => {
    database = await createTestDatabase(engine);
  });
  afterAll(() => database.close());

  const auditoria = (entidad: string, id: number) => listAuditoria(database.db, { entidad, entidadId: String(id), pagina: 1, porPagina: 20 });
  async function crear(tipo = areas, datos: Record<string, string>) {
    const r = await createPanel(database.db, editor, tipo, datos);
    if (r.tipo !== 'guardado') throw new Error(JSON.stringify(r));
    return r.id;
  }

  it('alta al final, cambio con la versión, conflicto con una versión vieja, baja; todo auditado y en la página pública', async () => {
    const a = await crear(areas, { nombre: 'Área Uno', domicilio: 'Calle 1', telefono: '111', email: 'uno@vla.gob.ar' });
    const b = await crear(areas, { nombre: 'Área Dos', domicilio: '', telefono: '', email: '' });
    expect((await listAreas(database.db)).map((x) => x.nombre)).toEqual(['Área Uno', 'Área Dos']);
    expect((await auditoria('area_municipal', a)).items).toMatchObject([{ accion: 'gobierno.alta', despues: { nombre: 'Área Uno', telefono: '111' } }]);

    const abierta = (await getPanel(database.db, areas, a))!;
    const r = await updatePanel(database.db, editor, areas, a, { ...abierta.valores, telefono: '222', version: abierta.version });
    expect(r).toEqual({ tipo: 'guardado', id: a, cambio: true });
    expect((await listAreas(database.db))[0]!.telefono).toBe('222');
    expect((await auditoria('area_municipal', a)).items[0]).toMatchObject({
      accion: 'gobierno.cambio',
      antes: { telefono: '111' },
      despues: { telefono: '222' },
    });

    // The second person opened the form before the first saved.
    const segunda = await updatePanel(database.db, editor, areas, a, { ...abierta.valores, telefono: '333', version: abierta.version });
    expect(segunda).toMatchObject({ tipo: 'conflicto', valores: { telefono: '333' }, actual: { telefono: '222' } });
    expect((await listAreas(database.db))[0]!.telefono).toBe('222');
    const sinVersion = await updatePanel(database.db, editor, areas, a, { ...abierta.valores });
    expect(sinVersion.tipo).toBe('conflicto');
    // With the new version, the save goes through.
    if (segunda.tipo === 'conflicto') {
      expect(await updatePanel(database.db, editor, areas, a, { ...segunda.valores, version: segunda.version })).toMatchObject({
        tipo: 'guardado',
        cambio: true,
      });
    }
    const igual = (await getPanel(database.db, areas, a))!;
    expect(await updatePanel(database.db, editor, areas, a, { ...igual.valores, version: igual.version })).toMatchObject({
      tipo: 'guardado',
      cambio: false,
    });

    const dos = (await getPanel(database.db, areas, b))!;
    expect(await removePanel(database.db, editor, areas, b, 'vieja')).toMatchObject({ tipo: 'conflicto' });
    expect(await removePanel(database.db, editor, areas, b, dos.version)).toEqual({ tipo: 'borrado' });
    expect(await removePanel(database.db, editor, areas, b, dos.version)).toEqual({ tipo: 'no_encontrado' });
    expect((await auditoria('area_municipal', b)).items[0]).toMatchObject({ accion: 'gobierno.baja', antes: { nombre: 'Área Dos' }, despues: null });
    expect(await updatePanel(database.db, editor, areas, b, { ...dos.valores, version: dos.version })).toEqual({ tipo: 'no_encontrado' });
  });

  it('la mesa de entradas no puede escribir nada', async () => {
    const a = await crear(areas, { nombre: 'Área Protegida', domicilio: '', telefono: '', email: '' });
    const v = (await getPanel(database.db, areas, a))!;
    for (const r of [
      await createPanel(database.db, mesa, areas, { nombre: 'Intrusa' }),
      await updatePanel(database.db, mesa, areas, a, { ...v.valores, nombre: 'Cambiada', version: v.version }),
      await removePanel(database.db, mesa, areas, a, v.version),
      await moverPanel(database.db, mesa, areas, a, 'subir'),
    ])
      expect(r.tipo).toBe('prohibido');
    expect((await getPanel(database.db, areas, a))!.valores.nombre).toBe('Área Protegida');
  });

  it('subsecretarías: referencia a una secretaría que existe, orden dentro de su secretaría, subir y bajar', async () => {
    const s1 = await crear(secretarias, { nombre: 'Secretaría A', secretarioNombre: 'Ana', secretarioEmail: '', secretarioTelefono: '' });
    const s2 = await crear(secretarias, { nombre: 'Secretaría B', secretarioNombre: 'Beto', secretarioEmail: '', secretarioTelefono: '' });
    const inexistente = await createPanel(database.db, editor, subsecretarias, { secretariaId: '999999', nombre: 'Huérfana' });
    expect(inexistente).toMatchObject({ tipo: 'invalido', errores: { secretariaId: 'Elegí secretaría de la lista: la elegida ya no existe.' } });
    const x = await crear(subsecretarias, { secretariaId: String(s1), nombre: 'Sub X' });
    const y = await crear(subsecretarias, { secretariaId: String(s1), nombre: 'Sub Y' });
    const z = await crear(subsecretarias, { secretariaId: String(s2), nombre: 'Sub Z' });
    const subsDe = async (nombre: string) =>
      (await listSecretarias(database.db)).find((s) => s.secretaria.nombre === nombre)!.subSecretariaList.map((s) => s.nombre);
    expect(await subsDe('Secretaría A')).toEqual(['Sub X', 'Sub Y']);
    expect(await moverPanel(database.db, editor, subsecretarias, y, 'subir')).toEqual({ tipo: 'movido' });
    expect(await subsDe('Secretaría A')).toEqual(['Sub Y', 'Sub X']);
    expect(await moverPanel(database.db, editor, subsecretarias, y, 'subir')).toEqual({ tipo: 'sin_cambio' });
    expect(await moverPanel(database.db, editor, subsecretarias, z, 'bajar')).toEqual({ tipo: 'sin_cambio' });
    expect((await auditoria('subsecretaria', y)).items[0]).toMatchObject({ accion: 'gobierno.orden', antes: { posicion: 2 }, despues: { posicion: 1 } });

    const lista = await listPanel(database.db, subsecretarias, { pagina: 1 });
    const enLista = (id: number) => lista.items.find((i) => i.id === id)!;
    expect(enLista(y)).toMatchObject({ primero: true, ultimo: false });
    expect(enLista(x)).toMatchObject({ primero: false, ultimo: true });
    expect(enLista(z)).toMatchObject({ primero: true, ultimo: true });

    // Moved to the other secretaría: it goes to the end there.
    const vx = (await getPanel(database.db, subsecretarias, x))!;
    await updatePanel(database.db, editor, subsecretarias, x, { ...vx.valores, secretariaId: String(s2), version: vx.version });
    expect(await subsDe('Secretaría B')).toEqual(['Sub Z', 'Sub X']);
  });

  it('la lista: búsqueda literal, orden por un campo, páginas de 25', async () => {
    for (let i = 1; i <= 27; i++) await crear(plan, { titulo: `Enlace ${String(i).padStart(2, '0')}`, descripcion: '', url: `https://plan.example.org/${i}` });
    const todos = await listPanel(database.db, plan, { pagina: 1 });
    expect(todos.total).toBe(27);
    expect(todos.items).toHaveLength(25);
    expect(todos.items[0]!.valores.titulo).toBe('Enlace 01');
    expect((await listPanel(database.db, plan, { pagina: 2 })).items).toHaveLength(2);
    const desc = await listPanel(database.db, plan, { pagina: 1, orden: 'titulo', sentido: 'desc' });
    expect(desc.items[0]!.valores.titulo).toBe('Enlace 27');
    expect((await listPanel(database.db, plan, { pagina: 1, texto: 'enlace 1' })).total).toBe(10);
    expect((await listPanel(database.db, plan, { pagina: 1, texto: '%' })).total).toBe(0);
    // An unknown sort field falls back to the public order.
    expect((await listPanel(database.db, plan, { pagina: 1, orden: 'contrasena' })).items[0]!.valores.titulo).toBe('Enlace 01');
  });

  it('un tipo de un solo elemento (el Ejecutivo) no se borra ni se mueve', async () => {
    const id = await crear(ejecutivo, {
      intendenteNombre: 'Intendenta',
      intendenteEmail: '',
      intendenteTelefono: '',
      viceIntendenteNombre: 'Vice',
      viceIntendenteEmail: '',
      viceIntendenteTelefono: '',
    });
    const v = (await getPanel(database.db, ejecutivo, id))!;
    expect(await removePanel(database.db, editor, ejecutivo, id, v.version)).toMatchObject({ tipo: 'prohibido' });
    expect(await moverPanel(database.db, editor, ejecutivo, id, 'subir')).toEqual({ tipo: 'sin_cambio' });
  });
});
