import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Cipher } from '#domain/shared/cipher.ts';
import { ACTOR_SISTEMA } from '#domain/shared/actor.ts';
import type { AppContext } from '#domain/shared/context.ts';
import type { AvisoPosicion } from '#domain/vehiculos/avisos.ts';
import { testCipher, testContext } from '#tests/factories/decretos.ts';
import { type TestDatabase, createTestDatabase, engines } from '#tests/setup/database.ts';
import { type NavegadorDePrueba, type ServicioPush, iniciarServicioPush, navegadorDePrueba } from '#tests/setup/push.ts';
import { crearCercania } from './cercania.ts';
import { createServicio, createZona } from './commands.ts';
import { suscribirAvisos } from './suscripciones.ts';

/** The test context's clock: Tuesday 10 March 2026, 12:00 in Argentina, within the default service hours. */
const AHORA = new Date('2026-03-10T15:00:00Z');
const CENTRO = { latitud: -40.74, longitud: -71.56 };
const cuadrado = JSON.stringify({
  type: 'Polygon',
  coordinates: [
    [
      [-71.58, -40.76],
      [-71.54, -40.76],
      [-71.54, -40.72],
      [-71.58, -40.72],
      [-71.58, -40.76],
    ],
  ],
});

/** A real cipher that counts what it opens. */
function contando(cipher: Cipher): Cipher & { abiertos: number } {
  const contado = {
    ...cipher,
    abiertos: 0,
    open(valor: string) {
      contado.abiertos++;
      return cipher.open(valor);
    },
  };
  return contado;
}

describe.each(engines)('el camión está cerca: lo que el oyente guarda en memoria (%s)', (engine) => {
  let database: TestDatabase;
  let ctx: AppContext;
  let cipher: ReturnType<typeof contando>;
  let push: ServicioPush;
  let zona: string;
  let humedos: number;

  beforeAll(async () => {
    database = await createTestDatabase(engine);
    push = await iniciarServicioPush();
    cipher = contando(testCipher());
    const base = testContext({ db: database.db, cipher });
    // A site on plain http, as the e2e and bench servers run (push.ts, contactoVapid).
    ctx = { ...base, url: (ruta: string) => `http://127.0.0.1:4321${ruta}`, config: { ...base.config, pushServiciosLocales: true } };
    const z = await createZona(database.db, ACTOR_SISTEMA, { nombre: 'Zona del oyente', geometria: cuadrado });
    if (z.tipo !== 'guardado') throw new Error(JSON.stringify(z));
    zona = z.zona.slug;
    const s = await createServicio(database.db, ACTOR_SISTEMA, z.zona.id, {
      nombre: 'Húmedos',
      regla: 'FREQ=DAILY',
      desde: '2026-01-01',
      feriado: 'guardia',
      guardia: 'Recorrido de guardia',
      servicioVehiculo: 'recoleccion',
    });
    if (s.tipo !== 'guardado') throw new Error(JSON.stringify(s));
    humedos = s.servicio.id;
  });
  afterAll(async () => {
    await database.close();
    await push.cerrar();
  });

  const suscribir = async (navegador: NavegadorDePrueba, punto: { latitud: number; longitud: number }) => {
    const r = await suscribirAvisos(ctx, {
      zona,
      servicios: String(humedos),
      cercania: 'on',
      lat: String(punto.latitud),
      lon: String(punto.longitud),
      push: JSON.stringify(navegador.suscripcion),
    });
    if (r.tipo !== 'activa') throw new Error(JSON.stringify(r));
    return r.token;
  };
  let posicion = 0;
  const en = (punto: { latitud: number; longitud: number }): AvisoPosicion => ({
    id: ++posicion,
    publica: true,
    activo: true,
    vehiculo: { id: 1, alias: 'Recolector', icono: 'recolector', servicio: 'recoleccion', ...punto, velocidadKmh: 20, rumbo: 0, vistoEn: AHORA },
  });
  const para = (navegador: NavegadorDePrueba) => push.mensajes.filter((m) => navegador.suscripcion.endpoint.endsWith(m.ruta));

  it('descifra cada suscripción una vez: un alta hace releer la lista y abrir sólo la nueva, con su punto y su enlace', async () => {
    const cercania = crearCercania(ctx);
    try {
      const vecinos = Array.from({ length: 5 }, () => navegadorDePrueba(push));
      // 500 m apart in a row, east of the centre: a report at one door is within no other's 300 m.
      const punto = (i: number) => ({ latitud: CENTRO.latitud, longitud: CENTRO.longitud + i * 0.006 });
      for (const [i, v] of vecinos.entries()) await suscribir(v, punto(i));
      const lejos = { latitud: CENTRO.latitud - 0.015, longitud: CENTRO.longitud };

      const antes = cipher.abiertos;
      expect(await cercania.alPosicion(en(lejos))).toBe(0);
      // Point, push subscription and link secret of each.
      expect(cipher.abiertos - antes).toBe(15);

      const nueva = navegadorDePrueba(push);
      const token = await suscribir(nueva, { latitud: CENTRO.latitud + 0.006, longitud: CENTRO.longitud });
      const despues = cipher.abiertos;
      expect(await cercania.alPosicion(en(lejos))).toBe(0);
      expect(cipher.abiertos - despues, 'sólo la suscripción nueva').toBe(3);

      // The new one is heard with its own point and link; one kept from the first reading too.
      expect(await cercania.alPosicion(en({ latitud: CENTRO.latitud + 0.006 + 0.0009, longitud: CENTRO.longitud }))).toBe(1);
      const [mensaje] = para(nueva);
      // Signed with a contact web-push accepts (RFC 8292 §2.1): a mailto: for a site on http.
      const jwt = /^vapid t=([^,]+), k=/.exec(String(mensaje!.cabeceras.authorization))![1]!;
      expect(JSON.parse(Buffer.from(jwt.split('.')[1]!, 'base64url').toString('utf8'))).toMatchObject({ sub: 'mailto:mi-calle@127.0.0.1' });
      expect(JSON.parse(nueva.descifrar(mensaje!.cuerpo))).toMatchObject({
        cuerpo: 'Un vehículo de húmedos está a unos 100 m de tu punto.',
        url: expect.stringContaining(encodeURIComponent(token)),
      });
      expect(await cercania.alPosicion(en(punto(3)))).toBe(1);
      expect(para(vecinos[3]!)).toHaveLength(1);
      expect(vecinos.filter((v) => para(v).length > 0)).toHaveLength(1);
    } finally {
      cercania.detener();
    }
  });

  it('la misma dirección del navegador suscripta de nuevo: la fila anterior se va de la memoria y manda la nueva', async () => {
    const cercania = crearCercania(ctx);
    try {
      const navegador = navegadorDePrueba(push);
      const casa = { latitud: CENTRO.latitud - 0.006, longitud: CENTRO.longitud - 0.012 };
      const trabajo = { latitud: CENTRO.latitud - 0.006, longitud: CENTRO.longitud - 0.006 };
      await suscribir(navegador, casa);
      expect(await cercania.alPosicion(en({ latitud: 0, longitud: 0 }))).toBe(0);
      // Subscribed again from the same browser with another point: the first row is deleted.
      await suscribir(navegador, trabajo);
      expect(await cercania.alPosicion(en(casa))).toBe(0);
      expect(await cercania.alPosicion(en(trabajo))).toBe(1);
      expect(para(navegador)).toHaveLength(1);
    } finally {
      cercania.detener();
    }
  });
});
