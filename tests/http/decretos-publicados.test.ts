// The decree already published (docs/decisions/023-decretos-publicados.md) over HTTP, on
// the demo content (bulletin 323 publishes 1350/2026 and 1362/2026, bulletin 313 980/2025): the
// form's JSON look-up with hostile queries, the offer after a submit without JavaScript, the
// bulletin's page adding and removing decrees, and the desk answering with the bulletin's document.
import { and, count, desc, eq, isNotNull } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditoria, boletinesDecretos, boletinesOficiales, historialSolicitudesDecreto, outbox, solicitudesDecreto } from '#db/schema/index.ts';
import { NO_PUBLICADO } from '#domain/decretos/mesa-commands.ts';
import { createSolicitud } from '#tests/factories/mesa.ts';
import { solicitudValida } from '#tests/factories/decretos.ts';
import { type TestApp, createTestApp } from '#tests/setup/app.ts';
import { engines } from '#tests/setup/database.ts';
import { ADMIN, EDITOR, FORM, MESA, ingresar, textoDe } from '#tests/setup/panel.ts';
const OFERTA_323 = 'Este decreto ya fue publicado en el Boletín Oficial Nº 323 de septiembre de 2026: descargalo ahora';

let ip = 1;
const ipNueva = () => `10.78.${Math.floor(ip / 250)}.${(ip++ % 250) + 1}`;

describe.each(engines)('decretos ya publicados (%s)', (engine) => {
  let t: TestApp;
  const cookies: Record<'admin' | 'editor' | 'mesa', string> = { admin: '', editor: '', mesa: '' };
  let boletin323: { id: number; documentoId: number };

  beforeAll(async () => {
    t = await createTestApp(engine);
    for (const [clave, u] of [
      ['admin', ADMIN],
      ['editor', EDITOR],
      ['mesa', MESA],
    ] as const)
      cookies[clave] = `__Host-vla_sesion=${await ingresar(t, u)}`;
    const [b] = await t.database.db
      .select({ id: boletinesOficiales.id, documentoId: boletinesOficiales.documentoId })
      .from(boletinesOficiales)
      .where(eq(boletinesOficiales.numeroBoletinOficial, 323));
    boletin323 = b!;
  });
  afterAll(() => t?.close());

  const buscar = (consulta: string) => t.app.inject({ url: `/solicitud-decretos/publicado?${consulta}` });
  const postear = (url: string, campos: Record<string, string>, quien: keyof typeof cookies | null) =>
    t.app.inject({
      method: 'POST',
      url,
      headers: { ...FORM, ...(quien ? { cookie: cookies[quien] } : {}) },
      payload: new URLSearchParams(campos).toString(),
      remoteAddress: ipNueva(),
    });

  it('la búsqueda del formulario: el boletín, su documento, descripción y área, en cada forma de escribirlo; cacheable un minuto', async () => {
    for (const forma of ['1350/2026', '1350-2026', 'Decreto 1350 de 2026', 'Decreto N° 01350/26', 'dto. 1350 / 2026']) {
      const res = await buscar(`decreto=${encodeURIComponent(forma)}`);
      expect(res.statusCode, forma).toBe(200);
      expect(res.headers['cache-control']).toBe('public, max-age=60');
      expect(res.json(), forma).toEqual({
        publicado: {
          decreto: '1350/2026',
          descripcion: 'Declara de interés municipal la Fiesta Nacional de los Jardines',
          area: 'Turismo',
          boletinTexto: 'Boletín Oficial Nº 323 de septiembre de 2026',
          enlace: `/api/v1/documentos/${boletin323.documentoId}`,
        },
      });
    }
    // The link is the bulletin's public PDF.
    const pdf = await t.app.inject({ url: `/api/v1/documentos/${boletin323.documentoId}` });
    expect(pdf.statusCode).toBe(200);
    expect(pdf.headers['content-type']).toContain('application/pdf');
    expect(pdf.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
  });

  it('lo que no es un decreto publicado no ofrece nada, nunca un 5xx: sin año, otro año, texto hostil', async () => {
    const consultas = [
      'decreto=1350',
      'decreto=1350%2F2025',
      'decreto=1351%2F2026',
      'decreto=',
      '',
      `decreto=${'9'.repeat(1500)}`,
      `decreto=${encodeURIComponent('1350/2026'.padStart(1000, ' '))}`,
      `decreto=${encodeURIComponent('１３５０/２０２６')}`,
      `decreto=${encodeURIComponent("1350/2026' OR '1'='1")}`,
      `decreto=${encodeURIComponent('<script>alert(1)</script>')}`,
      'decreto[]=1350%2F2026',
    ];
    for (const consulta of consultas) {
      const res = await buscar(consulta);
      expect(res.statusCode, consulta.slice(0, 40)).toBe(200);
      expect(res.json(), consulta.slice(0, 40)).toEqual({ publicado: null });
    }
    // An address too long is refused before any page reads it (server/input-guard.ts).
    expect((await buscar(`decreto=${'9'.repeat(20_000)}`)).statusCode).toBe(414);
    expect((await buscar('decreto=%E0%A4%A')).statusCode).toBe(400);
    // Repeated, the first one counts.
    expect((await buscar('decreto=1350%2F2026&decreto=1%2F2020')).json().publicado.decreto).toBe('1350/2026');
  });

  it('sin JavaScript: la oferta aparece después de enviar, con la solicitud recibida o con errores; un decreto no publicado no muestra nada', async () => {
    const enviada = await postear('/solicitud-decretos', solicitudValida({ numero: 'Decreto 1350 de 2026' }) as Record<string, string>, null);
    expect(enviada.statusCode).toBe(200);
    expect(textoDe(enviada.body)).toContain('Listo Lucía Fernández');
    expect(textoDe(enviada.body)).toContain(OFERTA_323);
    expect(enviada.body).toContain(`href="/api/v1/documentos/${boletin323.documentoId}"`);
    expect(textoDe(enviada.body)).toContain('Decreto 1350/2026: Declara de interés municipal la Fiesta Nacional de los Jardines. Área: Turismo.');
    // In the success message: the cleared form keeps no notice under it.
    expect(enviada.body).toMatch(/<div class="decretos__publicado campo--completo" aria-live="polite"><\/div>/);

    const conErrores = await postear('/solicitud-decretos', solicitudValida({ numero: '1362-26', nombre: '' }) as Record<string, string>, null);
    expect(conErrores.statusCode).toBe(400);
    expect(textoDe(conErrores.body)).toContain('El campo nombre es obligatorio');
    expect(textoDe(conErrores.body)).toContain('Este decreto ya fue publicado en el Boletín Oficial Nº 323 de septiembre de 2026');
    expect(textoDe(conErrores.body)).toContain('Aprueba el plan de poda');

    const otra = await postear('/solicitud-decretos', solicitudValida({ numero: '1351/2026' }) as Record<string, string>, null);
    expect(otra.statusCode).toBe(200);
    expect(textoDe(otra.body)).not.toContain('ya fue publicado');
    // The form's page itself offers nothing until something is typed.
    expect(textoDe((await t.app.inject({ url: '/solicitud-decretos' })).body)).not.toContain('ya fue publicado');
  });

  it('el boletín en el panel: agregar decretos como los escribe la gente, repetido o ilegible con su error, quitar; auditado; la mesa sola no puede', async () => {
    const url = `/admin/boletines/${boletin323.id}`;
    const pagina = textoDe((await t.app.inject({ url, headers: { cookie: cookies.editor } })).body);
    expect(pagina).toContain('Decretos que publica');
    expect(pagina).toContain('1350/2026 Declara de interés municipal la Fiesta Nacional de los Jardines Turismo');

    const alta = await postear(
      url,
      { intent: 'agregar-decreto', decretoNumero: 'Decreto Nº 0077 de 2026', decretoDescripcion: 'Designa personal', decretoArea: 'Intendencia' },
      'editor',
    );
    expect(alta.statusCode).toBe(303);
    expect(alta.headers.location).toBe(`${url}?aviso=decreto-alta#decretos-titulo`);
    expect((await buscar('decreto=77%2F2026')).json().publicado.boletinTexto).toBe('Boletín Oficial Nº 323 de septiembre de 2026');

    const repetido = await postear(url, { intent: 'agregar-decreto', decretoNumero: '77-26', decretoDescripcion: 'Otra', decretoArea: 'Otra' }, 'editor');
    expect(repetido.statusCode).toBe(400);
    expect(textoDe(repetido.body)).toContain('Este boletín ya publica el decreto 77/2026.');
    const ilegible = await postear(url, { intent: 'agregar-decreto', decretoNumero: '77', decretoDescripcion: '', decretoArea: 'Intendencia' }, 'editor');
    expect(ilegible.statusCode).toBe(400);
    const leido = textoDe(ilegible.body);
    expect(leido).toContain('Escribí el número y el año del decreto');
    expect(leido).toContain('Escribí de qué trata el decreto.');
    expect(ilegible.body).toMatch(/id="decretoNumero"[^>]*value="77"|value="77"[^>]*id="decretoNumero"/);
    // The bulletin's own form keeps its values.
    expect(ilegible.body).toMatch(/id="numero"[^>]*value="323"|value="323"[^>]*id="numero"/);

    // Mesa de entradas does not publish bulletins.
    expect((await postear(url, { intent: 'agregar-decreto', decretoNumero: '78/2026', decretoDescripcion: 'x', decretoArea: 'y' }, 'mesa')).statusCode).toBe(
      403,
    );

    const [fila] = await t.database.db
      .select({ id: boletinesDecretos.id })
      .from(boletinesDecretos)
      .where(and(eq(boletinesDecretos.numero, 77), eq(boletinesDecretos.anio, 2026)));
    const baja = await postear(url, { intent: 'quitar-decreto', decreto: String(fila!.id) }, 'admin');
    expect(baja.statusCode).toBe(303);
    expect((await buscar('decreto=77%2F2026')).json()).toEqual({ publicado: null });
    const otraVez = await postear(url, { intent: 'quitar-decreto', decreto: String(fila!.id) }, 'admin');
    expect(otraVez.statusCode).toBe(400);
    expect(textoDe(otraVez.body)).toContain('Ese decreto ya no está en la lista del boletín');
    expect((await postear(url, { intent: 'quitar-decreto', decreto: 'abc' }, 'admin')).statusCode).toBe(400);

    // The demo's own entries for this bulletin (its upload, its decrees) are the site's, without a person.
    const acciones = await t.database.db
      .select({ accion: auditoria.accion })
      .from(auditoria)
      .where(and(eq(auditoria.entidad, 'boletin_oficial'), eq(auditoria.entidadId, String(boletin323.id)), isNotNull(auditoria.usuarioId)))
      .orderBy(auditoria.id);
    expect(acciones.map((a) => a.accion)).toEqual(['boletin.decreto_alta', 'boletin.decreto_baja']);
  });

  it('dos boletines publican el mismo decreto: se ofrece el primero', async () => {
    const [b324] = await t.database.db.select({ id: boletinesOficiales.id }).from(boletinesOficiales).where(eq(boletinesOficiales.numeroBoletinOficial, 324));
    const alta = await postear(
      `/admin/boletines/${b324!.id}`,
      { intent: 'agregar-decreto', decretoNumero: '1350/2026', decretoDescripcion: 'Fe de erratas', decretoArea: 'Turismo' },
      'editor',
    );
    expect(alta.statusCode).toBe(303);
    expect((await buscar('decreto=1350%2F2026')).json().publicado.boletinTexto).toBe('Boletín Oficial Nº 323 de septiembre de 2026');
  });

  it('la mesa: la solicitud muestra el decreto publicado y una acción lo envía (desde «Recibida»): estado, correo con el boletín adjunto, historial, auditoría', async () => {
    const s = await createSolicitud(t.context, { numero: 'decreto 1362/2026' });
    const detalle = await t.app.inject({ url: `/admin/solicitudes/${s.codigo}`, headers: { cookie: cookies.mesa } });
    const leido = textoDe(detalle.body);
    expect(leido).toContain('Sí: el decreto 1362/2026 está en el Boletín Oficial Nº 323 de septiembre de 2026');
    expect(leido).toContain('Responder con el decreto publicado');
    // The list marks it too.
    const lista = await t.app.inject({ url: `/admin/solicitudes?texto=${s.codigo}`, headers: { cookie: cookies.mesa } });
    expect(textoDe(lista.body)).toContain('decreto 1362/2026 (ya publicado)');

    // An editor is not the desk: 403, nothing changes.
    expect((await postear(`/admin/solicitudes/${s.codigo}`, { intent: 'enviar-publicado' }, 'editor')).statusCode).toBe(403);

    const vista = await postear(`/admin/solicitudes/${s.codigo}`, { intent: 'enviar-publicado', mensajePublicado: 'Va el boletín.' }, 'mesa');
    // The preview first (docs/decisions/052-confirmar-antes-de-escribir.md): the bulletin attached, nothing sent yet.
    expect(vista.statusCode, textoDe(vista.body).slice(0, 300)).toBe(200);
    expect(textoDe(vista.body)).toContain('boletin-oficial-323.pdf (PDF,');
    const confirmacion = /name="confirmacion" value="([^"]+)"/.exec(vista.body)?.[1] ?? '';
    const res = await postear(`/admin/solicitudes/${s.codigo}`, { intent: 'confirmar-envio', confirmacion, adjunto: 'boletin' }, 'mesa');
    expect(res.statusCode, textoDe(res.body).slice(0, 300)).toBe(303);
    expect(res.headers.location).toBe(`/admin/solicitudes/${s.codigo}?aviso=publicado-enviado`);
    const despues = textoDe((await t.app.inject({ url: res.headers.location as string, headers: { cookie: cookies.mesa } })).body);
    expect(despues).toContain('con el boletín oficial que publicó el decreto adjunto, quedó en la bandeja de salida');
    expect(despues).toContain('Documento enviado');
    expect(despues).toContain('boletin-oficial-323.pdf');
    expect(despues).toContain('Mensaje al solicitante: Va el boletín.');
    expect(despues).not.toContain('Responder con el decreto publicado');

    const [fila] = await t.database.db.select().from(solicitudesDecreto).where(eq(solicitudesDecreto.codigo, s.codigo));
    expect(fila).toMatchObject({ estado: 'enviada', decretoDocumentoId: boletin323.documentoId });
    expect(fila!.cerradaEn).not.toBeNull();
    const historial = await t.database.db
      .select({ estado: historialSolicitudesDecreto.estado })
      .from(historialSolicitudesDecreto)
      .where(eq(historialSolicitudesDecreto.solicitudId, fila!.id));
    expect(historial.map((h) => h.estado)).toEqual(['recibida', 'enviada']);
    const [correo] = await t.database.db.select().from(outbox).where(eq(outbox.referencia, s.codigo)).orderBy(desc(outbox.id)).limit(1);
    expect(correo?.adjuntos).toEqual([{ documentoId: boletin323.documentoId, nombreArchivo: 'boletin-oficial-323.pdf', tipoContenido: 'application/pdf' }]);
    expect(correo?.asunto).toBe(`Le enviamos el decreto que solicitó (${s.codigo})`);
    const [audit] = await t.database.db
      .select()
      .from(auditoria)
      .where(and(eq(auditoria.entidadId, s.codigo), eq(auditoria.accion, 'solicitud.envio_decreto_publicado')));
    expect(audit?.despues).toMatchObject({ estado: 'enviada', documentoId: boletin323.documentoId });

    // Closed: once more is a conflict, nothing sent again.
    const correos = (await t.database.db.select({ n: count() }).from(outbox).where(eq(outbox.referencia, s.codigo)))[0]!.n;
    const otraVez = await postear(`/admin/solicitudes/${s.codigo}`, { intent: 'enviar-publicado' }, 'mesa');
    expect(otraVez.statusCode).toBe(409);
    expect((await t.database.db.select({ n: count() }).from(outbox).where(eq(outbox.referencia, s.codigo)))[0]!.n).toBe(correos);
  });

  it('la mesa: un decreto que no está publicado no ofrece la acción, y enviarla igual es un 409 sin cambios', async () => {
    const s = await createSolicitud(t.context, { numero: '4444/2026' });
    const correos = async () => (await t.database.db.select({ n: count() }).from(outbox).where(eq(outbox.referencia, s.codigo)))[0]!.n;
    const antes = await correos();
    const leido = textoDe((await t.app.inject({ url: `/admin/solicitudes/${s.codigo}`, headers: { cookie: cookies.admin } })).body);
    expect(leido).toContain('No figura en ningún boletín oficial cargado.');
    const lista = await t.app.inject({ url: `/admin/solicitudes?texto=${s.codigo}`, headers: { cookie: cookies.admin } });
    expect(textoDe(lista.body)).toContain('4444/2026');
    expect(textoDe(lista.body)).not.toContain('(ya publicado)');
    expect(leido).not.toContain('Responder con el decreto publicado');
    const res = await postear(`/admin/solicitudes/${s.codigo}`, { intent: 'enviar-publicado' }, 'admin');
    expect(res.statusCode).toBe(409);
    expect(textoDe(res.body)).toContain(NO_PUBLICADO);
    const [fila] = await t.database.db.select({ estado: solicitudesDecreto.estado }).from(solicitudesDecreto).where(eq(solicitudesDecreto.codigo, s.codigo));
    expect(fila?.estado).toBe('recibida');
    expect(await correos()).toBe(antes);
  });
});
