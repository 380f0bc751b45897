import { useRouteLoaderData } from 'react-router';
import type { SiteSettings } from '#domain/sitio/settings.ts';
import type { loader } from '#app/routes/layout.tsx';

/** The site settings the shared layout loaded, for any page rendered inside it. */
export function useSiteSettings(): SiteSettings {
  const data = useRouteLoaderData<typeof loader>('routes/layout');
  if (!data) throw new Error('useSiteSettings se usa fuera del diseño compartido del sitio');
  return data.settings;
}
