/** The back-office roles: who may do what is decided by these three names alone. */
export const ROLES = ['administrador', 'editor', 'mesa-de-entradas'] as const;
export type Rol = (typeof ROLES)[number];

/** A signed-in member of staff, as commands receive them: whose action it is, for the audit log. */
export type Actor = {
  usuarioId: number;
  email: string;
  nombre: string;
  rol: Rol;
  /** Only on the system's actor for a record of the past (`actorHistorico`): when it was first published. */
  el?: Date;
};

/**
 * The site itself, for writes no person makes (the demo content, the test factories): the same
 * commands staff use, with every rule and the audit, recorded without a person («El sistema»).
 * Server code only, never a request's actor; user ids start at 1.
 */
export const ACTOR_SISTEMA: Actor = Object.freeze({ usuarioId: 0, email: '', nombre: 'Sistema', rol: 'administrador' });

/** Whether an actor is the site itself rather than a person: user ids start at 1. */
export const esSistema = (actor: Actor): boolean => actor.usuarioId === 0;

/**
 * The site loading a record of the past (the demo's two years of uploads): the same commands and
 * rules, the record saying it was uploaded by `nombre` at `el`. The audit still says «El sistema»,
 * at the moment of the write. Server code only: a request's actor is a person and cannot backdate.
 * See docs/decisions/047-carga-historica.md.
 */
export const actorHistorico = (nombre: string, el: Date): Actor => Object.freeze({ ...ACTOR_SISTEMA, nombre, el });

/** The upload date a command writes: the record's own for a historic load, else the database's now. */
export const fechaDeCarga = (actor: Actor): { fechaCreacion?: Date } => (esSistema(actor) && actor.el ? { fechaCreacion: actor.el } : {});
