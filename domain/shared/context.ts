import type { Db } from '#db/client.ts';
import type { Storage } from '#db/storage.ts';
import type { Cipher } from './cipher.ts';

export type { Storage };

/** What a service may log: never personal data (DNI, e-mail) in any field. */
export type Log = {
  info(obj: object, msg?: string): void;
  warn(obj: object, msg?: string): void;
  error(obj: object, msg?: string): void;
};

export type Clock = { now(): Date };
const systemClock: Clock = { now: () => new Date() };

/** The outbox seen from the code that writes mail: it wakes the worker so mail leaves at once. */
type Mailer = { wake(): void };

/** The settings pages, API routes and commands read; secrets never enter it. */
export type AppConfig = {
  /** The position ingest's port of its own (INGEST_PORT), for the trackers' setup sheet; undefined when it has none. */
  ingestPort?: number;
  /** The public origin (SITE_URL), read only through `AppContext.url` (docs/architecture.md, "Contexto"). */
  siteUrl: string;
  mapTileUrl: string;
  solicitudes: {
    /** Decree-copy requests one address may send in an hour. */
    porDireccion: number;
    /** New requests, and so acknowledgements, per DNI and per e-mail in a day. */
    porPersona: number;
    /** Status look-ups one address may make in a minute. */
    consultasPorMinuto: number;
  };
  /**
   * Citizen reports (docs/decisions/057-reclamos.md): reports one address may send in an hour and one
   * e-mail in a day (RECLAMOS_POR_IP, RECLAMOS_POR_EMAIL), and the days after «resuelto» that its
   * reporter is asked «¿Se resolvió?» (RECLAMOS_CONSULTA_DIAS). Absent in domain tests of other
   * modules: domain/reclamos then uses its defaults (5, 5 and 28).
   */
  reclamos?: { porDireccion: number; porEmail: number; consultaDias?: number };
  /**
   * Staff sessions (docs/decisions/012-sesiones-y-roles.md): idle timeout, absolute maximum age
   * and whether the cookie is Secure. Absent in contexts that sign nobody in (domain tests of other
   * modules): domain/usuarios then uses its defaults (30 min, 12 h, Secure).
   */
  sesiones?: ConfigSesiones;
  /**
   * Whether mail can leave (SMTP_URL is set); without it mail stays in the outbox
   * (docs/decisions/005-bandeja-de-salida.md) and the outbox page tells administrators what to do.
   * Only the fact, never the address. Absent in contexts of domain tests: unknown.
   */
  smtpConfigurado?: boolean;
  /** The largest uploaded file (UPLOAD_MAX_BYTES, docs/decisions/017-subidas.md); absent in domain tests: 25 MB. */
  subidaMaxBytes?: number;
  /** Mi calle's push subscriptions may name a push service on loopback over HTTP (PUSH_SERVICIOS_LOCALES: tests, benchmarks). */
  pushServiciosLocales?: boolean;
};

export type ConfigSesiones = { inactividadMs: number; duracionMaximaMs: number; cookieSegura: boolean };

/**
 * The application context (docs/architecture.md, "Contexto"): built once per process by
 * `createAppContext` and handed to loaders, actions, API routes, feeds and tests alike. Nothing of
 * HTTP or React is in it; commands and queries take the parts they use (`Pick<AppContext, …>`).
 */
export type AppContext = {
  db: Db;
  storage: Storage;
  clock: Clock;
  log: Log;
  /** Personal data at rest: encryption and keyed hashes (docs/decisions/004-datos-personales.md). */
  cipher: Cipher;
  mailer: Mailer;
  config: AppConfig;
  /** The one source of absolute links (mails, feeds, sitemap, exports, canonical links): SITE_URL, never the request. */
  url(path: string): string;
};

/** Joins SITE_URL and a path of the site (`''`: SITE_URL itself); a path without its leading `/` is our bug. */
export function absoluteUrl(siteUrl: string, path: string): string {
  if (path !== '' && !path.startsWith('/')) throw new Error(`ruta relativa sin barra inicial: ${path}`);
  return `${siteUrl.replace(/\/+$/, '')}${path}`;
}

export function createAppContext(parts: Omit<AppContext, 'url' | 'clock'> & { clock?: Clock }): AppContext {
  const { siteUrl } = parts.config;
  return { ...parts, clock: parts.clock ?? systemClock, url: (path) => absoluteUrl(siteUrl, path) };
}
