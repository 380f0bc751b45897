import { useEffect } from 'react';
import { useNavigate } from 'react-router';
import { SIGN_OUT_DELAY_MS, clearSession } from '#app/lib/session.ts';
import { pageMeta } from '#app/lib/meta.ts';
import type { Route } from './+types/sign-out';

export const meta: Route.MetaFunction = () => pageMeta('Cerrando sesión', 'Cierre de la sesión del personal de la Municipalidad de Villa La Angostura.');

/** 'Signing out...' for 1.5 s, then the session is cleared and the login screen shown (docs/sitio-original.md). */
export default function SignOut() {
  const navigate = useNavigate();
  useEffect(() => {
    const timer = setTimeout(() => {
      clearSession();
      navigate('/login', { replace: true });
    }, SIGN_OUT_DELAY_MS);
    return () => clearTimeout(timer);
  }, [navigate]);

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
