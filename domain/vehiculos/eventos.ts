/**
 * The events of the live stream `GET /api/v1/vehiculos/stream` (docs/decisions/015-seguimiento-de-vehiculos.md):
 * the server writes them (server/vehiculos-en-vivo.ts) and the map page reads them
 * (app/features/vehiculos/en-vivo.ts). No imports: the page's browser code reads this module too.
 */
export const EVENTO_INSTANTANEA = 'instantanea';
export const EVENTO_POSICION = 'posicion';
/** The instance is closing: the page reconnects at once, reaching another instance (docs/decisions/028-cierre-ordenado.md). */
export const EVENTO_RECONECTAR = 'reconectar';
