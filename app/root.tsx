import { useEffect } from 'react';
import { Links, Meta, Outlet, Scripts, ScrollRestoration, isRouteErrorResponse } from 'react-router';
import { ServiceCard } from './components/service-card.tsx';
import type { Route } from './+types/root';
import './styles/main.scss';

export const links: Route.LinksFunction = () => [
  { rel: 'icon', href: '/favicon.svg', type: 'image/svg+xml' },
];

export function Layout({ children }: { children: React.ReactNode }) {
  return (
    <html lang="es-AR">
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="theme-color" content="#00a633" />
        <Meta />
        <Links />
      </head>
      <body>
        {children}
        <ScrollRestoration />
        <Scripts />
      </body>
    </html>
  );
}

export default function App() {
  useEffect(() => {
    // The original site prints its version to the console; support staff ask for it.
    const { version, build, date } = __BUILD_INFO__;
    console.info(`Municipalidad de Villa La Angostura ${version} (build ${build}, ${date})`);
    document.documentElement.classList.add('hidratado');
  }, []);
  return <Outlet />;
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  const detail = isRouteErrorResponse(error)
    ? `${error.status} ${error.statusText}`.trim()
    : error instanceof Error
      ? error.message
      : String(error);
  return (
    <ServiceCard>
      <title>Error inesperado | Municipalidad de Villa La Angostura</title>
      <h1 lang="en">Unexpected Application Error!</h1>
      <p>{detail}</p>
      <p>
        <a href="/" className="btn btn-primary">
          Volver al inicio
        </a>
      </p>
    </ServiceCard>
  );
}
