/**
 * Errors that mean "the database cannot answer now" (down, frozen, overloaded, a statement cut by a
 * timeout), as opposed to a defect in a query. They become 503 answers, never 500, and the next
 * request tries again: nothing needs a restart.
 */
export class DatabaseTimeoutError extends Error {
  readonly code = 'DB_TIMEOUT';
}

/** SQLSTATE classes and codes of unavailability: connection exceptions, cancels, shutdowns, locks, overload. */
const UNAVAILABLE_STATES = /^(08...|57014|57P0[1-5]|53...|55P03|40001|40P01)$/;
// STORAGE_UNAVAILABLE: object storage that does not answer (db/storage.ts), a 503 like the database's.
const UNAVAILABLE_ERRNO = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'EPIPE',
  'ENOTFOUND',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'EAI_AGAIN',
  'DB_TIMEOUT',
  'STORAGE_UNAVAILABLE',
]);
/** node-postgres and PGlite report these conditions by message only. */
const UNAVAILABLE_MESSAGES = [
  'timeout exceeded when trying to connect',
  'Connection terminated',
  'Query read timeout',
  'Client has encountered a connection error',
  'Client was closed',
  'Cannot use a pool after calling end',
  'PGlite is closed',
  // SQLSTATE 55000, too broad a class to list: a database closed to new connections for maintenance.
  'is not currently accepting connections',
];

export function isDatabaseUnavailable(error: unknown): boolean {
  for (let e = error as { code?: unknown; message?: unknown; cause?: unknown } | undefined, depth = 0; e && depth < 5; e = e.cause as typeof e, depth++) {
    if (e instanceof DatabaseTimeoutError) return true;
    if (typeof e.code === 'string' && (UNAVAILABLE_STATES.test(e.code) || UNAVAILABLE_ERRNO.has(e.code))) return true;
    if (typeof e.message === 'string' && UNAVAILABLE_MESSAGES.some((m) => (e.message as string).includes(m))) return true;
  }
  return false;
}

/** The server does not answer at all (a client-side timeout, a refused or cut connection), as opposed to refusing one statement. */
const NO_ANSWER_ERRNO = new Set(['ECONNREFUSED', 'ECONNRESET', 'ETIMEDOUT', 'EPIPE', 'ENOTFOUND', 'EHOSTUNREACH', 'ENETUNREACH', 'EAI_AGAIN', 'DB_TIMEOUT']);
const NO_ANSWER_MESSAGES = [
  'timeout exceeded when trying to connect',
  'Connection terminated',
  'Query read timeout',
  'Client has encountered a connection error',
];

function isNoAnswer(error: unknown): boolean {
  for (let e = error as { code?: unknown; message?: unknown; cause?: unknown } | undefined, depth = 0; e && depth < 5; e = e.cause as typeof e, depth++) {
    if (e instanceof DatabaseTimeoutError) return true;
    if (typeof e.code === 'string' && (NO_ANSWER_ERRNO.has(e.code) || /^08...$/.test(e.code))) return true;
    if (typeof e.message === 'string' && NO_ANSWER_MESSAGES.some((m) => (e.message as string).includes(m))) return true;
  }
  return false;
}

/**
 * After the server failed to answer, every statement fails at once for `ventanaMs` instead of
 * waiting out its own timeout; the first one after the window tries the server again
 * (docs/decisions/029-fallas.md). A form post thus waits for a frozen database once (its action),
 * not once more for the page it renders, and a frozen database answers everyone within one
 * timeout. A statement the server refuses (a lock, a full disk) does not open it: the server answers.
 */
export class DatabaseBreaker {
  private hasta = 0;
  private readonly ventanaMs: number;
  constructor(ventanaMs: number) {
    this.ventanaMs = ventanaMs;
  }
  /** Throws while the window is open. */
  check(): void {
    if (Date.now() < this.hasta) throw new DatabaseTimeoutError('la base de datos no respondió hace un momento; se vuelve a probar en unos segundos');
  }
  /** Opens the window if `error` means the server did not answer. */
  readonly observe = (error: unknown): void => {
    if (isNoAnswer(error)) this.hasta = Date.now() + this.ventanaMs;
  };
}

/**
 * What of a database error may be logged. Drizzle's message quotes the query's parameters (a DNI,
 * an e-mail, a visitor's search), and PostgreSQL's detail quotes row values: neither is kept. The
 * SQL text (parameters are placeholders) and the codes are enough to find the fault.
 */
export function describeDatabaseError(error: unknown): Record<string, unknown> | undefined {
  const e = error as { message?: unknown; cause?: Record<string, unknown> } | undefined;
  if (!e || typeof e.message !== 'string' || !e.message.startsWith('Failed query: ')) return undefined;
  const query = e.message.slice('Failed query: '.length).split('\nparams:')[0];
  const cause = e.cause ?? {};
  const pick = (key: string) => (typeof cause[key] === 'string' ? (cause[key] as string) : undefined);
  return {
    query,
    code: pick('code'),
    // PostgreSQL's own message names the problem; for invalid input it may quote the value, so it
    // is cut where a quoted value starts.
    reason: pick('message')?.split(/[:"]/)[0],
    constraint: pick('constraint'),
    table: pick('table'),
    column: pick('column'),
  };
}

/**
 * The name of the unique constraint a write broke (SQLSTATE 23505), through Drizzle's wrapping: ''
 * when the driver does not name it, undefined for any other error. Two writes that raced for the
 * same number, slug or device land here.
 */
export function restriccionUnica(error: unknown): string | undefined {
  for (let e = error as { code?: unknown; constraint?: unknown; cause?: unknown } | undefined, i = 0; e && i < 5; e = e.cause as typeof e, i++) {
    if (e.code === '23505') return typeof e.constraint === 'string' ? e.constraint : '';
  }
  return undefined;
}
