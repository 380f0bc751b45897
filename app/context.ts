import { createContext } from 'react-router';
import type { Seccion } from '#app/features/admin/secciones.ts';
import type { Db } from '#db/client.ts';
import type { AppContext } from '#domain/shared/context.ts';

/**
 * What loaders and actions get: the application context, built once per process, and four facts
 * about this request (docs/architecture.md, "Contexto").
 */
export type PageContext = AppContext & {
  /** Per-request CSP nonce for the framework's inline scripts. */
  nonce: string;
  /** Facts about this request that the renderer reads when it chooses the status. */
  respuesta: { baseNoDisponible: boolean };
  /** The client's address as limits key it (server/client-address.ts: an IPv6 client by its /64). */
  direccion: string;
  /** The back-office's sections (app/features/admin/secciones.ts), and a test's own when it declares one (server/app.ts). */
  secciones: readonly Seccion[];
  /**
   * Renders a public page as an anonymous visitor would see it, reading from `db` (a transaction
   * that the caller rolls back): the staff preview of a pending publication
   * (docs/decisions/053-borradores-y-publicacion-programada.md). Never goes through the render cache.
   */
  renderPublica(ruta: string, db: Db): Promise<Response>;
};

/** Created once, in a module the SSR build bundles together with the server (docs/architecture.md, "Contexto"). */
export const appContext = createContext<PageContext>();
