import { useEffect } from 'react';
import { Form, data, useNavigate } from 'react-router';
import { appContext } from '#app/context.ts';
import { privateDataHeaders } from '#app/lib/headers.ts';
import { pageMeta } from '#app/lib/meta.ts';
import { SIN_CACHE, cookieBorrada, readCookieSesion } from '#app/lib/sesion.server.ts';
import { SIGN_OUT_DELAY_MS, clearSession } from '#app/lib/session.ts';
import { cerrarSesion } from '#domain/usuarios/ingreso.ts';
import type { Route } from './+types/sign-out';

export const meta: Route.MetaFunction = () => pageMeta('Cerrando sesión', 'Cierre de la sesión del personal de la Municipalidad de Villa La Angostura.');

/**
 * Whether this GET is a navigation the person made on this site (or typed): then it signs out.
 * A link or a redirect from another site (`Sec-Fetch-Site: cross-site`, or without that header a
 * Referer from another origin or none) and a browser's prefetch only get the page with the button
 * (docs/decisions/035-bloqueo-de-ingreso.md).
 */
function navegacionPropia(request: Request): boolean {
  const proposito = `${request.headers.get('sec-purpose') ?? ''} ${request.headers.get('purpose') ?? ''}`;
  if (/prefetch|prerender/i.test(proposito)) return false;
  const sitio = request.headers.get('sec-fetch-site');
  if (sitio) return sitio === 'same-origin' || sitio === 'same-site' || sitio === 'none';
  const referer = request.headers.get('referer');
  if (!referer) return false;
  try {
    return new URL(referer).origin === new URL(request.url).origin;
  } catch {
    return false;
  }
}

/**
 * Ends the server's session (its row is deleted: the old cookie is refused if replayed) and
 * erases the cookie, on a same-site navigation; from another site, only the button below does.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const ctx = context.get(appContext);
  const token = readCookieSesion(request, ctx);
  // Nothing to end: the spec's screen, on to /login.
  if (!token) return data({ cerrada: true }, { headers: SIN_CACHE });
  if (!navegacionPropia(request)) return data({ cerrada: false }, { headers: SIN_CACHE });
  await cerrarSesion(ctx, token, ctx.direccion);
  return data({ cerrada: true }, { headers: { ...SIN_CACHE, 'set-cookie': cookieBorrada(ctx) } });
}

/** The button's POST, whose Origin the server checks (server/pages.ts): always signs out. */
export async function action({ request, context }: Route.ActionArgs) {
  const ctx = context.get(appContext);
  await cerrarSesion(ctx, readCookieSesion(request, ctx), ctx.direccion);
  return data({ cerrada: true }, { headers: { ...SIN_CACHE, 'set-cookie': cookieBorrada(ctx) } });
}

export const headers = privateDataHeaders;

/**
 * 'Signing out...' for 1.5 s, then the profile is cleared and the login screen shown
 * (docs/sitio-original.md §2), once the server session is over (a same-site navigation, or the
 * button). Reached from another site, the page asks first: nobody is signed out by a link.
 */
export default function SignOut({ loaderData, actionData }: Route.ComponentProps) {
  const navigate = useNavigate();
  const cerrada = Boolean(actionData?.cerrada ?? loaderData.cerrada);
  useEffect(() => {
    if (!cerrada) return;
    const timer = setTimeout(() => {
      clearSession();
      navigate('/login', { replace: true });
    }, SIGN_OUT_DELAY_MS);
    return () => clearTimeout(timer);
  }, [navigate, cerrada]);

  if (!cerrada) {
    return (
      <>
        <h1>¿Cerrar la sesión?</h1>
        <p>Llegaste a esta página desde un enlace de otro sitio. Tu sesión en el panel sigue abierta hasta que la cierres.</p>
        <Form method="post" action="/sign-out">
          <button type="submit" className="btn btn-primary">
            Cerrar sesión
          </button>
        </Form>
        <p>
          <a href="/admin">Volver al panel</a>
        </p>
      </>
    );
  }
  return (
    <>
      <div role="status" className="servicio__estado">
        <div className="indicador solo-con-script" aria-hidden="true" />
        <h1 lang="en">Signing out...</h1>
      </div>
      <noscript>
        <p>
          <a href="/login" lang="en">
            Back to Login
          </a>
        </p>
      </noscript>
    </>
  );
}
