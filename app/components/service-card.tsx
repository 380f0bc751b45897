import type { ReactNode } from 'react';

/**
 * The centred card of the service screens (sign-in, sign-out, 403, 404, unexpected errors). The
 * logo is a plain link: after an unexpected error a full page load is the safest way back.
 */
export function ServiceCard({ children }: { children: ReactNode }) {
  return (
    <div className="servicio">
      <main id="contenido" className="servicio__tarjeta">
        <a href="/home" className="servicio__logo">
          <img src="/logo-municipalidad.svg" alt="Municipalidad de Villa La Angostura" width={276} height={60} />
        </a>
        {children}
      </main>
    </div>
  );
}
