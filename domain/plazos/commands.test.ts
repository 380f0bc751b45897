import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '#db/client.ts';
import { listAuditoria } from '#domain/auditoria/queries.ts';
import type { Actor } from '#domain/shared/actor.ts';
import { ajustar } from '#tests/factories/ajustes.ts';
import { createTestDatabase, engines } from '#tests/setup/database.ts';
import { vencimiento } from './calendario.ts';
import { createFeriado, deleteFeriado, updateFeriado } from './commands.ts';
import { getCalendarioPlazos, getFeriados, getReglasPlazo, listFeriados } from './queries.ts';

const admin: Actor = { usuarioId: 1, email: 'admin@villalaangostura.gob.ar', nombre: 'Ana', rol: 'administrador' };
const mesa: Actor = { usuarioId: 2, email: 'mesa@villalaangostura.gob.ar', nombre: 'Beto', rol: 'mesa-de-entradas' };

describe.each(engines)('tabla de feriados (%s)', (engine) => {
  let database: Database;
  beforeAll(async () => {
    database = await createTestDatabase(engine);
  });
  afterAll(() => database.close());

  it('un administrador agrega un feriado; queda en la lista del año, en el conteo y en la auditoría', async () => {
    const { db } = database;
    const recibida = new Date('2026-09-07T12:00:00-03:00');
    expect(vencimiento(recibida, { diasHabiles: 15, prorrogada: false }, await getFeriados(db, '2026-09-07'))).toBe('2026-09-28');
    const r = await createFeriado(db, admin, { fecha: ' 2026-09-14 ', nombre: '  Asueto   municipal ', tipo: 'local' });
    expect(r).toEqual({ tipo: 'guardado', feriado: { fecha: '2026-09-14', nombre: 'Asueto municipal', tipo: 'local' } });
    expect((await listFeriados(db, 2026)).feriados).toContainEqual({ fecha: '2026-09-14', nombre: 'Asueto municipal', tipo: 'local' });
    // One more day off in the count: the deadline moves one business day.
    expect(vencimiento(recibida, { diasHabiles: 15, prorrogada: false }, await getFeriados(db, '2026-09-07'))).toBe('2026-09-29');
    const auditoria = await listAuditoria(db, { entidad: 'feriado', entidadId: '2026-09-14', pagina: 1, porPagina: 10 });
    expect(auditoria.items).toMatchObject([{ accion: 'feriado.alta', actorEmail: admin.email, despues: { fecha: '2026-09-14', tipo: 'local' } }]);
  });

  it('rechaza con mensajes en castellano: fecha ya feriada, fecha inválida, nombre vacío, tipo desconocido', async () => {
    const { db } = database;
    expect(await createFeriado(db, admin, { fecha: '2026-07-09', nombre: 'Otro', tipo: 'local' })).toEqual({
      tipo: 'invalido',
      errores: {
        fecha: 'El jueves 9 de julio de 2026 ya es feriado (Día de la Independencia): editá ese feriado en lugar de agregar otro.',
      },
      valores: { fecha: '2026-07-09', nombre: 'Otro', tipo: 'local' },
    });
    const mal = await createFeriado(db, admin, { fecha: '2026-02-30', nombre: '   ', tipo: 'feriadazo' });
    expect(mal).toEqual({
      tipo: 'invalido',
      errores: {
        fecha: 'Ingresá una fecha válida con el formato AAAA-MM-DD, por ejemplo 2027-05-15.',
        nombre: 'Escribí el nombre del feriado, por ejemplo Día de la Independencia.',
        tipo: 'Elegí el tipo de feriado: inamovible, trasladable, día no laborable, puente o local.',
      },
      valores: { fecha: '2026-02-30', nombre: '   ', tipo: 'feriadazo' },
    });
    const sinNada = await createFeriado(db, admin, new URLSearchParams());
    expect(sinNada.tipo === 'invalido' && Object.keys(sinNada.errores)).toEqual(['fecha', 'nombre', 'tipo']);
    expect(await createFeriado(db, admin, { fecha: '1999-12-31', nombre: 'Muy viejo', tipo: 'local' })).toMatchObject({
      errores: { fecha: 'Ingresá una fecha entre el año 2000 y el 2100.' },
    });
    expect(await createFeriado(db, admin, { fecha: '2026-09-15', nombre: 'x'.repeat(151), tipo: 'local' })).toMatchObject({
      errores: { nombre: 'Escribí el nombre con hasta 150 caracteres.' },
    });
  });

  it('sólo un administrador cambia la tabla', async () => {
    const { db } = database;
    const prohibido = { tipo: 'prohibido', mensaje: 'Sólo un administrador puede cambiar la tabla de feriados.' };
    expect(await createFeriado(db, mesa, { fecha: '2026-09-16', nombre: 'Asueto', tipo: 'local' })).toEqual(prohibido);
    expect(await updateFeriado(db, mesa, '2026-07-09', { fecha: '2026-07-09', nombre: 'Otro', tipo: 'inamovible' })).toEqual(prohibido);
    expect(await deleteFeriado(db, mesa, '2026-07-09')).toEqual(prohibido);
    expect((await getFeriados(db, '2026-07-09')).has('2026-07-09')).toBe(true);
  });

  it('edita nombre, tipo y fecha (un trasladable movido por decreto), sin pisar otro feriado', async () => {
    const { db } = database;
    // Decree 614/2025: Soberanía Nacional 2027 (a Saturday) moved to Monday 22 November.
    const r = await updateFeriado(db, admin, '2027-11-20', {
      fecha: '2027-11-22',
      nombre: 'Día de la Soberanía Nacional (20 de noviembre, trasladado)',
      tipo: 'trasladable',
    });
    expect(r).toEqual({
      tipo: 'guardado',
      feriado: { fecha: '2027-11-22', nombre: 'Día de la Soberanía Nacional (20 de noviembre, trasladado)', tipo: 'trasladable' },
    });
    const feriados = await getFeriados(db, '2027-01-01');
    expect([feriados.has('2027-11-20'), feriados.has('2027-11-22')]).toEqual([false, true]);
    // No weekend trasladable left: that warning is gone.
    expect((await listFeriados(db, 2027)).avisos).toHaveLength(1);
    const [entrada] = (await listAuditoria(db, { entidad: 'feriado', entidadId: '2027-11-20', pagina: 1, porPagina: 10 })).items;
    expect(entrada).toMatchObject({ accion: 'feriado.cambio', antes: { fecha: '2027-11-20' }, despues: { fecha: '2027-11-22' } });

    expect(await updateFeriado(db, admin, '2027-11-22', { fecha: '2027-12-08', nombre: 'Soberanía', tipo: 'trasladable' })).toMatchObject({
      tipo: 'invalido',
      errores: { fecha: 'El miércoles 8 de diciembre de 2027 ya es feriado (Inmaculada Concepción de María): editá ese feriado en lugar de agregar otro.' },
    });
    expect(await updateFeriado(db, admin, '2027-11-22', { fecha: '2027-11-22', nombre: '', tipo: 'trasladable' })).toMatchObject({
      tipo: 'invalido',
      errores: { nombre: 'Escribí el nombre del feriado, por ejemplo Día de la Independencia.' },
    });
    expect(await updateFeriado(db, admin, '2027-11-23', { fecha: '2027-11-23', nombre: 'No existe', tipo: 'local' })).toEqual({
      tipo: 'no_encontrado',
      mensaje: 'No hay un feriado el martes 23 de noviembre de 2027: puede que otra persona lo haya cambiado o borrado. Volvé a la lista.',
    });
  });

  it('borra un feriado, con lo que era en la auditoría; borrar uno que no está lo dice', async () => {
    const { db } = database;
    expect(await deleteFeriado(db, admin, '2026-09-14')).toEqual({
      tipo: 'borrado',
      feriado: { fecha: '2026-09-14', nombre: 'Asueto municipal', tipo: 'local' },
    });
    expect((await getFeriados(db, '2026-09-14')).has('2026-09-14')).toBe(false);
    const [entrada] = (await listAuditoria(db, { entidad: 'feriado', entidadId: '2026-09-14', pagina: 1, porPagina: 10 })).items;
    expect(entrada).toMatchObject({ accion: 'feriado.baja', antes: { nombre: 'Asueto municipal' }, despues: null });
    expect(await deleteFeriado(db, admin, '2026-09-14')).toMatchObject({ tipo: 'no_encontrado' });
    expect(await deleteFeriado(db, admin, 'mañana')).toEqual({ tipo: 'no_encontrado', mensaje: 'No hay un feriado en esa fecha. Volvé a la lista.' });
  });

  it('dos altas simultáneas de la misma fecha: una se guarda, la otra recibe el mensaje de fecha repetida', async () => {
    const { db } = database;
    const datos = { fecha: '2026-10-05', nombre: 'Asueto', tipo: 'local' };
    const resultados = await Promise.all([createFeriado(db, admin, datos), createFeriado(db, admin, datos)]);
    expect(resultados.map((r) => r.tipo).sort()).toEqual(['guardado', 'invalido']);
    expect(resultados.find((r) => r.tipo === 'invalido')).toMatchObject({ errores: { fecha: expect.stringContaining('ya es feriado (Asueto)') } });
  });

  it('los ajustes de plazos: 15 días hábiles y aviso a 3 por defecto; se cambian con los ajustes del sitio', async () => {
    const { db } = database;
    expect(await getReglasPlazo(db)).toEqual({ diasHabiles: 15, diasPorVencer: 3 });
    await ajustar(db, { plazos: { diasHabiles: 10, diasPorVencer: 2 } });
    const { reglas, feriados } = await getCalendarioPlazos(db, new Date('2026-03-26T12:00:00-03:00'));
    expect(reglas).toEqual({ diasHabiles: 10, diasPorVencer: 2 });
    expect(feriados.has('2026-04-02')).toBe(true);
    expect(feriados.has('2026-03-24')).toBe(false);
    await expect(ajustar(db, { plazos: { diasHabiles: 3, diasPorVencer: 3 } })).rejects.toThrow(
      'El aviso de plazo por vencer tiene que llegar antes del vencimiento',
    );
    await ajustar(db, { plazos: { diasHabiles: 15, diasPorVencer: 3 } });
  });
});
