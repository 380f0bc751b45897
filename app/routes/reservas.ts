import { redirect } from 'react-router';

// The original sent signed-in users to /reservas; until the back-office exists it leads home.
export function loader() {
  return redirect('/home');
}
