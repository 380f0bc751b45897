import type { Db } from '#db/client.ts';
import { auditoria } from '#db/schema/index.ts';
import { esSistema, type Actor } from '#domain/shared/actor.ts';
import type { AccionAuditoria } from './acciones.ts';

export type EntradaAuditoria = {
  /** Who did it; null or a system actor (`ACTOR_SISTEMA`, `actorHistorico`) for the site itself: a scheduled job, the demo, the factories. */
  actor: Actor | null;
  /** What was done: one code of the catalogue (acciones.ts), which says its section and its sentence. */
  accion: AccionAuditoria;
  entidad: string;
  entidadId?: string | number | null;
  /** Values before and after (never a password, a secret, a token, nor a citizen's DNI or e-mail). */
  antes?: unknown;
  despues?: unknown;
  /** The keyed hash of the client's address (`Cipher.hash`), never the address. */
  direccion?: string | null;
};

/**
 * Records one entry of the audit log. Call it with the transaction of the write it describes, so
 * the entry exists exactly when the change does.
 */
export async function registrarAuditoria(db: Db, entrada: EntradaAuditoria): Promise<void> {
  await insertar(db, entrada);
}

/**
 * Records an action a back-office section declares in its own registry entry rather than in the
 * catalogue (a section without a domain module, such as a test's): a code it did not declare is a
 * programming error, refused before anything is written.
 */
export async function registrarAuditoriaDeclarada<A extends string>(
  db: Db,
  declaradas: readonly A[],
  entrada: Omit<EntradaAuditoria, 'accion'> & { accion: NoInfer<A> },
): Promise<void> {
  if (!declaradas.includes(entrada.accion)) throw new Error(`La acción de auditoría «${entrada.accion}» no está declarada en su sección.`);
  await insertar(db, entrada);
}

async function insertar(db: Db, entrada: Omit<EntradaAuditoria, 'accion'> & { accion: string }): Promise<void> {
  const persona = entrada.actor === null || esSistema(entrada.actor) ? null : entrada.actor;
  await db.insert(auditoria).values({
    usuarioId: persona?.usuarioId ?? null,
    actorEmail: persona?.email ?? null,
    actorRol: persona?.rol ?? null,
    accion: entrada.accion,
    entidad: entrada.entidad,
    entidadId: entrada.entidadId === undefined || entrada.entidadId === null ? null : String(entrada.entidadId),
    antes: entrada.antes ?? null,
    despues: entrada.despues ?? null,
    direccion: entrada.direccion ?? null,
  });
}
