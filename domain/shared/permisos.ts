import type { Actor, Rol } from './actor.ts';

/**
 * An action the actor's role does not allow (issue 12): the desk's functions refuse it themselves,
 * whatever page or route called them. Pages answer it with the 403 screen; `statusCode` says so
 * to the server's error handler.
 */
export class PermisoDenegadoError extends Error {
  readonly statusCode = 403;
}

/** Who works the decree-copy desk and may see a citizen's DNI and e-mail there. */
export const ROLES_MESA: readonly Rol[] = ['mesa-de-entradas', 'administrador'];
/** Who answers for personal data as a whole: exports, erasure, unmasked outbox recipients. */
export const ROLES_ADMINISTRACION: readonly Rol[] = ['administrador'];

/** Throws `PermisoDenegadoError` with `mensaje` unless the actor has one of `roles`. */
export function exigirRol(actor: Actor, roles: readonly Rol[], mensaje: string): void {
  if (!roles.includes(actor.rol)) throw new PermisoDenegadoError(mensaje);
}
