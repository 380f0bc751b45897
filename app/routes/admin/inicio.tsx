import { appContext } from '#app/context.ts';
import { cambiosRecientes } from '#app/features/admin/recientes.server.ts';
import { tarjetasDelPanel } from '#app/features/admin/tarjetas.server.ts';
import { privateDataHeaders } from '#app/lib/headers.ts';
import { SITE_NAME } from '#app/lib/meta.ts';
import { sesionPanel } from '#app/lib/sesion.server.ts';
import type { Route } from './+types/inicio';

/**
 * The dashboard: a greeting, the cards of what waits for the person's role
 * (app/features/admin/tarjetas.server.ts) and what changed lately in their sections, in the audit
 * log's sentences (app/features/admin/recientes.server.ts).
 */
export async function loader(args: Route.LoaderArgs) {
  const sesion = sesionPanel(args.context);
  const ctx = args.context.get(appContext);
  const [tarjetas, recientes] = await Promise.all([
    tarjetasDelPanel(ctx, sesion.actor),
    cambiosRecientes(ctx, sesion.actor).catch((err: unknown) => {
      ctx.log.error({ err }, 'cambios recientes del panel no disponibles');
      return null;
    }),
  ]);
  return { nombre: sesion.nombre, tarjetas, recientes, rol: sesion.actor.rol };
}

/** What the person's role does, for the line shown when nothing waits for it. */
const TAREAS: Record<string, string> = {
  administrador: 'solicitudes, correos, usuarios y contenido',
  editor: 'el contenido del sitio (ordenanzas, boletines, Gobierno, finanzas y el Observatorio)',
  'mesa-de-entradas': 'solicitudes de decretos y correos',
};

export const headers = privateDataHeaders;

export default function Inicio({ loaderData }: Route.ComponentProps) {
  const { nombre, tarjetas, recientes, rol } = loaderData;
  return (
    <>
      <title>{`Panel de gestión | ${SITE_NAME}`}</title>
      <h1>{`Hola, ${nombre}`}</h1>
      <h2>Lo que espera por vos</h2>
      {tarjetas.length > 0 ? (
        <ul className="admin__tarjetas" aria-label="Resumen">
          {tarjetas.map((t) => (
            <li key={t.id} className={`admin__tarjeta${t.tono === 'alerta' ? ' admin__tarjeta--alerta' : ''}`}>
              <h3 className="admin__tarjeta-titulo">{t.titulo}</h3>
              <p className="admin__tarjeta-valor">{t.valor}</p>
              <p>{t.descripcion}</p>
              {t.enlace ? <a href={t.enlace.href}>{t.enlace.texto}</a> : null}
            </li>
          ))}
        </ul>
      ) : (
        <p>{`Hoy no hay nada esperando por vos en ${TAREAS[rol] ?? 'tus secciones'}.`}</p>
      )}
      <h2 id="recientes-titulo">Lo último que cambió</h2>
      {recientes === null ? (
        <p>No pudimos cargar los últimos cambios: probá de nuevo en unos minutos.</p>
      ) : recientes.length > 0 ? (
        <ol className="admin__recientes" aria-labelledby="recientes-titulo">
          {recientes.map((c) => (
            <li key={c.id}>{`${c.frase}.`}</li>
          ))}
        </ol>
      ) : (
        <p>Todavía nadie cambió nada en tus secciones.</p>
      )}
    </>
  );
}
