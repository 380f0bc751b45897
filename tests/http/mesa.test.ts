// The decree-copy desk's pages over HTTP: /admin/solicitudes and
// /admin/solicitudes/:codigo through the built app, signed in as each role. Roles, the list's
// filters and deadline marks, each action and its errors (nothing stored when refused), the
// dashboard's cards, and the upload limit of this one route, also over a real socket.
import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { generarPdf, generarPdfEscaneado } from '#db/factories/pdf.ts';
import { documentos, outbox, solicitudesDecreto } from '#db/schema/index.ts';
import { LIMITES_MESA, MENSAJE_PDF_GRANDE } from '#domain/decretos/campos.ts';
import { countSolicitudesMesa } from '#domain/decretos/mesa.ts';
import { DEMO_USUARIOS } from '#server/demo/usuarios.ts';
import { relojManual } from '#tests/factories/usuarios.ts';
import { admin as actorAdmin, createSolicitud } from '#tests/factories/mesa.ts';
import { TEST_SITE_URL, type TestApp, createTestApp } from '#tests/setup/app.ts';
import { engines } from '#tests/setup/database.ts';
import { textoDe } from '#tests/setup/panel.ts';

const [ADMIN, EDITOR, MESA] = DEMO_USUARIOS as [(typeof DEMO_USUARIOS)[number], (typeof DEMO_USUARIOS)[number], (typeof DEMO_USUARIOS)[number]];
const FORM = { 'content-type': 'application/x-www-form-urlencoded', origin: TEST_SITE_URL };
/** An instant at a wall-clock time in Argentina (UTC-3 all year). */
const enArgentina = (fechaHora: string) => new Date(`${fechaHora}-03:00`);

let ip = 1;
const ipNueva = () => `10.77.${Math.floor(ip / 250)}.${(ip++ % 250) + 1}`;

/** A multipart body as a browser's form sends it: its bytes and its content type with the boundary. */
async function multipart(campos: [string, string | File][]): Promise<{ payload: Buffer; tipo: string }> {
  const form = new FormData();
  for (const [nombre, valor] of campos) form.append(nombre, valor);
  const respuesta = new Response(form);
  return { payload: Buffer.from(await respuesta.arrayBuffer()), tipo: respuesta.headers.get('content-type')! };
}

const pdf = (bytes: Uint8Array, nombre = 'decreto.pdf') => new File([new Uint8Array(bytes)], nombre, { type: 'application/pdf' });

describe.each(engines)('mesa de entradas: las páginas por HTTP (%s)', (engine) => {
  let t: TestApp;
  // Monday 20 April 2026, noon in Villa La Angostura: the deadlines are counted at this instant.
  const reloj = relojManual(enArgentina('2026-04-20T12:00:00'));
  const cookies: Record<'admin' | 'editor' | 'mesa', string> = { admin: '', editor: '', mesa: '' };

  beforeAll(async () => {
    t = await createTestApp(engine, { clock: reloj });
    for (const [clave, u] of [
      ['admin', ADMIN],
      ['editor', EDITOR],
      ['mesa', MESA],
    ] as const) {
      const res = await t.app.inject({
        method: 'POST',
        url: '/login',
        headers: FORM,
        payload: new URLSearchParams({ paso: 'clave', email: u.email, clave: u.clave }).toString(),
        remoteAddress: ipNueva(),
      });
      expect(res.statusCode, res.body.slice(0, 300)).toBe(302);
      const linea = ([] as string[]).concat(res.headers['set-cookie'] ?? []).find((c) => c.startsWith('__Host-vla_sesion='))!;
      cookies[clave] = linea.split(';')[0]!;
    }
  });
  afterAll(() => t?.close());

  const ver = (url: string, quien: keyof typeof cookies | null = 'mesa') => t.app.inject({ url, headers: quien ? { cookie: cookies[quien] } : {} });
  const enviar = (codigo: string, campos: Record<string, string>, quien: keyof typeof cookies | null = 'mesa') =>
    t.app.inject({
      method: 'POST',
      url: `/admin/solicitudes/${codigo}`,
      headers: { ...FORM, ...(quien ? { cookie: cookies[quien] } : {}) },
      payload: new URLSearchParams(campos).toString(),
    });
  const subir = async (
    codigo: string,
    campos: [string, string | File][],
    url = `/admin/solicitudes/${codigo}`,
    quien: keyof typeof cookies | null = 'mesa',
  ) => {
    const { payload, tipo } = await multipart(campos);
    return t.app.inject({
      method: 'POST',
      url,
      headers: { 'content-type': tipo, origin: TEST_SITE_URL, ...(quien ? { cookie: cookies[quien] } : {}) },
      payload,
    });
  };
  /** The token of the preview the first POST answered (docs/decisions/052-confirmar-antes-de-escribir.md). */
  const tokenDe = (html: string) => /name="confirmacion" value="([^"]+)"/.exec(html)?.[1] ?? '';
  const confirmar = (codigo: string, html: string, quien: keyof typeof cookies = 'mesa') =>
    enviar(codigo, { intent: 'confirmar-envio', confirmacion: tokenDe(html) }, quien);
  const estadoDe = async (codigo: string) =>
    (await t.database.db.select({ estado: solicitudesDecreto.estado }).from(solicitudesDecreto).where(eq(solicitudesDecreto.codigo, codigo)))[0]?.estado;
  const correosDe = async (codigo: string) => (await t.database.db.select({ n: count() }).from(outbox).where(eq(outbox.referencia, codigo)))[0]!.n;
  const cuantosDocumentos = async () => (await t.database.db.select({ n: count() }).from(documentos))[0]!.n;
  const recibidaEl = (codigo: string, fechaHora: string) =>
    t.database.db
      .update(solicitudesDecreto)
      .set({ createdAt: enArgentina(fechaHora) })
      .where(eq(solicitudesDecreto.codigo, codigo));
  /** A request in «En proceso», through the page. */
  const enProceso = async (overrides: Record<string, unknown> = {}) => {
    const s = await createSolicitud(t.context, overrides);
    expect((await enviar(s.codigo, { intent: 'en-proceso' })).statusCode).toBe(303);
    return s;
  };
  /** Nothing of a refused post stayed: same status, same mails, same documents. */
  const sinCambios = async (codigo: string, antes: { estado: string | undefined; correos: number; documentos: number }) => {
    expect(await estadoDe(codigo)).toBe(antes.estado);
    expect(await correosDe(codigo)).toBe(antes.correos);
    expect(await cuantosDocumentos()).toBe(antes.documentos);
  };
  const foto = async (codigo: string) => ({ estado: await estadoDe(codigo), correos: await correosDe(codigo), documentos: await cuantosDocumentos() });
  /** Every aria-describedby of a page's controls names ids that exist; a control with an error says so. */
  const describeBien = (html: string) => {
    for (const [tag] of html.matchAll(/<(?:input|select|textarea)\b[^>]*>/g)) {
      for (const ref of /aria-describedby="([^"]*)"/.exec(tag)?.[1]?.split(' ') ?? []) expect(html, tag).toContain(`id="${ref}"`);
      if (tag.includes('aria-invalid="true"')) expect(tag).toMatch(/aria-describedby="[^"]*-error/);
    }
  };

  it('sin sesión, a /login con el regreso; un editor ve el 403 del panel y no cambia nada; mesa y administración entran', async () => {
    const s = await createSolicitud(t.context);
    for (const url of ['/admin/solicitudes?estado=recibida', `/admin/solicitudes/${s.codigo}`]) {
      const sin = await ver(url, null);
      expect(sin.statusCode, url).toBe(302);
      expect(sin.headers.location).toBe(`/login?siguiente=${encodeURIComponent(url)}`);
      const editor = await ver(url, 'editor');
      expect(editor.statusCode, url).toBe(403);
      expect(editor.body).toMatch(/<h1>No tenés permiso para ver esta página<\/h1>/);
      expect(editor.body).not.toContain(s.dni);
      for (const quien of ['mesa', 'admin'] as const) {
        const res = await ver(url, quien);
        expect(res.statusCode, `${url} ${quien}`).toBe(200);
        expect(res.headers['cache-control']).toBe('no-store');
      }
    }
    const antes = await foto(s.codigo);
    expect((await enviar(s.codigo, { intent: 'en-proceso' }, 'editor')).statusCode).toBe(403);
    expect((await enviar(s.codigo, { intent: 'en-proceso' }, null)).statusCode).toBe(302);
    await sinCambios(s.codigo, antes);
    // The menu link the shell already had now leads somewhere.
    expect((await ver('/admin', 'mesa')).body).toContain('href="/admin/solicitudes"');
  });

  it('la lista: código con enlace, fecha, nombre, decreto, estado y vencimiento; sin DNI ni correo; los filtros', async () => {
    const julian = await createSolicitud(t.context, { nombre: 'Julián Listado', dni: '27.111.222', email: 'julian.listado@correo.com.ar', numero: '812/2025' });
    const maria = await createSolicitud(t.context, { nombre: 'María Listado', numero: '45/2024' });
    await recibidaEl(julian.codigo, '2026-03-25T12:00:00');
    await recibidaEl(maria.codigo, '2026-04-01T10:00:00');
    const lista = await ver('/admin/solicitudes?texto=listado');
    expect(lista.statusCode).toBe(200);
    const fila = /<tr[^>]*>(?:(?!<\/tr>)[\s\S])*Julián Listado[\s\S]*?<\/tr>/.exec(lista.body)![0];
    expect(fila).toContain(`href="/admin/solicitudes/${julian.codigo}"`);
    expect(textoDe(fila)).toContain('25/03/2026, 12:00');
    expect(textoDe(fila)).toContain('812/2025');
    expect(textoDe(fila)).toContain('Recibida');
    // Due Friday 17 April: overdue on the 20th, said in words and marked.
    expect(textoDe(fila)).toContain('17/04/2026');
    expect(textoDe(fila)).toContain('Vencida');
    expect(fila).toContain('mesa__fila--vencida');
    expect(textoDe(lista.body)).toContain('2 solicitudes con estos filtros');
    expect(lista.body).not.toContain('27111222');
    expect(lista.body).not.toContain('julian.listado@');
    const filaMaria = /<tr[^>]*>(?:(?!<\/tr>)[\s\S])*María Listado[\s\S]*?<\/tr>/.exec(lista.body)![0];
    expect(textoDe(filaMaria)).toContain('24/04/2026');
    expect(textoDe(filaMaria)).not.toMatch(/Vencida|Vence pronto/);

    const codigos = async (consulta: string) =>
      [...(await ver(`/admin/solicitudes?${consulta}`)).body.matchAll(/href="\/admin\/solicitudes\/(SD-[^"]+)"/g)].map((m) => m[1]);
    expect(await codigos('texto=27111222')).toEqual([julian.codigo]);
    expect(await codigos('texto=julian.listado%40correo.com.ar')).toEqual([julian.codigo]);
    expect(await codigos(`texto=${maria.codigo.toLowerCase()}`)).toEqual([maria.codigo]);
    expect(await codigos('texto=45%2F2024')).toEqual([maria.codigo]);
    expect(await codigos('texto=listado&plazo=vencida')).toEqual([julian.codigo]);
    expect(await codigos('texto=listado&plazo=por_vencer_o_vencida')).toEqual([julian.codigo]);
    expect(await codigos('texto=listado&desde=2026-03-26&hasta=2026-04-01')).toEqual([maria.codigo]);
    expect(await codigos('texto=listado&estado=en_proceso')).toEqual([]);
    const vacia = await ver('/admin/solicitudes?texto=nadie+se+llama+asi');
    expect(textoDe(vacia.body)).toContain('No hay solicitudes con esos filtros.');
    // The form shows what was asked.
    expect(lista.body).toMatch(/<input[^>]*name="texto"[^>]*value="listado"/);
    describeBien(lista.body);
  });

  it('«Vence pronto» en palabras, y el filtro de las que vencen pronto', async () => {
    const pronto = await createSolicitud(t.context, { nombre: 'Rosa Pronto' });
    // Thursday 26 March at 23:30: due today, 20 April.
    await recibidaEl(pronto.codigo, '2026-03-26T23:30:00');
    const res = await ver('/admin/solicitudes?texto=rosa+pronto');
    const fila = /<tr[^>]*>(?:(?!<\/tr>)[\s\S])*Rosa Pronto[\s\S]*?<\/tr>/.exec(res.body)![0];
    expect(textoDe(fila)).toContain('20/04/2026');
    expect(textoDe(fila)).toContain('Vence pronto');
    expect(fila).toContain('mesa__fila--por-vencer');
    expect(res.body).toContain(`href="/admin/solicitudes/${pronto.codigo}"`);
    expect((await ver('/admin/solicitudes?texto=rosa+pronto&plazo=por_vencer')).body).toContain(pronto.codigo);
    expect((await ver('/admin/solicitudes?texto=rosa+pronto&plazo=vencida')).body).not.toContain(pronto.codigo);
  });

  it('filtros inválidos: 400 con el resumen de errores enlazado a cada campo, sin lista', async () => {
    const res = await ver('/admin/solicitudes?estado=perdida&desde=2026-02-30&plazo=ayer');
    expect(res.statusCode).toBe(400);
    expect(res.body).toMatch(/<title>Error: Solicitudes de decretos/);
    expect(res.body).toContain('class="resumen-errores"');
    expect(res.body).toContain('href="#estado"');
    expect(textoDe(res.body)).toContain('Estado: Elegí un estado de la lista.');
    expect(textoDe(res.body)).toContain('Plazo: Elegí un plazo de la lista.');
    expect(textoDe(res.body)).toContain('Recibida desde: Escribí la fecha «desde» como AAAA-MM-DD');
    expect(res.body).toMatch(/<select[^>]*id="estado"[^>]*aria-invalid="true"/);
    expect(res.body).not.toContain('<table');
    describeBien(res.body);
    const pagina = await ver('/admin/solicitudes?pagina=0');
    expect(pagina.statusCode).toBe(400);
    expect(textoDe(pagina.body)).toContain('Escribí un número de página entre 1 y 10.000');
  });

  it('páginas de 25 con el total; los enlaces conservan los filtros', async () => {
    const nombres = ['Ana', 'Bea', 'Ciro', 'Dora', 'Eva', 'Fede', 'Gus', 'Hebe', 'Ines', 'Juan', 'Kiki', 'Lalo', 'Mara'];
    for (const n of nombres) for (const apellido of ['Paginada', 'Paginado']) await createSolicitud(t.context, { nombre: `${n} ${apellido}` });
    const primera = await ver('/admin/solicitudes?texto=pagina');
    expect(textoDe(primera.body)).toContain('26 solicitudes con estos filtros');
    expect(textoDe(primera.body)).toContain('Página 1 de 2');
    expect([...primera.body.matchAll(/<tr[ >]/g)].length).toBe(26);
    expect(primera.body).toContain('href="/admin/solicitudes?texto=pagina&amp;pagina=2"');
    const segunda = await ver('/admin/solicitudes?texto=pagina&pagina=2');
    expect([...segunda.body.matchAll(/<tr[ >]/g)].length).toBe(2);
    expect(segunda.body).toContain('href="/admin/solicitudes?texto=pagina&amp;pagina=1"');
  });

  it('el detalle: solicitante con DNI y correo, lo pedido, el plazo, el historial y las acciones de su estado', async () => {
    const s = await createSolicitud(t.context, {
      nombre: 'Julián Detalle',
      dni: '28.333.444',
      email: 'julian.detalle@correo.com.ar',
      numero: '77/2025',
      aclaraciones: 'Es para la sucesión.\nGracias.',
    });
    await recibidaEl(s.codigo, '2026-04-01T10:00:00');
    for (const quien of ['mesa', 'admin'] as const) {
      const res = await ver(`/admin/solicitudes/${s.codigo}`, quien);
      const visible = textoDe(res.body);
      for (const dato of [
        'Julián Detalle',
        '28333444',
        'julian.detalle@correo.com.ar',
        '77/2025',
        'Es para la sucesión.',
        'viernes 24 de abril de 2026',
        '01/04/2026, 10:00',
      ])
        expect(visible, dato).toContain(dato);
      expect(visible).toContain('El solicitante, desde el formulario del sitio');
      for (const boton of ['Pasar a En proceso', 'Rechazar la solicitud', 'Prorrogar el plazo']) expect(visible).toContain(boton);
      // From «Recibida» the decree cannot be sent yet.
      expect(res.body).not.toContain('value="enviar"');
      expect(visible).toContain('la fecha límite pasa a ser el martes 19 de mayo de 2026');
      describeBien(res.body);
    }
    expect(await correosDe(s.codigo)).toBe(2);
  });

  it('un código desconocido o ilegible: 404 dentro del panel', async () => {
    for (const codigo of ['SD-2026-222-222-222', 'no-es-un-codigo']) {
      const res = await ver(`/admin/solicitudes/${codigo}`);
      expect(res.statusCode, codigo).toBe(404);
      expect(res.body).toContain('aria-label="Menú del panel"');
      expect(textoDe(res.body)).toContain('No encontramos esa página');
      expect(res.headers['cache-control']).toBe('no-store');
    }
    expect((await enviar('SD-2026-222-222-222', { intent: 'en-proceso' })).statusCode).toBe(404);
  });

  it('en proceso y rechazo: 303 de vuelta al detalle con el aviso; el rechazo exige motivo; un formulario viejo, 409', async () => {
    const s = await createSolicitud(t.context, { nombre: 'Pedro Rechazo' });
    const paso = await enviar(s.codigo, { intent: 'en-proceso', mensajeProceso: 'Estamos buscando el expediente.' });
    expect(paso.statusCode).toBe(303);
    expect(paso.headers.location).toBe(`/admin/solicitudes/${s.codigo}?aviso=en-proceso`);
    const detalle = await ver(paso.headers.location as string);
    expect(detalle.body).toMatch(/<p class="aviso aviso--exito" role="status"[^>]*>La solicitud pasó a «En proceso»/);
    expect(textoDe(detalle.body)).toContain('En proceso');
    expect(textoDe(detalle.body)).toContain('Mensaje al solicitante: Estamos buscando el expediente.');
    expect(textoDe(detalle.body)).toContain(MESA.email);
    expect(detalle.body).toContain('value="enviar"');
    expect(detalle.body).not.toContain('value="en-proceso"');
    expect(await correosDe(s.codigo)).toBe(3);

    // The same form again (an old tab): the request is already there.
    const antes = await foto(s.codigo);
    const viejo = await enviar(s.codigo, { intent: 'en-proceso' });
    expect(viejo.statusCode).toBe(409);
    expect(viejo.body).toMatch(/role="alert"[^>]*>La solicitud ya está en «En proceso».</);
    await sinCambios(s.codigo, antes);

    const sinMotivo = await enviar(s.codigo, { intent: 'rechazar', mensajeRechazo: '   ' });
    expect(sinMotivo.statusCode).toBe(400);
    expect(sinMotivo.body).toMatch(/<title>Error: Solicitud /);
    expect(sinMotivo.body).toContain('href="#mensajeRechazo"');
    expect(textoDe(sinMotivo.body)).toContain('Motivo del rechazo: Escribí el motivo del rechazo: se lo enviamos por correo al solicitante.');
    expect(sinMotivo.body).toMatch(/<textarea[^>]*id="mensajeRechazo"[^>]*aria-invalid="true"/);
    describeBien(sinMotivo.body);
    const enorme = await enviar(s.codigo, { intent: 'rechazar', mensajeRechazo: 'x'.repeat(100_000) });
    expect(enorme.statusCode).toBe(400);
    expect(textoDe(enorme.body)).toContain('El mensaje puede tener hasta 2.000 caracteres.');
    for (const intent of ['borrar', '', '__proto__', 'constructor']) {
      const raro = await enviar(s.codigo, { intent, mensajeRechazo: 'Un motivo.' });
      expect(raro.statusCode, intent).toBe(400);
      expect(textoDe(raro.body)).toContain('No entendimos qué querías hacer: usá los botones de la página.');
    }
    await sinCambios(s.codigo, antes);

    const rechazo = await enviar(s.codigo, { intent: 'rechazar', mensajeRechazo: 'El decreto 9/2023 es de otro municipio.' });
    expect(rechazo.headers.location).toBe(`/admin/solicitudes/${s.codigo}?aviso=rechazada`);
    const cerrada = await ver(rechazo.headers.location as string);
    expect(textoDe(cerrada.body)).toContain('Ninguna: la solicitud está cerrada.');
    expect(cerrada.body).not.toContain('name="intent"');
    expect(await estadoDe(s.codigo)).toBe('rechazada');
  });

  it('enviar el decreto: un PDF de verdad con su mensaje; lo que no es un PDF, vacío o ausente, 400 sin guardar nada', async () => {
    const s = await enProceso({ nombre: 'Lucía Envío' });
    const antes = await foto(s.codigo);
    const casos: [string, [string, string | File][], string][] = [
      [
        'otro archivo con .pdf',
        [['archivo', new File(['<html>no soy un PDF</html>'], 'decreto.pdf', { type: 'application/pdf' })]],
        'El archivo es una página web (HTML), no un PDF: elegí un PDF.',
      ],
      ['un PDF roto', [['archivo', new File(['%PDF-1.7\n1 0 obj roto'], 'decreto.pdf', { type: 'application/pdf' })]], 'El PDF está dañado o protegido'],
      ['vacío', [['archivo', new File([], 'decreto.pdf', { type: 'application/pdf' })]], 'El archivo está vacío: adjuntá el decreto en PDF.'],
      ['sin archivo elegido', [['archivo', new File([], '', { type: 'application/octet-stream' })]], 'Adjuntá el decreto en PDF.'],
      ['sin el campo', [], 'Adjuntá el decreto en PDF.'],
      ['el campo como texto', [['archivo', 'decreto.pdf']], 'Adjuntá el decreto en PDF.'],
      [
        'un mensaje enorme',
        [
          ['archivo', pdf(await generarPdf({ titulo: 'DECRETO', parrafos: ['Texto.'] }))],
          ['mensajeEnvio', 'y'.repeat(5000)],
        ],
        'El mensaje puede tener hasta 2.000 caracteres.',
      ],
    ];
    for (const [caso, campos, mensaje] of casos) {
      const res = await subir(s.codigo, [['intent', 'enviar'], ...campos]);
      expect(res.statusCode, caso).toBe(400);
      expect(textoDe(res.body), caso).toContain(mensaje);
      expect(res.body, caso).toContain('class="resumen-errores"');
      await sinCambios(s.codigo, antes);
    }

    const bytes = await generarPdf({ titulo: 'DECRETO N° 77/2025', parrafos: ['Visto el expediente, el Intendente decreta.'] });
    const res = await subir(s.codigo, [
      ['intent', 'enviar'],
      ['archivo', pdf(bytes, 'Decreto 77-2025.pdf')],
      ['mensajeEnvio', 'Le enviamos la copia pedida.'],
    ]);
    // First the preview: nothing sent yet.
    expect(res.statusCode, textoDe(res.body).slice(0, 400)).toBe(200);
    expect(textoDe(res.body)).toContain('Revisá el correo antes de enviarlo');
    expect(await correosDe(s.codigo)).toBe(antes.correos);
    const hecho = await confirmar(s.codigo, res.body);
    expect(hecho.statusCode, textoDe(hecho.body).slice(0, 400)).toBe(303);
    expect(hecho.headers.location).toBe(`/admin/solicitudes/${s.codigo}?aviso=enviado`);
    const detalle = textoDe((await ver(hecho.headers.location as string)).body);
    expect(detalle).toContain('La solicitud quedó en «Documento enviado»; el correo al solicitante, con el PDF adjunto, quedó en la bandeja de salida.');
    expect(detalle).toContain('Documento enviado');
    expect(detalle).toContain('Decreto 77-2025.pdf');
    expect(detalle).toContain('Mensaje al solicitante: Le enviamos la copia pedida.');
    const [correo] = await t.database.db.select().from(outbox).where(eq(outbox.referencia, s.codigo)).orderBy(outbox.id).limit(1).offset(3);
    expect(correo?.adjuntos).toEqual([expect.objectContaining({ nombreArchivo: 'Decreto 77-2025.pdf', tipoContenido: 'application/pdf' })]);
    const [documento] = await t.database.db.select().from(documentos).where(eq(documentos.id, correo!.adjuntos[0]!.documentoId));
    expect(documento?.publico).toBe(false);
    expect(documento?.tamano).toBe(bytes.length);
  });

  it('enviar desde «Recibida»: 409, y nada guardado', async () => {
    const s = await createSolicitud(t.context);
    const antes = await foto(s.codigo);
    const res = await subir(s.codigo, [
      ['intent', 'enviar'],
      ['archivo', pdf(await generarPdf({ titulo: 'DECRETO', parrafos: ['Texto.'] }))],
    ]);
    expect(res.statusCode).toBe(409);
    expect(textoDe(res.body)).toContain('Primero pasá la solicitud a «En proceso»; después enviá el decreto.');
    await sinCambios(s.codigo, antes);
  });

  it('la prórroga: motivos obligatorios, una sola vez, nunca vencida', async () => {
    const s = await createSolicitud(t.context, { nombre: 'Ema Prórroga' });
    await recibidaEl(s.codigo, '2026-04-01T10:00:00');
    const corto = await enviar(s.codigo, { intent: 'prorrogar', motivo: 'Falta.' });
    expect(corto.statusCode).toBe(400);
    expect(corto.body).toContain('href="#motivo"');
    expect(textoDe(corto.body)).toContain('Motivos de la prórroga: Explicá en al menos 20 caracteres');
    const motivo = 'El decreto está en el archivo histórico, que se digitaliza este mes.';
    const ok = await enviar(s.codigo, { intent: 'prorrogar', motivo });
    expect(ok.headers.location).toBe(`/admin/solicitudes/${s.codigo}?aviso=prorrogada`);
    const detalle = textoDe((await ver(ok.headers.location as string)).body);
    expect(detalle).toContain('Prorrogamos el plazo por única vez');
    expect(detalle).toContain('martes 19 de mayo de 2026 (prorrogada)');
    expect(detalle).toContain(`Motivos: ${motivo}`);
    expect(detalle).toMatch(/El plazo de esta solicitud ya fue prorrogado el \S+ \d+ de \S+ de \d{4}: la ley 27\.275/);
    const otra = await enviar(s.codigo, { intent: 'prorrogar', motivo });
    expect(otra.statusCode).toBe(409);
    expect(textoDe(otra.body)).toContain('ya se prorrogó una vez');

    const vencida = await createSolicitud(t.context, { nombre: 'Tito Vencido' });
    await recibidaEl(vencida.codigo, '2026-03-02T10:00:00');
    expect(textoDe((await ver(`/admin/solicitudes/${vencida.codigo}`)).body)).toContain('El plazo venció el');
    const tarde = await enviar(vencida.codigo, { intent: 'prorrogar', motivo });
    expect(tarde.statusCode).toBe(409);
    expect(textoDe(tarde.body)).toContain('pide comunicar la prórroga antes del vencimiento');
  });

  it('el panel: tarjetas de nuevas, por vencer y vencidas con su enlace a la lista filtrada; un editor no las ve', async () => {
    const cuentas = await countSolicitudesMesa(t.context, actorAdmin);
    expect(cuentas.vencidas).toBeGreaterThan(0);
    const panel = textoDe((await ver('/admin', 'mesa')).body);
    expect(panel).toContain(`Solicitudes nuevas ${cuentas.recibidas}`);
    expect(panel).toContain(`Vencen pronto ${cuentas.porVencer}`);
    expect(panel).toContain(`Vencidas ${cuentas.vencidas}`);
    const html = (await ver('/admin', 'admin')).body;
    for (const href of ['/admin/solicitudes?estado=recibida', '/admin/solicitudes?plazo=por_vencer', '/admin/solicitudes?plazo=vencida'])
      expect(html).toContain(`href="${href}"`);
    // The card's link shows exactly what it counted.
    const vencidas = await ver('/admin/solicitudes?plazo=vencida');
    expect(textoDe(vencidas.body)).toContain(`${cuentas.vencidas === 1 ? '1 solicitud' : `${cuentas.vencidas} solicitudes`} con estos filtros`);
    expect((await ver('/admin', 'editor')).body).not.toContain('Solicitudes nuevas');
  });

  describe('el límite de la subida', () => {
    it('un PDF escaneado de 9 MB se acepta para la vista previa, también por la ruta .data de React Router', async () => {
      for (const url of [undefined, '.data']) {
        const s = await enProceso();
        const bytes = await generarPdfEscaneado(9 * 1024 * 1024);
        expect(bytes.length).toBeGreaterThan(9 * 1024 * 1024);
        const res = await subir(
          s.codigo,
          [
            ['intent', 'enviar'],
            ['archivo', pdf(bytes, 'escaneado.pdf')],
          ],
          `/admin/solicitudes/${s.codigo}${url ?? ''}`,
        );
        expect(res.statusCode, textoDe(res.body).slice(0, 300)).toBe(200);
        expect(res.body).toContain('escaneado.pdf');
        expect(await estadoDe(s.codigo)).toBe('en_proceso');
        if (!url) {
          expect((await confirmar(s.codigo, res.body)).statusCode).toBe(303);
          expect(await estadoDe(s.codigo)).toBe('enviada');
        }
      }
    });

    it('un PDF de más de 10 MB que entra en el cuerpo: 400 con el límite en palabras', async () => {
      const s = await enProceso();
      const antes = await foto(s.codigo);
      const base = await generarPdf({ titulo: 'DECRETO', parrafos: ['Texto.'] });
      const bytes = new Uint8Array(LIMITES_MESA.pdf + 1);
      bytes.set(base);
      const res = await subir(s.codigo, [
        ['intent', 'enviar'],
        ['archivo', pdf(bytes)],
      ]);
      expect(res.statusCode).toBe(400);
      expect(textoDe(res.body)).toContain(`Decreto en PDF: ${MENSAJE_PDF_GRANDE}`);
      await sinCambios(s.codigo, antes);
    });

    it('un cuerpo más grande que el de la ruta: 413 en castellano, sin guardar nada; las demás páginas siguen con 1 MB', async () => {
      const s = await enProceso();
      const antes = await foto(s.codigo);
      const res = await subir(s.codigo, [
        ['intent', 'enviar'],
        ['archivo', pdf(new Uint8Array(LIMITES_MESA.pdf + 128 * 1024))],
      ]);
      expect(res.statusCode).toBe(413);
      expect(res.headers['content-type']).toMatch(/^text\/html/);
      expect(res.body).toContain('<html lang="es-AR">');
      expect(textoDe(res.body)).toContain(MENSAJE_PDF_GRANDE);
      await sinCambios(s.codigo, antes);

      // Two MB are too much for any other page, the list of the desk included.
      const dos = { payload: Buffer.alloc(2 * 1024 * 1024, 'a'), headers: { ...FORM, cookie: cookies.mesa } };
      for (const url of ['/admin/solicitudes', '/admin/usuarios', '/solicitud-decretos', `/admin/solicitudes/${s.codigo}/otra`]) {
        const otra = await t.app.inject({ method: 'POST', url, ...dos });
        expect(otra.statusCode, url).toBe(413);
        expect(textoDe(otra.body), url).toContain('El cuerpo de la solicitud supera el máximo de 1 MB.');
      }
      // The route takes GET as every page does; other methods are told which ones.
      const put = await t.app.inject({ method: 'PUT', url: `/admin/solicitudes/${s.codigo}`, headers: { cookie: cookies.mesa } });
      expect(put.statusCode).toBe(405);
      expect(put.headers.allow).toBe('GET, HEAD, POST');
    });

    it('más de 1 MiB sólo con una sesión de la mesa o de administración: si no, 403 antes de leerlo; un cuerpo chico sigue al ingreso', async () => {
      const s = await enProceso();
      const antes = await foto(s.codigo);
      const campos: [string, string | File][] = [
        ['intent', 'enviar'],
        ['archivo', pdf(await generarPdfEscaneado(2 * 1024 * 1024))],
      ];
      for (const quien of [null, 'editor'] as const) {
        const res = await subir(s.codigo, campos, undefined, quien);
        expect(res.statusCode, String(quien)).toBe(403);
        expect(textoDe(res.body)).toContain(
          'Para enviar un decreto tenés que haber ingresado al panel con un usuario de la mesa de entradas o de administración',
        );
      }
      const chico = await subir(
        s.codigo,
        [
          ['intent', 'enviar'],
          ['archivo', pdf(await generarPdf({ titulo: 'DECRETO', parrafos: ['Texto.'] }))],
        ],
        undefined,
        null,
      );
      expect(chico.statusCode).toBe(302);
      expect(chico.headers.location).toBe(`/login?siguiente=${encodeURIComponent(`/admin/solicitudes/${s.codigo}`)}`);
      await sinCambios(s.codigo, antes);
      // Administration may send it too.
      const admin = await subir(s.codigo, campos, undefined, 'admin');
      expect(admin.statusCode).toBe(200);
      expect((await confirmar(s.codigo, admin.body, 'admin')).statusCode).toBe(303);
    });

    it('por un socket de verdad: 9 MB llegan y se guardan, 12 MB reciben el 413 y el servidor sigue atendiendo', async () => {
      // Listening until the file's app closes (afterAll).
      const direccion = await t.app.listen({ port: 0, host: '127.0.0.1' });
      {
        const post = async (codigo: string, archivo: File, cookie: string | null = cookies.mesa) => {
          const form = new FormData();
          form.append('intent', 'enviar');
          form.append('archivo', archivo);
          return fetch(`${direccion}/admin/solicitudes/${codigo}`, {
            method: 'POST',
            body: form,
            redirect: 'manual',
            headers: { origin: TEST_SITE_URL, ...(cookie ? { cookie } : {}) },
          });
        };
        const grande = await enProceso();
        const antes = await foto(grande.codigo);
        const rechazo = await post(grande.codigo, pdf(new Uint8Array(12 * 1024 * 1024)));
        expect(rechazo.status).toBe(413);
        expect(textoDe(await rechazo.text())).toContain(MENSAJE_PDF_GRANDE);
        await sinCambios(grande.codigo, antes);
        // Without a session, refused before the body is read.
        const anonimo = await post(grande.codigo, pdf(new Uint8Array(9 * 1024 * 1024)), null);
        expect(anonimo.status).toBe(403);
        await anonimo.text();
        await sinCambios(grande.codigo, antes);

        const s = await enProceso();
        const ok = await post(s.codigo, pdf(await generarPdfEscaneado(9 * 1024 * 1024), 'escaneado.pdf'));
        expect(ok.status).toBe(200);
        const hecho = await confirmar(s.codigo, await ok.text());
        expect(hecho.statusCode).toBe(303);
        expect(hecho.headers.location).toBe(`/admin/solicitudes/${s.codigo}?aviso=enviado`);
        expect(await estadoDe(s.codigo)).toBe('enviada');
        expect((await fetch(`${direccion}/health/ready`)).status).toBe(200);
      }
    });
  });
});
