import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { esperarHasta } from '#tests/setup/smtp.ts';
import { scheduleJob } from './scheduled-jobs.ts';

/** Fastify with its log lines kept. */
function appConLog() {
  const lineas: Record<string, unknown>[] = [];
  const app = Fastify({ logger: { level: 'info', stream: { write: (linea: string) => lineas.push(JSON.parse(linea) as Record<string, unknown>) } } });
  return { app, lineas };
}

describe('tareas programadas', () => {
  it('corre una vez listo el servidor, luego cada período; un error se registra y no la detiene', async () => {
    const { app, lineas } = appConLog();
    let corridas = 0;
    scheduleJob(app, {
      name: 'prueba',
      firstAfterMs: 10,
      everyMs: 10,
      run: async () => {
        corridas++;
        if (corridas === 2) throw new Error('falla de prueba');
      },
    });
    expect(corridas).toBe(0);
    await app.ready();
    await esperarHasta(() => corridas >= 4);
    await app.close();
    const despues = corridas;
    // Stopped: no run after close (this pause checks that nothing happens).
    await new Promise((r) => setTimeout(r, 60));
    expect(corridas).toBe(despues);
    expect(lineas.filter((l) => l.msg === 'tarea programada fallida')).toHaveLength(1);
    expect(lineas.find((l) => l.msg === 'tarea programada fallida')).toMatchObject({ tarea: 'prueba' });
  });

  it('al cerrar espera la corrida en curso', async () => {
    const { app } = appConLog();
    let terminar: () => void = () => {};
    let empezo = false;
    let termino = false;
    scheduleJob(app, {
      name: 'lenta',
      firstAfterMs: 0,
      everyMs: 60_000,
      run: async () => {
        empezo = true;
        await new Promise<void>((r) => (terminar = r));
        termino = true;
      },
    });
    await app.ready();
    await esperarHasta(() => empezo);
    const cierre = app.close();
    setTimeout(() => terminar(), 30);
    await cierre;
    expect(termino).toBe(true);
  });

  it('runSoon: la corrida ahora, o justo después de la que está en curso (una sola por varias llamadas); antes de arrancar, nada', async () => {
    const { app } = appConLog();
    let corridas = 0;
    let soltar: () => void = () => {};
    const tarea = scheduleJob(app, {
      name: 'a pedido',
      firstAfterMs: 60_000,
      everyMs: 60_000,
      run: async () => {
        corridas++;
        await new Promise<void>((r) => (soltar = r));
      },
    });
    tarea.runSoon();
    await app.ready();
    expect(corridas).toBe(0);
    tarea.runSoon();
    await esperarHasta(() => corridas === 1);
    tarea.runSoon();
    tarea.runSoon();
    soltar();
    await esperarHasta(() => corridas === 2);
    soltar();
    // This pause checks that the two calls made one run, not two.
    await new Promise((r) => setTimeout(r, 60));
    expect(corridas).toBe(2);
    await app.close();
  });
});
