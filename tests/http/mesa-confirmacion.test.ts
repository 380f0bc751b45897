// The desk confirms before a mail to a citizen leaves, and is told what became of it
// (docs/decisions/052-confirmar-antes-de-escribir.md): the preview writes nothing to the outbox;
// one confirmation sends once, a double submit too; a stale, forged or someone else's confirmation
// is refused in Spanish; each mail's state is said on the request's page, with no mail server
// configured and with a real SMTP server (sent, and refused by the recipient's server).
import { count, desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { generarPdf } from '#db/factories/pdf.ts';
import { documentos, outbox, solicitudesDecreto, vistasPreviasEnvio } from '#db/schema/index.ts';
import { SIN_SERVIDOR } from '#domain/correo/estado.ts';
import { CONFIRMACION_INVALIDA, CONFIRMACION_VENCIDA } from '#domain/decretos/confirmacion.ts';
import { YA_ENVIADO, limpiarVistasPreviasVencidas } from '#domain/decretos/mesa-commands.ts';
import { relojManual } from '#tests/factories/usuarios.ts';
import { createSolicitud } from '#tests/factories/mesa.ts';
import { TEST_SITE_URL, type TestApp, createTestApp } from '#tests/setup/app.ts';
import { engines } from '#tests/setup/database.ts';
import { ADMIN, MESA, enviar, ingresar, textoDe, ver } from '#tests/setup/panel.ts';
import { type ServidorSmtp, iniciarSmtp } from '#tests/setup/smtp.ts';
import { validarHtml } from '#tests/setup/validador-html.ts';

const MINUTO = 60_000;

async function multipart(campos: [string, string | File][]): Promise<{ payload: Buffer; tipo: string }> {
  const form = new FormData();
  for (const [nombre, valor] of campos) form.append(nombre, valor);
  const respuesta = new Response(form);
  return { payload: Buffer.from(await respuesta.arrayBuffer()), tipo: respuesta.headers.get('content-type')! };
}

let vecina = 0;
const tokenDe = (html: string) => /name="confirmacion" value="([^"]+)"/.exec(html)?.[1] ?? '';

/** The page's helpers over one app: a request in «En proceso», the preview of its decree, its mails. */
function mesaDe(t: () => TestApp, sesion: () => string) {
  const url = (codigo: string) => `/admin/solicitudes/${codigo}`;
  const enProceso = async (overrides: Record<string, unknown> = {}) => {
    const s = await createSolicitud(t().context, { email: `vecina.confirma${++vecina}@correo.com.ar`, ...overrides });
    expect((await enviar(t(), url(s.codigo), sesion(), { intent: 'en-proceso' })).statusCode).toBe(303);
    return s;
  };
  const vistaPrevia = async (codigo: string, quien = sesion()) => {
    const bytes = await generarPdf({ titulo: 'DECRETO N° 15/2026', parrafos: ['El Intendente decreta.'] });
    const { payload, tipo } = await multipart([
      ['intent', 'enviar'],
      ['archivo', new File([new Uint8Array(bytes)], 'Decreto 15-2026.pdf', { type: 'application/pdf' })],
      ['mensajeEnvio', 'Le mandamos la copia.'],
    ]);
    const res = await t().app.inject({
      method: 'POST',
      url: url(codigo),
      headers: { 'content-type': tipo, origin: TEST_SITE_URL, cookie: `__Host-vla_sesion=${quien}` },
      payload,
    });
    return { res, bytes };
  };
  const confirmar = (codigo: string, confirmacion: string, quien = sesion()) => enviar(t(), url(codigo), quien, { intent: 'confirmar-envio', confirmacion });
  const correos = async (codigo: string) => (await t().database.db.select({ n: count() }).from(outbox).where(eq(outbox.referencia, codigo)))[0]!.n;
  const documentosGuardados = async () => (await t().database.db.select({ n: count() }).from(documentos))[0]!.n;
  const estado = async (codigo: string) =>
    (await t().database.db.select({ e: solicitudesDecreto.estado }).from(solicitudesDecreto).where(eq(solicitudesDecreto.codigo, codigo)))[0]?.e;
  return { url, enProceso, vistaPrevia, confirmar, correos, documentosGuardados, estado };
}

describe.each(engines)('la mesa confirma antes de escribirle al solicitante, sin servidor de correo (%s)', (engine) => {
  let t: TestApp;
  let mesa = '';
  let admin = '';
  const reloj = relojManual(new Date('2026-04-20T15:00:00Z'));
  const m = mesaDe(
    () => t,
    () => mesa,
  );

  beforeAll(async () => {
    // Sessions outlive the clock's jumps: the preview's own expiry is what is tested.
    t = await createTestApp(engine, { clock: reloj, env: { SESION_INACTIVIDAD_MINUTOS: '600' } });
    mesa = await ingresar(t, MESA);
    admin = await ingresar(t, ADMIN);
  });
  afterAll(() => t?.close());

  it('la vista previa muestra destinatario enmascarado, asunto, texto y adjunto con su tamaño, y no escribe ningún correo', async () => {
    const s = await m.enProceso();
    const antes = await m.correos(s.codigo);
    const { res, bytes } = await m.vistaPrevia(s.codigo);
    expect(res.statusCode, textoDe(res.body).slice(0, 300)).toBe(200);
    const texto = textoDe(res.body);
    expect(texto).toContain('Revisá el correo antes de enviarlo');
    expect(texto).toContain('Todavía no enviamos nada.');
    expect(texto).toContain('Para ***@correo.com.ar');
    expect(texto).toContain(`Asunto Le enviamos el decreto que solicitó (${s.codigo})`);
    expect(texto).toContain(`Decreto 15-2026.pdf (PDF, ${Math.max(1, Math.round(bytes.length / 1024))} KB)`);
    expect(texto).toContain('Mensaje de la mesa de entradas: Le mandamos la copia.');
    expect(texto).toContain('Confirmar y enviar el correo');
    // While previewing, the other actions are not offered: one decision at a time.
    expect(res.body).not.toContain('value="rechazar"');
    expect(await m.correos(s.codigo)).toBe(antes);
    expect(await m.estado(s.codigo)).toBe('en_proceso');
  });

  it('confirmar envía un solo correo, y dice que quedó en la bandeja porque no hay servidor de correo; repetirla no envía otro', async () => {
    const s = await m.enProceso();
    const antes = await m.correos(s.codigo);
    const { res } = await m.vistaPrevia(s.codigo);
    const token = tokenDe(res.body);
    const hecho = await m.confirmar(s.codigo, token);
    expect(hecho.statusCode).toBe(303);
    expect(await m.correos(s.codigo)).toBe(antes + 1);
    const detalle = textoDe((await ver(t, hecho.headers.location as string, mesa)).body);
    expect(detalle).toContain('La solicitud quedó en «Documento enviado»');
    expect(detalle).toContain(`Estado del correo: ${SIN_SERVIDOR}`);
    expect(detalle).not.toContain('Enviamos el decreto');
    // The list of mails says it too, for each one.
    expect(detalle).toContain('Correos de esta solicitud');
    expect(detalle).toContain(
      `Pendiente · Le enviamos el decreto que solicitó (${s.codigo}) · Para ***@correo.com.ar · Adjunto: Decreto 15-2026.pdf ${SIN_SERVIDOR}`,
    );

    // The preview and the page with its mails are valid HTML (docs/decisions/027-html-valido.md).
    const informe = await validarHtml([
      { nombre: 'vista previa', html: res.body },
      { nombre: 'solicitud con sus correos', html: (await ver(t, hecho.headers.location as string, mesa)).body },
    ]);
    expect([...informe.values()].flat()).toEqual([]);

    const otra = await m.confirmar(s.codigo, token);
    expect(otra.statusCode).toBe(409);
    expect(textoDe(otra.body)).toContain(YA_ENVIADO);
    expect(await m.correos(s.codigo)).toBe(antes + 1);
  });

  it('dos confirmaciones a la vez (doble clic): una envía, la otra se rechaza; un solo correo', async () => {
    const s = await m.enProceso();
    const antes = await m.correos(s.codigo);
    const token = tokenDe((await m.vistaPrevia(s.codigo)).res.body);
    const respuestas = await Promise.all([m.confirmar(s.codigo, token), m.confirmar(s.codigo, token)]);
    expect(respuestas.map((r) => r.statusCode).sort()).toEqual([303, 409]);
    expect(await m.correos(s.codigo)).toBe(antes + 1);
  });

  it('una vista previa vencida, ajena, alterada o de una solicitud que cambió: rechazada en castellano, nada enviado, el PDF descartado', async () => {
    const s = await m.enProceso();
    const antes = { correos: await m.correos(s.codigo), documentos: await m.documentosGuardados() };

    const ajena = tokenDe((await m.vistaPrevia(s.codigo)).res.body);
    expect(await m.documentosGuardados()).toBe(antes.documentos + 1);
    const deOtro = await m.confirmar(s.codigo, ajena, admin);
    expect(deOtro.statusCode).toBe(409);
    expect(textoDe(deOtro.body)).toContain('Esta vista previa la preparó otra persona: no enviamos nada.');

    const [cuerpo, firma] = ajena.split('.') as [string, string];
    const datos = JSON.parse(Buffer.from(cuerpo, 'base64url').toString('utf8')) as Record<string, unknown>;
    const alterada = `${Buffer.from(JSON.stringify({ ...datos, mensaje: 'Otro texto.' })).toString('base64url')}.${firma}`;
    for (const token of [alterada, 'cualquier-cosa', `${ajena}x`]) {
      const res = await m.confirmar(s.codigo, token);
      expect(res.statusCode, token.slice(0, 20)).toBe(409);
      expect(textoDe(res.body)).toContain(CONFIRMACION_INVALIDA);
    }
    const vacia = await m.confirmar(s.codigo, '');
    expect(vacia.statusCode).toBe(400);
    expect(textoDe(vacia.body)).toContain('Falta la confirmación: volvé a preparar el envío.');

    // Past its half hour.
    reloj.avanzar(31 * MINUTO);
    const vencida = await m.confirmar(s.codigo, ajena);
    expect(vencida.statusCode).toBe(409);
    expect(textoDe(vencida.body)).toContain(CONFIRMACION_VENCIDA);
    expect(await m.documentosGuardados()).toBe(antes.documentos);

    // The request rejected meanwhile.
    const token = tokenDe((await m.vistaPrevia(s.codigo)).res.body);
    expect((await enviar(t, m.url(s.codigo), mesa, { intent: 'rechazar', mensajeRechazo: 'No es de este municipio.' })).statusCode).toBe(303);
    const cambio = await m.confirmar(s.codigo, token);
    expect(cambio.statusCode).toBe(409);
    expect(textoDe(cambio.body)).toContain('La solicitud cambió desde la vista previa (ahora está en «Rechazada»): no enviamos nada.');
    expect(await m.correos(s.codigo)).toBe(antes.correos + 1);
    expect(await m.documentosGuardados()).toBe(antes.documentos);
  });

  it('la confirmación de otra solicitud no envía nada en esta: 409 en castellano, ningún correo en ninguna de las dos', async () => {
    const [una, otra] = [await m.enProceso(), await m.enProceso()];
    const token = tokenDe((await m.vistaPrevia(una.codigo)).res.body);
    const antes = [await m.correos(una.codigo), await m.correos(otra.codigo)];
    const res = await m.confirmar(otra.codigo, token);
    expect(res.statusCode).toBe(409);
    expect(textoDe(res.body)).toContain(CONFIRMACION_INVALIDA);
    expect([await m.correos(una.codigo), await m.correos(otra.codigo)]).toEqual(antes);
    expect(await m.estado(otra.codigo)).toBe('en_proceso');
  });

  it('«No enviar» descarta la vista previa y su PDF', async () => {
    const s = await m.enProceso();
    const antes = { correos: await m.correos(s.codigo), documentos: await m.documentosGuardados() };
    const token = tokenDe((await m.vistaPrevia(s.codigo)).res.body);
    const res = await enviar(t, m.url(s.codigo), mesa, { intent: 'cancelar-envio', confirmacion: token });
    expect(res.statusCode).toBe(303);
    expect(textoDe((await ver(t, res.headers.location as string, mesa)).body)).toContain('No enviamos nada: descartamos la vista previa del correo.');
    expect(await m.documentosGuardados()).toBe(antes.documentos);
    expect(await m.correos(s.codigo)).toBe(antes.correos);
    expect(await m.estado(s.codigo)).toBe('en_proceso');
  });
  it('una vista previa abandonada: pasada su media hora (y un margen), la tarea programada borra su PDF; la confirmada, no', async () => {
    const documentoDe = (token: string) => (JSON.parse(Buffer.from(token.split('.')[0]!, 'base64url').toString('utf8')) as { documentoId: number }).documentoId;
    const guardado = async (id: number) => (await t.database.db.select({ clave: documentos.clave }).from(documentos).where(eq(documentos.id, id)))[0]?.clave;
    const almacenado = async (clave: string) => {
      for await (const k of t.context.storage.list!()) if (k === clave) return true;
      return false;
    };
    const pendiente = async (id: number) => (await t.database.db.select().from(vistasPreviasEnvio).where(eq(vistasPreviasEnvio.documentoId, id))).length;

    const abandonada = await m.enProceso();
    const idAbandonado = documentoDe(tokenDe((await m.vistaPrevia(abandonada.codigo)).res.body));
    const clave = (await guardado(idAbandonado))!;
    expect(await almacenado(clave)).toBe(true);
    const enviada = await m.enProceso();
    const tokenEnviado = tokenDe((await m.vistaPrevia(enviada.codigo)).res.body);
    const idEnviado = documentoDe(tokenEnviado);
    expect(await pendiente(idAbandonado)).toBe(1);
    expect((await m.confirmar(enviada.codigo, tokenEnviado)).statusCode).toBe(303);
    expect(await pendiente(idEnviado)).toBe(0);

    // Within its half hour, and just past it (the margin): kept.
    await limpiarVistasPreviasVencidas(t.context);
    reloj.avanzar(32 * MINUTO);
    await limpiarVistasPreviasVencidas(t.context);
    expect(await guardado(idAbandonado)).toBe(clave);

    reloj.avanzar(5 * MINUTO);
    expect(await limpiarVistasPreviasVencidas(t.context)).toBeGreaterThanOrEqual(1);
    expect(await guardado(idAbandonado)).toBeUndefined();
    expect(await pendiente(idAbandonado)).toBe(0);
    expect(await almacenado(clave)).toBe(false);
    // The sent decree's PDF is the request's: it stays.
    expect(await guardado(idEnviado)).toBeTruthy();
    expect(await m.estado(abandonada.codigo)).toBe('en_proceso');
    // Nothing left to clean: a second run (another instance's) deletes nothing more.
    expect(await limpiarVistasPreviasVencidas(t.context)).toBe(0);
  });
});

describe.each(engines)('el estado del correo con un servidor SMTP de verdad (%s)', (engine) => {
  let t: TestApp;
  let smtp: ServidorSmtp;
  let mesa = '';
  const m = mesaDe(
    () => t,
    () => mesa,
  );

  beforeAll(async () => {
    smtp = await iniciarSmtp(0, { rechazar: (direccion) => direccion.startsWith('no-existe') });
    t = await createTestApp(engine, { env: { SMTP_URL: `smtp://127.0.0.1:${smtp.puerto}` } });
    mesa = await ingresar(t, MESA);
  });
  afterAll(async () => {
    await t?.close();
    await smtp?.cerrar();
  });

  /** The request's page once its newest mail left the outbox's pending state. */
  const cuandoSalga = async (codigo: string) => {
    for (let i = 0; i < 100; i++) {
      const [ultimo] = await t.database.db
        .select({ estado: outbox.estado })
        .from(outbox)
        .where(eq(outbox.referencia, codigo))
        .orderBy(desc(outbox.id))
        .limit(1);
      if (ultimo && ultimo.estado !== 'pendiente') break;
      await new Promise((r) => setTimeout(r, 100));
    }
    return textoDe((await ver(t, m.url(codigo), mesa)).body);
  };

  it('el correo que salió dice cuándo; uno que el servidor del destinatario rechaza dice por qué, en castellano', async () => {
    const s = await m.enProceso();
    const token = tokenDe((await m.vistaPrevia(s.codigo)).res.body);
    expect((await m.confirmar(s.codigo, token)).statusCode).toBe(303);
    const detalle = await cuandoSalga(s.codigo);
    expect(detalle).toMatch(
      /Enviado · Le enviamos el decreto que solicitó \(SD-[^)]+\) · Para \*\*\*@correo\.com\.ar · Adjunto: Decreto 15-2026\.pdf Salió el \d{2}\/\d{2}\/\d{4}, \d{2}:\d{2}/,
    );
    expect(detalle).not.toContain(SIN_SERVIDOR);
    // The acknowledgement, the desk's notice, «En proceso» and the decree: each reached the server once.
    expect(smtp.mensajes.filter((x) => x.datos.includes(s.codigo))).toHaveLength(4);

    const r = await m.enProceso({ email: 'no-existe@correo.com.ar' });
    const tokenR = tokenDe((await m.vistaPrevia(r.codigo)).res.body);
    expect((await m.confirmar(r.codigo, tokenR)).statusCode).toBe(303);
    const rechazado = await cuandoSalga(r.codigo);
    expect(rechazado).toContain('Fallido · Le enviamos el decreto que solicitó');
    expect(rechazado).toContain('No salió: el servidor del destinatario rechazó la dirección: la casilla no existe o no recibe correo.');
  });
});
