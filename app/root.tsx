import { useEffect } from 'react';
import { Links, Meta, Outlet, Scripts, ScrollRestoration, isRouteErrorResponse, useMatches } from 'react-router';
import { httpErrorMessage } from '#domain/shared/http-errors.ts';
import { InlineScript, scriptString } from './components/inline-script.tsx';
import { ServiceCard } from './components/service-card.tsx';
import { needsJavaScript, versionLine } from './lib/javascript.ts';
import { useHydrated } from './lib/use-hydrated.ts';
import type { Route } from './+types/root';
import stylesheet from './styles/main.scss?url';

// The stylesheet has a precedence, so React writes it into <head> before the module preloads it
// hoists from <Scripts>: the browser asks for the CSS, which the first paint needs, first. The
// preloads then leave the page altogether: app/entry.server.tsx makes the scripts wait for the load
// event (docs/decisions/010-lighthouse.md).
export const links: Route.LinksFunction = () => [
  { rel: 'stylesheet', href: stylesheet, precedence: 'default' },
  { rel: 'icon', href: '/favicon.svg', type: 'image/svg+xml' },
];

export function Layout({ children }: { children: React.ReactNode }) {
  // A page whose routes need no JavaScript goes without React Router's scripts, its module
  // preloads and ScrollRestoration (docs/architecture.md, "JavaScript sólo donde hace falta"); it
  // never hydrates, so this is decided on the server only. A page React renders in the browser
  // (reached by a link from a hydrated page) keeps them: the app is already running.
  const hydrated = useHydrated();
  const javascript = needsJavaScript(useMatches()) || hydrated;
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
        {javascript ? (
          <>
            <ScrollRestoration />
            <Scripts />
          </>
        ) : (
          <InlineScript code={`console.info(${scriptString(versionLine())});`} />
        )}
      </body>
    </html>
  );
}

export default function App() {
  useEffect(() => {
    // The original site prints its version to the console; support staff ask for it.
    console.info(versionLine());
    document.documentElement.classList.add('hidratado');
  }, []);
  return <Outlet />;
}

/**
 * The text a thrown route response may show instead of the status's sentence: only a short
 * Spanish string a route chose to throw (`throw data('…', { status })`). React Router's own
 * responses (`internal`, e.g. "No route matches URL …" or a 405's English explanation) and
 * anything else keep the table's sentence.
 */
function textoDeLaRuta(error: { data: unknown; internal?: boolean }): string | null {
  const { data } = error;
  if (error.internal || typeof data !== 'string') return null;
  const texto = data.trim();
  if (texto === '' || texto.length > 300 || /[\r\n]/.test(texto)) return null;
  return /[áéíóúñ¿¡]|\b(el|la|los|las|del|una?|que|por|para|con|est[aá]|hay)\b/i.test(texto) ? texto : null;
}

/**
 * The spec's heading stays in English (lang="en"); what follows is Spanish by status, from the
 * table the server shares (domain/shared/http-errors.ts). Never `error.message`: it may carry
 * SQL, a path or a stack, and React Router's own messages are English.
 */
export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  const status = isRouteErrorResponse(error) ? error.status : 500;
  const detalle = (isRouteErrorResponse(error) && textoDeLaRuta(error)) || httpErrorMessage(status);
  return (
    <ServiceCard>
      <title>Error inesperado | Municipalidad de Villa La Angostura</title>
      <h1 lang="en">Unexpected Application Error!</h1>
      <p>{detalle}</p>
      <p>Código del error: {status}.</p>
      <p>
        <a href="/" className="btn btn-primary">
          Volver al inicio
        </a>
      </p>
    </ServiceCard>
  );
}
