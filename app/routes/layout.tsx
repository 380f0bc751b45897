import { Outlet } from 'react-router';
import { getSiteSettings } from '../../domain/sitio/settings.ts';
import { appContext } from '../context.ts';
import type { Route } from './+types/layout';

export async function loader({ context }: Route.LoaderArgs) {
  const { db } = context.get(appContext);
  return { settings: await getSiteSettings(db) };
}

export default function SiteLayout({ loaderData }: Route.ComponentProps) {
  return (
    <>
      <header>
        <a href="/home">Municipalidad de Villa La Angostura</a>
      </header>
      <main id="contenido">
        <Outlet />
      </main>
      <footer>
        <p>{loaderData.settings.municipio.direccion}</p>
        <p>2025 Todos los derechos reservados</p>
      </footer>
    </>
  );
}
