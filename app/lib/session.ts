/**
 * The browser's copy of the staff profile (docs/sitio-original.md §3, 4 and 9; docs/decisions/
 * 012-sesiones-y-roles.md): only `{ user: { firstName, email } }`, under the original site's
 * local-storage key. The session itself is the HttpOnly cookie the browser never reads; nothing
 * here is trusted by the server, and no token lives in the browser any more.
 */

const SESSION_STORAGE_KEY = 'municipalidad_vla';
/** The original waited at most this long for the stored session before showing the app. */
const SESSION_RESTORE_TIMEOUT_MS = 5000;
/** The sign-out screen shows 'Signing out...' this long before clearing the session. */
export const SIGN_OUT_DELAY_MS = 1500;

export type ClientSession = {
  user: { firstName: string; email: string };
};

const emptySession: ClientSession = { user: { firstName: '', email: '' } };

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

/** Parses what is stored; anything else (including the token an older version kept) reads as the profile alone or empty. */
function parseSession(raw: string | null): ClientSession {
  if (!raw) return emptySession;
  try {
    const value: unknown = JSON.parse(raw);
    if (typeof value !== 'object' || value === null) return emptySession;
    const { user } = value as { user?: unknown };
    const profile = typeof user === 'object' && user !== null ? (user as Record<string, unknown>) : {};
    return { user: { firstName: text(profile.firstName), email: text(profile.email) } };
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

/** Keeps the signed-in person's profile (never a secret). */
export function saveSession(session: ClientSession): void {
  try {
    storage()?.setItem(SESSION_STORAGE_KEY, JSON.stringify({ user: { firstName: session.user.firstName, email: session.user.email } }));
  } catch {
    // Storage full or disabled: the profile is a convenience, the cookie is the session.
  }
}

export function clearSession(): void {
  try {
    storage()?.removeItem(SESSION_STORAGE_KEY);
  } catch {
    // Nothing stored, nothing to clear.
  }
}

export function hasProfile(session: ClientSession): boolean {
  return session.user.email.length > 0;
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
