import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../db/client.ts';
import { historialSolicitudesDecreto, outbox, solicitudesDecreto } from '../../db/schema/index.ts';
import { fixedClock, silentLog, solicitudValida } from '../../tests/factories/decretos.ts';
import { insertOrdenanza } from '../../tests/factories/ordenanzas.ts';
import { createTestDatabase, engines } from '../../tests/setup/database.ts';
import { createTestStorage } from '../../tests/setup/storage.ts';
import { saveSiteSettings } from '../sitio/settings.ts';
import { MENSAJE_LIMITE, createSolicitudDecreto } from './commands.ts';
import { getEstadoSolicitud } from './queries.ts';
import { FORMATO_CODIGO } from './schemas.ts';

const opciones = { siteUrl: 'https://sitio.test' };

describe.each(engines)('servicio de solicitudes de decretos (%s)', (engine) => {
  let database: Database;
  const storage = createTestStorage();
  let ctx: { db: Database['db']; clock: typeof fixedClock; log: typeof silentLog };
  let ordenanzaConExpediente: number;
  let ordenanzaSinExpediente: number;
  const contar = async () => ({
    solicitudes: (await database.db.select({ n: count() }).from(solicitudesDecreto))[0]!.n,
    correos: (await database.db.select({ n: count() }).from(outbox))[0]!.n,
  });

  beforeAll(async () => {
    database = await createTestDatabase(engine);
    ctx = { db: database.db, clock: fixedClock, log: silentLog };
    await saveSiteSettings(database.db, { emailMesaDecretos: 'mesa@muni.test' });
    ordenanzaConExpediente = await insertOrdenanza({ db: database.db, storage }, { numero: 250, anio: 2021, estado: 2, expediente: '77-HCD-2021' });
    ordenanzaSinExpediente = await insertOrdenanza({ db: database.db, storage }, { numero: 251, anio: 2021, expediente: null });
  });
  afterAll(async () => {
    await database.close();
    storage.remove();
  });

  it('guarda la solicitud, su historial y los dos correos de la bandeja de salida', async () => {
    const antes = await contar();
    const datos = solicitudValida({ nombre: 'María José Pérez', dni: '30.111.222', email: 'maria@correo.com.ar', numero: '45/2025', ordenanza: String(ordenanzaConExpediente), aclaraciones: 'Copia certificada' });
    const r = await createSolicitudDecreto(ctx, datos, opciones);
    expect(r).toMatchObject({ tipo: 'recibida', estado: 'recibida', nombre: 'María José Pérez', email: 'maria@correo.com.ar', nueva: true });
    if (r.tipo !== 'recibida') throw new Error('no recibida');
    expect(r.codigo).toMatch(/^SD-2026-\d{6}$/);
    expect(await contar()).toEqual({ solicitudes: antes.solicitudes + 1, correos: antes.correos + 2 });

    const [fila] = await database.db.select().from(solicitudesDecreto).where(eq(solicitudesDecreto.codigo, r.codigo));
    expect(fila).toMatchObject({ dni: '30111222', ordenanzaId: ordenanzaConExpediente, estado: 'recibida' });
    expect(fila!.ipHash).toBeNull();
    const historial = await database.db.select().from(historialSolicitudesDecreto).where(eq(historialSolicitudesDecreto.solicitudId, fila!.id));
    expect(historial.map((h) => h.estado)).toEqual(['recibida']);

    const correos = await database.db.select().from(outbox).where(eq(outbox.referencia, r.codigo));
    expect(correos.map((c) => c.destinatario).sort()).toEqual(['maria@correo.com.ar', 'mesa@muni.test']);
    const ciudadano = correos.find((c) => c.destinatario === 'maria@correo.com.ar')!;
    expect(ciudadano.asunto).toContain(r.codigo);
    expect(ciudadano.texto).toContain(`Su código de seguimiento es ${r.codigo}`);
    expect(ciudadano.texto).toContain(`https://sitio.test/solicitud-decretos/estado?codigo=${r.codigo}`);
    expect(ciudadano.texto).not.toContain('30111222');
    const mesa = correos.find((c) => c.destinatario === 'mesa@muni.test')!;
    expect(mesa.texto).toContain('DNI: 30111222');
    expect(mesa.texto).toContain('Ordenanza: Ordenanza 250 Aprobada/Vigente 77-HCD-2021');
    expect(mesa.responderA).toBe('maria@correo.com.ar');
    expect(correos.every((c) => /^<outbox-[0-9a-f-]+@villalaangostura\.gob\.ar>$/.test(c.messageId) && c.estado === 'pendiente')).toBe(true);

    const estado = await getEstadoSolicitud(database.db, r.codigo.toLowerCase());
    expect(estado).toMatchObject({ codigo: r.codigo, primerNombre: 'María', estado: 'recibida', estadoEtiqueta: 'Recibida' });
    expect(JSON.stringify(estado)).not.toMatch(/Pérez|30111222|correo/);
  });

  it('la ordenanza escrita como número/año se resuelve; una sin expediente o inexistente da un mensaje', async () => {
    const r = await createSolicitudDecreto(ctx, solicitudValida({ ordenanzaNumero: '250/2021' }), opciones);
    expect(r.tipo).toBe('recibida');
    const antes = await contar();
    const sin = await createSolicitudDecreto(ctx, solicitudValida({ ordenanza: String(ordenanzaSinExpediente) }), opciones);
    expect(sin).toMatchObject({ tipo: 'invalida', errores: { ordenanza: expect.stringMatching(/no está en el registro/) } });
    const no = await createSolicitudDecreto(ctx, solicitudValida({ ordenanzaNumero: '99999' }), opciones);
    expect(no).toMatchObject({ tipo: 'invalida', errores: { ordenanza: expect.stringMatching(/No encontramos/) } });
    expect(await contar()).toEqual(antes);
  });

  it('datos inválidos no guardan nada', async () => {
    const antes = await contar();
    const r = await createSolicitudDecreto(ctx, { nombre: '', dni: 5, email: 'x' }, opciones);
    expect(r).toEqual({
      tipo: 'invalida',
      errores: { nombre: 'El campo nombre es obligatorio', dni: 'El campo dni es obligatorio', email: 'Ingresá un email válido, por ejemplo nombre@correo.com.ar.', numero: 'El campo decreto es obligatorio' },
    });
    expect(await contar()).toEqual(antes);
  });

  it('el campo trampa parece un éxito pero no guarda nada', async () => {
    const antes = await contar();
    const r = await createSolicitudDecreto(ctx, solicitudValida({ sitio_web: 'http://spam.example' }), opciones);
    expect(r).toMatchObject({ tipo: 'recibida', nueva: false });
    if (r.tipo === 'recibida') expect(r.codigo).toMatch(FORMATO_CODIGO);
    expect(await contar()).toEqual(antes);
  });

  it('el mismo DNI y decreto en pocos minutos devuelve la misma solicitud, también en paralelo', async () => {
    const datos = solicitudValida({ dni: '27.999.888', numero: '77/2025' });
    const antes = await contar();
    const respuestas = await Promise.all(Array.from({ length: 5 }, () => createSolicitudDecreto(ctx, { ...datos }, opciones)));
    const codigos = new Set(respuestas.map((r) => (r.tipo === 'recibida' ? r.codigo : r.tipo)));
    expect(codigos.size).toBe(1);
    expect(respuestas.filter((r) => r.tipo === 'recibida' && r.nueva)).toHaveLength(1);
    // The decree number is compared without spaces or case.
    const otra = await createSolicitudDecreto(ctx, { ...datos, dni: '27999888', numero: ' 77/2025 ' }, opciones);
    expect(otra.tipo === 'recibida' && otra.codigo).toBe([...codigos][0]);
    expect(await contar()).toEqual({ solicitudes: antes.solicitudes + 1, correos: antes.correos + 2 });
  });

  it('límite por IP: la sexta en 10 minutos se rechaza con un mensaje en castellano; otra IP sigue', async () => {
    const conIp = { ...opciones, ip: '203.0.113.7', limitePorIp: 5 };
    const respuestas = await Promise.all(Array.from({ length: 7 }, () => createSolicitudDecreto(ctx, solicitudValida(), conIp)));
    expect(respuestas.filter((r) => r.tipo === 'recibida')).toHaveLength(5);
    expect(respuestas.filter((r) => r.tipo === 'limite')).toEqual([{ tipo: 'limite', mensaje: MENSAJE_LIMITE }, { tipo: 'limite', mensaje: MENSAJE_LIMITE }]);
    expect((await createSolicitudDecreto(ctx, solicitudValida(), { ...conIp, ip: '203.0.113.8' })).tipo).toBe('recibida');
    const filas = await database.db.select({ ipHash: solicitudesDecreto.ipHash }).from(solicitudesDecreto);
    expect(filas.some((f) => f.ipHash?.includes('203.0.113'))).toBe(false);
  });

  it('200 solicitudes en paralelo: 200 guardadas, 400 correos, códigos únicos', async () => {
    const antes = await contar();
    const datos = Array.from({ length: 200 }, () => solicitudValida());
    const respuestas = await Promise.all(datos.map((d) => createSolicitudDecreto(ctx, d, opciones)));
    const codigos = respuestas.map((r) => (r.tipo === 'recibida' && r.nueva ? r.codigo : 'falla'));
    expect(codigos.every((c) => /^SD-2026-\d{6}$/.test(c))).toBe(true);
    expect(new Set(codigos).size).toBe(200);
    expect(await contar()).toEqual({ solicitudes: antes.solicitudes + 200, correos: antes.correos + 400 });
    const guardadas = await database.db.select({ codigo: solicitudesDecreto.codigo }).from(solicitudesDecreto);
    expect(new Set(guardadas.map((g) => g.codigo)).size).toBe(guardadas.length);
    for (const codigo of codigos.slice(0, 200)) expect(guardadas.some((g) => g.codigo === codigo)).toBe(true);
    const porReferencia = await database.db.select({ referencia: outbox.referencia, n: count() }).from(outbox).groupBy(outbox.referencia);
    expect(porReferencia.every((r) => r.n === 2)).toBe(true);
  });
});
