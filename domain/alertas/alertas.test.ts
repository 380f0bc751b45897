import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '#db/client.ts';
import { boletinesOficiales, documentos, outbox, suscripcionesAlertas } from '#db/schema/index.ts';
import { testContext } from '#tests/factories/decretos.ts';
import { insertOrdenanza } from '#tests/factories/ordenanzas.ts';
import { createTestDatabase, engines } from '#tests/setup/database.ts';
import type { AppContext } from '#domain/shared/context.ts';
import { removeVencidas, confirmarSuscripcion, darDeBaja, suscribir, verEnlace, verGestion } from './commands.ts';
import { enviarAlertas } from './envios.ts';
import { proximoResumen } from './horario.ts';
import { describirSuscripcion } from './texto.ts';

describe('alertas: textos y horario', () => {
  it('describe la búsqueda en palabras', () => {
    expect(describirSuscripcion({ tipo: 'ordenanzas', busqueda: { estado: 2, pattern: 'agua', anio: 2024 }, frecuencia: 'diaria' })).toBe(
      'Ordenanzas con «agua» vigentes de 2024, un resumen diario',
    );
    expect(describirSuscripcion({ tipo: 'ordenanzas', busqueda: { estado: -1 }, frecuencia: 'inmediata' })).toBe(
      'Todas las ordenanzas nuevas, apenas se publican',
    );
    expect(describirSuscripcion({ tipo: 'boletines', busqueda: null, frecuencia: 'inmediata' })).toBe('Boletines oficiales nuevos, apenas se publican');
  });
  it('el resumen diario sale a las 8 de Villa La Angostura', () => {
    expect(proximoResumen(new Date('2026-03-10T10:59:00Z')).toISOString()).toBe('2026-03-10T11:00:00.000Z');
    expect(proximoResumen(new Date('2026-03-10T11:00:00Z')).toISOString()).toBe('2026-03-11T11:00:00.000Z');
    // 01:00 UTC of the 11th is still the 10th there.
    expect(proximoResumen(new Date('2026-03-11T01:00:00Z')).toISOString()).toBe('2026-03-11T11:00:00.000Z');
  });
});

describe.each(engines)('alertas por correo (%s)', (engine) => {
  let database: Database;
  let ahora = new Date('2026-03-10T15:00:00Z');
  let ctx: AppContext;
  beforeAll(async () => {
    database = await createTestDatabase(engine);
    ctx = { ...testContext({ db: database.db }), clock: { now: () => ahora } };
  });
  afterAll(() => database.close());

  /** Subscribes and confirms, answering the secret the confirmation mail carried. */
  async function suscripto(campos: Record<string, string>): Promise<string> {
    const antes = await ultimoCorreo();
    expect(await suscribir(ctx, { frecuencia: 'inmediata', ...campos })).toEqual({ tipo: 'enviada' });
    const correo = await ultimoCorreo();
    expect(correo!.id).toBeGreaterThan(antes?.id ?? 0);
    const token = /token=([A-Za-z0-9_-]+)/.exec(ctx.cipher.open(correo!.texto))![1]!;
    expect((await confirmarSuscripcion(ctx, token)).tipo).toBe('confirmada');
    return token;
  }
  async function ultimoCorreo() {
    const [fila] = await database.db
      .select()
      .from(outbox)
      .orderBy(sql`${outbox.id} desc`)
      .limit(1);
    return fila;
  }
  const correosA = async (email: string) =>
    (await database.db.select().from(outbox).orderBy(outbox.id)).filter(
      (c) => ctx.cipher.open(c.destinatario) === email && c.referencia !== 'alerta-confirmacion',
    );

  it('suscribe sin guardar el correo en claro; el correo de confirmación no repite la búsqueda', async () => {
    expect(await suscribir(ctx, { tipo: 'ordenanzas', email: 'ana@correo.test', frecuencia: 'inmediata', pattern: 'visitá estafa.com' })).toEqual({
      tipo: 'enviada',
    });
    const [fila] = await database.db.select().from(suscripcionesAlertas).where(eq(suscripcionesAlertas.estado, 'pendiente'));
    expect(fila!.email).not.toContain('ana');
    expect(ctx.cipher.open(fila!.email)).toBe('ana@correo.test');
    expect(fila!.busqueda).toEqual({ estado: -1, pattern: 'visitá estafa.com' });
    const texto = ctx.cipher.open((await ultimoCorreo())!.texto);
    expect(texto).toContain('https://sitio.test/alertas/confirmar?token=al_');
    expect(texto).not.toContain('estafa');
    const invalida = await suscribir(ctx, { tipo: 'nada', email: 'no', frecuencia: 'siempre', anio: '20' });
    expect(invalida).toMatchObject({
      tipo: 'invalido',
      errores: {
        tipo: 'Elegí si querés avisos de ordenanzas o de boletines oficiales.',
        email: 'Ingresá un email válido, por ejemplo nombre@correo.com.ar.',
        frecuencia: 'Elegí cada cuánto querés recibir los avisos.',
        anio: 'Ingresá un año de cuatro cifras, entre 1900 y 2100.',
      },
    });
  });

  it('alerta inmediata: sólo lo que coincide con la búsqueda, una sola vez, con la baja en un clic', async () => {
    const token = await suscripto({ tipo: 'ordenanzas', email: 'beto@correo.test', pattern: 'agua', anio: '2024' });
    const coincide = await insertOrdenanza(ctx, { anio: 2024, descripcion: 'Provisión de agua potable al barrio' });
    await insertOrdenanza(ctx, { anio: 2024, descripcion: 'Tránsito pesado' });
    await insertOrdenanza(ctx, { anio: 2023, descripcion: 'Aguas servidas' });
    expect(await enviarAlertas(ctx)).toBeGreaterThanOrEqual(1);
    const correos = await correosA('beto@correo.test');
    expect(correos).toHaveLength(1);
    const texto = ctx.cipher.open(correos[0]!.texto);
    expect(texto).toContain('Provisión de agua potable');
    expect(texto).not.toMatch(/Tránsito|servidas/);
    expect(texto).toContain(`https://sitio.test/alertas/baja?token=${token}`);
    expect(texto).toContain('https://sitio.test/feeds/ordenanzas.xml?anio=2024&pattern=agua');
    expect(correos[0]!.asunto).toBe('Una ordenanza nueva coincide con tu búsqueda');
    // The headers are stored encrypted (they carry the secret) and read back whole.
    expect(JSON.stringify(correos[0]!.cabeceras)).not.toContain(token);
    expect(Object.keys(correos[0]!.cabeceras).sort()).toEqual(['List-Id', 'List-Unsubscribe', 'List-Unsubscribe-Post']);
    expect(ctx.cipher.open(correos[0]!.cabeceras['List-Unsubscribe']!)).toBe(`<https://sitio.test/alertas/baja?token=${token}>`);
    expect(coincide).toBeGreaterThan(0);
    // Nothing new: nothing sent again, also with two runs at once (two instances).
    await Promise.all([enviarAlertas(ctx), enviarAlertas(ctx)]);
    expect(await correosA('beto@correo.test')).toHaveLength(1);
    expect(await darDeBaja(ctx, token)).toMatchObject({ tipo: 'hecho', bajas: 1 });
    await insertOrdenanza(ctx, { anio: 2024, descripcion: 'Agua de lluvia' });
    await enviarAlertas(ctx);
    expect(await correosA('beto@correo.test')).toHaveLength(1);
  });

  it('dos pasadas a la vez con una ordenanza nueva: un solo aviso', async () => {
    await suscripto({ tipo: 'ordenanzas', email: 'dos@correo.test', pattern: 'cipres' });
    await insertOrdenanza(ctx, { anio: 2025, descripcion: 'Bosque de ciprés' });
    await Promise.all([enviarAlertas(ctx), enviarAlertas(ctx), enviarAlertas(ctx)]);
    expect(await correosA('dos@correo.test')).toHaveLength(1);
  });

  it('boletines y resumen diario: a las 8, uno con todo lo nuevo, y nada si no hay novedades', async () => {
    ahora = new Date('2026-03-10T15:00:00Z');
    await suscripto({ tipo: 'boletines', email: 'caro@correo.test', frecuencia: 'diaria' });
    const [doc] = await database.db
      .insert(documentos)
      .values({ nombreArchivo: 'b.pdf', tipoContenido: 'application/pdf', tamano: 1, sha256: 'x', clave: `b-${engine}` })
      .returning({ id: documentos.id });
    for (const numero of [101, 102])
      await database.db
        .insert(boletinesOficiales)
        .values({ documentoId: doc!.id, numeroBoletinOficial: numero, mes: 3, anio: 2026, usuarioCreacion: 'prueba' });
    await enviarAlertas(ctx);
    expect(await correosA('caro@correo.test')).toHaveLength(0);
    ahora = new Date('2026-03-11T11:00:00Z');
    await enviarAlertas(ctx);
    const correos = await correosA('caro@correo.test');
    expect(correos).toHaveLength(1);
    expect(correos[0]!.asunto).toBe('2 boletines oficiales nuevos');
    expect(ctx.cipher.open(correos[0]!.texto)).toMatch(/Boletín Oficial N° 101 - Marzo 2026[\s\S]*Boletín Oficial N° 102 - Marzo 2026/);
    ahora = new Date('2026-03-12T11:00:00Z');
    await enviarAlertas(ctx);
    expect(await correosA('caro@correo.test')).toHaveLength(1);
  });

  it('la gestión lista las del mismo correo; confirmar dos veces la misma búsqueda no duplica', async () => {
    ahora = new Date('2026-03-12T12:00:00Z');
    const a = await suscripto({ tipo: 'ordenanzas', email: 'dani@correo.test', pattern: 'puente' });
    await suscripto({ tipo: 'ordenanzas', email: 'DANI@correo.test', pattern: 'puente' });
    await suscripto({ tipo: 'boletines', email: 'dani@correo.test' });
    const gestion = await verGestion(ctx, a);
    expect(gestion.tipo === 'valido' && gestion.suscripciones.map((s) => s.descripcion)).toEqual([
      'Ordenanzas con «puente», apenas se publican',
      'Boletines oficiales nuevos, apenas se publican',
    ]);
    expect(await darDeBaja(ctx, a, 'todas')).toMatchObject({ bajas: 2 });
    expect(await verEnlace(ctx, 'al_inventado_0000000000')).toEqual({ tipo: 'no_encontrado' });
  });

  it('las pendientes vencen a los 7 días (410) y el trabajo las borra; las bajas, a los 30', async () => {
    ahora = new Date('2026-04-01T12:00:00Z');
    expect(await suscribir(ctx, { tipo: 'boletines', email: 'eli@correo.test', frecuencia: 'inmediata' })).toEqual({ tipo: 'enviada' });
    const token = /token=([A-Za-z0-9_-]+)/.exec(ctx.cipher.open((await ultimoCorreo())!.texto))![1]!;
    await database.db.execute(sql`update suscripciones_alertas set created_at = now() - interval '30 days' where estado = 'pendiente'`);
    ahora = new Date(Date.now());
    expect(await verEnlace(ctx, token)).toEqual({ tipo: 'vencido' });
    expect(await confirmarSuscripcion(ctx, token)).toEqual({ tipo: 'vencido' });
    ahora = new Date(Date.now() + 31 * 86_400_000);
    expect(await removeVencidas(ctx)).toBeGreaterThanOrEqual(1);
    expect(await verEnlace(ctx, token)).toEqual({ tipo: 'no_encontrado' });
    const restantes = await database.db.select({ estado: suscripcionesAlertas.estado }).from(suscripcionesAlertas);
    expect(restantes.every((r) => r.estado === 'activa')).toBe(true);
  });
});
