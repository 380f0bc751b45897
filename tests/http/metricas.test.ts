import { randomBytes } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '#db/client.ts';
import { outbox } from '#db/schema/index.ts';
import { enqueueMail } from '#domain/correo/outbox.ts';
import { ConfigError, loadConfig } from '#server/env.ts';
import { type TestApp, createTestApp } from '#tests/setup/app.ts';
import { engines } from '#tests/setup/database.ts';
import { type ServidorSmtp, esperarHasta, iniciarSmtp } from '#tests/setup/smtp.ts';

/** The value of one sample of the metrics text (`name{labels} value`), or undefined when absent. */
function valor(texto: string, nombre: string, etiquetas = ''): number | undefined {
  const linea = texto.split('\n').find((l) => l.startsWith(`${nombre}${etiquetas ? `{${etiquetas}}` : ''} `));
  return linea === undefined ? undefined : Number(linea.slice(linea.lastIndexOf(' ') + 1));
}

/** The routes the request duration is labelled with. */
function rutas(texto: string): Set<string> {
  return new Set([...texto.matchAll(/^vla_http_request_duration_seconds_count\{route="([^"]*)"/gm)].map((m) => m[1]!));
}

describe('configuración de las métricas', () => {
  it('METRICS_PORT apagada sin valor; METRICS_HOST 127.0.0.1 por defecto; un puerto propio, con mensajes en castellano', () => {
    expect(loadConfig({}).metrics).toBeUndefined();
    expect(loadConfig({ METRICS_PORT: '' }).metrics).toBeUndefined();
    expect(loadConfig({ METRICS_PORT: '9464' }).metrics).toEqual({ port: 9464, host: '127.0.0.1' });
    expect(loadConfig({ METRICS_PORT: '9464', METRICS_HOST: '10.0.0.5' }).metrics).toEqual({ port: 9464, host: '10.0.0.5' });
    expect(() => loadConfig({ METRICS_PORT: 'nueve' })).toThrow(/METRICS_PORT/);
    expect(() => loadConfig({ METRICS_PORT: '70000' })).toThrow(/METRICS_PORT/);
    expect(() => loadConfig({ METRICS_PORT: '3000' })).toThrow(ConfigError);
    expect(() => loadConfig({ METRICS_PORT: '3000' })).toThrow(/METRICS_PORT: tiene que ser un puerto propio, distinto de PORT/);
    expect(() => loadConfig({ METRICS_PORT: '5055', INGEST_PORT: '5055' })).toThrow(/nunca se sirven en el puerto público/);
  });
});

describe.each(engines)('métricas (%s)', (engine) => {
  let t: TestApp;
  let smtp: ServidorSmtp;
  beforeAll(async () => {
    smtp = await iniciarSmtp();
    t = await createTestApp(engine, {
      env: { SMTP_URL: `smtp://127.0.0.1:${smtp.puerto}`, METRICS_PORT: '0', ALERTAS_INTERVALO_MS: '300' },
    });
    await t.app.ready();
  });
  afterAll(async () => {
    await t?.close();
    await smtp?.cerrar();
  });
  const metricas = () => t.app.metricas.text();

  it('el puerto público no tiene /metrics; el puerto de métricas sólo /metrics', async () => {
    for (const url of ['/metrics', '/metrics?x=1', '/api/v1/metrics']) {
      const res = await t.app.inject({ url });
      expect(res.statusCode, url).toBe(404);
      expect(res.body).not.toContain('vla_http_request_duration_seconds');
    }
    const port = await t.app.metricsServer!.listen();
    const res = await fetch(`http://127.0.0.1:${port}/metrics`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^text\/plain; version=0\.0\.4/);
    const texto = await res.text();
    expect(texto).toContain('# TYPE vla_http_request_duration_seconds histogram');
    // The process's own: memory and event-loop delay.
    expect(valor(texto, 'process_resident_memory_bytes')).toBeGreaterThan(10_000_000);
    expect(texto).toMatch(/^nodejs_eventloop_lag_p99_seconds \d/m);
    expect(texto).toMatch(/^vla_build_info\{version="\d+\.\d+\.\d+[^"]*",build="[^"]+"\} 1$/m);
    const otra = await fetch(`http://127.0.0.1:${port}/`);
    expect(otra.status).toBe(404);
    expect(await otra.text()).toContain('sólo está /metrics');
    expect((await fetch(`http://127.0.0.1:${port}/metrics`, { method: 'POST' })).status).toBe(404);
  });

  it('la duración por patrón de ruta y las respuestas por clase se mueven con los pedidos', async () => {
    const antes = await metricas();
    const n = (texto: string, etiquetas: string) => valor(texto, 'vla_http_request_duration_seconds_count', etiquetas) ?? 0;
    for (let i = 0; i < 3; i++) expect((await t.app.inject({ url: '/health/live' })).statusCode).toBe(200);
    expect((await t.app.inject({ url: '/consulta-ordenanzas/2023/15' })).statusCode).toBeLessThan(500);
    expect((await t.app.inject({ url: '/consulta-ordenanzas/2019/7?x=1' })).statusCode).toBeLessThan(500);
    expect((await t.app.inject({ method: 'DELETE', url: '/api/v1/ordenanzas' })).statusCode).toBeGreaterThanOrEqual(400);
    const despues = await metricas();
    expect(n(despues, 'route="/health/live",method="GET"') - n(antes, 'route="/health/live",method="GET"')).toBe(3);
    expect(n(despues, 'route="/consulta-ordenanzas/:anio/:numero",method="GET"') - n(antes, 'route="/consulta-ordenanzas/:anio/:numero",method="GET"')).toBe(2);
    const clase = (texto: string, c: string) => valor(texto, 'vla_http_responses_total', `clase="${c}"`) ?? 0;
    expect(clase(despues, '2xx') - clase(antes, '2xx')).toBeGreaterThanOrEqual(3);
    expect(clase(despues, '4xx') - clase(antes, '4xx')).toBeGreaterThanOrEqual(1);
    expect(despues).not.toContain('/consulta-ordenanzas/2023');
  });

  it('50 direcciones al azar no agregan etiquetas: ni la dirección ni la consulta llegan a las métricas', async () => {
    const azar = () => randomBytes(6).toString('hex');
    await t.app.inject({ url: `/${azar()}` });
    await t.app.inject({ url: `/api/v1/${azar()}` });
    await t.app.inject({ url: `/consulta-ordenanzas/${azar()}/${azar()}` });
    const antes = rutas(await metricas());
    const enviados: string[] = [];
    for (let i = 0; i < 50; i++) {
      const partes = [`/${azar()}`, `/api/v1/${azar()}`, `/consulta-ordenanzas/${azar()}/${azar()}`, `/${azar()}/${azar()}.data`, `/admin/${azar()}`];
      const url = `${partes[i % partes.length]}?q=${azar()}`;
      enviados.push(url);
      await t.app.inject({ url, method: i % 7 === 0 ? 'POST' : 'GET' });
    }
    const texto = await metricas();
    expect(rutas(texto)).toEqual(antes);
    for (const url of enviados) expect(texto).not.toContain(url.split('?')[1]!);
    expect(texto).not.toMatch(/route="[^"]*[0-9a-f]{12}/);
  });

  it('aciertos y fallos de la caché de páginas', async () => {
    const antes = await metricas();
    const url = `/consulta-ordenanzas?pattern=${randomBytes(4).toString('hex')}`;
    expect((await t.app.inject({ url })).headers['x-cache']).toBe('miss');
    expect((await t.app.inject({ url })).headers['x-cache']).toBe('hit');
    expect((await t.app.inject({ url })).headers['x-cache']).toBe('hit');
    const despues = await metricas();
    const d = (nombre: string) => (valor(despues, nombre) ?? 0) - (valor(antes, nombre) ?? 0);
    expect(d('vla_render_cache_misses_total')).toBe(1);
    expect(d('vla_render_cache_hits_total')).toBe(2);
    expect(valor(despues, 'vla_render_cache_entradas')).toBeGreaterThanOrEqual(1);
    expect(valor(despues, 'vla_render_cache_bytes')).toBeGreaterThan(1000);
  });

  it('la bandeja de salida: pendientes, el más antiguo, fallidos y enviados', async () => {
    await esperarHasta(async () => valor(await metricas(), 'vla_correo_pendientes') === 0);
    const inicial = await metricas();
    expect(valor(inicial, 'vla_metricas_base_ok')).toBe(1);
    expect(valor(inicial, 'vla_correo_pendiente_mas_antiguo_segundos')).toBe(0);
    const enviadosAntes = valor(inicial, 'vla_correo_enviados_total') ?? 0;
    const fallidosAntes = valor(inicial, 'vla_correo_fallidos')!;
    // Two mails held back (due in an hour, as after a failed attempt), one failed for good.
    const referencia = `metricas-${randomBytes(4).toString('hex')}`;
    await t.database.db.transaction(async (tx) => {
      await enqueueMail(tx as unknown as Db, t.context.cipher, [
        { destinatario: 'vecina.1@correo.test', asunto: 'Uno', texto: 'uno', referencia },
        { destinatario: 'vecina.2@correo.test', asunto: 'Dos', texto: 'dos', referencia },
        { destinatario: 'vecina.3@correo.test', asunto: 'Tres', texto: 'tres', referencia },
      ]);
      await tx.execute(
        sql`update ${outbox} set proximo_intento = now() + interval '1 hour', created_at = now() - interval '20 minutes' where ${outbox.referencia} = ${referencia}`,
      );
      await tx.execute(sql`update ${outbox} set estado = 'fallido' where ${outbox.referencia} = ${referencia} and ${outbox.asunto} = 'Tres'`);
    });
    const retenidos = await metricas();
    expect(valor(retenidos, 'vla_correo_pendientes')).toBe(2);
    expect(valor(retenidos, 'vla_correo_pendiente_mas_antiguo_segundos')).toBeGreaterThanOrEqual(20 * 60);
    expect(valor(retenidos, 'vla_correo_fallidos')).toBe(fallidosAntes + 1);
    // Due now: the worker sends them through the real SMTP server.
    await t.database.db.execute(sql`update ${outbox} set proximo_intento = now() where ${outbox.referencia} = ${referencia}`);
    t.context.mailer.wake();
    await esperarHasta(async () => (valor(await metricas(), 'vla_correo_enviados_total') ?? 0) >= enviadosAntes + 2);
    const final = await metricas();
    expect(valor(final, 'vla_correo_enviados_total')).toBe(enviadosAntes + 2);
    expect(valor(final, 'vla_correo_pendientes')).toBe(0);
    expect(valor(final, 'vla_correo_pendiente_mas_antiguo_segundos')).toBe(0);
    expect(smtp.mensajes.filter((m) => m.para.includes('vecina.1@correo.test'))).toHaveLength(1);
  });

  it('posiciones ingresadas y rechazadas, por un conjunto acotado de motivos', async () => {
    const antes = await metricas();
    const ahora = Math.floor(Date.now() / 1000);
    const ip = () => `198.51.100.${Math.floor(Math.random() * 200) + 1}`;
    const enviar = (query: string) => t.app.inject({ method: 'POST', url: `/api/v1/posiciones?${query}`, remoteAddress: ip() });
    expect((await enviar(`id=vla-recolector-1&timestamp=${ahora}&lat=-40.7621&lon=-71.6449`)).statusCode).toBe(200);
    expect((await enviar(`id=vla-recolector-1&timestamp=${ahora}&lat=-40.7621&lon=-71.6449`)).statusCode).toBe(200);
    expect((await enviar(`id=no-existe-${randomBytes(3).toString('hex')}&timestamp=${ahora}&lat=-40.7621&lon=-71.6449`)).statusCode).toBe(404);
    expect((await enviar(`id=vla-recolector-1&timestamp=${ahora}&lat=999&lon=-71.6449`)).statusCode).toBe(400);
    const despues = await metricas();
    const d = (resultado: string) =>
      (valor(despues, 'vla_posiciones_total', `resultado="${resultado}"`) ?? 0) - (valor(antes, 'vla_posiciones_total', `resultado="${resultado}"`) ?? 0);
    expect([d('registrada'), d('repetida'), d('desconocido'), d('invalida')]).toEqual([1, 1, 1, 1]);
    // The device's identifier never becomes a label.
    expect(despues).not.toContain('vla-recolector-1');
  });

  it('las tareas programadas: período, último éxito y duración de cada una', async () => {
    const periodo = 'vla_tarea_periodo_seconds';
    await esperarHasta(async () => valor(await metricas(), 'vla_tarea_duracion_seconds', 'tarea="alertas por correo"') !== undefined);
    const texto = await metricas();
    expect(valor(texto, periodo, 'tarea="alertas por correo"')).toBe(0.3);
    expect(valor(texto, periodo, 'tarea="retención de solicitudes de decreto"')).toBe(3600);
    expect(valor(texto, periodo, 'tarea="retención de posiciones de vehículos"')).toBe(3600);
    expect(valor(texto, periodo, 'tarea="purga de retirados"')).toBe(86_400);
    expect(valor(texto, periodo, 'tarea="vistas previas de la mesa vencidas"')).toBe(600);
    const exito = valor(texto, 'vla_tarea_ultimo_exito_timestamp_seconds', 'tarea="alertas por correo"')!;
    expect(Math.abs(exito - Date.now() / 1000)).toBeLessThan(30);
    expect(valor(texto, 'vla_tarea_fallas', 'tarea="alertas por correo"')).toBe(0);
  });

  it('el uso de la base: el pool de PostgreSQL o la espera del turno de PGlite; el disco de DATA_DIR', async () => {
    await t.app.inject({ url: '/health/ready' });
    const texto = await metricas();
    if (engine === 'postgresql') {
      expect(valor(texto, 'vla_db_pool_conexiones', 'estado="abiertas"')).toBeGreaterThanOrEqual(1);
      expect(valor(texto, 'vla_db_pool_conexiones', 'estado="esperando"')).toBe(0);
      expect(texto).not.toContain('vla_pglite_espera_turno_seconds_count ');
    } else {
      expect(valor(texto, 'vla_pglite_espera_turno_seconds_count')).toBeGreaterThan(0);
      expect(texto).not.toMatch(/^vla_db_pool_conexiones\{/m);
    }
    expect(valor(texto, 'vla_disco_libre_bytes')).toBeGreaterThan(0);
    expect(valor(texto, 'vla_disco_total_bytes')).toBeGreaterThanOrEqual(valor(texto, 'vla_disco_libre_bytes')!);
  });

  it('una base que no contesta no demora la lectura: sus cifras valen NaN y vla_metricas_base_ok 0', { timeout: 20_000 }, async () => {
    // The outbox's read cannot run for 3.5 s: a transaction holds PGlite's one turn, or PostgreSQL's table.
    const ocupada = t.database.db.transaction(async (tx) => {
      await tx.execute(engine === 'postgresql' ? sql`lock table ${outbox} in access exclusive mode` : sql`select 1`);
      await new Promise((resolve) => setTimeout(resolve, 3_500));
    });
    await new Promise((resolve) => setTimeout(resolve, 100));
    const inicio = performance.now();
    const texto = await metricas();
    const demora = performance.now() - inicio;
    expect(demora).toBeLessThan(3_000);
    expect(valor(texto, 'vla_metricas_base_ok')).toBe(0);
    expect(valor(texto, 'vla_correo_pendientes')).toBeNaN();
    // What needs no database is there all the same.
    expect(valor(texto, 'vla_disco_libre_bytes')).toBeGreaterThan(0);
    await ocupada;
    await esperarHasta(async () => valor(await metricas(), 'vla_metricas_base_ok') === 1);
  });
});
