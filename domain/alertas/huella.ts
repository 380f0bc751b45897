import type { Cipher } from '#domain/shared/cipher.ts';

/** The keyed hash that groups one address's subscriptions and counts its limit; case does not matter in an address. */
export const huellaEmailAlerta = (cipher: Cipher, email: string) => cipher.hash('alertas-email', email.trim().toLowerCase());
