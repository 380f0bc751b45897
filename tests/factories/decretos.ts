import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll } from 'vitest';
import type { Database, Db } from '#db/client.ts';
import { type Cipher, createCipher } from '#domain/shared/cipher.ts';
import { type AppConfig, type AppContext, type Storage, createAppContext } from '#domain/shared/context.ts';
import { type Engine, createTestDatabase } from '#tests/setup/database.ts';

let siguiente = 20_000_000;

/** A valid decree-copy request; each call a new DNI and decree number, so none is a duplicate. */
export function solicitudValida(overrides: Record<string, unknown> = {}): Record<string, unknown> {
  const n = siguiente++;
  return {
    nombre: 'Lucía Fernández',
    dni: String(n + Math.floor(Math.random() * 1000) * 10_000),
    email: `lucia.${n}@correo.com.ar`,
    numero: `${n % 1000}/2025`,
    ordenanza: '',
    aclaraciones: '',
    ...overrides,
  };
}

export const silentLog = { info() {}, warn() {}, error() {} };
const fixedClock = { now: () => new Date('2026-03-10T15:00:00Z') };

/** A data key of its own for each test file: personal data is encrypted as in production. */
export const testCipher = () => createCipher(randomBytes(32));

export const TEST_CONTEXT_SITE_URL = 'https://sitio.test';
const SIN_LIMITES: AppConfig['solicitudes'] = { porDireccion: 1_000_000, porPersona: 1_000_000, consultasPorMinuto: 1_000_000 };

/**
 * The application context for a domain test, built by the same function as the app's: a fixed
 * clock, a data key of its own, no limits unless given, and a mailer that counts its wake-ups.
 */
export function testContext(parts: {
  db: Db;
  storage?: Storage;
  cipher?: Cipher;
  solicitudes?: Partial<AppConfig['solicitudes']>;
}): AppContext & { mailer: { wakes: number; wake(): void } } {
  const mailer = {
    wakes: 0,
    wake() {
      mailer.wakes += 1;
    },
  };
  // A test that needs files passes a real storage; any other use of files is the test's mistake.
  const sinArchivos: Storage = {
    put: () => Promise.reject(new Error('esta prueba no guarda archivos')),
    get: () => Promise.reject(new Error('esta prueba no lee archivos')),
    delete: () => Promise.reject(new Error('esta prueba no borra archivos')),
  };
  const ctx = createAppContext({
    db: parts.db,
    storage: parts.storage ?? sinArchivos,
    clock: fixedClock,
    log: silentLog,
    cipher: parts.cipher ?? testCipher(),
    mailer,
    config: { siteUrl: TEST_CONTEXT_SITE_URL, mapTileUrl: '', solicitudes: { ...SIN_LIMITES, ...parts.solicitudes } },
  });
  return { ...ctx, mailer };
}

/**
 * For one describe block: a database of its own on `engine` and the test context on it, opened
 * before its tests and closed after. Read `database` and `ctx` inside the tests (they exist once
 * `beforeAll` has run).
 */
export function baseConContexto(engine: Engine): { readonly database: Database; readonly ctx: AppContext } {
  let database: Database | undefined;
  let ctx: AppContext | undefined;
  beforeAll(async () => {
    database = await createTestDatabase(engine);
    ctx = testContext({ db: database.db });
  });
  afterAll(() => database?.close());
  return {
    get database() {
      if (!database) throw new Error('la base de prueba todavía no está abierta');
      return database;
    },
    get ctx() {
      if (!ctx) throw new Error('la base de prueba todavía no está abierta');
      return ctx;
    },
  };
}
