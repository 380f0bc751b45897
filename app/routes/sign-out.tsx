import { useEffect } from 'react';
import { Form, data, useNavigate } from 'react-router';
import { appContext } from '#app/context.ts';
import { privateDataHeaders } from '#app/lib/headers.ts';
import { pageMeta } from '#app/lib/meta.ts';
import { COOKIE_SESION, SIN_CACHE, cookieBorrada, leerCookie } from '#app/lib/sesion.server.ts';
import { SIGN_OUT_DELAY_MS, clearSession } from '#app/lib/session.ts';
import { cerrarSesion } from '#domain/usuarios/ingreso.ts';
import type { Route } from './+types/sign-out';

export const meta: Route.MetaFunction = () => pageMeta('Cerrando sesión', 'Cierre de la sesión del personal de la Municipalidad de Villa La Angostura.');

export function loader() {
  return data({}, { headers: SIN_CACHE });
}

/**
 * Ends the server's session (its row is deleted: the old cookie is refused if replayed) and
 * erases the cookie. Only by POST, whose Origin the server checks (server/pages.ts): a GET from
 * another site's link or image changes nothing (docs/decisions/012-sesiones-y-roles.md).
 */
export async function action({ request, context }: Route.ActionArgs) {
  const ctx = context.get(appContext);
  await cerrarSesion(ctx, leerCookie(request, COOKIE_SESION), ctx.direccion);
  return data({ cerrada: true }, { headers: { ...SIN_CACHE, 'set-cookie': cookieBorrada(ctx) } });
}

export const headers = privateDataHeaders;

/** Ends the server session from the page (a GET, e.g. after /unauthorized): a same-origin POST, which carries its Origin. */
async function cerrarEnElServidor(): Promise<void> {
  try {
    await fetch('/sign-out', { method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: '', credentials: 'same-origin' });
  } catch {
    // Offline: the cookie stays until its session ends by inactivity; the profile is cleared anyway.
  }
}

/**
 * 'Signing out...' for 1.5 s, then the session is ended and cleared and the login screen shown
 * (docs/sitio-original.md §2). Reached by POST (the back-office's button) the server session is
 * already over; reached by GET the page ends it with a POST of its own. Without JavaScript the
 * button does it, then the link goes on.
 */
export default function SignOut({ actionData }: Route.ComponentProps) {
  const navigate = useNavigate();
  const cerrada = Boolean(actionData?.cerrada);
  useEffect(() => {
    let vigente = true;
    const timer = setTimeout(() => {
      void (cerrada ? Promise.resolve() : cerrarEnElServidor()).then(() => {
        if (!vigente) return;
        clearSession();
        navigate('/login', { replace: true });
      });
    }, SIGN_OUT_DELAY_MS);
    return () => {
      vigente = false;
      clearTimeout(timer);
    };
  }, [navigate, cerrada]);

  return (
    <>
      <div role="status" className="servicio__estado">
        <div className="indicador solo-con-script" aria-hidden="true" />
        <h1 lang="en">Signing out...</h1>
      </div>
      <noscript>
        {cerrada ? (
          <p>
            <a href="/login" lang="en">
              Back to Login
            </a>
          </p>
        ) : (
          <Form method="post" action="/sign-out">
            <button type="submit" className="btn btn-primary">
              Cerrar sesión
            </button>
          </Form>
        )}
      </noscript>
    </>
  );
}
