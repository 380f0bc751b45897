import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '#db/client.ts';
import { generarPdf } from '#db/factories/pdf.ts';
import { boletinesOficiales, outbox, solicitudesDecreto } from '#db/schema/index.ts';
import { createMailWorker } from '#domain/correo/outbox.ts';
import { smtpTransport } from '#domain/correo/smtp.ts';
import { PermisoDenegadoError } from '#domain/shared/permisos.ts';
import { insertBoletin } from '#tests/factories/boletines.ts';
import { testCipher, testContext } from '#tests/factories/decretos.ts';
import { createSolicitud, editor, logEspia, mesa } from '#tests/factories/mesa.ts';
import { createTestDatabase, engines } from '#tests/setup/database.ts';
import { adjuntosDe, esperarHasta, iniciarSmtp } from '#tests/setup/smtp.ts';
import { createTestStorage } from '#tests/setup/storage.ts';
import { NO_PUBLICADO, enviarDecretoPublicado } from './mesa-commands.ts';
import { findDecretoPublicado, numerosPublicados } from './publicados.ts';

// The decree already published at the desk (docs/decisions/023-decretos-publicados.md):
// the look-ups and the command on an empty database, and the bulletin's PDF reaching the citizen
// through a real SMTP server.
const cipher = testCipher();

describe.each(engines)('decretos publicados: búsqueda y envío desde la mesa (%s)', (engine) => {
  let database: Database;
  const storage = createTestStorage();
  const log = logEspia();
  let ctx: ReturnType<typeof testContext>;
  let pdf: Uint8Array;
  const boletines: Record<number, { id: number; documentoId: number }> = {};

  beforeAll(async () => {
    database = await createTestDatabase(engine);
    ctx = { ...testContext({ db: database.db, cipher, storage }), log };
    pdf = await generarPdf({ titulo: 'BOLETÍN OFICIAL N° 40', parrafos: ['Decreto 7/2026.'] });
    // Bulletin 41 (May) lists 7/2026 again, after bulletin 40 (March): the earliest is offered.
    for (const [numero, mes] of [
      [41, 5],
      [40, 3],
    ] as const) {
      boletines[numero] = await insertBoletin(ctx, {
        numero,
        mes,
        anio: 2026,
        documento: { data: pdf, nombreArchivo: `boletin-${numero}.pdf` },
        decretos: [{ numero: '7/2026', descripcion: `Publicado en ${numero}`, area: 'Intendencia' }],
      });
    }
  });
  afterAll(async () => {
    await database.close();
    storage.remove();
  });

  it('el primer boletín que lo publicó; sin año o con otro, nada; la lista de la mesa en una consulta', async () => {
    const publicado = await findDecretoPublicado(database.db, 'Decreto Nº 007 de 2026');
    expect(publicado).toMatchObject({
      decreto: '7/2026',
      descripcion: 'Publicado en 40',
      boletinTexto: 'Boletín Oficial Nº 40 de marzo de 2026',
      enlace: `/api/v1/documentos/${boletines[40]!.documentoId}`,
      boletin: { numero: 40, nombreArchivo: 'boletin-40.pdf', tipoContenido: 'application/pdf' },
    });
    expect(await findDecretoPublicado(database.db, '7')).toBeUndefined();
    expect(await findDecretoPublicado(database.db, '7/2025')).toBeUndefined();
    expect(await numerosPublicados(database.db, ['7-26', '8/2026', 'cualquier cosa', 'dto. 7/2026'])).toEqual(new Set(['7-26', 'dto. 7/2026']));
    expect(await numerosPublicados(database.db, [])).toEqual(new Set());
  });

  it('sólo la mesa y administración; un decreto no publicado es un conflicto sin cambios', async () => {
    const s = await createSolicitud(ctx, { numero: '8/2026' });
    await expect(enviarDecretoPublicado(ctx, editor, s.codigo, {})).rejects.toBeInstanceOf(PermisoDenegadoError);
    expect(await enviarDecretoPublicado(ctx, mesa, s.codigo, {})).toEqual({ tipo: 'conflicto', mensaje: NO_PUBLICADO });
    expect(await enviarDecretoPublicado(ctx, mesa, 'SD-2026-222-222-222', {})).toEqual({ tipo: 'no_encontrado' });
    const mensajeLargo = await enviarDecretoPublicado(ctx, mesa, s.codigo, { mensaje: 'x'.repeat(5000) });
    expect(mensajeLargo).toMatchObject({ tipo: 'invalido', errores: { mensaje: 'El mensaje puede tener hasta 2.000 caracteres.' } });
    const [fila] = await database.db.select({ estado: solicitudesDecreto.estado }).from(solicitudesDecreto).where(eq(solicitudesDecreto.codigo, s.codigo));
    expect(fila?.estado).toBe('recibida');
  });

  it('el ciudadano recibe el PDF del boletín intacto por un servidor SMTP real, con su enlace', async () => {
    const smtp = await iniciarSmtp();
    const worker = createMailWorker({
      db: database.db,
      cipher,
      storage,
      log,
      transport: smtpTransport(`smtp://127.0.0.1:${smtp.puerto}`),
      from: 'Municipalidad de Villa La Angostura <no-responder@villalaangostura.gob.ar>',
      pollMs: 100,
    });
    try {
      const s = await createSolicitud(ctx, { email: 'boletin.pdf@correo.com.ar', numero: '7/26' });
      expect(await enviarDecretoPublicado(ctx, mesa, s.codigo, { mensaje: 'Está en el boletín.' })).toEqual({
        tipo: 'hecho',
        codigo: s.codigo,
        estado: 'enviada',
      });
      worker.start();
      await esperarHasta(() => smtp.mensajes.some((m) => m.datos.includes(s.codigo) && m.datos.includes('boletin-40.pdf')));
      const mensaje = smtp.mensajes.find((m) => m.datos.includes('boletin-40.pdf'))!;
      expect(mensaje.para).toEqual(['boletin.pdf@correo.com.ar']);
      const [adjunto, ...otros] = adjuntosDe(mensaje.datos);
      expect(otros).toEqual([]);
      expect(adjunto?.nombre).toBe('boletin-40.pdf');
      expect(adjunto?.bytes.equals(Buffer.from(pdf))).toBe(true);
      const [correo] = await database.db.select().from(outbox).where(eq(outbox.referencia, s.codigo)).orderBy(outbox.id).offset(2).limit(1);
      expect(correo?.asunto).toBe(`Le enviamos el decreto que solicitó (${s.codigo})`);
      expect(log.texto()).not.toContain('boletin.pdf@');
    } finally {
      await worker.stop();
      await smtp.cerrar();
    }
  });

  it('borrar un boletín se lleva sus decretos: se ofrece el siguiente', async () => {
    await database.db.delete(boletinesOficiales).where(eq(boletinesOficiales.id, boletines[40]!.id));
    expect((await findDecretoPublicado(database.db, '7/2026'))?.boletinTexto).toBe('Boletín Oficial Nº 41 de mayo de 2026');
  });
});
