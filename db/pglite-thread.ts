// PGlite on a thread of its own (docs/decisions/009-pglite-en-su-hilo.md). The main thread keeps
// serving requests, rendering pages and parsing while the embedded database works; what it sees is
// the part of PGlite's interface that drizzle and `db/client.ts` use, answered by messages.
import { AsyncLocalStorage } from 'node:async_hooks';
import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { MessageChannel, type MessagePort, Worker, receiveMessageOnPort } from 'node:worker_threads';
import type { QueryOptions, Results, Transaction } from '@electric-sql/pglite';
import { DatabaseTimeoutError } from './errors.ts';

export type WorkerStart = {
  dataDir: string | undefined;
  loadDataDir: ArrayBuffer | undefined;
  migrationsFolder: string;
  pgliteWasmModule: WebAssembly.Module;
  initdbWasmModule: WebAssembly.Module;
  /** Where the answers to a transaction's statements go, read without returning to the event loop. */
  syncPort: MessagePort;
  /** Set to 1 by the thread when a synchronous answer is on `syncPort`. */
  syncFlag: SharedArrayBuffer;
  /** The embedded PostgreSQL's settings, after PGlite's own (`PGLITE_SETTINGS`). */
  settings: string[];
};

/**
 * The embedded PostgreSQL's memory (docs/decisions/034-memoria.md): its WebAssembly memory only
 * grows, so every buffer PostgreSQL sizes at start or fills once stays for the life of the
 * process. One session runs at a time, so a few connection slots, small shared buffers and small
 * per-sort memory do for the site's queries; an index build (migrations) gets 16 MB.
 */
export const PGLITE_SETTINGS: Record<string, string> = {
  shared_buffers: '32MB',
  max_connections: '5',
  work_mem: '2MB',
  maintenance_work_mem: '16MB',
  temp_buffers: '2MB',
};

/**
 * The database thread's JavaScript heap (docs/decisions/034-memoria.md): it only passes statements
 * and rows between PGlite and the main thread, so a small young generation keeps its garbage
 * from piling up between collections.
 */
export const PGLITE_THREAD_LIMITS = { maxYoungGenerationSizeMb: 8 };

type Sent =
  | { op: 'query'; sql: string; params: unknown[]; rowMode: 'array' | 'object' | undefined; textOids: number[] }
  | { op: 'exec'; sql: string; rowMode: 'array' | 'object' | undefined; textOids: number[] }
  | { op: 'listen' | 'unlisten'; channel: string }
  | { op: 'dump' | 'close' };
export type Request = Sent & {
  id: number;
  /** Answered on `syncPort` (a transaction's statements) or as an ordinary message. */
  sync: boolean;
  /**
   * 0 waiting, 1 started by the thread, 2 given up by the caller: whichever changes it first wins
   * (an Int32 at offset 0); then, at offset 8, when it started (a Float64, `startedAt()`).
   */
  state?: SharedArrayBuffer;
};

export type Reply =
  | { op: 'ready' }
  | { op: 'failed'; error: Record<string, unknown> }
  | { op: 'result'; id: number; result: unknown; notifications: Notification[] }
  | { op: 'error'; id: number; error: Record<string, unknown>; notifications: Notification[] };
type Notification = { channel: string; payload: string };

export const WAITING = 0;
export const STARTED = 1;
const ABANDONED = 2;

/** The bytes of a request's `state`: its Int32 flag, then the Float64 time it started at offset 8. */
const STATE_BYTES = 16;

/** Now, in milliseconds since the epoch, comparable between threads (each has its own `performance.now()` origin). */
export const startedAt = () => performance.timeOrigin + performance.now();

/** Records, in a request's `state`, that it starts now. */
export function markStarted(state: Int32Array): void {
  new Float64Array(state.buffer, 8, 1)[0] = startedAt();
}

/** The same message as PGlite's own, so that `db/errors.ts` knows it: the database is gone, not a query wrong. */
const CLOSED = 'PGlite is closed';
/** A transaction's statement that takes longer than this means the thread is lost. */
const SYNC_LIMIT_MS = 60_000;

/** Set inside `withoutBlocking`: the transactions started there do not block the main thread. */
const withoutBlockingScope = new AsyncLocalStorage<true>();

/**
 * Runs `work` so that the transactions it starts on the embedded database do not block the main
 * thread (docs/decisions/009-pglite-en-su-hilo.md, «Transacciones que no bloquean»): their BEGIN,
 * statements and COMMIT are sent and awaited like reads, so the server keeps answering other
 * requests while the thread writes. For short, set-based transactions whose callers can wait (the
 * ingest's batches, docs/decisions/015): the turn is still held from BEGIN to COMMIT, so others
 * wait behind them as behind any transaction. No effect on PostgreSQL, where nothing blocks.
 */
export function withoutBlocking<T>(work: () => Promise<T>): Promise<T> {
  return withoutBlockingScope.run(true, work);
}

/** An error as PostgreSQL described it on the other thread (code, constraint, table…), for `db/errors.ts`. */
function rebuildError(fields: Record<string, unknown>): Error {
  const error = new Error(String(fields.message));
  Object.assign(error, fields);
  return error;
}

/**
 * drizzle asks PGlite to keep dates, intervals and some arrays as the text PostgreSQL sent, with
 * parsers that return their input. Functions cannot cross threads: the type ids do, and the worker
 * makes the same parsers. Any other parser would be silently lost, so it is refused here.
 */
function textOids(options: QueryOptions | undefined): number[] {
  const oids: number[] = [];
  for (const [oid, parse] of Object.entries(options?.parsers ?? {})) {
    if (parse('0', Number(oid)) !== '0') throw new Error(`El hilo de PGlite sólo acepta parsers que conservan el texto (tipo ${oid}).`);
    oids.push(Number(oid));
  }
  if (options && Object.keys(options).some((key) => key !== 'rowMode' && key !== 'parsers')) {
    throw new Error(`El hilo de PGlite no acepta estas opciones: ${Object.keys(options).join(', ')}.`);
  }
  return oids;
}

/** Compiled once per process and shared with every thread: compiling PGlite takes seconds. */
let modules: Promise<WebAssembly.Module[]> | undefined;
function compiledModules(): Promise<WebAssembly.Module[]> {
  const dist = path.dirname(createRequire(import.meta.url).resolve('@electric-sql/pglite'));
  modules ??= Promise.all(['pglite.wasm', 'initdb.wasm'].map(async (file) => WebAssembly.compile(await fs.promises.readFile(path.join(dist, file)))));
  return modules;
}

type Pending = { resolve(value: unknown): void; reject(error: Error): void };

/**
 * The embedded database's thread, seen from the main thread. The thread answers in the order it
 * is asked, so statements are sent as soon as they are asked for, with no pause between them; a
 * transaction holds the turn from BEGIN to COMMIT, and its statements are answered synchronously
 * (their callers continue before any other request's work, as when PGlite ran on this thread).
 * A statement that waits longer than `waitMs` to start is given up (503); one that started always
 * finishes, so a call answered as failed was never applied.
 */
export class PgliteThread {
  private readonly pending = new Map<number, Pending>();
  /** Answers received and not yet handed over (`receive`). */
  private readonly answers: Extract<Reply, { id: number }>[] = [];
  private readonly listeners = new Map<string, Set<(payload: string) => void>>();
  private readonly worker: Worker;
  private readonly syncPort: MessagePort;
  private readonly syncFlag: Int32Array;
  private readonly waitMs: number;
  private nextId = 1;
  private ended = false;
  /** Settles when the transaction before (if any) has ended: what the next caller waits for. */
  private tail: Promise<void> = Promise.resolve();
  /**
   * Told how long each statement waited for its turn, from being asked for to the thread starting
   * it (ms): the metrics' turn wait (docs/decisions/030-metricas.md).
   */
  onTurnWait: ((ms: number) => void) | undefined;

  private constructor(worker: Worker, syncPort: MessagePort, syncFlag: SharedArrayBuffer, waitMs: number) {
    this.worker = worker;
    this.syncPort = syncPort;
    this.syncFlag = new Int32Array(syncFlag);
    this.waitMs = waitMs;
    worker.on('message', (reply: Reply) => this.receive(reply));
    // A thread that ends (closed, or killed by a fault of its own) answers nothing more: whoever
    // waits, and whoever asks later, hears that the database is gone (503), never waits forever.
    worker.on('exit', () => this.end());
    worker.on('error', (error) => console.error(`La base embebida se detuvo: ${error.message}`));
  }

  static async start(options: { dataDir: string | undefined; loadDataDir: Blob | undefined; migrationsFolder: string; waitMs: number }): Promise<PgliteThread> {
    const [pgliteWasmModule, initdbWasmModule] = await compiledModules();
    const channel = new MessageChannel();
    const start: WorkerStart = {
      dataDir: options.dataDir,
      loadDataDir: options.loadDataDir ? await options.loadDataDir.arrayBuffer() : undefined,
      migrationsFolder: options.migrationsFolder,
      pgliteWasmModule: pgliteWasmModule!,
      initdbWasmModule: initdbWasmModule!,
      syncPort: channel.port2,
      syncFlag: new SharedArrayBuffer(4),
      settings: Object.entries(PGLITE_SETTINGS).flatMap(([name, value]) => ['-c', `${name}=${value}`]),
    };
    // From the project folder, as the migrations: the server is bundled, the thread's file is not.
    const worker = new Worker(path.resolve(process.cwd(), 'db/pglite-worker.ts'), {
      workerData: start,
      resourceLimits: PGLITE_THREAD_LIMITS,
      transferList: [channel.port2, ...(start.loadDataDir ? [start.loadDataDir] : [])],
    });
    await new Promise<void>((resolve, reject) => {
      const fail = (error: Error) => reject(error);
      const exit = (code: number) => reject(new Error(`La base embebida terminó al abrir (código ${code}).`));
      const ready = (reply: Reply) => {
        if (reply.op !== 'ready' && reply.op !== 'failed') return;
        worker.off('message', ready).off('error', fail).off('exit', exit);
        if (reply.op === 'ready') resolve();
        else reject(rebuildError(reply.error));
      };
      worker.on('message', ready).once('error', fail).once('exit', exit);
    }).catch(async (error: unknown) => {
      await worker.terminate();
      channel.port1.close();
      throw error;
    });
    return new PgliteThread(worker, channel.port1, start.syncFlag, options.waitMs);
  }

  private end(): void {
    this.ended = true;
    for (const call of this.pending.values()) call.reject(new Error(CLOSED));
    this.pending.clear();
  }

  /** The limits the database thread's JavaScript heap runs with. */
  get resourceLimits(): Worker['resourceLimits'] {
    return this.worker.resourceLimits;
  }

  get closed(): boolean {
    return this.ended;
  }

  /**
   * Answers are handed over one per turn of the event loop, not all of those that arrived at once:
   * each answer's request then renders its page, and between two of them the server reads the
   * requests that came meanwhile and sends their statements, so the thread works while this one
   * renders. Handed over together, twenty pages rendered back to back while the database had
   * nothing to do, then the twenty next statements ran while this thread had nothing to do.
   */
  private receive(reply: Reply): void {
    if (reply.op !== 'result' && reply.op !== 'error') return;
    this.answers.push(reply);
    if (this.answers.length === 1) setImmediate(this.handOver);
  }

  private readonly handOver = (): void => {
    const reply = this.answers.shift();
    // Queued from a check phase, the next one waits for the next turn, after the I/O poll.
    if (this.answers.length > 0) setImmediate(this.handOver);
    if (reply) this.settle(reply);
  };

  private settle(reply: Extract<Reply, { id: number }>): void {
    this.notify(reply.notifications);
    const call = this.pending.get(reply.id);
    this.pending.delete(reply.id);
    if (reply.op === 'result') call?.resolve(reply.result);
    else call?.reject(rebuildError(reply.error));
  }

  /** Notifications sent by a statement come before its answer: a write is heard before it returns. */
  private notify(notifications: Notification[]): void {
    for (const { channel, payload } of notifications) {
      for (const listener of this.listeners.get(channel) ?? []) listener(payload);
    }
  }

  /** Sends a request and answers when the thread does. */
  private send<T>(message: Sent, state?: Int32Array): Promise<T> {
    if (this.ended) return Promise.reject(new Error(CLOSED));
    const id = this.nextId++;
    return new Promise<T>((resolve, reject) => {
      this.pending.set(id, { resolve: resolve as (value: unknown) => void, reject });
      this.worker.postMessage({ ...message, id, sync: false, state: state?.buffer as SharedArrayBuffer | undefined } satisfies Request);
    });
  }

  /** Sends a request and blocks this thread until the answer (a transaction's statements only). */
  private sendSync<T>(message: Sent): T {
    if (this.ended) throw new Error(CLOSED);
    const id = this.nextId++;
    Atomics.store(this.syncFlag, 0, 0);
    this.worker.postMessage({ ...message, id, sync: true } satisfies Request);
    const until = Date.now() + SYNC_LIMIT_MS;
    for (;;) {
      const left = until - Date.now();
      if (left <= 0 || Atomics.wait(this.syncFlag, 0, 0, left) === 'timed-out') throw new DatabaseTimeoutError('la base embebida dejó de responder');
      Atomics.store(this.syncFlag, 0, 0);
      // An answer left behind by an earlier call that gave up is not this one's.
      for (let received = receiveMessageOnPort(this.syncPort); received; received = receiveMessageOnPort(this.syncPort)) {
        const reply = received.message as Extract<Reply, { id: number }>;
        if (reply.id !== id) continue;
        this.notify(reply.notifications);
        if (reply.op === 'error') throw rebuildError(reply.error);
        return reply.result as T;
      }
    }
  }

  /**
   * Waits for the transaction before (if any) at most `waitMs`, and for the thread to start the
   * request within the same bound; `hold` keeps the turn until the promise it returns settles.
   */
  private inTurn<T>(run: (state: Int32Array) => Promise<T>, hold: boolean): Promise<T> {
    const previous = this.tail;
    let release!: () => void;
    const released = new Promise<void>((resolve) => (release = resolve));
    this.tail = released;
    const state = new Int32Array(new SharedArrayBuffer(STATE_BYTES), 0, 1);
    const asked = startedAt();
    const waited = () => {
      const started = new Float64Array(state.buffer, 8, 1)[0]!;
      if (started > 0) this.onTurnWait?.(Math.max(0, started - asked));
    };
    return new Promise<T>((resolve, reject) => {
      const timer = setTimeout(() => {
        // Given up only if the thread has not started it; a started statement is awaited to its end.
        if (Atomics.compareExchange(state, 0, WAITING, ABANDONED) !== WAITING) return;
        reject(new DatabaseTimeoutError(`la base embebida no atendió en ${this.waitMs} ms`));
      }, this.waitMs);
      void previous.then(() => {
        if (Atomics.load(state, 0) === ABANDONED) return release();
        // The thread keeps the order it receives: the next caller may send as soon as this one has.
        if (!hold) release();
        Promise.resolve()
          .then(() => run(state))
          .then(
            (value) => {
              clearTimeout(timer);
              waited();
              resolve(value);
            },
            (error: unknown) => {
              clearTimeout(timer);
              waited();
              if (Atomics.load(state, 0) !== ABANDONED) reject(error as Error);
            },
          )
          .finally(release);
      });
    });
  }

  query<T>(sql: string, params: unknown[] = [], options?: QueryOptions): Promise<Results<T>> {
    const message: Sent = { op: 'query', sql, params, rowMode: options?.rowMode, textOids: textOids(options) };
    return this.inTurn((state) => this.send(message, state), false);
  }

  exec(sql: string, options?: QueryOptions): Promise<Results[]> {
    const message: Sent = { op: 'exec', sql, rowMode: options?.rowMode, textOids: textOids(options) };
    return this.inTurn((state) => this.send(message, state), false);
  }

  /**
   * BEGIN, the callback's statements, then COMMIT, or ROLLBACK when it throws, as PGlite's own
   * `transaction` does; nothing else reaches the thread meanwhile. The statements inside are
   * answered synchronously: the transaction runs straight through unless its own code waits.
   */
  transaction<T>(callback: (tx: Transaction) => Promise<T>): Promise<T> {
    const blocking = withoutBlockingScope.getStore() !== true;
    return this.inTurn(async (state) => {
      const begin: Sent = { op: 'exec', sql: 'BEGIN', rowMode: undefined, textOids: [] };
      if (blocking) {
        // BEGIN is answered synchronously too, after whatever the thread is still answering (reads
        // of other requests, a few milliseconds): the transaction then runs straight to its COMMIT,
        // as writes did when PGlite ran on this thread, and never holds the database idle while this
        // thread is busy with other requests.
        Atomics.store(state, 0, STARTED);
        markStarted(state);
        this.sendSync(begin);
      } else {
        // Sent like a read: the thread starts it (or the wait gives it up, and nothing follows).
        await this.send(begin, state);
      }
      let closed = false;
      const open = () => {
        if (closed) throw new Error('Transaction is closed');
      };
      const run = <R>(message: Sent) => {
        open();
        if (!blocking) return this.send<R>(message);
        try {
          return Promise.resolve(this.sendSync<R>(message));
        } catch (error) {
          return Promise.reject(error as Error);
        }
      };
      const tx = {
        query: <R>(sql: string, params: unknown[] = [], options?: QueryOptions) =>
          run<Results<R>>({ op: 'query', sql, params, rowMode: options?.rowMode, textOids: textOids(options) }),
        exec: (sql: string, options?: QueryOptions) => run<Results[]>({ op: 'exec', sql, rowMode: options?.rowMode, textOids: textOids(options) }),
        rollback: async () => {
          await run({ op: 'exec', sql: 'ROLLBACK', rowMode: undefined, textOids: [] });
          closed = true;
        },
        get closed() {
          return closed;
        },
      } as unknown as Transaction;
      try {
        const result = await callback(tx);
        if (!closed) {
          await run({ op: 'exec', sql: 'COMMIT', rowMode: undefined, textOids: [] });
          closed = true;
        }
        return result;
      } catch (error) {
        if (!closed) {
          await run({ op: 'exec', sql: 'ROLLBACK', rowMode: undefined, textOids: [] }).catch(() => {});
        }
        throw error;
      }
    }, true);
  }

  async listen(channel: string, callback: (payload: string) => void): Promise<() => Promise<void>> {
    const set = this.listeners.get(channel) ?? new Set();
    this.listeners.set(channel, set);
    set.add(callback);
    await this.inTurn((state) => this.send({ op: 'listen', channel }, state), false);
    return async () => {
      set.delete(callback);
      if (set.size === 0 && !this.ended) {
        this.listeners.delete(channel);
        await this.inTurn((state) => this.send({ op: 'unlisten', channel }, state), false);
      }
    };
  }

  /**
   * One statement's rows and the data folder, in one turn: nothing else runs between them and no
   * transaction is open, so the folder holds exactly what the rows describe (docs/decisions/031-respaldos.md).
   */
  async snapshot<T>(sql: string): Promise<{ rows: T[]; data: Blob }> {
    return this.inTurn(async (state) => {
      const result = await this.send<Results<T>>({ op: 'query', sql, params: [], rowMode: undefined, textOids: [] }, state);
      const data = await this.send<ArrayBuffer>({ op: 'dump' });
      return { rows: result.rows, data: new Blob([data]) };
    }, true);
  }

  async dumpDataDir(): Promise<Blob> {
    return new Blob([await this.inTurn((state) => this.send<ArrayBuffer>({ op: 'dump' }, state), false)]);
  }

  async close(): Promise<void> {
    if (this.ended) return;
    // PGlite closes its files after what was asked before; then the thread is ended.
    await this.send({ op: 'close' }).catch(() => {});
    await this.worker.terminate();
    // Closed from here on, before the thread's exit event arrives: a call now must not wait for it.
    this.end();
    this.syncPort.close();
  }
}
