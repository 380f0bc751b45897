import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '#db/client.ts';
import { auditoria, historialReclamos, outbox, reclamos } from '#db/schema/index.ts';
import { fraseDeAuditoria } from '#domain/auditoria/frases.ts';
import { testCipher, testContext } from '#tests/factories/decretos.ts';
import { mesa } from '#tests/factories/mesa.ts';
import { relojManual } from '#tests/factories/usuarios.ts';
import { createTestDatabase, engines } from '#tests/setup/database.ts';
import { insertCategoriaReclamo, insertReclamo } from '#tests/setup/reclamos.ts';
import { cambiarEstado } from './estados.ts';
import { NOTA_CONFIRMO, NOTA_SIGUE_SIN_RESOLVER, bajaDeReclamo, enviarConsultas, responderConsulta } from './seguimiento.ts';

const cipher = testCipher();
const DIA = 24 * 60 * 60_000;

describe.each(engines)('reclamos: «¿se resolvió?» y la baja (%s)', (engine) => {
  let database: Database;
  let ctx: ReturnType<typeof testContext>;
  const reloj = relojManual(new Date('2026-04-01T13:00:00Z'));
  let categoriaId: number;
  beforeAll(async () => {
    database = await createTestDatabase(engine);
    ctx = { ...testContext({ db: database.db, cipher }), clock: reloj };
    categoriaId = (await insertCategoriaReclamo(database.db, { nombre: 'Contenedor desbordado' })).id;
  });
  afterAll(() => database.close());

  const correosDe = (codigo: string) => database.db.select().from(outbox).where(eq(outbox.referencia, codigo)).orderBy(outbox.id);
  const fila = async (id: number) => (await database.db.select().from(reclamos).where(eq(reclamos.id, id)))[0]!;
  const historialDe = (id: number) => database.db.select().from(historialReclamos).where(eq(historialReclamos.reclamoId, id)).orderBy(historialReclamos.id);

  /** A report staff solved now (by the manual clock). */
  async function resuelto(datos: { seguir?: boolean; email?: string | null } = {}) {
    const r = await insertReclamo(ctx, { categoriaId, ...datos });
    expect(await cambiarEstado(ctx, mesa, { reclamoId: r.id, estadoEsperado: 'recibido', estado: 'resuelto', respuesta: 'Lo vaciamos.' })).toMatchObject({
      tipo: 'hecho',
    });
    return r;
  }

  it('cuatro semanas después de resuelto sale UNA consulta con los enlaces sí y no; «no» lo reabre una sola vez', async () => {
    const r = await resuelto();
    const baja = await resuelto({ seguir: false });
    const sinCorreo = await resuelto({ email: null });
    reloj.avanzar(28 * DIA - 60_000);
    expect(await enviarConsultas(ctx)).toBe(0);
    reloj.avanzar(60_000);
    const despertadas = ctx.mailer.wakes;
    expect(await enviarConsultas(ctx)).toBeGreaterThanOrEqual(1);
    expect(ctx.mailer.wakes).toBe(despertadas + 1);
    expect((await fila(r.id)).consultaEnviadaEn).toEqual(reloj.now());
    // Once: the next run sends nothing more.
    expect(await enviarConsultas(ctx)).toBe(0);
    const correos = (await correosDe(r.codigo)).filter((c) => c.asunto.startsWith('¿Se resolvió'));
    expect(correos).toHaveLength(1);
    expect(correos[0]!.asunto).toBe(`¿Se resolvió tu reclamo ${r.codigo}?`);
    const texto = cipher.open(correos[0]!.texto);
    const token = encodeURIComponent(r.secreto);
    expect(texto).toContain(`Sí, se resolvió: https://sitio.test/reclamos/consulta?token=${token}&respuesta=si`);
    expect(texto).toContain(`No, sigue igual: https://sitio.test/reclamos/consulta?token=${token}&respuesta=no`);
    expect(texto).toContain(`https://sitio.test/reclamos/baja?token=${token}`);
    // The day it was solved, not «four weeks ago»: the wait is configurable.
    expect(texto).toContain(`El 1 de abril de 2026 marcamos como resuelto tu reclamo ${r.codigo} (Contenedor desbordado).`);
    // Unsubscribed reporters and reports without an address are not asked.
    expect((await correosDe(baja.codigo)).filter((c) => c.asunto.startsWith('¿Se resolvió'))).toEqual([]);
    expect(await correosDe(sinCorreo.codigo)).toEqual([]);
    expect((await fila(baja.id)).consultaEnviadaEn).toBeNull();

    reloj.avanzar(60_000);
    expect(await responderConsulta(ctx, r.secreto, 'no')).toEqual({
      tipo: 'hecho',
      codigo: r.codigo,
      respuesta: 'no',
      estado: 'en_curso',
      reabierto: true,
      registrada: true,
    });
    expect(await fila(r.id)).toMatchObject({ estado: 'en_curso', resueltoEn: null, consultaEnviadaEn: null });
    // The second click (or a mail scanner's first) changes nothing.
    expect(await responderConsulta(ctx, r.secreto, 'no')).toMatchObject({ tipo: 'hecho', estado: 'en_curso', reabierto: false, registrada: false });
    const historial = await historialDe(r.id);
    expect(historial.map((h) => [h.estado, h.nota, h.usuarioId])).toEqual([
      ['recibido', '', null],
      ['resuelto', '', mesa.usuarioId],
      ['en_curso', NOTA_SIGUE_SIN_RESOLVER, null],
    ]);
    const entradas = await database.db.select().from(auditoria).where(eq(auditoria.entidadId, r.codigo)).orderBy(auditoria.id);
    expect(entradas).toHaveLength(2);
    expect(entradas[1]).toMatchObject({ usuarioId: null, actorEmail: null, accion: 'reclamo.consulta' });
    expect(fraseDeAuditoria(entradas[1]!, new Map())).toMatch(
      new RegExp(`^El sistema reabrió el reclamo ${r.codigo} porque quien lo reportó avisó que sigue sin resolverse el `),
    );
  });

  it('la espera sale de la configuración (RECLAMOS_CONSULTA_DIAS): 3 días, y 0 pregunta en la siguiente vuelta', async () => {
    const conDias = (consultaDias: number) => ({ ...ctx, config: { ...ctx.config, reclamos: { porDireccion: 1000, porEmail: 1000, consultaDias } } });
    const preguntas = async (codigo: string) => (await correosDe(codigo)).filter((c) => c.asunto.startsWith('¿Se resolvió'));
    const r = await resuelto();
    reloj.avanzar(3 * DIA - 60_000);
    await enviarConsultas(conDias(3));
    expect(await preguntas(r.codigo)).toEqual([]);
    reloj.avanzar(60_000);
    await enviarConsultas(conDias(3));
    expect(await preguntas(r.codigo)).toHaveLength(1);
    const hoy = await resuelto();
    await enviarConsultas(conDias(0));
    expect(await preguntas(hoy.codigo)).toHaveLength(1);
    expect((await fila(hoy.id)).consultaEnviadaEn).toEqual(reloj.now());
  });

  it('«sí» se registra una vez; una respuesta antes de preguntar, o de un enlace viejo, no hace nada', async () => {
    const r = await resuelto();
    // Not asked yet: nothing.
    expect(await responderConsulta(ctx, r.secreto, 'no')).toMatchObject({ tipo: 'hecho', estado: 'resuelto', reabierto: false, registrada: false });
    reloj.avanzar(28 * DIA);
    await enviarConsultas(ctx);
    expect(await responderConsulta(ctx, r.secreto, 'si')).toMatchObject({ tipo: 'hecho', estado: 'resuelto', reabierto: false, registrada: true });
    expect(await responderConsulta(ctx, r.secreto, 'si')).toMatchObject({ registrada: false });
    expect((await historialDe(r.id)).filter((h) => h.nota === NOTA_CONFIRMO)).toHaveLength(1);
    expect((await fila(r.id)).estado).toBe('resuelto');
    const [entrada] = await database.db.select().from(auditoria).where(eq(auditoria.accion, 'reclamo.consulta')).orderBy(auditoria.id);
    expect(entrada).toBeDefined();
  });

  it('respuestas y secretos hostiles o desconocidos no encuentran nada', async () => {
    const r = await resuelto();
    expect(await responderConsulta(ctx, r.secreto, 'quizas')).toEqual({ tipo: 'no_encontrado' });
    expect(await responderConsulta(ctx, 'rc_no-existe', 'no')).toEqual({ tipo: 'no_encontrado' });
    expect(await responderConsulta(ctx, { $ne: null }, 'no')).toEqual({ tipo: 'no_encontrado' });
    expect(await responderConsulta(ctx, 'x'.repeat(10_000), 'si')).toEqual({ tipo: 'no_encontrado' });
    expect(await bajaDeReclamo(ctx, undefined)).toEqual({ tipo: 'no_encontrado' });
    expect(await bajaDeReclamo(ctx, "' or 1=1 --")).toEqual({ tipo: 'no_encontrado' });
    expect((await fila(r.id)).estado).toBe('resuelto');
  });

  it('la baja en un clic deja de escribirle, y es idempotente', async () => {
    const r = await insertReclamo(ctx, { categoriaId });
    expect(await bajaDeReclamo(ctx, r.secreto)).toEqual({ tipo: 'hecho', codigo: r.codigo });
    expect(await bajaDeReclamo(ctx, r.secreto)).toEqual({ tipo: 'hecho', codigo: r.codigo });
    expect((await fila(r.id)).seguir).toBe(false);
    await cambiarEstado(ctx, mesa, { reclamoId: r.id, estadoEsperado: 'recibido', estado: 'en_curso' });
    expect(await correosDe(r.codigo)).toEqual([]);
  });
});
