// The citizen's report form /reclamos/nuevo (docs/decisions/057-reclamos.md) over HTTP on the built app:
// choosing the kind of problem, a report by address with a real photo (stored without metadata, the
// acknowledgement in the outbox), by coordinates, each invalid field with everything typed kept, a PDF
// named .jpg and a fourth photo, the duplicate step, the honeypot, the limit per network address,
// hostile input (never a 500) and nothing of the reporter shown to anyone else; then the reporter's
// links: /reclamos/baja (with RFC 8058's one-click POST) and /reclamos/consulta; and the site menu.
import { and, count, eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fotosReclamo, outbox, reclamos } from '#db/schema/index.ts';
import { MENSAJE_LIMITE_DIRECCION } from '#domain/reclamos/commands.ts';
import { MENSAJE_DEMASIADAS } from '#domain/reclamos/fotos.ts';
import { MENSAJES_RECLAMO } from '#domain/reclamos/schemas.ts';
import { MENSAJE_SIN_LUGAR } from '#app/features/reclamos/formulario/campos.ts';
import { type TestApp, TEST_SITE_URL, createTestApp } from '#tests/setup/app.ts';
import { engines } from '#tests/setup/database.ts';
import { FORM, textoDe } from '#tests/setup/panel.ts';
import { insertCategoriaReclamo, insertReclamo } from '#tests/setup/reclamos.ts';

const EMAIL = 'vecina.del.reclamo@correo.com.ar';
const NOMBRE = 'Hermelinda Catriel';

/** A photo as a phone writes it, with the GPS of the town's centre and the owner's name in its EXIF. */
async function fotoDeTelefono(): Promise<Uint8Array<ArrayBuffer>> {
  const imagen = sharp({ create: { width: 120, height: 80, channels: 3, background: '#a83' } })
    .jpeg()
    .withExif({
      IFD0: { Make: 'Apple', Model: 'iPhone 15', Artist: NOMBRE },
      IFD3: { GPSLatitudeRef: 'S', GPSLatitude: '40/1 45/1 4368/100', GPSLongitudeRef: 'W', GPSLongitude: '71/1 38/1 4632/100' },
    });
  return new Uint8Array(await imagen.toBuffer()) as Uint8Array<ArrayBuffer>;
}

type Campo = [string, string | File];

describe.each(engines)('Formulario de reclamos (%s)', (engine) => {
  let t: TestApp;
  let ip = 0;
  let bache: string;
  let basural: string;
  let poste: string;

  /** A multipart post of the form as a browser sends it, each from a network address of its own unless told. */
  const enviar = async (categoria: string, campos: Campo[], remoteAddress = `198.51.100.${++ip}`) => {
    const form = new FormData();
    for (const [nombre, valor] of campos) form.append(nombre, valor);
    const respuesta = new Response(form);
    return t.app.inject({
      method: 'POST',
      url: `/reclamos/nuevo?categoria=${encodeURIComponent(categoria)}`,
      headers: { 'content-type': respuesta.headers.get('content-type')!, origin: TEST_SITE_URL },
      payload: Buffer.from(await respuesta.arrayBuffer()),
      remoteAddress,
    });
  };
  const base = (categoria: string, extra: Record<string, string> = {}): Campo[] =>
    Object.entries({ categoria, descripcion: 'Hay un pozo enorme en el medio de la calle', email: EMAIL, nombre: NOMBRE, sitio_web: '', ...extra });
  const cuantos = async () => (await t.context.db.select({ n: count() }).from(reclamos))[0]!.n;
  const jpeg = async (nombre = 'foto.jpg') => new File([await fotoDeTelefono()], nombre, { type: 'image/jpeg' });

  beforeAll(async () => {
    t = await createTestApp(engine, { env: { RECLAMOS_POR_IP: '3' } });
    bache = (await insertCategoriaReclamo(t.context.db, { grupo: 'Calles', aviso: 'Si es una emergencia llamá al 103', radioDuplicadosM: 50 })).codigo;
    basural = (await insertCategoriaReclamo(t.context.db, { grupo: 'Residuos', nombre: 'Basural de prueba' })).codigo;
    poste = (
      await insertCategoriaReclamo(t.context.db, {
        grupo: 'Alumbrado',
        preguntas: [{ codigo: 'poste', etiqueta: 'Número de poste', tipo: 'numero', requerida: true }],
      })
    ).codigo;
  });
  afterAll(() => t?.close());

  it('sin categoría: los tipos de problema por grupo, cada uno un enlace que lo elige', async () => {
    const res = await t.app.inject({ url: '/reclamos/nuevo' });
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain('<title>Hacé un reclamo | Municipalidad de Villa La Angostura</title>');
    expect(res.body).toMatch(/<meta name="description" content="[^"]+"/);
    const texto = textoDe(res.body);
    for (const g of ['Calles', 'Residuos', 'Alumbrado']) expect(texto).toContain(g);
    expect(res.body).toContain(`href="/reclamos/nuevo?categoria=${bache}"`);
    expect(res.body).toContain('href="/reclamos/nuevo?categoria=medio-ambiente"');
    // The trail: Inicio › Reclamos › Hacé un reclamo.
    expect(res.body).toMatch(/href="\/reclamos"[^>]*>Reclamos</);
  });

  it('una categoría: su aviso, sus preguntas, el formulario multipart sin JavaScript y el campo trampa oculto', async () => {
    const res = await t.app.inject({ url: `/reclamos/nuevo?categoria=${bache}` });
    expect(res.statusCode).toBe(200);
    expect(textoDe(res.body)).toContain('Si es una emergencia llamá al 103');
    expect(res.body).toMatch(/<form(?=[^>]*method="post")(?=[^>]*enctype="multipart\/form-data")/i);
    expect(res.body).toMatch(/<input[^>]*type="file"[^>]*accept="image\/jpeg,image\/png,image\/webp"[^>]*multiple/);
    expect(res.body).toContain('<summary>Tengo las coordenadas</summary>');
    expect(res.body).toMatch(/class="campo-trampa" aria-hidden="true"/);
    expect(textoDe(res.body)).toContain('Nunca se publica');
    const conPregunta = await t.app.inject({ url: `/reclamos/nuevo?categoria=${poste}` });
    expect(conPregunta.body).toMatch(/<label for="pregunta_poste">Número de poste/);
  });

  it('una categoría que no existe: 404 con la lista para elegir otra', async () => {
    const res = await t.app.inject({ url: '/reclamos/nuevo?categoria=no-existe%3Cscript%3E' });
    expect(res.statusCode).toBe(404);
    expect(textoDe(res.body)).toContain('Ese tipo de problema no existe');
    expect(res.body).not.toContain('<script>');
  });

  it('por dirección y con una foto real: recibido, su código, el plazo, la foto guardada y el acuse en la bandeja', async () => {
    const antes = await cuantos();
    const res = await enviar(bache, [...base(bache, { direccion: 'Av. Arrayanes 250' }), ['fotos', await jpeg()]]);
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toContain('no-store');
    const texto = textoDe(res.body);
    expect(texto).toContain('Recibimos tu reclamo');
    expect(texto).toContain('te mandamos un correo'.replace('te', 'Te'));
    expect(texto).toMatch(/El plazo para darle respuesta vence el \p{L}+, \d{1,2} de \p{L}+ de \d{4}/u);
    const codigo = /RC-\d{4}-[A-Z0-9]{3}-[A-Z0-9]{3}-[A-Z0-9]{3}/.exec(texto)![0];
    expect(res.body).toContain(`href="/reclamos/${codigo}"`);
    expect(await cuantos()).toBe(antes + 1);
    const [fila] = await t.context.db.select().from(reclamos).where(eq(reclamos.codigo, codigo));
    expect(fila!.direccion).toBe('Av. Arrayanes 250');
    expect(fila!.latitud).toBeCloseTo(-40.76, 1);
    expect(fila!.email).not.toContain(EMAIL);
    expect(t.context.cipher.decrypt(fila!.email!)).toBe(EMAIL);
    const fotos = await t.context.db.select().from(fotosReclamo).where(eq(fotosReclamo.reclamoId, fila!.id));
    expect(fotos).toHaveLength(1);
    const [correo] = await t.context.db.select({ n: count() }).from(outbox).where(eq(outbox.referencia, codigo));
    expect(correo!.n).toBe(1);
    // Its public page, for anyone: neither the e-mail nor the name.
    const publica = await t.app.inject({ url: `/reclamos/${codigo}` });
    expect(publica.statusCode).toBe(200);
    expect(publica.body).not.toContain(EMAIL);
    expect(publica.body).not.toContain(NOMBRE);
    // And the form, for the next visitor: nothing of this one.
    const otro = await t.app.inject({ url: `/reclamos/nuevo?categoria=${bache}`, remoteAddress: '192.0.2.99' });
    expect(otro.body).not.toContain(EMAIL);
    expect(otro.body).not.toContain('Hay un pozo enorme');
  });

  it('por coordenadas, en una pregunta requerida respondida, sin dirección', async () => {
    const res = await enviar(poste, base(poste, { latitud: '-40,7700', longitud: '-71.6400', pregunta_poste: '42' }));
    expect(res.statusCode).toBe(200);
    expect(textoDe(res.body)).toContain('Recibimos tu reclamo');
  });

  it('cada campo mal: el resumen con enlaces a cada campo y todo lo escrito de vuelta', async () => {
    const antes = await cuantos();
    const vacio = await enviar(bache, [
      ['categoria', bache],
      ['descripcion', 'corto'],
      ['email', 'no-es-un-mail'],
      ['nombre', NOMBRE],
    ]);
    expect(vacio.statusCode).toBe(400);
    expect(vacio.body).toContain('<title>Error: ');
    const texto = textoDe(vacio.body);
    expect(texto).toContain('Revisá el reclamo');
    expect(texto).toContain(MENSAJE_SIN_LUGAR);
    expect(texto).toContain(MENSAJES_RECLAMO.descripcion);
    expect(texto).toContain(MENSAJES_RECLAMO.emailInvalido);
    for (const campo of ['direccion', 'descripcion', 'email']) expect(vacio.body).toContain(`href="#${campo}"`);
    expect(vacio.body).toMatch(/id="email"[^>]*value="no-es-un-mail"|value="no-es-un-mail"[^>]*id="email"/);
    expect(vacio.body).toContain(`value="${NOMBRE}"`);
    // A street the index does not know: Mi calle's message and similar streets.
    const calle = await enviar(bache, base(bache, { direccion: 'Arrayanez 250' }));
    expect(calle.statusCode).toBe(400);
    expect(textoDe(calle.body)).toMatch(/Calles parecidas: .*Arrayanes/);
    // A point outside the town; a question required but not answered; a category that does not exist.
    const fuera = await enviar(bache, base(bache, { latitud: '-34.6', longitud: '-58.4' }));
    expect(textoDe(fuera.body)).toContain(MENSAJES_RECLAMO.fueraDelArea);
    const sinPoste = await enviar(poste, base(poste, { direccion: 'Av. Arrayanes 250' }));
    expect(sinPoste.statusCode).toBe(400);
    expect(textoDe(sinPoste.body)).toContain('Respondé «Número de poste»: es obligatorio.');
    expect(sinPoste.body).toContain('href="#pregunta_poste"');
    const otra = await enviar(bache, base('no-existe', { direccion: 'Av. Arrayanes 250' }));
    expect(otra.statusCode).toBe(400);
    expect(textoDe(otra.body)).toContain(MENSAJES_RECLAMO.categoria);
    expect(await cuantos()).toBe(antes);
  });

  it('un PDF llamado .jpg y una cuarta foto: rechazados con su motivo, nada guardado', async () => {
    const antes = await cuantos();
    const pdf = new File([Buffer.from('%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF')], 'foto.jpg', { type: 'image/jpeg' });
    const conPdf = await enviar(basural, [...base(basural, { direccion: 'Av. Arrayanes 900' }), ['fotos', pdf]]);
    expect(conPdf.statusCode).toBe(400);
    expect(conPdf.body).toContain('href="#fotos"');
    const cuatro = await enviar(basural, [
      ...base(basural, { direccion: 'Av. Arrayanes 900' }),
      ...(await Promise.all([1, 2, 3, 4].map(async (n) => ['fotos', await jpeg(`f${n}.jpg`)] as Campo))),
    ]);
    expect(cuatro.statusCode).toBe(400);
    expect(textoDe(cuatro.body)).toContain(MENSAJE_DEMASIADAS);
    expect(await cuantos()).toBe(antes);
  });

  it('un reclamo igual cerca: primero «¿Es este?», con lo escrito; «No, es otro» lo envía', async () => {
    const existente = await insertReclamo(t.context, {
      categoriaId: (await categoriaId(basural))!,
      latitud: -40.7701,
      longitud: -71.6401,
      descripcion: 'Basura acumulada en la esquina',
    });
    const antes = await cuantos();
    const primero = await enviar(basural, [...base(basural, { latitud: '-40.7702', longitud: '-71.6402', direccion: 'La esquina' }), ['fotos', await jpeg()]]);
    expect(primero.statusCode).toBe(200);
    const texto = textoDe(primero.body);
    expect(texto).toContain('¿Es este? Seguilo en lugar de crear otro');
    expect(primero.body).toContain(`href="/reclamos/${existente.codigo}"`);
    expect(texto).toContain('Basura acumulada en la esquina');
    expect(texto).toContain('Las fotos que elegiste no se guardaron');
    expect(texto).toContain('No, es otro: enviar el reclamo');
    expect(primero.body).toContain('name="confirmado" value="1"');
    expect(primero.body).toContain('Hay un pozo enorme en el medio de la calle');
    expect(await cuantos()).toBe(antes);
    const segundo = await enviar(basural, [...base(basural, { latitud: '-40.7702', longitud: '-71.6402', confirmado: '1' })]);
    expect(segundo.statusCode).toBe(200);
    expect(textoDe(segundo.body)).toContain('Recibimos tu reclamo');
    expect(await cuantos()).toBe(antes + 1);
  });

  it('el campo trampa completado: parece recibido y no se guarda nada', async () => {
    const antes = await cuantos();
    const res = await enviar(bache, base(bache, { direccion: 'Av. Arrayanes 250', sitio_web: 'https://spam.example' }));
    expect(res.statusCode).toBe(200);
    expect(textoDe(res.body)).toContain('Recibimos tu reclamo');
    expect(await cuantos()).toBe(antes);
  });

  it('el límite por conexión: 429 con el mensaje y lo escrito en el formulario', async () => {
    const desde = '203.0.113.77';
    for (let i = 0; i < 3; i++) {
      const ok = await enviar(
        bache,
        base(bache, { latitud: (-40.75 - i / 100).toFixed(4), longitud: '-71.64', email: `limite${i}@correo.com.ar`, confirmado: '1' }),
        desde,
      );
      expect(ok.statusCode).toBe(200);
    }
    const res = await enviar(bache, base(bache, { latitud: '-40.79', longitud: '-71.64', email: 'limite9@correo.com.ar', confirmado: '1' }), desde);
    expect(res.statusCode).toBe(429);
    expect(textoDe(res.body)).toContain(MENSAJE_LIMITE_DIRECCION);
    expect(res.body).toContain('Hay un pozo enorme en el medio de la calle');
  });

  it('entradas hostiles: nunca un 500, siempre en castellano', async () => {
    const largo = 'x'.repeat(50_000);
    const casos: Campo[][] = [
      base(bache, { latitud: 'NaN', longitud: 'Infinity' }),
      base(bache, { latitud: '1e309', longitud: '0x1A' }),
      base(bache, { direccion: largo, descripcion: largo, email: `${largo}@x.com`, nombre: largo }),
      base(bache, { direccion: '<script>alert(1)</script> 250' }),
      [
        ['categoria', bache],
        ['categoria', 'otra'],
        ['latitud', '-40.77'],
        ['latitud', 'x'],
        ['longitud', '-71.64'],
      ],
      base(`${'../'.repeat(40)}`, { direccion: 'Av. Arrayanes 250' }),
      [['fotos', 'no es un archivo'], ...base(bache, { direccion: 'Av. Arrayanes 250' })],
      [
        ['pregunta_' + 'a'.repeat(500), 'z'],
        ['__proto__', 'x'],
        ['constructor', 'y'],
      ],
    ];
    for (const campos of casos) {
      const res = await enviar(bache, campos);
      expect(res.statusCode, JSON.stringify(campos).slice(0, 200)).toBeLessThan(500);
      expect(res.body).not.toContain('<script>alert(1)</script>');
    }
    // Not multipart: a form without photos is still read; not a form at all is refused in Spanish.
    const url = await t.app.inject({
      method: 'POST',
      url: `/reclamos/nuevo?categoria=${bache}`,
      headers: FORM,
      payload: new URLSearchParams({
        categoria: bache,
        direccion: 'Av. Arrayanes 250',
        descripcion: 'Un pozo grande en la vereda',
        email: 'url@correo.com.ar',
      }).toString(),
      remoteAddress: '192.0.2.200',
    });
    expect(url.statusCode).toBeLessThan(500);
    const roto = await t.app.inject({
      method: 'POST',
      url: `/reclamos/nuevo?categoria=${bache}`,
      headers: { 'content-type': 'multipart/form-data; boundary=zzz', origin: TEST_SITE_URL },
      payload: '--zzz\r\nContent-Disposition: form-data; name="categoria"\r\n\r\nbache\r\n--zz',
    });
    expect(roto.statusCode).toBeLessThan(500);
    const json = await t.app.inject({
      method: 'POST',
      url: '/reclamos/nuevo',
      headers: { 'content-type': 'application/json', origin: TEST_SITE_URL },
      payload: '{}',
    });
    expect(json.statusCode).toBe(415);
    // From another site: refused before anything is read.
    const ajeno = await t.app.inject({ method: 'POST', url: '/reclamos/nuevo', headers: { ...FORM, origin: 'https://otro.example' }, payload: 'categoria=x' });
    expect(ajeno.statusCode).toBe(403);
  });

  async function categoriaId(codigo: string) {
    const { categoriasReclamo } = await import('#db/schema/index.ts');
    return (await t.context.db.select({ id: categoriasReclamo.id }).from(categoriasReclamo).where(eq(categoriasReclamo.codigo, codigo)))[0]?.id;
  }

  describe('los enlaces de quien reclamó', () => {
    it('/reclamos/baja: GET pregunta, POST da de baja; un secreto desconocido es un 404 claro', async () => {
      const r = await insertReclamo(t.context, { categoriaId: (await categoriaId(bache))! });
      const url = `/reclamos/baja?token=${encodeURIComponent(r.secreto)}`;
      const pagina = await t.app.inject({ url });
      expect(pagina.statusCode).toBe(200);
      expect(pagina.headers['cache-control']).toContain('no-store');
      expect(textoDe(pagina.body)).toContain('No quiero recibir más correos');
      expect(pagina.body).not.toContain(r.email);
      const seguir = async () => (await t.context.db.select({ s: reclamos.seguir }).from(reclamos).where(eq(reclamos.id, r.id)))[0]!.s;
      expect(await seguir()).toBe(true);
      const post = await t.app.inject({ method: 'POST', url, headers: FORM, payload: '' });
      expect(post.statusCode).toBe(200);
      expect(textoDe(post.body)).toContain('Ya no te vamos a mandar correos sobre el reclamo');
      expect(await seguir()).toBe(false);
      for (const mal of ['/reclamos/baja', '/reclamos/baja?token=no-es-un-token', `/reclamos/baja?token=${'A'.repeat(43)}`]) {
        const res = await t.app.inject({ url: mal });
        expect(res.statusCode).toBe(404);
        expect(textoDe(res.body)).toContain('Enlace no válido');
        expect((await t.app.inject({ method: 'POST', url: mal, headers: FORM, payload: '' })).statusCode).toBe(404);
      }
    });

    it('/reclamos/baja: el POST de un clic del proveedor de correo (RFC 8058), sin Origin, da 200', async () => {
      const r = await insertReclamo(t.context, { categoriaId: (await categoriaId(bache))! });
      const res = await t.app.inject({
        method: 'POST',
        url: `/reclamos/baja?token=${encodeURIComponent(r.secreto)}`,
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        payload: 'List-Unsubscribe=One-Click',
      });
      expect(res.statusCode).toBe(200);
      const [fila] = await t.context.db.select({ s: reclamos.seguir }).from(reclamos).where(eq(reclamos.id, r.id));
      expect(fila!.s).toBe(false);
    });

    it('/reclamos/consulta: GET confirma, POST «no» lo reabre, «sí» lo anota; mal formado: 404', async () => {
      const ahora = new Date();
      const r = await insertReclamo(t.context, { categoriaId: (await categoriaId(bache))!, estado: 'resuelto', resueltoEn: ahora, consultaEnviadaEn: ahora });
      const no = `/reclamos/consulta?token=${encodeURIComponent(r.secreto)}&respuesta=no`;
      const pagina = await t.app.inject({ url: no });
      expect(pagina.statusCode).toBe(200);
      expect(textoDe(pagina.body)).toContain('Confirmá que sigue sin resolverse');
      const [antes] = await t.context.db.select({ e: reclamos.estado }).from(reclamos).where(eq(reclamos.id, r.id));
      expect(antes!.e).toBe('resuelto');
      const post = await t.app.inject({ method: 'POST', url: no, headers: FORM, payload: '' });
      expect(post.statusCode).toBe(200);
      expect(textoDe(post.body)).toContain('Reabrimos tu reclamo');
      const [despues] = await t.context.db
        .select({ e: reclamos.estado })
        .from(reclamos)
        .where(and(eq(reclamos.id, r.id)));
      expect(despues!.e).toBe('en_curso');
      const r2 = await insertReclamo(t.context, { categoriaId: (await categoriaId(bache))!, estado: 'resuelto', resueltoEn: ahora, consultaEnviadaEn: ahora });
      const si = await t.app.inject({
        method: 'POST',
        url: `/reclamos/consulta?token=${encodeURIComponent(r2.secreto)}&respuesta=si`,
        headers: FORM,
        payload: '',
      });
      expect(si.statusCode).toBe(200);
      expect(textoDe(si.body)).toContain('Gracias por confirmarlo');
      for (const mal of [
        `/reclamos/consulta?token=${encodeURIComponent(r.secreto)}&respuesta=tal-vez`,
        `/reclamos/consulta?token=${encodeURIComponent(r.secreto)}`,
        '/reclamos/consulta?token=nada&respuesta=si',
        '/reclamos/consulta',
      ]) {
        const res = await t.app.inject({ url: mal });
        expect(res.statusCode, mal).toBe(404);
        expect(textoDe(res.body)).toContain('Enlace no válido');
        expect((await t.app.inject({ method: 'POST', url: mal, headers: FORM, payload: '' })).statusCode, mal).toBe(404);
      }
    });
  });

  it('el menú Ciudadano: «Reclamos» y «Denuncias de Medio Ambiente» al formulario del sitio', async () => {
    const res = await t.app.inject({ url: '/' });
    expect(res.body).toMatch(/href="\/reclamos"[^>]*>Reclamos</);
    expect(res.body).toContain('href="/reclamos/nuevo?categoria=medio-ambiente"');
    expect(res.body).not.toMatch(/<a[^>]*href="https:\/\/formularios\.villalaangostura/);
  });
});
