import { and, eq, max } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { avisosRecoleccion, cambiosRecoleccion, posicionesVehiculo, suscripcionesRecoleccion } from '#db/schema/index.ts';
import { avisarCambios, enviarRecordatorios } from '#domain/recoleccion/avisos.ts';
import { createCambio, createServicio, createZona } from '#domain/recoleccion/commands.ts';
import { ACTOR_SISTEMA } from '#domain/shared/actor.ts';
import { insertVehiculo } from '#tests/factories/vehiculos.ts';
import { type TestApp, createTestApp } from '#tests/setup/app.ts';
import { engines } from '#tests/setup/database.ts';
import { textoDe } from '#tests/setup/panel.ts';
import { type ServicioPush, iniciarServicioPush, navegadorDePrueba } from '#tests/setup/push.ts';
import { type ServidorSmtp, esperarHasta, iniciarSmtp, legible } from '#tests/setup/smtp.ts';

const FORM = { 'content-type': 'application/x-www-form-urlencoded' };
let ip = 1;
const ipNueva = () => `198.51.100.${ip++}`;

/** The resident's point, inside the test zone and away from the municipal depot. */
const PUNTO = { lat: -40.755, lon: -71.64 };
/** A second resident, 220 m from the depot's centre: a truck parked in the depot is within their radius but private. */
const DEPOSITO = { lat: -40.7668, lon: -71.6325 };
const CERCA_DEL_DEPOSITO = { lat: -40.7668 + 0.002, lon: -71.6325 };
/** Wednesday 2 December 2026 (no holiday that week until the 8th), 09:00 in Argentina. */
const NUEVE = new Date('2026-12-02T12:00:00Z');

const cuadrado = (lat: number, lon: number, d: number) =>
  JSON.stringify({
    type: 'Polygon',
    coordinates: [
      [
        [lon - d, lat - d],
        [lon + d, lat - d],
        [lon + d, lat + d],
        [lon - d, lat + d],
        [lon - d, lat - d],
      ],
    ],
  });

describe.each(engines)('Mi calle: avisos (%s)', (engine) => {
  let t: TestApp;
  let smtp: ServidorSmtp;
  let push: ServicioPush;
  let reloj = NUEVE;
  const clock = { now: () => reloj };
  let zona: { id: number; slug: string };
  let humedos: number;
  let poda: number;

  beforeAll(async () => {
    smtp = await iniciarSmtp();
    push = await iniciarServicioPush();
    t = await createTestApp(engine, { clock, env: { SMTP_URL: `smtp://127.0.0.1:${smtp.puerto}`, PUSH_SERVICIOS_LOCALES: 'true' } });
    const z = await createZona(t.database.db, ACTOR_SISTEMA, { nombre: 'Zona de avisos', descripcion: '', geometria: cuadrado(-40.76, -71.636, 0.012) });
    if (z.tipo !== 'guardado') throw new Error(JSON.stringify(z));
    zona = { id: z.zona.id, slug: z.zona.slug };
    const servicio = async (campos: Record<string, string>) => {
      const r = await createServicio(t.database.db, ACTOR_SISTEMA, zona.id, {
        desde: '2026-11-01',
        feriado: 'sin_servicio',
        servicioVehiculo: 'recoleccion',
        ...campos,
      });
      if (r.tipo !== 'guardado') throw new Error(JSON.stringify(r));
      return r.servicio.id;
    };
    humedos = await servicio({ nombre: 'Húmedos', regla: 'FREQ=DAILY', horaDesde: '07:00', horaHasta: '12:00' });
    poda = await servicio({ nombre: 'Poda y ramas', regla: 'FREQ=WEEKLY;BYDAY=FR', servicioVehiculo: 'vialidad' });
  });
  afterAll(async () => {
    await t.close();
    await smtp.cerrar();
    await push.cerrar();
  });

  const suscribirse = (campos: Record<string, string | string[]>, remoteAddress = ipNueva()) => {
    const cuerpo = new URLSearchParams();
    for (const [k, v] of Object.entries({ zona: zona.slug, ...campos })) for (const x of [v].flat()) cuerpo.append(k, x);
    return t.app.inject({ method: 'POST', url: `/mi-calle/avisos?zona=${zona.slug}`, headers: FORM, payload: cuerpo.toString(), remoteAddress });
  };
  const filas = () => t.database.db.select().from(suscripcionesRecoleccion);
  async function enlaceDe(email: string, ruta: string): Promise<string> {
    let token: string | undefined;
    await esperarHasta(() => {
      const m = smtp.mensajes.filter((x) => x.para.includes(email) && legible(x.datos).includes(ruta)).at(-1);
      token = m ? new RegExp(`${ruta.replace(/\//g, '\\/')}\\?token=([A-Za-z0-9_-]+)`).exec(legible(m.datos))?.[1] : undefined;
      return token !== undefined;
    });
    return token!;
  }

  it('la página lista los servicios de la zona; sin zona, la lista de zonas; una zona desconocida, 404', async () => {
    const res = await t.app.inject({ url: `/mi-calle/avisos?zona=${zona.slug}&lat=${PUNTO.lat}&lon=${PUNTO.lon}` });
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('no-store');
    expect(res.body).toMatch(new RegExp(`<input[^>]*name="servicios"[^>]*value="${humedos}"`));
    expect(res.body).toContain('name="cercania"');
    expect(res.body).toContain('/mi-calle/sw.js');
    expect(res.body).not.toContain('<script type="module"');
    const sinPunto = await t.app.inject({ url: `/mi-calle/avisos?zona=${zona.slug}` });
    expect(sinPunto.body).not.toContain('name="cercania"');
    expect(textoDe(sinPunto.body)).toContain('buscá tu dirección en Mi calle');
    const lista = await t.app.inject({ url: '/mi-calle/avisos' });
    expect(lista.body).toContain(`<option value="${zona.slug}">Zona de avisos</option>`);
    const desconocida = await t.app.inject({ url: '/mi-calle/avisos?zona=%3Cscript%3E' });
    expect(desconocida.statusCode).toBe(404);
    expect(desconocida.body).not.toContain('<script>');
    expect(textoDe(desconocida.body)).toContain('No encontramos esa zona');
    const sw = await t.app.inject({ url: '/mi-calle/sw.js' });
    expect(sw.statusCode).toBe(200);
    expect(sw.headers['content-type']).toMatch(/javascript/);
    expect(sw.body).toContain('showNotification');
  });

  it('datos inválidos u hostiles: 400 en castellano, conserva lo escrito, nada guardado', async () => {
    const antes = (await filas()).length;
    const res = await suscribirse({ email: '"><script>alert(1)</script>', recordatorio: 'on' });
    expect(res.statusCode).toBe(400);
    expect(res.body).not.toContain('<script>alert(1)');
    expect(res.body).toContain('value="&quot;&gt;&lt;script&gt;alert(1)&lt;/script&gt;"');
    const texto = textoDe(res.body);
    expect(texto).toContain('Servicios: Elegí al menos un servicio.');
    expect(texto).toContain('Tu email: Ingresá un email válido, por ejemplo nombre@correo.com.ar.');
    expect(res.body).toContain('<title>Error: Avisos de recolección: Zona de avisos | Municipalidad de Villa La Angostura</title>');
    const ajeno = await suscribirse({ servicios: '999999', email: 'ok@correo.test', recordatorio: 'on' });
    expect(textoDe(ajeno.body)).toContain('Elegí servicios de la lista de tu zona.');
    const sinCanal = await suscribirse({ servicios: String(humedos), email: 'ok@correo.test' });
    expect(textoDe(sinCanal.body)).toContain('Elegí qué avisos querés por correo');
    const sinPunto = await suscribirse({ servicios: String(humedos), cercania: 'on' });
    expect(textoDe(sinPunto.body)).toContain('necesitamos tu punto');
    // A push endpoint the server must never post to: an internal address, or plain HTTP off loopback.
    for (const endpoint of ['https://10.0.0.1/push', 'http://push.example.com/x', 'https://169.254.169.254/latest', 'javascript:alert(1)']) {
      const nav = navegadorDePrueba(push);
      const r = await suscribirse({
        servicios: String(humedos),
        cercania: 'on',
        lat: String(PUNTO.lat),
        lon: String(PUNTO.lon),
        push: JSON.stringify({ ...nav.suscripcion, endpoint }),
      });
      expect(r.statusCode, endpoint).toBe(400);
      expect(textoDe(r.body)).toContain('Tu navegador no nos dio una suscripción válida');
    }
    const basura = await suscribirse({ servicios: String(humedos), cercania: 'on', lat: '-95', lon: 'x', push: '{"endpoint":' });
    expect(basura.statusCode).toBe(400);
    const vacia = await t.app.inject({ method: 'POST', url: '/mi-calle/avisos', headers: FORM, payload: '', remoteAddress: ipNueva() });
    expect(vacia.statusCode).toBe(400);
    expect(textoDe(vacia.body)).toContain('Zona: Elegí tu zona.');
    expect((await filas()).length).toBe(antes);
  });

  it('doble opt-in por correo, recordatorio una vez a las 20, baja en un clic (RFC 8058)', async () => {
    reloj = NUEVE;
    const email = 'vecina@correo.test';
    const res = await suscribirse({
      servicios: [String(humedos), String(poda)],
      email,
      recordatorio: 'on',
      cambios: 'on',
      lat: String(PUNTO.lat),
      lon: String(PUNTO.lon),
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(textoDe(res.body)).toContain('Te enviamos un correo para confirmar tus avisos.');
    const [fila] = (await filas()).filter((f) => f.email !== null && t.context.cipher.open(f.email) === email);
    expect(fila!.estado).toBe('pendiente');
    // Personal data only as ciphertext: neither the address nor the point is readable in the row.
    expect(JSON.stringify(fila)).not.toContain('vecina');
    expect(JSON.stringify(fila)).not.toContain('40.755');
    expect(JSON.parse(t.context.cipher.open(fila!.punto))).toEqual({ latitud: PUNTO.lat, longitud: PUNTO.lon });

    const token = await enlaceDe(email, '/mi-calle/avisos/confirmar');
    const ver = await t.app.inject({ url: `/mi-calle/avisos/confirmar?token=${token}` });
    expect(ver.statusCode).toBe(200);
    expect(textoDe(ver.body)).toContain('Confirmá tus avisos');
    // Tonight's reminder waits for the confirmation.
    reloj = new Date('2026-12-02T23:05:00Z');
    expect(await enviarRecordatorios(t.context)).toBe(0);
    const confirmar = await t.app.inject({
      method: 'POST',
      url: `/mi-calle/avisos/confirmar?token=${token}`,
      headers: { ...FORM, origin: 'https://sitio.prueba.villalaangostura.gob.ar' },
      payload: '',
    });
    expect(confirmar.statusCode).toBe(200);
    expect(textoDe(confirmar.body)).toContain('Avisos confirmados');

    reloj = new Date('2026-12-02T22:59:00Z'); // 19:59 in Argentina
    expect(await enviarRecordatorios(t.context)).toBe(0);
    reloj = new Date('2026-12-02T23:05:00Z'); // 20:05
    const ahora = smtp.mensajes.length;
    expect(await enviarRecordatorios(t.context)).toBe(1);
    expect(await enviarRecordatorios(t.context)).toBe(0);
    await esperarHasta(() => smtp.mensajes.slice(ahora).some((m) => m.para.includes(email)));
    const recordatorio = smtp.mensajes.slice(ahora).find((m) => m.para.includes(email))!;
    const texto = legible(recordatorio.datos);
    // Thursday the 3rd: the daily húmedos pass; pruning only on Fridays.
    expect(texto).toMatch(/^Subject: .*Ma.+ana_pasa_la_recolecci.+n:_.*H.+medos/m);
    expect(texto).toContain('Mañana, jueves, 3 de diciembre de 2026, pasa por tu zona:');
    expect(texto).toContain('- Húmedos: de 07:00 a 12:00');
    expect(texto).not.toContain('Poda');
    expect(texto).toMatch(/List-Unsubscribe-Post: List-Unsubscribe=One-Click/);
    const baja = /List-Unsubscribe: <([^>]+)>/.exec(texto)![1]!;
    expect(baja).toContain('/mi-calle/avisos/baja?token=');
    const registrados = await t.database.db
      .select()
      .from(avisosRecoleccion)
      .where(and(eq(avisosRecoleccion.suscripcionId, fila!.id), eq(avisosRecoleccion.clase, 'recordatorio')));
    expect(registrados.map((r) => [r.servicioId, r.fecha])).toEqual([[humedos, '2026-12-03']]);

    // The mail provider's one-click POST: no Origin, no session.
    const clic = await t.app.inject({
      method: 'POST',
      url: new URL(baja).pathname + new URL(baja).search,
      headers: FORM,
      payload: 'List-Unsubscribe=One-Click',
    });
    expect(clic.statusCode).toBe(200);
    expect(textoDe(clic.body)).toContain('Ya no te vamos a enviar avisos de recolección');
    const [despues] = await t.database.db.select().from(suscripcionesRecoleccion).where(eq(suscripcionesRecoleccion.id, fila!.id));
    expect(despues!.estado).toBe('baja');
    reloj = new Date('2026-12-03T23:05:00Z');
    expect(await enviarRecordatorios(t.context)).toBe(0);
    // A made-up secret opens nothing.
    expect((await t.app.inject({ url: '/mi-calle/avisos/baja?token=mc_inventado_1234567890' })).statusCode).toBe(404);
  });

  it('un cambio puntual llega por correo a quien eligió cambios, una sola vez', async () => {
    reloj = NUEVE;
    const email = 'cambios@correo.test';
    await suscribirse({ servicios: String(humedos), email, cambios: 'on' });
    const token = await enlaceDe(email, '/mi-calle/avisos/confirmar');
    await t.app.inject({
      method: 'POST',
      url: `/mi-calle/avisos/confirmar?token=${token}`,
      headers: { ...FORM, origin: 'https://sitio.prueba.villalaangostura.gob.ar' },
      payload: '',
    });
    // Only a reminder: no change mails for this one.
    const soloRecordatorio = 'recordatorio@correo.test';
    await suscribirse({ servicios: String(humedos), email: soloRecordatorio, recordatorio: 'on' });
    const token2 = await enlaceDe(soloRecordatorio, '/mi-calle/avisos/confirmar');
    await t.app.inject({
      method: 'POST',
      url: `/mi-calle/avisos/confirmar?token=${token2}`,
      headers: { ...FORM, origin: 'https://sitio.prueba.villalaangostura.gob.ar' },
      payload: '',
    });

    const cambio = await createCambio(t.database.db, ACTOR_SISTEMA, {
      zonaId: String(zona.id),
      servicioId: '',
      fecha: '2026-12-07',
      tipo: 'suspendido',
      motivo: 'Nevada: <b>calles cortadas</b>',
    });
    expect(cambio.tipo).toBe('guardado');
    const ahora = smtp.mensajes.length;
    const enviados = await avisarCambios(t.context);
    expect(enviados).toBeGreaterThanOrEqual(1);
    expect(await avisarCambios(t.context)).toBe(0);
    await esperarHasta(() => smtp.mensajes.slice(ahora).some((m) => m.para.includes(email)));
    const m = smtp.mensajes.slice(ahora).find((x) => x.para.includes(email))!;
    expect(legible(m.datos)).toContain('Motivo: Nevada: <b>calles cortadas</b>');
    expect(legible(m.datos)).toContain('no pasa todos los servicios');
    expect(legible(m.datos)).toContain('lunes, 7 de diciembre de 2026');
    expect(legible(m.datos)).toMatch(/Content-Type: text\/plain/i);
    expect(smtp.mensajes.slice(ahora).some((x) => x.para.includes(soloRecordatorio))).toBe(false);
    const pendientes = await t.database.db.select().from(cambiosRecoleccion).where(eq(cambiosRecoleccion.zonaId, zona.id));
    expect(pendientes.every((c) => c.avisadoEn !== null)).toBe(true);
    // The reminders: the evening before a usual day, one; before the suspended day, none.
    reloj = new Date('2026-12-05T23:30:00Z');
    expect(await enviarRecordatorios(t.context)).toBe(1);
    reloj = new Date('2026-12-06T23:30:00Z');
    expect(await enviarRecordatorios(t.context)).toBe(0);
  });

  it('el camión está cerca: una notificación cifrada dentro de la ventana; ninguna fuera, privada, lejos ni dos veces', async () => {
    reloj = NUEVE;
    const camion = await insertVehiculo(t.database.db, { servicio: 'recoleccion' });
    const navegador = navegadorDePrueba(push);
    const cercaDelDeposito = navegadorDePrueba(push);
    const suscribirPush = async (nav: ReturnType<typeof navegadorDePrueba>, punto: { lat: number; lon: number }) => {
      const r = await suscribirse({
        servicios: String(humedos),
        cercania: 'on',
        radio: '300',
        lat: String(punto.lat),
        lon: String(punto.lon),
        push: JSON.stringify(nav.suscripcion),
      });
      expect(r.statusCode, textoDe(r.body)).toBe(200);
      expect(textoDe(r.body)).toContain('Avisos activados');
      return /href="(\/mi-calle\/avisos\/gestion\?token=[^"]+)"/.exec(r.body)![1]!;
    };
    const gestion = await suscribirPush(navegador, PUNTO);
    await suscribirPush(cercaDelDeposito, CERCA_DEL_DEPOSITO);
    const filaPush = (await filas()).find((f) => f.push !== null && t.context.cipher.open(f.push).includes(navegador.suscripcion.endpoint))!;
    expect(filaPush.estado).toBe('activa');
    expect(filaPush.push).not.toContain('127.0.0.1');

    const segundos = (d: Date) => Math.floor(d.getTime() / 1000);
    /** Reports a position through the ingest and waits until the proximity listener handled it. */
    async function reportar(lat: number, lon: number) {
      // The ingest takes one report a second from a device, by the context's clock: time only moves forward here.
      reloj = new Date(reloj.getTime() + 2000);
      const res = await t.app.inject({
        method: 'POST',
        url: `/api/v1/posiciones?id=${camion.dispositivo}&timestamp=${segundos(reloj)}&lat=${lat}&lon=${lon}&speed=10&bearing=90`,
        remoteAddress: '192.0.2.10',
      });
      expect(res.statusCode, res.body).toBe(200);
      const [{ id }] = (await t.database.db.select({ id: max(posicionesVehiculo.id) }).from(posicionesVehiculo)) as [{ id: number }];
      await esperarHasta(() => t.app.cercania.ultimaOida() >= id);
      await t.app.cercania.ocioso();
    }
    const para = (nav: ReturnType<typeof navegadorDePrueba>) => push.mensajes.filter((m) => nav.suscripcion.endpoint.endsWith(m.ruta));

    // 06:30, before the window, at the door: nothing.
    reloj = new Date('2026-12-02T09:30:00Z');
    await reportar(PUNTO.lat, PUNTO.lon);
    expect(para(navegador)).toHaveLength(0);
    // 08:00, far away (about 1.1 km): nothing.
    reloj = new Date('2026-12-02T11:00:00Z');
    await reportar(PUNTO.lat - 0.01, PUNTO.lon);
    expect(para(navegador)).toHaveLength(0);
    // 09:00, 200 m away: one notification, encrypted, in Spanish.
    reloj = NUEVE;
    await reportar(PUNTO.lat + 0.0018, PUNTO.lon);
    expect(para(navegador)).toHaveLength(1);
    const [mensaje] = para(navegador);
    expect(mensaje!.cabeceras['content-encoding']).toBe('aes128gcm');
    expect(mensaje!.cabeceras.authorization).toMatch(/^vapid t=.+, k=.+/);
    expect(mensaje!.cuerpo.toString('utf8')).not.toContain('camión');
    const claro = JSON.parse(navegador.descifrar(mensaje!.cuerpo)) as { titulo: string; cuerpo: string; url: string };
    expect(claro.titulo).toBe('Húmedos: el camión está cerca');
    expect(claro.cuerpo).toMatch(/^Un vehículo de húmedos está a unos 200 m de tu punto\.$/);
    expect(claro.url).toBe(gestion.replace(/&amp;/g, '&'));
    // Again, closer, the same day: no second one.
    reloj = new Date('2026-12-02T12:10:00Z');
    await reportar(PUNTO.lat, PUNTO.lon);
    expect(para(navegador)).toHaveLength(1);

    // In the depot (private, never on the public map), within the second resident's radius: nothing.
    await reportar(DEPOSITO.lat, DEPOSITO.lon);
    expect(para(cercaDelDeposito)).toHaveLength(0);
    // 13:00, after the window, at their door: nothing.
    reloj = new Date('2026-12-02T16:00:00Z');
    await reportar(CERCA_DEL_DEPOSITO.lat, CERCA_DEL_DEPOSITO.lon);
    expect(para(cercaDelDeposito)).toHaveLength(0);

    // The next day, the push service says the subscription is gone: its push ends.
    reloj = new Date('2026-12-03T12:00:00Z');
    push.vencidos.add(new URL(navegador.suscripcion.endpoint).pathname);
    await reportar(PUNTO.lat, PUNTO.lon);
    const [vencida] = await t.database.db.select().from(suscripcionesRecoleccion).where(eq(suscripcionesRecoleccion.id, filaPush.id));
    expect(vencida!.estado).toBe('baja');
    // Ended: the next day, with the push service answering again, nothing is sent to it.
    push.vencidos.clear();
    reloj = new Date('2026-12-04T12:00:00Z');
    await reportar(PUNTO.lat, PUNTO.lon);
    expect(para(navegador)).toHaveLength(1);
    // Its page, from the link the page gave, says so.
    const pagina = await t.app.inject({ url: gestion.replace(/&amp;/g, '&') });
    expect(textoDe(pagina.body)).toContain('Estos avisos están dados de baja');
  });

  it('un servicio agregado después de oír posiciones cuenta enseguida: la versión del contenido renueva las ventanas de hoy', async () => {
    // Thursday 10 December 2026, 10:00 in Argentina: no service of road vehicles passes (poda is on Fridays).
    reloj = new Date('2026-12-10T13:00:00Z');
    const vial = await insertVehiculo(t.database.db, { servicio: 'vialidad' });
    const reportar = async (lat: number, lon: number) => {
      reloj = new Date(reloj.getTime() + 2000);
      const res = await t.app.inject({
        method: 'POST',
        url: `/api/v1/posiciones?id=${vial.dispositivo}&timestamp=${Math.floor(reloj.getTime() / 1000)}&lat=${lat}&lon=${lon}&speed=10&bearing=90`,
        remoteAddress: '192.0.2.11',
      });
      expect(res.statusCode, res.body).toBe(200);
      const [{ id }] = (await t.database.db.select({ id: max(posicionesVehiculo.id) }).from(posicionesVehiculo)) as [{ id: number }];
      await esperarHasta(() => t.app.cercania.ultimaOida() >= id);
      await t.app.cercania.ocioso();
    };
    // Heard: today's windows are read now, without a service of road vehicles.
    await reportar(PUNTO.lat - 0.02, PUNTO.lon);
    const version = t.app.contentVersion.current();
    const r = await createServicio(t.database.db, ACTOR_SISTEMA, zona.id, {
      nombre: 'Barrido',
      regla: 'FREQ=DAILY',
      desde: '2026-11-01',
      feriado: 'sin_servicio',
      servicioVehiculo: 'vialidad',
    });
    if (r.tipo !== 'guardado') throw new Error(JSON.stringify(r));
    await esperarHasta(() => (t.app.contentVersion.current() ?? 0) > (version ?? 0));
    const navegador = navegadorDePrueba(push);
    const res = await suscribirse({
      servicios: String(r.servicio.id),
      cercania: 'on',
      lat: String(PUNTO.lat),
      lon: String(PUNTO.lon),
      push: JSON.stringify(navegador.suscripcion),
    });
    expect(res.statusCode, textoDe(res.body)).toBe(200);
    // Within the minute the windows were kept for: the new service is near already.
    await reportar(PUNTO.lat + 0.0018, PUNTO.lon);
    const mensajes = push.mensajes.filter((m) => navegador.suscripcion.endpoint.endsWith(m.ruta));
    expect(mensajes).toHaveLength(1);
    expect(JSON.parse(navegador.descifrar(mensajes[0]!.cuerpo))).toMatchObject({ titulo: 'Barrido: el camión está cerca' });
  });
});
