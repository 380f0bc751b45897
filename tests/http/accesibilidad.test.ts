// The accessibility statement and its barrier report
// (docs/decisions/026-declaracion-de-accesibilidad.md): the page's content from the one typed list,
// the render cache, the footer and sitemap links, hostile input kept as text, the two mails through
// the outbox to a real SMTP server, the limits, and no personal data in the log.
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { outbox } from '#db/schema/index.ts';
import { CRITERIOS, EXCEPCIONES } from '#domain/sitio/accesibilidad.ts';
import { type TestApp, createTestApp } from '#tests/setup/app.ts';
import { engines } from '#tests/setup/database.ts';
import { textoDe } from '#tests/setup/panel.ts';
import { waitFor } from '#tests/setup/proceso.ts';
import { type ServidorSmtp, iniciarSmtp } from '#tests/setup/smtp.ts';

const FORM = { 'content-type': 'application/x-www-form-urlencoded' };
const form = (campos: Record<string, string>) => new URLSearchParams(campos).toString();
const CODIGO = /AC-\d{4}-[2-9A-HJ-NP-Z]{6}/;
const CONTACTO = 'contacto@villalaangostura.gob.ar';
let ipSiguiente = 1;
const ipNueva = () => `203.0.113.${ipSiguiente++}`;

/** A mail's body as sent: quoted-printable soft breaks joined (the reference code is plain ASCII). */
const cuerpo = (datos: string) => datos.replace(/=\r?\n/g, '');

describe.each(engines)('declaración de accesibilidad (%s)', (engine) => {
  let t: TestApp;
  let smtp: ServidorSmtp;

  beforeAll(async () => {
    smtp = await iniciarSmtp();
    t = await createTestApp(engine, {
      seed: false,
      logs: true,
      env: { SMTP_URL: `smtp://127.0.0.1:${smtp.puerto}`, SOLICITUDES_POR_IP: '3', SOLICITUDES_POR_PERSONA: '2' },
    });
  });
  afterAll(async () => {
    await t?.close();
    await smtp?.cerrar();
  });

  const enviar = (campos: Record<string, string>, ip = ipNueva()) =>
    t.app.inject({ method: 'POST', url: '/accesibilidad', headers: FORM, payload: form(campos), remoteAddress: ip });

  it('muestra objetivo, normas, autoevaluación de los 55 criterios, excepciones, fecha y formulario, sin JavaScript y desde la caché', async () => {
    const res = await t.app.inject({ url: '/accesibilidad' });
    expect(res.statusCode).toBe(200);
    const html = res.body;
    const t1 = textoDe(html);
    expect(html).toContain('<title>Declaración de accesibilidad | Municipalidad de Villa La Angostura</title>');
    for (const frase of ['WCAG', '2.2 del W3C', 'Ley 26.653', 'Decreto reglamentario 656/2019', 'ONTI', 'parcialmente conforme']) expect(t1).toContain(frase);
    expect(CRITERIOS).toHaveLength(55);
    for (const c of CRITERIOS) expect(t1).toContain(`${c.numero} ${c.nombre}`);
    expect(html.match(/<tr[ >]/g)).toHaveLength(55 + 4);
    for (const principio of ['Principio 1: Perceptible', 'Principio 2: Operable', 'Principio 3: Comprensible', 'Principio 4: Robusto'])
      expect(html).toContain(`<caption>${principio}</caption>`);
    for (const e of EXCEPCIONES) expect(t1).toContain(e.titulo);
    expect(html).toContain('<time dateTime="2026-11-27">27 de noviembre de 2026</time>');
    expect(html).toMatch(/<form(?=[^>]*method="post")(?=[^>]*action="\/accesibilidad#resultado")[^>]*>/);
    expect(html).toMatch(/<input(?=[^>]*name="email")(?=[^>]*autoComplete="email"|[^>]*autocomplete="email")[^>]*>/);
    expect(html).toContain(`href="mailto:${CONTACTO}"`);
    // No script files; the footer links here and to the open data.
    expect(html).not.toMatch(/<script[^>]+src=/);
    expect(html).toMatch(/<nav aria-label="Sobre este sitio">.*href="\/accesibilidad".*href="\/datos"/s);
    const otra = await t.app.inject({ url: '/accesibilidad' });
    expect(otra.headers['x-cache']).toBe('hit');
    const sitemap = await t.app.inject({ url: '/sitemap.xml' });
    expect(sitemap.body).toContain('/accesibilidad</loc>');
  });

  it('?pagina= completa el campo si es válido y se ignora si no', async () => {
    const buena = await t.app.inject({ url: '/accesibilidad?pagina=%2Fconsulta-ordenanzas' });
    expect(buena.body).toMatch(/<input(?=[^>]*name="pagina")(?=[^>]*value="\/consulta-ordenanzas")[^>]*>/);
    for (const mala of ['javascript:alert(1)', '//otro.sitio/x', `https://x.com/${'a'.repeat(600)}`]) {
      const res = await t.app.inject({ url: `/accesibilidad?pagina=${encodeURIComponent(mala)}` });
      expect(res.statusCode).toBe(200);
      expect(res.body).toMatch(/<input(?=[^>]*name="pagina")(?=[^>]*value="")[^>]*>/);
    }
  });

  it('datos hostiles: un error por campo en castellano, "Error:" en el título, lo escrito se conserva como texto', async () => {
    const res = await enviar({
      pagina: 'javascript:alert(1)',
      descripcion: `<script>alert(1)</script>${'x'.repeat(100_000)}`,
      tecnologia: '<img src=x onerror=alert(1)>',
      nombre: '"><b>Ana</b>',
      email: 'no-es-un-correo',
    });
    expect(res.statusCode).toBe(400);
    const t1 = textoDe(res.body);
    expect(res.body).toContain('<title>Error: Declaración de accesibilidad | Municipalidad de Villa La Angostura</title>');
    expect(t1).toContain('Revisá el aviso');
    expect(t1).toContain('Error: Escribí la dirección de la página tal como aparece en el navegador');
    expect(t1).toContain('Error: La descripción puede tener hasta 3000 caracteres');
    expect(t1).toContain('Error: Escribí un correo electrónico válido, por ejemplo nombre@correo.com.ar, o dejá el campo vacío.');
    expect(res.body).toMatch(/id="descripcion"[^>]*aria-describedby="descripcion-ayuda descripcion-error"[^>]*aria-invalid="true"/);
    // Kept, escaped: never markup of the page.
    expect(res.body).not.toContain('<script>alert(1)');
    expect(res.body).not.toContain('<img src=x');
    expect(res.body).not.toContain('<b>Ana</b>');
    expect(res.body).toContain('&lt;script&gt;alert(1)&lt;/script&gt;xxx');
    expect(res.body).toMatch(/name="nombre"[^>]*value="&quot;&gt;&lt;b&gt;Ana&lt;\/b&gt;"/);
    expect(res.body).toMatch(/name="email"[^>]*value="no-es-un-correo"/);
    expect(res.headers['cache-control']).toContain('no-store');

    const vacio = await enviar({ pagina: '/consulta-ordenanzas', descripcion: '   ' });
    expect(vacio.statusCode).toBe(400);
    expect(textoDe(vacio.body)).toContain('Error: Contanos qué barrera encontraste: qué intentabas hacer y qué pasó.');
    expect(vacio.body).toMatch(/name="pagina"[^>]*value="\/consulta-ordenanzas"/);
    expect(await t.database.db.select().from(outbox)).toHaveLength(0);
  });

  it('un aviso válido manda un correo a la Municipalidad y la confirmación al vecino, por SMTP; el log no tiene sus datos', async () => {
    const email = 'vecina.barrera@correo.com.ar';
    const descripcion = 'El botón Enviar de la solicitud de decretos no se anuncia con NVDA.';
    const res = await enviar({
      pagina: 'https://sitio.prueba.villalaangostura.gob.ar/solicitud-decretos',
      descripcion,
      tecnologia: 'NVDA con Firefox',
      nombre: 'Marta Ríos',
      email,
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toContain('no-store');
    const t1 = textoDe(res.body);
    expect(t1).toContain('Recibimos tu aviso. Gracias.');
    const codigo = CODIGO.exec(t1)?.[0];
    expect(codigo).toBeDefined();
    expect(t1).toContain('Te enviamos un correo con esta referencia');
    // The form is empty again.
    expect(res.body).not.toContain('Marta Ríos');

    const filas = await t.database.db.select().from(outbox).where(eq(outbox.referencia, codigo!));
    expect(filas).toHaveLength(2);
    // Stored encrypted: neither address nor text in the clear.
    for (const f of filas) expect(JSON.stringify(f)).not.toMatch(/vecina\.barrera|NVDA/);

    await waitFor(() => smtp.mensajes.filter((m) => cuerpo(m.datos).includes(codigo!)).length === 2, 'los dos correos del aviso', 20_000);
    const recibidos = smtp.mensajes.filter((m) => cuerpo(m.datos).includes(codigo!));
    const municipio = recibidos.find((m) => m.para.includes(CONTACTO))!;
    const acuse = recibidos.find((m) => m.para.includes(email))!;
    expect(municipio).toBeDefined();
    expect(acuse).toBeDefined();
    expect(municipio.datos).toMatch(new RegExp(`Reply-To: ${email.replace(/\./g, '\\.')}`, 'i'));
    expect(cuerpo(municipio.datos)).toContain('NVDA con Firefox');
    // The acknowledgement quotes nothing the sender typed: only the reference.
    expect(cuerpo(acuse.datos)).not.toMatch(/NVDA|Marta|decretos no se anuncia/);

    const log = JSON.stringify(t.logs);
    expect(log).not.toContain(email);
    expect(log).not.toContain('NVDA');
    expect(log).not.toContain('Marta');
  });

  it('sin correo, un solo mensaje (a la Municipalidad); la trampa completada no manda nada', async () => {
    const res = await enviar({ descripcion: 'El mapa no se puede usar con el teclado.' });
    expect(res.statusCode).toBe(200);
    const codigo = CODIGO.exec(textoDe(res.body))?.[0];
    expect(textoDe(res.body)).toContain('no nos dejaste un correo');
    expect(await t.database.db.select().from(outbox).where(eq(outbox.referencia, codigo!))).toHaveLength(1);

    const antes = (await t.database.db.select().from(outbox)).length;
    const bot = await enviar({ descripcion: 'compre ya', email: 'bot@spam.example', sitio_web: 'https://spam.example' });
    expect(bot.statusCode).toBe(200);
    expect(textoDe(bot.body)).toContain('Recibimos tu aviso.');
    expect(await t.database.db.select().from(outbox)).toHaveLength(antes);
  });

  it('si la base falla al guardar: 503, un mensaje claro, lo escrito se conserva, nada queda contado ni en el log', async () => {
    // A trigger makes every write to the outbox fail as a full disk would (SQLSTATE disk_full).
    await t.database.db.execute(
      sql`create function falla_barrera() returns trigger language plpgsql as $$ begin raise exception 'falla simulada' using errcode = 'disk_full'; end $$`,
    );
    await t.database.db.execute(sql`create trigger falla_barrera before insert on outbox for each row execute function falla_barrera()`);
    const ip = ipNueva();
    try {
      for (let i = 0; i < 4; i++) {
        const res = await enviar({ descripcion: 'No puedo leer el boletín con el lector.', email: 'falla.barrera@correo.com.ar' }, ip);
        expect(res.statusCode).toBe(503);
        expect(textoDe(res.body)).toContain('No pudimos enviar tu aviso por un problema nuestro. Lo que escribiste sigue en el formulario');
        expect(res.body).toMatch(/<textarea[^>]*>No puedo leer el boletín con el lector.<\/textarea>/);
        expect(res.body).toMatch(/name="email"[^>]*value="falla\.barrera@correo\.com\.ar"/);
      }
    } finally {
      await t.database.db.execute(sql`drop trigger falla_barrera on outbox`);
      await t.database.db.execute(sql`drop function falla_barrera()`);
    }
    // The four failures were not counted against the address (SOLICITUDES_POR_IP is 3).
    expect((await enviar({ descripcion: 'Ahora sí.' }, ip)).statusCode).toBe(200);
    expect(JSON.stringify(t.logs)).not.toContain('falla.barrera');
  });

  it('límites: 429 al cuarto aviso de la misma dirección en una hora y al tercer acuse al mismo correo en un día, con lo escrito conservado', async () => {
    const ip = ipNueva();
    const estados: number[] = [];
    for (let i = 0; i < 4; i++) estados.push((await enviar({ descripcion: `Aviso ${i}` }, ip)).statusCode);
    expect(estados).toEqual([200, 200, 200, 429]);
    const res = await enviar({ descripcion: 'Uno más', nombre: 'Insistente' }, ip);
    expect(res.statusCode).toBe(429);
    expect(res.headers['retry-after']).toBe('3600');
    expect(textoDe(res.body)).toContain('Recibimos muchos avisos desde tu conexión en la última hora.');
    expect(res.body).toMatch(/<textarea[^>]*>Uno más<\/textarea>/);
    expect(res.body).toMatch(/name="nombre"[^>]*value="Insistente"/);

    const email = 'muchos.acuses@correo.com.ar';
    // The same mailbox however it is written.
    const porCorreo: number[] = [];
    for (let i = 0; i < 3; i++) porCorreo.push((await enviar({ descripcion: `Aviso ${i}`, email: i === 1 ? email.toUpperCase() : email })).statusCode);
    expect(porCorreo).toEqual([200, 200, 429]);
    const ultimo = await enviar({ descripcion: 'Otro', email });
    expect(textoDe(ultimo.body)).toContain(
      `Ya enviamos hoy varias confirmaciones a este correo. Dejá el correo vacío para enviar el aviso igual, o escribinos a ${CONTACTO}.`,
    );
  });
});
