import type { AppContext } from '#domain/shared/context.ts';
import { type ResultadoRegistro, registrarPosiciones } from './commands.ts';
import type { PosicionRecibida, ReporteSinPosicion } from './ingesta.ts';

/*
 * Group commit of the ingest (docs/decisions/015-seguimiento-de-vehiculos.md, «Escritura
 * por lotes»). The positions this instance receives wait here, in memory and in order of arrival,
 * and `registrarPosiciones` writes them in batches: one transaction for many, one batch at a time
 * (so each device's reports reach the database in the order they arrived). Every caller gets its
 * own position's result after its batch committed, or the batch's error (then nothing of the batch
 * was stored). Nothing is lost by a restart that waits for `cerrar()`: the positions waiting are
 * written first. A crash loses only positions not yet answered, which their trackers send again.
 */

/**
 * The most positions one transaction writes. A batch costs a few statements whatever its size;
 * on PGlite its transaction holds the server's thread (docs/decisions/009-pglite-en-su-hilo.md), so
 * batches are kept small enough to take a few milliseconds: 500 is a quarter of a second of the
 * ingest's goal (2,000 a second).
 */
export const MAXIMO_LOTE = 500;

/**
 * How long the first position of a batch waits for others before the batch is written (unless it
 * fills first). While a batch is being written the next one gathers anyway; this is what a lone
 * report waits when the ingest is quiet, small beside the 50 ms goal of p99.
 */
export const ESPERA_LOTE_MS = 5;

/**
 * Positions that may wait for a batch at once: ten full batches, five seconds of the goal's rate.
 * Past it the ingest is behind, and a report more would only wait longer: it is refused at once
 * (503 with Retry-After), stored nothing, and the tracker sends it again.
 */
export const MAXIMO_EN_COLA = 5_000;

/**
 * A position that waited this long without a batch taking it (the database slow or stuck) is
 * refused, not written: its answer says it was not stored, and so it is. Once taken, a position's
 * answer waits for its batch, whatever it takes (the database's own timeouts bound it).
 */
export const ESPERA_MAXIMA_MS = 10_000;

/** What a refused position's Retry-After says. */
export const REINTENTO_SIN_LUGAR_S = 5;

/** The ingest could not take the position now: not stored, try again (503 with Retry-After). */
export type SinLugar = { tipo: 'sin_lugar'; reintentarEnSegundos: number; mensaje: string };

export type ResultadoCola = ResultadoRegistro | SinLugar;

const sinLugar = (mensaje: string): SinLugar => ({ tipo: 'sin_lugar', reintentarEnSegundos: REINTENTO_SIN_LUGAR_S, mensaje });
const LLENA = sinLugar('Llegan más posiciones de las que el sitio puede guardar en este momento y esta no se guardó. Probá de nuevo en unos segundos.');
const VENCIDA = sinLugar('El sitio tardó demasiado en guardar la posición y no se guardó. Probá de nuevo en unos segundos.');
const CERRADA = sinLugar('El sitio se está reiniciando y la posición no se guardó. Probá de nuevo en unos segundos.');

export type ColaIngesta = {
  /**
   * Queues a position; resolves with its result once its batch committed, or with `sin_lugar`
   * when it was never written (the queue full, closed, or the wait too long); rejects with the
   * error of a batch that failed, when nothing of it was stored. `direccion`: the client's address
   * as limits key it, to bound guesses of device identifiers.
   */
  registrar(posicion: PosicionRecibida | ReporteSinPosicion, opciones?: { direccion?: string }): Promise<ResultadoCola>;
  /** Positions waiting for a batch (not counting the one being written). */
  enEspera(): number;
  /** Stops taking positions, writes those waiting and resolves when the last batch has ended. */
  cerrar(): Promise<void>;
};

type Espera = {
  posicion: PosicionRecibida | ReporteSinPosicion;
  direccion: string | undefined;
  /** The context's clock, for the rate limit and `recibida_en`. */
  llegada: Date;
  /** This process's monotonic clock, for the waits of the queue itself. */
  desde: number;
  resolver(resultado: ResultadoCola): void;
  rechazar(error: unknown): void;
};

export type OpcionesCola = { maximoLote?: number; esperaLoteMs?: number; maximoEnCola?: number; esperaMaximaMs?: number };

export function createColaIngesta(ctx: Pick<AppContext, 'db' | 'clock' | 'cipher'>, opciones: OpcionesCola = {}): ColaIngesta {
  const maximoLote = opciones.maximoLote ?? MAXIMO_LOTE;
  const esperaLoteMs = opciones.esperaLoteMs ?? ESPERA_LOTE_MS;
  const maximoEnCola = opciones.maximoEnCola ?? MAXIMO_EN_COLA;
  const esperaMaximaMs = opciones.esperaMaximaMs ?? ESPERA_MAXIMA_MS;
  let cola: Espera[] = [];
  let timer: ReturnType<typeof setTimeout> | undefined;
  let enCurso: Promise<void> | undefined;
  let cerrada = false;

  /** The next batch: up to `maximoLote` in order of arrival; those that waited too long are refused. */
  const tomar = (): Espera[] => {
    const vencimiento = performance.now() - esperaMaximaMs;
    const lote: Espera[] = [];
    let i = 0;
    for (; i < cola.length && lote.length < maximoLote; i++) {
      const espera = cola[i]!;
      if (espera.desde < vencimiento) espera.resolver(VENCIDA);
      else lote.push(espera);
    }
    cola = cola.slice(i);
    return lote;
  };

  const escribir = () => {
    clearTimeout(timer);
    timer = undefined;
    const lote = tomar();
    if (lote.length === 0) return;
    enCurso = registrarPosiciones(
      ctx,
      lote.map(({ posicion, direccion, llegada }) => ({ posicion, direccion, llegada })),
    )
      .then(
        (resultados) => lote.forEach((espera, i) => espera.resolver(resultados[i]!)),
        (error: unknown) => lote.forEach((espera) => espera.rechazar(error)),
      )
      .finally(() => {
        enCurso = undefined;
        programar();
      });
  };

  /** Writes now when a batch is full (or the queue is closing), else when the first one has waited its time. */
  const programar = () => {
    if (enCurso || cola.length === 0) return;
    if (cola.length >= maximoLote || cerrada) {
      escribir();
      return;
    }
    timer ??= setTimeout(escribir, Math.max(0, cola[0]!.desde + esperaLoteMs - performance.now()));
  };

  return {
    registrar(posicion, { direccion } = {}) {
      if (cerrada) return Promise.resolve(CERRADA);
      if (cola.length >= maximoEnCola) return Promise.resolve(LLENA);
      return new Promise<ResultadoCola>((resolver, rechazar) => {
        cola.push({ posicion, direccion, llegada: ctx.clock.now(), desde: performance.now(), resolver, rechazar });
        programar();
      });
    },
    enEspera: () => cola.length,
    async cerrar() {
      cerrada = true;
      programar();
      while (enCurso) await enCurso;
    },
  };
}
