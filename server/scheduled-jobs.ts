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

/** What the metrics tell of a job (docs/decisions/030-metricas.md): read at each scrape. */
export type JobState = {
  name: string;
  everyMs: number;
  /** When the last run succeeded (ms since the epoch); until the first, when the job was started. */
  lastSuccessAt: number | undefined;
  /** How long the last run took, whether it succeeded or not (s). */
  lastDurationS: number | undefined;
  successes: number;
  failures: number;
};

const states = new WeakMap<FastifyInstance, JobState[]>();

/** The jobs this app runs, with what happened to each. */
export function jobStates(app: FastifyInstance): readonly JobState[] {
  return states.get(app) ?? [];
}

/**
 * A periodic job that lives with the app (docs/decisions/013-mesa-de-entradas.md): it starts when
 * the app is ready, one run at a time, stops on preClose, and onClose waits for a run in progress,
 * so the database is closed only after it. All its state is in the database: every instance runs
 * it, and the job itself makes sure two runs at once do no harm. A failed run is logged (through
 * the app's serializers, which drop a database error's parameters) and the next one comes as usual.
 */
export function scheduleJob(app: FastifyInstance, job: ScheduledJob): { runSoon(): void } {
  let timer: ReturnType<typeof setTimeout> | undefined;
  let running: Promise<void> | undefined;
  let active = false;
  let again = false;
  const state: JobState = { name: job.name, everyMs: job.everyMs, lastSuccessAt: undefined, lastDurationS: undefined, successes: 0, failures: 0 };
  states.set(app, [...jobStates(app), state]);

  const next = (ms: number) => {
    if (!active) return;
    timer = setTimeout(() => {
      const started = performance.now();
      running = job
        .run()
        .then(
          () => {
            state.successes++;
            state.lastSuccessAt = Date.now();
          },
          (error: unknown) => {
            state.failures++;
            app.log.error({ err: error, tarea: job.name }, 'tarea programada fallida');
          },
        )
        .finally(() => {
          state.lastDurationS = (performance.now() - started) / 1000;
          running = undefined;
          next(again ? 0 : job.everyMs);
          again = false;
        });
    }, ms);
    timer.unref();
  };

  app.addHook('onReady', async () => {
    active = true;
    state.lastSuccessAt ??= Date.now();
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
  return {
    // The next run now, or right after the one in progress: several calls meanwhile make one run.
    runSoon() {
      if (!active) return;
      if (running) {
        again = true;
        return;
      }
      clearTimeout(timer);
      next(0);
    },
  };
}
