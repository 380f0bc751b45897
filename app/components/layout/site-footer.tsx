import type { SiteSettings } from '#domain/sitio/settings.ts';
import { Fragmento, claveDe } from '#app/lib/fragmento.tsx';
import { telHref } from '#app/lib/telefono.ts';
import { MapPinIcon, PhoneIcon } from '#app/components/icons.tsx';
import { SocialLinks } from './contact-links.tsx';

function Datos({ direccion, telefono }: { direccion: string; telefono: string }) {
  return (
    <address className="pie__datos">
      <p>
        <MapPinIcon />
        <span>
          <span className="visually-hidden">Dirección: </span>
          {direccion}
        </span>
      </p>
      <p>
        <PhoneIcon />
        <span>
          <span className="visually-hidden">Teléfono: </span>
          <a href={telHref(telefono)}>{telefono}</a>
        </span>
      </p>
    </address>
  );
}

/** The footer's HTML depends on the settings only: that is its key (app/lib/fragmento.tsx). */
export function SiteFooter({ settings }: { settings: SiteSettings }) {
  return (
    <Fragmento como="footer" className="pie" clave={`pie ${claveDe(settings)}`}>
      <ContenidoPie settings={settings} />
    </Fragmento>
  );
}

function ContenidoPie({ settings }: { settings: SiteSettings }) {
  return (
    <>
      <div className="contenedor pie__grilla">
        <div>
          <h2 className="pie__titulo">Municipalidad de Villa La Angostura</h2>
          <Datos {...settings.municipio} />
        </div>
        <div>
          <h2 className="pie__titulo">Oficina de Turismo</h2>
          <Datos {...settings.oficinaTurismo} />
        </div>
        <div>
          <h2 className="pie__titulo">Redes sociales</h2>
          <SocialLinks settings={settings} />
        </div>
      </div>
      <div className="pie__legal">
        <div className="contenedor pie__legal-fila">
          <p>2025 Todos los derechos reservados</p>
          {/* About the site itself: its accessibility statement and its open data. */}
          <nav aria-label="Sobre este sitio">
            <ul className="pie__enlaces">
              <li>
                <a href="/accesibilidad">Accesibilidad</a>
              </li>
              <li>
                <a href="/datos">Datos abiertos</a>
              </li>
            </ul>
          </nav>
        </div>
      </div>
    </>
  );
}
