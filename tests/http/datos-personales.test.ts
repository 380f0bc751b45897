// Personal data at rest: DNI and e-mail encrypted on both engines, legacy plaintext rows
// protected at start, key rotation (Mi calle's subscriptions and VAPID key among what it moves), a
// wrong key refused; and the status look-up's limits.
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '#db/client.ts';
import { createCipher } from '#domain/shared/cipher.ts';
import { huellaEmailAlerta } from '#domain/alertas/huella.ts';
import { enqueueMail } from '#domain/correo/outbox.ts';
import { createServicio, createZona } from '#domain/recoleccion/commands.ts';
import { huellaEmail, huellaPush } from '#domain/recoleccion/suscripciones.ts';
import { ACTOR_SISTEMA } from '#domain/shared/actor.ts';
import { solicitudValida } from '#tests/factories/decretos.ts';
import { TEST_SITE_URL, loadBuiltApp } from '#tests/setup/app.ts';
import { createTestDatabase, engines } from '#tests/setup/database.ts';
import { createTestStorage } from '#tests/setup/storage.ts';

type Mod = Awaited<ReturnType<typeof loadBuiltApp>>;
const FORM = { 'content-type': 'application/x-www-form-urlencoded' };
const form = (campos: Record<string, unknown>) => new URLSearchParams(Object.entries(campos).map(([k, v]) => [k, String(v)])).toString();
const claveHex = () => randomBytes(32).toString('hex');
let ip = 1;
const otraDireccion = () => `192.0.2.${ip++}`;

describe.each(engines)('datos personales cifrados (%s)', (engine) => {
  let mod: Mod;
  let database: Database;
  const storage = createTestStorage();
  const abiertas: FastifyInstance[] = [];

  /** The app over this file's database, with the given key settings. */
  async function app(env: Record<string, string>): Promise<FastifyInstance> {
    const config = mod.loadConfig({ NODE_ENV: 'production', SITE_URL: TEST_SITE_URL, LOG_LEVEL: 'silent', ...env });
    const instancia = await mod.buildApp({ config, database, storage, logger: false });
    await instancia.ready();
    abiertas.push(instancia);
    return instancia;
  }

  const lista = async (consulta: ReturnType<typeof sql>) => {
    const r = (await database.db.execute(consulta)) as unknown as { rows?: Record<string, string>[] };
    return (r.rows ?? (r as unknown as Record<string, string>[])) as Record<string, string>[];
  };

  /** Each test starts with an empty register and no key proof: a database never written. */
  const vaciar = async () => {
    await database.db.execute(sql`delete from claves_servidor where nombre = 'verificador_clave_datos'`);
    await database.db.execute(sql`delete from outbox`);
    await database.db.execute(sql`delete from solicitudes_decreto`);
    await database.db.execute(sql`delete from suscripciones_alertas`);
    await database.db.execute(sql`delete from suscripciones_recoleccion`);
    await database.db.execute(sql`delete from claves_servidor where nombre = 'vapid_mi_calle'`);
  };

  beforeAll(async () => {
    mod = await loadBuiltApp();
    database = await createTestDatabase(engine, mod);
  });
  afterAll(async () => {
    for (const a of abiertas) await a.close();
    await database.close();
    storage.remove();
  });

  it('select dni, email from solicitudes_decreto y el outbox no muestran nada en claro', async () => {
    await vaciar();
    const clave = claveHex();
    const sitio = await app({ DATA_KEY: clave });
    const pagina = await sitio.inject({
      method: 'POST',
      url: '/solicitud-decretos',
      headers: FORM,
      remoteAddress: otraDireccion(),
      payload: form(solicitudValida({ dni: '30.111.222', email: 'maria.perez@correo.com.ar' })),
    });
    expect(pagina.statusCode).toBe(200);
    const api = await sitio.inject({
      method: 'POST',
      url: '/api/v1/solicitudes-decreto',
      remoteAddress: otraDireccion(),
      payload: solicitudValida({ dni: '31222333', email: 'julian@correo.com.ar' }),
    });
    expect(api.statusCode).toBe(201);

    const guardadas = await lista(sql`select dni, email from solicitudes_decreto`);
    expect(guardadas.length).toBeGreaterThanOrEqual(2);
    const texto = JSON.stringify(guardadas);
    expect(texto).not.toMatch(/30111222|31222333|@/);
    const cifrado = createCipher(Buffer.from(clave, 'hex'));
    expect(guardadas.map((g) => cifrado.decrypt(g.dni!)).sort()).toEqual(['30111222', '31222333']);
    const correos = await lista(sql`select destinatario, responder_a, texto from outbox`);
    expect(JSON.stringify(correos)).not.toMatch(/30111222|31222333|@correo/);
    await sitio.close();
  });

  it('rotación: la clave nueva recifra cada fila; estado y correos siguen; la vieja ya no arranca', async () => {
    await vaciar();
    const vieja = claveHex();
    let sitio = await app({ DATA_KEY: vieja });
    const r = await sitio.inject({
      method: 'POST',
      url: '/api/v1/solicitudes-decreto',
      remoteAddress: otraDireccion(),
      payload: solicitudValida({ dni: '28444555', email: 'rotacion@correo.com.ar' }),
    });
    expect(r.statusCode).toBe(201);
    const { codigo } = r.json() as { codigo: string };
    // An alert subscription, and a pending alert mail whose headers carry a secret (docs/decisions/024-alertas.md).
    const alerta = await sitio.inject({
      method: 'POST',
      url: '/alertas',
      remoteAddress: otraDireccion(),
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'tipo=boletines&frecuencia=diaria&email=Rotacion%40correo.com.ar',
    });
    expect(alerta.statusCode).toBe(200);
    await enqueueMail(database.db, createCipher(Buffer.from(vieja, 'hex')), [
      { destinatario: 'rotacion@correo.com.ar', asunto: 'Alerta', texto: 'Aviso', cabeceras: { 'List-Unsubscribe': '<https://sitio/alertas/baja?token=x>' } },
    ]);
    await sitio.close();

    const nueva = claveHex();
    sitio = await app({ DATA_KEY: nueva, DATA_KEY_PREVIOUS: vieja });
    const cifradoNuevo = createCipher(Buffer.from(nueva, 'hex'));
    const rotadas = await lista(sql`select dni, email, dni_huella, email_huella, huella from solicitudes_decreto`);
    expect(rotadas).toHaveLength(1);
    for (const fila of rotadas) {
      expect(cifradoNuevo.isUnderCurrentKey(fila.dni!)).toBe(true);
      expect(cifradoNuevo.decrypt(fila.dni!)).toBe('28444555');
      expect(cifradoNuevo.decrypt(fila.email!)).toBe('rotacion@correo.com.ar');
      // Hashes are recomputed under the new key: the repeat check and the limits still match.
      expect(fila.dni_huella).toBe(cifradoNuevo.hash('dni', '28444555'));
    }
    for (const correo of await lista(sql`select destinatario, texto, referencia from outbox`)) {
      expect(cifradoNuevo.isUnderCurrentKey(correo.destinatario!)).toBe(true);
      if (correo.referencia === codigo) expect(cifradoNuevo.decrypt(correo.texto!)).toContain(codigo);
    }
    const [suscripcion] = await lista(sql`select email, token, email_huella from suscripciones_alertas`);
    expect(cifradoNuevo.decrypt(suscripcion!.email!)).toBe('Rotacion@correo.com.ar');
    expect(suscripcion!.email_huella).toBe(huellaEmailAlerta(cifradoNuevo, 'rotacion@correo.com.ar'));
    const confirmar = await sitio.inject({ url: `/alertas/confirmar?token=${cifradoNuevo.decrypt(suscripcion!.token!)}` });
    expect(confirmar.statusCode).toBe(200);
    const conCabeceras = await lista(sql`select cabeceras::text as c from outbox where cabeceras <> '{}'::jsonb`);
    expect(cifradoNuevo.decrypt((JSON.parse(conCabeceras[0]!.c!) as Record<string, string>)['List-Unsubscribe']!)).toBe('<https://sitio/alertas/baja?token=x>');
    const estado = await sitio.inject({ url: `/solicitud-decretos/estado?codigo=${codigo}`, remoteAddress: otraDireccion() });
    expect(estado.statusCode).toBe(200);
    expect(estado.body.replace(/<!-- -->/g, '')).toContain(`Solicitud ${codigo}`);
    // The same request again is still recognised as a repeat after the rotation.
    const repetida = await sitio.inject({
      method: 'POST',
      url: '/api/v1/solicitudes-decreto',
      remoteAddress: otraDireccion(),
      payload: {
        nombre: 'Lucía Fernández',
        dni: '28444555',
        email: 'rotacion@correo.com.ar',
        numero: (await lista(sql`select numero from solicitudes_decreto`))[0]!.numero,
      },
    });
    expect(repetida.json()).toMatchObject({ codigo });
    await sitio.close();

    // Without the previous key the new one alone works; the old one alone is refused.
    sitio = await app({ DATA_KEY: nueva });
    await sitio.close();
    await expect(app({ DATA_KEY: vieja })).rejects.toThrow(/DATA_KEY no es la clave con la que se cifraron/);
    await expect(app({ DATA_KEY: claveHex() })).rejects.toThrow(/DATA_KEY no es la clave/);
  });

  it('rotación: las suscripciones de Mi calle y la clave VAPID pasan a la clave nueva; la vieja ya no hace falta', async () => {
    await vaciar();
    const zona = await createZona(database.db, ACTOR_SISTEMA, {
      nombre: 'Zona de la rotación',
      geometria: JSON.stringify({
        type: 'Polygon',
        coordinates: [
          [
            [-71.65, -40.76],
            [-71.64, -40.76],
            [-71.64, -40.77],
            [-71.65, -40.77],
            [-71.65, -40.76],
          ],
        ],
      }),
    });
    if (zona.tipo !== 'guardado') throw new Error(JSON.stringify(zona));
    const servicio = await createServicio(database.db, ACTOR_SISTEMA, zona.zona.id, { nombre: 'Húmedos', regla: 'FREQ=DAILY', desde: '2026-11-01' });
    if (servicio.tipo !== 'guardado') throw new Error(JSON.stringify(servicio));
    const slug = zona.zona.slug;
    const push = {
      endpoint: 'https://push.example.com/suscripcion/rotacion',
      keys: { p256dh: `B${'A'.repeat(86)}`, auth: 'A'.repeat(22) },
    };

    const vieja = claveHex();
    let sitio = await app({ DATA_KEY: vieja });
    // The subscribe page with a point creates the server's VAPID keys (the private one encrypted).
    expect((await sitio.inject({ url: `/mi-calle/avisos?zona=${slug}&lat=-40.765&lon=-71.645` })).statusCode).toBe(200);
    const alta = await sitio.inject({
      method: 'POST',
      url: `/mi-calle/avisos?zona=${slug}`,
      remoteAddress: otraDireccion(),
      headers: FORM,
      payload: form({
        zona: slug,
        servicios: servicio.servicio.id,
        email: 'Vecina.Rotacion@correo.com.ar',
        recordatorio: 'on',
        cercania: 'on',
        lat: '-40.765',
        lon: '-71.645',
        push: JSON.stringify(push),
      }),
    });
    expect(alta.statusCode, alta.body.slice(0, 300)).toBe(200);
    const cifradoViejo = createCipher(Buffer.from(vieja, 'hex'));
    const [antes] = await lista(sql`select email, punto, push, token from suscripciones_recoleccion`);
    for (const valor of Object.values(antes!)) expect(cifradoViejo.isUnderCurrentKey(valor)).toBe(true);
    const [vapidAntes] = await lista(sql`select valor from claves_servidor where nombre = 'vapid_mi_calle'`);
    const privadaAntes = (JSON.parse(vapidAntes!.valor!) as { privateKey: string }).privateKey;
    expect(cifradoViejo.isUnderCurrentKey(privadaAntes)).toBe(true);
    await sitio.close();

    const nueva = claveHex();
    sitio = await app({ DATA_KEY: nueva, DATA_KEY_PREVIOUS: vieja });
    await sitio.close();
    // Read with the new key alone: every field opens, and the keyed hashes are the new key's.
    const cifradoNuevo = createCipher(Buffer.from(nueva, 'hex'));
    const [despues] = await lista(sql`select email, email_huella, punto, push, push_huella, token from suscripciones_recoleccion`);
    for (const campo of ['email', 'punto', 'push', 'token']) expect(cifradoNuevo.isUnderCurrentKey(despues![campo]!), campo).toBe(true);
    expect(cifradoNuevo.decrypt(despues!.email!)).toBe('Vecina.Rotacion@correo.com.ar');
    expect(JSON.parse(cifradoNuevo.decrypt(despues!.punto!))).toEqual({ latitud: -40.765, longitud: -71.645 });
    expect(JSON.parse(cifradoNuevo.decrypt(despues!.push!))).toMatchObject(push);
    expect(despues!.email_huella).toBe(huellaEmail({ cipher: cifradoNuevo }, 'vecina.rotacion@correo.com.ar'));
    expect(despues!.push_huella).toBe(huellaPush({ cipher: cifradoNuevo }, push.endpoint));
    const [vapid] = await lista(sql`select valor from claves_servidor where nombre = 'vapid_mi_calle'`);
    const claves = JSON.parse(vapid!.valor!) as { publicKey: string; privateKey: string };
    expect(cifradoNuevo.isUnderCurrentKey(claves.privateKey)).toBe(true);
    expect(cifradoNuevo.decrypt(claves.privateKey)).toBe(cifradoViejo.decrypt(privadaAntes));
    expect(claves.publicKey).toBe((JSON.parse(vapidAntes!.valor!) as { publicKey: string }).publicKey);

    // Without the previous key: the links' secret still finds the subscription, and the same
    // browser subscribing again replaces it (the endpoint's hash matches) instead of failing.
    sitio = await app({ DATA_KEY: nueva });
    const token = cifradoNuevo.decrypt(despues!.token!);
    const gestion = await sitio.inject({ url: `/mi-calle/avisos/gestion?token=${token}` });
    expect(gestion.statusCode).toBe(200);
    expect(gestion.body).toContain('Zona de la rotación');
    const otraVez = await sitio.inject({
      method: 'POST',
      url: `/mi-calle/avisos?zona=${slug}`,
      remoteAddress: otraDireccion(),
      headers: FORM,
      payload: form({ zona: slug, servicios: servicio.servicio.id, cercania: 'on', lat: '-40.765', lon: '-71.645', push: JSON.stringify(push) }),
    });
    expect(otraVez.statusCode, otraVez.body.slice(0, 300)).toBe(200);
    const filas = await lista(sql`select email, push_huella from suscripciones_recoleccion order by id`);
    // The first keeps its e-mail and lost the endpoint to the new, push-only one.
    expect(filas.map((f) => [f.email !== null, f.push_huella === null])).toEqual([
      [true, true],
      [false, false],
    ]);
    await sitio.close();
    await expect(app({ DATA_KEY: vieja })).rejects.toThrow(/DATA_KEY no es la clave/);
  });

  it('filas anteriores al cifrado (en claro) se cifran al arrancar', async () => {
    const clave = claveHex();
    await vaciar();
    await database.db.execute(
      sql`insert into solicitudes_decreto (codigo, nombre, dni, email, numero, huella) values ('SD-2025-000042', 'Rosa Díaz', '20111222', 'rosa@correo.com.ar', '5/2025', 'vieja')`,
    );
    await database.db.execute(
      sql`insert into outbox (message_id, destinatario, asunto, texto, referencia) values ('<viejo@x>', 'rosa@correo.com.ar', 'Recibimos su solicitud', 'DNI: 20111222', 'SD-2025-000042')`,
    );
    const sitio = await app({ DATA_KEY: clave });
    const texto = JSON.stringify([
      ...(await lista(sql`select dni, email from solicitudes_decreto`)),
      ...(await lista(sql`select destinatario, texto from outbox`)),
    ]);
    expect(texto).not.toMatch(/20111222|rosa@/);
    // The old sequential code still answers.
    const estado = await sitio.inject({ url: '/solicitud-decretos/estado?codigo=sd-2025-000042', remoteAddress: otraDireccion() });
    expect(estado.statusCode).toBe(200);
    expect(estado.body.replace(/<!-- -->/g, '')).toContain('Solicitud SD-2025-000042');
    expect(estado.body).toContain('Rosa');
    await sitio.close();
  });

  it('consultas de estado: la 30.ª en un minuto desde una dirección recibe 429; un código errado y uno desconocido responden igual', async () => {
    await vaciar();
    const sitio = await app({ DATA_KEY: claveHex(), CONSULTAS_ESTADO_POR_MINUTO: '20' });
    const r = await sitio.inject({ method: 'POST', url: '/api/v1/solicitudes-decreto', remoteAddress: otraDireccion(), payload: solicitudValida() });
    const { codigo } = r.json() as { codigo: string };
    // One mistyped symbol (the check symbol catches it) and a well-formed unknown code.
    const ultimo = codigo.at(-1) === '2' ? '3' : '2';
    const errado = codigo.slice(0, -1) + ultimo;
    const desconocido = 'SD-2026-000999';
    const quien = '203.0.113.50';
    const [a, b] = await Promise.all([
      sitio.inject({ url: `/api/v1/solicitudes-decreto/${errado}`, remoteAddress: quien }),
      sitio.inject({ url: `/api/v1/solicitudes-decreto/${desconocido}`, remoteAddress: quien }),
    ]);
    expect([a.statusCode, b.statusCode]).toEqual([404, 404]);
    expect(a.body).toBe(b.body);
    const paginaErrada = await sitio.inject({ url: `/solicitud-decretos/estado?codigo=${errado}`, remoteAddress: quien });
    const paginaDesconocida = await sitio.inject({ url: `/solicitud-decretos/estado?codigo=${desconocido}`, remoteAddress: quien });
    expect([paginaErrada.statusCode, paginaDesconocida.statusCode]).toEqual([404, 404]);

    const estados: number[] = [a.statusCode, b.statusCode, paginaErrada.statusCode, paginaDesconocida.statusCode];
    while (estados.length < 30) {
      const res = await sitio.inject({ url: `/api/v1/solicitudes-decreto/${codigo}`, remoteAddress: quien });
      estados.push(res.statusCode);
    }
    expect(estados.slice(4, 20).every((s) => s === 200)).toBe(true);
    expect(estados[29]).toBe(429);
    const pagina = await sitio.inject({ url: `/solicitud-decretos/estado?codigo=${codigo}`, remoteAddress: quien });
    expect(pagina.statusCode).toBe(429);
    expect(pagina.headers['retry-after']).toBe('60');
    expect(pagina.body).toContain('Hiciste muchas consultas en el último minuto.');
    // Another address is not affected.
    expect((await sitio.inject({ url: `/api/v1/solicitudes-decreto/${codigo}`, remoteAddress: '203.0.113.51' })).statusCode).toBe(200);
    await sitio.close();
  });
});

describe('clave en modo embebido', () => {
  it('sin DATA_KEY, un archivo de clave en DATA_DIR con permisos 0600, el mismo en cada arranque', async () => {
    const mod = await loadBuiltApp();
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'vla-clave-'));
    try {
      const config = mod.loadConfig({ DATA_DIR: dataDir, LOG_LEVEL: 'silent' });
      const database = await createTestDatabase('pglite', mod);
      const storage = createTestStorage(mod.createLocalStorage);
      const primera = await mod.buildApp({ config, database, storage, logger: false });
      await primera.close();
      const archivo = path.join(dataDir, mod.KEY_FILE);
      expect(fs.statSync(archivo).mode & 0o777).toBe(0o600);
      const clave = fs.readFileSync(archivo, 'utf8');
      expect(clave.trim()).toMatch(/^[0-9a-f]{64}$/);
      fs.chmodSync(archivo, 0o644);
      const segunda = await mod.buildApp({ config, database, storage, logger: false });
      await segunda.close();
      expect(fs.readFileSync(archivo, 'utf8')).toBe(clave);
      expect(fs.statSync(archivo).mode & 0o777).toBe(0o600);
      await database.close();
      storage.remove();
    } finally {
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
  });
});
