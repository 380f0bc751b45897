import { appContext } from '#app/context.ts';
import { tarjetasDelPanel } from '#app/features/admin/tarjetas.server.ts';
import { privateDataHeaders } from '#app/lib/headers.ts';
import { SITE_NAME } from '#app/lib/meta.ts';
import { sesionPanel } from '#app/lib/sesion.server.ts';
import type { Route } from './+types/inicio';

/** The dashboard: a greeting and the cards of what needs attention (app/features/admin/tarjetas.server.ts). */
export async function loader(args: Route.LoaderArgs) {
  const sesion = sesionPanel(args.context);
  const tarjetas = await tarjetasDelPanel(args.context.get(appContext), sesion.actor);
  return { nombre: sesion.nombre, tarjetas };
}

export const headers = privateDataHeaders;

export default function Inicio({ loaderData }: Route.ComponentProps) {
  const { nombre, tarjetas } = loaderData;
  return (
    <>
      <title>{`Panel de gestión | ${SITE_NAME}`}</title>
      <h1>{`Hola, ${nombre}`}</h1>
      <p className="admin__bajada">Esto es lo que necesita atención hoy.</p>
      {tarjetas.length > 0 ? (
        <ul className="admin__tarjetas" aria-label="Resumen">
          {tarjetas.map((t) => (
            <li key={t.id} className={`admin__tarjeta${t.tono === 'alerta' ? ' admin__tarjeta--alerta' : ''}`}>
              <h2 className="admin__tarjeta-titulo">{t.titulo}</h2>
              <p className="admin__tarjeta-valor">{t.valor}</p>
              <p>{t.descripcion}</p>
              {t.enlace ? <a href={t.enlace.href}>{t.enlace.texto}</a> : null}
            </li>
          ))}
        </ul>
      ) : (
        <p>No hay nada pendiente para tu rol.</p>
      )}
    </>
  );
}
