import { createHash, randomBytes } from 'node:crypto';

/**
 * Bearer secrets (session cookies, invites, API tokens): 32 random bytes in base64url, with a
 * prefix that says what they are. The database keeps only their SHA-256: a copy of it opens
 * nothing. A plain hash (not scrypt) is enough for 256 random bits.
 */
export function nuevoToken(prefijo = ''): string {
  return `${prefijo}${randomBytes(32).toString('base64url')}`;
}

export function hashToken(token: string): string {
  return createHash('sha256').update(token, 'utf8').digest('base64url');
}
