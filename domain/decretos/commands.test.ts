import { count, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '#db/client.ts';
import { historialSolicitudesDecreto, outbox, solicitudesDecreto } from '#db/schema/index.ts';
import { TEST_CONTEXT_SITE_URL, testContext, solicitudValida } from '#tests/factories/decretos.ts';
import { insertOrdenanza } from '#tests/factories/ordenanzas.ts';
import { createTestDatabase, engines } from '#tests/setup/database.ts';
import { createTestStorage } from '#tests/setup/storage.ts';
import { ajustar } from '#tests/factories/ajustes.ts';
import { parseCodigo } from './codigo.ts';
import { MENSAJE_LIMITE, createSolicitudDecreto, mensajeLimitePersona } from './commands.ts';
import { getEstadoSolicitud } from './queries.ts';

const CODIGO_NUEVO = /^SD-2026-[2-9A-HJ-NP-Z]{3}-[2-9A-HJ-NP-Z]{3}-[2-9A-HJ-NP-Z]{3}$/;

describe.each(engines)('servicio de solicitudes de decretos (%s)', (engine) => {
  let database: Database;
  const storage = createTestStorage();
  let ctx: ReturnType<typeof testContext>;
  let ordenanzaConExpediente: number;
  let ordenanzaSinExpediente: number;
  const contar = async () => ({
    solicitudes: (await database.db.select({ n: count() }).from(solicitudesDecreto))[0]!.n,
    correos: (await database.db.select({ n: count() }).from(outbox))[0]!.n,
  });

  beforeAll(async () => {
    database = await createTestDatabase(engine);
    ctx = testContext({ db: database.db, storage });
    await ajustar(database.db, { emailMesaDecretos: 'mesa@muni.test' });
    ordenanzaConExpediente = await insertOrdenanza({ db: database.db, storage }, { numero: 250, anio: 2021, estado: 2, expediente: '77-HCD-2021' });
    ordenanzaSinExpediente = await insertOrdenanza({ db: database.db, storage }, { numero: 251, anio: 2021, expediente: null });
  });
  afterAll(async () => {
    await database.close();
    storage.remove();
  });

  it('guarda la solicitud, su historial y los dos correos de la bandeja de salida', async () => {
    const antes = await contar();
    const despertares = ctx.mailer.wakes;
    const datos = solicitudValida({
      nombre: 'María José Pérez',
      dni: '30.111.222',
      email: 'maria@correo.com.ar',
      numero: '45/2025',
      ordenanza: String(ordenanzaConExpediente),
      aclaraciones: 'Copia certificada',
    });
    const r = await createSolicitudDecreto(ctx, datos);
    expect(r).toMatchObject({ tipo: 'recibida', estado: 'recibida', nombre: 'María José Pérez', email: 'maria@correo.com.ar', nueva: true });
    if (r.tipo !== 'recibida') throw new Error('no recibida');
    expect(r.codigo).toMatch(CODIGO_NUEVO);
    expect(parseCodigo(r.codigo)).toBe(r.codigo);
    expect(await contar()).toEqual({ solicitudes: antes.solicitudes + 1, correos: antes.correos + 2 });
    // Committed, the outbox worker is woken once.
    expect(ctx.mailer.wakes).toBe(despertares + 1);

    // DNI and e-mail are stored encrypted; the key opens them.
    const [fila] = await database.db.select().from(solicitudesDecreto).where(eq(solicitudesDecreto.codigo, r.codigo));
    expect(fila).toMatchObject({ ordenanzaId: ordenanzaConExpediente, estado: 'recibida' });
    expect(JSON.stringify(fila)).not.toMatch(/30111222|maria@correo/);
    expect(ctx.cipher.decrypt(fila!.dni)).toBe('30111222');
    expect(ctx.cipher.decrypt(fila!.email)).toBe('maria@correo.com.ar');
    const historial = await database.db.select().from(historialSolicitudesDecreto).where(eq(historialSolicitudesDecreto.solicitudId, fila!.id));
    expect(historial.map((h) => h.estado)).toEqual(['recibida']);

    // The outbox too keeps recipient, reply-to and body encrypted.
    const filasCorreo = await database.db.select().from(outbox).where(eq(outbox.referencia, r.codigo));
    expect(JSON.stringify(filasCorreo)).not.toMatch(/30111222|maria@correo|mesa@muni/);
    const abrir = (v: string | null) => (v === null ? null : ctx.cipher.decrypt(v));
    const correos = filasCorreo.map((c) => ({ ...c, destinatario: abrir(c.destinatario)!, responderA: abrir(c.responderA), texto: abrir(c.texto)! }));
    expect(correos.map((c) => c.destinatario).sort()).toEqual(['maria@correo.com.ar', 'mesa@muni.test']);
    const ciudadano = correos.find((c) => c.destinatario === 'maria@correo.com.ar')!;
    expect(ciudadano.asunto).toContain(r.codigo);
    expect(ciudadano.texto).toContain(`Código de seguimiento: ${r.codigo}`);
    // What the citizen typed is quoted as data, never as the municipality's words.
    expect(ciudadano.texto).toContain('Nombre: «María José Pérez»');
    expect(ciudadano.texto).toContain('Número de decreto: «45/2025»');
    expect(ciudadano.texto).not.toMatch(/^Hola/m);
    expect(ciudadano.texto).toContain(`${TEST_CONTEXT_SITE_URL}/solicitud-decretos/estado?codigo=${r.codigo}`);
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
    const r = await createSolicitudDecreto(ctx, solicitudValida({ ordenanzaNumero: '250/2021' }));
    expect(r.tipo).toBe('recibida');
    const antes = await contar();
    const sin = await createSolicitudDecreto(ctx, solicitudValida({ ordenanza: String(ordenanzaSinExpediente) }));
    expect(sin).toMatchObject({ tipo: 'invalido', errores: { ordenanza: expect.stringMatching(/no está en el registro/) } });
    const no = await createSolicitudDecreto(ctx, solicitudValida({ ordenanzaNumero: '99999' }));
    expect(no).toMatchObject({ tipo: 'invalido', errores: { ordenanza: expect.stringMatching(/No encontramos/) } });
    expect(await contar()).toEqual(antes);
  });

  it('datos inválidos no guardan nada', async () => {
    const antes = await contar();
    const r = await createSolicitudDecreto(ctx, { nombre: '', dni: 5, email: 'x' });
    expect(r).toEqual({
      tipo: 'invalido',
      errores: {
        nombre: 'El campo nombre es obligatorio',
        dni: 'El campo dni es obligatorio',
        email: 'Ingresá un email válido, por ejemplo nombre@correo.com.ar.',
        numero: 'El campo decreto es obligatorio',
      },
    });
    expect(await contar()).toEqual(antes);
  });

  it('el campo trampa parece un éxito pero no guarda nada', async () => {
    const antes = await contar();
    const despertares = ctx.mailer.wakes;
    const r = await createSolicitudDecreto(ctx, solicitudValida({ sitio_web: 'http://spam.example' }));
    expect(r).toMatchObject({ tipo: 'recibida', nueva: false });
    if (r.tipo === 'recibida') expect(r.codigo).toMatch(CODIGO_NUEVO);
    expect(await contar()).toEqual(antes);
    expect(ctx.mailer.wakes).toBe(despertares);
  });

  it('el mismo DNI, correo y decreto en pocos minutos devuelve la misma solicitud, también en paralelo', async () => {
    const datos = solicitudValida({ dni: '27.999.888', numero: '77/2025' });
    const antes = await contar();
    const respuestas = await Promise.all(Array.from({ length: 5 }, () => createSolicitudDecreto(ctx, { ...datos })));
    const codigos = new Set(respuestas.map((r) => (r.tipo === 'recibida' ? r.codigo : r.tipo)));
    expect(codigos.size).toBe(1);
    expect(respuestas.filter((r) => r.tipo === 'recibida' && r.nueva)).toHaveLength(1);
    // The decree number is compared without spaces or case, the e-mail without case.
    const otra = await createSolicitudDecreto(ctx, { ...datos, dni: '27999888', numero: ' 77/2025 ', email: String(datos.email).toUpperCase() });
    expect(otra.tipo === 'recibida' && otra.codigo).toBe([...codigos][0]);
    expect(await contar()).toEqual({ solicitudes: antes.solicitudes + 1, correos: antes.correos + 2 });
  });

  it('un DNI solo nunca revela el código de otro: con otro correo es una solicitud nueva', async () => {
    const victima = solicitudValida({ dni: '26.555.444', numero: '90/2025' });
    const primera = await createSolicitudDecreto(ctx, victima);
    const intruso = await createSolicitudDecreto(ctx, { ...victima, email: 'intruso@correo.com.ar' });
    expect(primera.tipo === 'recibida' && intruso.tipo === 'recibida').toBe(true);
    if (primera.tipo !== 'recibida' || intruso.tipo !== 'recibida') return;
    expect(intruso.codigo).not.toBe(primera.codigo);
    expect(intruso.nueva).toBe(true);
  });

  it('límite por dirección: la sexta en una hora se rechaza en castellano; otra dirección sigue', async () => {
    const conLimite = { ...ctx, config: { ...ctx.config, solicitudes: { ...ctx.config.solicitudes, porDireccion: 5 } } };
    const respuestas = await Promise.all(Array.from({ length: 7 }, () => createSolicitudDecreto(conLimite, solicitudValida(), { direccion: '203.0.113.7' })));
    expect(respuestas.filter((r) => r.tipo === 'recibida')).toHaveLength(5);
    expect(respuestas.filter((r) => r.tipo === 'limite')).toEqual([
      { tipo: 'limite', mensaje: MENSAJE_LIMITE, reintentarEnSegundos: 3600 },
      { tipo: 'limite', mensaje: MENSAJE_LIMITE, reintentarEnSegundos: 3600 },
    ]);
    expect((await createSolicitudDecreto(conLimite, solicitudValida(), { direccion: '203.0.113.8' })).tipo).toBe('recibida');
    // The counters hold keyed hashes, never the address.
    const claves = await database.db.execute(sql`select clave from limites_uso`);
    expect(JSON.stringify(claves)).not.toContain('203.0.113');
  });

  it('límite por persona: el mismo correo o el mismo DNI, desde cualquier dirección, a lo sumo 3 por día', async () => {
    const conLimite = { ...ctx, config: { ...ctx.config, solicitudes: { ...ctx.config.solicitudes, porPersona: 3 } } };
    const desde = (i: number) => ({ direccion: `198.51.100.${i}` });
    const victima = 'victima@correo.com.ar';
    const mismoCorreo = await Promise.all(
      Array.from({ length: 9 }, (_, i) => createSolicitudDecreto(conLimite, solicitudValida({ email: victima }), desde(i))),
    );
    expect(mismoCorreo.filter((r) => r.tipo === 'recibida' && r.nueva)).toHaveLength(3);
    const rechazo = mismoCorreo.find((r) => r.tipo === 'limite');
    expect(rechazo).toEqual({ tipo: 'limite', mensaje: mensajeLimitePersona('mesa@muni.test'), reintentarEnSegundos: 86_400 });
    const correos = await database.db.select({ destinatario: outbox.destinatario }).from(outbox);
    expect(correos.filter((c) => ctx.cipher.decrypt(c.destinatario) === victima)).toHaveLength(3);

    const mismoDni = await Promise.all(
      Array.from({ length: 5 }, (_, i) => createSolicitudDecreto(conLimite, solicitudValida({ dni: '29.333.111' }), desde(50 + i))),
    );
    expect(mismoDni.filter((r) => r.tipo === 'recibida')).toHaveLength(3);
    expect(mismoDni.filter((r) => r.tipo === 'limite')).toHaveLength(2);
  });

  it('200 solicitudes en paralelo: 200 guardadas, 400 correos, códigos únicos', async () => {
    const antes = await contar();
    const datos = Array.from({ length: 200 }, () => solicitudValida());
    const respuestas = await Promise.all(datos.map((d) => createSolicitudDecreto(ctx, d)));
    const codigos = respuestas.map((r) => (r.tipo === 'recibida' && r.nueva ? r.codigo : 'falla'));
    expect(codigos.every((c) => CODIGO_NUEVO.test(c))).toBe(true);
    expect(new Set(codigos).size).toBe(200);
    expect(await contar()).toEqual({ solicitudes: antes.solicitudes + 200, correos: antes.correos + 400 });
    const guardadas = await database.db.select({ codigo: solicitudesDecreto.codigo }).from(solicitudesDecreto);
    expect(new Set(guardadas.map((g) => g.codigo)).size).toBe(guardadas.length);
    for (const codigo of codigos.slice(0, 200)) expect(guardadas.some((g) => g.codigo === codigo)).toBe(true);
    const porReferencia = await database.db.select({ referencia: outbox.referencia, n: count() }).from(outbox).groupBy(outbox.referencia);
    expect(porReferencia.every((r) => r.n === 2)).toBe(true);
  });
});
