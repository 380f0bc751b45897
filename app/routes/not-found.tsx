import { Link, data } from 'react-router';
import { pageMeta } from '#app/lib/meta.ts';
import type { Route } from './+types/not-found';
import { withoutJavaScript } from '#app/lib/javascript.ts';

export function loader() {
  // A real 404 status, not a redirect: search engines drop the address, links checkers see it.
  return data(null, { status: 404 });
}

/** Static content: the page loads no JavaScript (docs/architecture.md, "JavaScript sólo donde hace falta"). */
export const handle = withoutJavaScript;

export const meta: Route.MetaFunction = () => pageMeta('Página no encontrada', 'La página que buscás no existe o cambió de dirección.');

export default function NotFound() {
  return (
    <>
      <h1 lang="en">404 - Ooops, Something Went Wrong</h1>
      <p>
        <Link to="/" lang="en" className="btn btn-primary">
          Back to Home
        </Link>
      </p>
    </>
  );
}
