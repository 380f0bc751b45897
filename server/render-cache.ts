import { createHash } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { promisify } from 'node:util';
import zlib from 'node:zlib';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { ContentVersion } from './content-version.ts';
import type { ContentSecurityPolicy } from './security.ts';

/**
 * The render cache (docs/decisions/007-cache-de-paginas.md): the HTML of public pages as anonymous
 * visitors get it, rendered once per content version and kept with its brotli and gzip forms, its
 * ETags and a CSP that names its inline scripts by hash, so a hit sends stored bytes without
 * running React and a CDN may keep them too.
 */

/** What a CDN and a browser are told about a cached page: the CDN keeps it a minute and revalidates with its ETag. */
export const CACHED_PAGE_CACHE_CONTROL = 'public, max-age=0, s-maxage=60, stale-while-revalidate=300, stale-if-error=86400';

/** Pages that show one person's data: never cached, whatever their answer says. */
const PERSONAL_PATHS = new Set(['/solicitud-decretos/estado']);

/**
 * Cookies that carry no session: analytics cookies a browser may send because another municipal
 * site set them for the whole domain. Any other cookie may be a session and makes the request
 * uncacheable (so do Authorization and a cookie header that cannot be read).
 */
const ANONYMOUS_COOKIE = /^(?:_ga|_ga_[A-Za-z0-9]+|_gid|_gat(?:_[A-Za-z0-9]+)?|_gcl_[a-z]+|_fbp)$/;

export type Encoding = 'br' | 'gzip' | 'identity';

const brotli = promisify(zlib.brotliCompress);
const gzip = promisify(zlib.gzip);

const brotliAt = (quality: number) => (html: Buffer) =>
  brotli(html, {
    params: {
      [zlib.constants.BROTLI_PARAM_MODE]: zlib.constants.BROTLI_MODE_TEXT,
      [zlib.constants.BROTLI_PARAM_QUALITY]: quality,
      [zlib.constants.BROTLI_PARAM_SIZE_HINT]: html.length,
    },
  });

/**
 * How each variant is compressed, off the main thread. Brotli's best quality takes about 150 ms
 * for a 70 KB page against 2 ms at quality 5 (for 12 % less): the first visitor gets quality 5, and
 * the best replaces it in the background, under an ETag of its own (a strong ETag names bytes).
 * gzip's best level costs no more than its default.
 */
const COMPRESS = {
  br: { first: { tag: 'br5', compress: brotliAt(5) }, best: { tag: 'br', compress: brotliAt(zlib.constants.BROTLI_MAX_QUALITY) } },
  gzip: { first: { tag: 'gz', compress: (html: Buffer) => gzip(html, { level: zlib.constants.Z_BEST_COMPRESSION }) }, best: undefined },
} satisfies Record<Exclude<Encoding, 'identity'>, { first: Stage; best: Stage | undefined }>;

type Stage = { tag: string; compress(html: Buffer): Promise<Buffer> };

/** Why a request is not answered from the cache. */
export type Bypass = 'metodo' | 'sesion' | 'personal' | 'version-desconocida' | 'no-guardable';

/** The path and query string a page is kept under: parameters sorted by name (stable), encoded one way. */
export function cacheKey(url: string): string {
  const parsed = new URL(url, 'http://clave.invalid');
  parsed.searchParams.sort();
  const query = parsed.searchParams.toString();
  return query === '' ? parsed.pathname : `${parsed.pathname}?${query}`;
}

/**
 * Whether the request may carry a session: Authorization or Aero-Token (the API's personal
 * token), or any cookie but known analytics ones, such as the staff session's `vla_sesion`
 * (docs/decisions/012-sesiones-y-roles.md).
 */
export function maySignIn(headers: FastifyRequest['headers']): boolean {
  if (headers.authorization !== undefined || headers['aero-token'] !== undefined) return true;
  const cookie = headers.cookie;
  if (cookie === undefined) return false;
  if (typeof cookie !== 'string') return true;
  return cookie
    .split(';')
    .map((pair) => pair.split('=', 1)[0]!.trim())
    .some((name) => name !== '' && !ANONYMOUS_COOKIE.test(name));
}

/**
 * The encoding a cached page is sent in, chosen as the compression plugin chooses (server/app.ts):
 * the accepted one with the highest q among br and gzip, br on a tie; `*` and x-gzip count as gzip.
 */
export function chooseEncoding(header: string | string[] | undefined): Encoding {
  if (header === undefined) return 'identity';
  const text = (Array.isArray(header) ? header.join(',') : header).toLowerCase();
  const q: Record<string, number> = {};
  for (const part of text.split(',')) {
    const [token = '', ...params] = part.split(';').map((piece) => piece.trim());
    const name = token === '*' || token === 'x-gzip' ? 'gzip' : token;
    if (name !== 'br' && name !== 'gzip') continue;
    const qParam = params.find((param) => param.startsWith('q='));
    const value = qParam ? Number(qParam.slice(2)) : 1;
    if (!Number.isFinite(value)) continue;
    q[name] = Math.max(q[name] ?? 0, value);
  }
  const br = q.br ?? 0;
  const gz = q.gzip ?? 0;
  if (br > 0 && br >= gz) return 'br';
  if (gz > 0) return 'gzip';
  return 'identity';
}

/** Whether If-None-Match names this ETag (weak comparison, as RFC 9110 asks for it), or is `*`. */
export function matchesEtag(header: string | undefined, etag: string): boolean {
  if (!header) return false;
  return header.split(',').some((candidate) => {
    const tag = candidate.trim().replace(/^W\//, '');
    return tag === '*' || tag === etag;
  });
}

/**
 * A page's answer may be kept when it is a complete 200 HTML page that sets no cookie, varies on
 * nothing but the encoding and does not say no-store, private or no-cache (loaders decide that).
 */
export function isStorable(response: Response): boolean {
  if (response.status !== 200 || !response.body) return false;
  if (!(response.headers.get('content-type') ?? '').startsWith('text/html')) return false;
  if (response.headers.getSetCookie().length > 0) return false;
  if (/no-store|private|no-cache/i.test(response.headers.get('cache-control') ?? '')) return false;
  const vary = (response.headers.get('vary') ?? '').toLowerCase().split(',');
  return vary.every((name) => ['', 'accept-encoding'].includes(name.trim()));
}

const INLINE_SCRIPT = /<script\b([^>]*)>([\s\S]*?)<\/script>/gi;

/**
 * The page without the nonce its render carried, and the hash sources of its inline scripts. A
 * page where the nonce is still found elsewhere is not kept (undefined): it would not be the same
 * for everyone.
 */
export function withScriptHashes(html: string, nonce: string): { html: string; sources: string[] } | undefined {
  const stripped = html.replaceAll(` nonce="${nonce}"`, '');
  if (nonce === '' || stripped.includes(nonce)) return undefined;
  const sources = new Set<string>();
  for (const [, attributes = '', body = ''] of stripped.matchAll(INLINE_SCRIPT)) {
    if (/\bsrc\s*=/i.test(attributes)) continue;
    sources.add(`'sha256-${createHash('sha256').update(body, 'utf8').digest('base64')}'`);
  }
  return { html: stripped, sources: [...sources] };
}

type Variant = { tag: string; body: Buffer };

type Entry = {
  key: string;
  version: number;
  /** Headers the page set (content type and the like), sent with every variant. */
  headers: [string, string][];
  csp: string;
  /** The content hash the ETags are made of; each encoding has its own (a strong ETag names bytes). */
  etag: string;
  identity: Buffer;
  /** Each compressed variant and the suffix of its ETag. */
  compressed: Map<Exclude<Encoding, 'identity'>, Promise<Variant>>;
  /** The variants already made, with the headers of a hit: what the front door can send at once. */
  ready: Map<Encoding, { variant: Variant; headers: Record<string, string | number> }>;
  bytes: number;
};

export type RenderCacheOptions = {
  version: ContentVersion;
  csp: ContentSecurityPolicy;
  /** The security headers every response carries besides its CSP (server/security.ts): the front door sends them too. */
  securityHeaders?: Readonly<Record<string, string>>;
  /** At most this many pages (least recently used go first). */
  maxEntries?: number;
  /** At most this many bytes of HTML, plain and compressed, over all pages. */
  maxBytes?: number;
};

/** `frontDoorHits`: the hits among `hits` that the front door answered, before Fastify saw them. */
export type RenderCacheStats = { entries: number; bytes: number; hits: number; frontDoorHits: number; misses: number; renders: number };

/**
 * Whether a request that the front door could answer passes the checks every request passes (the
 * input guard's header checks, and that the server is not closing); false sends it to Fastify,
 * which refuses it there with its Spanish answer.
 */
export type FrontDoorAdmits = (request: IncomingMessage) => boolean;

/** What the page handler does after asking the cache. */
export type Outcome =
  | { kind: 'sent' }
  /** Rendered for the cache but not storable: the handler sends it as it is. */
  | { kind: 'rendered'; response: Response }
  | { kind: 'bypass'; reason: Bypass };

/** Renders the page at `url` (the normalised key) for the cache, with this request's nonce. */
type Render = (url: string) => Promise<Response>;

export class RenderCache {
  private readonly entries = new Map<string, Entry>();
  private readonly inFlight = new Map<string, Promise<Entry | undefined>>();
  private readonly maxEntries: number;
  private readonly maxBytes: number;
  private bytes = 0;
  private hits = 0;
  private frontDoorHits = 0;
  private misses = 0;
  private renders = 0;
  private readonly options: RenderCacheOptions;

  constructor(options: RenderCacheOptions) {
    this.options = options;
    this.maxEntries = options.maxEntries ?? 1_000;
    this.maxBytes = options.maxBytes ?? 64 * 1024 * 1024;
    // Every page may show what changed: a new version empties the cache at once (a render that
    // started before it is not kept either, see fill).
    options.version.onChange(() => this.clear());
  }

  stats(): RenderCacheStats {
    return { entries: this.entries.size, bytes: this.bytes, hits: this.hits, frontDoorHits: this.frontDoorHits, misses: this.misses, renders: this.renders };
  }

  clear(): void {
    this.entries.clear();
    this.bytes = 0;
  }

  /**
   * The front door (docs/decisions/007-cache-de-paginas.md, «La puerta»): answers a hit straight
   * from Node's request event, before Fastify builds its request and reply and runs its hooks,
   * which cost three quarters of a hit's time. Only what is certain is answered here: a GET or
   * HEAD whose raw address is exactly a kept page of the current version, without a session, whose
   * encoding is already compressed, and that `admits` (the input guard's header checks). Anything
   * else returns false and goes through Fastify as before, which answers it the same way or
   * refuses it. The bytes and headers are the ones `send` gives a hit (a test compares them).
   */
  serveRaw(request: IncomingMessage, response: ServerResponse, admits: FrontDoorAdmits): boolean {
    const method = request.method;
    if (method !== 'GET' && method !== 'HEAD') return false;
    const entry = this.entries.get(request.url ?? '');
    if (!entry || entry.version !== this.options.version.current()) return false;
    if (maySignIn(request.headers)) return false;
    const ready = entry.ready.get(chooseEncoding(request.headers['accept-encoding']));
    if (!ready || !admits(request)) return false;
    this.entries.delete(entry.key);
    this.entries.set(entry.key, entry);
    this.hits++;
    this.frontDoorHits++;
    if (matchesEtag(request.headers['if-none-match'], String(ready.headers.etag))) {
      const { 'content-length': _length, 'content-encoding': _encoding, ...headers } = ready.headers;
      response.writeHead(304, headers);
      response.end();
    } else {
      response.writeHead(200, ready.headers);
      response.end(ready.variant.body);
    }
    return true;
  }

  /** Answers a page request from the cache, filling it on a miss; says so when it cannot. */
  async serve(request: FastifyRequest, reply: FastifyReply, render: Render): Promise<Outcome> {
    if (request.method !== 'GET' && request.method !== 'HEAD') return { kind: 'bypass', reason: 'metodo' };
    if (maySignIn(request.headers)) return { kind: 'bypass', reason: 'sesion' };
    const key = cacheKey(request.url);
    if (PERSONAL_PATHS.has(key.split('?', 1)[0]!)) return { kind: 'bypass', reason: 'personal' };
    const version = this.options.version.current();
    if (version === undefined) return { kind: 'bypass', reason: 'version-desconocida' };

    const found = this.entries.get(key);
    if (found && found.version === version) {
      this.entries.delete(key);
      this.entries.set(key, found);
      this.hits++;
      await this.send(found, request, reply, 'hit');
      return { kind: 'sent' };
    }
    // A HEAD renders no body to keep.
    if (request.method === 'HEAD') return { kind: 'bypass', reason: 'metodo' };

    // One render per page and version, however many ask at once.
    const flightKey = `${version} ${key}`;
    const pending = this.inFlight.get(flightKey);
    if (pending) {
      const entry = await pending;
      if (!entry) return { kind: 'bypass', reason: 'no-guardable' };
      this.hits++;
      await this.send(entry, request, reply, 'hit');
      return { kind: 'sent' };
    }
    let leader!: (entry: Entry | undefined) => void;
    const flight = new Promise<Entry | undefined>((resolve) => (leader = resolve));
    this.inFlight.set(flightKey, flight);
    try {
      this.renders++;
      const response = await render(key);
      if (!isStorable(response)) {
        leader(undefined);
        return { kind: 'rendered', response };
      }
      const html = await response.text();
      const entry = this.fill(key, version, html, response.headers, reply.cspNonce);
      leader(entry);
      // Not the same for everyone after all: sent as rendered, with this request's nonce.
      if (!entry) return { kind: 'rendered', response: new Response(html, { status: response.status, headers: response.headers }) };
      this.misses++;
      await this.send(entry, request, reply, 'miss');
      return { kind: 'sent' };
    } catch (error) {
      leader(undefined);
      throw error;
    } finally {
      this.inFlight.delete(flightKey);
    }
  }

  /** Makes and keeps the entry; kept only if no change arrived while rendering and it fits. */
  private fill(key: string, version: number, rendered: string, headers: Headers, nonce: string): Entry | undefined {
    const page = withScriptHashes(rendered, nonce);
    if (!page) return undefined;
    const identity = Buffer.from(page.html, 'utf8');
    const kept: [string, string][] = [];
    for (const [name, value] of headers) {
      if (!['content-length', 'content-encoding', 'cache-control', 'etag', 'vary', 'set-cookie', 'transfer-encoding'].includes(name)) kept.push([name, value]);
    }
    const entry: Entry = {
      key,
      version,
      headers: kept,
      csp: this.options.csp(page.sources.join(' ')),
      etag: createHash('sha256').update(identity).digest('base64url').slice(0, 27),
      identity,
      compressed: new Map(),
      ready: new Map(),
      bytes: identity.length,
    };
    this.makeReady(entry, 'identity', { tag: '', body: identity });
    if (this.options.version.current() === version && entry.bytes <= this.maxBytes / 8) {
      this.entries.delete(key);
      this.entries.set(key, entry);
      this.account(entry.bytes);
    }
    return entry;
  }

  private account(delta: number): void {
    this.bytes += delta;
    for (const [key, entry] of this.entries) {
      if (this.entries.size <= this.maxEntries && this.bytes <= this.maxBytes) break;
      this.entries.delete(key);
      this.bytes -= entry.bytes;
    }
  }

  private variant(entry: Entry, encoding: Encoding): Promise<Variant> {
    if (encoding === 'identity') return Promise.resolve({ tag: '', body: entry.identity });
    const existing = entry.compressed.get(encoding);
    if (existing) return existing;
    const { first, best } = COMPRESS[encoding];
    const made = first.compress(entry.identity).then((body) => ({ tag: first.tag, body }));
    entry.compressed.set(encoding, made);
    const grow = (delta: number) => {
      entry.bytes += delta;
      if (this.entries.get(entry.key) === entry) this.account(delta);
    };
    made.then(
      (variant) => {
        grow(variant.body.length);
        this.makeReady(entry, encoding, variant);
        if (!best || this.entries.get(entry.key) !== entry) return;
        best.compress(entry.identity).then(
          (body) => {
            if (entry.compressed.get(encoding) !== made) return;
            const better = { tag: best.tag, body };
            entry.compressed.set(encoding, Promise.resolve(better));
            this.makeReady(entry, encoding, better);
            grow(body.length - variant.body.length);
          },
          // The first variant stays.
          () => {},
        );
      },
      () => entry.compressed.delete(encoding),
    );
    return made;
  }

  /** Keeps a made variant with the headers a hit of it carries, for the front door. */
  private makeReady(entry: Entry, encoding: Encoding, variant: Variant): void {
    entry.ready.set(encoding, {
      variant,
      headers: {
        ...this.options.securityHeaders,
        ...pageHeaders(entry, variant, encoding, 'hit'),
        'content-length': variant.body.length,
      },
    });
  }

  private async send(entry: Entry, request: FastifyRequest, reply: FastifyReply, state: 'hit' | 'miss'): Promise<void> {
    const encoding = chooseEncoding(request.headers['accept-encoding']);
    const variant = await this.variant(entry, encoding);
    const { 'content-encoding': contentEncoding, ...headers } = pageHeaders(entry, variant, encoding, state);
    reply.headers(headers);
    if (matchesEtag(request.headers['if-none-match'], headers.etag)) {
      reply.status(304);
      await reply.send();
      return;
    }
    if (contentEncoding) reply.header('content-encoding', contentEncoding);
    reply.status(200);
    await reply.send(variant.body);
  }
}

/** The headers of a cached page's variant, as `send` and the front door give them. */
function pageHeaders(entry: Entry, variant: Variant, encoding: Encoding, state: 'hit' | 'miss'): Record<string, string> & { etag: string } {
  return {
    ...Object.fromEntries(entry.headers),
    'content-security-policy': entry.csp,
    'cache-control': CACHED_PAGE_CACHE_CONTROL,
    etag: `"${entry.etag}${variant.tag === '' ? '' : `-${variant.tag}`}"`,
    vary: 'Accept-Encoding',
    'x-cache': state,
    ...(encoding === 'identity' ? {} : { 'content-encoding': encoding }),
  };
}
