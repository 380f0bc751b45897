import { createContext } from 'react-router';
import type { ServiceContext } from '../domain/shared/context.ts';

/** Configuration the pages may read; secrets never enter it. */
export type PublicConfig = {
  /** The public origin (SITE_URL): the only source of absolute links (docs/architecture.md). */
  siteUrl: string;
  mapTileUrl: string;
};

export type AppLoadContext = ServiceContext & {
  config: PublicConfig;
  /** Per-request CSP nonce for the framework's inline scripts. */
  nonce: string;
  /** Facts about this request that the renderer reads when it chooses the status. */
  respuesta: { baseNoDisponible: boolean };
  /**
   * The client's address as limits key it: the socket's, or with TRUST_PROXY the first untrusted
   * address from the right of X-Forwarded-For (docs/architecture.md), through claveDeDireccion
   * (an IPv6 client by its /64).
   */
  direccion: string;
  solicitudes: {
    /** Decree-copy requests one address may send in an hour, and one DNI or e-mail in a day. */
    limites: { porDireccion: number; porPersona: number };
    /** Status look-ups one address may make in a minute. */
    consultasPorMinuto: number;
    /** Wakes the outbox worker right after a submission. */
    avisarCorreo(): void;
  };
};

/** Created once, in a module the SSR build bundles together with the server (docs/architecture.md, "Contexto"). */
export const appContext = createContext<AppLoadContext>();
