import type { Config } from '@react-router/dev/config';

export default {
  ssr: true,
  // Every route is known up front: no lazy manifest requests on navigation.
  routeDiscovery: { mode: 'initial' },
} satisfies Config;
