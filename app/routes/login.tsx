import { useEffect, useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { pageMeta } from '#app/lib/meta.ts';
import { hasToken, restoreSession } from '#app/lib/session.ts';
import type { Route } from './+types/login';

export const meta: Route.MetaFunction = () => pageMeta('Ingresar', 'Ingreso del personal de la Municipalidad de Villa La Angostura.');

/** The spec's placeholder buttons; the sign-in form itself is not part of the original. */
function PlaceholderButtons() {
  return (
    <div className="servicio__acciones">
      <Link to="/home" className="btn btn-primary" lang="en">
        Button as link
      </Link>
      <Link to="/home" className="btn btn-outline-primary" lang="en">
        Button as link
      </Link>
    </div>
  );
}

/**
 * While the browser's session is restored the screen says 'Preparing app...'; a session with a
 * token goes on to /reservas. Without JavaScript nothing restores it: the buttons show at once
 * (noscript) and the status message is hidden (CSS scripting media feature).
 */
export default function Login() {
  const navigate = useNavigate();
  const [restored, setRestored] = useState(false);

  useEffect(() => {
    let current = true;
    void restoreSession().then((session) => {
      if (!current) return;
      if (hasToken(session)) navigate('/reservas', { replace: true });
      else setRestored(true);
    });
    return () => {
      current = false;
    };
  }, [navigate]);

  return (
    <>
      <h1 className="visually-hidden">Ingreso del personal municipal</h1>
      {restored ? (
        <PlaceholderButtons />
      ) : (
        <>
          <div role="status" className="servicio__estado solo-con-script">
            <div className="indicador" aria-hidden="true" />
            <p lang="en">Preparing app...</p>
          </div>
          <noscript>
            <PlaceholderButtons />
          </noscript>
        </>
      )}
    </>
  );
}
