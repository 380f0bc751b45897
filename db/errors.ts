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
