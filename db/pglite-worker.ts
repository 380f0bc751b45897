// The embedded database's own thread (docs/decisions/009-pglite-en-su-hilo.md): PGlite runs every
// statement to its end on the thread that calls it, so here it stalls nothing but itself. The main
// thread talks to it through `db/pglite-thread.ts`; this file only answers its requests, in order.
import { parentPort, workerData } from 'node:worker_threads';
import { PGlite, type QueryOptions } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { unaccent } from '@electric-sql/pglite/contrib/unaccent';
import { drizzle } from 'drizzle-orm/pglite';
import { migrate } from 'drizzle-orm/pglite/migrator';
import { type Reply, type Request, STARTED, WAITING, type WorkerStart, markStarted } from './pglite-thread.ts';

const start = workerData as WorkerStart;
const port = parentPort!;
const syncFlag = new Int32Array(start.syncFlag);

/** What crosses the thread: the message and the fields PostgreSQL's errors carry (code, constraint…). */
function describeError(error: unknown): Record<string, unknown> {
  if (typeof error !== 'object' || error === null) return { message: String(error) };
  // The embedded PostgreSQL's file system throws plain objects ({ name: 'ErrnoError', errno }), not Errors.
  const { message, name } = error as { message?: unknown; name?: unknown };
  const fields: Record<string, unknown> = { message: typeof message === 'string' && message ? message : String(name ?? error), name: name ?? 'Error' };
  for (const [key, value] of Object.entries(error)) {
    if (value === null || ['string', 'number', 'boolean'].includes(typeof value)) fields[key] = value;
  }
  return fields;
}

/** Parsers that keep a type's text as it is: the only kind drizzle asks for (`db/pglite-thread.ts`). */
function options(rowMode: 'array' | 'object' | undefined, textOids: number[]): QueryOptions {
  const keep = (value: string) => value;
  return { rowMode, parsers: Object.fromEntries(textOids.map((oid) => [oid, keep])) };
}

let client: PGlite;
const unlisten = new Map<string, () => Promise<void>>();
/** Notifications of the request being answered: they travel with its answer, ahead of it. */
let heard: { channel: string; payload: string }[] = [];

async function answer(request: Request): Promise<unknown> {
  switch (request.op) {
    case 'query':
      return client.query(request.sql, request.params, options(request.rowMode, request.textOids));
    case 'exec':
      return client.exec(request.sql, options(request.rowMode, request.textOids));
    case 'listen':
      if (!unlisten.has(request.channel)) {
        unlisten.set(request.channel, await client.listen(request.channel, (payload) => heard.push({ channel: request.channel, payload })));
      }
      return undefined;
    case 'unlisten':
      await unlisten.get(request.channel)?.();
      unlisten.delete(request.channel);
      return undefined;
    case 'dump':
      return (await client.dumpDataDir('none')).arrayBuffer();
    case 'close':
      await client.close();
      return undefined;
  }
}

async function handle(request: Request): Promise<void> {
  let reply: Reply;
  // A request its caller gave up on before it started is not run (the caller was told it failed).
  const state = request.state && new Int32Array(request.state, 0, 1);
  if (state && Atomics.compareExchange(state, 0, WAITING, STARTED) !== WAITING) {
    reply = { op: 'error', id: request.id, error: { message: 'abandonada antes de empezar' }, notifications: [] };
  } else {
    if (state) markStarted(state);
    heard = [];
    try {
      reply = { op: 'result', id: request.id, result: await answer(request), notifications: heard };
    } catch (error) {
      reply = { op: 'error', id: request.id, error: describeError(error), notifications: heard };
    }
  }
  const transfer = reply.op === 'result' && reply.result instanceof ArrayBuffer ? [reply.result] : [];
  if (request.sync) {
    start.syncPort.postMessage(reply, transfer);
    Atomics.store(syncFlag, 0, 1);
    Atomics.notify(syncFlag, 0);
  } else {
    port.postMessage(reply, transfer);
  }
}

try {
  client = await PGlite.create({
    dataDir: start.dataDir,
    extensions: { unaccent, pg_trgm },
    startParams: [...PGlite.defaultStartParams, ...start.settings],
    pgliteWasmModule: start.pgliteWasmModule,
    initdbWasmModule: start.initdbWasmModule,
    ...(start.loadDataDir ? { loadDataDir: new Blob([start.loadDataDir]) } : {}),
  });
  await migrate(drizzle(client), { migrationsFolder: start.migrationsFolder });
} catch (error) {
  port.postMessage({ op: 'failed', error: describeError(error) } satisfies Reply);
  process.exit(1);
}

// One request at a time, in the order sent.
let queue: Promise<void> = Promise.resolve();
port.on('message', (request: Request) => {
  queue = queue.then(() => handle(request));
});
port.postMessage({ op: 'ready' } satisfies Reply);
