import type { FastifyInstance } from 'fastify';

export type ScheduledJob = {
  /** For the log. */
  name: string;
  /** Period between the end of one run and the start of the next (ms). */
  everyMs: number;
  /** First run this long after the app is ready (ms): start-up is not burdened with it. */
  firstAfterMs: number;
  run(): Promise<unknown>;
};

/**
 * A periodic job that lives with the app (docs/decisions/013-mesa-de-entradas.md): it starts when
 * the app is ready, one run at a time, stops on preClose, and onClose waits for a run in progress,
 * so the database is closed only after it. All its state is in the database: every instance runs
 * it, and the job itself makes sure two runs at once do no harm. A failed run is logged (through
 * the app's serializers, which drop a database error's parameters) and the next one comes as usual.
 */
export function scheduleJob(app: FastifyInstance, job: ScheduledJob): void {
  let timer: ReturnType<typeof setTimeout> | undefined;
  let running: Promise<void> | undefined;
  let active = false;

  const next = (ms: number) => {
    if (!active) return;
    timer = setTimeout(() => {
      running = job
        .run()
        .then(
          () => undefined,
          (error: unknown) => app.log.error({ err: error, tarea: job.name }, 'tarea programada fallida'),
        )
        .finally(() => {
          running = undefined;
          next(job.everyMs);
        });
    }, ms);
    timer.unref();
  };

  app.addHook('onReady', async () => {
    active = true;
    next(job.firstAfterMs);
  });
  app.addHook('preClose', async () => {
    active = false;
    clearTimeout(timer);
  });
  app.addHook('onClose', async () => {
    active = false;
    clearTimeout(timer);
    await running;
  });
}
