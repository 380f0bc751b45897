import { redirect } from 'react-router';

// The original sent signed-in users to /reservas (docs/sitio-original.md §2): it is the back-office now.
export function loader() {
  return redirect('/admin');
}
