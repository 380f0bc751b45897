import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { solicitudValida } from '#tests/factories/decretos.ts';
import { type TestApp, createTestApp } from '#tests/setup/app.ts';
import { engines } from '#tests/setup/database.ts';
import { textoDe } from '#tests/setup/panel.ts';

const form = (campos: Record<string, unknown>) => new URLSearchParams(Object.entries(campos).map(([k, v]) => [k, String(v)])).toString();
const FORM = { 'content-type': 'application/x-www-form-urlencoded' };
let ipSiguiente = 1;
const ipNueva = () => `198.51.100.${ipSiguiente++}`;
const CODIGO = /^SD-\d{4}-[2-9A-HJ-NP-Z]{3}-[2-9A-HJ-NP-Z]{3}-[2-9A-HJ-NP-Z]{3}$/;

describe.each(engines)('solicitud de decretos por HTTP (%s)', (engine) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(engine, { env: { SOLICITUDES_POR_IP: '5' } });
  });
  afterAll(() => t.close());

  it('API: 201 con { codigo, estado }, y la misma solicitud repetida devuelve el mismo código', async () => {
    const cuerpo = solicitudValida();
    const res = await t.app.inject({ method: 'POST', url: '/api/v1/solicitudes-decreto', payload: cuerpo, remoteAddress: ipNueva() });
    expect(res.statusCode).toBe(201);
    const json = res.json() as { codigo: string; estado: string };
    expect(json).toEqual({ codigo: expect.stringMatching(CODIGO), estado: 'recibida' });
    const otra = await t.app.inject({ method: 'POST', url: '/api/v1/solicitudes-decreto', payload: cuerpo, remoteAddress: ipNueva() });
    expect(otra.json()).toEqual(json);
    const estado = await t.app.inject({ url: `/api/v1/solicitudes-decreto/${json.codigo}` });
    expect(estado.json()).toMatchObject({ codigo: json.codigo, estado: 'recibida', estadoDescripcion: 'Recibida', historial: [{ estado: 'recibida' }] });
    expect(estado.body).not.toMatch(/Lucía|Fernández|@/);
  });

  it('API: 400 con un mensaje por campo; 413 con un cuerpo grande; JSON inválido', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/v1/solicitudes-decreto',
      payload: { nombre: 5, dni: '12.34', email: 'no' },
      remoteAddress: ipNueva(),
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({
      error: 'Revisá los datos de la solicitud.',
      errores: {
        nombre: 'El campo nombre es obligatorio',
        dni: 'Ingresá un DNI de 7 u 8 números (los puntos se aceptan).',
        email: 'Ingresá un email válido, por ejemplo nombre@correo.com.ar.',
        numero: 'El campo decreto es obligatorio',
      },
    });
    const grande = await t.app.inject({
      method: 'POST',
      url: '/api/v1/solicitudes-decreto',
      payload: solicitudValida({ aclaraciones: 'x'.repeat(20_000) }),
      remoteAddress: ipNueva(),
    });
    expect(grande.statusCode).toBe(413);
    expect(grande.json()).toEqual({ error: 'El cuerpo de la solicitud supera el máximo de 16 KB.' });
    const roto = await t.app.inject({
      method: 'POST',
      url: '/api/v1/solicitudes-decreto',
      headers: { 'content-type': 'application/json' },
      payload: '{"nombre":',
      remoteAddress: ipNueva(),
    });
    expect(roto.statusCode).toBe(400);
    expect(roto.json()).toEqual({ error: 'El cuerpo de la solicitud no es JSON válido.' });
    const formulario = await t.app.inject({
      method: 'POST',
      url: '/api/v1/solicitudes-decreto',
      headers: FORM,
      payload: form(solicitudValida()),
      remoteAddress: ipNueva(),
    });
    expect(formulario.statusCode).toBe(415);
    expect(formulario.json()).toEqual({ error: 'Enviá la solicitud como JSON (Content-Type: application/json).' });
  });

  it('API: 429 a la sexta solicitud de la misma dirección en una hora', async () => {
    const ip = ipNueva();
    const codigos: number[] = [];
    for (let i = 0; i < 6; i++)
      codigos.push((await t.app.inject({ method: 'POST', url: '/api/v1/solicitudes-decreto', payload: solicitudValida(), remoteAddress: ip })).statusCode);
    expect(codigos).toEqual([201, 201, 201, 201, 201, 429]);
    const res = await t.app.inject({ method: 'POST', url: '/api/v1/solicitudes-decreto', payload: solicitudValida(), remoteAddress: ip });
    expect(res.statusCode).toBe(429);
    expect(res.headers['retry-after']).toBe('3600');
    expect(res.json()).toEqual({ error: expect.stringMatching(/^Recibimos muchas solicitudes desde tu conexión/) });
    // The page shares the limit: it is counted in the database, not in one process.
    const pagina = await t.app.inject({ method: 'POST', url: '/solicitud-decretos', headers: FORM, payload: form(solicitudValida()), remoteAddress: ip });
    expect(pagina.statusCode).toBe(429);
    expect(textoDe(pagina.body)).toContain(
      'Recibimos muchas solicitudes desde tu conexión en la última hora. Volvé a enviarla más tarde; tus datos quedan en el formulario.',
    );
    expect(pagina.headers['retry-after']).toBe('3600');
  });

  it('página: GET muestra el formulario con sus campos y su trampa oculta', async () => {
    const res = await t.app.inject({ url: '/solicitud-decretos' });
    expect(res.statusCode).toBe(200);
    for (const nombre of ['nombre', 'dni', 'email', 'numero', 'ordenanzaNumero', 'aclaraciones', 'sitio_web']) expect(res.body).toContain(`name="${nombre}"`);
    expect(res.body).toMatch(/<textarea[^>]*rows="3"/);
    expect(res.body).toMatch(/<form(?=[^>]*method="post")(?=[^>]*action="\/solicitud-decretos")[^>]*>/);
    expect(res.body).toMatch(/<div class="campo-trampa" aria-hidden="true">/);
    expect(res.body).toContain('<title>Solicitud de Decretos | Municipalidad de Villa La Angostura</title>');
  });

  it('página: un POST sin datos muestra los cuatro mensajes, con "Error:" en el título, y conserva lo escrito', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/solicitud-decretos',
      headers: FORM,
      payload: form({ nombre: '', dni: '', email: '', numero: '', aclaraciones: 'Urgente' }),
      remoteAddress: ipNueva(),
    });
    expect(res.statusCode).toBe(400);
    const t1 = textoDe(res.body);
    for (const m of ['El campo nombre es obligatorio', 'El campo dni es obligatorio', 'El campo email es obligatorio', 'El campo decreto es obligatorio'])
      expect(t1).toContain(`Error: ${m}`);
    expect(res.body).toContain('<title>Error: Solicitud de Decretos | Municipalidad de Villa La Angostura</title>');
    expect(res.body).toMatch(/<textarea[^>]*>Urgente<\/textarea>/);
    expect(res.body).toMatch(/id="nombre"[^>]*aria-describedby="nombre-error"[^>]*aria-invalid="true"/);
  });

  it('página: un POST válido muestra el texto exacto del spec con el código, y el formulario vacío', async () => {
    const datos = solicitudValida({ nombre: 'Rocío Quintana', email: 'rocio@correo.com.ar', dni: '28.444.555', numero: '311/2025' });
    const res = await t.app.inject({ method: 'POST', url: '/solicitud-decretos', headers: FORM, payload: form(datos), remoteAddress: ipNueva() });
    expect(res.statusCode).toBe(200);
    const t1 = textoDe(res.body);
    expect(t1).toContain(
      'Listo Rocío Quintana Estamos procesando su solicitud. Si todo está bien enviaremos el documento solicitado a su cuenta de correo electrónico rocio@correo.com.ar Lo más rápido posible.',
    );
    const codigo = new RegExp(CODIGO.source.slice(1, -1)).exec(t1)?.[0];
    expect(codigo).toBeDefined();
    expect(res.body).not.toContain('value="Rocío Quintana"');
    expect(res.body).not.toContain('28444555');
    // The status page: first name only.
    const estado = await t.app.inject({ url: `/solicitud-decretos/estado?codigo=${codigo!.toLowerCase()}`, remoteAddress: ipNueva() });
    expect(estado.statusCode).toBe(200);
    const t2 = textoDe(estado.body);
    expect(t2).toContain('Hola Rocío: recibimos tu solicitud y la vamos a tramitar. Estado: Recibida .');
    expect(t2).not.toMatch(/Quintana|rocio@|28444555|28\.444\.555/);
  });

  it('página: con un decreto ya publicado, la oferta va en el mensaje de éxito y no queda debajo del formulario vacío', async () => {
    // 1421/2026: a decree the current bulletin of the demo publishes (docs/decisions/050-un-solo-boletin.md).
    const datos = solicitudValida({ numero: '1421/2026' });
    const res = await t.app.inject({ method: 'POST', url: '/solicitud-decretos', headers: FORM, payload: form(datos), remoteAddress: ipNueva() });
    expect(res.statusCode).toBe(200);
    const exito = /<div class="decretos__exito"[\s\S]*?<\/div>/.exec(res.body)?.[0] ?? '';
    expect(textoDe(exito)).toContain('Este decreto ya fue publicado en el Boletín Oficial Nº 325 de noviembre de 2026: descargalo ahora .');
    expect(exito).toMatch(/<a href="\/api\/v1\/documentos\/\d+">descargalo ahora<\/a>/);
    expect(res.body).toMatch(/<div class="decretos__publicado campo--completo" aria-live="polite"><\/div>/);
    // With errors the form keeps the number, and the offer stays under it.
    const conError = await t.app.inject({
      method: 'POST',
      url: '/solicitud-decretos',
      headers: FORM,
      payload: form({ ...datos, email: 'no' }),
      remoteAddress: ipNueva(),
    });
    expect(conError.statusCode).toBe(400);
    expect(/<div class="decretos__publicado[^>]*>([\s\S]*?)<\/div><\/div>/.exec(conError.body)?.[1]).toContain('Boletín Oficial Nº 325');
  });

  it('página: el campo trampa completado parece un éxito y no guarda nada', async () => {
    const antes = await t.database.db.execute(sql`select count(*)::int as n from solicitudes_decreto`);
    const res = await t.app.inject({
      method: 'POST',
      url: '/solicitud-decretos',
      headers: FORM,
      payload: form(solicitudValida({ sitio_web: 'https://spam.example' })),
      remoteAddress: ipNueva(),
    });
    expect(res.statusCode).toBe(200);
    expect(textoDe(res.body)).toContain('Estamos procesando su solicitud.');
    const despues = await t.database.db.execute(sql`select count(*)::int as n from solicitudes_decreto`);
    expect((despues as unknown as { rows: { n: number }[] }).rows[0]!.n).toBe((antes as unknown as { rows: { n: number }[] }).rows[0]!.n);
  });

  it('página: si la base falla al guardar, un mensaje claro y lo escrito se conserva', async () => {
    // A trigger makes every write to the outbox fail as a full disk would (SQLSTATE disk_full).
    await t.database.db.execute(
      sql`create function falla_simulada() returns trigger language plpgsql as $$ begin raise exception 'falla simulada' using errcode = 'disk_full'; end $$`,
    );
    await t.database.db.execute(sql`create trigger falla_simulada before insert on outbox for each row execute function falla_simulada()`);
    try {
      const datos = solicitudValida({ nombre: 'Tomás Ríos', numero: '9/2025' });
      const res = await t.app.inject({ method: 'POST', url: '/solicitud-decretos', headers: FORM, payload: form(datos), remoteAddress: ipNueva() });
      expect(res.statusCode).toBe(503);
      expect(textoDe(res.body)).toContain(
        'No pudimos enviar tu solicitud por un problema nuestro. Tus datos siguen en el formulario: probá de nuevo en unos minutos.',
      );
      expect(res.body).toContain('value="Tomás Ríos"');
      expect(res.body).toContain(`value="${String(datos.dni)}"`);
      const api = await t.app.inject({ method: 'POST', url: '/api/v1/solicitudes-decreto', payload: solicitudValida(), remoteAddress: ipNueva() });
      expect(api.statusCode).toBe(503);
    } finally {
      await t.database.db.execute(sql`drop trigger falla_simulada on outbox`);
      await t.database.db.execute(sql`drop function falla_simulada()`);
    }
    const n = await t.database.db.execute(sql`select count(*)::int as n from solicitudes_decreto where nombre = 'Tomás Ríos'`);
    expect((n as unknown as { rows: { n: number }[] }).rows[0]!.n).toBe(0);
  });

  it('estado: la fecha límite de respuesta mientras está abierta, "prorrogada" si se prorrogó, nada cuando se cerró', async () => {
    const creada = await t.app.inject({ method: 'POST', url: '/api/v1/solicitudes-decreto', payload: solicitudValida(), remoteAddress: ipNueva() });
    const { codigo } = creada.json() as { codigo: string };
    // Received on the Thursday before Holy Week 2026: due Monday 20 April.
    await t.database.db.execute(sql`update solicitudes_decreto set created_at = '2026-03-26T11:00:00-03:00' where codigo = ${codigo}`);
    const ver = async () => {
      const pagina = await t.app.inject({ url: `/solicitud-decretos/estado?codigo=${codigo}`, remoteAddress: ipNueva() });
      const api = await t.app.inject({ url: `/api/v1/solicitudes-decreto/${codigo}`, remoteAddress: ipNueva() });
      expect([pagina.statusCode, api.statusCode]).toEqual([200, 200]);
      expect(pagina.headers['cache-control']).toContain('no-store');
      return { pagina: textoDe(pagina.body), html: pagina.body, plazo: (api.json() as { plazo: unknown }).plazo };
    };

    const abierta = await ver();
    expect(abierta.pagina).toContain('Fecha límite de respuesta: lunes 20 de abril de 2026 .');
    expect(abierta.html).toContain('<time dateTime="2026-04-20">lunes 20 de abril de 2026</time>');
    expect(abierta.pagina).toContain(
      'La Municipalidad tiene 15 días hábiles para responder desde que recibió tu solicitud (ley 27.275, art. 11); no se cuentan sábados, domingos ni feriados.',
    );
    expect(abierta.plazo).toEqual({ fechaLimite: '2026-04-20', prorrogada: false, diasHabiles: 15 });

    expect(abierta.pagina).not.toContain('Prórroga del plazo');

    await t.database.db.execute(
      sql`update solicitudes_decreto set prorrogada_en = '2026-04-15T10:00:00-03:00', prorroga_motivo = 'Hay que buscar el decreto en el archivo de 2019.' where codigo = ${codigo}`,
    );
    const prorrogada = await ver();
    expect(prorrogada.pagina).toContain('Fecha límite de respuesta: martes 12 de mayo de 2026 (prorrogada).');
    // The extension the citizen is entitled to see: when, until when, and the reasons they were sent.
    expect(prorrogada.pagina).toContain(
      'Prórroga del plazo El 15 de abril de 2026 a las 10:00 a. m. la Municipalidad prorrogó el plazo para responder hasta el martes 12 de mayo de 2026 . Motivo: Hay que buscar el decreto en el archivo de 2019.',
    );
    expect(prorrogada.pagina).toContain('tiene 30 días hábiles desde que recibió tu solicitud');
    expect(prorrogada.plazo).toEqual({ fechaLimite: '2026-05-12', prorrogada: true, diasHabiles: 30 });

    // The desk's messages to the citizen, with their status; never who on staff wrote them.
    await t.database.db.execute(sql`update solicitudes_decreto set estado = 'enviada' where codigo = ${codigo}`);
    await t.database.db.execute(
      sql`insert into historial_solicitudes_decreto (solicitud_id, estado, usuario_id, actor_email, mensaje)
          select id, 'enviada', 1, 'mesa.interna@villalaangostura.gob.ar', ${'Te adjuntamos el decreto.\nSaludos, <b>Mesa</b>'} from solicitudes_decreto where codigo = ${codigo}`,
    );
    const cerrada = await ver();
    expect(cerrada.pagina).toContain('Hola Lucía: te enviamos el documento que pediste a tu correo electrónico. Estado: Documento enviado .');
    expect(cerrada.pagina).not.toContain('tu solicitud está Documento enviado');
    expect(cerrada.pagina).toContain('Documento enviado : ');
    expect(cerrada.pagina).toContain('Mensaje de la mesa de entradas: Te adjuntamos el decreto. Saludos, <b>Mesa</b>');
    expect(cerrada.html).toContain('Saludos, &lt;b&gt;Mesa&lt;/b&gt;');
    expect(cerrada.html).not.toContain('mesa.interna@');
    expect(cerrada.pagina).toContain('Motivo: Hay que buscar el decreto en el archivo de 2019.');
    expect(cerrada.pagina).not.toContain('Fecha límite');
    expect(cerrada.plazo).toBeNull();
  });

  it('estado: código desconocido o mal escrito, el mismo mensaje claro', async () => {
    const no = await t.app.inject({ url: '/solicitud-decretos/estado?codigo=SD-2020-999999', remoteAddress: ipNueva() });
    expect(no.statusCode).toBe(404);
    expect(textoDe(no.body)).toContain(
      'No encontramos una solicitud con el código SD-2020-999999. Revisá que esté escrito como en el correo que te enviamos, por ejemplo SD-2026-7KQ-3XM-9PK.',
    );
    const mal = await t.app.inject({ url: '/solicitud-decretos/estado?codigo=hola', remoteAddress: ipNueva() });
    expect(mal.statusCode).toBe(404);
    expect(textoDe(mal.body)).toContain('No encontramos una solicitud con el código hola. Revisá que esté escrito');
    const vacio = await t.app.inject({ url: '/solicitud-decretos/estado' });
    expect(vacio.statusCode).toBe(200);
  });

  it('búsqueda de ordenanzas del formulario: desde 3 caracteres, sólo con expediente, 5 como máximo', async () => {
    const corta = await t.app.inject({ url: '/solicitud-decretos/ordenanzas?q=re' });
    expect(corta.json()).toEqual({ opciones: [] });
    const res = await t.app.inject({ url: '/solicitud-decretos/ordenanzas?q=residuos' });
    const { opciones } = res.json() as { opciones: { id: number; etiqueta: string }[] };
    expect(opciones.length).toBeGreaterThan(0);
    expect(opciones.length).toBeLessThanOrEqual(5);
    // Number, status and file number (docs/sitio-original.md §9), then the ordinance's title.
    for (const o of opciones) expect(o.etiqueta).toMatch(/^Ordenanza \d+ (Clasificando|Aprobada\/Vigente|Derogada|Vetada|Anulada|Desconocido) \S+: \S.{5,}$/);
    expect(opciones.some((o) => /residuo/i.test(o.etiqueta.split(': ').slice(1).join(': ')))).toBe(true);
  });

  // Its own app whose requests wait their turn for the database up to a minute: the subject is that
  // 200 at once are each stored once with a code of their own, not how fast (that is `npm run bench`);
  // with the default 5 s, a machine busy with other tests turned the queue's tail into 503s.
  it('200 solicitudes en paralelo por la API: 200 guardadas, 400 correos, códigos únicos', { timeout: 120_000 }, async () => {
    const paralelo = await createTestApp(engine, {
      env: { DB_CONNECT_TIMEOUT_MS: '60000', DB_STATEMENT_TIMEOUT_MS: '60000', HANDLER_TIMEOUT_MS: '60000', REQUEST_TIMEOUT_MS: '90000' },
    });
    try {
      const contar = async (tabla: string) =>
        ((await paralelo.database.db.execute(sql.raw(`select count(*)::int as n from ${tabla}`))) as unknown as { rows: { n: number }[] }).rows[0]!.n;
      const [s0, o0] = [await contar('solicitudes_decreto'), await contar('outbox')];
      const respuestas = await Promise.all(
        Array.from({ length: 200 }, (_, i) =>
          paralelo.app.inject({
            method: 'POST',
            url: '/api/v1/solicitudes-decreto',
            payload: solicitudValida(),
            remoteAddress: `10.9.${Math.floor(i / 4)}.${i % 4}`,
          }),
        ),
      );
      expect(respuestas.map((r) => r.statusCode).filter((c) => c !== 201)).toEqual([]);
      expect(new Set(respuestas.map((r) => (r.json() as { codigo: string }).codigo)).size).toBe(200);
      expect(await contar('solicitudes_decreto')).toBe(s0 + 200);
      expect(await contar('outbox')).toBe(o0 + 400);
    } finally {
      await paralelo.close();
    }
  });
});
