import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '#db/client.ts';
import { outbox } from '#db/schema/index.ts';
import { testCipher, testContext, silentLog, solicitudValida } from '#tests/factories/decretos.ts';
import { createTestDatabase, engines } from '#tests/setup/database.ts';
import { esperarHasta, iniciarSmtp, puertoLibre } from '#tests/setup/smtp.ts';
import { createSolicitudDecreto } from '#domain/decretos/commands.ts';
import { ajustar } from '#tests/factories/ajustes.ts';
import { type NewMail, createMailWorker, enqueueMail, retryDelay } from './outbox.ts';
import { maskEmail, maskText } from './masking.ts';
import { smtpTransport } from './smtp.ts';

const cipher = testCipher();
const FROM = 'Municipalidad de Villa La Angostura <no-responder@villalaangostura.gob.ar>';

function correos(referencia: string, cantidad: number): NewMail[] {
  return Array.from({ length: cantidad }, (_, i) => ({
    destinatario: `vecino${i}@correo.test`,
    asunto: `Aviso ${i}`,
    texto: `Texto del aviso ${i}.`,
    referencia,
  }));
}

/** Quoted-printable and folded headers undone, enough to read the Spanish text back. */
function legible(datos: string): string {
  return datos
    .replace(/=\r?\n/g, '')
    .replace(/(=[0-9A-F]{2})+/g, (m) => Buffer.from(m.replace(/=/g, ''), 'hex').toString('utf8'))
    .replace(/\r\n/g, '\n');
}

function registro() {
  const lineas: { obj: object; msg?: string }[] = [];
  const guardar = (obj: object, msg?: string) => lineas.push({ obj, msg });
  return { log: { info: guardar, warn: guardar, error: guardar }, lineas };
}

describe('privacidad en los logs', () => {
  it('enmascara direcciones y DNI', () => {
    expect(maskEmail('ana.perez@correo.com.ar')).toBe('***@correo.com.ar');
    expect(maskText('550 <ana.perez@correo.com.ar> rechazado, DNI 30.123.456 o 30123456')).toBe('550 <***@correo.com.ar> rechazado, DNI *** o ***');
  });
  it('espera exponencial con tope', () => {
    expect([1, 2, 3, 4, 10].map((n) => retryDelay(n, 100, 1000))).toEqual([100, 200, 400, 800, 1000]);
  });
});

describe.each(engines)('bandeja de salida con un servidor SMTP real (%s)', (engine) => {
  let database: Database;
  beforeAll(async () => {
    database = await createTestDatabase(engine);
    await ajustar(database.db, { emailMesaDecretos: 'mesa@muni.test' });
  });
  afterAll(() => database.close());

  const pendientes = async () => (await database.db.select({ id: outbox.id }).from(outbox).where(eq(outbox.estado, 'pendiente'))).length;

  it('los dos correos llegan con los destinatarios, el código y el texto en castellano', async () => {
    const smtp = await iniciarSmtp();
    const { log, lineas } = registro();
    const worker = createMailWorker({ db: database.db, cipher, log, transport: smtpTransport(`smtp://127.0.0.1:${smtp.puerto}`), from: FROM, pollMs: 200 });
    try {
      const r = await createSolicitudDecreto(
        testContext({ db: database.db, cipher }),
        solicitudValida({ nombre: 'Julián Álvarez', email: 'julian@correo.com.ar', dni: '31.222.333', numero: '812/2025' }),
      );
      if (r.tipo !== 'recibida') throw new Error(r.tipo);
      worker.start();
      worker.nudge();
      await esperarHasta(() => smtp.mensajes.length >= 2);
      await esperarHasta(async () => (await pendientes()) === 0);

      const ciudadano = smtp.mensajes.find((m) => m.para.includes('julian@correo.com.ar'))!;
      const mesa = smtp.mensajes.find((m) => m.para.includes('mesa@muni.test'))!;
      expect(ciudadano.para).toEqual(['julian@correo.com.ar']);
      expect(mesa.para).toEqual(['mesa@muni.test']);
      expect(ciudadano.de).toBe('no-responder@villalaangostura.gob.ar');
      const textoCiudadano = legible(ciudadano.datos);
      expect(textoCiudadano).toContain(r.codigo);
      expect(textoCiudadano).toContain('Nombre: «Julián Álvarez»');
      expect(textoCiudadano).toContain('Estamos procesando su solicitud.');
      expect(textoCiudadano).toContain(`https://sitio.test/solicitud-decretos/estado?codigo=${r.codigo}`);
      const textoMesa = legible(mesa.datos);
      expect(textoMesa).toContain(`Nueva solicitud de copia de decreto, código ${r.codigo}.`);
      expect(textoMesa).toContain('DNI: 31222333');
      expect(textoMesa).toContain('Número de Decreto: 812/2025');
      expect(mesa.datos).toMatch(/^Reply-To: julian@correo\.com\.ar$/im);

      const filas = await database.db.select().from(outbox).where(eq(outbox.referencia, r.codigo));
      expect(filas.every((f) => f.estado === 'enviado' && f.enviadoEn && f.intentos === 1)).toBe(true);
      // Once sent, the body (the desk's holds the DNI) is gone; the recipient stays encrypted.
      expect(filas.every((f) => f.texto === '')).toBe(true);
      expect(JSON.stringify(filas)).not.toMatch(/julian@|31222333|mesa@muni/);
      expect(filas.map((f) => f.messageId).sort()).toEqual([ciudadano.messageId, mesa.messageId].sort());
      // The log names subjects and recipient domains, never a full address or the DNI.
      const log = JSON.stringify(lineas);
      expect(log).toContain('***@correo.com.ar');
      expect(log).not.toMatch(/julian@|31222333|31\.222\.333/);
    } finally {
      await worker.stop();
      await smtp.cerrar();
    }
  });

  it('SMTP caído al enviar y de vuelta después: acuse inmediato, la bandeja se pausa sin gastar intentos y cada correo sale exactamente una vez', async () => {
    const puerto = await puertoLibre();
    const { log, lineas } = registro();
    const worker = createMailWorker({
      db: database.db,
      cipher,
      log,
      transport: smtpTransport(`smtp://127.0.0.1:${puerto}`),
      from: FROM,
      pollMs: 100,
      baseDelayMs: 100,
      maxDelayMs: 400,
    });
    worker.start();
    let smtp: Awaited<ReturnType<typeof iniciarSmtp>> | undefined;
    try {
      const inicio = Date.now();
      const respuestas = await Promise.all([1, 2, 3].map(() => createSolicitudDecreto(testContext({ db: database.db, cipher }), solicitudValida())));
      worker.nudge();
      expect(Date.now() - inicio).toBeLessThan(5000);
      expect(respuestas.every((r) => r.tipo === 'recibida' && r.nueva)).toBe(true);

      // The server, not the mails, failed: the outbox pauses; each mail tried keeps its masked
      // error, is due at once and its attempt is not counted (docs/decisions/029-fallas.md).
      await esperarHasta(async () => {
        const filas = await database.db.select().from(outbox).where(eq(outbox.estado, 'pendiente'));
        return filas.length === 6 && filas.some((f) => f.ultimoError) && JSON.stringify(lineas).includes('la bandeja de salida se pausa');
      });
      // Several probes while paused (intentional pause: the probes are what is being waited out).
      await new Promise((r) => setTimeout(r, 500));
      const enPausa = await database.db.select().from(outbox).where(eq(outbox.estado, 'pendiente'));
      expect(enPausa.map((f) => f.intentos)).toEqual([0, 0, 0, 0, 0, 0]);
      expect(JSON.stringify(lineas)).not.toContain('correo no enviado; se reintentará');
      expect(JSON.stringify(lineas).match(/se pausa/g)).toHaveLength(1);

      smtp = await iniciarSmtp(puerto);
      await esperarHasta(async () => (await pendientes()) === 0, 20_000);
      expect(JSON.stringify(lineas)).toContain('el servidor SMTP volvió');
      // A little longer: nothing is sent twice (intentional pause: an absence cannot be awaited).
      await new Promise((r) => setTimeout(r, 1000));
      const porId = new Map<string, number>();
      for (const m of smtp.mensajes) porId.set(m.messageId ?? '', (porId.get(m.messageId ?? '') ?? 0) + 1);
      expect(smtp.mensajes).toHaveLength(6);
      expect([...porId.values()]).toEqual([1, 1, 1, 1, 1, 1]);
      const filas = await database.db.select().from(outbox);
      const enviadas = filas.filter((f) => respuestas.some((r) => r.tipo === 'recibida' && r.codigo === f.referencia));
      expect(enviadas.map((f) => f.messageId).sort()).toEqual([...porId.keys()].sort());
      expect(enviadas.every((f) => f.estado === 'enviado')).toBe(true);
    } finally {
      await worker.stop();
      await smtp?.cerrar();
    }
  });

  it('SMTP de vuelta tras un corte: con los plazos por defecto, 200 correos en espera empiezan a salir en menos de 10 s', { timeout: 120_000 }, async () => {
    const puerto = await puertoLibre();
    const { log, lineas } = registro();
    await enqueueMail(database.db, cipher, correos('corte', 200));
    // The defaults the site runs with: poll (and probe) every 5 s, back-off from 30 s.
    const worker = createMailWorker({ db: database.db, cipher, log, transport: smtpTransport(`smtp://127.0.0.1:${puerto}`), from: FROM });
    worker.start();
    let smtp: Awaited<ReturnType<typeof iniciarSmtp>> | undefined;
    try {
      await esperarHasta(() => JSON.stringify(lineas).includes('la bandeja de salida se pausa'), 20_000);
      // The outage lasts a few probes.
      await new Promise((r) => setTimeout(r, 6_000));
      smtp = await iniciarSmtp(puerto);
      const vuelta = Date.now();
      await esperarHasta(() => smtp!.mensajes.length >= 1, 15_000);
      const primero = Date.now() - vuelta;
      await esperarHasta(async () => (await filasDe('corte')).every((f) => f.estado === 'enviado'), 30_000);
      const ultimo = Date.now() - vuelta;
      console.log(`${engine}: SMTP de vuelta; el primer correo salió a los ${primero} ms y el último de 200 a los ${ultimo} ms`);
      expect(primero).toBeLessThan(10_000);
      expect(new Set(smtp.mensajes.map((m) => m.messageId)).size).toBe(200);
    } finally {
      await worker.stop();
      await smtp?.cerrar();
    }
  });

  it('dos workers a la vez (dos instancias) no envían dos veces', async () => {
    const smtp = await iniciarSmtp();
    const crear = () =>
      createMailWorker({
        db: database.db,
        cipher,
        log: silentLog,
        transport: smtpTransport(`smtp://127.0.0.1:${smtp.puerto}`),
        from: FROM,
        pollMs: 50,
        batchSize: 3,
      });
    const a = crear();
    const b = crear();
    try {
      await Promise.all(Array.from({ length: 10 }, () => createSolicitudDecreto(testContext({ db: database.db, cipher }), solicitudValida())));
      a.start();
      b.start();
      await esperarHasta(async () => (await pendientes()) === 0, 20_000);
      // Intentional pause: nothing else arrives (an absence cannot be awaited).
      await new Promise((r) => setTimeout(r, 300));
      expect(smtp.mensajes).toHaveLength(20);
      expect(new Set(smtp.mensajes.map((m) => m.messageId)).size).toBe(20);
    } finally {
      await Promise.all([a.stop(), b.stop()]);
      await smtp.cerrar();
    }
  });

  /** The rows of one test, by reference, with whether each is due now. */
  async function filasDe(referencia: string) {
    return database.db
      .select({
        messageId: outbox.messageId,
        estado: outbox.estado,
        intentos: outbox.intentos,
        ultimoError: outbox.ultimoError,
        vencido: sql<boolean>`${outbox.proximoIntento} <= now()`,
      })
      .from(outbox)
      .where(eq(outbox.referencia, referencia));
  }

  it('envía por un pool de conexiones con varios correos en vuelo a la vez, cada uno una sola vez', async () => {
    // Each message takes the server 200 ms to accept: one at a time, 50 would take 10 s.
    const smtp = await iniciarSmtp(0, { demoraDatos: 200 });
    const worker = createMailWorker({
      db: database.db,
      cipher,
      log: silentLog,
      transport: smtpTransport(`smtp://127.0.0.1:${smtp.puerto}`, { connections: 5 }),
      from: FROM,
      pollMs: 100,
    });
    try {
      await enqueueMail(database.db, cipher, correos('en-vuelo', 50));
      worker.start();
      await esperarHasta(async () => (await filasDe('en-vuelo')).every((f) => f.estado === 'enviado'), 20_000);
      const filas = await filasDe('en-vuelo');
      const recibidos = smtp.mensajes.map((m) => m.messageId);
      expect(recibidos).toHaveLength(50);
      expect(new Set(recibidos).size).toBe(50);
      expect([...recibidos].sort()).toEqual(filas.map((f) => f.messageId).sort());
      // As many messages in flight as the pool has connections, and never more connections.
      expect(smtp.maxDatos()).toBe(5);
      expect(smtp.maxSesiones()).toBeLessThanOrEqual(5);
    } finally {
      await worker.stop();
      await smtp.cerrar();
    }
  });

  it('al detenerse devuelve lo reclamado y no enviado: vence enseguida, con los intentos de antes', async () => {
    // A server that never accepts: two mails stay in the middle of their SMTP transaction.
    const colgado = await iniciarSmtp(0, { demoraDatos: 'nunca' });
    const { log, lineas } = registro();
    const worker = createMailWorker({
      db: database.db,
      cipher,
      log,
      transport: smtpTransport(`smtp://127.0.0.1:${colgado.puerto}`, { connections: 2 }),
      from: FROM,
      pollMs: 60_000,
      batchSize: 12,
      graceMs: 200,
    });
    const smtp = await iniciarSmtp();
    const siguiente = createMailWorker({
      db: database.db,
      cipher,
      log: silentLog,
      transport: smtpTransport(`smtp://127.0.0.1:${smtp.puerto}`),
      from: FROM,
      pollMs: 60_000,
      leaseMs: 60_000,
    });
    try {
      await enqueueMail(database.db, cipher, correos('liberar', 12));
      worker.start();
      await esperarHasta(() => colgado.maxDatos() === 2);
      // Claimed: the attempt counted and the lease in the future.
      const reclamadas = await filasDe('liberar');
      expect(reclamadas.map((f) => [f.intentos, f.vencido])).toEqual(Array.from({ length: 12 }, () => [1, false]));

      await worker.stop();
      const liberadas = await filasDe('liberar');
      expect(liberadas.map((f) => [f.estado, f.intentos, f.vencido, f.ultimoError])).toEqual(Array.from({ length: 12 }, () => ['pendiente', 0, true, null]));
      expect(colgado.mensajes).toHaveLength(0);
      expect(JSON.stringify(lineas)).not.toContain('se reintentará');

      // The next sender (another process) takes them at once, without waiting for a lease.
      expect(await siguiente.runOnce()).toBe(12);
      const enviadas = await filasDe('liberar');
      expect(enviadas.map((f) => [f.estado, f.intentos])).toEqual(Array.from({ length: 12 }, () => ['enviado', 1]));
      expect(smtp.mensajes.map((m) => m.messageId).sort()).toEqual(enviadas.map((f) => f.messageId).sort());
    } finally {
      await worker.stop();
      await siguiente.stop();
      await Promise.all([colgado.cerrar(), smtp.cerrar()]);
    }
  });

  it('al detenerse termina dentro de la gracia los correos a mitad de envío y devuelve los demás', async () => {
    const smtp = await iniciarSmtp(0, { demoraDatos: 300 });
    const worker = createMailWorker({
      db: database.db,
      cipher,
      log: silentLog,
      transport: smtpTransport(`smtp://127.0.0.1:${smtp.puerto}`, { connections: 3 }),
      from: FROM,
      pollMs: 60_000,
      batchSize: 20,
      graceMs: 5000,
    });
    try {
      await enqueueMail(database.db, cipher, correos('gracia', 20));
      worker.start();
      await esperarHasta(() => smtp.maxDatos() === 3);
      await worker.stop();
      const filas = await filasDe('gracia');
      const enviadas = filas.filter((f) => f.estado === 'enviado');
      // The three in the middle of DATA finished; nothing else was started after stop.
      expect(enviadas).toHaveLength(3);
      expect(smtp.mensajes.map((m) => m.messageId).sort()).toEqual(enviadas.map((f) => f.messageId).sort());
      expect(filas.filter((f) => f.estado === 'pendiente').map((f) => [f.intentos, f.vencido])).toEqual(Array.from({ length: 17 }, () => [0, true]));
    } finally {
      await worker.stop();
      await smtp.cerrar();
      await database.db
        .update(outbox)
        .set({ estado: 'enviado' })
        .where(and(eq(outbox.referencia, 'gracia'), eq(outbox.estado, 'pendiente')));
    }
  });

  it('sin SMTP_URL los correos esperan y se registran enmascarados', async () => {
    const { log, lineas } = registro();
    const worker = createMailWorker({ db: database.db, cipher, log, transport: undefined, from: FROM, pollMs: 100 });
    try {
      await createSolicitudDecreto(testContext({ db: database.db, cipher }), solicitudValida({ email: 'sin.smtp@correo.com.ar' }));
      worker.start();
      await esperarHasta(() => lineas.some((l) => l.msg?.includes('en espera')));
      expect(await pendientes()).toBe(2);
      expect(JSON.stringify(lineas)).not.toContain('sin.smtp@');
      expect(JSON.stringify(lineas)).toContain('***@correo.com.ar');
    } finally {
      await worker.stop();
    }
  });
});
