import fs from 'node:fs';
import { isIP } from 'node:net';
import path from 'node:path';
import type { DatabaseLimits } from '#db/client.ts';
import type { S3Settings } from '#db/storage-s3.ts';
import { problemaDeClave } from '#domain/usuarios/claves.ts';
import { z } from '#domain/shared/zod.ts';

const optionalUrl = z
  .string()
  .trim()
  .transform((value) => (value === '' ? undefined : value))
  .pipe(z.url().optional())
  .optional();

/** The names proxy-addr (Fastify's trustProxy) gives to address ranges. */
const PROXY_RANGES = new Set(['loopback', 'linklocal', 'uniquelocal']);

/** One trusted proxy entry: an address, an address range (CIDR) or a range name. */
function validProxyEntry(entry: string): boolean {
  if (PROXY_RANGES.has(entry)) return true;
  const [address = '', bits, ...rest] = entry.split('/');
  const family = isIP(address);
  if (family === 0 || rest.length > 0) return false;
  if (bits === undefined) return true;
  return /^\d{1,3}$/.test(bits) && Number(bits) <= (family === 4 ? 32 : 128);
}

/**
 * TRUST_PROXY: false (no proxy), a hop count, or the proxies' addresses and ranges, as Fastify's
 * trustProxy takes them; the client is then the first untrusted address from the right of
 * X-Forwarded-For. "true" means one hop, never "trust every address": that would make the
 * leftmost entry, which the client writes, the client's address.
 */
const trustProxy = z
  .string()
  .trim()
  .default('false')
  .transform((value, ctx): false | number | string[] => {
    const lower = value.toLowerCase();
    if (lower === '' || lower === 'false' || lower === '0') return false;
    if (lower === 'true') return 1;
    if (/^\d+$/.test(value)) return Math.min(Number(value), 32);
    const entries = value
      .split(',')
      .map((entry) => entry.trim())
      .filter(Boolean);
    const invalid = entries.filter((entry) => !validProxyEntry(entry));
    if (invalid.length > 0) {
      ctx.addIssue({
        code: 'custom',
        message: 'Escribí false, una cantidad de proxies, o sus direcciones o rangos (CIDR) separados por comas, por ejemplo 10.0.0.0/8,::1.',
      });
      return z.NEVER;
    }
    return entries;
  });

/** A 256-bit key written as 64 hex digits or 44 base64 characters. */
const dataKey = z
  .string()
  .trim()
  .refine((value) => /^[0-9a-f]{64}$/i.test(value) || Buffer.from(value, 'base64').length === 32, {
    message: 'Debe ser una clave de 256 bits: 64 dígitos hexadecimales o 44 caracteres en base64 (generala con "openssl rand -hex 32").',
  });

/** A port of its own, off when empty; 0 takes any free one. */
const optionalPort = z
  .string()
  .trim()
  .optional()
  .transform((value) => (value === undefined || value === '' ? undefined : value))
  .pipe(z.coerce.number<string | undefined>().int().min(0).max(65535).optional());

const milliseconds = (fallback: number) => z.coerce.number().int().min(100).max(3_600_000).default(fallback);

const envSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('production'),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().min(1).default('0.0.0.0'),
  DATA_DIR: z.string().min(1).default('./data'),
  DATABASE_URL: optionalUrl,
  SMTP_URL: optionalUrl,
  MAIL_FROM: z.string().min(3).default('Municipalidad de Villa La Angostura <no-responder@villalaangostura.gob.ar>'),
  SITE_URL: optionalUrl,
  MAP_TILE_URL: z.string().min(1).default('https://tile.openstreetmap.org/{z}/{x}/{y}.png'),
  S3_ENDPOINT: optionalUrl,
  /** Set: files go to this bucket instead of DATA_DIR/archivos (docs/decisions/016-almacenamiento-s3.md). */
  S3_BUCKET: z
    .string()
    .trim()
    .optional()
    .transform((value) => value || undefined)
    .pipe(
      z
        .string()
        .regex(/^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/, {
          message: 'El nombre del bucket lleva de 3 a 63 letras minúsculas, dígitos, puntos o guiones, y empieza y termina con letra o dígito.',
        })
        .optional(),
    ),
  S3_REGION: z.string().trim().min(1).default('us-east-1'),
  S3_ACCESS_KEY_ID: z.string().trim().optional(),
  S3_SECRET_ACCESS_KEY: z.string().trim().optional(),
  S3_FORCE_PATH_STYLE: z.stringbool().optional(),
  S3_TIMEOUT_MS: milliseconds(10_000),
  ADMIN_EMAIL: z.email().default('admin@villalaangostura.gob.ar'),
  ADMIN_PASSWORD: z.string().optional(),
  /** Staff sessions (docs/decisions/012-sesiones-y-roles.md): idle timeout and absolute maximum age. */
  SESION_INACTIVIDAD_MINUTOS: z.coerce
    .number()
    .int()
    .min(1)
    .max(24 * 60)
    .default(30),
  SESION_DURACION_MAXIMA_HORAS: z.coerce
    .number()
    .int()
    .min(1)
    .max(24 * 30)
    .default(12),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  TRUST_PROXY: trustProxy,
  SEED_DEMO: z.stringbool().optional(),
  DATA_KEY: dataKey.optional(),
  /** The key read from a file instead (read in loadConfig): a systemd credential, a container secret. */
  DATA_KEY_FILE: z.string().trim().optional(),
  /** Keys being rotated out, comma-separated: still read, never written. */
  DATA_KEY_PREVIOUS: z.string().trim().optional(),
  SOLICITUDES_POR_IP: z.coerce.number().int().min(1).max(1_000_000).default(30),
  SOLICITUDES_POR_PERSONA: z.coerce.number().int().min(1).max(1_000).default(3),
  /** Citizen reports (docs/decisions/057-reclamos.md): per address in an hour, per e-mail in a day. */
  RECLAMOS_POR_IP: z.coerce.number().int().min(1).max(1_000_000).default(5),
  RECLAMOS_POR_EMAIL: z.coerce.number().int().min(1).max(1_000).default(5),
  CONSULTAS_ESTADO_POR_MINUTO: z.coerce.number().int().min(1).max(1_000_000).default(20),
  /** How often the alerts' job looks for new ordinances and bulletins (docs/decisions/024-alertas.md). */
  ALERTAS_INTERVALO_MS: z.coerce.number().int().min(100).max(3_600_000).default(60_000),
  PUBLICACIONES_INTERVALO_MS: z.coerce.number().int().min(100).max(3_600_000).default(60_000),
  /** Citizen reports' «¿Se resolvió?» (docs/decisions/057-reclamos.md): days after «resuelto», and how often the job looks. */
  RECLAMOS_CONSULTA_DIAS: z.coerce
    .number({ error: 'Escribí cuántos días después de resuelto se pregunta, por ejemplo 28 (cuatro semanas).' })
    .int({ error: 'Escribí los días como un número entero, por ejemplo 28.' })
    .min(0, { error: 'Los días no pueden ser negativos: 0 pregunta en cuanto se resuelve.' })
    .max(365, { error: 'Los días pueden ser hasta 365 (un año).' })
    .default(28),
  RECLAMOS_CONSULTAS_INTERVALO_MS: z.coerce
    .number({ error: 'Escribí cada cuánto se buscan reclamos para preguntar, en milisegundos: una hora son 3.600.000, escrito sin puntos.' })
    .int({ error: 'Escribí el intervalo en milisegundos enteros, sin puntos ni coma: una hora son 3.600.000.' })
    .min(100, { error: 'El intervalo tiene que ser de al menos 100 ms.' })
    .max(3_600_000, { error: 'El intervalo puede ser de hasta 3.600.000 ms (una hora).' })
    .default(3_600_000),
  /** Mi calle's Web Push to push services on loopback over plain HTTP: tests and benchmarks only. */
  PUSH_SERVICIOS_LOCALES: z.stringbool().default(false),
  REQUEST_TIMEOUT_MS: milliseconds(30_000),
  HANDLER_TIMEOUT_MS: milliseconds(15_000),
  MAX_CONNECTIONS_PER_IP: z.coerce.number().int().min(0).max(100_000).default(100),
  DB_CONNECT_TIMEOUT_MS: milliseconds(5_000),
  DB_STATEMENT_TIMEOUT_MS: milliseconds(5_000),
  DB_IDLE_IN_TRANSACTION_TIMEOUT_MS: milliseconds(10_000),
  DB_POOL_SIZE: z.coerce.number().int().min(1).max(1_000).default(10),
  RENDER_CACHE: z.stringbool().default(true),
  RENDER_CACHE_MAX_ENTRIES: z.coerce.number().int().min(1).max(1_000_000).default(1_000),
  RENDER_CACHE_MAX_MB: z.coerce.number().int().min(1).max(65_536).default(64),
  /** The ingest's own port: its root takes OsmAnd reports, as a Traccar server's 5055. Empty: off. */
  INGEST_PORT: optionalPort,
  /** The demo fleet's simulator: unset, on when this database holds the demo fleet. */
  SIMULADOR_VEHICULOS: z.stringbool().optional(),
  SIMULADOR_INTERVALO_MS: z.coerce.number().int().min(1_000).max(3_600_000).default(5_000),
  /** Live map streams (Server-Sent Events) open at once on an instance, and from one address. */
  MAX_STREAMS: z.coerce.number().int().min(1).max(100_000).default(1_000),
  MAX_STREAMS_PER_IP: z.coerce.number().int().min(1).max(100_000).default(10),
  /** From one network (an IPv4 /24, an IPv6 /64); unset, a quarter of MAX_STREAMS (docs/decisions/036-ingesta-de-rastreadores.md). */
  MAX_STREAMS_PER_NETWORK: z.coerce.number().int().min(1).max(100_000).optional(),
  /** The largest file a back-office form takes (docs/decisions/017-subidas.md): cut off while it streams. */
  UPLOAD_MAX_BYTES: z.coerce
    .number()
    .int()
    .min(1024)
    .max(2 * 1024 * 1024 * 1024)
    .default(25 * 1024 * 1024),
  /** Metrics for Prometheus on an internal port of their own (docs/decisions/030-metricas.md). Empty: off. */
  METRICS_PORT: optionalPort,
  METRICS_HOST: z.string().trim().min(1).default('127.0.0.1'),
  // Closing on SIGTERM (docs/decisions/028-cierre-ordenado.md): how long the site keeps serving after
  // /health/ready turns 503, so the proxy stops sending; then how long requests already accepted
  // may take to get their answer before their connections are cut.
  SHUTDOWN_DELAY_MS: z.coerce
    .number({ error: 'Escribí la espera en milisegundos, por ejemplo 3000 (0 para no esperar).' })
    .int({ error: 'Escribí la espera en milisegundos enteros, por ejemplo 3000.' })
    .min(0, { error: 'La espera no puede ser negativa: 0 para no esperar.' })
    .max(60_000, { error: 'La espera puede ser de hasta 60.000 ms (un minuto).' })
    .default(3_000),
  SHUTDOWN_TIMEOUT_MS: z.coerce
    .number({ error: 'Escribí el plazo en milisegundos, por ejemplo 5000 (cinco segundos).' })
    .int({ error: 'Escribí el plazo en milisegundos enteros, por ejemplo 5000.' })
    .min(100, { error: 'El plazo tiene que ser de al menos 100 ms.' })
    .max(600_000, { error: 'El plazo puede ser de hasta 600.000 ms (diez minutos).' })
    .default(15_000),
  // A full disk (docs/decisions/029-fallas.md): below this free space under DATA_DIR, /health/ready
  // still answers 200 (the site serves reads) but says `espacio: "bajo"` and logs a warning.
  ESPACIO_LIBRE_MINIMO_MB: z.coerce
    .number({ error: 'Escribí el espacio libre mínimo en megabytes, por ejemplo 200 (0 para no avisar).' })
    .int({ error: 'Escribí el espacio libre mínimo en megabytes enteros, por ejemplo 200.' })
    .min(0, { error: 'El espacio libre mínimo no puede ser negativo: 0 para no avisar.' })
    .max(1_048_576, { error: 'El espacio libre mínimo puede ser de hasta 1.048.576 MB (un terabyte).' })
    .default(200),
});

export type Config = {
  env: 'development' | 'production' | 'test';
  port: number;
  host: string;
  dataDir: string;
  databaseUrl: string | undefined;
  smtpUrl: string | undefined;
  mailFrom: string;
  /**
   * Public origin of every absolute link (mails, sitemap, feeds, exports, canonical links); never
   * taken from a request. Required with NODE_ENV=production; otherwise the listening address.
   */
  siteUrl: string;
  mapTileUrl: string;
  /** Object storage instead of the local folder, when S3_BUCKET is set (docs/decisions/016-almacenamiento-s3.md). */
  s3: S3Settings | undefined;
  /** The first administrator, created when the database has no user (docs/decisions/012-sesiones-y-roles.md). */
  admin: { email: string; password: string | undefined };
  /** Staff sessions: idle timeout, absolute maximum age, and a Secure cookie in production (explicit NODE_ENV=production) or under an https SITE_URL. */
  sesiones: { inactividadMs: number; duracionMaximaMs: number; cookieSegura: boolean };
  logLevel: string;
  /** Fastify's trustProxy: false, a hop count, or the proxies' addresses and ranges. */
  trustProxy: false | number | string[];
  seedDemo: boolean;
  /**
   * The key of personal data at rest (docs/decisions/004-datos-personales.md): DATA_KEY, and the
   * keys being rotated out; undefined in embedded mode without DATA_KEY (a key file in DATA_DIR).
   */
  dataKeys: { current: Buffer; previous: Buffer[] } | undefined;
  /** Decree-copy requests one address (an IPv6 /64) may send in an hour. */
  solicitudesPorIp: number;
  /** Acknowledgements one e-mail address, and requests one DNI, may get in a day. */
  solicitudesPorPersona: number;
  /** Status look-ups one address may make in a minute. */
  consultasEstadoPorMinuto: number;
  /** Citizen reports one address (an IPv6 /64) may send in an hour. */
  reclamosPorIp: number;
  /** Citizen reports one e-mail address may send in a day. */
  reclamosPorEmail: number;
  /** Period of the alerts' job, and its first run after start (ms). */
  alertasIntervaloMs: number;
  /** How often scheduled publications whose time came are published (docs/decisions/053-borradores-y-publicacion-programada.md). */
  publicacionesIntervaloMs: number;
  /** Days after «resuelto» that a report's reporter is asked «¿Se resolvió?» (docs/decisions/057-reclamos.md). */
  reclamosConsultaDias: number;
  /** Period of the job that sends those questions, and the most it waits for its first run (ms). */
  reclamosConsultasIntervaloMs: number;
  /** Whether Mi calle's push subscriptions may name a push service on loopback over HTTP (tests, benchmarks). */
  pushServiciosLocales: boolean;
  /** Bounds on every request: see docs/decisions/003-solicitudes-hostiles.md. */
  limits: {
    /** Headers and body must have arrived within this time (408). */
    requestTimeoutMs: number;
    /** An answer must have started within this time (503). */
    handlerTimeoutMs: number;
    /** Open connections one address may hold; 0 for no limit (behind a proxy every client shares its address). */
    maxConnectionsPerIp: number;
  };
  database: DatabaseLimits;
  /** Anonymous GETs of public pages are answered from the render cache (docs/decisions/007-cache-de-paginas.md). */
  renderCache: { enabled: boolean; maxEntries: number; maxBytes: number };
  /**
   * Vehicle tracking (docs/decisions/015-seguimiento-de-vehiculos.md): the ingest's own port
   * (undefined: off; 0: any free port), the demo fleet's simulator (undefined: on when the
   * database holds the demo fleet) and the bounds on live map streams.
   */
  /** The largest uploaded file (UPLOAD_MAX_BYTES): back-office forms get this plus 64 KiB as their body limit. */
  uploadMaxBytes: number;
  /**
   * Metrics for Prometheus (docs/decisions/030-metricas.md): a listener of their own on this port
   * and address, never on the public port; undefined when METRICS_PORT is empty (0: any free port).
   */
  metrics: { port: number; host: string } | undefined;
  vehiculos: {
    ingestPort: number | undefined;
    simulador: { activo: boolean | undefined; intervaloMs: number };
    streams: { max: number; porDireccion: number; porRed: number };
  };
  /** Closing on SIGTERM (docs/decisions/028-cierre-ordenado.md): serving on after readiness turns 503, then the bound on requests in flight. */
  cierre: { esperaMs: number; plazoMs: number };
  /** Free space under DATA_DIR below which readiness reports `espacio: "bajo"` (ESPACIO_LIBRE_MINIMO_MB). */
  espacioLibreMinimoBytes: number;
};

export class ConfigError extends Error {}

const parseKey = (value: string) => (/^[0-9a-f]{64}$/i.test(value) ? Buffer.from(value, 'hex') : Buffer.from(value, 'base64'));

// --- Deployment (docs/decisions/032-puesta-en-produccion.md) ---
/**
 * DATA_KEY_FILE: the data key read from a file (a systemd credential, a container secret), so the
 * key is in no environment file and no process listing. The file holds the key alone, as DATA_KEY.
 */
function withKeyFile(source: Record<string, string | undefined>): { source: Record<string, string | undefined>; problem?: string } {
  const file = source.DATA_KEY_FILE?.trim();
  if (!file) return { source };
  if (source.DATA_KEY?.trim()) return { source, problem: '  DATA_KEY_FILE: está también DATA_KEY; dejá una sola de las dos.' };
  let key: string;
  try {
    key = fs.readFileSync(file, 'utf8').trim();
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    const why = code === 'ENOENT' ? 'no existe' : code === 'EACCES' ? 'este usuario no puede leerlo' : `no se pudo leer (${code ?? String(error)})`;
    return { source, problem: `  DATA_KEY_FILE: el archivo ${file} ${why}.` };
  }
  if (!dataKey.safeParse(key).success)
    return { source, problem: `  DATA_KEY_FILE: el archivo ${file} no tiene una clave de 256 bits (64 dígitos hexadecimales o 44 caracteres en base64).` };
  return { source: { ...source, DATA_KEY: key } };
}
// --- end of deployment ---

/** Reads the environment once, at boot; a wrong value stops the process with a message per variable. */
export function loadConfig(environment: Record<string, string | undefined> = process.env): Config {
  const { source, problem } = withKeyFile(environment);
  const parsed = envSchema.safeParse(source);
  const lines = parsed.success ? [] : parsed.error.issues.map((issue) => `  ${issue.path.join('.')}: ${issue.message}`);
  if (problem) lines.push(problem);
  // Only an operator's explicit NODE_ENV=production is a deployment; `npm start` without it is
  // local use, served in production mode.
  if (source.NODE_ENV === 'production' && !source.SITE_URL?.trim()) {
    lines.push(
      '  SITE_URL: en producción (NODE_ENV=production) es obligatoria: la dirección pública del sitio, por ejemplo https://www.villalaangostura.gob.ar. Los enlaces de los correos, el sitemap y los feeds salen de ella, nunca del pedido.',
    );
  }
  if ((source.NODE_ENV === 'production' || source.DATABASE_URL?.trim()) && !source.DATA_KEY?.trim() && !problem) {
    lines.push(
      '  DATA_KEY: en producción y con PostgreSQL es obligatoria: la clave que cifra DNI y correos (generala con "openssl rand -hex 32" y guardala fuera de la base), o DATA_KEY_FILE con la ruta del archivo que la tiene.',
    );
  }
  const adminPassword = source.ADMIN_PASSWORD;
  if (adminPassword !== undefined && adminPassword !== '') {
    const problema = problemaDeClave(adminPassword, source.ADMIN_EMAIL?.trim() || 'admin@villalaangostura.gob.ar');
    if (problema) lines.push(`  ADMIN_PASSWORD: ${problema}`);
  }
  const previous = (source.DATA_KEY_PREVIOUS ?? '')
    .split(',')
    .map((key) => key.trim())
    .filter(Boolean);
  for (const key of previous) {
    if (!dataKey.safeParse(key).success)
      lines.push('  DATA_KEY_PREVIOUS: cada clave anterior debe ser de 256 bits (64 dígitos hexadecimales o 44 caracteres en base64), separadas por comas.');
  }
  if (parsed.success && parsed.data.INGEST_PORT !== undefined && parsed.data.INGEST_PORT !== 0 && parsed.data.INGEST_PORT === parsed.data.PORT) {
    lines.push('  INGEST_PORT: tiene que ser otro puerto que PORT (la ingesta ya está en PORT, en /api/v1/posiciones); dejala vacía para no abrir otro.');
  }
  if (parsed.success && parsed.data.METRICS_PORT !== undefined && parsed.data.METRICS_PORT !== 0) {
    const { METRICS_PORT: metricas, PORT: sitio, INGEST_PORT: ingesta } = parsed.data;
    if (metricas === sitio || metricas === ingesta) {
      lines.push(
        '  METRICS_PORT: tiene que ser un puerto propio, distinto de PORT y de INGEST_PORT: las métricas nunca se sirven en el puerto público. Dejala vacía para no abrirlo.',
      );
    }
  }
  if (parsed.success && Boolean(parsed.data.S3_ACCESS_KEY_ID) !== Boolean(parsed.data.S3_SECRET_ACCESS_KEY)) {
    lines.push(
      '  S3_ACCESS_KEY_ID y S3_SECRET_ACCESS_KEY: van las dos juntas, o ninguna (entonces se usan las credenciales del entorno, como el rol de la instancia).',
    );
  }
  if (parsed.success && !parsed.data.S3_BUCKET && (parsed.data.S3_ENDPOINT || parsed.data.S3_ACCESS_KEY_ID || parsed.data.S3_SECRET_ACCESS_KEY)) {
    lines.push('  S3_BUCKET: falta el nombre del bucket; sin él los archivos van a la carpeta local y las demás S3_* no se usan.');
  }
  if (!parsed.success || lines.length > 0) throw new ConfigError(`Configuración inválida:\n${[...new Set(lines)].join('\n')}`);
  const e = parsed.data;
  const localHost = ['0.0.0.0', '::', '127.0.0.1', '::1', 'localhost'].includes(e.HOST) ? 'localhost' : e.HOST.includes(':') ? `[${e.HOST}]` : e.HOST;
  return {
    env: e.NODE_ENV,
    port: e.PORT,
    host: e.HOST,
    dataDir: path.resolve(e.DATA_DIR),
    databaseUrl: e.DATABASE_URL,
    smtpUrl: e.SMTP_URL,
    mailFrom: e.MAIL_FROM,
    siteUrl: (e.SITE_URL ?? `http://${localHost}:${e.PORT}`).replace(/\/+$/, ''),
    mapTileUrl: e.MAP_TILE_URL,
    s3: e.S3_BUCKET
      ? {
          endpoint: e.S3_ENDPOINT,
          bucket: e.S3_BUCKET,
          region: e.S3_REGION,
          accessKeyId: e.S3_ACCESS_KEY_ID || undefined,
          secretAccessKey: e.S3_SECRET_ACCESS_KEY || undefined,
          // Self-hosted servers (MinIO, s3rver) answer at their address, not at a bucket's subdomain.
          forcePathStyle: e.S3_FORCE_PATH_STYLE ?? e.S3_ENDPOINT !== undefined,
          timeoutMs: e.S3_TIMEOUT_MS,
        }
      : undefined,
    admin: { email: e.ADMIN_EMAIL, password: e.ADMIN_PASSWORD || undefined },
    sesiones: {
      inactividadMs: e.SESION_INACTIVIDAD_MINUTOS * 60_000,
      duracionMaximaMs: e.SESION_DURACION_MAXIMA_HORAS * 3_600_000,
      cookieSegura: source.NODE_ENV === 'production' || (e.SITE_URL ?? '').startsWith('https://'),
    },
    logLevel: e.LOG_LEVEL,
    trustProxy: e.TRUST_PROXY,
    // Demo content fills the embedded database by default, never a server's unless asked.
    seedDemo: e.SEED_DEMO ?? !e.DATABASE_URL,
    dataKeys: e.DATA_KEY ? { current: parseKey(e.DATA_KEY), previous: previous.map(parseKey) } : undefined,
    solicitudesPorIp: e.SOLICITUDES_POR_IP,
    solicitudesPorPersona: e.SOLICITUDES_POR_PERSONA,
    consultasEstadoPorMinuto: e.CONSULTAS_ESTADO_POR_MINUTO,
    reclamosPorIp: e.RECLAMOS_POR_IP,
    reclamosPorEmail: e.RECLAMOS_POR_EMAIL,
    alertasIntervaloMs: e.ALERTAS_INTERVALO_MS,
    publicacionesIntervaloMs: e.PUBLICACIONES_INTERVALO_MS,
    reclamosConsultaDias: e.RECLAMOS_CONSULTA_DIAS,
    reclamosConsultasIntervaloMs: e.RECLAMOS_CONSULTAS_INTERVALO_MS,
    pushServiciosLocales: e.PUSH_SERVICIOS_LOCALES,
    limits: {
      requestTimeoutMs: e.REQUEST_TIMEOUT_MS,
      handlerTimeoutMs: e.HANDLER_TIMEOUT_MS,
      maxConnectionsPerIp: e.MAX_CONNECTIONS_PER_IP,
    },
    database: {
      connectTimeoutMs: e.DB_CONNECT_TIMEOUT_MS,
      statementTimeoutMs: e.DB_STATEMENT_TIMEOUT_MS,
      idleInTransactionTimeoutMs: e.DB_IDLE_IN_TRANSACTION_TIMEOUT_MS,
      poolSize: e.DB_POOL_SIZE,
    },
    renderCache: { enabled: e.RENDER_CACHE, maxEntries: e.RENDER_CACHE_MAX_ENTRIES, maxBytes: e.RENDER_CACHE_MAX_MB * 1024 * 1024 },
    uploadMaxBytes: e.UPLOAD_MAX_BYTES,
    metrics: e.METRICS_PORT === undefined ? undefined : { port: e.METRICS_PORT, host: e.METRICS_HOST },
    vehiculos: {
      ingestPort: e.INGEST_PORT,
      simulador: { activo: e.SIMULADOR_VEHICULOS, intervaloMs: e.SIMULADOR_INTERVALO_MS },
      streams: {
        max: e.MAX_STREAMS,
        porDireccion: e.MAX_STREAMS_PER_IP,
        porRed: e.MAX_STREAMS_PER_NETWORK ?? Math.max(e.MAX_STREAMS_PER_IP, Math.ceil(e.MAX_STREAMS / 4)),
      },
    },
    cierre: { esperaMs: e.SHUTDOWN_DELAY_MS, plazoMs: e.SHUTDOWN_TIMEOUT_MS },
    espacioLibreMinimoBytes: e.ESPACIO_LIBRE_MINIMO_MB * 1024 * 1024,
  };
}
