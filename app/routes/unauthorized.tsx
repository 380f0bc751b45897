import { useEffect } from 'react';
import { Link, data, useNavigate } from 'react-router';
import { pageMeta } from '#app/lib/meta.ts';
import type { Route } from './+types/unauthorized';

export function loader() {
  return data(null, { status: 403 });
}

export const meta: Route.MetaFunction = () => pageMeta('Acceso denegado', 'No tenés permiso para ver esta página: volvé a ingresar.');

/** The forbidden screen: it sends the user to sign out at once (docs/sitio-original.md), the link is the fallback. */
export default function Unauthorized() {
  const navigate = useNavigate();
  useEffect(() => {
    navigate('/sign-out', { replace: true });
  }, [navigate]);

  return (
    <>
      <h1 lang="en">403 - You Shall Not Pass</h1>
      <p>
        <Link to="/sign-out" lang="en" className="btn btn-primary">
          Back to Login
        </Link>
      </p>
    </>
  );
}
