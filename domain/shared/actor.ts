/** The back-office roles: who may do what is decided by these three names alone. */
export const ROLES = ['administrador', 'editor', 'mesa-de-entradas'] as const;
export type Rol = (typeof ROLES)[number];

/** A signed-in member of staff, as commands receive them: whose action it is, for the audit log. */
export type Actor = {
  usuarioId: number;
  email: string;
  nombre: string;
  rol: Rol;
};

/**
 * The site itself, for writes no person makes (the demo content, the test factories): the same
 * commands staff use, with every rule and the audit, recorded without a person («El sistema»).
 * Server code only, never a request's actor; user ids start at 1.
 */
export const ACTOR_SISTEMA: Actor = Object.freeze({ usuarioId: 0, email: '', nombre: 'Sistema', rol: 'administrador' });
