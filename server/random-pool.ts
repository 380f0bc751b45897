import { randomFillSync } from 'node:crypto';

const POOL_SIZE = 4096;
const pool = Buffer.alloc(POOL_SIZE);
let offset = POOL_SIZE;

/**
 * Cryptographically random bytes, taken from a pool refilled 4 KiB at a time: one call into the
 * system's generator serves some two hundred requests instead of two per request (the request id
 * and the CSP nonce were 2% of a page's CPU). Each slice is handed out once.
 */
export function randomPoolBytes(size: number): Buffer {
  if (offset + size > POOL_SIZE) {
    randomFillSync(pool);
    offset = 0;
  }
  const bytes = Buffer.from(pool.subarray(offset, offset + size));
  offset += size;
  return bytes;
}
