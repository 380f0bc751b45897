import { Link, data } from 'react-router';
import type { Route } from './+types/not-found';

export function loader() {
  // A real 404 status, not a redirect: search engines drop the address, links checkers see it.
  return data(null, { status: 404 });
}

export const meta: Route.MetaFunction = () => [
  { title: 'Página no encontrada | Municipalidad de Villa La Angostura' },
  { name: 'description', content: 'La página que buscás no existe o cambió de dirección.' },
];

export default function NotFound() {
  return (
    <>
      <h1>404 - Ooops, Something Went Wrong</h1>
      <Link to="/">Back to Home</Link>
    </>
  );
}
