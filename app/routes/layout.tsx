import { Outlet, type ShouldRevalidateFunctionArgs } from 'react-router';
import { defaultSiteSettings, getSiteSettings } from '../../domain/sitio/settings.ts';
import { SiteFooter } from '../components/layout/site-footer.tsx';
import { SiteHeader } from '../components/layout/site-header.tsx';
import { Decoration, SkipLink } from '../components/layout/site-chrome.tsx';
import { appContext } from '../context.ts';
import type { Route } from './+types/layout';

export async function loader({ context }: Route.LoaderArgs) {
  const { db, log } = context.get(appContext);
  try {
    return { settings: await getSiteSettings(db) };
  } catch (error) {
    // With the database down the page itself still answers (e.g. the decree form keeps what was
    // typed and says the send failed, issue 4): the layout falls back to the default settings.
    log.error({ err: error }, 'ajustes del sitio no disponibles; se usan los predeterminados');
    return { settings: defaultSiteSettings };
  }
}

/**
 * The settings change rarely (staff edit them in the back-office): read them again after a form
 * post, not on every link or search (GET) inside the site.
 */
export function shouldRevalidate({ formMethod, defaultShouldRevalidate }: ShouldRevalidateFunctionArgs) {
  return formMethod !== undefined && formMethod.toUpperCase() !== 'GET' ? defaultShouldRevalidate : false;
}

export default function SiteLayout({ loaderData }: Route.ComponentProps) {
  const { settings } = loaderData;
  return (
    <div className="sitio">
      <SkipLink />
      <Decoration />
      <div className="sitio__cuerpo">
        <SiteHeader settings={settings} />
        <main id="contenido" className="contenido" tabIndex={-1}>
          <Outlet />
        </main>
        <SiteFooter settings={settings} />
      </div>
    </div>
  );
}
