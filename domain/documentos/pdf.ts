import path from 'node:path';
import { Worker } from 'node:worker_threads';

/**
 * A PDF's text for search, read on a thread of its own (domain/documentos/pdf-worker.ts) within a
 * time and memory budget (docs/decisions/037-extraccion-de-texto.md). pdf.js inflates a page's
 * streams whole: a 1 MB file can ask for gigabytes. On the server's thread that stalled every
 * visitor; here the thread is ended when it goes over its budget, and the file is stored without
 * searchable text (`sin_texto`), which the person who uploaded it is told.
 */

export type ResultadoExtraccion =
  /** The text of every page, joined, with runs of white space collapsed. */
  | { tipo: 'leido'; texto: string; paginas: number }
  /** pdf.js cannot open it: damaged, truncated or protected with a password. */
  | { tipo: 'ilegible' }
  /** Over the budget (or the thread failed): stored without text. */
  | { tipo: 'sin_texto'; motivo: 'tiempo' | 'memoria' | 'fallo' };

/** What crosses to the thread and back. */
export type PedidoExtraccion = { id: number; data: Uint8Array };
export type RespuestaExtraccion = { id: number } & ({ tipo: 'leido'; texto: string; paginas: number } | { tipo: 'ilegible' });

export type LimitesExtraccion = {
  /** How long one PDF may take. */
  plazoMs: number;
  /** How much the process's resident memory may grow while one PDF is read (pdf.js's buffers live outside the JavaScript heap). */
  memoriaMb: number;
  /** The thread's JavaScript heap (V8's old generation). */
  heapMb: number;
};

/** A PDF of the site (hundreds of pages of text, 25 MB scanned) reads in a few seconds and well under these. */
export const LIMITES_EXTRACCION: LimitesExtraccion = { plazoMs: 10_000, memoriaMb: 160, heapMb: 128 };

/** How often the process's memory is looked at while a PDF is read. */
const VIGILANCIA_MS = 20;
/** An idle thread stays this long for the next PDF (starting one and loading pdf.js takes about half a second). */
const OCIOSO_MS = 30_000;

let hilo: Worker | undefined;
let heapDelHilo = 0;
let ocioso: NodeJS.Timeout | undefined;
let siguienteId = 1;
/** One PDF at a time: the memory budget is the growth of the whole process while it is read. */
let turno: Promise<unknown> = Promise.resolve();

function abrirHilo(heapMb: number): Worker {
  if (hilo && heapDelHilo === heapMb) return hilo;
  void hilo?.terminate();
  // From the project folder, as the database's thread: the server is bundled, the thread's file is not.
  const nuevo = new Worker(path.resolve(process.cwd(), 'domain/documentos/pdf-worker.ts'), {
    resourceLimits: { maxOldGenerationSizeMb: heapMb, maxYoungGenerationSizeMb: 16 },
  });
  // An idle thread never keeps the process alive; while a PDF is read, the watch timer does.
  nuevo.unref();
  nuevo.once('exit', () => {
    if (hilo === nuevo) hilo = undefined;
  });
  // Errors are answered to the PDF being read (`leer`); one that comes between PDFs only ends the thread.
  nuevo.on('error', () => {});
  hilo = nuevo;
  heapDelHilo = heapMb;
  return nuevo;
}

function leer(data: Uint8Array, limites: LimitesExtraccion): Promise<ResultadoExtraccion> {
  clearTimeout(ocioso);
  const worker = abrirHilo(limites.heapMb);
  const id = siguienteId++;
  const base = process.memoryUsage.rss();
  return new Promise<ResultadoExtraccion>((resolve) => {
    let terminado = false;
    const terminar = (resultado: ResultadoExtraccion, matar: boolean) => {
      if (terminado) return;
      terminado = true;
      clearInterval(vigilancia);
      clearTimeout(plazo);
      worker.off('message', alResponder).off('error', alFallar).off('exit', alSalir);
      if (matar) {
        if (hilo === worker) hilo = undefined;
        void worker.terminate();
      } else {
        ocioso = setTimeout(() => {
          if (hilo === worker) hilo = undefined;
          void worker.terminate();
        }, OCIOSO_MS).unref();
      }
      resolve(resultado);
    };
    const alResponder = (r: RespuestaExtraccion) => {
      if (r.id !== id) return;
      const { id: _id, ...resultado } = r;
      terminar(resultado, false);
    };
    const alFallar = (error: Error & { code?: string }) =>
      terminar({ tipo: 'sin_texto', motivo: error.code === 'ERR_WORKER_OUT_OF_MEMORY' ? 'memoria' : 'fallo' }, true);
    const alSalir = () => terminar({ tipo: 'sin_texto', motivo: 'fallo' }, true);
    const vigilancia = setInterval(() => {
      if (process.memoryUsage.rss() - base > limites.memoriaMb * 1024 * 1024) terminar({ tipo: 'sin_texto', motivo: 'memoria' }, true);
    }, VIGILANCIA_MS);
    const plazo = setTimeout(() => terminar({ tipo: 'sin_texto', motivo: 'tiempo' }, true), limites.plazoMs);
    worker.on('message', alResponder).on('error', alFallar).on('exit', alSalir);
    const pedido: PedidoExtraccion = { id, data };
    worker.postMessage(pedido);
  });
}

/** Reads a PDF's text within `limites` (by default `LIMITES_EXTRACCION`); PDFs wait their turn. */
export function extraerTextoPdf(data: Uint8Array, limites: LimitesExtraccion = LIMITES_EXTRACCION): Promise<ResultadoExtraccion> {
  const resultado = turno.then(() => leer(data, limites));
  turno = resultado.catch(() => {});
  return resultado;
}
