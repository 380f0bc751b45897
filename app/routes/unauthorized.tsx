import { useEffect } from 'react';
import { Link, data, useNavigate } from 'react-router';
import { InlineScript } from '#app/components/inline-script.tsx';
import { pageMeta } from '#app/lib/meta.ts';
import { withoutJavaScript } from '#app/lib/javascript.ts';
import type { Route } from './+types/unauthorized';

export function loader() {
  return data(null, { status: 403 });
}

/**
 * No script files: the redirect is one inline line, and without JavaScript the link is the way on
 * (docs/architecture.md, "JavaScript sólo donde hace falta").
 */
export const handle = withoutJavaScript;

export const meta: Route.MetaFunction = () => pageMeta('Acceso denegado', 'No tenés permiso para ver esta página: volvé a ingresar.');

/**
 * The forbidden screen: it sends the user to sign out at once (docs/sitio-original.md), the link is
 * the fallback. Sent by the server, the inline script leaves as the page is read (replacing it in
 * the history, as the original's redirect does); rendered in the browser after a link from a
 * hydrated page, the effect does it.
 */
export default function Unauthorized() {
  const navigate = useNavigate();
  useEffect(() => {
    navigate('/sign-out', { replace: true });
  }, [navigate]);

  return (
    <>
      <InlineScript code="location.replace('/sign-out');" />
      <h1 lang="en">403 - You Shall Not Pass</h1>
      <p>
        <Link to="/sign-out" lang="en" className="btn btn-primary">
          Back to Login
        </Link>
      </p>
    </>
  );
}
