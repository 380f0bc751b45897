import { Outlet } from 'react-router';

export default function ServiceLayout() {
  return (
    <main id="contenido" className="service-card">
      <Outlet />
    </main>
  );
}
