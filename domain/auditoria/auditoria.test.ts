import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '#db/client.ts';
import type { Actor } from '#domain/shared/actor.ts';
import { createTestDatabase, engines } from '#tests/setup/database.ts';
import { registrarAuditoria } from './commands.ts';
import { listAuditoria } from './queries.ts';

const ana: Actor = { usuarioId: 7, email: 'ana@villalaangostura.gob.ar', nombre: 'Ana', rol: 'mesa-de-entradas' };

describe.each(engines)('registro de auditoría (%s)', (engine) => {
  let database: Database;
  beforeAll(async () => {
    database = await createTestDatabase(engine);
  });
  afterAll(() => database.close());

  it('guarda quién, qué, antes y después, y lo lista del más nuevo al más viejo con filtros', async () => {
    const { db } = database;
    await registrarAuditoria(db, {
      actor: ana,
      accion: 'solicitud.estado',
      entidad: 'solicitud_decreto',
      entidadId: 'VLA-1',
      antes: { estado: 'recibida' },
      despues: { estado: 'en_proceso' },
    });
    await registrarAuditoria(db, { actor: null, accion: 'solicitud.anonimizada', entidad: 'solicitud_decreto', entidadId: 'VLA-2' });
    const todas = await listAuditoria(db, { pagina: 1, porPagina: 10 });
    expect(todas.total).toBe(2);
    expect(todas.items[0]).toMatchObject({ accion: 'solicitud.anonimizada', usuarioId: null, actorEmail: null });
    expect(todas.items[1]).toMatchObject({
      usuarioId: 7,
      actorEmail: ana.email,
      actorRol: 'mesa-de-entradas',
      entidadId: 'VLA-1',
      antes: { estado: 'recibida' },
      despues: { estado: 'en_proceso' },
    });
    const deAna = await listAuditoria(db, { usuarioId: 7, pagina: 1, porPagina: 10 });
    expect(deAna.items.map((e) => e.entidadId)).toEqual(['VLA-1']);
    expect((await listAuditoria(db, { entidad: 'solicitud_decreto', entidadId: 'VLA-2', pagina: 1, porPagina: 10 })).total).toBe(1);
    expect((await listAuditoria(db, { desde: new Date(Date.now() + 60_000), pagina: 1, porPagina: 10 })).total).toBe(0);
  });

  it('no se puede modificar, borrar ni vaciar, ni siquiera con SQL', async () => {
    const { db } = database;
    await registrarAuditoria(db, { actor: ana, accion: 'sesion.ingreso', entidad: 'usuario', entidadId: 7 });
    for (const cambio of [sql`update auditoria set accion = 'otra'`, sql`delete from auditoria`, sql`truncate auditoria`]) {
      const error = await db.execute(cambio).catch((e: unknown) => e);
      expect(String((error as { cause?: { message?: string } }).cause?.message)).toContain('no se puede modificar ni borrar');
    }
    expect((await listAuditoria(db, { pagina: 1, porPagina: 10 })).total).toBe(3);
  });
});
