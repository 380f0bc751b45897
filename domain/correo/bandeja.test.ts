import { eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '#db/client.ts';
import { generarPdf } from '#db/factories/pdf.ts';
import { auditoria, outbox } from '#db/schema/index.ts';
import { storeDocumento } from '#domain/documentos/commands.ts';
import { PermisoDenegadoError } from '#domain/shared/permisos.ts';
import { testCipher, testContext } from '#tests/factories/decretos.ts';
import { admin, editor, logEspia, mesa } from '#tests/factories/mesa.ts';
import { createTestDatabase, engines } from '#tests/setup/database.ts';
import { adjuntosDe, esperarHasta, iniciarSmtp } from '#tests/setup/smtp.ts';
import { createTestStorage } from '#tests/setup/storage.ts';
import { listCorreos, reintentarCorreo } from './bandeja.ts';
import { type NewMail, createMailWorker, enqueueMail } from './outbox.ts';
import { smtpTransport } from './smtp.ts';

const cipher = testCipher();
const FROM = 'Municipalidad de Villa La Angostura <no-responder@villalaangostura.gob.ar>';

describe.each(engines)('bandeja de salida: adjuntos, fallidos, vista y reintento (%s)', (engine) => {
  let database: Database;
  const storage = createTestStorage();
  beforeAll(async () => {
    database = await createTestDatabase(engine);
  });
  afterAll(async () => {
    await database.close();
    storage.remove();
  });

  /** Enqueues mails outside any other record, as a test of the outbox alone; answers their ids. */
  async function encolar(correos: NewMail[]): Promise<number[]> {
    await enqueueMail(database.db, cipher, correos);
    const filas = await database.db
      .select({ id: outbox.id })
      .from(outbox)
      .where(
        inArray(
          outbox.referencia,
          correos.map((c) => c.referencia!),
        ),
      );
    return filas.map((f) => f.id).sort((a, b) => a - b);
  }
  const fila = async (id: number) => (await database.db.select().from(outbox).where(eq(outbox.id, id)))[0]!;

  it('un correo con un PDF adjunto llega con el PDF intacto, con el mismo Message-ID y el cuerpo cifrado hasta enviarlo', async () => {
    const pdf = await generarPdf({ titulo: 'DECRETO N° 10/2026', parrafos: ['Adjunto de prueba con acentos: señal, camión.'] });
    const documento = await storeDocumento({ db: database.db, storage }, { data: pdf, nombreArchivo: 'decreto-10.pdf', publico: false });
    const [id] = await encolar([
      {
        destinatario: 'lectora@correo.test',
        asunto: 'Decreto adjunto',
        texto: 'Le enviamos el decreto.',
        referencia: 'ADJ-1',
        adjuntos: [{ documentoId: documento.id, nombreArchivo: 'decreto-10.pdf', tipoContenido: 'application/pdf' }],
      },
    ]);
    const guardado = await fila(id!);
    expect(guardado.texto).not.toContain('Le enviamos');
    expect(cipher.open(guardado.texto)).toBe('Le enviamos el decreto.');

    const smtp = await iniciarSmtp();
    const log = logEspia();
    const worker = createMailWorker({ db: database.db, cipher, storage, log, transport: smtpTransport(`smtp://127.0.0.1:${smtp.puerto}`), from: FROM });
    try {
      expect(await worker.runOnce()).toBe(1);
      const [mensaje] = smtp.mensajes;
      expect(mensaje?.para).toEqual(['lectora@correo.test']);
      expect(mensaje?.messageId).toBe(guardado.messageId);
      const [adjunto] = adjuntosDe(mensaje!.datos);
      expect(adjunto).toMatchObject({ nombre: 'decreto-10.pdf', tipo: 'application/pdf' });
      expect(adjunto!.bytes.equals(Buffer.from(pdf))).toBe(true);
      expect(await fila(id!)).toMatchObject({ estado: 'enviado', texto: '', intentos: 1 });
      expect(log.texto()).not.toContain('lectora@');
    } finally {
      await worker.stop();
      await smtp.cerrar();
    }
  });

  it('un rechazo definitivo (550) o un adjunto que ya no existe lo dejan fallido enseguida; una casilla que aplaza (451), después de los intentos máximos', async () => {
    const smtp = await iniciarSmtp(0, { rechazar: (d) => d.startsWith('no.existe@') });
    const log = logEspia();
    const worker = createMailWorker({ db: database.db, cipher, storage, log, transport: smtpTransport(`smtp://127.0.0.1:${smtp.puerto}`), from: FROM });
    try {
      const [rechazado, sinAdjunto] = await encolar([
        { destinatario: 'no.existe@correo.test', asunto: 'A', texto: 'a', referencia: 'FALLA-1' },
        {
          destinatario: 'ok@correo.test',
          asunto: 'B',
          texto: 'b',
          referencia: 'FALLA-2',
          adjuntos: [{ documentoId: 999_999, nombreArchivo: 'x.pdf', tipoContenido: 'application/pdf' }],
        },
      ]);
      await worker.runOnce();
      expect(await fila(rechazado!)).toMatchObject({ estado: 'fallido', intentos: 1 });
      expect((await fila(rechazado!)).ultimoError).toMatch(/550/);
      // The SMTP error quotes the recipient: stored and logged masked.
      expect((await fila(rechazado!)).ultimoError).not.toContain('no.existe@');
      expect(await fila(sinAdjunto!)).toMatchObject({ estado: 'fallido', ultimoError: 'el documento adjunto 999999 ya no existe' });
      expect(smtp.mensajes).toEqual([]);
      expect(log.texto()).toContain('correo fallido: no se reintentará hasta que se pida');
      expect(log.texto()).not.toContain('no.existe@');
    } finally {
      await worker.stop();
      await smtp.cerrar();
    }

    // A mailbox the server refuses for now (451): this mail, not the server, fails; it is retried.
    const lleno = await iniciarSmtp(0, { aplazar: (direccion) => direccion.startsWith('paciente@') });
    const caido = createMailWorker({
      db: database.db,
      cipher,
      storage,
      log: logEspia(),
      transport: smtpTransport(`smtp://127.0.0.1:${lleno.puerto}`),
      from: FROM,
      baseDelayMs: 1,
      maxDelayMs: 1,
      maxAttempts: 3,
    });
    try {
      const [id] = await encolar([{ destinatario: 'paciente@correo.test', asunto: 'C', texto: 'c', referencia: 'FALLA-3' }]);
      // Retried (a 4xx is not final) until the third attempt, then given up.
      await esperarHasta(async () => {
        await caido.runOnce();
        return (await fila(id!)).estado === 'fallido';
      });
      expect((await fila(id!)).intentos).toBe(3);
    } finally {
      await caido.stop();
      await lleno.cerrar();
    }
  });

  it('la vista: filtro por estado y referencia, páginas y total; el destinatario completo sólo para administración', async () => {
    const ids = await encolar(
      Array.from({ length: 5 }, (_, i) => ({ destinatario: `vista${i}@correo.test`, asunto: `Vista ${i}`, texto: `t${i}`, referencia: `VISTA-${i % 2}` })),
    );
    const ctx = testContext({ db: database.db, cipher });
    const pagina1 = await listCorreos(ctx, mesa, { referencia: 'VISTA-0', pagina: 1, porPagina: 2 });
    expect(pagina1.total).toBe(3);
    expect(pagina1.items.map((c) => c.asunto)).toEqual(['Vista 4', 'Vista 2']);
    expect(pagina1.items[0]).toMatchObject({ destinatario: '***@correo.test', estado: 'pendiente', estadoEtiqueta: 'Pendiente', intentos: 0, adjuntos: [] });
    expect(pagina1.items[0]!.proximoIntento).toBeInstanceOf(Date);
    const pagina2 = await listCorreos(ctx, mesa, { referencia: 'VISTA-0', pagina: 2, porPagina: 2 });
    expect(pagina2.items.map((c) => c.asunto)).toEqual(['Vista 0']);
    const completo = await listCorreos(ctx, admin, { referencia: 'VISTA-1', pagina: 1, porPagina: 10 });
    expect(completo.items.map((c) => c.destinatario)).toEqual(['vista3@correo.test', 'vista1@correo.test']);

    const fallidos = await listCorreos(ctx, admin, { estado: 'fallido', pagina: 1, porPagina: 50 });
    expect(fallidos.items.map((c) => c.asunto).sort()).toEqual(['A', 'B', 'C']);
    expect(fallidos.items.every((c) => c.ultimoError && c.proximoIntento === null)).toBe(true);
    const enviados = await listCorreos(ctx, mesa, { estado: 'enviado', pagina: 1, porPagina: 50 });
    expect(enviados.items.map((c) => [c.asunto, c.adjuntos])).toEqual([['Decreto adjunto', ['decreto-10.pdf']]]);
    expect(enviados.items[0]!.enviadoEn).toBeInstanceOf(Date);
    expect(ids).toHaveLength(5);

    await expect(listCorreos(ctx, editor, { pagina: 1, porPagina: 10 })).rejects.toThrow(PermisoDenegadoError);
  });

  it('reintentar: un fallido vuelve a pendiente ya, con los intentos en cero, auditado; lo demás se rechaza', async () => {
    const ctx = testContext({ db: database.db, cipher });
    const [fallido] = (await database.db.select({ id: outbox.id }).from(outbox).where(eq(outbox.referencia, 'FALLA-1')))!;
    expect(await reintentarCorreo(ctx, mesa, fallido!.id)).toEqual({ tipo: 'reintentado' });
    expect(ctx.mailer.wakes).toBe(1);
    const vuelto = await fila(fallido!.id);
    expect(vuelto).toMatchObject({ estado: 'pendiente', intentos: 0 });
    expect(vuelto.proximoIntento.getTime()).toBeLessThanOrEqual(Date.now() + 1000);
    const [entrada] = await database.db
      .select()
      .from(auditoria)
      .where(eq(auditoria.entidadId, String(fallido!.id)));
    expect(entrada).toMatchObject({
      accion: 'correo.reintento',
      entidad: 'correo',
      actorEmail: mesa.email,
      antes: { estado: 'fallido', intentos: 1, referencia: 'FALLA-1' },
      despues: { estado: 'pendiente', intentos: 0 },
    });
    expect(JSON.stringify(entrada)).not.toContain('no.existe@');

    expect(await reintentarCorreo(ctx, mesa, fallido!.id)).toEqual({ tipo: 'rechazado', mensaje: 'Sólo se reintenta un correo fallido; este está pendiente.' });
    const [enviado] = await database.db.select({ id: outbox.id }).from(outbox).where(eq(outbox.referencia, 'ADJ-1'));
    expect(await reintentarCorreo(ctx, admin, enviado!.id)).toEqual({ tipo: 'rechazado', mensaje: 'Sólo se reintenta un correo fallido; este está enviado.' });
    expect(await reintentarCorreo(ctx, mesa, 2_000_000_000)).toEqual({ tipo: 'no_encontrado' });
    expect(await reintentarCorreo(ctx, mesa, -1)).toEqual({ tipo: 'no_encontrado' });
    await expect(reintentarCorreo(ctx, editor, fallido!.id)).rejects.toThrow('Tu usuario no puede reintentar correos');
    expect(ctx.mailer.wakes).toBe(1);

    // Retried against a server that now accepts it: it goes out.
    const smtp = await iniciarSmtp();
    const worker = createMailWorker({
      db: database.db,
      cipher,
      storage,
      log: logEspia(),
      transport: smtpTransport(`smtp://127.0.0.1:${smtp.puerto}`),
      from: FROM,
    });
    try {
      await esperarHasta(async () => {
        await worker.runOnce();
        return (await fila(fallido!.id)).estado === 'enviado';
      });
      expect(smtp.mensajes.some((m) => m.para.includes('no.existe@correo.test'))).toBe(true);
    } finally {
      await worker.stop();
      await smtp.cerrar();
    }
  });
});
