import { createHash } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '#db/client.ts';
import { areasMunicipales, auditoria, clavesOpen311, organismosReclamo } from '#db/schema/index.ts';
import { fraseDeAccion } from '#domain/auditoria/frases.ts';
import type { Actor } from '#domain/shared/actor.ts';
import { PermisoDenegadoError } from '#domain/shared/permisos.ts';
import { insertarUsuario } from '#tests/factories/usuarios.ts';
import { createTestDatabase, engines } from '#tests/setup/database.ts';
import {
  activarCategoria,
  activarOrganismo,
  aplicarPlantilla,
  borrarPlantilla,
  crearCategoria,
  crearOrganismo,
  crearPlantilla,
  editarCategoria,
  editarOrganismo,
  editarPlantilla,
  emitirClaveOpen311,
  getCategoriaPorCodigo,
  listCategorias,
  listCategoriasActivas,
  listClaves,
  listOrganismos,
  listPlantillas,
  moverCategoria,
  revocarClaveOpen311,
  validarPreguntas,
  verificarClaveOpen311,
} from './catalogo.ts';

describe('las plantillas se completan y sus marcadores se revisan (puro)', () => {
  it('aplicarPlantilla completa los marcadores conocidos y deja el resto', () => {
    expect(
      aplicarPlantilla('El reclamo {codigo} de {categoria} en {direccion} vence el {vence}. {otro}', {
        codigo: 'RC-1',
        categoria: 'Bache',
        vence: '10/12/2026',
      }),
    ).toBe('El reclamo RC-1 de Bache en  vence el 10/12/2026. {otro}');
  });

  it('las preguntas: tipos, opciones y códigos repetidos, con el número de fila', () => {
    const fila = { codigo: '', etiqueta: 'Número de poste', tipo: 'numero', requerida: false, opciones: '' };
    expect(validarPreguntas([fila])).toEqual({
      ok: true,
      preguntas: [{ codigo: 'numero-de-poste', etiqueta: 'Número de poste', tipo: 'numero', requerida: false }],
    });
    expect(validarPreguntas([fila, fila])).toEqual({ ok: false, mensaje: 'Pregunta 2: el código «numero-de-poste» ya lo usa otra pregunta de la categoría.' });
    expect(validarPreguntas([{ ...fila, tipo: 'fecha' }])).toMatchObject({ ok: false, mensaje: expect.stringMatching(/^Pregunta 1: elegí el tipo/) });
    expect(validarPreguntas([{ ...fila, tipo: 'opcion', opciones: 'Sólo una' }])).toEqual({
      ok: false,
      mensaje: 'Pregunta 1: escribí al menos dos opciones, una por línea.',
    });
    expect(validarPreguntas([{ ...fila, tipo: 'texto', opciones: 'a\nb' }])).toMatchObject({
      ok: false,
      mensaje: expect.stringContaining('sólo las preguntas de tipo opción'),
    });
    expect(validarPreguntas([{ ...fila, codigo: 'Con Mayúsculas' }])).toMatchObject({ ok: false, mensaje: expect.stringContaining('letras minúsculas') });
    expect(validarPreguntas([{ ...fila, etiqueta: '' }])).toEqual({ ok: false, mensaje: 'Pregunta 1: escribí la pregunta que ve quien reclama.' });
    expect(validarPreguntas([{ ...fila, tipo: 'opcion', opciones: 'chico: Chico\nGrande como un auto' }])).toEqual({
      ok: true,
      preguntas: [
        {
          codigo: 'numero-de-poste',
          etiqueta: 'Número de poste',
          tipo: 'opcion',
          requerida: false,
          opciones: [
            { clave: 'chico', nombre: 'Chico' },
            { clave: 'grande-como-un-auto', nombre: 'Grande como un auto' },
          ],
        },
      ],
    });
  });
});

describe.each(engines)('el catálogo de reclamos (%s)', (engine) => {
  let database: Database;
  let admin: Actor;
  let editor: Actor;
  let mesa: Actor;
  beforeAll(async () => {
    database = await createTestDatabase(engine);
    const db = database.db;
    const [a, e, m] = await Promise.all([
      insertarUsuario(db, { rol: 'administrador', email: 'admin.reclamos@villalaangostura.gob.ar', nombre: 'Ana Admin' }),
      insertarUsuario(db, { rol: 'editor', email: 'editor.reclamos@villalaangostura.gob.ar', nombre: 'Eva Editora' }),
      insertarUsuario(db, { rol: 'mesa-de-entradas', email: 'mesa.reclamos@villalaangostura.gob.ar', nombre: 'Beto Mesa' }),
    ]);
    [admin, editor, mesa] = [a.actor, e.actor, m.actor];
  });
  afterAll(() => database.close());

  const ultimaFrase = async () => {
    const [fila] = await database.db
      .select()
      .from(auditoria)
      .orderBy(auditoria.id)
      .limit(1)
      .offset((await database.db.$count(auditoria)) - 1);
    return fraseDeAccion(fila!, new Map());
  };

  it('una categoría se crea con sus preguntas, se edita, se desactiva y se ordena; todo en la auditoría', async () => {
    const ctx = { db: database.db };
    const [area] = await database.db.insert(areasMunicipales).values({ nombre: 'Obras Públicas' }).returning();
    const r = await crearCategoria(ctx, admin, {
      nombre: '  Luminaria   apagada ',
      grupo: 'Alumbrado',
      aviso: 'Si hay cables caídos, llamá al 103.',
      radioDuplicadosM: '40',
      plazoDiasHabiles: '5',
      areaId: String(area!.id),
      servicioVehiculo: 'ninguno',
      pregunta_etiqueta_1: 'Número de poste',
      pregunta_tipo_1: 'numero',
      pregunta_etiqueta_3: '¿Está dañada?',
      pregunta_tipo_3: 'si_no',
      pregunta_requerida_3: 'on',
    });
    expect(r).toMatchObject({
      tipo: 'guardado',
      categoria: {
        codigo: 'luminaria-apagada',
        nombre: 'Luminaria apagada',
        radioDuplicadosM: 40,
        plazoDiasHabiles: 5,
        areaId: area!.id,
        servicioVehiculo: null,
        activa: true,
        preguntas: [
          { codigo: 'numero-de-poste', tipo: 'numero', requerida: false },
          { codigo: 'esta-danada', tipo: 'si_no', requerida: true },
        ],
      },
    });
    expect(await ultimaFrase()).toBe('agregó la categoría de reclamos «Luminaria apagada»');
    if (r.tipo !== 'guardado') return;
    // The same code again, typed or made from the name.
    expect(await crearCategoria(ctx, admin, { nombre: 'Luminaria apagada' })).toMatchObject({
      tipo: 'invalido',
      errores: { nombre: expect.stringContaining('Ya hay una categoría con el código «luminaria-apagada»') },
    });
    const bache = await crearCategoria(ctx, admin, { nombre: 'Bache', codigo: 'bache', servicioVehiculo: 'vialidad' });
    expect(bache).toMatchObject({ tipo: 'guardado', categoria: { servicioVehiculo: 'vialidad', radioDuplicadosM: 50, plazoDiasHabiles: 10 } });
    if (bache.tipo !== 'guardado') return;
    expect(await editarCategoria(ctx, admin, bache.categoria.id, { nombre: 'Bache', codigo: 'luminaria-apagada' })).toMatchObject({
      tipo: 'invalido',
      errores: { codigo: expect.stringContaining('Ya hay una categoría') },
    });
    expect(await editarCategoria(ctx, admin, bache.categoria.id, { nombre: 'Bache o pozo', codigo: 'bache', plazoDiasHabiles: '15' })).toMatchObject({
      tipo: 'guardado',
      categoria: { nombre: 'Bache o pozo', plazoDiasHabiles: 15, servicioVehiculo: null },
    });
    expect(await ultimaFrase()).toBe('modificó la categoría de reclamos «Bache o pozo»');
    expect((await getCategoriaPorCodigo(database.db, 'bache'))?.nombre).toBe('Bache o pozo');
    expect(await getCategoriaPorCodigo(database.db, 'no-existe')).toBeUndefined();
    expect(await editarCategoria(ctx, admin, 999_999, { nombre: 'X' })).toMatchObject({ tipo: 'no_encontrado' });

    // Order: the bache goes up, first.
    expect((await listCategorias(database.db)).map((c) => c.codigo)).toEqual(['luminaria-apagada', 'bache']);
    await moverCategoria(ctx, admin, bache.categoria.id, 'arriba');
    expect((await listCategorias(database.db)).map((c) => c.codigo)).toEqual(['bache', 'luminaria-apagada']);
    expect(await ultimaFrase()).toBe('movió la categoría de reclamos «Bache o pozo» al puesto 1');
    // Up from the top stays.
    await moverCategoria(ctx, admin, bache.categoria.id, 'arriba');
    expect((await listCategorias(database.db)).map((c) => c.codigo)).toEqual(['bache', 'luminaria-apagada']);

    await activarCategoria(ctx, admin, r.categoria.id, false);
    expect((await listCategoriasActivas(database.db)).map((c) => c.codigo)).toEqual(['bache']);
    expect(await ultimaFrase()).toBe('dejó de ofrecer la categoría de reclamos «Luminaria apagada»');
    await activarCategoria(ctx, admin, r.categoria.id, true);
    expect((await listCategoriasActivas(database.db)).map((c) => c.codigo)).toEqual(['bache', 'luminaria-apagada']);
  });

  it('una categoría mal escrita vuelve con un error en castellano por campo y lo tipeado', async () => {
    const ctx = { db: database.db };
    const r = await crearCategoria(ctx, admin, {
      nombre: '',
      codigo: 'Con Espacios',
      radioDuplicadosM: '2000',
      plazoDiasHabiles: 'diez',
      areaId: '999999',
      servicioVehiculo: 'barrido',
      pregunta_etiqueta_1: 'Tamaño',
      pregunta_tipo_1: 'opcion',
      pregunta_opciones_1: 'Chico',
      descripcion: 'x'.repeat(1001),
    });
    expect(r).toEqual({
      tipo: 'invalido',
      errores: {
        nombre: 'Escribí el nombre de la categoría, por ejemplo «Bache».',
        codigo: expect.stringContaining('sólo letras minúsculas'),
        descripcion: 'La descripción puede tener hasta 1000 caracteres.',
        radioDuplicadosM: 'Escribí el radio de duplicados en metros, un número entero entre 5 y 1000.',
        plazoDiasHabiles: 'Escribí el plazo en días hábiles, un número entero entre 1 y 365.',
        areaId: 'Esa área ya no existe: elegí una de la lista.',
        servicioVehiculo: 'Elegí el servicio de vehículos de la lista: ninguno, recolección o vialidad.',
        preguntas: 'Pregunta 1: escribí al menos dos opciones, una por línea.',
      },
      valores: expect.objectContaining({ codigo: 'Con Espacios', radioDuplicadosM: '2000', plazoDiasHabiles: 'diez' }),
    });
    // A hostile JSON body: questions that are not a list, values of the wrong type.
    expect(await crearCategoria(ctx, admin, { nombre: 'Ruido', preguntas: { codigo: 'x' }, radioDuplicadosM: 4 })).toMatchObject({
      tipo: 'invalido',
      errores: { preguntas: 'Las preguntas tienen que ser una lista.', radioDuplicadosM: expect.any(String) },
    });
    expect(
      await crearCategoria(ctx, admin, {
        nombre: 'Ruido molesto',
        preguntas: [
          {
            etiqueta: 'Horario',
            tipo: 'opcion',
            opciones: [
              { clave: 'dia', nombre: 'De día' },
              { clave: 'noche', nombre: 'De noche' },
            ],
            requerida: true,
          },
        ],
      }),
    ).toMatchObject({ tipo: 'guardado', categoria: { preguntas: [{ codigo: 'horario', opciones: [{ clave: 'dia' }, { clave: 'noche' }], requerida: true }] } });
  });

  it('sólo administración cambia categorías, organismos y claves; las plantillas también la mesa y los editores', async () => {
    const ctx = { db: database.db };
    for (const actor of [editor, mesa]) {
      await expect(crearCategoria(ctx, actor, { nombre: 'Prohibida' })).rejects.toBeInstanceOf(PermisoDenegadoError);
      await expect(crearOrganismo(ctx, actor, { nombre: 'X', email: 'x@x.com.ar' })).rejects.toBeInstanceOf(PermisoDenegadoError);
      await expect(emitirClaveOpen311(ctx, actor, { nombre: 'X' })).rejects.toBeInstanceOf(PermisoDenegadoError);
      await expect(revocarClaveOpen311(ctx, actor, 1)).rejects.toBeInstanceOf(PermisoDenegadoError);
      await expect(moverCategoria(ctx, actor, 1, 'abajo')).rejects.toBeInstanceOf(PermisoDenegadoError);
    }
    expect(await getCategoriaPorCodigo(database.db, 'prohibida')).toBeUndefined();
    expect(await crearPlantilla(ctx, mesa, { estado: 'recibido', nombre: 'De la mesa', texto: 'Recibimos {codigo}.' })).toMatchObject({ tipo: 'guardado' });
    expect(await crearPlantilla(ctx, editor, { estado: 'recibido', nombre: 'Del editor', texto: 'Recibimos {codigo}.' })).toMatchObject({ tipo: 'guardado' });
  });

  it('organismos: correo validado, nombre único, baja y vuelta', async () => {
    const ctx = { db: database.db };
    expect(await crearOrganismo(ctx, admin, { nombre: 'Vialidad Nacional', email: 'no es un correo' })).toEqual({
      tipo: 'invalido',
      errores: { email: 'Ingresá un email válido, por ejemplo reclamos@organismo.gob.ar.' },
      valores: { nombre: 'Vialidad Nacional', email: 'no es un correo' },
    });
    expect(await crearOrganismo(ctx, admin, { nombre: '', email: '' })).toMatchObject({
      tipo: 'invalido',
      errores: { nombre: expect.any(String), email: expect.any(String) },
    });
    const r = await crearOrganismo(ctx, admin, { nombre: 'Vialidad Nacional', email: ' Reclamos@Vialidad.Ejemplo.AR ' });
    expect(r).toMatchObject({ tipo: 'guardado', organismo: { email: 'reclamos@vialidad.ejemplo.ar', activo: true } });
    expect(await ultimaFrase()).toBe('agregó el organismo «Vialidad Nacional» para derivar reclamos');
    // The audit keeps the name, never the address.
    const [fila] = await database.db.select().from(auditoria).where(eq(auditoria.accion, 'reclamos.organismo_alta'));
    expect(JSON.stringify(fila)).not.toContain('vialidad.ejemplo.ar');
    expect(await crearOrganismo(ctx, admin, { nombre: 'Vialidad Nacional', email: 'otro@ejemplo.ar' })).toMatchObject({
      tipo: 'invalido',
      errores: { nombre: 'Ya hay un organismo llamado «Vialidad Nacional».' },
    });
    if (r.tipo !== 'guardado') return;
    const otro = await crearOrganismo(ctx, admin, { nombre: 'Cooperativa de agua', email: 'agua@ejemplo.ar' });
    if (otro.tipo !== 'guardado') throw new Error('no se creó');
    expect(await editarOrganismo(ctx, admin, otro.organismo.id, { nombre: 'Vialidad Nacional', email: 'agua@ejemplo.ar' })).toMatchObject({ tipo: 'invalido' });
    expect(await editarOrganismo(ctx, admin, otro.organismo.id, { nombre: 'Cooperativa de Agua Potable', email: 'agua@ejemplo.ar' })).toMatchObject({
      tipo: 'guardado',
      organismo: { nombre: 'Cooperativa de Agua Potable' },
    });
    await activarOrganismo(ctx, admin, r.organismo.id, false);
    expect(await ultimaFrase()).toBe('dio de baja el organismo «Vialidad Nacional»');
    expect((await listOrganismos(database.db, { soloActivos: true })).map((o) => o.nombre)).toEqual(['Cooperativa de Agua Potable']);
    expect((await listOrganismos(database.db)).map((o) => o.nombre)).toEqual(['Cooperativa de Agua Potable', 'Vialidad Nacional']);
    expect(await activarOrganismo(ctx, admin, 999_999, true)).toMatchObject({ tipo: 'no_encontrado' });
    await database.db.delete(organismosReclamo);
  });

  it('plantillas: marcadores desconocidos rechazados por nombre, nombre único por estado, edición y borrado', async () => {
    const ctx = { db: database.db };
    expect(await crearPlantilla(ctx, admin, { estado: 'resuelto', nombre: 'Arreglado', texto: 'Tapamos el bache de {direccion} el {dia} ({hora}).' })).toEqual({
      tipo: 'invalido',
      errores: { texto: 'Los marcadores {dia}, {hora} no existen: usá sólo {codigo}, {categoria}, {direccion}, {organismo}, {fecha}, {vence}.' },
      valores: { estado: 'resuelto', nombre: 'Arreglado', texto: 'Tapamos el bache de {direccion} el {dia} ({hora}).' },
    });
    expect(await crearPlantilla(ctx, admin, { estado: 'cerrado', nombre: '', texto: '' })).toMatchObject({
      tipo: 'invalido',
      errores: { estado: expect.any(String), nombre: expect.any(String), texto: 'Escribí el texto de la respuesta.' },
    });
    const r = await crearPlantilla(ctx, admin, { estado: 'resuelto', nombre: 'Arreglado', texto: 'Resolvimos el reclamo {codigo} el {fecha}.' });
    expect(r).toMatchObject({ tipo: 'guardado' });
    expect(await ultimaFrase()).toBe('agregó la plantilla de respuesta «Arreglado» (Resuelto)');
    expect(await crearPlantilla(ctx, admin, { estado: 'resuelto', nombre: 'Arreglado', texto: 'Otro' })).toMatchObject({
      tipo: 'invalido',
      errores: { nombre: 'Ya hay una plantilla «Arreglado» para el estado «Resuelto»: elegí otro nombre.' },
    });
    // The same name in another state is another template.
    expect(await crearPlantilla(ctx, admin, { estado: 'derivado', nombre: 'Arreglado', texto: 'Lo derivamos a {organismo}.' })).toMatchObject({
      tipo: 'guardado',
    });
    if (r.tipo !== 'guardado') return;
    expect(await editarPlantilla(ctx, admin, r.plantilla.id, { estado: 'resuelto', nombre: 'Arreglado', texto: 'Listo {codigo}, {foo}' })).toMatchObject({
      errores: { texto: expect.stringMatching(/^El marcador \{foo\} no existe/) },
    });
    expect(await editarPlantilla(ctx, admin, r.plantilla.id, { estado: 'resuelto', nombre: 'Arreglado', texto: 'Listo: {codigo}.' })).toMatchObject({
      tipo: 'guardado',
      plantilla: { texto: 'Listo: {codigo}.' },
    });
    expect((await listPlantillas(database.db, 'resuelto')).map((p) => p.nombre)).toEqual(['Arreglado']);
    expect((await listPlantillas(database.db)).map((p) => p.estado)).toEqual(['recibido', 'recibido', 'derivado', 'resuelto']);
    expect(await borrarPlantilla(ctx, admin, r.plantilla.id)).toEqual({ tipo: 'borrado' });
    expect(await ultimaFrase()).toBe('borró la plantilla de respuesta «Arreglado» (Resuelto)');
    expect(await borrarPlantilla(ctx, admin, r.plantilla.id)).toMatchObject({ tipo: 'no_encontrado' });
    expect(await listPlantillas(database.db, 'resuelto')).toEqual([]);
  });

  it('claves de Open311: se muestran una vez, se guarda sólo su hash, se verifican y se revocan', async () => {
    const ctx = { db: database.db };
    expect(await emitirClaveOpen311(ctx, admin, { nombre: '  ' })).toMatchObject({ tipo: 'invalido', errores: { nombre: expect.any(String) } });
    const r = await emitirClaveOpen311(ctx, admin, { nombre: 'App 311 de prueba' });
    if (r.tipo !== 'emitida') throw new Error('no se emitió');
    expect(r.clave).toMatch(/^vla311_[A-Za-z0-9_-]{43}$/);
    const [fila] = await database.db.select().from(clavesOpen311).where(eq(clavesOpen311.id, r.id));
    expect(fila!.claveHash).toBe(createHash('sha256').update(r.clave).digest('base64url'));
    expect(JSON.stringify(fila)).not.toContain(r.clave);
    expect(JSON.stringify(await database.db.select().from(auditoria))).not.toContain(r.clave);
    expect(await ultimaFrase()).toBe('emitió la clave de Open311 «App 311 de prueba»');
    expect(fila!.ultimoUso).toBeNull();

    expect(await verificarClaveOpen311(database.db, r.clave)).toEqual({ id: r.id });
    const [usada] = await database.db.select().from(clavesOpen311).where(eq(clavesOpen311.id, r.id));
    expect(usada!.ultimoUso).toBeInstanceOf(Date);
    for (const mala of [undefined, 42, '', 'vla311_', `${r.clave}x`, r.clave.toUpperCase(), 'x'.repeat(10_000)])
      expect(await verificarClaveOpen311(database.db, mala)).toBeNull();

    const claves = await listClaves(database.db);
    expect(claves[0]).toMatchObject({ id: r.id, nombre: 'App 311 de prueba', creadaPor: 'Ana Admin', revocadaEn: null });
    expect(claves[0]).not.toHaveProperty('claveHash');

    expect(await revocarClaveOpen311(ctx, admin, r.id)).toEqual({ tipo: 'revocada' });
    expect(await ultimaFrase()).toBe('revocó la clave de Open311 «App 311 de prueba»');
    expect(await verificarClaveOpen311(database.db, r.clave)).toBeNull();
    expect(await revocarClaveOpen311(ctx, admin, r.id)).toMatchObject({ tipo: 'no_encontrado' });
    expect(await revocarClaveOpen311(ctx, admin, -1)).toMatchObject({ tipo: 'no_encontrado' });
  });
});
