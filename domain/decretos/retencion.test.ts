import { and, eq, like } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '#db/client.ts';
import { auditoria, historialSolicitudesDecreto, limitesUso, outbox, solicitudesDecreto } from '#db/schema/index.ts';
import { PermisoDenegadoError } from '#domain/shared/permisos.ts';
import { ajustar } from '#tests/factories/ajustes.ts';
import { testCipher, testContext } from '#tests/factories/decretos.ts';
import { admin, createSolicitud, logEspia, mesa } from '#tests/factories/mesa.ts';
import { createTestDatabase, engines } from '#tests/setup/database.ts';
import { preparePersonalData } from './datos-personales.ts';
import { getSolicitudMesa, listSolicitudesMesa } from './mesa.ts';
import { changeEstadoSolicitud, prorrogarSolicitud } from './mesa-commands.ts';
import { getEstadoSolicitud } from './queries.ts';
import { anonimizarVencidas } from './retencion.ts';
import { removeDatosPorDni, exportarDatosPorDni } from './titular.ts';

const cipher = testCipher();

describe.each(engines)('conservación y derechos del titular (%s)', (engine) => {
  let database: Database;
  const log = logEspia();
  let ctx: ReturnType<typeof testContext>;
  beforeAll(async () => {
    database = await createTestDatabase(engine);
    await ajustar(database.db, { emailMesaDecretos: 'mesa@muni.test' });
    // The test context's clock says 2026-03-10T15:00:00Z.
    ctx = { ...testContext({ db: database.db, cipher }), log };
  });
  afterAll(() => database.close());

  const fila = async (codigo: string) => (await database.db.select().from(solicitudesDecreto).where(eq(solicitudesDecreto.codigo, codigo)))[0]!;
  const correosDe = (codigo: string) => database.db.select().from(outbox).where(eq(outbox.referencia, codigo)).orderBy(outbox.id);
  const auditoriaDe = (entidadId: string) => database.db.select().from(auditoria).where(eq(auditoria.entidadId, entidadId)).orderBy(auditoria.id);
  async function cerrada(cerradaEn: string, overrides: Record<string, unknown> = {}) {
    const s = await createSolicitud(ctx, overrides);
    await changeEstadoSolicitud(ctx, mesa, s.codigo, { estado: 'rechazada', mensaje: `Estimada ${s.nombre}: no existe ese decreto.` });
    await database.db
      .update(solicitudesDecreto)
      .set({ cerradaEn: new Date(cerradaEn) })
      .where(eq(solicitudesDecreto.codigo, s.codigo));
    return s;
  }

  it('anonimiza las cerradas hace más de 365 días y nada más, con su auditoría sin actor', async () => {
    const vieja = await cerrada('2025-03-01T12:00:00Z', {
      nombre: 'Rosa Vieja',
      email: 'rosa.vieja@correo.com.ar',
      aclaraciones: 'Vivo en calle Las Retamas 12.',
    });
    const reciente = await cerrada('2025-06-01T12:00:00Z');
    const abierta = await createSolicitud(ctx);
    await database.db
      .update(solicitudesDecreto)
      .set({ createdAt: new Date('2024-01-01T12:00:00Z') })
      .where(eq(solicitudesDecreto.codigo, abierta.codigo));
    const limites = await database.db.select().from(limitesUso).where(like(limitesUso.clave, 'limite-solicitud-%'));
    expect(limites.length).toBeGreaterThan(0);

    expect(await anonimizarVencidas(ctx)).toBe(1);
    const f = await fila(vieja.codigo);
    expect(f).toMatchObject({ nombre: 'Anónimo', dni: '', email: '', aclaraciones: '', dniHuella: null, emailHuella: null, huella: null, estado: 'rechazada' });
    expect(f.anonimizadaEn).toBeInstanceOf(Date);
    expect((await fila(reciente.codigo)).anonimizadaEn).toBeNull();
    const clavesVieja = [`limite-solicitud-dni:${cipher.hash('dni', vieja.dni)}`, `limite-solicitud-email:${cipher.hash('email', vieja.email)}`];
    expect(limites.filter((l) => clavesVieja.includes(l.clave))).toHaveLength(2);
    expect((await database.db.select().from(limitesUso)).filter((l) => clavesVieja.includes(l.clave))).toEqual([]);
    expect((await fila(abierta.codigo)).anonimizadaEn).toBeNull();

    // History keeps the steps, not what the citizen was told.
    const historial = await database.db.select().from(historialSolicitudesDecreto).where(eq(historialSolicitudesDecreto.solicitudId, f.id));
    expect(historial.map((h) => [h.estado, h.mensaje])).toEqual([
      ['recibida', null],
      ['rechazada', null],
    ]);
    // Mails: no body, no reply-to, the citizen's address gone, the desk's kept; unsent ones cancelled.
    const correos = await correosDe(vieja.codigo);
    expect(correos).toHaveLength(3);
    expect(correos.every((c) => c.texto === '' && c.responderA === null && c.estado === 'anulado')).toBe(true);
    expect(correos.map((c) => cipher.open(c.destinatario))).toEqual(['(anonimizado)', 'mesa@muni.test', '(anonimizado)']);
    expect(JSON.stringify(correos)).not.toMatch(/rosa\.vieja|Rosa Vieja|Retamas/);

    const [entrada] = await auditoriaDe(vieja.codigo).then((e) => e.filter((x) => x.accion === 'solicitud.anonimizada'));
    expect(entrada).toMatchObject({
      usuarioId: null,
      actorEmail: null,
      entidad: 'solicitud_decreto',
      antes: { anonimizada: false },
      despues: { anonimizada: true, motivo: 'retencion', correos: 3, dias: 365 },
    });
    // The public status page and the desk still answer, without the person.
    expect((await getEstadoSolicitud(database.db, vieja.codigo))?.primerNombre).toBe('Anónimo');
    const detalle = await getSolicitudMesa(ctx, mesa, vieja.codigo);
    expect(detalle).toMatchObject({ dni: null, email: null, nombre: 'Anónimo', siguientes: [], puedeProrrogar: false });
    expect(detalle?.historial.every((h) => h.mensaje === null)).toBe(true);
    expect((await listSolicitudesMesa(ctx, mesa, { pagina: 1, texto: vieja.dni })).items).toEqual([]);
    expect(await changeEstadoSolicitud(ctx, mesa, vieja.codigo, { estado: 'en_proceso' })).toEqual({
      tipo: 'conflicto',
      mensaje: 'Los datos de esta solicitud se anonimizaron: ya no se le puede escribir al solicitante.',
    });

    // Run again: nothing left to do, nothing audited twice.
    expect(await anonimizarVencidas(ctx)).toBe(0);
    expect((await auditoriaDe(vieja.codigo)).filter((x) => x.accion === 'solicitud.anonimizada')).toHaveLength(1);
    // A restart's key check neither encrypts the empty values nor gives the hashes back.
    await preparePersonalData(database.db, cipher);
    expect(await fila(vieja.codigo)).toMatchObject({ dni: '', email: '', dniHuella: null, huella: null });

    expect(log.texto()).toContain('solicitudes de decreto anonimizadas al vencer su plazo de conservación');
    expect(log.texto()).not.toMatch(/rosa\.vieja|Rosa Vieja|Retamas/);
  });

  it('el plazo es un ajuste del sitio', async () => {
    await ajustar(database.db, { retencionSolicitudesDias: 30 });
    try {
      // The one closed on 2025-06-01 is now past 30 days.
      expect(await anonimizarVencidas(ctx)).toBe(1);
      const [entrada] = (await database.db.select().from(auditoria).where(eq(auditoria.accion, 'solicitud.anonimizada')).orderBy(auditoria.id)).slice(-1);
      expect(entrada?.despues).toMatchObject({ dias: 30 });
    } finally {
      await ajustar(database.db, { retencionSolicitudesDias: 365 });
    }
    await expect(ajustar(database.db, { retencionSolicitudesDias: 29 })).rejects.toThrow(
      'Los datos se conservan al menos 30 días después de cerrar la solicitud.',
    );
  });

  it('exportar todo lo de un DNI (ley 25.326, art. 14): sólo un administrador, descifrado, auditado con el hash', async () => {
    const dni = '28.765.432';
    const primera = await createSolicitud(ctx, { dni, nombre: 'Luis Pereyra', email: 'luis.pereyra@correo.com.ar', numero: '77/2021' });
    const segunda = await createSolicitud(ctx, { dni, nombre: 'Luis Pereyra', email: 'luis.p@otro.com.ar', numero: '78/2021' });
    await changeEstadoSolicitud(ctx, mesa, primera.codigo, { estado: 'en_proceso', mensaje: 'Lo estamos buscando.' });
    await prorrogarSolicitud(ctx, mesa, primera.codigo, { motivo: 'El archivo de 2021 está en el depósito de la terminal.' });
    await database.db
      .update(outbox)
      .set({ estado: 'enviado', texto: '' })
      .where(and(eq(outbox.referencia, primera.codigo), eq(outbox.asunto, `Recibimos su solicitud de decreto (${primera.codigo})`)));

    await expect(exportarDatosPorDni(ctx, mesa, dni)).rejects.toThrow(PermisoDenegadoError);
    expect(await exportarDatosPorDni(ctx, admin, '123')).toEqual({
      tipo: 'invalido',
      errores: { dni: 'Ingresá un DNI de 7 u 8 números (los puntos se aceptan).' },
    });
    expect(await exportarDatosPorDni(ctx, admin, { dni: '' })).toEqual({ tipo: 'invalido', errores: { dni: 'El campo dni es obligatorio' } });

    const r = await exportarDatosPorDni(ctx, admin, dni);
    if (r.tipo !== 'hecho') throw new Error(r.tipo);
    expect(r.datos.dni).toBe('28765432');
    expect(r.datos.generadoEn).toEqual(new Date('2026-03-10T15:00:00Z'));
    expect(r.datos.solicitudes.map((s) => [s.codigo, s.dni, s.email, s.numero])).toEqual([
      [primera.codigo, '28765432', 'luis.pereyra@correo.com.ar', '77/2021'],
      [segunda.codigo, '28765432', 'luis.p@otro.com.ar', '78/2021'],
    ]);
    const [p] = r.datos.solicitudes;
    expect(p?.estadoEtiqueta).toBe('En proceso');
    expect(p?.prorrogaMotivo).toBe('El archivo de 2021 está en el depósito de la terminal.');
    expect(p?.historial.map((h) => [h.estado, h.mensaje])).toEqual([
      ['recibida', null],
      ['en_proceso', 'Lo estamos buscando.'],
    ]);
    expect(p?.correos.map((c) => [c.destinatario, c.estado, c.texto === null])).toEqual([
      ['luis.pereyra@correo.com.ar', 'enviado', true],
      ['mesa@muni.test', 'pendiente', false],
      ['luis.pereyra@correo.com.ar', 'pendiente', false],
      ['luis.pereyra@correo.com.ar', 'pendiente', false],
    ]);
    expect(p?.correos[1]?.responderA).toBe('luis.pereyra@correo.com.ar');
    expect(p?.correos[1]?.texto).toContain('DNI: 28765432');
    expect(p?.auditoria.map((e) => e.accion)).toEqual(['solicitud.estado', 'solicitud.prorroga']);

    const huella = cipher.hash('dni', '28765432');
    const [entrada] = await auditoriaDe(huella);
    expect(entrada).toMatchObject({
      accion: 'datos_personales.exportacion',
      entidad: 'dni',
      actorEmail: admin.email,
      despues: { solicitudes: [primera.codigo, segunda.codigo] },
    });
    expect(JSON.stringify(await database.db.select().from(auditoria))).not.toMatch(/28765432|28\.765\.432|luis/);
    // A DNI with nothing held: an empty export, audited all the same.
    const nada = await exportarDatosPorDni(ctx, admin, '9999999');
    expect(nada).toMatchObject({ tipo: 'hecho', datos: { solicitudes: [] } });
    expect(await auditoriaDe(cipher.hash('dni', '9999999'))).toHaveLength(1);
  });

  it('borrar lo de un DNI (art. 16): anonimiza ya, cierra lo abierto sin escribirle, borra los contadores y lo audita', async () => {
    const dni = '28765432';
    const huella = cipher.hash('dni', dni);
    const codigos = (
      await database.db
        .select({ codigo: solicitudesDecreto.codigo })
        .from(solicitudesDecreto)
        .where(eq(solicitudesDecreto.dniHuella, huella))
        .orderBy(solicitudesDecreto.id)
    ).map((s) => s.codigo);
    expect(codigos).toHaveLength(2);
    await expect(removeDatosPorDni(ctx, mesa, dni)).rejects.toThrow('Sólo un administrador puede exportar o borrar los datos personales de una persona.');
    expect(await removeDatosPorDni(ctx, admin, 'doce')).toMatchObject({ tipo: 'invalido' });

    const correosAntes = (await database.db.select().from(outbox)).length;
    expect(await removeDatosPorDni(ctx, admin, '28.765.432')).toEqual({ tipo: 'hecho', datos: { solicitudes: codigos, alertas: 0 } });
    for (const codigo of codigos) {
      const f = await fila(codigo);
      expect(f).toMatchObject({ estado: 'rechazada', nombre: 'Anónimo', dni: '', email: '', dniHuella: null, prorrogaMotivo: null });
      expect(f.cerradaEn).toBeInstanceOf(Date);
      const detalle = await getSolicitudMesa(ctx, admin, codigo);
      expect(detalle?.historial.at(-1)).toMatchObject({ estado: 'rechazada', actorEmail: admin.email, mensaje: null });
      expect((await correosDe(codigo)).every((c) => c.texto === '' && c.estado !== 'pendiente')).toBe(true);
      const [entrada] = (await auditoriaDe(codigo)).filter((e) => e.accion === 'solicitud.anonimizada');
      expect(entrada).toMatchObject({ actorEmail: admin.email, antes: { anonimizada: false }, despues: { anonimizada: true, motivo: 'pedido_del_titular' } });
    }
    const [primeraAuditada] = (await auditoriaDe(codigos[0]!)).filter((e) => e.accion === 'solicitud.anonimizada');
    expect(primeraAuditada).toMatchObject({ antes: { estado: 'en_proceso' }, despues: { estado: 'rechazada' } });
    // No mail told anyone: the closing wrote none.
    expect((await database.db.select().from(outbox)).length).toBe(correosAntes);
    expect(
      await database.db
        .select()
        .from(limitesUso)
        .where(eq(limitesUso.clave, `limite-solicitud-dni:${huella}`)),
    ).toEqual([]);
    expect((await auditoriaDe(huella)).map((e) => e.accion)).toEqual(['datos_personales.exportacion', 'datos_personales.borrado']);
    // Nothing is held any more.
    expect(await exportarDatosPorDni(ctx, admin, dni)).toMatchObject({ tipo: 'hecho', datos: { solicitudes: [] } });
    expect(JSON.stringify(await database.db.select().from(auditoria))).not.toMatch(/28765432|luis/);
    expect(log.texto()).not.toMatch(/28765432|28\.765\.432|luis|@correo|@otro/);
  });
});
