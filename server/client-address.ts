import type { FastifyRequest } from 'fastify';
import { addressKey } from '#domain/shared/addresses.ts';

/**
 * The client's address as limits key it: Fastify's `request.ip` (with TRUST_PROXY, the first
 * untrusted address from the right of X-Forwarded-For, docs/architecture.md), an IPv6 client by
 * its /64.
 */
export const clientKey = (request: FastifyRequest): string => addressKey(request.ip);
