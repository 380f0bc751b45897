import { sql } from 'drizzle-orm';
import { bigserial, index, integer, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * The audit log: every back-office write and every sign-in, with who, when, what and the
 * values before and after. Append-only: a trigger (migration 0008) refuses UPDATE, DELETE and
 * TRUNCATE, so not even a defect in the application can rewrite it. `usuarioId` has no foreign key
 * so that the record outlives the user; `actorEmail` and `actorRol` keep who it was. No citizen's
 * DNI or e-mail is ever stored here (request codes and keyed hashes instead).
 */
export const auditoria = pgTable(
  'auditoria',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    fecha: timestamp('fecha', { withTimezone: true }).notNull().defaultNow(),
    /** Null: the system itself (a scheduled job). */
    usuarioId: integer('usuario_id'),
    actorEmail: text('actor_email'),
    actorRol: text('actor_rol'),
    /** What was done, e.g. `sesion.ingreso`, `solicitud.estado`. */
    accion: text('accion').notNull(),
    /** What it was done to, e.g. `solicitud_decreto`, and which one. */
    entidad: text('entidad').notNull(),
    entidadId: text('entidad_id'),
    antes: jsonb('antes'),
    despues: jsonb('despues'),
    /** The keyed hash of the client address (never the address itself). */
    direccion: text('direccion'),
  },
  (t) => [
    index('auditoria_fecha_idx').on(t.fecha),
    index('auditoria_entidad_idx').on(t.entidad, t.entidadId),
    index('auditoria_usuario_idx')
      .on(t.usuarioId, t.fecha)
      .where(sql`${t.usuarioId} is not null`),
  ],
);
