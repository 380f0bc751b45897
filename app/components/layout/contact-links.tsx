import type { SiteSettings } from '#domain/sitio/settings.ts';
import { telHref } from '#app/lib/telefono.ts';
import { NEW_TAB_NOTICE } from '#app/components/external-link.tsx';
import { InstagramIcon, MailIcon, PhoneIcon, TripAdvisorIcon, XIcon, YouTubeIcon } from '#app/components/icons.tsx';

type Props = { settings: SiteSettings; className?: string };

const redes = [
  { key: 'instagram', name: 'Instagram', Icon: InstagramIcon },
  { key: 'x', name: 'X', Icon: XIcon },
  { key: 'youtube', name: 'YouTube', Icon: YouTubeIcon },
  { key: 'tripadvisor', name: 'TripAdvisor', Icon: TripAdvisorIcon },
] as const;

const listClass = (base: string, extra?: string) => (extra ? `${base} ${extra}` : base);

function SocialItems({ settings }: { settings: SiteSettings }) {
  return redes.map(({ key, name, Icon }) => (
    <li key={key}>
      <a className="contacto__enlace" href={settings.redes[key]} target="_blank" rel="noopener noreferrer">
        <Icon />
        <span className="visually-hidden">
          {name} {NEW_TAB_NOTICE}
        </span>
      </a>
    </li>
  ));
}

/**
 * Write and call: the icons alone (`withText` false) or followed by the address and number.
 * Either way the link's name starts with what it does ('Escribir a …', 'Llamar al …').
 */
function ContactItems({ settings, withText }: { settings: SiteSettings; withText: boolean }) {
  const { emailContacto, municipio } = settings;
  const itemClass = withText ? 'contacto__enlace contacto__enlace--texto' : 'contacto__enlace';
  return (
    <>
      <li>
        <a className={itemClass} href={`mailto:${emailContacto}`}>
          <MailIcon />
          <span className={withText ? undefined : 'visually-hidden'}>
            <span className="visually-hidden">Escribir a </span>
            {emailContacto}
          </span>
        </a>
      </li>
      <li>
        <a className={itemClass} href={telHref(municipio.telefono)}>
          <PhoneIcon />
          <span className={withText ? undefined : 'visually-hidden'}>
            <span className="visually-hidden">Llamar al </span>
            {municipio.telefono}
          </span>
        </a>
      </li>
    </>
  );
}

/** The municipality's social networks as icon links. */
export function SocialLinks({ settings, className }: Props) {
  return (
    <ul className={listClass('contacto', className)}>
      <SocialItems settings={settings} />
    </ul>
  );
}

/** E-mail and phone with their text (the header's top strip on computers). */
export function ContactDetails({ settings, className }: Props) {
  return (
    <ul className={listClass('contacto', className)}>
      <ContactItems settings={settings} withText />
    </ul>
  );
}

/** All the bar's icons in one row: write, call, and the social networks (the phone menu panel). */
export function ContactLinks({ settings, className }: Props) {
  return (
    <ul className={listClass('contacto', className)}>
      <ContactItems settings={settings} withText={false} />
      <li className="contacto__separador" aria-hidden="true" />
      <SocialItems settings={settings} />
    </ul>
  );
}
