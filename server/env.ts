import path from 'node:path';
import { z } from 'zod';

const optionalUrl = z
  .string()
  .trim()
  .transform((value) => (value === '' ? undefined : value))
  .pipe(z.url().optional())
  .optional();

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
  S3_BUCKET: z.string().optional(),
  S3_REGION: z.string().default('us-east-1'),
  S3_ACCESS_KEY_ID: z.string().optional(),
  S3_SECRET_ACCESS_KEY: z.string().optional(),
  ADMIN_EMAIL: z.email().default('admin@villalaangostura.gob.ar'),
  ADMIN_PASSWORD: z.string().min(8).optional(),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  TRUST_PROXY: z.stringbool().default(false),
  SEED_DEMO: z.stringbool().optional(),
  SOLICITUDES_POR_IP: z.coerce.number().int().min(1).max(1_000_000).default(5),
});

export type Config = {
  env: 'development' | 'production' | 'test';
  port: number;
  host: string;
  dataDir: string;
  databaseUrl: string | undefined;
  smtpUrl: string | undefined;
  mailFrom: string;
  /** Public origin; requests are built from it, never from the client's Host header. */
  siteUrl: string | undefined;
  mapTileUrl: string;
  s3: { endpoint: string | undefined; bucket: string | undefined; region: string; accessKeyId: string | undefined; secretAccessKey: string | undefined };
  admin: { email: string; password: string | undefined };
  logLevel: string;
  trustProxy: boolean;
  seedDemo: boolean;
  /** Decree-copy requests one IP may send in 10 minutes (issue 4). */
  solicitudesPorIp: number;
};

export class ConfigError extends Error {}

/** Reads the environment once, at boot; a wrong value stops the process with a message per variable. */
export function loadConfig(source: Record<string, string | undefined> = process.env): Config {
  const parsed = envSchema.safeParse(source);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((issue) => `  ${issue.path.join('.')}: ${issue.message}`);
    throw new ConfigError(`Configuración inválida:\n${lines.join('\n')}`);
  }
  const e = parsed.data;
  return {
    env: e.NODE_ENV,
    port: e.PORT,
    host: e.HOST,
    dataDir: path.resolve(e.DATA_DIR),
    databaseUrl: e.DATABASE_URL,
    smtpUrl: e.SMTP_URL,
    mailFrom: e.MAIL_FROM,
    siteUrl: e.SITE_URL?.replace(/\/+$/, ''),
    mapTileUrl: e.MAP_TILE_URL,
    s3: {
      endpoint: e.S3_ENDPOINT,
      bucket: e.S3_BUCKET,
      region: e.S3_REGION,
      accessKeyId: e.S3_ACCESS_KEY_ID,
      secretAccessKey: e.S3_SECRET_ACCESS_KEY,
    },
    admin: { email: e.ADMIN_EMAIL, password: e.ADMIN_PASSWORD },
    logLevel: e.LOG_LEVEL,
    trustProxy: e.TRUST_PROXY,
    // Demo content fills the embedded database by default, never a server's unless asked.
    seedDemo: e.SEED_DEMO ?? !e.DATABASE_URL,
    solicitudesPorIp: e.SOLICITUDES_POR_IP,
  };
}
