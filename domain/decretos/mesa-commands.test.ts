import fs from 'node:fs';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '#db/client.ts';
import { generarPdf } from '#db/factories/pdf.ts';
import { auditoria, documentos, outbox, solicitudesDecreto } from '#db/schema/index.ts';
import { createMailWorker } from '#domain/correo/outbox.ts';
import { smtpTransport } from '#domain/correo/smtp.ts';
import { getDocumento } from '#domain/documentos/queries.ts';
import { PermisoDenegadoError } from '#domain/shared/permisos.ts';
import { testCipher, testContext } from '#tests/factories/decretos.ts';
import { admin, createSolicitud, editor, logEspia, mesa } from '#tests/factories/mesa.ts';
import { createTestDatabase, engines } from '#tests/setup/database.ts';
import { adjuntosDe, esperarHasta, iniciarSmtp } from '#tests/setup/smtp.ts';
import { createTestStorage } from '#tests/setup/storage.ts';
import { getSolicitudMesa } from './mesa.ts';
import { changeEstadoSolicitud, enviarDecreto, prorrogarSolicitud } from './mesa-commands.ts';
import { getEstadoSolicitud } from './queries.ts';

const cipher = testCipher();
const FROM = 'Municipalidad de Villa La Angostura <no-responder@villalaangostura.gob.ar>';
const pdf = (texto = 'DECRETO N° 812/2025') => generarPdf({ titulo: texto, parrafos: ['Visto el expediente, el Intendente decreta.'] });
/** A file as a form upload brings it (a copy of the bytes, so the File owns an ArrayBuffer). */
const archivo = async (bytes?: Uint8Array, nombre = 'decreto-812.pdf') =>
  new File([new Uint8Array(bytes ?? (await pdf()))], nombre, { type: 'application/pdf' });

describe.each(engines)('mesa de entradas: comandos (%s)', (engine) => {
  let database: Database;
  const storage = createTestStorage();
  const log = logEspia();
  let ctx: ReturnType<typeof testContext>;
  beforeAll(async () => {
    database = await createTestDatabase(engine);
    ctx = { ...testContext({ db: database.db, cipher, storage }), log };
  });
  afterAll(async () => {
    await database.close();
    storage.remove();
  });

  const correosDe = (codigo: string) => database.db.select().from(outbox).where(eq(outbox.referencia, codigo)).orderBy(outbox.id);
  const auditoriaDe = (codigo: string) => database.db.select().from(auditoria).where(eq(auditoria.entidadId, codigo)).orderBy(auditoria.id);

  it('recibida → en proceso → rechazada: cada paso con su correo, su historial con quién y su auditoría', async () => {
    const s = await createSolicitud(ctx, { nombre: 'Julián Álvarez', dni: '31.222.333', email: 'julian@correo.com.ar', numero: '812/2025' });
    const despertadas = ctx.mailer.wakes;
    expect(await changeEstadoSolicitud(ctx, mesa, s.codigo, { estado: 'en_proceso', mensaje: '' })).toEqual({
      tipo: 'hecho',
      codigo: s.codigo,
      estado: 'en_proceso',
    });
    expect(ctx.mailer.wakes).toBe(despertadas + 1);
    const r = await changeEstadoSolicitud(ctx, admin, s.codigo, {
      estado: 'rechazada',
      mensaje: 'El decreto 812/2025 no existe: el último de ese año es el 640.',
    });
    expect(r).toEqual({ tipo: 'hecho', codigo: s.codigo, estado: 'rechazada' });

    const detalle = await getSolicitudMesa(ctx, mesa, s.codigo);
    expect(detalle?.estado).toBe('rechazada');
    expect(detalle?.cerradaEn).toBeInstanceOf(Date);
    expect(detalle?.siguientes).toEqual([]);
    expect(detalle?.historial.map((h) => [h.estado, h.actorEmail, h.usuarioId])).toEqual([
      ['recibida', null, null],
      ['en_proceso', mesa.email, mesa.usuarioId],
      ['rechazada', admin.email, admin.usuarioId],
    ]);
    expect(detalle?.historial[2]?.mensaje).toContain('el último de ese año es el 640');
    // The public status page sees the same steps.
    expect((await getEstadoSolicitud(database.db, s.codigo))?.historial.map((h) => h.estado)).toEqual(['recibida', 'en_proceso', 'rechazada']);

    const correos = await correosDe(s.codigo);
    // The acknowledgement, the desk's notice, then one for each change, all to the citizen.
    expect(correos.map((c) => c.asunto).slice(2)).toEqual([
      `Su solicitud de decreto ${s.codigo} está en proceso`,
      `Su solicitud de decreto ${s.codigo} fue rechazada`,
    ]);
    const rechazo = correos[3]!;
    expect(cipher.open(rechazo.destinatario)).toBe('julian@correo.com.ar');
    const texto = cipher.open(rechazo.texto);
    expect(texto).toContain('Mensaje de la mesa de entradas:');
    expect(texto).toContain('el último de ese año es el 640');
    expect(texto).toContain('Número de decreto solicitado: «812/2025»');
    expect(texto).toContain(`https://sitio.test/solicitud-decretos/estado?codigo=${s.codigo}`);

    const entradas = await auditoriaDe(s.codigo);
    expect(entradas.map((e) => [e.accion, e.actorEmail, e.antes, e.despues])).toEqual([
      ['solicitud.estado', mesa.email, { estado: 'recibida' }, { estado: 'en_proceso', mensajeAlSolicitante: false }],
      ['solicitud.estado', admin.email, { estado: 'en_proceso' }, { estado: 'rechazada', mensajeAlSolicitante: true }],
    ]);
    expect(JSON.stringify(entradas)).not.toMatch(/31222333|julian@|640/);
    expect(log.texto()).not.toMatch(/31222333|31\.222\.333|julian@/);
  });

  it('sólo las transiciones previstas, con errores en castellano', async () => {
    const s = await createSolicitud(ctx);
    const conflicto = async (estado: string, mensaje = 'Un motivo cualquiera.') => {
      const r = await changeEstadoSolicitud(ctx, mesa, s.codigo, { estado, mensaje });
      return r.tipo === 'conflicto' ? r.mensaje : r.tipo;
    };
    // recibida → enviada only by sending the decree; en_proceso → en_proceso is no change.
    const aEnviada = await changeEstadoSolicitud(ctx, mesa, s.codigo, { estado: 'enviada' });
    expect(aEnviada).toMatchObject({ tipo: 'invalido', errores: { estado: 'Para marcarla enviada usá «Enviar decreto» y adjuntá el PDF.' } });
    expect(await changeEstadoSolicitud(ctx, mesa, s.codigo, { estado: 'recibida' })).toMatchObject({
      tipo: 'invalido',
      errores: { estado: 'Elegí el estado nuevo: En proceso o Rechazada.' },
    });
    expect(await conflicto('en_proceso')).toBe('hecho');
    expect(await conflicto('en_proceso')).toBe('La solicitud ya está en «En proceso».');
    expect(await conflicto('rechazada')).toBe('hecho');
    expect(await conflicto('en_proceso')).toBe('La solicitud está en «Rechazada» y ya no cambia de estado.');
    expect(await conflicto('rechazada')).toBe('La solicitud está en «Rechazada» y ya no cambia de estado.');
    // recibida → rechazada directly.
    const otra = await createSolicitud(ctx);
    expect((await changeEstadoSolicitud(ctx, mesa, otra.codigo, { estado: 'rechazada', mensaje: 'No es un decreto municipal.' })).tipo).toBe('hecho');
  });

  it('rechazar exige un mensaje; un código desconocido o ilegible no es una solicitud', async () => {
    const s = await createSolicitud(ctx);
    expect(await changeEstadoSolicitud(ctx, mesa, s.codigo, { estado: 'rechazada', mensaje: '   ' })).toMatchObject({
      tipo: 'invalido',
      errores: { mensaje: 'Escribí el motivo del rechazo: se lo enviamos por correo al solicitante.' },
    });
    expect(await changeEstadoSolicitud(ctx, mesa, s.codigo, { estado: 'en_proceso', mensaje: 'x'.repeat(2001) })).toMatchObject({
      tipo: 'invalido',
      errores: { mensaje: 'El mensaje puede tener hasta 2.000 caracteres.' },
    });
    expect(await changeEstadoSolicitud(ctx, mesa, 'SD-2026-222-222-222', { estado: 'en_proceso' })).toEqual({ tipo: 'no_encontrado' });
    expect(await changeEstadoSolicitud(ctx, mesa, 'cualquier cosa', { estado: 'en_proceso' })).toEqual({ tipo: 'no_encontrado' });
    expect((await getSolicitudMesa(ctx, mesa, s.codigo))?.estado).toBe('recibida');
    // Nothing was written for the refused attempts.
    expect((await correosDe(s.codigo)).length).toBe(2);
    expect((await auditoriaDe(s.codigo)).length).toBe(0);
  });

  it('un editor no atiende solicitudes', async () => {
    const s = await createSolicitud(ctx);
    await expect(changeEstadoSolicitud(ctx, editor, s.codigo, { estado: 'en_proceso' })).rejects.toThrow(PermisoDenegadoError);
    await expect(enviarDecreto(ctx, editor, s.codigo, { archivo: await archivo() })).rejects.toThrow(PermisoDenegadoError);
    await expect(prorrogarSolicitud(ctx, editor, s.codigo, { motivo: 'El archivo está en mudanza durante todo el mes.' })).rejects.toThrow(
      'Tu usuario no puede atender solicitudes de decretos: es tarea de la mesa de entradas y de administración.',
    );
    expect((await getSolicitudMesa(ctx, mesa, s.codigo))?.estado).toBe('recibida');
  });

  it('enviar el decreto: sólo un PDF de verdad, sólo desde «En proceso», y si no se puede no queda ningún archivo', async () => {
    const s = await createSolicitud(ctx);
    const cuantosDocumentos = async () => (await database.db.select({ id: documentos.id }).from(documentos)).length;
    const antes = await cuantosDocumentos();
    // From recibida: refused before anything is stored.
    expect(await enviarDecreto(ctx, mesa, s.codigo, { archivo: await archivo() })).toEqual({
      tipo: 'conflicto',
      mensaje: 'Primero pasá la solicitud a «En proceso»; después enviá el decreto.',
    });
    await changeEstadoSolicitud(ctx, mesa, s.codigo, { estado: 'en_proceso' });
    expect(await enviarDecreto(ctx, mesa, s.codigo, {})).toMatchObject({ tipo: 'invalido', errores: { archivo: 'Adjuntá el decreto en PDF.' } });
    const html = new TextEncoder().encode('<html><script>alert(1)</script></html>');
    expect(await enviarDecreto(ctx, mesa, s.codigo, { archivo: await archivo(html) })).toMatchObject({
      tipo: 'invalido',
      errores: { archivo: 'El archivo es una página web (HTML), no un PDF: elegí un PDF.' },
    });
    const png = Buffer.from('89504e470d0a1a0a0000000d4948445200000001000000010806000000', 'hex');
    expect(await enviarDecreto(ctx, mesa, s.codigo, { archivo: await archivo(png, 'decreto.pdf') })).toMatchObject({
      tipo: 'invalido',
      errores: { archivo: 'El archivo es una imagen PNG, no un PDF: elegí un PDF.' },
    });
    const roto = new TextEncoder().encode('%PDF-1.7 esto no es un PDF de verdad');
    expect(await enviarDecreto(ctx, mesa, s.codigo, { archivo: await archivo(roto) })).toMatchObject({
      tipo: 'invalido',
      errores: { archivo: 'El PDF está dañado o protegido con contraseña y no se puede leer: guardalo de nuevo como PDF y subilo otra vez.' },
    });
    expect(await enviarDecreto(ctx, mesa, s.codigo, { archivo: new File([], 'vacio.pdf') })).toMatchObject({
      tipo: 'invalido',
      errores: { archivo: 'El archivo está vacío: adjuntá el decreto en PDF.' },
    });
    expect(await cuantosDocumentos()).toBe(antes);
    expect((await getSolicitudMesa(ctx, mesa, s.codigo))?.estado).toBe('en_proceso');
  });

  it('enviar el decreto lo guarda como documento privado, lo adjunta al correo y cierra la solicitud', async () => {
    const s = await createSolicitud(ctx, { email: 'vecina.envio@correo.com.ar' });
    await changeEstadoSolicitud(ctx, mesa, s.codigo, { estado: 'en_proceso' });
    const bytes = await pdf();
    const r = await enviarDecreto(ctx, mesa, s.codigo, { archivo: await archivo(bytes, 'Decreto 812-2025.pdf'), mensaje: 'Le enviamos la copia pedida.' });
    expect(r).toEqual({ tipo: 'hecho', codigo: s.codigo, estado: 'enviada' });
    const detalle = (await getSolicitudMesa(ctx, mesa, s.codigo))!;
    expect(detalle.estado).toBe('enviada');
    expect(detalle.estadoEtiqueta).toBe('Documento enviado');
    expect(detalle.cerradaEn).toBeInstanceOf(Date);
    expect(detalle.decreto?.nombreArchivo).toBe('Decreto 812-2025.pdf');
    // Private: the public downloads do not know it.
    expect(await getDocumento(database.db, detalle.decreto!.documentoId)).toBeUndefined();
    const correo = (await correosDe(s.codigo)).at(-1)!;
    expect(correo.asunto).toBe(`Le enviamos el decreto que solicitó (${s.codigo})`);
    expect(correo.adjuntos).toEqual([{ documentoId: detalle.decreto!.documentoId, nombreArchivo: 'Decreto 812-2025.pdf', tipoContenido: 'application/pdf' }]);
    expect(cipher.open(correo.texto)).toContain('Le enviamos la copia pedida.');
    const [entrada] = (await auditoriaDe(s.codigo)).filter((e) => e.accion === 'solicitud.envio_decreto');
    expect(entrada?.despues).toEqual({ estado: 'enviada', mensajeAlSolicitante: true, documentoId: detalle.decreto!.documentoId });
    // Closed: no second decree.
    expect(await enviarDecreto(ctx, mesa, s.codigo, { archivo: await archivo() })).toMatchObject({ tipo: 'conflicto' });
  });

  it('la prórroga: una sola vez, con motivo, por correo, sólo con la solicitud abierta', async () => {
    const s = await createSolicitud(ctx);
    expect(await prorrogarSolicitud(ctx, mesa, s.codigo, { motivo: 'Falta.' })).toMatchObject({
      tipo: 'invalido',
      errores: { motivo: 'Explicá en al menos 20 caracteres por qué se prorroga el plazo: se lo enviamos por correo al solicitante.' },
    });
    const motivo = 'El decreto está en el archivo histórico, que se está digitalizando este mes.';
    expect(await prorrogarSolicitud(ctx, mesa, s.codigo, { motivo })).toEqual({ tipo: 'hecho', codigo: s.codigo, estado: 'recibida' });
    const detalle = (await getSolicitudMesa(ctx, mesa, s.codigo))!;
    expect(detalle.prorrogadaEn).toBeInstanceOf(Date);
    expect(detalle.prorrogaMotivo).toBe(motivo);
    expect(detalle.puedeProrrogar).toBe(false);
    const correo = (await correosDe(s.codigo)).at(-1)!;
    expect(correo.asunto).toBe(`Prórroga del plazo de su solicitud de decreto ${s.codigo}`);
    expect(cipher.open(correo.texto)).toContain(motivo);
    expect(cipher.open(correo.texto)).toContain('artículo 11 de la ley 27.275');
    expect(await prorrogarSolicitud(ctx, admin, s.codigo, { motivo })).toEqual({
      tipo: 'conflicto',
      mensaje: 'El plazo de esta solicitud ya se prorrogó una vez; la ley permite una sola prórroga.',
    });
    const auditadas = (await auditoriaDe(s.codigo)).filter((e) => e.accion === 'solicitud.prorroga');
    expect(auditadas.map((e) => e.despues)).toEqual([{ prorrogada: true, motivoAlSolicitante: true }]);
    expect(JSON.stringify(auditadas)).not.toContain('archivo histórico');

    const cerrada = await createSolicitud(ctx);
    await changeEstadoSolicitud(ctx, mesa, cerrada.codigo, { estado: 'rechazada', mensaje: 'No corresponde.' });
    expect(await prorrogarSolicitud(ctx, mesa, cerrada.codigo, { motivo })).toEqual({
      tipo: 'conflicto',
      mensaje: 'La solicitud está en «Rechazada»: ya no tiene plazo que prorrogar.',
    });
  });

  it('dos personas cambian la misma solicitud a la vez: una sola lo logra', async () => {
    const s = await createSolicitud(ctx);
    const resultados = await Promise.all([
      changeEstadoSolicitud(ctx, mesa, s.codigo, { estado: 'rechazada', mensaje: 'Primera respuesta.' }),
      changeEstadoSolicitud(ctx, admin, s.codigo, { estado: 'rechazada', mensaje: 'Segunda respuesta.' }),
    ]);
    expect(resultados.map((r) => r.tipo).sort()).toEqual(['conflicto', 'hecho']);
    expect((await correosDe(s.codigo)).length).toBe(3);
    expect((await getSolicitudMesa(ctx, mesa, s.codigo))?.historial.length).toBe(2);
  });

  it('dos envíos del decreto a la vez: uno lo logra; el otro no deja documento ni archivo', async () => {
    const s = await createSolicitud(ctx);
    await changeEstadoSolicitud(ctx, mesa, s.codigo, { estado: 'en_proceso' });
    const documentosAntes = (await database.db.select({ id: documentos.id }).from(documentos)).length;
    const archivosAntes = (fs.readdirSync(storage.root, { recursive: true }) as string[]).filter((f) => f.endsWith('.pdf')).length;
    const resultados = await Promise.all([
      enviarDecreto(ctx, mesa, s.codigo, { archivo: await archivo(await pdf('DECRETO A'), 'a.pdf') }),
      enviarDecreto(ctx, admin, s.codigo, { archivo: await archivo(await pdf('DECRETO B'), 'b.pdf') }),
    ]);
    expect(resultados.map((r) => r.tipo).sort()).toEqual(['conflicto', 'hecho']);
    expect((await database.db.select({ id: documentos.id }).from(documentos)).length).toBe(documentosAntes + 1);
    expect((fs.readdirSync(storage.root, { recursive: true }) as string[]).filter((f) => f.endsWith('.pdf')).length).toBe(archivosAntes + 1);
  });

  it('el ciudadano recibe el PDF intacto por un servidor SMTP real', async () => {
    const smtp = await iniciarSmtp();
    const worker = createMailWorker({
      db: database.db,
      cipher,
      storage,
      log,
      transport: smtpTransport(`smtp://127.0.0.1:${smtp.puerto}`),
      from: FROM,
      pollMs: 100,
    });
    try {
      const s = await createSolicitud(ctx, { email: 'destino.pdf@correo.com.ar' });
      await changeEstadoSolicitud(ctx, mesa, s.codigo, { estado: 'en_proceso' });
      const bytes = await pdf('DECRETO N° 99/2024');
      await enviarDecreto(ctx, mesa, s.codigo, { archivo: await archivo(bytes, 'decreto-99.pdf') });
      worker.start();
      await esperarHasta(() => smtp.mensajes.some((m) => m.datos.includes(s.codigo) && m.datos.includes('decreto-99.pdf')));
      const mensaje = smtp.mensajes.find((m) => m.datos.includes('decreto-99.pdf'))!;
      expect(mensaje.para).toEqual(['destino.pdf@correo.com.ar']);
      const [adjunto, ...otros] = adjuntosDe(mensaje.datos);
      expect(otros).toEqual([]);
      expect(adjunto?.nombre).toBe('decreto-99.pdf');
      expect(adjunto?.tipo).toBe('application/pdf');
      expect(adjunto?.bytes.equals(Buffer.from(bytes))).toBe(true);
      await esperarHasta(async () => (await correosDe(s.codigo)).every((c) => c.estado === 'enviado'));
      // Sent: the body is gone, the attachment stays named (the decree stays in storage).
      const enviado = (await correosDe(s.codigo)).at(-1)!;
      expect(enviado.texto).toBe('');
      expect(enviado.adjuntos).toHaveLength(1);
      expect(log.texto()).not.toContain('destino.pdf@');
    } finally {
      await worker.stop();
      await smtp.cerrar();
    }
  });

  it('ninguna línea del log lleva un DNI o un correo completo', async () => {
    expect(log.lineas.length).toBeGreaterThan(0);
    const filas = await database.db.select({ dni: solicitudesDecreto.dni, email: solicitudesDecreto.email }).from(solicitudesDecreto);
    const texto = log.texto();
    for (const f of filas) {
      expect(texto).not.toContain(cipher.open(f.dni));
      expect(texto).not.toContain(cipher.open(f.email));
    }
    expect(texto).not.toMatch(/[^\s"*]+@correo\.com\.ar/);
  });
});
