import { z } from './zod.ts';

/**
 * A web address staff may publish: http or https only, with a host name, never
 * `javascript:`, `data:`, a relative address or one with spaces.
 */
export function urlSegura(v: string): boolean {
  if (!/^https?:\/\/[^\s]+$/i.test(v)) return false;
  return z.url({ protocol: /^https?$/, hostname: z.regexes.domain }).safeParse(v).success;
}
