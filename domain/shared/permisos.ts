import { type Actor, ROLES, type Rol } from './actor.ts';

/**
 * An action the actor's role does not allow: the commands refuse it themselves, whatever page or
 * route called them. Pages answer it with the 403 screen; `statusCode` says so to the server's
 * error handler.
 */
export class PermisoDenegadoError extends Error {
  readonly statusCode = 403;
}

/**
 * Who may do what, in one table (docs/decisions/044-secciones-del-panel.md): the back-office's
 * sections (app/features/admin/secciones.ts) take their roles from here and the commands check the
 * same entry with `puede`, so a page and its command cannot disagree.
 */
export const PERMISOS = {
  /** Every member of staff: the dashboard and their own account. */
  panel: ROLES,
  /** The decree-copy desk, and a citizen's DNI and e-mail there. */
  mesa: ['mesa-de-entradas', 'administrador'],
  /** The outbox: the desk sees it with recipients masked, administration in full (`personales`). */
  correo: ['administrador', 'mesa-de-entradas'],
  ordenanzas: ['editor', 'administrador'],
  boletines: ['editor', 'administrador'],
  finanzas: ['editor', 'administrador'],
  /** The Gobierno pages and the road observatory. */
  gobierno: ['editor', 'administrador'],
  /** Personal data as a whole: exports, erasure, retention, unmasked outbox recipients. */
  personales: ['administrador'],
  usuarios: ['administrador'],
  auditoria: ['administrador'],
  feriados: ['administrador'],
  vehiculos: ['administrador'],
  ajustes: ['administrador'],
  /** What citizens searched for and did not find (counts only, docs/decisions/049-buscador-del-sitio.md). */
  busquedas: ['editor', 'administrador'],
  /** Drafts and scheduled publications: each one is further limited to the roles of its kind (docs/decisions/053-borradores-y-publicacion-programada.md). */
  publicaciones: ['editor', 'administrador'],
  /** Mi calle: collection zones, their services and one-off changes, the street index and the coverage (docs/decisions/056-mi-calle.md). */
  recoleccion: ['editor', 'administrador'],
  /** Citizen reports: the queue, their states, answers and templates (docs/decisions/057-reclamos.md). The reporter's e-mail needs `personales` or `mesa`. */
  reclamos: ['mesa-de-entradas', 'editor', 'administrador'],
  /** The reports' categories, the outside bodies and the Open311 API keys. */
  reclamosCatalogo: ['administrador'],
} as const satisfies Record<string, readonly Rol[]>;

export type Permiso = keyof typeof PERMISOS;

/** Whether the actor's role has `permiso`: the one check every command makes before it writes or reads what its role guards. */
export function puede(actor: Pick<Actor, 'rol'>, permiso: Permiso): boolean {
  return (PERMISOS[permiso] as readonly Rol[]).includes(actor.rol);
}
