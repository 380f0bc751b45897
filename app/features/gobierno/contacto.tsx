import { MailIcon, PhoneIcon } from '#app/components/icons.tsx';
import { telHref } from '#app/lib/telefono.ts';

/** E-mail and phone as mailto: and tel: links, each with its visible label. */
export function Contacto({ email, telefono, quien }: { email?: string; telefono?: string; quien: string }) {
  return (
    <ul className="contacto-lista">
      {email ? (
        <li>
          <MailIcon />
          <a href={`mailto:${email}`}>
            <span className="visually-hidden">Correo de {quien}: </span>
            {email}
          </a>
        </li>
      ) : null}
      {telefono ? (
        <li>
          <PhoneIcon />
          <a href={telHref(telefono)}>
            <span className="visually-hidden">Teléfono de {quien}: </span>
            {telefono}
          </a>
        </li>
      ) : null}
    </ul>
  );
}
