// «Cobertura» of Mi calle (docs/architecture.md, «Cobertura y retención de posiciones») over HTTP
// on the built app: editors and administrators only; a day and a zone in the address, hostile
// filters answered 400 in Spanish; a covered and a not-covered day built through the ingest and the
// zones' commands; the supervisor's summary through a real SMTP server, once.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { calcularCobertura, enviarResumenesCobertura } from '#domain/recoleccion/cobertura.ts';
import { createServicio, createZona } from '#domain/recoleccion/commands.ts';
import { ACTOR_SISTEMA } from '#domain/shared/actor.ts';
import { registrarPosiciones } from '#domain/vehiculos/commands.ts';
import { insertVehiculo, posicionEnLaCalle } from '#tests/factories/vehiculos.ts';
import { type TestApp, createTestApp } from '#tests/setup/app.ts';
import { engines } from '#tests/setup/database.ts';
import { ADMIN, EDITOR, MESA, ingresar, textoDe, ver } from '#tests/setup/panel.ts';
import { type ServidorSmtp, esperarHasta, iniciarSmtp, legible } from '#tests/setup/smtp.ts';

const hora = (texto: string) => new Date(`${texto}-03:00`);
const LAT = -40.71;
const LON = -71.56;
const CUADRADO = {
  type: 'Polygon',
  coordinates: [
    [
      [LON, LAT],
      [LON + 0.01, LAT],
      [LON + 0.01, LAT + 0.01],
      [LON, LAT + 0.01],
      [LON, LAT],
    ],
  ],
};
const SUPERVISOR = 'cobertura-http@prueba.villalaangostura.gob.ar';
const PAGINA = '/admin/recoleccion/cobertura';

describe.each(engines)('/admin/recoleccion/cobertura (%s)', (engine) => {
  let t: TestApp;
  let smtp: ServidorSmtp;
  let admin: string;
  let editor: string;
  let mesa: string;

  beforeAll(async () => {
    smtp = await iniciarSmtp();
    t = await createTestApp(engine, { env: { SMTP_URL: `smtp://127.0.0.1:${smtp.puerto}` } });
    [admin, editor, mesa] = await Promise.all([ingresar(t, ADMIN), ingresar(t, EDITOR), ingresar(t, MESA)]);
    const db = t.database.db;
    const zona = await createZona(db, ACTOR_SISTEMA, { nombre: 'Cuadrado de prueba', descripcion: '', geometria: JSON.stringify(CUADRADO) });
    if (zona.tipo !== 'guardado') throw new Error(JSON.stringify(zona));
    const servicio = await createServicio(db, ACTOR_SISTEMA, zona.zona.id, {
      nombre: 'Húmedos de prueba',
      regla: 'FREQ=DAILY',
      desde: '2026-03-01',
      horaDesde: '07:00',
      horaHasta: '11:00',
      feriado: 'sin_servicio',
      guardia: '',
      servicioVehiculo: 'recoleccion',
      supervisorEmail: SUPERVISOR,
    });
    if (servicio.tipo !== 'guardado') throw new Error(JSON.stringify(servicio));
    // Monday the 9th a truck went through the square at 08:15; Tuesday the 10th nobody did.
    const camion = await insertVehiculo(db, { alias: 'Recolector de prueba' });
    const [r] = await registrarPosiciones(t.context, [
      {
        posicion: posicionEnLaCalle(camion.dispositivo, hora('2026-03-09T08:15:00'), { latitud: LAT + 0.005, longitud: LON + 0.005 }),
        llegada: hora('2026-03-09T08:15:00'),
      },
    ]);
    expect(r?.tipo).toBe('registrada');
    await calcularCobertura(t.context, '2026-03-09');
    await calcularCobertura(t.context, '2026-03-10');
  });
  afterAll(async () => {
    await t?.close();
    await smtp?.cerrar();
  });

  it('edición y administración; la mesa de entradas ve el 403; sin sesión, a /login', async () => {
    for (const sesion of [admin, editor]) {
      const res = await ver(t, PAGINA, sesion);
      expect(res.statusCode).toBe(200);
      expect(res.headers['cache-control']).toBe('no-store');
    }
    const prohibida = await ver(t, PAGINA, mesa);
    expect(prohibida.statusCode).toBe(403);
    expect(prohibida.body).toContain('No tenés permiso para ver esta página');
    const anonima = await ver(t, `${PAGINA}?fecha=2026-03-09`);
    expect(anonima.statusCode).toBe(302);
    expect(anonima.headers.location).toBe('/login?siguiente=%2Fadmin%2Frecoleccion%2Fcobertura%3Ffecha%3D2026-03-09');
  });

  it('un día cubierto y uno sin cubrir, por zona', async () => {
    const lunes = textoDe((await ver(t, `${PAGINA}?fecha=2026-03-09&zona=cuadrado-de-prueba`, editor)).body);
    expect(lunes).toContain('Cuadrado de prueba Húmedos de prueba 07:00 a 11:00 Cubierta 08:15 a 08:15 1 Recolector de prueba');
    expect(lunes).toContain('Ninguna zona quedó sin cubrir.');
    const martes = textoDe((await ver(t, `${PAGINA}?fecha=2026-03-10&zona=cuadrado-de-prueba`, editor)).body);
    expect(martes).toContain('Cuadrado de prueba Húmedos de prueba 07:00 a 11:00 No cubierta — 0 —');
    expect(martes).toContain('1 servicio quedó sin cubrir.');
    // A day not measured yet (the job has not run for it): the summary never says all was covered.
    const jueves = textoDe((await ver(t, `${PAGINA}?fecha=2026-03-12&zona=cuadrado-de-prueba`, editor)).body);
    expect(jueves).toContain('Cuadrado de prueba Húmedos de prueba 07:00 a 11:00 Sin calcular');
    expect(jueves).toContain('1 servicio está todavía sin medir.');
    expect(jueves).not.toContain('Ninguna zona quedó sin cubrir');
    // A day before the service existed: nothing scheduled.
    expect(textoDe((await ver(t, `${PAGINA}?fecha=2026-02-20&zona=cuadrado-de-prueba`, editor)).body)).toContain(
      'Ese día el calendario no prevé ningún servicio en esa zona.',
    );
  });

  it('filtros hostiles: 400 con el mensaje en castellano y lo escrito escapado', async () => {
    for (const [consulta, campo, mensaje] of [
      ['fecha=2026-02-30', 'fecha', 'Escribí la fecha como AAAA-MM-DD'],
      ['fecha=%3Cscript%3Ealert(1)%3C%2Fscript%3E', 'fecha', 'Escribí la fecha como AAAA-MM-DD'],
      [`fecha=${'9'.repeat(500)}`, 'fecha', 'Escribí la fecha como AAAA-MM-DD'],
      ['fecha=2026-03-09%27%20or%201%3D1--', 'fecha', 'Escribí la fecha como AAAA-MM-DD'],
      ['zona=..%2F..%2Fetc', 'zona', 'Elegí una de las zonas de la lista.'],
      ['zona=no-existe', 'zona', 'Elegí una de las zonas de la lista.'],
      ['zona=CUADRADO%20DE%20PRUEBA', 'zona', 'Elegí una de las zonas de la lista.'],
    ] as const) {
      const res = await ver(t, `${PAGINA}?${consulta}`, admin);
      expect(res.statusCode, consulta).toBe(400);
      expect(res.body, consulta).toContain(mensaje);
      expect(res.body, consulta).toContain(`href="#${campo}"`);
      expect(res.body, consulta).not.toContain('<script>alert');
      expect(res.body, consulta).toMatch(/<title>Error: Cobertura/);
    }
  });

  it('el resumen del supervisor llega por SMTP una sola vez', async () => {
    const delMartes = () => smtp.mensajes.filter((m) => m.para.includes(SUPERVISOR) && legible(m.datos).includes('Cuadrado de prueba: Húmedos de prueba'));
    expect(await enviarResumenesCobertura(t.context, '2026-03-10')).toBeGreaterThanOrEqual(1);
    await esperarHasta(() => delMartes().length === 1);
    // The job on another instance, or again on this one: nothing more.
    expect(await enviarResumenesCobertura(t.context, '2026-03-10')).toBe(0);
    // The covered Monday sends nothing to this supervisor.
    await enviarResumenesCobertura(t.context, '2026-03-09');
    await new Promise((listo) => setTimeout(listo, 1_500)); // nothing more should arrive: a pause to let it
    expect(delMartes()).toHaveLength(1);
    expect(smtp.mensajes.filter((m) => m.para.includes(SUPERVISOR))).toHaveLength(1);
    expect(legible(delMartes()[0]!.datos)).toContain('/admin/recoleccion/cobertura?fecha=2026-03-10');
  });
});
