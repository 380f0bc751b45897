import { createContext } from 'react-router';
import type { ServiceContext } from '../domain/shared/context.ts';

/** Configuration the pages may read; secrets never enter it. */
export type PublicConfig = {
  siteUrl: string;
  mapTileUrl: string;
};

export type AppLoadContext = ServiceContext & {
  config: PublicConfig;
  /** Per-request CSP nonce for the framework's inline scripts. */
  nonce: string;
  /** The client's address as Fastify sees it (behind a proxy only with TRUST_PROXY). */
  clientIp: string;
  solicitudes: {
    /** Decree-copy requests one IP may send in 10 minutes. */
    limitePorIp: number;
    /** Wakes the outbox worker right after a submission. */
    avisarCorreo(): void;
  };
};

/** Created once, in a module the SSR build bundles together with the server (STACK-NOTES). */
export const appContext = createContext<AppLoadContext>();
