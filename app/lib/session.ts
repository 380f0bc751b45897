/**
 * The browser's copy of the staff session (docs/sitio-original.md §3, 4 and 9): only the token and the
 * non-secret profile, under the original site's local-storage key. The real session secret lives
 * in an HttpOnly cookie once there is a back-office; nothing here is trusted by the server.
 */

const SESSION_STORAGE_KEY = 'municipalidad_vla';
/** The original waited at most this long for the stored session before showing the app. */
const SESSION_RESTORE_TIMEOUT_MS = 5000;
/** The sign-out screen shows 'Signing out...' this long before clearing the session. */
export const SIGN_OUT_DELAY_MS = 1500;

export type ClientSession = {
  token: string;
  user: { firstName: string; email: string };
};

const emptySession: ClientSession = { token: '', user: { firstName: '', email: '' } };

function storage(): Storage | undefined {
  try {
    return typeof window === 'undefined' ? undefined : window.localStorage;
  } catch {
    // Storage disabled by the browser's privacy settings: behave as signed out.
    return undefined;
  }
}

function text(value: unknown): string {
  return typeof value === 'string' ? value : '';
}

/**
 * Parses what is stored, tolerating the two shapes the spec mentions for the token (a string, or
 * an object with the field `valor`); anything else reads as the empty session.
 */
function parseSession(raw: string | null): ClientSession {
  if (!raw) return emptySession;
  try {
    const value: unknown = JSON.parse(raw);
    if (typeof value !== 'object' || value === null) return emptySession;
    const { token, user } = value as { token?: unknown; user?: unknown };
    const tokenText = typeof token === 'object' && token !== null ? text((token as { valor?: unknown }).valor) : text(token);
    const profile = typeof user === 'object' && user !== null ? (user as Record<string, unknown>) : {};
    return { token: tokenText, user: { firstName: text(profile.firstName), email: text(profile.email) } };
  } catch {
    return emptySession;
  }
}

function readSession(): ClientSession {
  try {
    return parseSession(storage()?.getItem(SESSION_STORAGE_KEY) ?? null);
  } catch {
    return emptySession;
  }
}

export function clearSession(): void {
  try {
    storage()?.removeItem(SESSION_STORAGE_KEY);
  } catch {
    // Nothing stored, nothing to clear.
  }
}

export function hasToken(session: ClientSession): boolean {
  return session.token.length > 0;
}

/**
 * The stored session, or the empty one if restoring takes longer than the timeout. Reading local
 * storage is synchronous today; the timeout keeps the original's guarantee should the storage
 * become asynchronous (IndexedDB, a server check).
 */
export function restoreSession(timeoutMs = SESSION_RESTORE_TIMEOUT_MS): Promise<ClientSession> {
  return new Promise((resolve) => {
    const timer = setTimeout(() => resolve(emptySession), timeoutMs);
    Promise.resolve()
      .then(readSession)
      .then(
        (session) => {
          clearTimeout(timer);
          resolve(session);
        },
        () => {
          clearTimeout(timer);
          resolve(emptySession);
        },
      );
  });
}
