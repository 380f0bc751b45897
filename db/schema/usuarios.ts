import { sql } from 'drizzle-orm';
import { bigint, boolean, check, index, integer, jsonb, pgTable, primaryKey, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';

/**
 * Staff of the back-office (docs/decisions/012-sesiones-y-roles.md). No page of the
 * public site shows these tables: none has the content-version trigger of the render cache.
 * Secrets are never stored as they are: passwords as scrypt hashes with their parameters, tokens
 * (sessions, invites, API, recovery codes) as SHA-256 of 32 random bytes, the TOTP secret
 * encrypted with the personal-data key (`Cipher`).
 */
export const usuarios = pgTable(
  'usuarios',
  {
    id: serial('id').primaryKey(),
    /** As typed, trimmed; unique without regard to case (index on lower(email)). */
    email: text('email').notNull(),
    nombre: text('nombre').notNull(),
    apellido: text('apellido').notNull().default(''),
    rol: text('rol').notNull(),
    activo: boolean('activo').notNull().default(true),
    /** `scrypt$N$r$p$salt$hash` (base64url); null until the invite is accepted. */
    claveHash: text('clave_hash'),
    /** The TOTP secret (base32), encrypted (`Cipher`); null while no second factor is set up. */
    totpSecreto: text('totp_secreto'),
    totpActivo: boolean('totp_activo').notNull().default(false),
    /** The last TOTP time step accepted: a code is never accepted twice. */
    totpUltimoPaso: bigint('totp_ultimo_paso', { mode: 'number' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    ultimoIngreso: timestamp('ultimo_ingreso', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('usuarios_email_idx').on(sql`lower(${t.email})`),
    check('usuarios_rol_valido', sql`${t.rol} in ('administrador', 'editor', 'mesa-de-entradas')`),
  ],
);

/**
 * Signed-in browsers. The cookie holds 32 random bytes; only their SHA-256 is here. A row with
 * `segundoFactorPendiente` is half a sign-in (password right, TOTP code still owed): the guard
 * does not accept it, and it lives a few minutes.
 */
export const sesiones = pgTable(
  'sesiones',
  {
    id: serial('id').primaryKey(),
    tokenHash: text('token_hash').notNull().unique(),
    usuarioId: integer('usuario_id')
      .notNull()
      .references(() => usuarios.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    ultimoUso: timestamp('ultimo_uso', { withTimezone: true }).notNull(),
    /** The absolute end (created + the maximum age), whatever the activity. */
    expira: timestamp('expira', { withTimezone: true }).notNull(),
    /** 'Chrome en Linux': enough for a person to recognise the device, no more. */
    agente: text('agente').notNull().default(''),
    segundoFactorPendiente: boolean('segundo_factor_pendiente').notNull().default(false),
    intentosSegundoFactor: integer('intentos_segundo_factor').notNull().default(0),
  },
  (t) => [index('sesiones_usuario_idx').on(t.usuarioId), index('sesiones_expira_idx').on(t.expira)],
);

/** Ten single-use codes that stand in for the TOTP code; shown once, kept hashed. */
export const codigosRecuperacion = pgTable(
  'codigos_recuperacion',
  {
    id: serial('id').primaryKey(),
    usuarioId: integer('usuario_id')
      .notNull()
      .references(() => usuarios.id, { onDelete: 'cascade' }),
    codigoHash: text('codigo_hash').notNull(),
    usadoEn: timestamp('usado_en', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('codigos_recuperacion_usuario_idx').on(t.usuarioId)],
);

/** A set-password link mailed to a person (an invite, or a new password an administrator sent): 72 h, one use. */
export const invitaciones = pgTable(
  'invitaciones',
  {
    id: serial('id').primaryKey(),
    tokenHash: text('token_hash').notNull().unique(),
    usuarioId: integer('usuario_id')
      .notNull()
      .references(() => usuarios.id, { onDelete: 'cascade' }),
    /** Who sent it (no foreign key: the record outlives that user). */
    creadaPor: integer('creada_por'),
    expira: timestamp('expira', { withTimezone: true }).notNull(),
    usadaEn: timestamp('usada_en', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('invitaciones_usuario_idx').on(t.usuarioId)],
);

/** Personal API tokens (the spec's `Aero-Token` header): shown once, kept hashed, revocable. */
export const tokensApi = pgTable(
  'tokens_api',
  {
    id: serial('id').primaryKey(),
    tokenHash: text('token_hash').notNull().unique(),
    nombre: text('nombre').notNull(),
    usuarioId: integer('usuario_id')
      .notNull()
      .references(() => usuarios.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    ultimoUso: timestamp('ultimo_uso', { withTimezone: true }),
    revocadoEn: timestamp('revocado_en', { withTimezone: true }),
  },
  (t) => [index('tokens_api_usuario_idx').on(t.usuarioId)],
);

/**
 * Sign-in attempts (passwords, TOTP codes, recovery codes, and the password or code that «Mi
 * cuenta» asks again), counted BEFORE each one is judged (docs/decisions/035-bloqueo-de-ingreso.md).
 * One row per account and scope: `cuenta` is a keyed hash of the e-mail (known or not, so the
 * lockout tells nobody whether an account exists); `ambito` is the kind of attempt ('clave' or
 * 'codigo') and where it comes from: 'otras' (any address the account never signed in from) or the
 * keyed hash of one of its known addresses. `usuarioId` is set only for a real account: the
 * back-office lists and lifts those locks.
 */
export const intentosIngreso = pgTable(
  'intentos_ingreso_lugar',
  {
    cuenta: text('cuenta').notNull(),
    ambito: text('ambito').notNull(),
    usuarioId: integer('usuario_id').references(() => usuarios.id, { onDelete: 'cascade' }),
    intentos: integer('intentos').notNull().default(0),
    ultimoIntento: timestamp('ultimo_intento', { withTimezone: true }).notNull(),
    bloqueadoHasta: timestamp('bloqueado_hasta', { withTimezone: true }),
  },
  (t) => [
    primaryKey({ columns: [t.cuenta, t.ambito] }),
    index('intentos_ingreso_lugar_usuario_idx').on(t.usuarioId),
    index('intentos_ingreso_lugar_ultimo_idx').on(t.ultimoIntento),
  ],
);

/**
 * The counters by e-mail alone of the version before docs/decisions/035-bloqueo-de-ingreso.md. The
 * version still running during a rolling upgrade writes them (docs/decisions/028-cierre-ordenado.md,
 * «Migraciones compatibles»); nothing here reads them. A later release drops the table.
 */
export const intentosIngresoAnteriores = pgTable('intentos_ingreso', {
  clave: text('clave').primaryKey(),
  fallos: integer('fallos').notNull().default(0),
  ultimoFallo: timestamp('ultimo_fallo', { withTimezone: true }).notNull(),
  bloqueadoHasta: timestamp('bloqueado_hasta', { withTimezone: true }),
});

/**
 * The addresses each account has completed a sign-in from (an IPv6 /64 or an IPv4), as keyed
 * hashes, never the addresses: a lock caused from elsewhere does not reach them.
 */
export const direccionesConocidas = pgTable(
  'direcciones_conocidas',
  {
    usuarioId: integer('usuario_id')
      .notNull()
      .references(() => usuarios.id, { onDelete: 'cascade' }),
    direccion: text('direccion').notNull(),
    ultimoIngreso: timestamp('ultimo_ingreso', { withTimezone: true }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.usuarioId, t.direccion] }), index('direcciones_conocidas_ultimo_idx').on(t.ultimoIngreso)],
);

/** The administrators' security settings (today: which roles must use a second factor), one row a key. */
export const ajustesSeguridad = pgTable('ajustes_seguridad', {
  clave: text('clave').primaryKey(),
  valor: jsonb('valor').notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});
