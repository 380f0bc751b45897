import { randomBytes } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import type { Config } from './env.ts';

declare module 'fastify' {
  interface FastifyReply {
    /** The CSP nonce of this response, for the framework's inline scripts. */
    cspNonce: string;
  }
}

/** The origin of a tile URL template, allowed as an image source for the map. */
function tileOrigin(template: string): string {
  try {
    return new URL(template.replace(/\{[a-z]\}/g, 'a')).origin.replace('//a.', '//*.');
  } catch {
    return '';
  }
}

/**
 * Security headers on every response, pages, API, files and errors alike. Scripts run only from
 * this origin or with the per-request nonce; no inline style attribute is allowed either.
 */
export function registerSecurityHeaders(app: FastifyInstance, config: Config): void {
  const dev = config.env === 'development';
  const tiles = tileOrigin(config.mapTileUrl);
  const https = config.siteUrl.startsWith('https://');
  app.decorateReply('cspNonce', '');
  app.addHook('onRequest', async (_request, reply) => {
    const nonce = randomBytes(16).toString('base64');
    reply.cspNonce = nonce;
    const csp = [
      "default-src 'self'",
      `script-src 'self' 'nonce-${nonce}'`,
      // Vite injects styles with <style> tags while developing; the build links CSS files.
      dev ? "style-src 'self' 'unsafe-inline'" : "style-src 'self'",
      `img-src 'self' data: ${tiles}`.trim(),
      "font-src 'self'",
      dev ? "connect-src 'self' ws: wss:" : "connect-src 'self'",
      "object-src 'none'",
      "base-uri 'self'",
      "form-action 'self'",
      "frame-ancestors 'none'",
      ...(https ? ['upgrade-insecure-requests'] : []),
    ].join('; ');
    reply.headers({
      'content-security-policy': csp,
      'x-content-type-options': 'nosniff',
      'referrer-policy': 'strict-origin-when-cross-origin',
      'x-frame-options': 'DENY',
      'cross-origin-opener-policy': 'same-origin',
      'cross-origin-resource-policy': 'same-origin',
      'permissions-policy': 'camera=(), microphone=(), geolocation=(), payment=(), usb=()',
      ...(https ? { 'strict-transport-security': 'max-age=31536000; includeSubDomains' } : {}),
    });
  });
}
