import { Outlet } from 'react-router';
import { ServiceCard } from '#app/components/service-card.tsx';

/** Sign-in, sign-out, 403 and 404: outside the site's layout, in a centred card. */
export default function ServiceLayout() {
  return (
    <ServiceCard>
      <Outlet />
    </ServiceCard>
  );
}
