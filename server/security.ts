import type { FastifyInstance } from 'fastify';
import type { Config } from './env.ts';
import { randomPoolBytes } from './random-pool.ts';

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

/** The Content-Security-Policy of this site, given the sources its inline scripts may run from. */
export type ContentSecurityPolicy = (inlineScripts: string) => string;

/**
 * Scripts run only from this origin or as the inline scripts a response names: by the per-request
 * nonce, or, for a cached page (docs/decisions/007-cache-de-paginas.md), by their sha256 hashes.
 * No inline style attribute is allowed either.
 */
export function contentSecurityPolicy(config: Config): ContentSecurityPolicy {
  const dev = config.env === 'development';
  const tiles = tileOrigin(config.mapTileUrl);
  const https = config.siteUrl.startsWith('https://');
  return (inlineScripts) =>
    [
      "default-src 'self'",
      `script-src 'self' ${inlineScripts}`,
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
}

/** The security headers every response carries besides its CSP (the same on every response). */
export function securityHeaders(config: Config): Readonly<Record<string, string>> {
  const https = config.siteUrl.startsWith('https://');
  return {
    'x-content-type-options': 'nosniff',
    'referrer-policy': 'strict-origin-when-cross-origin',
    'x-frame-options': 'DENY',
    'cross-origin-opener-policy': 'same-origin',
    'cross-origin-resource-policy': 'same-origin',
    'permissions-policy': 'camera=(), microphone=(), geolocation=(), payment=(), usb=()',
    ...(https ? { 'strict-transport-security': 'max-age=31536000; includeSubDomains' } : {}),
  };
}

/** Security headers on every response, pages, API, files and errors alike. */
export function registerSecurityHeaders(app: FastifyInstance, config: Config): void {
  const csp = contentSecurityPolicy(config);
  const headers = securityHeaders(config);
  app.decorateReply('cspNonce', '');
  app.addHook('onRequest', async (_request, reply) => {
    const nonce = randomPoolBytes(16).toString('base64');
    reply.cspNonce = nonce;
    reply.headers({ 'content-security-policy': csp(`'nonce-${nonce}'`), ...headers });
  });
}
