/** The back-office roles (issue 12): who may do what is decided by these three names alone. */
export const ROLES = ['administrador', 'editor', 'mesa-de-entradas'] as const;
export type Rol = (typeof ROLES)[number];

/** A signed-in member of staff, as commands receive them: whose action it is, for the audit log. */
export type Actor = {
  usuarioId: number;
  email: string;
  nombre: string;
  rol: Rol;
};
