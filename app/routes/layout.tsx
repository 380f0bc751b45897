import { useEffect, useRef } from 'react';
import { Outlet, type ShouldRevalidateFunctionArgs, useLocation } from 'react-router';
import { defaultSiteSettings, getSiteSettingsForPages } from '#domain/sitio/settings.ts';
import { SiteFooter } from '#app/components/layout/site-footer.tsx';
import { SiteHeader } from '#app/components/layout/site-header.tsx';
import { Decoration, SkipLink } from '#app/components/layout/site-chrome.tsx';
import { Migas } from '#app/components/layout/migas.tsx';
import { appContext } from '#app/context.ts';
import type { Route } from './+types/layout';

/**
 * Atom feeds of new bulletins and ordinances, and the site search's OpenSearch description (browsers
 * offer it from the address bar), announced in the head of every public page.
 */
export const links: Route.LinksFunction = () => [
  { rel: 'alternate', type: 'application/atom+xml', href: '/feeds/boletines.xml', title: 'Boletines Oficiales de Villa La Angostura' },
  { rel: 'alternate', type: 'application/atom+xml', href: '/feeds/ordenanzas.xml', title: 'Ordenanzas nuevas de Villa La Angostura' },
  { rel: 'search', type: 'application/opensearchdescription+xml', href: '/opensearch.xml', title: 'Municipalidad de Villa La Angostura' },
];

export async function loader({ context }: Route.LoaderArgs) {
  const { db, log, config } = context.get(appContext);
  // The breadcrumbs' JSON-LD names pages by their absolute address (SITE_URL, never the request).
  const siteUrl = config.siteUrl;
  try {
    return { settings: await getSiteSettingsForPages(db), siteUrl };
  } catch (error) {
    // The site's frame must not fall with the database: the page inside says what failed.
    log.error({ err: error }, 'ajustes del sitio no disponibles: se usan los valores por defecto');
    return { settings: defaultSiteSettings, siteUrl };
  }
}

/**
 * The settings change rarely (staff edit them in the back-office): read them again after a form
 * post, not on every link or search (GET) inside the site.
 */
export function shouldRevalidate({ formMethod, defaultShouldRevalidate }: ShouldRevalidateFunctionArgs) {
  return formMethod !== undefined && formMethod.toUpperCase() !== 'GET' ? defaultShouldRevalidate : false;
}

/**
 * After a client-side change of page (not of search parameters: typing a search must keep focus),
 * focus moves to the main content, so keyboard and screen-reader users start at the new page as
 * they would after a full load.
 */
function useFocusOnPageChange() {
  const { pathname } = useLocation();
  const previous = useRef(pathname);
  useEffect(() => {
    if (previous.current === pathname) return;
    previous.current = pathname;
    document.getElementById('contenido')?.focus();
  }, [pathname]);
}

export default function SiteLayout({ loaderData }: Route.ComponentProps) {
  const { settings, siteUrl } = loaderData;
  useFocusOnPageChange();
  return (
    <div className="sitio">
      <SkipLink />
      <Decoration />
      <div className="sitio__cuerpo">
        <SiteHeader settings={settings} />
        <Migas siteUrl={siteUrl} />
        <main id="contenido" className="contenido" tabIndex={-1}>
          <Outlet />
        </main>
        <SiteFooter settings={settings} />
      </div>
    </div>
  );
}
